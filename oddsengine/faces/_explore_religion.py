"""The explorer's engagements of the religious struggle: a Reformation or Counter-Reformation
attempt (from dice counts, or on a shipped religious board with the dice counted from it),
and a theological debate (RULES.md §16-§18, §20); and the controls of these
engagements. (A run of attempts on a board, RULES.md §19, is offered from its
declaration: :class:`~oddsengine.religion.attempt_runs.AttemptRun`.)

Each kind's :class:`~oddsengine.kinds.ExplorerEntry` names its controls' maker here
(``widgets``: one for all of them), the choices one control offers given the others
(``offer``: the debaters in play in a zone at a turn, the explorers of a power, the
sources of the side attempting), its spec builder (``build``), its command-line words
(``words``). What the calculator shows is what the command line answers: the same spec,
through the same exact engine.
"""

from __future__ import annotations

from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown
from oddsengine.faces._explore_campaigns import examples
from oddsengine.faces._explore_questions import control_text

__all__ = [
    "checked_values",
    "offered_pairs",
    "counter_reformation",
    "debate",
    "debate_offer",
    "debate_words",
    "reformation",
    "reformation_offer",
    "reformation_words",
    "widgets",
]

#: The zones of the debates and the treatises (RULES.md §16).
_ZONES = ("german", "french", "english")
#: The debate cards (RULES.md §20) as ``debate --card`` takes them.
_DEBATE_CARDS = ("leipzig-debate", "papal-inquisition", "thomas-more", "here-i-stand")
#: The attempts from dice counts that only the board form reads, and back.
_DICE_CONTROLS = ("protestant_dice", "papal_dice", "ties", "modifier", "printing_press",
                  "ninety_five_theses", "augsburg")  # fmt: skip
_BOARD_CONTROLS = ("space", "source")


def widgets(module) -> dict:
    """The controls of the Part III engagements, by the key their builders read."""
    narrow = {"description_width": "68px"}

    def box(kind, **options):
        layout = module.Layout(width=options.pop("width", "178px"), margin="1px 2px")
        return kind(style=options.pop("style", narrow), layout=layout, **options)

    def count(description, value=1, low=0, high=99):
        return box(module.BoundedIntText, value=value, min=low, max=high, description=description)

    def flag(description):
        return module.Checkbox(
            description=description,
            indent=False,
            layout=module.Layout(width="auto", margin="1px 8px"),
        )

    def choice(description, options, **extra):
        return box(module.Dropdown, options=options, description=description, **extra)

    def names(description):
        return box(
            module.SelectMultiple,
            options=[],
            rows=2,
            description=description,
            width="250px",
            style={"description_width": "80px"},
        )

    boards = examples("religion")
    return {
        "board": choice("board", [("(dice counts)", ""), *((b, b) for b in boards)], width="220px"),
        "space": box(module.Text, value="Magdeburg", description="space", continuous_update=False),
        "source": choice("source", [("95-theses", "95-theses")], width="300px"),
        "protestant_dice": count("Prot. dice"),
        "papal_dice": count("Papal dice"),
        "ties": choice("ties", ["protestant", "papacy"]),
        "modifier": flag("+1 on Protestant dice"),
        "printing_press": flag("Printing Press"),
        "ninety_five_theses": flag("95 Theses"),
        "augsburg": flag("Augsburg"),
        "bonus_debater": box(
            module.Text, description="debater", placeholder="(none)", continuous_update=False
        ),
        "zone": choice("zone", list(_ZONES), width="150px"),
        "initiator": choice("initiator", ["papacy", "protestant"]),
        "turn": box(
            module.BoundedIntText, value=1, min=1, max=9, description="turn", width="120px"
        ),
        "debate_attacker": choice("attacker", [("random", "random")]),
        "debate_defender": choice("defender", [("best", "best")]),
        "committed": names("committed"),
        "debate_card": choice(
            "card", [("(none)", ""), *((c, c) for c in _DEBATE_CARDS)], width="220px"
        ),
        "mary_i": flag("Mary I"),
    }


#: The kind of value each control of these engagements takes (the widgets give them; values
#: set from code are checked before any is read, the key named).
_COUNTS = ("protestant_dice", "papal_dice", "turn")
_FLAGS = ("modifier", "printing_press", "ninety_five_theses", "augsburg", "mary_i")
_NAMES = ("committed",)


def checked_values(values) -> dict:
    """``values``, its counts, flags and lists of names refused in words when of the wrong
    kind."""
    for key in _COUNTS:
        value = values.get(key, 1)
        if isinstance(value, bool) or not isinstance(value, int):
            raise OddsEngineTypeError(f"{key} must be a whole number, not {shown(value)}")
    for key in _FLAGS:
        if not isinstance(values.get(key, False), bool):
            raise OddsEngineTypeError(f"{key} must be True or False, not {shown(values[key])}")
    for key in _NAMES:
        value = values.get(key, ())
        if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
            raise OddsEngineTypeError(f"{key} must be a list of names, not {shown(value)}")
    return values


def _text(values, key: str) -> str:
    return control_text(values, key).strip()


def offered_pairs(names) -> list[tuple[str, str]]:
    """Options of a list of choices, each shown by its own name."""
    return [(name, name) for name in names]


# -- Reformation and Counter-Reformation attempts (RULES.md §17, §18) -------------------------


def _board_of(values):
    """The religious board chosen (a shipped one; the first when none is)."""
    from oddsengine.religion.religion_scenario import load_religious_board

    return load_religious_board(values.get("board") or examples("religion")[0])


def _sources(values, side: str | None) -> list[str]:
    """The sources of attempts of ``side`` (``"protestant"``, ``"papacy"`` or None: both)
    that the chosen board allows (its turn, reformers and debaters), as ``--source`` takes
    them, the board's default first (:func:`~oddsengine.religion.board_checks.
    legal_sources`): the explorer offers no question the command line would refuse."""
    from oddsengine.religion.board_checks import legal_sources

    return legal_sources(_board_of(values), side)


def _side(kind: str) -> str:
    return "protestant" if kind == "reformation" else "papacy"


def reformation_offer(values) -> dict:
    """The shipped religious boards, the sources of the side attempting, and the controls
    the form chosen does not use (a board's dice are counted from it)."""
    kind = values.get("engagement", "reformation")
    unused = _DICE_CONTROLS if values.get("board") else _BOARD_CONTROLS
    if kind == "reformation":
        unused = (*unused, "augsburg")
    else:
        unused = (*unused, "modifier", "printing_press", "ninety_five_theses")
    return {
        "board": [("(dice counts)", ""), *offered_pairs(examples("religion"))],
        "source": offered_pairs(_sources(values, _side(kind))),
        "(hidden)": unused,
    }


def _attempt(values, kind: str):
    debater = _text(values, "bonus_debater")
    board = values.get("board") or ""
    if board:
        from oddsengine.religion.attempt_sources import attempt_source
        from oddsengine.religion.board_attempt import board_attempt_spec
        from oddsengine.religion.board_checks import default_source
        from oddsengine.religion.religion_scenario import load_religious_board

        space = _text(values, "space")
        if not space:
            raise OddsEngineError("name the target of the attempt on the board: space")
        religious_board = load_religious_board(board)
        named = values.get("source") or ""
        source = attempt_source(named or default_source(religious_board, _side(kind)))
        if source.side != _side(kind):
            other = "reformation" if source.side == "protestant" else "counter-reformation"
            raise OddsEngineError(f"{source.name} makes {other} attempts: pick {other}")
        return board_attempt_spec(
            religious_board, space, source, debater=debater or None, default_source=not named
        )
    dice = {key: int(values.get(key, 1)) for key in ("protestant_dice", "papal_dice")}
    ties = values.get("ties") or "protestant"
    if kind == "reformation":
        from oddsengine.religion.attempts import ReformationAttempt

        return ReformationAttempt(
            **dice,
            ties=ties,
            modifier=int(bool(values.get("modifier"))),
            printing_press=bool(values.get("printing_press")),
            ninety_five_theses=bool(values.get("ninety_five_theses")),
            debater=debater,
        )
    from oddsengine.religion.attempts import CounterReformationAttempt

    return CounterReformationAttempt(
        **dice, ties=ties, augsburg=bool(values.get("augsburg")), debater=debater
    )


def reformation(values, forces, cards, post_roll):
    """A :class:`~oddsengine.religion.attempts.ReformationAttempt` (RULES.md §17): from the
    dice counts, or on the chosen board's ``space`` by ``source`` with its dice counted."""
    checked_values(values)
    return _attempt(values, "reformation")


def counter_reformation(values, forces, cards, post_roll):
    """A :class:`~oddsengine.religion.attempts.CounterReformationAttempt` (RULES.md §18)."""
    checked_values(values)
    return _attempt(values, "counter-reformation")


def reformation_words(values) -> list[str]:
    """``SCENARIO --space S --source SOURCE`` on a board, else the dice counts, the tie
    side, the modifier and the bonus dice; ``--debater`` either way."""
    kind = values.get("engagement", "reformation")
    board = values.get("board") or ""
    if board:
        words = [
            board,
            "--space",
            _text(values, "space"),
        ]
        if values.get("source"):
            words += ["--source", values["source"]]
    else:
        words = [
            "--protestant-dice",
            str(int(values.get("protestant_dice", 1))),
            "--papal-dice",
            str(int(values.get("papal_dice", 1))),
            "--ties",
            values.get("ties") or "protestant",
        ]
        if kind == "reformation":
            words += ["--modifier", "1"] if values.get("modifier") else []
            words += ["--printing-press"] if values.get("printing_press") else []
            words += ["--ninety-five-theses"] if values.get("ninety_five_theses") else []
        elif values.get("augsburg"):
            words.append("--augsburg")
    debater = _text(values, "bonus_debater")
    return [*words, "--debater", debater] if debater else words


# -- a theological debate (RULES.md §20) ----------------------------------------------------


def _in_play(values) -> tuple[list[str], list[str]]:
    """The debaters in play in the zone at the turn (20 step 2): the initiator's (the Papal
    debaters debate in every zone) and the other side's, the committed left out of the
    initiator's (an attacker is uncommitted)."""
    from oddsengine.religion.records import religion_facts

    zone, turn = values.get("zone") or "german", int(values.get("turn", 1))
    committed = set(values.get("committed", ()))
    pools = {"papal": [], "protestant": []}
    for debater in religion_facts().debaters.values():
        if debater.in_play(turn) and debater.zone in (zone, "any"):
            pools[debater.side].append(debater.name)
    mine, theirs = ("papal", "protestant")
    if values.get("initiator") == "protestant":
        mine, theirs = theirs, mine
    return [name for name in pools[mine] if name not in committed], pools[theirs], pools


def debate_offer(values) -> dict:
    """The attackers and defenders in play for the zone and turn (a defender's pool only if
    it holds a debater), the debaters that may be committed, the cards that may be played
    there, and Mary I and Augsburg only where they act (23.11)."""
    attackers, defenders, pools = _in_play(values)
    committed = set(values.get("committed", ()))
    papal = values.get("initiator") == "papacy"
    pools_of_defender = [
        pool
        for pool, holds in (("committed", True), ("uncommitted", False))
        if any((name in committed) == holds for name in defenders)
    ]
    hidden = []
    if not papal:
        hidden.append("augsburg")
    if not papal or values.get("zone") != "english":
        hidden.append("mary_i")
    return {
        "debate_attacker": offered_pairs(["random", *attackers]),
        "debate_defender": offered_pairs(["best", *pools_of_defender, *defenders]),
        "committed": offered_pairs([*pools["papal"], *pools["protestant"]]),
        "debate_card": [("(none)", ""), *offered_pairs(_cards(values, pools, papal))],
        "(hidden)": tuple(hidden),
    }


def _cards(values, pools, papal: bool) -> list[str]:
    """The debate cards that may be played in this debate (RULES.md §20): the Papal events
    call it (the Papacy initiates), Papal Inquisition commits an uncommitted Caraffa, and
    Here I Stand puts Luther, in play, in a German debate (20 step 3)."""
    committed = set(values.get("committed", ()))
    cards = []
    for card in _DEBATE_CARDS:
        if card == "here-i-stand":
            if values.get("zone") == "german" and "Luther" in pools["protestant"]:
                cards.append(card)
        elif papal and (
            card != "papal-inquisition"
            or ("Caraffa" in pools["papal"] and "Caraffa" not in committed)
        ):
            cards.append(card)
    return cards


def _acts(values, key: str) -> bool:
    """Whether Augsburg (a Papal initiator) or Mary I (an English debate the Papacy calls)
    is set where it acts (23.11); elsewhere the control is hidden and not read."""
    if values.get("initiator") != "papacy" or not values.get(key):
        return False
    return key == "augsburg" or values.get("zone") == "english"


def debate(values, forces, cards, post_roll):
    """A :class:`~oddsengine.religion.debate.Debate` of the zone, initiator and turn, the
    attacker by name or random and the defender by name or pool."""
    checked_values(values)
    from oddsengine.religion.debate import Debate

    card = values.get("debate_card") or ""
    return Debate(
        values.get("zone") or "german",
        values.get("initiator") or "papacy",
        turn=int(values.get("turn", 1)),
        attacker=values.get("debate_attacker") or "random",
        defender=values.get("debate_defender") or "best",
        committed=tuple(values.get("committed", ())),
        cards=(card,) if card else (),
        augsburg=_acts(values, "augsburg"),
        england_ruler="mary-i" if _acts(values, "mary_i") else "henry-viii",
    )


def debate_words(values) -> list[str]:
    """``--zone --initiator --turn --attacker --defender``, and ``--committed``, ``--card``,
    ``--augsburg``, ``--england-ruler mary-i`` when given."""
    words = [
        "--zone",
        values.get("zone") or "german",
        "--initiator",
        values.get("initiator") or "papacy",
        "--turn",
        str(int(values.get("turn", 1))),
        "--attacker",
        values.get("debate_attacker") or "random",
        "--defender",
        values.get("debate_defender") or "best",
    ]
    if values.get("committed"):
        words += ["--committed", ",".join(values["committed"])]
    if values.get("debate_card"):
        words += ["--card", values["debate_card"]]
    words += ["--augsburg"] if _acts(values, "augsburg") else []
    return [*words, "--england-ruler", "mary-i"] if _acts(values, "mary_i") else words

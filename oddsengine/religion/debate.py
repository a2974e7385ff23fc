"""A theological debate (RULES.md §20, readings §23.10–14): the spec both engines read.

:class:`Debate` names the zone, the initiator, the turn, the attacker and the defender (by
name, or drawn at random from the pools the rules give), who is committed, the debaters in
play, the cards and the policies; building it checks everything against the debater
records (:func:`~oddsengine.religion.records.religion_facts`). Its randomness is a tree
(:mod:`oddsengine.religion.debate_tree`): the draw of round 1's debaters, their hits, and
on a tie the draw of round 2's and their hits; its cells are ``(node, hit difference,
Campeggio's die)`` and :meth:`Debate.outcome_columns` turns them into outcomes.

Examples
--------
>>> debate = Debate("german", "papacy", turn=1, attacker="Eck", defender="Carlstadt",
...                 committed="Carlstadt")
>>> debate.tree.round_one[0].initiator_dice, debate.tree.round_one[0].other_dice
(7, 2)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from oddsengine.errors import OddsEngineError, shown, unknown_name
from oddsengine.religion.records import DEBATE_ZONES, LAST_TURN, religion_facts

__all__ = [
    "Debate",
    "DebateError",
    "DEBATE_CARDS",
    "CALLING_CARDS",
    "INITIATORS",
    "DEFENDER_CHOICES",
    "OBJECTIVES",
    "PROTESTANT_POLICIES",
    "ENGLAND_RULERS",
    "DEBATE_BONUSES",
]

#: 20 step 1: who calls the debate.
INITIATORS = ("papacy", "protestant")
#: 20 step 3: the initiator's choice of the defender's pool; ``best`` takes the one that
#: maximises the initiator's objective (:data:`OBJECTIVES`).
DEFENDER_CHOICES = ("best", "committed", "uncommitted")
#: The cards of a debate (20 steps 3–4, 23.11).
DEBATE_CARDS = ("leipzig-debate", "papal-inquisition", "thomas-more", "here-i-stand")
#: The Papal events that call the debate (one of them at most).
CALLING_CARDS = ("leipzig-debate", "papal-inquisition", "thomas-more")
#: What a "best" choice maximises: ``net``, the side's expected spaces flipped its way less
#: those flipped against it, plus the VP it gains less the VP it concedes (a burnt or
#: disgraced debater's value); ``wins``, the side's chance of winning the debate.
OBJECTIVES = ("net", "wins")
#: How the Protestant plays Here I Stand and Bullinger: ``best`` (the choice that maximises
#: its objective, seeing the drawn debater, keeping Here I Stand for round 2 when that is
#: worth more), ``first-chance`` (at the first draw where it changes the debater), or
#: ``never``.
PROTESTANT_POLICIES = ("best", "first-chance", "never")
#: England's rulers (20 step 4: Mary I doubles a Papal debater's value in the English zone).
ENGLAND_RULERS = ("henry-viii", "edward-vi", "mary-i", "elizabeth-i")
#: The debaters whose debate bonus the engine applies (23.12), by the name ``--bonuses``
#: takes.
DEBATE_BONUSES = ("eck", "gardiner", "aleander", "campeggio", "bullinger")


class DebateError(OddsEngineError):
    """A debate the rules do not allow, or a name that is not a debater in play."""


def _names(value, argument: str) -> tuple[str, ...]:
    """A comma-separated string or a sequence of names, as a tuple of stripped names."""
    if value is None:
        return ()
    if isinstance(value, str):
        parts = value.split(",")
    else:
        try:
            parts = list(value)
        except TypeError:
            raise DebateError(f"{argument} must be names, not {shown(value)}") from None
    names = []
    for part in parts:
        if not isinstance(part, str) or not part.strip():
            raise DebateError(f"{argument}: {shown(part)} is not a debater's name")
        names.append(part.strip())
    return tuple(names)


def _once(names: tuple[str, ...], argument: str) -> tuple[str, ...]:
    """``names``, each debater once: one named twice is refused (a debater is committed,
    or in play, once)."""
    for index, name in enumerate(names):
        if name in names[:index]:
            raise DebateError(f"{argument}: {name} is named twice")
    return names


def _debater_name(name: str, argument: str) -> str:
    """The record's spelling of a debater's name, or the refusal of an unknown one."""
    facts = religion_facts()
    try:
        return facts.debater(name).name
    except KeyError:
        raise unknown_name("debater", name, facts.debaters, where=argument) from None


def _choice(value, argument: str, valid) -> str:
    if not isinstance(value, str) or value not in valid:
        raise unknown_name(argument.lstrip("-").replace("-", " "), value, valid)
    return value


@dataclass(frozen=True)
class Debate:
    """A theological debate (RULES.md §20).

    Parameters
    ----------
    zone : {"german", "french", "english"}
        The debate's zone (20 step 1).
    initiator : {"papacy", "protestant"}
        Who calls it: its debater attacks (value + 3 dice).
    turn : int
        The turn (1–9): the debaters in play are those that have entered by it.
    attacker : str
        A debater of the initiator, uncommitted (the given draw, or the Papacy's pick
        with Leipzig Debate), or ``"random"`` (20 step 2: a random uncommitted debater,
        the Protestant's of the zone, the Papacy's of all its own).
    defender : str
        A debater of the other side (the given draw), or the initiator's choice of pool
        (20 step 3): ``"committed"``, ``"uncommitted"`` or ``"best"`` (the default: the
        pool that maximises the initiator's ``objective``).
    committed : str or sequence of str
        The debaters already committed.
    debaters : str or sequence of str, optional
        The debaters in play (both sides); by default every debater whose entry turn is at
        most ``turn`` (those entering with a play-dependent event, Cranmer's group, must
        be named here).
    cards : str or sequence of str
        Of :data:`DEBATE_CARDS`: one Papal event that calls the debate and/or Here I
        Stand.
    augsburg : bool
        Augsburg Confession played this turn: −1 die for a Papal initiator (23.11).
    england_ruler : str
        England's ruler; ``"mary-i"`` doubles the Papal debater's value for his dice in an
        English debate the Papacy calls (23.11).
    eligible : int, optional
        The spaces eligible for flipping on the board: a cap on the flips of either
        winner (23.14).
    eligible_protestant, eligible_catholic : int, optional
        A cap on a Protestant winner's flips (to Protestant) and on a Papal winner's (to
        Catholic), each on its own (23.14); every cap given applies.
    protestant_spaces, catholic_spaces : sequence of str, optional
        The spaces a Protestant (a Papal) winner flips, in the order he flips them (from
        the board: :meth:`on_board`); their number caps that side's flips, and the
        chance each ends flipped is reported (``protestant:SPACE``, ``catholic:SPACE``).
    flip_order : str, optional
        The policy that ordered the spaces
        (:data:`~oddsengine.religion.board_flips.FLIP_ORDERS`), for the record; given with
        the spaces only.
    bonuses : str or sequence of str
        ``"all"`` (the default: every debate bonus that applies), ``"none"``, or names of
        :data:`DEBATE_BONUSES`; naming one that cannot apply here is refused.
    objective : {"net", "wins"}
        What every "best" choice maximises, for the side that makes it (:data:`OBJECTIVES`).
    luther_policy, bullinger_policy : {"best", "first-chance", "never"}
        When the Protestant puts Luther in with Here I Stand and inserts Bullinger in round
        2 (:data:`PROTESTANT_POLICIES`).
    bar : str, optional
        With Leipzig Debate: the Protestant debater the Papacy bars from the debate. With
        neither ``bar`` nor a named attacker, the card is used as the objective says best.

    Examples
    --------
    >>> from oddsengine import exact
    >>> result = exact(Debate("german", "papacy", turn=1, attacker="Eck",
    ...                       defender="Carlstadt", committed="Carlstadt"))
    >>> round(result.p["burnt:Carlstadt"], 4)
    0.5375
    """

    zone: str
    initiator: str
    turn: int
    attacker: str = "random"
    defender: str = "best"
    committed: tuple = ()
    debaters: tuple | None = None
    cards: tuple = ()
    augsburg: bool = False
    england_ruler: str = "henry-viii"
    eligible: int | None = None
    bonuses: tuple | str = "all"
    objective: str = "net"
    luther_policy: str = "best"
    bullinger_policy: str = "best"
    bar: str | None = None
    eligible_protestant: int | None = None
    eligible_catholic: int | None = None
    protestant_spaces: tuple | None = None
    catholic_spaces: tuple | None = None
    flip_order: str | None = None

    kind = "debate"
    outcome_names = ("papal_wins", "protestant_wins", "inconclusive")
    unit_word = "spaces"
    exact_available = True

    def __post_init__(self):
        put = object.__setattr__
        facts = religion_facts()
        put(self, "zone", _choice(self.zone, "zone", DEBATE_ZONES))
        put(self, "initiator", _choice(self.initiator, "initiator", INITIATORS))
        turn = self.turn
        if isinstance(turn, bool) or not isinstance(turn, (int, np.integer)):
            raise DebateError(f"turn must be a whole number 1-{LAST_TURN}, not {shown(turn)}")
        if not 1 <= int(turn) <= LAST_TURN:
            raise DebateError(f"turn {shown(turn)} is outside 1-{LAST_TURN}")
        put(self, "turn", int(turn))
        put(self, "england_ruler", _choice(self.england_ruler, "england ruler", ENGLAND_RULERS))
        put(self, "objective", _choice(self.objective, "objective", OBJECTIVES))
        for name in ("luther_policy", "bullinger_policy"):
            put(
                self,
                name,
                _choice(getattr(self, name), name.replace("_", " "), PROTESTANT_POLICIES),
            )
        if not isinstance(self.augsburg, (bool, np.bool_)):
            raise DebateError(f"augsburg must be True or False, not {shown(self.augsburg)}")
        put(self, "augsburg", bool(self.augsburg))
        for name in ("eligible", "eligible_protestant", "eligible_catholic"):
            eligible = getattr(self, name)
            if eligible is None:
                continue
            if isinstance(eligible, bool) or not isinstance(eligible, (int, np.integer)):
                raise DebateError(f"{name} must be a whole number, not {shown(eligible)}")
            if not 0 <= int(eligible) <= len(facts.zones):
                raise DebateError(
                    f"{name} {shown(eligible)} is outside 0-{len(facts.zones)} spaces"
                )
            put(self, name, int(eligible))
        from oddsengine.religion.board_flips import check_flip_spaces

        check_flip_spaces(self, DebateError)
        in_play = self._in_play(facts)
        put(self, "debaters", in_play)
        committed = tuple(
            _debater_name(name, "committed") for name in _names(self.committed, "committed")
        )
        for name in committed:
            self._check_in_play(name, "committed")
        put(self, "committed", _once(committed, "committed"))
        put(self, "cards", self._cards())
        put(self, "bonuses", self._bonuses())
        for role in ("attacker", "defender"):
            value = getattr(self, role)
            if not isinstance(value, str) or not value.strip():
                raise DebateError(f"{role} must be a debater's name or a pool, not {shown(value)}")
        if self.attacker.strip().casefold() == "random":
            put(self, "attacker", "random")
        else:
            put(self, "attacker", _debater_name(self.attacker, "attacker"))
        if self.defender.strip().casefold() in DEFENDER_CHOICES:
            put(self, "defender", self.defender.strip().casefold())
        else:
            put(self, "defender", _debater_name(self.defender, "defender"))
        if self.bar is not None:
            if not isinstance(self.bar, str) or not self.bar.strip():
                raise DebateError(f"bar must be a debater's name, not {shown(self.bar)}")
            put(self, "bar", _debater_name(self.bar, "bar"))
        from oddsengine.religion.debate_rules import check_debate

        check_debate(self)
        self.tree  # noqa: B018 -- a debate whose pools are empty is refused now

    def _in_play(self, facts) -> tuple[str, ...]:
        if self.debaters is None:
            return tuple(d.name for d in facts.debaters.values() if d.in_play(self.turn))
        names = tuple(_debater_name(name, "debaters") for name in _names(self.debaters, "debaters"))
        for name in names:
            entry = facts.debater(name).entry_turn
            if entry is not None and entry > self.turn:
                raise DebateError(
                    f"debaters: {name} enters on turn {entry}, not in play on turn {self.turn}"
                )
        return _once(names, "debaters")

    def _check_in_play(self, name: str, argument: str) -> None:
        if name not in self.debaters:
            entry = religion_facts().debater(name).entry_turn
            when = (
                "enters with a play-dependent event (name him in debaters)"
                if entry is None
                else f"enters on turn {entry}"
            )
            why = (
                f"{when}"
                if entry is None or entry > self.turn
                else "is not among the debaters in play"
            )
            raise DebateError(f"{argument}: {name} is not in play on turn {self.turn}: he {why}")

    def _cards(self) -> tuple[str, ...]:
        cards = []
        for card in _names(self.cards, "cards"):
            slug = card.strip().casefold().replace(" ", "-").replace("_", "-")
            if slug not in DEBATE_CARDS:
                raise unknown_name("debate card", card, DEBATE_CARDS)
            if slug in cards:
                raise DebateError(f"cards: {slug} is given twice")
            cards.append(slug)
        calling = [card for card in cards if card in CALLING_CARDS]
        if len(calling) > 1:
            raise DebateError(
                f"cards: {calling[0]} and {calling[1]} each call the debate: give one of them"
            )
        return tuple(cards)

    def _bonuses(self):
        value = self.bonuses
        if isinstance(value, str) and value.strip().casefold() in ("all", "none"):
            return value.strip().casefold()
        named = []
        for name in _names(value, "bonuses"):
            slug = name.casefold()
            if slug not in DEBATE_BONUSES:
                raise unknown_name("debate bonus", name, DEBATE_BONUSES)
            named.append(slug)
        from oddsengine.religion.debate_rules import check_named_bonuses

        check_named_bonuses(self, named)
        return tuple(sorted(set(named), key=DEBATE_BONUSES.index))

    @classmethod
    def on_board(cls, board, zone, initiator, *, flip_order: str = "board", **options):
        """The debate on a religious board
        (:class:`~oddsengine.religion.religious_board.ReligiousBoard`): the turn, the committed
        debaters, England's ruler and Augsburg Confession come from the board, and each winner's
        flips land on the spaces the board lets him flip (20 step 7, 23.14), ordered by
        ``flip_order`` (:mod:`oddsengine.religion.board_flips`). ``options`` are the other fields;
        ``committed`` there adds debaters to the board's.

        Examples
        --------
        >>> from oddsengine import exact
        >>> from oddsengine.religion.religion_scenario import load_religious_board
        >>> debate = Debate.on_board(load_religious_board("religion_example"), "german",
        ...                          "papacy", attacker="Eck", defender="Carlstadt")
        >>> debate.catholic_spaces, debate.flip_caps
        (('Brandenburg', 'Wittenberg'), (2, 7))
        >>> round(exact(debate).p["catholic:Wittenberg"], 4)
        0.483
        """
        from dataclasses import replace

        from oddsengine.religion.board_flips import flip_sequence
        from oddsengine.religion.religious_board import ReligiousBoard

        if not isinstance(board, ReligiousBoard):
            raise DebateError(f"board must be a ReligiousBoard, not {shown(board)}")
        for name in ("turn", "england_ruler", "augsburg", "protestant_spaces", "catholic_spaces"):
            if name in options:
                raise DebateError(f"{name} comes from the board: drop it (or the board)")
        committed = tuple(
            _debater_name(name, "committed")
            for name in _names(options.pop("committed", None), "committed")
        )
        for name in committed:
            if name in board.committed:
                raise DebateError(
                    f"committed: {name} is committed already on the board: name him once"
                )
        committed = (*board.committed, *committed)
        augsburg = initiator == "papacy" and "augsburg-confession" in board.this_turn
        base = cls(
            zone,
            initiator,
            board.turn,
            committed=committed,
            england_ruler=board.england_ruler,
            augsburg=augsburg,
            **options,
        )
        debate, limits = base, {"protestant": 0, "catholic": 0}
        while True:
            # A side flips at most its dice (plus Aleander's one): no more to list. The
            # caps may change a "best" choice and so the dice: list again until they hold.
            arrays = debate.tree.arrays
            own, other = arrays["initiator_dice"], arrays["other_dice"]
            dice = dict(
                zip(
                    ("catholic", "protestant"),
                    (own, other) if base.initiator == "papacy" else (other, own),
                    strict=True,
                )
            )
            most = {to: int(np.max(dice[to] + arrays["aleander"])) for to in limits}
            if debate is not base and all(most[to] <= limits[to] for to in limits):
                return debate
            limits = {to: max(limits[to], most[to]) for to in limits}
            spaces = {
                to: flip_sequence(board, to, zone=base.zone, order=flip_order, limit=limits[to])
                for to in limits
            }
            debate = replace(
                base,
                protestant_spaces=spaces["protestant"],
                catholic_spaces=spaces["catholic"],
                flip_order=flip_order,
            )

    @property
    def flip_caps(self) -> tuple[int | None, int | None]:
        """The most spaces a Papal winner and a Protestant winner may flip: the least of
        the caps given (``eligible``, the side's own, the side's spaces), None for none
        (23.14)."""
        from oddsengine.religion.board_flips import side_cap

        return (
            side_cap(self.eligible, self.eligible_catholic, self.catholic_spaces),
            side_cap(self.eligible, self.eligible_protestant, self.protestant_spaces),
        )

    @property
    def active_bonuses(self) -> tuple[str, ...]:
        """The debate bonuses the engine applies where they act (23.12)."""
        if self.bonuses == "all":
            return DEBATE_BONUSES
        return () if self.bonuses == "none" else self.bonuses

    # -- the tree and its cells ----------------------------------------------------------

    @cached_property
    def tree(self):
        """The debate's tree of draws (:class:`~oddsengine.religion.debate_tree.DebateTree`),
        with every "best" choice made."""
        from oddsengine.religion.debate_tree import build_tree

        return build_tree(self)

    @property
    def event_names(self) -> tuple[str, ...]:
        """``second_round``, ``campeggio_ignores`` (when Campeggio may roll), ``burnt:NAME``
        and ``disgraced:NAME`` for every debater who may be, and ``flips:K`` for every
        number of spaces that may be flipped."""
        from oddsengine.religion.board_flips import space_event_names

        return self.tree.event_names + space_event_names(self, self.flip_caps[::-1])

    @property
    def reported_columns(self) -> dict:
        """The expected VP and spaces flipped of each side."""
        return {
            name: (name, 1)
            for name in ("papal_vp", "protestant_vp", "papal_flips", "protestant_flips")
        }

    def outcome_columns(self, values) -> dict:
        """The outcome and event columns of the cells ``(node, difference index,
        Campeggio's die)`` (see :meth:`DebateTree.cell_columns
        <oddsengine.religion.debate_tree.DebateTree.cell_columns>`)."""
        from oddsengine.religion.board_flips import add_space_columns

        columns = self.tree.cell_columns(values, self.flip_caps)
        return add_space_columns(self, columns, columns["protestant_flips"], columns["papal_flips"])

    # -- words ---------------------------------------------------------------------------

    def describe(self) -> dict:
        """The debate as plain data, with what each "best" choice chose."""
        return {
            "zone": self.zone,
            "initiator": self.initiator,
            "turn": self.turn,
            "attacker": self.attacker,
            "defender": self.defender,
            "committed": list(self.committed),
            "debaters": list(self.debaters),
            "cards": list(self.cards),
            "augsburg": self.augsburg,
            "england_ruler": self.england_ruler,
            "eligible": self.eligible,
            **(
                {}
                if self.flip_caps == (self.eligible, self.eligible)
                else {
                    "eligible_protestant": self.flip_caps[1],
                    "eligible_catholic": self.flip_caps[0],
                }
            ),
            **(
                {}
                if self.protestant_spaces is None and self.catholic_spaces is None
                else {
                    "protestant_spaces": list(self.protestant_spaces or ()),
                    "catholic_spaces": list(self.catholic_spaces or ()),
                    "flip_order": self.flip_order,
                }
            ),
            "bonuses": list(self.active_bonuses),
            "objective": self.objective,
            "luther_policy": self.luther_policy,
            "bullinger_policy": self.bullinger_policy,
            "bar": self.bar,
            "choices": dict(self.tree.choices),
        }

    def title(self) -> str:
        """One line naming the debate."""
        attacker = "a random debater" if self.attacker == "random" else self.attacker
        if self.defender in DEFENDER_CHOICES:
            pool = self.tree.pool
            best = " (best)" if self.defender == "best" else ""
            defender = f"{'an' if pool == 'uncommitted' else 'a'} {pool} debater{best}"
        else:
            defender = self.defender
        caller = "Papal" if self.initiator == "papacy" else "Protestant"
        return (
            f"{caller} debate in the {self.zone.title()} zone, turn {self.turn}: "
            f"{attacker} against {defender}"
        )

    def describe_lines(self) -> list[str]:
        """The lines printed above a result table."""
        lines = ["Rules: theological debate, RULES.md §20 (readings §23.10-14)"]
        if self.committed:
            lines.append(f"Committed: {', '.join(self.committed)}")
        if self.cards:
            lines.append(f"Cards: {', '.join(self.cards)}")
        if self.augsburg:
            lines.append("Augsburg Confession played this turn")
        if self.england_ruler != "henry-viii":
            lines.append(f"England's ruler: {self.england_ruler}")
        if self.eligible is not None:
            lines.append(f"Spaces eligible for flipping: {self.eligible}")
        from oddsengine.religion.board_flips import flip_lines

        lines.extend(flip_lines(self, self.flip_caps[::-1]))
        for choice, chosen in self.tree.choices.items():
            lines.append(f"Choice of {choice.replace('_', ' ')}: {chosen}")
        return lines

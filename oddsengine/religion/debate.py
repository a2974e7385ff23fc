"""Odds of a theological debate (RULES.md §20, readings §23.10–14): the initiator's
debater rolls value + 3 dice, the defender value + 1 (committed) or + 2 (uncommitted), hits
on 5-6; a tie goes to a second round; the winner flips the difference in spaces and burns or
disgraces a loser whose value it exceeds. This is the spec both engines read.

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

from oddsengine.declaration import BOARD_AGREES, BOARD_GIVES, option
from oddsengine.errors import shown
from oddsengine.option_field import declared_values
from oddsengine.religion import debate_choices
from oddsengine.religion.board_checks import why_ruler_not_yet
from oddsengine.religion.board_flips import (
    FLIP_FIELDS,
    flip_cap_option,
    flip_description,
    flip_order_option,
    side_cap_option,
)
from oddsengine.religion.cards import (
    AUGSBURG_CONFESSION,
    barring_card,
    card_putting_in,
    cards_in_effect,
    fields_played,
)
from oddsengine.religion.debate_inputs import (
    CALLING_CARDS,
    DEBATE_BONUSES,
    DEBATE_CARDS,
    debate_bonuses,
    debate_cards,
    debater_name,
    debaters_in_play,
    ignored_by_records,
    named_once,
    names_of,
    one_of,
)
from oddsengine.religion.debate_rules import (
    DEFENDER_CHOICES,
    DebateError,
    check_debate,
    check_in_play,
)
from oddsengine.religion.debate_tree import build_tree
from oddsengine.religion.records import DEBATE_ZONES, ENGLAND_RULERS, LAST_TURN, religion_facts
from oddsengine.religion.religion_scenario import RELIGIOUS_BOARD

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
#: What a "best" choice maximises: ``net``, the side's expected spaces flipped its way less
#: those flipped against it, plus the VP it gains less the VP it concedes (a burnt or
#: disgraced debater's value); ``wins``, the side's chance of winning the debate.
OBJECTIVES = ("net", "wins")
#: How the Protestant plays Here I Stand and Bullinger: ``best`` (the choice that maximises
#: its objective, seeing the drawn debater, keeping Here I Stand for round 2 when that is
#: worth more), ``first-chance`` (at the first draw where it changes the debater), or
#: ``never``.
PROTESTANT_POLICIES = ("best", "first-chance", "never")
#: The headings a debate's inputs are listed under.
_DEBATE, _CARDS = "the debate", "cards, bonuses and policies"
#: The card that puts a debater in (Here I Stand): its words in the inputs'.
_PUTTING_IN = card_putting_in()


def _flip_cap(words: str, label: str):
    """The option of a cap on a winner's flips (23.14), among the debate's further ones."""
    return flip_cap_option(words, label, more=True, group=_DEBATE)


def _side_cap(side: str):
    """The option of a cap on one side's winner's flips, the Catholic one Papal."""
    return side_cap_option(side, "Papal", more=True, group=_DEBATE)


def _putting_in_policy(words: str, label: str):
    """The option of when the Protestant puts a debater in (:data:`PROTESTANT_POLICIES`)."""
    return option(
        words,
        default="best",
        value="choice",
        choices=PROTESTANT_POLICIES,
        group=_CARDS,
        label=label,
    )


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

    zone: str = option("the debate's zone", value="choice", choices=DEBATE_ZONES,
                       rule="20 step 1", group=_DEBATE)  # fmt: skip
    initiator: str = option("who calls the debate: its debater attacks", value="choice",
                            choices=INITIATORS, rule="20 step 1", group=_DEBATE)  # fmt: skip
    turn: int = option(
        "the turn (1-9): the debaters in play are those entered by it (with a scenario: its "
        "turn; a different one is refused)",
        low=1,
        high=LAST_TURN,
        board=BOARD_AGREES,
        group=_DEBATE,
    )
    attacker: str = option(
        "the initiator's debater (uncommitted), or random",
        default="random",
        value="choice",
        offer=debate_choices.attackers,
        group=_DEBATE,
    )
    defender: str = option(
        "the other side's debater, or the pool it is drawn from: "
        f"{', '.join(DEFENDER_CHOICES)} (best: the pool that maximises the initiator's "
        "--objective)",
        default="best",
        value="choice",
        offer=debate_choices.defenders,
        group=_DEBATE,
    )
    committed: tuple = option(
        "the debaters already committed (with a scenario: added to its committed ones)",
        default=(),
        offer=debate_choices.committed,
        group=_DEBATE,
    )
    debaters: tuple | None = option(
        "the debaters in play, both sides (default: all entered by --turn)",
        default=None,
        metavar="NAME,...",
        offer=debate_choices.in_play,
        more=True,
        group=_DEBATE,
    )
    cards: tuple = option(
        f"{', '.join(DEBATE_CARDS)}: one Papal event and/or {_PUTTING_IN.name}",
        default=(),
        flag="--card",
        metavar="CARD[,CARD]",
        offer=debate_choices.cards,
        group=_CARDS,
    )
    augsburg: bool = option(
        f"{AUGSBURG_CONFESSION.name} played this turn ({AUGSBURG_CONFESSION.initiator_dice} "
        "die, Papal initiator)",
        rule="23.11",
        default=False,
        board=BOARD_GIVES,
        group=_CARDS,
        label="Augsburg",
    )
    england_ruler: str = option(
        "England's ruler (mary-i doubles the Papal debater's value in an English debate the "
        "Papacy calls)",
        rule="23.11",
        default="henry-viii",
        value="choice",
        choices=ENGLAND_RULERS,
        board=BOARD_GIVES,
        group=_CARDS,
    )
    eligible: int | None = _flip_cap(
        "spaces eligible for flipping: a cap on either winner's flips", "cap (either)"
    )
    bonuses: tuple | str = option(
        "the debater bonuses applied: all, none, or names (eck, gardiner, aleander, campeggio, "
        "bullinger)",
        rule="23.12",
        default="all",
        value="names",
        more=True,
        group=_CARDS,
    )
    objective: str = option(
        "what every best choice maximises for its side (net: expected spaces flipped its way "
        "less against it, plus VP gained less VP conceded; wins: its chance of winning)",
        default="net",
        value="choice",
        choices=OBJECTIVES,
        more=True,
        group=_CARDS,
    )
    luther_policy: str = _putting_in_policy(
        f"when the Protestant puts in {_PUTTING_IN.puts_in} by {_PUTTING_IN.name}", "Luther"
    )
    bullinger_policy: str = _putting_in_policy("when the Protestant puts in Bullinger", "Bullinger")
    bar: str | None = option(
        f"with {barring_card().name}: the Protestant debater barred (default: the card's best "
        "use, a pick or a bar)",
        default=None,
        value="choice",
        metavar="NAME",
        offer=debate_choices.bars,
        group=_CARDS,
    )
    eligible_protestant: int | None = _side_cap("protestant")
    eligible_catholic: int | None = _side_cap("catholic")
    protestant_spaces: tuple | None = None
    catholic_spaces: tuple | None = None
    flip_order: str | None = flip_order_option(", the debate's zone first", value="choice")

    kind = "debate"
    #: The board it is asked on (:meth:`on_board`): a religious scenario and its what-ifs.
    scenario_board = RELIGIOUS_BOARD
    outcome_names = ("papal_wins", "protestant_wins", "inconclusive")
    unit_word = "spaces"
    exact_available = True
    fractions_available = True  # its tree's cells in whole numbers (exact_weights)

    def __post_init__(self):
        put = object.__setattr__
        facts = religion_facts()
        put(self, "zone", one_of(self.zone, "zone", DEBATE_ZONES))
        put(self, "initiator", one_of(self.initiator, "initiator", INITIATORS))
        turn = self.turn
        if isinstance(turn, bool) or not isinstance(turn, (int, np.integer)):
            raise DebateError(f"turn must be a whole number 1-{LAST_TURN}, not {shown(turn)}")
        if not 1 <= int(turn) <= LAST_TURN:
            raise DebateError(f"turn {shown(turn)} is outside 1-{LAST_TURN}")
        put(self, "turn", int(turn))
        put(self, "england_ruler", one_of(self.england_ruler, "england ruler", ENGLAND_RULERS))
        why = why_ruler_not_yet(self.england_ruler, self.turn)
        if why is not None and self.zone == "english" and self.initiator == "papacy":
            # Elsewhere the ruler acts on nothing (23.11), and the command line says so.
            raise DebateError(f"england ruler: {why}")
        put(self, "objective", one_of(self.objective, "objective", OBJECTIVES))
        for name in ("luther_policy", "bullinger_policy"):
            put(
                self,
                name,
                one_of(
                    getattr(self, name),
                    name.replace("_", " "),
                    PROTESTANT_POLICIES,
                    plural=name.replace("_policy", " policies"),
                ),
            )
        if not isinstance(self.augsburg, (bool, np.bool_)):
            raise DebateError(f"augsburg must be True or False, not {shown(self.augsburg)}")
        put(self, "augsburg", bool(self.augsburg))
        from oddsengine.religion.board_flips import check_flip_caps, check_flip_spaces

        check_flip_caps(self, "eligible", len(facts.zones), DebateError, DebateError)
        check_flip_spaces(self, DebateError)
        in_play = debaters_in_play(self)
        put(self, "debaters", in_play)
        committed = tuple(
            debater_name(name, "committed") for name in names_of(self.committed, "committed")
        )
        for name in committed:
            check_in_play(self, name, "committed")
        put(self, "committed", named_once(committed, "committed"))
        put(self, "cards", debate_cards(self))
        put(self, "bonuses", debate_bonuses(self))
        for role in ("attacker", "defender"):
            value = getattr(self, role)
            if not isinstance(value, str) or not value.strip():
                raise DebateError(f"{role} must be a debater's name or a pool, not {shown(value)}")
        if self.attacker.strip().casefold() == "random":
            put(self, "attacker", "random")
        else:
            put(self, "attacker", debater_name(self.attacker, "attacker"))
        if self.defender.strip().casefold() in DEFENDER_CHOICES:
            put(self, "defender", self.defender.strip().casefold())
        else:
            put(self, "defender", debater_name(self.defender, "defender"))
        if self.bar is not None:
            if not isinstance(self.bar, str) or not self.bar.strip():
                raise DebateError(f"bar must be a debater's name, not {shown(self.bar)}")
            put(self, "bar", debater_name(self.bar, "bar"))
        check_debate(self)
        self.tree  # noqa: B018 -- a debate whose pools are empty is refused now

    @classmethod
    def on_board(cls, board, zone, initiator, *, turn=None, flip_order: str = "board", **options):
        """The debate on a religious board
        (:class:`~oddsengine.religion.religious_board.ReligiousBoard`): the turn, the committed
        debaters, England's ruler and Augsburg Confession come from the board, and each winner's
        flips land on the spaces the board lets him flip (20 step 7, 23.14), ordered by
        ``flip_order`` (:mod:`oddsengine.religion.board_flips`). ``options`` are the other fields;
        ``committed`` there adds debaters to the board's; ``turn``, given, must be the board's.

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

        from oddsengine.religion.board_flips import with_board_flips
        from oddsengine.religion.religious_board import ReligiousBoard

        if not isinstance(board, ReligiousBoard):
            raise DebateError(f"board must be a ReligiousBoard, not {shown(board)}")
        for name in ("england_ruler", "augsburg", "protestant_spaces", "catholic_spaces"):
            if name in options:
                raise DebateError(f"{name} comes from the board: drop it (or the board)")
        if turn is not None and turn != board.turn:
            raise DebateError(
                f"turn {shown(turn)} contradicts the scenario's turn {board.turn} ([religion] "
                "turn): drop one"
            )
        committed = tuple(
            debater_name(name, "committed")
            for name in names_of(options.pop("committed", None), "committed")
        )
        for name in committed:
            if name in board.committed:
                raise DebateError(
                    f"committed: {name} is committed already on the board: name him once"
                )
        committed = (*board.committed, *committed)
        turn, ruler = board.turn, board.england_ruler
        base = cls(zone, initiator, turn, committed=committed, england_ruler=ruler, **options)
        played = fields_played(cls.kind, board.this_turn)
        if base.papal_initiates and played:
            base = replace(base, **played)  # 23.11: a die from a Papal initiator only
        return with_board_flips(base, board, flip_order)

    @property
    def papal_initiates(self) -> bool:
        """Whether the Papacy calls the debate (20 step 1): its debater attacks, and the
        Papal cards' dice, Augsburg Confession and Mary I act on his roll (23.11)."""
        return self.initiator == "papacy"

    def ignored_options(self, card_value: bool = False) -> dict:
        """The inputs this debate would ignore, by name, and why: those the rules make act
        in another debate (23.11) or with a card not played; the same when its cards are
        valued (``card_value``)."""
        ignored = {}
        if self.zone != "english" or not self.papal_initiates:
            ignored["england_ruler"] = (
                "acts only in an English debate the Papacy calls (Mary I, 23.11)"
            )
        return {**ignored, **ignored_by_records(self)}

    @property
    def flip_caps(self) -> tuple[int | None, int | None]:
        """The most spaces a Papal winner and a Protestant winner may flip: the least of
        the caps given (``eligible``, the side's own, the side's spaces), None for none
        (23.14)."""
        from oddsengine.religion.board_flips import side_caps

        return side_caps(self, self.eligible)

    @property
    def active_bonuses(self) -> tuple[str, ...]:
        """The debate bonuses the engine applies where they act (23.12)."""
        if self.bonuses == "all":
            return DEBATE_BONUSES
        return () if self.bonuses == "none" else self.bonuses

    # -- the tree and its cells ----------------------------------------------------------

    @cached_property
    def tree(self):
        """The debate's tree of draws (:class:`~oddsengine.religion.debate_nodes.DebateTree`),
        with every "best" choice made."""
        return build_tree(self)

    @property
    def event_names(self) -> tuple[str, ...]:
        """``second_round``, ``campeggio_ignores`` (when Campeggio may roll), ``burnt:NAME``
        and ``disgraced:NAME`` for every debater who may be, and ``flips:K`` for every
        number of spaces that may be flipped."""
        from oddsengine.religion.board_flips import space_event_names

        return self.tree.event_names + space_event_names(self, self.flip_caps[::-1])

    def exact_weights(self) -> tuple[dict, int]:
        """The tree's cells that can happen, each weighed in whole numbers over one
        denominator: what the answer's fractions sum
        (:func:`~oddsengine.religion.debate_dice.whole_weights`)."""
        from oddsengine.religion.debate_dice import whole_weights

        return whole_weights(self)

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
        <oddsengine.religion.debate_nodes.DebateTree.cell_columns>`)."""
        from oddsengine.religion.board_flips import add_space_columns

        columns = self.tree.cell_columns(values, self.flip_caps)
        return add_space_columns(self, columns, columns["protestant_flips"], columns["papal_flips"])

    # -- words ---------------------------------------------------------------------------

    def describe(self) -> dict:
        """The debate as plain data, with what each "best" choice chose: its inputs as
        checked, in the order of their fields, with each side's own cap where it differs
        from the cap on either winner's and the spaces each flips where they are given
        written after that cap (:func:`flip_description`), then the choices."""
        flips = {"eligible": flip_description(self, self.eligible)}
        described = declared_values(self, leave=FLIP_FIELDS, after=flips)
        described["bonuses"] = list(self.active_bonuses)  # in its place: those applied, by name
        return {**described, "choices": dict(self.tree.choices)}

    def title(self) -> str:
        """One line naming the debate."""
        attacker = "a random debater" if self.attacker == "random" else self.attacker
        if self.defender in DEFENDER_CHOICES:
            pool = self.tree.pool
            best = " (best)" if self.defender == "best" else ""
            defender = f"{'an' if pool == 'uncommitted' else 'a'} {pool} debater{best}"
        else:
            defender = self.defender
        caller = "Papal" if self.papal_initiates else "Protestant"
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
        for card in cards_in_effect(self):
            if card.field_of(self.kind):
                lines.append(f"{card.name} played this turn")
        if self.england_ruler != "henry-viii":
            lines.append(f"England's ruler: {self.england_ruler}")
        if self.eligible is not None:
            lines.append(f"Spaces eligible for flipping: {self.eligible}")
        from oddsengine.religion.board_flips import flip_lines

        lines.extend(flip_lines(self, self.flip_caps[::-1]))
        for choice, chosen in self.tree.choices.items():
            lines.append(f"Choice of {choice.replace('_', ' ')}: {chosen}")
        return lines

"""The religious state of the board (RULES.md §16) and what it gives an attempt: which
spaces may be targeted and the dice each side rolls, with where every die comes from.

A :class:`ReligiousBoard` is the religious layer over a
:class:`~oddsengine.moves.situation.Situation`'s stacks: which spaces are Protestant, which are in
unrest, where the reformers and the Jesuit universities stand, who rules England and Rome, the turn,
the cards in effect this turn and the Electorate display. Stacks' religious alignment follows from
their power and the English ruler (§16). It is immutable: :meth:`ReligiousBoard.converted` gives the
board after a flip, with an electorate's regulars placed on its first conversion.

Examples
--------
>>> board = religion_1517_board().converted("Brandenburg")
>>> dice = board.attempt_dice("Magdeburg", "protestant")
>>> dice.protestant, dice.papal
(5, 3)
>>> [source.reason for source in dice.sources if source.side == "protestant"][:3]
['Brandenburg is Protestant', 'a Protestant stack in Brandenburg', 'Wittenberg is Protestant']
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, replace
from functools import cached_property

from oddsengine.errors import OddsEngineError, OddsEngineTypeError, checked_flag, shown
from oddsengine.religion.cards import lasting_cards
from oddsengine.religion.records import ENGLAND_RULERS

__all__ = [
    "ENGLAND_RULERS",
    "PAPAL_RULERS",
    "THIS_TURN_CARDS",
    "REFORMERS",
    "DieSource",
    "AttemptDice",
    "ReligiousBoard",
    "religion_1517_board",
    "stack_alignment",
]

#: The popes; Paul III and Julius III give the Papacy its Counter-Reformation ties (18).
PAPAL_RULERS = ("leo-x", "clement-vii", "paul-iii", "julius-iii")
#: 18: the popes under whom the Papacy wins ties, and succeeds on a modified 6, in its
#: target zone.
TIE_WINNING_POPES = ("paul-iii", "julius-iii")
#: The cards whose effect lasts the turn and changes attempts' dice (17 step 3, 18), by
#: their records (:func:`~oddsengine.religion.cards.lasting_cards`).
THIS_TURN_CARDS = lasting_cards()
#: The reformers (16).
REFORMERS = ("Luther", "Zwingli", "Calvin", "Cranmer")

#: The reason of the die a side rolls at least (17 step 2, 23.4), beside the board's own.
MINIMUM_DIE_REASON = "the minimum of 1 die"

_PROTESTANT_ENGLAND = ("edward-vi", "elizabeth-i")
_MINOR_POWERS = ("genoa", "hungary", "scotland", "venice", "independent")


def stack_alignment(
    power: str, *, regulars: int, mercenaries: int, cavalry: int, england_ruler: str
) -> str:
    """The religious alignment of one power's land units in a space (RULES.md §16):
    ``"protestant"``, ``"catholic"`` or ``"unaligned"`` (none: no land unit that counts).

    Examples
    --------
    >>> stack_alignment("england", regulars=3, mercenaries=0, cavalry=0,
    ...                 england_ruler="mary-i")
    'catholic'
    >>> stack_alignment("ottoman", regulars=7, mercenaries=0, cavalry=1,
    ...                 england_ruler="henry-viii")
    'unaligned'
    """
    from oddsengine.combat.limits import MAX_COMBINED_UNITS, check_count

    if not isinstance(power, str):
        raise OddsEngineTypeError(f"power must be a power's name, not {shown(power)}")
    regulars, mercenaries = (
        check_count(name, value, MAX_COMBINED_UNITS)
        for name, value in (("regulars", regulars), ("mercenaries", mercenaries))
    )
    check_count("cavalry", cavalry, MAX_COMBINED_UNITS)
    from oddsengine.religion.board_fields import choice_of

    england_ruler = choice_of(england_ruler, ENGLAND_RULERS, "English ruler")
    units = regulars + mercenaries
    if power in ("ottoman",) or units == 0:
        return "unaligned"  # 16: Ottoman regulars and cavalry, and lone leaders, count for none
    if power == "protestant":
        return "protestant"
    if power == "england":
        if england_ruler in _PROTESTANT_ENGLAND:
            return "protestant"
        return "catholic" if england_ruler == "mary-i" else "unaligned"
    if power in ("papacy", "hapsburg", "france"):
        return "catholic"
    if power in _MINOR_POWERS:
        # 16: regulars of the minor powers and independent regulars (they have no others)
        return "catholic" if regulars else "unaligned"
    return "unaligned"


@dataclass(frozen=True)
class DieSource:
    """One die (or two) of an attempt and why: ``side`` rolls ``dice`` for ``reason``;
    ``dice == 0`` records something left out (a neighbour across a pass, in unrest)."""

    side: str
    dice: int
    reason: str


@dataclass(frozen=True)
class AttemptDice:
    """The dice of an attempt counted from the board, before bonus dice: each side's count
    (at least 1, 17 step 2 and §23 reading 4) and every source, left-out ones included."""

    target: str
    protestant: int
    papal: int
    sources: tuple[DieSource, ...]


def _board():
    from oddsengine.moves.board import load_board

    return load_board()


def _facts():
    from oddsengine.religion.records import religion_facts

    return religion_facts()


@dataclass(frozen=True)
class ReligiousBoard:
    """The religious state of the board (RULES.md §16).

    Parameters
    ----------
    protestant : sequence of str
        The spaces under Protestant influence (every other land space is Catholic, but the
        spaces that never convert).
    unrest : sequence of str
        Spaces in unrest (16: they give nothing to a neighbour's dice).
    reformers : mapping of reformer to space, or pairs
        The reformers on the map (``{"Luther": "Wittenberg"}``); kept as sorted
        ``(reformer, space)`` pairs, so that a board is hashable.
    universities : sequence of str
        Jesuit universities: founded on Catholic spaces, they stay when a space turns
        Protestant (16), and make it a target of Counter-Reformation attempts (18).
    stacks : sequence of Stack
        The land units on the map (a :class:`~oddsengine.moves.situation.Stack` each).
    england_ruler, papal_ruler : str
        ``henry-viii`` .. ``elizabeth-i``; ``leo-x``, ``clement-vii``, ``paul-iii``,
        ``julius-iii``.
    turn : int
        The turn (1..9): it decides which debaters are in play.
    this_turn : sequence of str
        Cards in effect this turn: ``printing-press``, ``augsburg-confession``.
    electorate_display : sequence of str
        The electorates whose regulars are still on the display (16: placed on the first
        conversion).
    schmalkaldic_league : bool
        Whether the Schmalkaldic League has been played (no more regulars arrive).
    targeted : sequence of str
        Spaces already targeted this impulse (17 step 1: once each).
    committed : sequence of str
        Debaters already committed.
    """

    protestant: tuple = ()
    unrest: tuple = ()
    reformers: tuple = ()
    universities: tuple = ()
    stacks: tuple = ()
    england_ruler: str = "henry-viii"
    papal_ruler: str = "leo-x"
    turn: int = 1
    this_turn: tuple = ()
    electorate_display: tuple = ()
    schmalkaldic_league: bool = False
    targeted: tuple = ()
    committed: tuple = ()

    def __post_init__(self):
        from oddsengine.religion.board_checks import check_board
        from oddsengine.religion.board_fields import checked_fields

        for name, value in checked_fields(self).items():
            object.__setattr__(self, name, value)
        check_board(self)  # what the fields say of each other (the display, the committed)

    # -- what the board says of a space ----------------------------------------------

    @cached_property
    def _protestant(self) -> frozenset:
        return frozenset(self.protestant)

    @cached_property
    def _unrest(self) -> frozenset:
        return frozenset(self.unrest)

    @cached_property
    def _stacks(self) -> dict:
        """Each space's alignments of stacks: ``{space: {"protestant", "catholic"}}``."""
        found: dict[str, set] = {}
        for stack in self.stacks:
            force = stack.force
            alignment = stack_alignment(
                stack.power,
                regulars=force.regulars,
                mercenaries=force.mercenaries,
                cavalry=force.cavalry,
                england_ruler=self.england_ruler,
            )
            if alignment != "unaligned":
                found.setdefault(stack.space, set()).add(alignment)
        return found

    def influence(self, space: str) -> str:
        """``"protestant"``, ``"catholic"`` or ``"none"`` (the spaces that never convert)."""
        if space in self._protestant:
            return "protestant"
        return "none" if space in _facts().never_convert else "catholic"

    def has_stack(self, space: str, alignment: str) -> bool:
        """Whether a stack of that alignment stands in the space (16: a stack counts once)."""
        return alignment in self._stacks.get(space, ())

    def reformer_in(self, space: str) -> str | None:
        for name, where in self.reformers:
            if where == space:
                return name
        return None

    def in_unrest(self, space: str) -> bool:
        return space in self._unrest

    def why_not_in_play(self, debater: str) -> str | None:
        """Why the debater named is not in play on this board, or None when he is
        (:func:`~oddsengine.religion.board_checks.why_not_in_play`).

        Examples
        --------
        >>> religion_1517_board().why_not_in_play("Calvin")
        'enters on turn 4 (the board is at turn 1)'
        """
        from oddsengine.religion.board_checks import why_not_in_play

        return why_not_in_play(self, debater)

    # -- a flip -------------------------------------------------------------------------

    def converted(self, space: str, *, to: str = "protestant") -> ReligiousBoard:
        """The board after ``space`` turns to ``to``'s influence; an electorate's first
        conversion to Protestant places its regulars from the display (16), unless the
        Schmalkaldic League has been played."""
        if to not in ("protestant", "catholic"):
            raise OddsEngineError(f"a space turns 'protestant' or 'catholic', not {shown(to)}")
        board = _board()
        name = board.space(space).name
        if to == "protestant":
            if name in self.protestant:
                return self
            changes = {"protestant": (*self.protestant, name)}
            if name in self.electorate_display and not self.schmalkaldic_league:
                from oddsengine.moves.situation import Stack

                regulars = _facts().electorate_regulars[name]
                changes["stacks"] = _with_regulars(self.stacks, name, regulars, Stack)
                changes["electorate_display"] = tuple(
                    e for e in self.electorate_display if e != name
                )
            return replace(self, **changes)
        return replace(self, protestant=tuple(s for s in self.protestant if s != name))

    def with_unrest(self, space: str) -> ReligiousBoard:
        """The board with unrest on ``space`` (Carlstadt's failed attempt, 17 step 7)."""
        return replace(self, unrest=tuple(sorted({*self.unrest, space})))

    # -- dice (17 steps 2 and 6) -------------------------------------------------------

    def attempt_dice(self, target: str, attempting: str = "protestant") -> AttemptDice:
        """Each side's dice for an attempt on ``target`` from the board, before bonus dice.

        Parameters
        ----------
        target : str
        attempting : {"protestant", "papacy"}
            Who attempts: a Reformation (the Protestant) or a Counter-Reformation.
        """
        _attempting(attempting)
        name = _board().space(target).name
        sources: list[DieSource] = []
        for side in ("protestant", "papal"):
            sources.extend(self._side_sources(name, side))
        counts = {}
        for side in ("protestant", "papal"):
            counted = sum(s.dice for s in sources if s.side == side)
            if counted < 1:
                # 17 step 2, 18: at least one die (23.4: before any bonus die)
                sources.append(DieSource(side, 1 - counted, MINIMUM_DIE_REASON))
                counted = 1
            counts[side] = counted
        return AttemptDice(name, counts["protestant"], counts["papal"], tuple(sources))

    def _side_sources(self, target: str, side: str):
        """17 step 2 (Protestant) and step 6 (Papal): neighbours by normal connection
        only, none in unrest; the target's own reformer/university and stack count 2."""
        board = _board()
        influence = "protestant" if side == "protestant" else "catholic"
        word = "Protestant" if side == "protestant" else "Catholic"
        for neighbour in board.neighbours(target):
            other = neighbour.name
            gives = []
            if self.influence(other) == influence:
                gives.append(f"{other} is {word}")
            if side == "protestant" and self.reformer_in(other):
                gives.append(f"{self.reformer_in(other)} in {other}")
            if side == "papal" and other in self.universities:
                gives.append(f"a Jesuit university in {other}")
            if self.has_stack(other, influence):
                gives.append(f"a {word} stack in {other}")
            if not gives:
                continue
            if board.connection(target, other) == "pass":
                yield DieSource(side, 0, f"{other} is across a pass (left out)")
            elif self.in_unrest(other):
                yield DieSource(side, 0, f"{other} is in unrest (left out)")
            else:
                for reason in gives:
                    yield DieSource(side, 1, reason)
        if side == "protestant" and self.reformer_in(target):
            yield DieSource(side, 2, f"{self.reformer_in(target)} in {target}")
        if side == "papal" and target in self.universities:
            yield DieSource(side, 2, f"a Jesuit university in {target}")
        if self.has_stack(target, influence):
            yield DieSource(side, 2, f"a {word} stack in {target}")

    # -- eligibility (17 step 1, 18) ---------------------------------------------------

    def why_not_target(self, target: str, attempting: str, *, targeted=()) -> str | None:
        """Why ``target`` may not be the target of an attempt now, or None when it may;
        ``targeted`` adds spaces targeted already (a list or set of names)."""
        _attempting(attempting)
        if not isinstance(targeted, (tuple, list, set, frozenset)):
            raise OddsEngineTypeError(f"targeted must be a list of spaces, not {shown(targeted)}")
        board = _board()
        space = board.space(target)
        name = space.name
        if space.is_sea:
            return f"{name} is a sea zone: only land spaces hold religious influence"
        if self.influence(name) == "none":
            return f"{name} is an Ottoman home space: it never converts (16)"
        if name in self.targeted or name in targeted:
            return f"{name} has been targeted already this impulse (17 step 1)"
        own, other = (
            ("protestant", "catholic") if attempting == "protestant" else ("catholic", "protestant")
        )
        if self.influence(name) == own:
            return f"{name} is {own.capitalize()} already"
        if attempting == "protestant" and self.reformer_in(name):
            return None
        if attempting == "papacy" and name in self.universities:
            return None
        for neighbour in board.neighbours(name):  # a pass counts for eligibility
            if self.influence(neighbour.name) == own and not self.in_unrest(neighbour.name):
                return None  # 23.5: a space in unrest makes no neighbour eligible
        if board.is_port(name):
            for zone in board.sea_zones_of(name):
                for port in board.neighbours(zone.name, land_only=False):
                    if port.name != name and port.is_land and self.influence(port.name) == own:
                        return None  # 16: ports on one sea zone are linked (23.5: unrest too)
        word = "Protestant" if own == "protestant" else "Catholic"
        return (
            f"{name} is not adjacent to a {word} space (in unrest or not), holds no "
            + ("reformer" if attempting == "protestant" else "Jesuit university")
            + f" and is no port on a sea zone with a {word} port"
        )

    def eligible_targets(self, attempting: str, *, targeted=()) -> tuple[str, ...]:
        """Every space an attempt may target now, sorted by name."""
        return tuple(
            sorted(
                space.name
                for space in _board()
                if space.is_land
                and self.why_not_target(space.name, attempting, targeted=targeted) is None
            )
        )

    def flippable(
        self, to: str, *, zone: str | None = None, zone_only: bool = False, limit: int | None = None
    ) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The spaces a debate's or the Diet's winner could flip one after another (§20
        step 7, §21): each eligible when it is flipped (17/18 step 1, the spaces just
        flipped counting). Returns ``(in the zone, elsewhere)``: the zone's spaces are
        flipped first while any is eligible; with ``zone_only`` (the Diet, German zone)
        nothing elsewhere. Their total is the most spaces the winner can flip.

        Parameters
        ----------
        to : {"protestant", "catholic"}
            The winner's influence.
        zone : str, optional
            The debate's zone.
        zone_only : bool
            Flip spaces of ``zone`` only.
        limit : int, optional
            Stop once that many are found (the most a roll can flip).
        """
        from oddsengine.combat.limits import check_count
        from oddsengine.religion.records import LANGUAGE_ZONES, religion_facts

        if to not in ("protestant", "catholic"):
            raise OddsEngineError(f"to is 'protestant' or 'catholic', not {shown(to)}")
        if zone is not None and zone not in LANGUAGE_ZONES:
            zones = ", ".join(LANGUAGE_ZONES)
            raise OddsEngineError(f"unknown zone {shown(zone)}; use one of {zones}")
        zone_only = checked_flag(zone_only, "zone_only")
        if limit is not None:
            limit = check_count("limit", limit, 10**6)
        facts = religion_facts()
        attempting = "protestant" if to == "protestant" else "papacy"
        board, flipped_zone, flipped_else = self, [], []

        def next_eligible(in_zone: bool):
            for name in board.eligible_targets(attempting):
                if (facts.zone_of(name) == zone) == in_zone:
                    return name
            return None

        while limit is None or len(flipped_zone) + len(flipped_else) < limit:
            name = next_eligible(True) if zone else None
            if name is not None:
                flipped_zone.append(name)
            elif zone_only:
                break
            else:
                name = (
                    next_eligible(False)
                    if zone
                    else (board.eligible_targets(attempting) or (None,))[0]
                )
                if name is None:
                    break
                flipped_else.append(name)
            board = board.converted(name, to=to)
        return tuple(flipped_zone), tuple(flipped_else)

    def within(self, centre: str, distance: int) -> frozenset:
        """The land spaces within ``distance`` land connections of ``centre``, passes
        included (23.9)."""
        board = _board()
        start = board.space(centre).name
        found, queue = {start: 0}, deque([start])
        while queue:
            here = queue.popleft()
            if found[here] == distance:
                continue
            for neighbour in board.neighbours(here):
                if neighbour.name not in found:
                    found[neighbour.name] = found[here] + 1
                    queue.append(neighbour.name)
        return frozenset(found)

    def where_is(self, leader: str) -> str | None:
        """The space of a named leader's stack (Charles V for Contarini's bonus)."""
        for stack in self.stacks:
            if any(each.name == leader for each in stack.force.leaders):
                return stack.space
        return None


def _attempting(value) -> str:
    """Who attempts: ``"protestant"`` (a Reformation) or ``"papacy"`` (a Counter-Reformation)."""
    if value not in ("protestant", "papacy"):
        raise OddsEngineError(f"attempting is 'protestant' or 'papacy', not {shown(value)}")
    return value


def _with_regulars(stacks, space: str, regulars: int, stack_class) -> tuple:
    """The stacks with ``regulars`` Protestant regulars added in ``space``."""
    result, added = [], False
    for stack in stacks:
        if stack.space == space and stack.power == "protestant" and not stack.besieged:
            force = replace(stack.force, regulars=stack.force.regulars + regulars)
            result.append(replace(stack, force=force))
            added = True
        else:
            result.append(stack)
    if not added:
        result.append(stack_class(space, f"protestant: {regulars}R"))
    return tuple(result)


def religion_1517_board(**changes) -> ReligiousBoard:
    """The board at the start of 1517 after the 95 Theses' first step (RULES.md §16, §19):
    Wittenberg Protestant with Luther and its 2 regulars placed, the other electorates'
    regulars on the display, every stack of the set-up, Henry VIII and Leo X ruling.

    Examples
    --------
    >>> board = religion_1517_board()
    >>> board.protestant, board.electorate_display
    (('Wittenberg',), ('Augsburg', 'Mainz', 'Trier', 'Cologne', 'Brandenburg'))
    """
    from oddsengine.moves.situation import Stack

    facts = _facts()
    from oddsengine.combat.forces import parse_force

    forces = {}
    for entry in facts.stacks_1517:  # the two Brussels rows are one stack
        force = parse_force(f"{entry.power}: {entry.units}")
        key = (entry.space, entry.power)
        if key in forces:
            force = replace(forces[key], regulars=forces[key].regulars + force.regulars)
        forces[key] = force
    built = [Stack(space, force) for (space, _), force in forces.items()]
    board = ReligiousBoard(
        reformers={"Luther": facts.reformers["Luther"].space},
        stacks=tuple(built),
        electorate_display=tuple(facts.electorates),
    )
    for space in facts.protestant_1517:  # 95 Theses: Wittenberg's regulars arrive at once
        board = board.converted(space)
    return replace(board, **changes) if changes else board

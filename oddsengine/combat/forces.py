"""Forces: the land units and leaders on one side of a combat, and their notation.

A force is written in the game's own words: ``"7R 1C Suleiman Ibrahim"`` is 7 regulars,
1 cavalry and two named leaders; ``"4M L2"`` is 4 mercenaries with an anonymous leader of
battle rating 2; ``"ottoman: 7R 1C"`` names the power explicitly.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from oddsengine.combat import notation
from oddsengine.combat.leaders import Leader, anonymous_leader, find_leader, is_leader_name
from oddsengine.combat.limits import (
    MAX_COMBINED_UNITS,
    check_force_size,
    check_unit_count,
)
from oddsengine.combat.powers import normalise_power
from oddsengine.combat.unit_types import LAND_LETTERS
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown

__all__ = [
    "FORCE_NOTATION",
    "Force",
    "as_force",
    "parse_force",
    "take_losses",
    "UNIT_TYPES",
    "DEFAULT_CASUALTY_ORDER",
]

#: The three kinds of land unit. Cavalry is Ottoman only.
UNIT_TYPES = ("regulars", "mercenaries", "cavalry")

#: RULES.md §9: the owner chooses its losses; by default mercenaries go first, then
#: regulars, then cavalry.
DEFAULT_CASUALTY_ORDER = ("mercenaries", "regulars", "cavalry")

#: The notation in words, for the help of an option that takes a force.
FORCE_NOTATION = (
    'a force such as "7R 1C Suleiman Ibrahim", "4M L2" or "ottoman: 7R 1C" '
    "(R regulars, M mercenaries, C cavalry, L0-L2 an anonymous leader)"
)

_UNIT_LETTERS = LAND_LETTERS  # the unit-type records' letters
#: The counts of a force, in words (for the refusal of a word that is none).
_COUNTS = "R (regulars), M (mercenaries) or C (cavalry)"
_ANONYMOUS_LEADER = re.compile(r"^l(\d+)$")


@dataclass(frozen=True)
class Force:
    """Land units and leaders of one power on one side of a combat.

    Parameters
    ----------
    regulars, mercenaries, cavalry : int
        Numbers of land units (cavalry is Ottoman only).
    leaders : tuple of Leader
        Army leaders with the force. Only the best battle rating counts (5.1).
    power : str, optional
        The power that owns the force. Taken from the named leaders when not given;
        cavalry implies the Ottomans.

    Raises
    ------
    OddsEngineError
        On a negative count, cavalry of a power other than the Ottomans, or leaders of
        different powers.

    Examples
    --------
    >>> force = parse_force("7R 1C Suleiman Ibrahim")
    >>> force.land_units, force.battle_rating, force.power
    (8, 2, 'ottoman')
    """

    regulars: int = 0
    mercenaries: int = 0
    cavalry: int = 0
    leaders: tuple[Leader, ...] = ()
    power: str | None = None

    def __post_init__(self):
        for kind in UNIT_TYPES:
            # A hard ceiling here; the counter-mix bound on what a user gives is applied
            # where forces come in (parse_force, as_force): see oddsengine.combat.limits.
            count = check_unit_count(kind, getattr(self, kind), MAX_COMBINED_UNITS)
            object.__setattr__(self, kind, count)
        power = normalise_power(self.power) if self.power is not None else None
        object.__setattr__(self, "leaders", _leaders(self.leaders, power))
        named_powers = {leader.power for leader in self.leaders if leader.power is not None}
        if power is None and len(named_powers) == 1:
            power = named_powers.pop()
        elif power is None and len(named_powers) > 1:
            raise OddsEngineError(
                "leaders of different powers in one force: "
                + ", ".join(f"{leader.name} ({leader.power})" for leader in self.leaders)
            )
        elif power is not None:
            # RULES.md §1: each leader serves the force's power (his record says whom he
            # may serve: Maurice of Saxony, the Renegade), or is refused naming them.
            leaders = tuple(
                leader if leader.is_anonymous else leader.serving(power) for leader in self.leaders
            )
            object.__setattr__(self, "leaders", leaders)
        if self.cavalry and power is None:
            power = "ottoman"  # RULES.md terms: cavalry is Ottoman only.
        if self.cavalry and power != "ottoman":
            raise OddsEngineError(f"only the Ottomans have cavalry, not {power}")
        object.__setattr__(self, "power", power)

    @property
    def land_units(self) -> int:
        """Regulars, mercenaries and cavalry together."""
        return self.regulars + self.mercenaries + self.cavalry

    @property
    def infantry(self) -> int:
        """Regulars and mercenaries: the units that roll dice in an assault (15.1)."""
        return self.regulars + self.mercenaries

    @property
    def battle_rating(self) -> int:
        """The single best battle rating among the leaders (5.1), 0 without leaders."""
        best = None  # a plain loop: asked several times per spec
        for leader in self.leaders:
            if best is None or leader.battle_rating > best:
                best = leader.battle_rating
        return 0 if best is None else best

    @property
    def command_capacity(self) -> int | None:
        """Land units this force can move as one formation, or None when unknown.

        Four without a leader; with leaders, the sum of the command ratings of the two
        best-commanding leaders (RULES.md §1). Unknown (None) with an anonymous leader.
        """
        ratings = []
        for leader in self.leaders:  # a plain loop: asked several times per spec
            if leader.is_anonymous:
                return None
            ratings.append(leader.command_rating)
        if not ratings:
            return 4
        ratings.sort(reverse=True)
        return sum(ratings[:2])

    @property
    def fits_one_formation(self) -> bool:
        """Whether the land units may move as one formation (RULES.md §1); True when the
        command capacity is unknown (an anonymous leader)."""
        capacity = self.command_capacity
        return capacity is None or self.land_units <= capacity

    @property
    def command_words(self) -> str:
        """The command capacity and who gives it, in words: ``"command capacity 6 with
        Ibrahim Pasha"``, ``"command capacity 4 with no leader"``."""
        who = ", ".join(leader.name for leader in self.leaders) or "no leader"
        return f"command capacity {self.command_capacity} with {who}"

    @property
    def is_ottoman(self) -> bool:
        return self.power == "ottoman"

    def check_formation(self, role: str, action: str = "move") -> None:
        """Refuse a force too large to ``action`` as one formation (RULES.md §1).

        The limit binds what moves or assaults, not what stands: call this only for the
        part of a stack that acts.

        Raises
        ------
        OddsEngineError
            Naming the role (``"attacker"``, ``"interceptor"``), the action, the limit and
            how much of the force may act.
        """
        if not self.fits_one_formation:
            raise OddsEngineError(
                f"{role}: {self.land_units} land units cannot {action} as one formation "
                f"({self.command_words}): at most {self.command_capacity} of them may "
                f"{action} together"
            )

    @property
    def unit_counts(self) -> tuple[int, int, int]:
        """The regulars, mercenaries and cavalry, in the order of :data:`UNIT_TYPES`."""
        return (self.regulars, self.mercenaries, self.cavalry)

    def units_after_losses(self, losses: int, order=DEFAULT_CASUALTY_ORDER) -> dict[str, int]:
        """Return the regulars, mercenaries and cavalry left after ``losses`` losses.

        Units are removed in ``order`` (a permutation of :data:`UNIT_TYPES`), by
        :func:`take_losses`.

        Examples
        --------
        >>> parse_force("2M 3R 1C").units_after_losses(3)
        {'regulars': 2, 'mercenaries': 0, 'cavalry': 1}
        """
        left = take_losses(self.unit_counts, losses, order).tolist()
        return dict(zip(UNIT_TYPES, left, strict=True))

    def units_after_each_loss(
        self, order=DEFAULT_CASUALTY_ORDER
    ) -> tuple[tuple[int, int, int], ...]:
        """Return the units left after 0, 1, ..., :attr:`land_units` losses, in one go.

        Entry ``L`` is ``(regulars, mercenaries, cavalry)`` as
        :meth:`units_after_losses` gives them for ``L`` losses in ``order``.

        Examples
        --------
        >>> parse_force("1M 2R").units_after_each_loss()
        ((2, 1, 0), (2, 0, 0), (1, 0, 0), (0, 0, 0))
        """
        losses = np.arange(self.land_units + 1)
        counts = np.broadcast_to(np.array(self.unit_counts), (losses.size, len(UNIT_TYPES)))
        return tuple(map(tuple, take_losses(counts, losses, order).tolist()))

    def with_units(self, **counts: int) -> Force:
        """Return a copy with some unit counts replaced."""
        values = {kind: getattr(self, kind) for kind in UNIT_TYPES}
        values.update(counts)
        return Force(**values, leaders=self.leaders, power=self.power)

    def without_leaders(self, names) -> Force:
        """Return a copy without the leaders named in ``names``."""
        names = set(names)
        kept = tuple(leader for leader in self.leaders if leader.name not in names)
        units = {kind: getattr(self, kind) for kind in UNIT_TYPES}
        return Force(**units, leaders=kept, power=self.power)

    def notation(self) -> str:
        """The force in the notation :func:`parse_force` reads.

        Examples
        --------
        >>> parse_force("ottoman: 7R 1C Suleiman").notation()
        'ottoman: 7R 1C Suleiman'
        """
        # Kept on the force (it is immutable, the text is a function of its fields): a
        # move writes the few forces of its end states a few hundred times.
        written = self.__dict__.get("_notation_kept")
        if written is None:
            written = self.__dict__["_notation_kept"] = self._written_notation()
        return written

    def _written_notation(self) -> str:
        parts = [f"{self.power}:"] if self.power else []
        for letter, kind in (("R", "regulars"), ("M", "mercenaries"), ("C", "cavalry")):
            if getattr(self, kind):
                parts.append(f"{getattr(self, kind)}{letter}")
        if self.land_units == 0:
            parts.append("0R")
        parts.extend(leader.name for leader in self.leaders)
        return " ".join(parts)

    def __str__(self) -> str:
        return self.notation()


def take_losses(counts, losses, order=DEFAULT_CASUALTY_ORDER) -> np.ndarray:
    """RULES.md §9: the units left after ``losses`` land units are taken in casualty
    ``order`` (its owner's choice), elementwise: the one casualty rule of every battle.

    ``counts`` holds (regulars, mercenaries, cavalry) in its last axis and ``losses``
    broadcasts against the others. A type left out of ``order`` is never taken.

    Examples
    --------
    >>> take_losses([[2, 1, 0], [0, 2, 1]], [2, 2]).tolist()
    [[1, 0, 0], [0, 0, 1]]
    """
    left = np.array(counts, dtype=np.int64)
    remaining = np.array(losses, dtype=np.int64)
    for kind in order:
        column = UNIT_TYPES.index(kind)
        taken = np.minimum(remaining, left[..., column])
        left[..., column] -= taken
        remaining = remaining - taken
    return left


def _leaders(leaders, power: str | None) -> tuple[Leader, ...]:
    """``leaders`` as a tuple of :class:`Leader`: names are looked up (for ``power``); a
    named leader may appear only once (one leader, one place)."""
    if isinstance(leaders, (str, Leader)):
        leaders = (leaders,)
    try:
        leaders = tuple(leaders)
    except TypeError:
        raise OddsEngineError(
            f"leaders must be a list of leaders or leader names, not {shown(leaders)}"
        ) from None
    found = []
    names = set()  # of every leader found so far
    for leader in leaders:
        if isinstance(leader, str):
            leader = find_leader(leader, power)
        elif not isinstance(leader, Leader):
            raise OddsEngineError(
                f"a leader must be a Leader or a leader's name, not {shown(leader)}"
            )
        if not leader.is_anonymous and leader.name in names:
            raise OddsEngineError(f"{leader.name} is listed twice: one leader, one place")
        found.append(leader)
        names.add(leader.name)
    return tuple(found)


def as_force(value, role: str) -> Force:
    """``value`` as a :class:`Force`: a Force as it is, a string through
    :func:`parse_force`; anything else is refused naming the ``role``."""
    if isinstance(value, Force):
        return check_force_size(value, role)
    if isinstance(value, str):
        return parse_force(value)
    raise OddsEngineTypeError(f"{role} must be a Force or a force string, not {shown(value)}")


def parse_force(text: str, *, power: str | None = None) -> Force:
    """Read a force written as ``"[power:] 7R 2M 1C Leader Leader L2"``.

    Counts are a number followed by ``R`` (regulars), ``M`` (mercenaries) or ``C``
    (cavalry), case-insensitive; a type may appear once. Leaders are named from the table
    of RULES.md §1 (``Charles V``, ``charles-v``, ``Ibrahim``) or given as ``L0``–``L2``,
    an anonymous leader of that battle rating.

    Parameters
    ----------
    text : str
    power : str, optional
        Used when the text names no power.

    Raises
    ------
    OddsEngineError
        Naming the token that could not be read.

    Examples
    --------
    >>> parse_force("4M L2").mercenaries, parse_force("4M L2").battle_rating
    (4, 2)
    >>> parse_force("hapsburg: 8R Charles-V").leaders[0].name
    'Charles V'
    """
    if not isinstance(text, str) or not text.strip():
        raise OddsEngineError("empty force: write units such as '4R' (use '0R' for none)")
    if type(text) is str and (power is None or type(power) is str):
        # A sweep reads the same few strings thousands of times, and a Force is immutable.
        return _read_force_remembered(text, power)
    return _read_force(text, power)


def _read_force(text: str, power) -> Force:
    """:func:`parse_force` of a non-empty ``text``."""
    power, words = notation.power_and_pieces(text, power, "force", "hapsburg: 4R")
    power = normalise_power(power) if power else None
    counts: dict[str, int] = {}
    leaders: list[Leader] = []
    index = 0
    while index < len(words):
        word = words[index]
        lower = word.lower()
        count = notation.COUNT_TOKEN.match(lower)
        anonymous = _ANONYMOUS_LEADER.match(lower)
        if count:
            number, letters = count.groups()
            kind = _UNIT_LETTERS.get(letters)
            if kind is None:
                raise notation.unreadable_count(word, text, "force", _COUNTS)
            number = notation.add_count(counts, kind, number, word, text, "force")
            check_unit_count(kind, number)  # the counter mix: see oddsengine.combat.limits
            index += 1
            continue
        if anonymous:
            digits = anonymous.group(1)
            rating = int(digits) if len(digits) <= 2 else 3
            if rating > 2:
                raise OddsEngineError(f"{shown(word)}: a leader's battle rating is 0, 1 or 2")
            leaders.append(anonymous_leader(rating))
            index += 1
            continue
        if notation.starts_as_number(word):
            raise notation.unreadable_count(word, text, "force", _COUNTS)
        # find_leader refuses a word that names no leader, with suggestions (and the
        # power's leaders).
        leader, length = notation.leader_at(
            words, index, is_leader_name, lambda name: find_leader(name, power)
        )
        leaders.append(leader)
        index += length
    if not counts and not leaders:
        raise OddsEngineError(f"force {shown(text)} has no units or leaders")
    return Force(**counts, leaders=tuple(leaders), power=power)


#: :func:`_read_force` for plain strings, remembered. Only what it returns is kept: a text
#: it refuses is read again, and refused with the same message, every time.
_read_force_remembered = lru_cache(maxsize=4096)(_read_force)

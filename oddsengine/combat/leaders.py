"""Army leaders and their ratings (RULES.md §1, rule 5.1)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from oddsengine.combat.powers import MAJOR_POWERS, normalise_power, power_with_article
from oddsengine.errors import OddsEngineError, shown

__all__ = [
    "Leader",
    "LEADERS",
    "anonymous_leader",
    "find_leader",
    "leaders_of",
    "leaders_serving",
]


@dataclass(frozen=True)
class Leader:
    """An army leader.

    Parameters
    ----------
    name : str
        The name printed on the counter, or ``"L2"`` for an anonymous leader.
    power : str or None
        The major power the leader serves here; ``None`` when the leader's power is set by
        the force it leads (the Renegade, anonymous leaders).
    battle_rating : int
        0 to 2. Only the best battle rating on a side counts in a roll (5.1).
    command_rating : int or None
        How many land units the leader can move as one formation; ``None`` for an
        anonymous leader, whose formation size is not checked.
    serves : tuple of str, optional
        Every power the leader may serve (RULES.md §1), his own first; default
        ``(power,)``, and every power for an anonymous leader. The record is the one place
        that says it: a force, a scenario file, the explorer and ``oddsengine leaders``
        read it. Whether the condition holds (card #60 played for Maurice of Saxony) is
        the user's to say, by the force's power, as for Andrea Doria's fleets.
    service : str, optional
        Whom the leader serves, in words, where it is more than his power.

    Examples
    --------
    >>> find_leader("charles-v")
    Leader(name='Charles V', power='hapsburg', battle_rating=2, command_rating=10)
    >>> find_leader("Maurice").serves
    ('protestant', 'hapsburg')
    """

    name: str
    power: str | None
    battle_rating: int
    command_rating: int | None
    serves: tuple[str, ...] = field(default=(), repr=False, compare=False)
    service: str = field(default="", repr=False, compare=False)

    def __post_init__(self):
        if not 0 <= self.battle_rating <= 2:
            raise OddsEngineError(
                f"leader {self.name!r}: battle rating must be 0, 1 or 2, not {self.battle_rating}"
            )
        if not self.serves and self.power is not None:
            object.__setattr__(self, "serves", (self.power,))

    @property
    def is_anonymous(self) -> bool:
        """True for a leader given only by its battle rating (``L0``, ``L1``, ``L2``)."""
        return self.command_rating is None

    def serves_power(self, power: str) -> bool:
        """Whether the leader may lead a force of ``power`` (RULES.md §1).

        Examples
        --------
        >>> maurice = find_leader("Maurice")
        >>> maurice.serves_power("hapsburg"), maurice.serves_power("ottoman")
        (True, False)
        """
        return self.is_anonymous or not self.serves or normalise_power(power) in self.serves

    def serving(self, power: str) -> Leader:
        """The leader as he leads a force of ``power``: the same ratings, ``power`` his.

        Raises
        ------
        OddsEngineError
            Naming whom he serves, when he may not lead a force of ``power`` (RULES.md §1).

        Examples
        --------
        >>> find_leader("Maurice").serving("hapsburg").power  # after card #60
        'hapsburg'
        >>> find_leader("Renegade").serving("france").power  # card #70: who places it
        'france'
        """
        power = normalise_power(power)
        if power == self.power or self.is_anonymous and self.power is None:
            return self
        if not self.serves_power(power):
            # RULES.md §1: a leader leads only the forces of a power he serves.
            if self.serves == (self.power,) and not self.service:
                raise OddsEngineError(
                    f"{self.name} is {power_with_article(self.power)} leader and cannot lead "
                    f"{power_with_article(power)} force"
                )
            *others, last = self.serves
            listed = f"{', '.join(others)} or {last}" if others else last
            named = all(serves in self.service for serves in self.serves)
            words = self.service if named else f"{self.service}: {listed}".lstrip(": ")
            raise OddsEngineError(
                f"{self.name} serves {words}; he cannot lead {power_with_article(power)} force"
            )
        return replace(self, power=power)


def anonymous_leader(battle_rating: int) -> Leader:
    """Return an unnamed leader with the given battle rating (written ``L2`` in a force).

    Examples
    --------
    >>> anonymous_leader(2).battle_rating
    2
    """
    return Leader(f"L{battle_rating}", None, battle_rating, None)


# RULES.md §1: the leader table (5.1).
LEADERS: dict[str, Leader] = {
    leader.name: leader
    for leader in (
        Leader("Suleiman", "ottoman", 2, 12),
        Leader("Ibrahim Pasha", "ottoman", 1, 6),
        Leader("Charles V", "hapsburg", 2, 10),
        Leader("Duke of Alva", "hapsburg", 1, 6),
        Leader("Ferdinand", "hapsburg", 1, 6),
        Leader("Henry VIII", "england", 1, 8),
        Leader("Charles Brandon", "england", 1, 6),
        Leader("Dudley", "england", 0, 6),
        Leader("Francis I", "france", 1, 8),
        Leader("Henry II", "france", 0, 8),
        Leader("Montmorency", "france", 1, 6),
        Leader("John Frederick", "protestant", 0, 6),
        Leader("Philip of Hesse", "protestant", 0, 6),
        # RULES.md §1: Protestant; the Hapsburgs' after card #60 (the force's power says).
        Leader(
            "Maurice of Saxony",
            "protestant",
            1,
            6,
            serves=("protestant", "hapsburg"),
            service="protestant (hapsburg after card #60)",
        ),
        # RULES.md §1: card #70, played by a major power, which places it and whom it
        # serves (the force's power).
        Leader(
            "Renegade",
            None,
            1,
            6,
            serves=MAJOR_POWERS,
            service="the power that places it (card #70, Charles Bourbon)",
        ),
    )
}

_ALIASES = {
    "ibrahim": "Ibrahim Pasha",
    "charles 5": "Charles V",
    "alva": "Duke of Alva",
    "henry 8": "Henry VIII",
    "brandon": "Charles Brandon",
    "francis": "Francis I",
    "francis 1": "Francis I",
    "henry 2": "Henry II",
    "maurice": "Maurice of Saxony",
    "philip": "Philip of Hesse",
    "charles bourbon": "Renegade",
    "bourbon": "Renegade",
}


#: Given names shared by leaders of different powers: the force's power says which leader
#: is meant (``"england: 6R Charles"`` is Charles Brandon); without a power the name is
#: ambiguous and refused with every leader it could be.
_SHARED_NAMES = {
    "charles": ("Charles V", "Charles Brandon"),
    "henry": ("Henry VIII", "Henry II"),
}


def _key(text: str) -> str:
    return re.sub(r"[\s_\-.]+", " ", text.strip().lower())


_POWERS_WITH_LEADERS = frozenset(leader.power for leader in LEADERS.values() if leader.power)

_LOOKUP = {_key(name): leader for name, leader in LEADERS.items()}
_LOOKUP.update({_key(alias): LEADERS[name] for alias, name in _ALIASES.items()})


def is_leader_name(text: str) -> bool:
    """True if ``text`` names a leader of the table, an alias of one, or a given name
    several leaders share (``Charles``)."""
    key = _key(text)
    return key in _LOOKUP or key in _SHARED_NAMES


def leaders_of(power: str) -> tuple[Leader, ...]:
    """The named leaders of ``power`` in the table of RULES.md §1 (5.1), in table order.

    Examples
    --------
    >>> [leader.name for leader in leaders_of("england")]
    ['Henry VIII', 'Charles Brandon', 'Dudley']
    """
    power = normalise_power(power)
    return tuple(leader for leader in LEADERS.values() if leader.power == power)


def leaders_serving(power: str) -> tuple[Leader, ...]:
    """Every leader of the table of RULES.md §1 who may lead a force of ``power``, as he
    leads it, in table order: the power's own, and Maurice of Saxony (the Hapsburgs after
    card #60) or the Renegade (any major power) where they serve it.

    Examples
    --------
    >>> [leader.name for leader in leaders_serving("hapsburg")]
    ['Charles V', 'Duke of Alva', 'Ferdinand', 'Maurice of Saxony', 'Renegade']
    >>> [leader.name for leader in leaders_serving("venice")]
    []
    """
    power = normalise_power(power)
    return tuple(leader.serving(power) for leader in LEADERS.values() if leader.serves_power(power))


def _shared_name(name: str, power: str | None) -> Leader:
    """The leader a given name shared by several leaders means for ``power``."""
    candidates = [LEADERS[full] for full in _SHARED_NAMES[_key(name)]]
    if power is not None:
        power = normalise_power(power)
        serving = [leader for leader in candidates if leader.power == power]
        if len(serving) == 1:
            return serving[0]
        raise _unknown_for_power(name, power)
    names = " or ".join(f"{leader.name} ({leader.power})" for leader in candidates)
    example = candidates[-1]
    raise OddsEngineError(
        f"leader {shown(name)} is ambiguous: {names}; write the full name or give the "
        f'force\'s power ("{example.power}: {name.strip()}" is {example.name})'
    )


def _unknown_for_power(name: str, power: str) -> OddsEngineError:
    names = ", ".join(leader.name for leader in leaders_of(power)) or "none"
    return OddsEngineError(
        f"no leader of {power} is called {shown(name)}; {power}'s leaders are {names} "
        "(or an anonymous L0, L1, L2)"
    )


def find_leader(name: str, power: str | None = None) -> Leader:
    """Return the leader called ``name`` (case-insensitive; ``charles-v`` = ``Charles V``).

    Parameters
    ----------
    name : str
    power : str, optional
        The power of the force the leader leads: refused, naming whom he serves, unless
        his record lets him serve it (Maurice of Saxony for the Hapsburgs after card #60,
        the Renegade of card #70 for the major power that places it; RULES.md §1).

    Raises
    ------
    OddsEngineError
        If no leader has that name (the message suggests close names and, given a
        power, lists its leaders), or a given name two leaders share (``Charles``,
        ``Henry``) is used without a power that tells them apart.

    Examples
    --------
    >>> find_leader("Ibrahim").battle_rating
    1
    >>> find_leader("renegade", power="france").power
    'france'
    >>> find_leader("Charles", power="england").name  # a given name, read for its power
    'Charles Brandon'
    """
    if not isinstance(name, str):
        raise OddsEngineError(f"a leader is named by a string, not {shown(name)}")
    if _key(name) in _SHARED_NAMES:
        return _shared_name(name, power)
    leader = _LOOKUP.get(_key(name))
    if leader is None:
        import difflib  # only to suggest a name for one refused

        close = difflib.get_close_matches(_key(name), list(_LOOKUP), n=3, cutoff=0.6)
        names = dict.fromkeys(_LOOKUP[match].name for match in close)
        hint = f"; did you mean {', '.join(map(repr, names))}?" if names else ""
        if power is not None and normalise_power(power) in _POWERS_WITH_LEADERS:
            power = normalise_power(power)
            names = ", ".join(leader.name for leader in leaders_of(power))
            hint = (hint + " " if hint else "; ") + (
                f"{power}'s leaders are {names} (or an anonymous L0, L1, L2)"
            )
        raise OddsEngineError(f"unknown leader {shown(name)}{hint}")
    # RULES.md §1: the leader leads a force of a power he serves (his record says which).
    return leader if power is None else leader.serving(power)

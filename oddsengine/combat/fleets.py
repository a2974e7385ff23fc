"""Fleets: the naval units and naval leaders on one side of a combat at sea, and their
notation (RULES.md Part II).

A fleet is written like a land force: ``"ottoman: 3Sq 2Co Dragut"`` is 3 squadrons,
2 corsairs and the naval leader Dragut. Squadrons (``Sq``) belong to any power with a navy;
corsairs (``Co``) are Ottoman only. The naval leaders are records of one table,
:data:`NAVAL_LEADERS`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from oddsengine.combat import notation
from oddsengine.combat.leaders import is_leader_name
from oddsengine.combat.limits import check_unit_count
from oddsengine.combat.powers import normalise_power, power_with_article
from oddsengine.combat.unit_types import NAVAL_LETTERS
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown

__all__ = [
    "FLEET_NOTATION",
    "NavalLeader",
    "NAVAL_LEADERS",
    "Fleet",
    "as_fleet",
    "find_naval_leader",
    "parse_fleet",
]

#: The notation in words, for the help of an option that takes a fleet.
FLEET_NOTATION = (
    'a fleet such as "ottoman: 3Sq 2Co Dragut" or "hapsburg: 2Sq Doria" (Sq squadrons, Co '
    "corsairs (Ottoman only), naval leaders Andrea Doria, Barbarossa, Dragut)"
)

#: Powers that have naval units (the Protestants and Hungary-Bohemia have none).
NAVAL_POWERS = ("ottoman", "hapsburg", "england", "france", "papacy", "genoa", "venice", "scotland")


@dataclass(frozen=True)
class NavalLeader:
    """A naval leader (RULES.md Part II, table of naval leaders).

    Parameters
    ----------
    name : str
    serves : tuple of str
        The powers whose fleet the leader may lead; the first is his own.
    battle_rating : int
        Added to naval combat dice and to naval interception and avoid-battle rolls.
    piracy_rating : int
        Added to the piracy dice (0 for a leader who is no pirate).

    Examples
    --------
    >>> find_naval_leader("doria").serves
    ('genoa', 'hapsburg', 'france')
    """

    name: str
    serves: tuple[str, ...]
    battle_rating: int
    piracy_rating: int

    @property
    def power(self) -> str:
        """The leader's own power."""
        return self.serves[0]


# RULES.md Part II: the naval leaders' table. Andrea Doria leads the fleet of Genoa or of
# the major power Genoa is allied with (the Hapsburgs or France).
NAVAL_LEADERS: dict[str, NavalLeader] = {
    leader.name: leader
    for leader in (
        NavalLeader("Andrea Doria", ("genoa", "hapsburg", "france"), 2, 0),
        NavalLeader("Barbarossa", ("ottoman",), 2, 1),
        NavalLeader("Dragut", ("ottoman",), 1, 2),
    )
}

_ALIASES = {
    "doria": "Andrea Doria",
    "andrea": "Andrea Doria",
    "hayreddin": "Barbarossa",
    "hayreddin barbarossa": "Barbarossa",
    "khair ad din": "Barbarossa",
    "turgut": "Dragut",
    "turgut reis": "Dragut",
}

_UNIT_WORDS = NAVAL_LETTERS  # the unit-type records' letters
#: The counts of a fleet, in words (for the refusal of a word that is none).
_COUNTS = "Sq (squadrons) or Co (corsairs)"


def _key(text: str) -> str:
    return re.sub(r"[\s_\-.]+", " ", text.strip().lower())


_LOOKUP = {_key(name): leader for name, leader in NAVAL_LEADERS.items()}
_LOOKUP.update({_key(alias): NAVAL_LEADERS[name] for alias, name in _ALIASES.items()})


def is_naval_leader_name(text: str) -> bool:
    """True if ``text`` names a naval leader or an alias of one."""
    return _key(text) in _LOOKUP


def _any_leader_name(text: str) -> bool:
    """A naval leader's name, or a land leader's (refused by :func:`find_naval_leader`
    with the reason)."""
    return is_naval_leader_name(text) or is_leader_name(text)


def find_naval_leader(name: str) -> NavalLeader:
    """Return the naval leader called ``name`` (case-insensitive, with aliases).

    Raises
    ------
    OddsEngineError
        If ``name`` is no naval leader (an army leader is named as such).

    Examples
    --------
    >>> find_naval_leader("Andrea-Doria").battle_rating
    2
    >>> find_naval_leader("turgut").name
    'Dragut'
    """
    if isinstance(name, NavalLeader):
        return name
    if not isinstance(name, str):
        raise OddsEngineTypeError(f"a naval leader is a name, not {shown(name)}")
    leader = _LOOKUP.get(_key(name))
    if leader is not None:
        return leader
    if is_leader_name(name):
        raise OddsEngineError(
            f"{shown(name)} is an army leader: only naval leaders "
            f"({', '.join(NAVAL_LEADERS)}) count at sea"
        )
    import difflib  # only to suggest a name for one refused

    close = difflib.get_close_matches(_key(name), list(_LOOKUP), n=2, cutoff=0.6)
    names = dict.fromkeys(_LOOKUP[match].name for match in close)
    hint = f"; did you mean {', '.join(map(repr, names))}?" if names else ""
    raise OddsEngineError(f"unknown naval leader {shown(name)}{hint}")


@dataclass(frozen=True)
class Fleet:
    """The naval units and naval leaders of one power on one side of a combat at sea.

    Parameters
    ----------
    squadrons, corsairs : int
        Naval units: a squadron takes 2 hits to sink, a corsair 1; corsairs are Ottoman
        only.
    leaders : tuple of NavalLeader
        Only the best battle rating counts in combat and in interception or avoid-battle
        rolls; only the best piracy rating counts in piracy.
    power : str, optional
        Taken from the leaders or the corsairs when not given; a fleet with Andrea Doria
        alone is Genoa's.

    Raises
    ------
    OddsEngineError
        On a negative count, corsairs of a power other than the Ottomans, a leader who
        cannot lead this power's fleet, or a power without a navy.

    Examples
    --------
    >>> fleet = parse_fleet("2Sq 1Co Barbarossa")
    >>> fleet.power, fleet.ships, fleet.battle_rating
    ('ottoman', 3, 2)
    """

    squadrons: int = 0
    corsairs: int = 0
    leaders: tuple[NavalLeader, ...] = ()
    power: str | None = None

    def __post_init__(self):
        for kind in ("squadrons", "corsairs"):
            # A bound far above any navy (limits.py): a count typed by mistake is refused
            # before the engines loop over every possible loss.
            object.__setattr__(self, kind, check_unit_count(kind, getattr(self, kind)))
        if isinstance(self.leaders, (str, NavalLeader)):
            object.__setattr__(self, "leaders", (self.leaders,))  # one leader, by name
        if not isinstance(self.leaders, (list, tuple)):
            raise OddsEngineTypeError(f"leaders must be a list of names, not {shown(self.leaders)}")
        if self.power is not None and not isinstance(self.power, str):
            raise OddsEngineTypeError(f"power must be a power's name, not {shown(self.power)}")
        leaders = tuple(find_naval_leader(leader) for leader in self.leaders)
        if len({leader.name for leader in leaders}) != len(leaders):
            raise OddsEngineError("a naval leader is named twice in one fleet")
        object.__setattr__(self, "leaders", leaders)
        power = normalise_power(self.power) if self.power is not None else None
        if power is None:
            if self.corsairs or any(leader.power == "ottoman" for leader in leaders):
                power = "ottoman"  # Part II: corsairs and the pirates are Ottoman.
            elif leaders:
                power = leaders[0].power
        if power is not None and power not in NAVAL_POWERS:
            raise OddsEngineError(f"{power} has no naval units")
        if self.corsairs and power != "ottoman":
            raise OddsEngineError(f"only the Ottomans have corsairs, not {power}")
        for leader in leaders:
            if power not in leader.serves:
                raise OddsEngineError(
                    f"{leader.name} cannot lead {power_with_article(power)} fleet (he serves "
                    f"{' or '.join(leader.serves)})"
                )
        object.__setattr__(self, "power", power)

    @property
    def ships(self) -> int:
        """Squadrons and corsairs together."""
        return self.squadrons + self.corsairs

    @property
    def battle_rating(self) -> int:
        """The best naval battle rating among the leaders, 0 without leaders."""
        return max((leader.battle_rating for leader in self.leaders), default=0)

    @property
    def piracy_rating(self) -> int:
        """The best piracy rating among the leaders (Barbarossa 1, Dragut 2), else 0."""
        return max((leader.piracy_rating for leader in self.leaders), default=0)

    @property
    def is_ottoman(self) -> bool:
        return self.power == "ottoman"

    def notation(self) -> str:
        """The fleet in the notation :func:`parse_fleet` reads.

        Examples
        --------
        >>> parse_fleet("hapsburg: 2sq doria").notation()
        'hapsburg: 2Sq Andrea Doria'
        """
        parts = [f"{self.power}:"] if self.power else []
        if self.squadrons or not self.corsairs:
            parts.append(f"{self.squadrons}Sq")
        if self.corsairs:
            parts.append(f"{self.corsairs}Co")
        parts.extend(leader.name for leader in self.leaders)
        return " ".join(parts)

    def __str__(self) -> str:
        return self.notation()


def parse_fleet(text: str, *, power: str | None = None) -> Fleet:
    """Read a fleet written as ``"[power:] 3Sq 2Co Leader Leader"``.

    Counts are a number followed by ``Sq`` (squadrons) or ``Co`` (corsairs),
    case-insensitive; each appears once. Leaders are Andrea Doria, Barbarossa and Dragut
    (``doria``, ``andrea-doria``, ``turgut`` ...).

    Raises
    ------
    OddsEngineError
        Naming the token that could not be read; land units are refused.

    Examples
    --------
    >>> parse_fleet("ottoman: 3Sq 2Co Dragut").corsairs
    2
    >>> parse_fleet("france: 1Sq Doria").power
    'france'
    """
    if not isinstance(text, str) or not text.strip():
        raise OddsEngineError("empty fleet: write ships such as '2Sq' or '3Co'")
    power, words = notation.power_and_pieces(text, power, "fleet", "hapsburg: 2Sq")
    counts: dict[str, int] = {}
    leaders: list[NavalLeader] = []
    index = 0
    while index < len(words):
        word = words[index]
        count = notation.COUNT_TOKEN.match(word.lower())
        if count:
            number, letters = count.groups()
            kind = _UNIT_WORDS.get(letters)
            if kind is None:
                why = "land units do not fight at sea" if letters in ("r", "m", "c") else ""
                raise notation.unreadable_count(word, text, "fleet", _COUNTS, why)
            notation.add_count(counts, kind, number, word, text, "fleet")
            index += 1
            continue
        if notation.starts_as_number(word):
            raise notation.unreadable_count(word, text, "fleet", _COUNTS)
        # find_naval_leader refuses a word that names no naval leader, with suggestions.
        leader, length = notation.leader_at(words, index, _any_leader_name, find_naval_leader)
        leaders.append(leader)
        index += length
    if not counts and not leaders:
        raise OddsEngineError(f"fleet {shown(text)} has no ships or leaders")
    return Fleet(**counts, leaders=tuple(leaders), power=power)


def as_fleet(value, role: str) -> Fleet:
    """``value`` as a :class:`Fleet`: a Fleet as it is, a string through
    :func:`parse_fleet`; anything else is refused naming the ``role``."""
    if isinstance(value, Fleet):
        return value
    if isinstance(value, str):
        return parse_fleet(value)
    raise OddsEngineTypeError(f"{role} must be a Fleet or a fleet string, not {shown(value)}")

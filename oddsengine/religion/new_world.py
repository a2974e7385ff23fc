"""The New World's tables as the engines read them (RULES.md §22, §23.15): the discoveries
and conquests with their numbers and VP, and one resolution of an
exploration and of a conquest, over arrays of rolls, that every engine and face uses.

A claim is one bit of a mask: :func:`discoveries` and :func:`conquests` give the order of
the bits. The tables come from ``new_world_tables.csv`` (:func:`religion_facts`); the
thresholds of the rolls are the table's rows.

Examples
--------
>>> [discovery.name for discovery in discoveries()][:3]
['St. Lawrence River', 'Great Lakes', 'Mississippi River']
>>> claim_mask(["Mississippi River"], discoveries(), "discovery")
4
>>> import numpy as np
>>> found = explore(np.array([3]), np.array([7]), np.array([0]), 0, uncharted=True)
>>> found.code.tolist(), found.vp.tolist(), found.gained.tolist()  # the 20.2 example
([2], [1], [4])
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from oddsengine.combat.limits import check_count
from oddsengine.draws import two_dice_pmf
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, checked_flag, shown
from oddsengine.religion.cards import MERCATORS_MAP, SMALLPOX

__all__ = [
    "Claim",
    "discoveries",
    "conquests",
    "EXPLORATION_CODES",
    "CONQUEST_CODES",
    "CHOICES",
    "claim_mask",
    "claim_names",
    "explore",
    "conquer",
    "circumnavigation_count",
    "Explored",
]


@dataclass(frozen=True)
class Claim:
    """A discovery or a conquest: its name, the modified roll that gives it (None: only by
    the choice at 10+), its VP and its bit in a claim mask."""

    name: str
    number: int | None
    vp: int
    bit: int

    @property
    def slug(self) -> str:
        """The name as the command line may write it (``mississippi-river``)."""
        return self.name.lower().replace(".", "").replace(" ", "-")


def _vp_of(table: str, result: str) -> int:
    from oddsengine.religion.records import religion_facts

    for row in religion_facts().tables[table]:
        if row.result == result and row.vp is not None:
            return row.vp
    raise OddsEngineError(f"new_world_tables.csv: no {table} row for {result!r}")


def _numbered(table: str) -> list[tuple[int, str, int]]:
    """(number, name, VP) of a table's rows that give one named claim for one roll."""
    from oddsengine.religion.records import religion_facts

    rows = []
    for row in religion_facts().tables[table]:
        if row.low is not None and row.vp:
            rows.append((row.low, row.result, row.vp))
    return rows


@lru_cache(maxsize=1)
def discoveries() -> tuple[Claim, ...]:
    """The discoveries, in the order of their bits: the numbered ones (7, 8, 9), the Amazon,
    the Pacific Strait and the circumnavigation (read from the data on first use)."""
    numbered = [(number, name, vp) for number, name, vp in _numbered("exploration") if number < 10]
    claims = [
        Claim(name, number, vp, 1 << index)
        for index, (number, name, vp) in enumerate(sorted(numbered))
    ]
    # 22: on 10+, the Amazon (2 VP) or the Pacific Strait (1 VP, on choosing to
    # circumnavigate), and the circumnavigation itself (3 VP).
    for name, table in (
        ("Amazon River", "exploration"),
        ("Pacific Strait", "exploration"),
        ("Circumnavigation", "circumnavigation"),
    ):
        claims.append(Claim(name, None, _vp_of(table, name), 1 << len(claims)))
    return tuple(claims)


@lru_cache(maxsize=1)
def conquests() -> tuple[Claim, ...]:
    """The conquests, in the order of their bits: Maya (9), Aztecs (10), Inca (11+)."""
    # 23.15: 9 Maya, 10 Aztecs, 11+ Inca (the data's stated reading).
    rows = sorted(_numbered("conquest"))
    return tuple(
        Claim(name, number, vp, 1 << index) for index, (number, name, vp) in enumerate(rows)
    )


#: The outcomes of one exploration, by code (22): lost at sea (4 or less), nothing (5–6, or
#: every reachable discovery claimed), a discovery, a circumnavigation, a circumnavigation
#: failed (the explorer lost, the Pacific Strait kept).
EXPLORATION_CODES = ("lost", "nothing", "discovery", "circumnavigation", "circumnavigation_failed")
#: The outcomes of one conquest, by code (22): killed (6 or less), nothing, a conquest.
CONQUEST_CODES = ("killed", "nothing", "conquest")
#: The choice at 10+ (22, 23.15): ``best`` expected VP of this voyage (the Pacific
#: Strait's 1 VP counted when unclaimed; ties to the sure VP: the Amazon, then a 1-VP
#: discovery, then the circumnavigation), or one of the three whenever it is open (else
#: the best of the others).
CHOICES = ("best", "circumnavigate", "amazon", "discovery")

_LOST, _NOTHING, _DISCOVERY, _CIRCUMNAVIGATION, _FAILED = range(5)


def _claim(name: str, claims, what: str) -> Claim:
    if not isinstance(name, str):
        raise OddsEngineTypeError(f"a {what} is a name, not {shown(name)}")
    if not name.strip():
        raise OddsEngineError(f"an empty {what} name: name each {what} claimed")
    wanted = name.strip().casefold()
    for claim in claims:
        short = claim.name.casefold().removesuffix(" river")
        if wanted in (claim.name.casefold(), claim.slug, short, short.replace(".", "")):
            return claim
    raise OddsEngineError(
        f"unknown {what} {str(name).strip()!r}; use one of "
        + ", ".join(claim.name for claim in claims)
    )


def claim_mask(names, claims, what: str) -> int:
    """The mask of the claims named (names, slugs or the name without "River"), each
    checked: an unknown one is refused with the valid names.

    Examples
    --------
    >>> claim_mask("aztecs, inca", conquests(), "conquest")
    6
    >>> claim_mask(["Atlantis"], discoveries(), "discovery")
    Traceback (most recent call last):
    ...
    oddsengine.errors.OddsEngineError: unknown discovery 'Atlantis'; use one of St. Lawrence ...
    """
    claims = _claims(claims)
    if isinstance(names, str):
        names = names.split(",") if names.strip() else ()
    if isinstance(names, bytes) or not hasattr(names, "__iter__"):
        raise OddsEngineTypeError(f"the {what}s claimed are names, not {shown(names)}")
    mask = 0
    for name in names:
        claim = _claim(name, claims, what)
        if mask & claim.bit:
            raise OddsEngineError(f"the {what} {claim.name!r} is listed twice")
        mask |= claim.bit
    return mask


def _claims(claims) -> tuple[Claim, ...]:
    """A table of claims (:func:`discoveries` or :func:`conquests`), checked."""
    if isinstance(claims, (str, bytes)) or not hasattr(claims, "__iter__"):
        raise OddsEngineTypeError(
            f"claims must be discoveries() or conquests(), not {shown(claims)}"
        )
    claims = tuple(claims)
    if not all(isinstance(claim, Claim) for claim in claims):
        raise OddsEngineTypeError(
            f"claims must be discoveries() or conquests(), not {shown(claims)}"
        )
    return claims


def claim_names(mask: int, claims) -> tuple[str, ...]:
    """The names of the claims in ``mask``, in the table's order."""
    claims = _claims(claims)
    mask = check_count("mask", mask, (1 << len(claims)) - 1)
    return tuple(claim.name for claim in claims if mask & claim.bit)


def circumnavigation_count(value: int, mercator: bool) -> int:
    """Of the 36 rolls of 2d6, how many circumnavigate (22: 2d6 + value, +2 with Mercator's
    Map, never the Uncharted −1; 10 or more).

    Examples
    --------
    >>> circumnavigation_count(4, False), circumnavigation_count(0, False)
    (26, 6)
    """
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise OddsEngineTypeError(f"value must be a whole number, not {shown(value)}")
    return _circumnavigation_count(int(value), checked_flag(mercator, "mercator"))


@lru_cache(maxsize=64)
def _circumnavigation_count(value: int, mercator: bool) -> int:
    pmf = two_dice_pmf()
    need = 10 - value - MERCATORS_MAP.modifier_on("circumnavigation") * mercator
    return round(36 * float(pmf[max(need, 0) :].sum()))


#: The widest span of explorers' values :func:`_circumnavigation_counts` reads from a table.
_COUNTED_VALUES = 64


def _circumnavigation_counts(value: np.ndarray, mercator: np.ndarray) -> np.ndarray:
    """:func:`circumnavigation_count` of every ``value`` and ``mercator`` (broadcast), each
    distinct pair counted once (the voyages of a turn repeat a few explorers' values)."""
    value, mercator = np.broadcast_arrays(value, mercator)
    if value.size and int(value.max()) - int(value.min()) < _COUNTED_VALUES:
        # The game's values span a few numbers: a table over them, read without a sort.
        low = int(value.min())
        table = np.array(
            [
                [_circumnavigation_count(each, False), _circumnavigation_count(each, True)]
                for each in range(low, int(value.max()) + 1)
            ],
            dtype=np.int64,
        )
        return table[value - low, mercator.astype(np.intp)]
    pairs, inverse = np.unique(value * 2 + mercator, return_inverse=True)
    counts = [_circumnavigation_count(pair // 2, bool(pair % 2)) for pair in pairs.tolist()]
    return np.array(counts, dtype=np.int64)[inverse].reshape(value.shape)


@dataclass(frozen=True)
class Explored:
    """One resolution over arrays of voyages: the outcome ``code`` (the index of
    :data:`EXPLORATION_CODES` or :data:`CONQUEST_CODES`), the claims ``gained`` (a mask),
    the ``vp`` won and whether a card is drawn (a circumnavigation rolled 12 or more)."""

    code: np.ndarray
    gained: np.ndarray
    vp: np.ndarray
    card: np.ndarray


#: The largest value, roll or mask an array of voyages may hold: the game's are a dozen or
#: so; the bound keeps the sums of int64 from wrapping.
_LARGEST = 1 << 40


def _integers(name: str, values) -> np.ndarray:
    """``values`` as an array of whole numbers (int64), refused in words otherwise."""
    array = np.asarray(values)
    if array.dtype == object or not (np.issubdtype(array.dtype, np.integer) or array.dtype == bool):
        raise OddsEngineTypeError(f"{name} must be whole numbers, not {shown(values)}")
    if array.size and (array.min() < -_LARGEST or array.max() > _LARGEST):
        raise OddsEngineError(f"{name} holds a number beyond the game's, {shown(values)}")
    return array.astype(np.int64)


def _flags(name: str, values) -> np.ndarray:
    """``values`` as an array of True/False, refused in words otherwise."""
    array = np.asarray(values)
    if array.dtype != bool:
        raise OddsEngineTypeError(f"{name} must be True or False, not {shown(values)}")
    return array


def _highest_open(limit, claimed, claims) -> tuple[np.ndarray, np.ndarray]:
    """The highest-numbered claim at or below ``limit`` that is not claimed: its bit and
    VP (0 where none is open)."""
    bit = np.zeros_like(limit)
    vp = np.zeros_like(limit)
    for claim in sorted((c for c in claims if c.number is not None), key=lambda c: c.number):
        # Ascending, so a higher open number overwrites a lower one.
        open_here = (limit >= claim.number) & ((claimed & claim.bit) == 0)
        bit = np.where(open_here, claim.bit, bit)
        vp = np.where(open_here, claim.vp, vp)
    return bit, vp


def explore(
    value,
    roll,
    circumnavigation_roll,
    claimed,
    *,
    mercator=False,
    uncharted=False,
    choice: str = "best",
) -> Explored:
    """Resolve explorations (22): 2d6 ``roll`` + the explorer's ``value``, +2 with
    Mercator's Map, −1 Uncharted, against the discoveries already ``claimed`` (a mask, or
    an array of masks); on choosing to circumnavigate, ``circumnavigation_roll`` (2d6) +
    value (+2 Mercator, never Uncharted). Every argument broadcasts.

    Examples
    --------
    Magellan (4) rolls 6 (10): the best choice is to circumnavigate (1 + 3 x 26/36 VP
    against the Amazon's 2); he rolls 6 again, 10: he circumnavigates.

    >>> done = explore(np.array([4]), np.array([6]), np.array([6]), 0)
    >>> done.code.tolist(), done.vp.tolist(), claim_names(int(done.gained[0]), discoveries())
    ([3], [4], ('Pacific Strait', 'Circumnavigation'))
    """
    if not isinstance(choice, str) or choice not in CHOICES:
        raise OddsEngineError(
            f"unknown choice {shown(choice)} at 10+; use one of {', '.join(CHOICES)}"
        )
    claims = discoveries()
    amazon, strait, circle = claims[-3], claims[-2], claims[-1]
    value, roll = _integers("value", value), _integers("roll", roll)
    claimed = _integers("claimed", claimed)
    circumnavigation_roll = _integers("circumnavigation_roll", circumnavigation_roll)
    mercator, uncharted = _flags("mercator", mercator), _flags("uncharted", uncharted)
    shape = np.broadcast_shapes(
        value.shape,
        roll.shape,
        claimed.shape,
        mercator.shape,
        uncharted.shape,
        np.shape(circumnavigation_roll),
    )
    # 22: 2d6 + value, +2 Mercator's Map, -1 on the power's first exploration (Uncharted).
    modified = roll + value + MERCATORS_MAP.modifier_on("exploration") * mercator - uncharted
    code = np.full(shape, _NOTHING, dtype=np.int64)
    gained = np.zeros(shape, dtype=np.int64)
    vp = np.zeros(shape, dtype=np.int64)
    code = np.where(modified <= 4, _LOST, code)  # 22: 4 or less, lost at sea
    # 22: 7-9, that number's discovery, or the next unclaimed one below it; 23.15: none
    # open, nothing (the explorer goes back to the pool).
    middle = (modified >= 7) & (modified <= 9)
    bit, bit_vp = _highest_open(np.minimum(modified, 9), claimed, claims)
    found = middle & (bit > 0)
    code = np.where(found, _DISCOVERY, code)
    gained = np.where(found, bit, gained)
    vp = np.where(found, bit_vp, vp)
    # 22: 10 or more, the choice of (a) the Pacific Strait and a circumnavigation, (b) the
    # Amazon, (c) any unclaimed 1-VP discovery (the highest open number: it leaves the
    # lower ones to later rolls that fall back on them).
    high = modified >= 10
    any_bit, any_vp = _highest_open(np.full(shape, 9), claimed, claims)
    can_circle = (claimed & circle.bit) == 0  # once a game
    can_amazon = (claimed & amazon.bit) == 0
    can_one = any_bit > 0
    # 23.15: expected VP of each choice, in 36ths: the strait's VP when unclaimed, and 3
    # VP for each of the rolls that circumnavigate.
    counts = _circumnavigation_counts(value, mercator)
    circle_36 = 36 * strait.vp * ((claimed & strait.bit) == 0) + circle.vp * counts
    options = {
        "amazon": (can_amazon, 36 * amazon.vp * np.ones(shape, dtype=np.int64)),
        "discovery": (can_one, 36 * any_vp),
        "circumnavigate": (can_circle, circle_36),
    }
    best = np.full(shape, -1, dtype=np.int64)
    best_36 = np.full(shape, -1, dtype=np.int64)
    for index, name in enumerate(options):  # ties to the sure VP: the order of ``options``
        allowed, worth = options[name]
        better = allowed & (np.broadcast_to(worth, shape) > best_36)
        best = np.where(better, index, best)
        best_36 = np.where(better, worth, best_36)
    if choice != "best":
        allowed, _ = options[choice]
        best = np.where(allowed, list(options).index(choice), best)
    take_amazon = high & (best == 0)
    take_one = high & (best == 1)
    take_circle = high & (best == 2)
    code = np.where(take_amazon | take_one, _DISCOVERY, code)
    gained = np.where(take_amazon, amazon.bit, np.where(take_one, any_bit, gained))
    vp = np.where(take_amazon, amazon.vp, np.where(take_one, any_vp, vp))
    # 22 (a): the Pacific Strait is claimed (if unclaimed) before the circumnavigation roll,
    # 2d6 + value (+2 Mercator, never Uncharted): 9 or less the explorer is lost, 10 or
    # more success, 12 or more also a card.
    strait_open = (claimed & strait.bit) == 0
    circled = (
        np.asarray(circumnavigation_roll, dtype=np.int64)
        + value
        + MERCATORS_MAP.modifier_on("circumnavigation") * mercator
    )
    success = take_circle & (circled >= 10)
    code = np.where(take_circle, np.where(success, _CIRCUMNAVIGATION, _FAILED), code)
    strait_gained = np.where(take_circle & strait_open, strait.bit, 0)
    gained = np.where(take_circle, strait_gained | np.where(success, circle.bit, 0), gained)
    vp = np.where(
        take_circle, np.where(strait_gained > 0, strait.vp, 0) + np.where(success, circle.vp, 0), vp
    )
    card = success & (circled >= 12)
    return Explored(code, gained, vp, card)


def conquer(value, roll, claimed, *, smallpox=False) -> Explored:
    """Resolve conquests (22): 2d6 ``roll`` + the conquistador's ``value``, +2 with
    Smallpox: 6 or less killed, 7–8 nothing, 9 or more the conquest of that number (9 Maya,
    10 Aztecs, 11+ Inca) or the next unclaimed one below it (none open: nothing, 23.15).

    Examples
    --------
    Cortez (4) with Smallpox rolls 5: 11, the Inca (2 VP).

    >>> won = conquer(np.array([4]), np.array([5]), 0, smallpox=True)
    >>> won.code.tolist(), won.vp.tolist(), claim_names(int(won.gained[0]), conquests())
    ([2], [2], ('Inca',))
    """
    claims = conquests()
    value, roll = _integers("value", value), _integers("roll", roll)
    claimed = _integers("claimed", claimed)
    # 22: +2 with Smallpox
    modified = roll + value + SMALLPOX.modifier_on("conquest") * _flags("smallpox", smallpox)
    shape = np.broadcast_shapes(modified.shape, claimed.shape)
    top = max(claim.number for claim in claims)
    bit, bit_vp = _highest_open(np.broadcast_to(np.minimum(modified, top), shape), claimed, claims)
    # 23.15: with no conquest open at or below the roll, nothing (back to the pool).
    found = (modified >= min(claim.number for claim in claims)) & (bit > 0)
    code = np.where(modified <= 6, 0, np.where(found, 2, 1))  # 22: 6 or less, killed
    return Explored(
        code.astype(np.int64),
        np.where(found, bit, 0),
        np.where(found, bit_vp, 0),
        np.zeros(shape, dtype=bool),
    )

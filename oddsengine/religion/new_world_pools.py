"""Who sails to the New World (RULES.md §22): the powers that explore and conquer, each
power's pool of explorers and of conquistadors (England's and France's conquest markers),
less those removed and those not yet entered, and what an exploration and a conquest share
(:class:`Voyaging`: the power, who sails, the pool it is drawn from).

Examples
--------
>>> [explorer.name for explorer in explorer_pool("france")]
['Cartier', 'Roberval', 'Verrazano']
>>> check_power("Hapsburg")
'hapsburg'
"""

from __future__ import annotations

import numpy as np

from oddsengine.declaration import option
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, checked_flag, shown
from oddsengine.religion.new_world import claim_mask, claim_names
from oddsengine.religion.record_types import NEW_WORLD_POWERS

__all__ = [
    "POWERS",
    "CONQUEST_MARKERS",
    "Voyaging",
    "check_power",
    "checked_turn",
    "sailor_option",
    "claimed_option",
    "removed_option",
    "pool_turn_option",
    "conquistador_pool",
    "explorer_pool",
    "names_of",
    "pool_pmf",
]

#: conquistadors.csv: England and France each have 2 conquest markers (value 0).
CONQUEST_MARKERS = 2
#: The powers that explore and conquer (22).
POWERS = NEW_WORLD_POWERS


def check_power(power) -> str:
    """The power, lower-cased, if it explores (22); else refused."""
    if not isinstance(power, str):
        raise OddsEngineTypeError(f"power must be a power's name, not {shown(power)}")
    name = power.strip().lower()
    if name not in POWERS:
        raise OddsEngineError(
            f"unknown power {power!r} for a voyage; only {', '.join(POWERS)} go to the New "
            "World (22)"
        )
    return name


def names_of(values, what: str) -> tuple[str, ...]:
    """Names given as a list or as one text separated by commas (None, ``""`` or ``()``:
    none); an empty name among others (``"Cartier,"``) is refused, never dropped."""
    if values is None:
        return ()
    if isinstance(values, str):
        values = values.split(",") if values.strip() else ()
    if not isinstance(values, (list, tuple)) or not all(isinstance(v, str) for v in values):
        raise OddsEngineTypeError(f"{what} must be names written as text, not {shown(values)}")
    if any(not value.strip() for value in values):
        raise OddsEngineError(f"{what}: an empty name in {shown(values)}")
    return tuple(value.strip() for value in values)


def checked_turn(turn) -> int | None:
    """The turn a pool is read at (1..9), or None for every sailor."""
    if turn is None:
        return None
    if isinstance(turn, bool) or not isinstance(turn, (int, np.integer)):
        raise OddsEngineTypeError(f"turn must be a whole number, not {shown(turn)}")
    if not 1 <= turn <= 9:
        raise OddsEngineError(f"turn must be 1..9, not {turn}")
    return int(turn)


# -- the options an exploration and a conquest both declare (22) --------------------------


def sailor_option(words: str, offer: str):
    """The option of who sails (the explorer, the conquistador): a name, or ``random``,
    drawn from the pool; ``offer`` names the spec's classmethod giving the choices."""
    return option(
        words, rule="§22", value="choice", default="random", metavar="NAME|random", offer=offer
    )


def claimed_option(words: str, **declared):
    """The option of the claims already made (discoveries, conquests), offered by
    :meth:`Voyaging.claims_offered`; ``declared`` adds to it (its label)."""
    return option(
        words, rule="§22", default=(), metavar="NAME,...", offer="claims_offered", **declared
    )


def removed_option(words: str, offer: str):
    """The option of the sailors no longer in the pool; ``offer`` names the spec's
    classmethod giving those in it."""
    return option(words, rule="§22", default=(), metavar="NAME,...", offer=offer)


def pool_turn_option(word: str):
    """The option of the turn the pool is read at (:func:`checked_turn`): the sailors
    entered by it, ``word`` naming them."""
    return option(
        f"the pool holds the {word}s entered by this turn",
        default=None,
        low=1,
        high=9,
        metavar="T",
    )


def _find(name: str, records, word: str, power: str):
    """The record of ``name`` for ``power`` (matched without regard to case); one of
    another power is refused as such."""
    wanted = name.strip().casefold().replace("-", " ")
    same = [record for record in records if record.name.casefold() == wanted]
    mine = [record for record in same if record.power == power]
    if mine:
        return mine[0]
    if same:
        others = ", ".join(sorted({record.power for record in same}))
        article = "an" if word[0] in "aeiou" else "a"
        raise OddsEngineError(
            f"{same[0].name} is {article} {word} of {others}, not of {power} (22)"
        )
    known = ", ".join(dict.fromkeys(record.name for record in records if record.power == power))
    raise OddsEngineError(f"unknown {word} {name.strip()!r} of {power}; {power}'s are {known}")


def _pool(records, removed, turn, word, power, copies=1):
    """The pool: each record of the power in the random pool, entered by ``turn``, ``copies``
    times, less the names ``removed`` (a name once per copy removed)."""
    pool = [
        record
        for record in records
        if record.in_random_pool and (turn is None or record.entry_turn <= turn)
        for _ in range(copies)
    ]
    for name in removed:
        record = _find(name, records, word, power)
        if record not in pool:
            raise OddsEngineError(
                f"{record.name} is listed as removed more often than the "
                f"{word}s of {power} hold him"
            )
        pool.remove(record)
    return tuple(pool)


def explorer_pool(power: str, removed=(), turn=None):
    """The explorers of ``power``'s random pool (22), less those ``removed`` (lost at sea
    or placed on a discovery), entered by ``turn``.

    Examples
    --------
    >>> [explorer.name for explorer in explorer_pool("france", removed=["Cartier"])]
    ['Roberval', 'Verrazano']
    """
    from oddsengine.religion.records import religion_facts

    power = check_power(power)
    records = religion_facts().explorers_of(power, pool_only=False)
    return _pool(records, names_of(removed, "removed"), checked_turn(turn), "explorer", power)


def conquistador_pool(power: str, removed=(), turn=None):
    """The conquistadors of ``power``'s pool (22): the Hapsburgs' five, or England's and
    France's two conquest markers, less those ``removed`` (killed, or placed on a conquest).

    Examples
    --------
    >>> len(conquistador_pool("england", removed=["English Conquest"]))
    1
    """
    from oddsengine.religion.records import religion_facts

    power = check_power(power)
    records = religion_facts().conquistadors_of(power)
    copies = 1 if power == "hapsburg" else CONQUEST_MARKERS
    return _pool(
        records, names_of(removed, "removed"), checked_turn(turn), "conquistador", power, copies
    )


def pool_pmf(size: int) -> np.ndarray:
    """A draw at random from a pool of ``size`` (22): 1/size each."""
    return np.full(size, 1.0 / size)  # 22: drawn at random from the pool


class Voyaging:
    """What an exploration and a conquest share: the power, who sails, the pool, what is
    claimed and what it costs (a spec class gives ``power``, ``removed``, ``turn``,
    ``claimed``, its sailor's field and ``_word``, its claims ``_claims``, named
    ``_claim_word``, and its cost in CP ``_cost``)."""

    #: What a card is valued in: the expected VP (``expected.vp``), in VP.
    card_measure = ("vp", "VP", "expected VP of the voyage")

    def _check_common(self, word: str, pool_of):
        """Check the power, the removed, the turn and who sails (``word``'s field), and
        keep the pool he is drawn from (``pool_of``'s), which is returned."""
        pool = self._checked_pool(word, pool_of)
        object.__setattr__(self, "_pool", pool)
        return pool

    def _checked_pool(self, word: str, pool_of):
        object.__setattr__(self, "power", check_power(self.power))
        object.__setattr__(self, "removed", names_of(self.removed, "removed"))
        object.__setattr__(self, "turn", checked_turn(self.turn))
        who = getattr(self, word)
        if not isinstance(who, str) or not who.strip():
            raise OddsEngineTypeError(f"{word} must be a name or 'random', not {shown(who)}")
        pool = pool_of(self.power, self.removed, self.turn)
        if who.strip().lower() == "random":
            object.__setattr__(self, word, "random")
            if not pool:
                raise OddsEngineError(
                    f"{self.power} has no {word} left in its pool (all removed as given, 22)"
                )
            return pool
        from oddsengine.religion.records import religion_facts

        facts = religion_facts()
        records = facts.explorers if word == "explorer" else facts.conquistadors
        record = _find(who, records, word, self.power)
        object.__setattr__(self, word, record.name)
        if record.in_random_pool and record not in pool:
            late = self.turn is not None and record.entry_turn > self.turn
            raise OddsEngineError(
                f"{record.name} is not in {self.power}'s pool: "
                + (f"he enters on turn {record.entry_turn}" if late else "listed as removed")
            )
        return (record,)

    def _check_claimed(self) -> None:
        """Keep the claims already made (``claimed``) in the table's order and spelling,
        each checked (an unknown one refused with the valid names)."""
        mask = claim_mask(names_of(self.claimed, "claimed"), self._claims(), self._claim_word)
        object.__setattr__(self, "claimed", claim_names(mask, self._claims()))

    @classmethod
    def claims_offered(cls, values) -> list[str]:
        """Every claim it may make (the discoveries, or the conquests), by its slug."""
        return [claim.slug for claim in cls._claims()]

    @property
    def pool(self) -> tuple:
        """The explorers, or the conquistadors (markers), who may sail (one when named)."""
        return self._pool

    @property
    def claimed_mask(self) -> int:
        return claim_mask(self.claimed, self._claims(), self._claim_word)

    @property
    def reported_columns(self) -> dict:
        """Expected VP, and VP per CP (22: an exploration costs 2 CP, a conquest 4)."""
        return {"vp": ("vp", 1.0), "vp_per_cp": ("vp", 1.0 / self._cost)}

    def _check_flags(self, names) -> None:
        """Each of the fields ``names`` as a bool, refused unless True or False (a numpy
        bool too)."""
        for name in names:
            object.__setattr__(self, name, checked_flag(getattr(self, name), name))

    @property
    def explorer_values(self) -> np.ndarray:
        """The value of each sailor of the pool, in its order."""
        return np.array([record.value for record in self.pool], dtype=np.int64)

    def _drawn(self) -> bool:
        """Whether the sailor is drawn from several different ones."""
        return len({record.name for record in self.pool}) > 1

    def _who_columns(self, index) -> dict:
        if not self._drawn():
            return {}
        names = [record.name for record in self.pool]
        return {
            f"{self._word}:{name}": np.isin(index, [i for i, n in enumerate(names) if n == name])
            for name in dict.fromkeys(names)
        }

    def _who_names(self) -> tuple[str, ...]:
        if not self._drawn():
            return ()
        return tuple(
            f"{self._word}:{name}" for name in dict.fromkeys(record.name for record in self.pool)
        )

"""Draw plans: the discrete distributions an engagement's randomness reduces to.

The vocabulary at the bottom of the layers: specs (``combat/``, ``moves/``) say what they
randomise with it, and engines decide how to count it, so neither imports the other.
A :class:`DrawPlan` is what a spec hands to both engines. The Monte Carlo engine turns it
into inverse-CDF thresholds for :func:`oddsengine.engines._kernels.count_cells`; the exact engine
multiplies its probabilities out. Both produce a weight for every *cell* (a combination
of the plan's four values), and the spec's rules turn cells into outcomes.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache
from math import comb, fsum

import numpy as np

from oddsengine.errors import OddsEngineTypeError, shown

__all__ = [
    "CampaignEndStates",
    "DrawPlan",
    "OutcomeColumns",
    "StateDigits",
    "draw_plan_of",
    "binomial_pmf",
    "convolve",
    "falling_order",
    "two_dice_pmf",
    "weighted_mean",
    "HIT_CHANCE",
]

#: A die hits on 5 or 6 (14 step 6, 15.1).
HIT_CHANCE = 1.0 / 3.0

_POINT_MASS_AT_ZERO = np.ones(1)


@lru_cache(maxsize=4096)
def _binomial_pmf(dice: int, chance: float) -> np.ndarray:
    # In exact rationals, each rounded once: the same bits on every machine, where a
    # float power is the C library's pow, whose last bit differs between its FMA and
    # non-FMA versions (glibc picks one by the CPU) and between libraries.
    hit = _die_chance(chance)
    miss = 1 - hit
    values = np.array(
        [float(comb(dice, hits) * hit**hits * miss ** (dice - hits)) for hits in range(dice + 1)]
    )
    values.setflags(write=False)
    return values


def _die_chance(chance: float) -> Fraction:
    """``chance`` as the fraction of a die's faces it stands for (1/3 for ``1.0 / 3.0``),
    or, when it stands for none, the float's own exact value."""
    faces = Fraction(chance).limit_denominator(6)
    return faces if float(faces) == chance else Fraction(chance)


def binomial_pmf(dice: int, chance: float = HIT_CHANCE) -> np.ndarray:
    """Probability of 0..``dice`` hits when each die hits with probability ``chance``.

    Every entry is the exact binomial probability rounded once to a float (a chance
    that is a die's 1/6, 1/3, 1/2... is taken as that fraction), so it has the same last
    bit on every machine.

    Examples
    --------
    >>> binomial_pmf(2).round(4).tolist()
    [0.4444, 0.4444, 0.1111]
    >>> float(binomial_pmf(2)[1]) == 4 / 9  # the exact 4/9, rounded once
    True
    """
    return _binomial_pmf(max(int(dice), 0), float(chance))


def convolve(*pmfs: np.ndarray) -> np.ndarray:
    """Distribution of the sum of independent counts.

    Each entry is a sum of products added in one fixed order (the first distribution's
    values in turn), so it has the same last bit on every machine: ``np.convolve`` adds
    through the BLAS dot product, whose order of additions depends on the CPU's kernel.

    Examples
    --------
    >>> convolve(np.array([0.5, 0.5]), np.array([0.25, 0.75])).tolist()
    [0.125, 0.5, 0.375]
    """
    total = _POINT_MASS_AT_ZERO
    for pmf in pmfs:
        total = _convolve_two(total, np.asarray(pmf, dtype=float))
    return total


def _convolve_two(first: np.ndarray, second: np.ndarray) -> np.ndarray:
    out = np.zeros(first.size + second.size - 1)
    for index, chance in enumerate(first.tolist()):
        # An elementwise product and sum: each rounded on its own, whatever the SIMD.
        out[index : index + second.size] += chance * second
    return out


def weighted_mean(weights: np.ndarray, values: np.ndarray) -> float:
    """The sum of ``weights * values``, correctly rounded.

    ``math.fsum`` gives the same last digit on every machine and NumPy build, where a
    BLAS dot product does not (its order of additions depends on the CPU's kernel), so
    expected values print identically everywhere.

    >>> weighted_mean(np.array([0.25, 0.75]), np.array([2, 4]))
    3.5
    """
    return fsum((np.asarray(weights, dtype=float) * values).tolist())


#: Values that agree to this many bits of their mantissa (a relative 2**-40, about
#: 1e-12) are equal to :func:`falling_order`: their last bits are rounding.
_ORDER_BITS = 40


def falling_order(values: np.ndarray) -> np.ndarray:
    """The indices of ``values`` from the largest to the smallest (NaN last); values equal
    but for their last bits (a relative 1e-12) keep the order they are given in.

    The same order on every machine: a quicksort orders equal values as the CPU's SIMD
    sort does (NumPy's AVX-512 and AVX2 sorts each differently), and a last bit of
    rounding would decide between two equal probabilities.

    Examples
    --------
    >>> falling_order(np.array([0.1, 0.3, 0.1 * (1 + 2**-50), 0.2])).tolist()
    [1, 3, 0, 2]
    """
    mantissa, exponent = np.frexp(np.asarray(values, dtype=float))
    # frexp, a product by a power of 2, rounding to a whole number and ldexp are exact.
    kept = np.ldexp(np.round(mantissa * 2.0**_ORDER_BITS), exponent - _ORDER_BITS)
    return np.argsort(-kept, kind="stable")


@lru_cache(maxsize=1024)
def _cell_values(shape: tuple[int, int, int, int]) -> tuple[np.ndarray, ...]:
    # Shared by every plan of this shape: the grids are read-only.
    grids = np.meshgrid(*(np.arange(size) for size in shape), indexing="ij")
    values = tuple(grid.ravel() for grid in grids)
    for value in values:
        value.setflags(write=False)
    return values


def two_dice_pmf() -> np.ndarray:
    """Distribution of the total of 2d6, indexed 0..12.

    Examples
    --------
    >>> round(two_dice_pmf()[7] * 36)
    6
    """
    pmf = np.zeros(13)
    for first in range(1, 7):
        for second in range(1, 7):
            pmf[first + second] += 1.0 / 36.0
    return pmf


@dataclass(frozen=True, eq=False)
class DrawPlan:
    """Up to four discrete random values per trial.

    Parameters
    ----------
    first : ndarray, shape (n1,)
        Distribution of the first value.
    second : ndarray, shape (rows, n2)
        Distribution of the second value given ``row = min(first, rows - 1)``.
    attacker_extra, defender_extra : ndarray, shape (n3,) and (n4,)
        Independent extra values (dice added after the roll); ``[1.0]`` when absent.
    """

    first: np.ndarray
    second: np.ndarray
    attacker_extra: np.ndarray | None = None
    defender_extra: np.ndarray | None = None

    def __post_init__(self):
        second = np.atleast_2d(np.asarray(self.second, dtype=float))
        object.__setattr__(self, "second", second)
        for name in ("first", "attacker_extra", "defender_extra"):
            value = getattr(self, name)
            value = _POINT_MASS_AT_ZERO if value is None else value
            object.__setattr__(self, name, np.asarray(value, dtype=float))

    @property
    def shape(self) -> tuple[int, int, int, int]:
        """Sizes of the four values: the histogram has their product of cells."""
        return (
            self.first.size,
            self.second.shape[1],
            self.attacker_extra.size,
            self.defender_extra.size,
        )

    @property
    def cells(self) -> int:
        return int(np.prod(self.shape))

    def cell_values(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """The four values of every cell, in the kernel's histogram order (read-only)."""
        return _cell_values(self.shape)

    def cell_probabilities(self) -> np.ndarray:
        """Exact probability of every cell, in the kernel's histogram order (read-only:
        computed once per plan)."""
        return self._cell_probabilities

    @cached_property
    def _cell_probabilities(self) -> np.ndarray:
        rows = self.second.shape[0]
        first_index = np.arange(self.first.size)
        joint = self.first[:, None] * self.second[np.minimum(first_index, rows - 1)]
        joint = joint[:, :, None, None] * self.attacker_extra[None, None, :, None]
        joint = joint * self.defender_extra[None, None, None, :]
        probabilities = joint.ravel()
        probabilities.setflags(write=False)
        return probabilities

    def thresholds(self) -> tuple[np.ndarray, np.ndarray]:
        """Inverse-CDF tables for the kernel: ``(thresholds, layout)``.

        ``thresholds`` has one row per table (first, each row of second, the two
        extras), each holding ``size - 1`` ascending uint32 cut points; ``layout`` holds
        the sizes (see :data:`oddsengine.engines._kernels.LAYOUT_FIELDS`).
        """
        tables = [self.first, *self.second, self.attacker_extra, self.defender_extra]
        width = max(max(table.size for table in tables) - 1, 1)
        cut_points = np.full((len(tables), width), np.iinfo(np.uint32).max, dtype=np.uint32)
        for row, table in enumerate(tables):
            cumulative = np.cumsum(table / table.sum())[:-1]
            # Value v is drawn when exactly v cut points lie at or below the 32-bit
            # uniform: P(value > v) = 1 - cut[v] / 2**32. The resolution is 2**-32.
            cut = np.minimum(np.round(cumulative * 2.0**32), 2.0**32 - 1)
            cut_points[row, : cut.size] = cut.astype(np.uint32)
        layout = np.array(
            [
                self.first.size,
                self.second.shape[0],
                self.second.shape[1],
                self.attacker_extra.size,
                self.defender_extra.size,
            ],
            dtype=np.int64,
        )
        return cut_points, layout


class OutcomeColumns(dict):
    """The columns describing every cell of a draw plan (name to array), with what the
    rules that made them know about them.

    A plain ``dict`` to every reader; the merge of cells into end states
    (:mod:`oddsengine.results.end_states`) reads two more facts, when the spec gives them:

    - ``derived``: the names of columns that are a function of the columns before them
      (a side's units by type, of its survivors; a leader's capture, of its side's
      survivors). Cells alike in every other column are alike in these, so the merge
      compares the others only.
    - ``codes``: for a column of labels, each cell's place among the sorted labels it may
      hold (``name: (codes, labels)``), so that the merge need not read the texts.

    Parameters
    ----------
    columns : dict of str to array
    derived : iterable of str
    codes : dict of str to (int array, tuple of str)

    Examples
    --------
    >>> wins = np.array([True, False])
    >>> columns = OutcomeColumns(
    ...     {"outcome": np.array(["attacker_wins", "defender_wins"], dtype=object)},
    ...     codes={"outcome": ((~wins).astype(np.int64), ("attacker_wins", "defender_wins"))},
    ... )
    >>> list(columns), columns.codes["outcome"][0].tolist()
    (['outcome'], [0, 1])
    """

    def __init__(self, columns=(), derived=(), codes=None):
        super().__init__(columns)
        self.derived = frozenset(derived)
        self.codes = {} if codes is None else dict(codes)
        self._made = tuple(self.items())

    def facts(self) -> tuple[frozenset, dict]:
        """``derived`` and ``codes``, or none of them once a column was added, removed or
        replaced since the columns were made (the facts may no longer hold)."""
        items = self.items()
        if len(items) == len(self._made) and all(
            name == made_name and column is made_column
            for (name, column), (made_name, made_column) in zip(items, self._made, strict=True)
        ):
            return self.derived, self.codes
        return frozenset(), {}


@dataclass(frozen=True, eq=False)
class StateDigits:
    """What decides the end state of every cell, as whole numbers of known spans, and how
    the rest of a state follows from them: what a spec may give the exact engine instead
    of its :class:`OutcomeColumns` when its rules say it directly (a plain field battle).

    The digits are the columns that decide a state (the columns an
    :class:`OutcomeColumns` does not call derived), in the order of those columns, with
    the same values (a column of labels by its ``codes``): the states they tell apart,
    in their lexicographic order, are the states the merge of the outcome columns finds.

    Parameters
    ----------
    digits : dict of str to int or bool array
        Each deciding column's value in every cell; the arrays broadcast together to an
        array whose C-order ravel is the plan's cell order.
    spans : dict of str to int
        Each digit's values lie in ``0 .. span - 1``.
    labels : dict of str to object array
        The sorted labels of a digit that codes labels (its value: a label's place).
    complete : callable
        ``complete(deciding)``: from the states' deciding columns (int64 arrays, labels
        as object arrays of texts) to every column of the states, in the columns' order.

    Examples
    --------
    >>> wins = np.array([[True, False]])
    >>> labels = np.array(["attacker_wins", "defender_wins"], dtype=object)
    >>> digits = StateDigits({"outcome": ~wins}, {"outcome": 2}, {"outcome": labels}, dict)
    >>> digits.spans
    {'outcome': 2}
    """

    digits: dict
    spans: dict
    labels: dict
    complete: object


class CampaignEndStates:
    """A campaign's end states with their exact probabilities (a chain walked by the spec),
    in the draw-plan interface the exact engine reads: each end state is one cell.

    A campaign is sampled step by step by its own Monte Carlo engine, so the single-roll
    engine's ``cells`` and ``thresholds`` refuse, naming it.

    Parameters
    ----------
    states : dict
        End state (a tuple of whole numbers, the same fields for all) -> probability.
    refusal : str
        What the single-roll engine is told: the campaign's own Monte Carlo to use.
    fractions : dict, optional
        The same end states with their chances as :class:`fractions.Fraction`, for a
        chain walked in rationals: the exact answer's fractions are their sums
        (:func:`oddsengine.results.fractions.exact_fractions`).

    Examples
    --------
    >>> plan = CampaignEndStates({(0, 1): 0.25, (1, 0): 0.75}, "sampled on its own")
    >>> [values.tolist() for values in plan.cell_values()], plan.cell_probabilities().tolist()
    ([[0, 1], [1, 0]], [0.25, 0.75])
    """

    def __init__(self, states: dict, refusal: str, fractions: dict | None = None):
        self.states = states
        self._refusal = refusal
        self.fractions = fractions

    def cell_fractions(self) -> list | None:
        """The exact chance of each end state as a fraction, in the order of
        :meth:`cell_values`; None when the chain was walked in floats."""
        if self.fractions is None:
            return None
        return [self.fractions[key] for key in self.states]

    def cell_values(self) -> tuple[np.ndarray, ...]:
        keys = np.array(list(self.states), dtype=np.int64)
        return tuple(keys[:, index] for index in range(keys.shape[1]))

    def cell_probabilities(self) -> np.ndarray:
        return np.array(list(self.states.values()))

    def _not_sampled_here(self):
        from oddsengine.errors import OddsEngineError

        raise OddsEngineError(self._refusal)

    # The single-roll Monte Carlo engine asks for these first: refer it to the campaign's.
    cells = property(_not_sampled_here)
    thresholds = _not_sampled_here


def draw_plan_of(spec) -> DrawPlan:
    """The draw plan of ``spec``: what both engines start from. Anything that is not a
    question the engines answer (``None``, a force string, a class) is refused here, at
    the public boundary of :func:`oddsengine.exact` and :func:`oddsengine.simulate`.

    Examples
    --------
    >>> draw_plan_of("4R")
    Traceback (most recent call last):
    ...
    oddsengine.errors.OddsEngineTypeError: '4R' is not an engagement: give a FieldBattle, ...
    """
    draw_plan = getattr(spec, "draw_plan", None)
    if draw_plan is None or isinstance(spec, type):
        raise OddsEngineTypeError(
            f"{shown(spec)} is not an engagement: give a FieldBattle, Assault, Interception, "
            "AvoidBattle or Move"
        )
    return draw_plan()

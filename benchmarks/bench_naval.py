"""Speed of naval battles and piracy: the Monte Carlo engine against a naive NumPy roller.

Run ``python benchmarks/bench_naval.py`` (about a minute on two cores) or add ``--quick``.
For each case, in one process: ``oddsengine.simulate(spec, trials, seed=1)`` through the
public API (best of ``--repeats``), and a naive roller that rolls every die with
``rng.integers(1, 7)`` as the rules say and counts a histogram with ``np.bincount`` (one
thread, chunks of 2**17 trials): the plan's cells for a naval battle, (anti-piracy hits,
piracy hits) for piracy. ``naive |z|max`` checks the naive histogram against the exact
one. The targets of the issue (the land targets: at least 400 M trials/s, at least 80
times the naive roller for naval battles) are printed beside the figures; nothing here
fails because a machine is slow.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np

import oddsengine

sys.path.insert(0, str(Path(__file__).resolve().parent))

from kernel_timing import best_time, time_simulate  # noqa: E402
from result_tables import Table, machine_description, verdict  # noqa: E402

#: Targets of the issue (the same as for land combat).
TARGET_TRIALS_PER_SECOND = 400e6
TARGET_RATIO = 80.0
_CHUNK = 1 << 17


@dataclass(frozen=True)
class Case:
    """One spec to time: a label, how to build it, and whether the ratio target covers it."""

    label: str
    expression: str
    naval_battle: bool

    def build(self):
        return eval(self.expression, {"oddsengine": oddsengine})  # noqa: S307 (our own text)


CASES = (
    Case(
        "Barbary Coast, 7 vs 6 dice",
        "oddsengine.NavalBattle('ottoman: 2Sq 1Co Barbarossa', 'hapsburg: 2Sq Doria')",
        True,
    ),
    Case(
        "large fleets in port, 14 vs 13 dice",
        "oddsengine.NavalBattle('ottoman: 6Sq Barbarossa', 'hapsburg: 5Sq Doria', in_port=True)",
        True,
    ),
    Case(
        "Janissaries at sea, 8 vs 8 dice + 4",
        "oddsengine.NavalBattle('ottoman: 3Sq 2Co', 'venice: 4Sq', attacker_cards='janissaries')",
        True,
    ),
    Case(
        "piracy, Ionian Sea",
        "oddsengine.Piracy('ottoman: 2Co 1Sq Barbarossa', adjacent_squadrons=1, "
        "adjacent_fortresses=1, target_ports=2)",
        False,
    ),
    Case(
        "piracy, 4 corsairs and Dragut against 6 dice",
        "oddsengine.Piracy('ottoman: 4Co Dragut', zone_squadrons=2, adjacent_squadrons=1, "
        "adjacent_fortresses=1, target_ports=2)",
        False,
    ),
)


def _roll(rng, trials, dice) -> np.ndarray:
    """Hits of ``dice`` dice per trial (an int or an array), each die rolled."""
    dice = np.broadcast_to(np.asarray(dice), (trials,))
    width = int(dice.max()) if trials else 0
    if width == 0:
        return np.zeros(trials, dtype=np.int64)
    faces = rng.integers(1, 7, size=(trials, width))
    rolled = np.arange(width)[None, :] < dice[:, None]
    return ((faces >= 5) & rolled).sum(axis=1)


def _histogram_shape(spec) -> tuple[int, ...]:
    """Naval battle: the draw plan's cells. Piracy: (anti-piracy hits, piracy hits)."""
    if isinstance(spec, oddsengine.NavalBattle):
        return spec.draw_plan().shape
    most = spec.piracy_dice(spec.pirates.corsairs)
    return (spec.anti_piracy_dice + 1, most + 1)


def expected_histogram(spec) -> np.ndarray:
    """Exact probabilities of the cells :func:`naive_counts` counts."""
    if isinstance(spec, oddsengine.NavalBattle):
        return spec.draw_plan().cell_probabilities()
    result = oddsengine.exact(spec)
    index = np.ravel_multi_index(
        (result.states["anti_piracy_hits"], result.states["piracy_hits"]), _histogram_shape(spec)
    )
    size = int(np.prod(_histogram_shape(spec)))
    return np.bincount(index, weights=result.probabilities, minlength=size)


def naive_counts(spec, trials: int, seed: int = 1) -> np.ndarray:
    """A histogram of ``trials`` trials of ``spec``, every die rolled as the rules say."""
    rng = np.random.default_rng(seed)
    shape = _histogram_shape(spec)
    counts = np.zeros(int(np.prod(shape)), dtype=np.int64)
    done = 0
    while done < trials:
        size = min(_CHUNK, trials - done)
        if isinstance(spec, oddsengine.NavalBattle):
            first = _roll(rng, size, spec.attacker_dice)
            second = _roll(rng, size, spec.defender_dice)
            extras = []
            for role in ("attacker", "defender"):
                value = np.zeros(size, dtype=np.int64)
                radix = 1
                for dice in spec.post_roll_dice(role):
                    value += radix * _roll(rng, size, dice)
                    radix *= dice + 1
                extras.append(value)
            index = np.ravel_multi_index((first, second, *extras), shape)
        else:
            # Anti-piracy dice sink corsairs; the corsairs left set the piracy dice.
            anti = _roll(rng, size, spec.anti_piracy_dice)
            left = spec.pirates.corsairs - np.minimum(anti, spec.pirates.corsairs)
            dice = np.array([spec.piracy_dice(k) for k in range(spec.pirates.corsairs + 1)])
            index = np.ravel_multi_index((anti, _roll(rng, size, dice[left])), shape)
        counts += np.bincount(index, minlength=counts.size)
        done += size
    return counts


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=float, default=2e8, help="trials per simulate call")
    parser.add_argument("--baseline-trials", type=float, default=2e6)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="2e7 trials, 5e5 naive, 1 repeat")
    parser.add_argument("--results", type=Path, help="also write the table as Markdown")
    arguments = parser.parse_args(argv)
    trials, baseline_trials = int(arguments.trials), int(arguments.baseline_trials)
    repeats = arguments.repeats
    if arguments.quick:
        trials, baseline_trials, repeats = 20_000_000, 500_000, 1
    table = Table(
        "Naval battles and piracy: trials per second",
        [
            "case",
            "simulate M/s",
            "naive M/s",
            "ratio",
            f"≥{TARGET_TRIALS_PER_SECOND / 1e6:.0f} M/s",
            f"≥{TARGET_RATIO:.0f}×",
            "naive |z|max",
        ],
    )
    for case in CASES:
        spec = case.build()
        seconds = time_simulate(spec, trials, repeats)
        naive_seconds = best_time(lambda spec=spec: naive_counts(spec, baseline_trials), 1)
        rate, naive_rate = trials / seconds, baseline_trials / naive_seconds
        # The naive roller must roll the same distribution the engine samples.
        observed = naive_counts(spec, baseline_trials, seed=2)
        expected = expected_histogram(spec) * baseline_trials
        shown = expected >= 5  # cells too rare for a normal approximation are left out
        z_max = float(np.max(np.abs(observed[shown] - expected[shown]) / np.sqrt(expected[shown])))
        table.add(
            case.label,
            f"{rate / 1e6:,.0f}",
            f"{naive_rate / 1e6:,.1f}",
            f"{rate / naive_rate:,.0f}×",
            verdict(rate >= TARGET_TRIALS_PER_SECOND),
            verdict(rate / naive_rate >= TARGET_RATIO) if case.naval_battle else "-",
            f"{z_max:.1f}",
        )
    table.notes.append(
        f"{trials:,} trials per simulate call (best of {repeats}); naive roller "
        f"{baseline_trials:,} trials. Machine: "
        + ", ".join(f"{key} {value}" for key, value in machine_description().items())
    )
    print(table.text())
    if arguments.results:
        arguments.results.write_text(table.markdown() + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

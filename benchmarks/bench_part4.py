"""Henry VIII's heirs and a turn's New World riches with the Raiders (RULES.md §24-§26,
§28.7): Monte Carlo trials per second end to end (``oddsengine.simulate``, on all threads
and on one) against naive NumPy rollers timed in the same run, a default run of a million
trials, the exact answers' times, the load of the machine beside the figures, and the
first call of a fresh process (the kernel's compile time) measured apart.

The naive baselines roll every die one at a time for all the trials of a chunk, and share
nothing with the engines but the specs' fields:

- :func:`naive_heirs` rolls each marriage's die with ``rng.integers(1, 7)``, adds Jane
  Seymour's 1, walks the marker up the chart (a boolean array of six lines) to the first
  free line, stops at a 6 or at a 4 and a 5, gives the flirtatious wife's bonus marriage
  on a 3 (with the timeline), then draws each heir's card turn by turn with
  ``rng.random() < q`` from the turn it enters the deck (§26, §30.9);
- :func:`naive_riches` rolls each holding's two dice, reads the New World Riches Table
  from its printed lines (written out here), and rolls each Raider's die in play, in the
  order French, English, Protestant, against each card received (§28.7, §30.14).

Each counts the end states the engines count (the chart and the heirs' turns; the
Raiders' statuses and thefts, each holding's card, the holdings lost), and ``naive
|z|max`` checks those counts against the exact answer (every end state expected 25 times
or more, and each field's values): the baselines roll the rules' game, not the engines'.

The heirs are drawn state by state with multinomial splits of a block's trials (a few
dozen draws a block, whatever its size; no compiled code), their laws worked out once a
run. A turn's riches draw one step a holding from its exact law given the Raiders'
statuses, on a Numba kernel (``engines/_riches_kernel.py``), or on its NumPy twin for runs
of at most ``NUMPY_TRIALS`` trials (the same counts, without loading Numba: a default run
of a million trials). The first-call probe runs each in a fresh process, the riches once
on the twin and once on the kernel, with an empty Numba cache and then with the cache it
left: the difference is the kernel's compile time, paid once per machine.

    python benchmarks/bench_part4.py            # about 3 minutes on 2 idle cores
    python benchmarks/bench_part4.py --quick    # about 40 seconds
"""

from __future__ import annotations

import argparse
import math
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import numpy as np

import oddsengine as oe
from oddsengine.card_rolls.riches_turn import RichesTurn
from oddsengine.engines.exact import forget_end_states
from oddsengine.engines.montecarlo import NUMPY_TRIALS
from oddsengine.england.heirs import Heirs

sys.path.insert(0, str(Path(__file__).resolve().parent))
from result_tables import Table, load_words, machine_description, write_figures  # noqa: E402

#: Henry's heirs: the timeline with the heir card drawn with q = 1/2 (the question of the
#: issue) and the plain chain of five wives.
HEIRS_CASES = {
    "heirs: timeline, heir card drawn with q = 1/2": lambda: Heirs(timeline=True, heir_draw=0.5),
    "heirs: timeline, heir card at once": lambda: Heirs(timeline=True),
    "heirs: five wives, no timeline": lambda: Heirs(),
}
#: A turn's riches: a mid-game Hapsburg turn against the three Raiders, with and without
#: Galleons, and one conquest against one Raider.
RICHES_CASES = {
    "riches: Aztec, Inca, Potosi, colony; three Raiders": lambda: RichesTurn(
        "aztec,inca,potosi,colony", raiders="france,england,protestant", turn=5
    ),
    "riches: the same with Galleons": lambda: RichesTurn(
        "aztec,inca,potosi,colony", raiders="france,england,protestant", galleons=True, turn=5
    ),
    "riches: Inca, one French Raider": lambda: RichesTurn("inca", raiders="france", turn=4),
}
#: Trials per chunk of the naive rollers.
CHUNK = 1 << 17
#: The agreement check reads an end state on its own when it is expected this many times.
LEAST_EXPECTED = 25
#: The rates of the project's other samplers (combat, attempts, debates), for the notes.
OTHER_KINDS = "10^7-10^8 trials/s and more"
#: The trials of a default run (the command line's, without --trials).
DEFAULT_RUN = 1_000_000

# -- Henry's heirs, die by die -------------------------------------------------------------

#: RULES.md §26: the first heirs' cards enter the deck on turn 6, Elizabeth's not before 7;
#: the game ends after turn 9.
_FIRST_HEIR_TURN, _ELIZABETH_EARLIEST, _LAST_TURN = 6, 7, 9


def naive_heirs(heirs: Heirs, trials: int, seed: int = 1) -> Counter:
    """End state (chart mask, Edward's, Mary's, Elizabeth's turn; 0: never) -> trials, over
    ``trials`` naive games from the game's start."""
    if heirs.used:
        raise ValueError("the naive heirs start from an empty chart")
    rng = np.random.default_rng(seed)
    q = 1.0 if heirs.heir_draw == "immediate" else float(heirs.heir_draw)
    found: Counter = Counter()
    for start in range(0, trials, CHUNK):
        size = min(CHUNK, trials - start)
        rows = np.arange(size)
        # chart[:, r] is line r (1..6); column 0 and 7 stay empty, so a walk may look past 6
        chart = np.zeros((size, 8), dtype=bool)
        plays = np.full(size, heirs.planned)
        bonus = np.zeros(size, dtype=bool)
        for wife in range(5):
            # §24: no roll after a 6, nor once a 4 and a 5 are both on the chart
            stopped = chart[:, 6] | (chart[:, 4] & chart[:, 5])
            marrying = ~stopped & ((plays > 0) | bonus)
            die = rng.integers(1, 7, size=size)
            # §25 steps 1-2: Jane Seymour adds 1 before the walk; 7 reads 6; walk up
            line = np.minimum(die + (wife == 1), 6)
            for _ in range(6):
                line = np.where(chart[rows, line], np.minimum(line + 1, 7), line)
            chart[rows[marrying], line[marrying]] = True
            plays = np.where(marrying & ~bonus, plays - 1, plays)
            # §24 way 3, §30.4: a 3 brings one more marriage (the timeline's plays only)
            bonus = marrying & (line == 3) & heirs.timeline
        mask = (chart[:, 1:7] * (1 << np.arange(6))).sum(axis=1)
        turns = np.zeros((size, 3), dtype=np.int64)
        if heirs.timeline:
            turns = _naive_turns(rng, chart, q)
        keys = mask * 1000 + turns[:, 0] * 100 + turns[:, 1] * 10 + turns[:, 2]
        values, counts = np.unique(keys, return_counts=True)
        for key, count in zip(values.tolist(), counts.tolist(), strict=True):
            found[(key // 1000, key // 100 % 10, key // 10 % 10, key % 10)] += count
    return found


def _naive_turns(rng, chart, q):
    """Each heir's turn on the throne (Edward, Mary, Elizabeth; 0 never), the heirs' cards
    drawn turn by turn (§26, §30.9)."""
    size = len(chart)
    healthy, sickly, girl = chart[:, 6], chart[:, 5] & ~chart[:, 6], chart[:, 4]
    # §26: the heirs in order, by the highest result on the chart
    order = np.full((size, 3), -1)
    order[:, 0] = np.where(healthy | sickly, 0, 1)
    order[:, 1] = np.where(sickly, 1, np.where(healthy, -1, np.where(girl, 2, -1)))
    order[:, 2] = np.where(sickly & girl, 2, -1)
    turns = np.zeros((size, 3), dtype=np.int64)
    previous = np.full(size, _FIRST_HEIR_TURN - 1)
    going = np.ones(size, dtype=bool)
    for place in range(3):
        heir = order[:, place]
        waiting = going & (heir >= 0)
        entry = np.where(heir == 2, np.maximum(previous + 1, _ELIZABETH_EARLIEST), previous + 1)
        played = np.zeros(size, dtype=np.int64)
        for turn in range(_FIRST_HEIR_TURN, _LAST_TURN + 1):
            drawn = rng.random(size) < q
            now = waiting & (played == 0) & (turn >= entry) & drawn
            played = np.where(now, turn, played)
        for index in range(3):
            turns[:, index] = np.where(waiting & (heir == index), played, turns[:, index])
        going = waiting & (played > 0)  # a card unplayed at the end: no later heir
        previous = played
    return turns


def heirs_agreement(heirs: Heirs, counts: Counter, trials: int) -> float:
    """The largest deviation of the naive end states from the exact chain, in standard
    errors (an end state the chain never reaches counts as infinitely far)."""
    exact = {key: float(chance) for key, chance in heirs.end_states.items()}
    return _worst(exact, counts, trials)


# -- a turn's riches, die by die -------------------------------------------------------------

#: RULES.md §28.7, line by line as printed: the 2d6 totals, then the result on the columns
#: Inca, Aztec, Maya, Potosi, colony (D Depleted, C Card, G Galleon, N nothing, E Elim).
_RICHES_LINES = (
    (range(2, 4), "DDDEE"),
    (range(4, 5), "DDDNE"),
    (range(5, 6), "DDDNN"),
    (range(6, 7), "CNDNN"),
    (range(7, 8), "GGGGN"),
    (range(8, 9), "CCCCG"),
    (range(9, 13), "CCCCC"),
)
_COLUMNS = ("inca", "aztec", "maya", "potosi", "colony")
_RAIDERS = ("france", "england", "protestant")


def _read(column: str) -> np.ndarray:
    """The letter the table gives ``column`` for each 2d6 total (index 0..12)."""
    read = np.full(13, "", dtype="<U1")
    for totals, letters in _RICHES_LINES:
        read[list(totals)] = letters[_COLUMNS.index(column)]
    return read


def naive_riches(turn: RichesTurn, trials: int, seed: int = 1) -> Counter:
    """End state (each Raider's status, the cards each stole, each holding's card, the
    holdings lost; the engine's end fields) -> trials, over ``trials`` naive turns."""
    if turn.plantations or turn.colonial_governor or turn.native_uprising:
        raise ValueError("the naive riches roll the plain table")
    rng = np.random.default_rng(seed)
    raiders = [raider for raider in _RAIDERS if raider in turn.raiders]
    holdings = len(turn.holdings)
    found: Counter = Counter()
    for start in range(0, trials, CHUNK):
        size = min(CHUNK, trials - start)
        status = np.zeros((size, len(raiders)), dtype=np.int64)  # 0 in play, 1 out, 2 retired
        stolen = np.zeros((size, len(raiders)), dtype=np.int64)
        fates = np.zeros((size, holdings), dtype=np.int64)  # 0 none, 1 kept, 2 stolen
        lost = np.zeros(size, dtype=np.int64)
        for holding, column in enumerate(turn.holdings):
            total = rng.integers(1, 7, size=size) + rng.integers(1, 7, size=size)
            result = _read(column)[total]
            card = (result == "D") | (result == "C") | ((result == "G") & turn.galleons)
            lost += (result == "E") | ((result == "D") & (column in ("inca", "aztec", "maya")))
            taken = np.zeros(size, dtype=bool)
            for place in range(len(raiders)):
                die = rng.integers(1, 7, size=size)
                rolls = card & ~taken & (status[:, place] == 0)
                out = rolls & ((die == 1) | ((die == 2) & turn.galleons))
                steals = rolls & (die >= 5)
                status[:, place] = np.where(out, 1, status[:, place])
                status[:, place] = np.where(steals & (die == 5), 2, status[:, place])
                stolen[:, place] += steals
                taken |= steals
            fates[:, holding] = np.where(card, np.where(taken, 2, 1), 0)
        # each end state as one number: its fields in a mixed radix, counted with np.unique
        rows = np.concatenate([status, stolen, fates, lost[:, None]], axis=1)
        spans = [3] * len(raiders) + [holdings + 1] * len(raiders) + [3] * holdings
        spans.append(holdings + 1)
        keys = np.ravel_multi_index(tuple(rows.T), spans)
        values, counts = np.unique(keys, return_counts=True)
        for key, count in zip(values.tolist(), counts.tolist(), strict=True):
            found[tuple(int(value) for value in np.unravel_index(key, spans))] += count
    return found


def riches_agreement(turn: RichesTurn, counts: Counter, trials: int) -> float:
    """The largest deviation of the naive end states from the exact chain, in standard
    errors."""
    exact = {key: float(chance) for key, chance in turn.exact_states().items()}
    return _worst(exact, counts, trials)


def _worst(exact: dict, counts: Counter, trials: int) -> float:
    """The largest |z| over every end state expected at least :data:`LEAST_EXPECTED` times
    and over each end field's values (a rare end state's count is far from normal); an end
    state the chain never reaches counts as infinitely far."""
    if set(counts) - set(exact):
        return math.inf
    checked = [(p, counts.get(key, 0)) for key, p in exact.items() if p * trials >= LEAST_EXPECTED]
    for field in range(len(next(iter(exact)))):
        chances, found = Counter(), Counter()
        for key, p in exact.items():
            chances[key[field]] += p
        for key, count in counts.items():
            found[key[field]] += count
        checked += [(p, found[value]) for value, p in chances.items()]
    worst = 0.0
    for p, count in checked:
        sigma = math.sqrt(max(p * (1 - p), 1e-12) / trials)
        worst = max(worst, abs(count / trials - p) / sigma)
    return worst


# -- timing ----------------------------------------------------------------------------------


def _timed(repeats, function):
    """The best wall time of ``repeats`` calls, with the CPU time of that call."""
    best = (float("inf"), float("inf"))
    for _ in range(max(repeats, 1)):
        start, cpu = time.perf_counter(), time.process_time()
        function()
        best = min(best, (time.perf_counter() - start, time.process_time() - cpu))
    return best


def _exact_seconds(repeats, build):
    """The best time of ``oe.exact`` on a spec built anew (its chain walked again), the
    end-state maps the engine keeps forgotten first."""

    def answer():
        spec = build()
        forget_end_states()
        start = time.perf_counter()
        oe.exact(spec)
        return time.perf_counter() - start

    return min(answer() for _ in range(max(repeats, 1)))


def _load() -> str:
    return ", ".join(f"{value:.2f}" for value in os.getloadavg())


_PROBE = """
import sys, time
start = time.perf_counter()
import oddsengine as oe
from oddsengine.card_rolls.riches_turn import RichesTurn
from oddsengine.engines.montecarlo import NUMPY_TRIALS
from oddsengine.england.heirs import Heirs
imported = time.perf_counter()
oe.simulate(Heirs(timeline=True, heir_draw=0.5), trials=1_000_000, seed=1)
heirs = time.perf_counter()
turn = RichesTurn("aztec,inca,potosi,colony", raiders="france,england,protestant", turn=5)
oe.simulate(turn, trials=100_000, seed=1)
twin = time.perf_counter()
loaded = "numba" in sys.modules
oe.simulate(turn, trials=NUMPY_TRIALS + 1, seed=1)
kernel = time.perf_counter()
print(imported - start, heirs - imported, twin - heirs, int(loaded), kernel - twin)
"""


def first_call() -> Table:
    """The first simulate of each in a fresh process, with an empty Numba cache and then
    with the cache it left: the riches kernel's compile time is the difference of its
    first calls."""
    table = Table(
        "First simulate in a fresh process (heirs 1,000,000 trials; riches 100,000 on the "
        f"NumPy twin, then {NUMPY_TRIALS + 1:,} on the kernel)",
        [
            "NUMBA_CACHE_DIR",
            "import s",
            "heirs s",
            "riches twin s",
            "Numba loaded by then",
            "riches kernel s",
        ],
    )
    kernel_seconds = []
    with tempfile.TemporaryDirectory() as cache:
        environment = {**os.environ, "NUMBA_CACHE_DIR": cache}
        for label in ("empty (cold)", "left by the cold run (warm)"):
            output = subprocess.run(
                [sys.executable, "-c", _PROBE],
                env=environment,
                capture_output=True,
                text=True,
                check=True,
            ).stdout
            imported, heirs, twin, numba, kernel = output.split()
            kernel_seconds.append(float(kernel))
            table.add(
                label,
                f"{float(imported):.2f}",
                f"{float(heirs):.2f}",
                f"{float(twin):.2f}",
                "yes" if int(numba) else "no",
                f"{float(kernel):.2f}",
            )
    table.notes = [
        "",
        "The heirs and a short riches run load no Numba. The riches kernel's first call "
        "imports Numba and compiles the kernel (cold) or loads it from the cache (warm): "
        f"about {kernel_seconds[0] - kernel_seconds[1]:.1f} s of compiling, paid once per "
        "machine (cache=True).",
    ]
    return table


def _one_thread_rate(spec, count, repeats) -> float | None:
    """Trials per second of ``simulate`` on one Numba thread (None where the run does not
    use Numba: the heirs, and a run the NumPy twin takes)."""
    if not isinstance(spec, RichesTurn) or count <= NUMPY_TRIALS:
        return None
    import numba

    before = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        seconds, _ = _timed(repeats, lambda: oe.simulate(spec, trials=count, seed=1))
    finally:
        numba.set_num_threads(before)
    return count / seconds


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run (about 30 seconds)")
    parser.add_argument("--trials", type=float, default=None, help="heirs' Monte Carlo trials")
    parser.add_argument(
        "--riches-trials", type=float, default=None, help="a turn's riches' Monte Carlo trials"
    )
    parser.add_argument(
        "--baseline-trials", type=float, default=None, help="trials of each naive roller"
    )
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument(
        "--skip-first-call",
        action="store_true",
        help="leave out the first-call probe (two fresh processes)",
    )
    parser.add_argument(
        "--json", default=None, metavar="PATH", help="also write the figures as JSON"
    )
    arguments = parser.parse_args(argv)
    quick = arguments.quick
    trials = int(arguments.trials or (1e7 if quick else 1e8))
    riches_trials = int(arguments.riches_trials or (1e7 if quick else 1e8))
    baseline_trials = int(arguments.baseline_trials or (2e5 if quick else 2e6))
    repeats = 1 if quick and arguments.repeats == 3 else arguments.repeats
    print(machine_description())
    load_before = os.getloadavg()
    table = Table(
        f"Henry's heirs ({trials:,} trials) and a turn's riches ({riches_trials:,} trials): "
        f"Monte Carlo end to end, best of {repeats}, against naive NumPy ({baseline_trials:,} "
        "trials)",
        [
            "question",
            "exact (ms)",
            "simulate (M/s)",
            "per CPU-second (M)",
            "1 thread (M/s)",
            f"{DEFAULT_RUN:,} trials (s)",
            "naive NumPy (M/s)",
            "ratio",
            "naive |z|max",
            "load",
        ],
    )
    figures = []
    cases = [
        (name, build, trials, naive_heirs, heirs_agreement) for name, build in HEIRS_CASES.items()
    ] + [
        (name, build, riches_trials, naive_riches, riches_agreement)
        for name, build in RICHES_CASES.items()
    ]
    for name, build, count, naive, agreement in cases:
        spec = build()
        exact_seconds = _exact_seconds(repeats, build)
        # A first call imports what the timed ones read (the kernel, past NUMPY_TRIALS).
        oe.simulate(spec, trials=min(count, NUMPY_TRIALS + 1), seed=1)
        seconds, cpu_seconds = _timed(
            repeats, lambda spec=spec, count=count: oe.simulate(spec, trials=count, seed=1)
        )
        one_thread = _one_thread_rate(spec, count, repeats)
        default_seconds, _ = _timed(
            repeats, lambda spec=spec: oe.simulate(spec, trials=DEFAULT_RUN, seed=1)
        )
        counted = []
        naive_seconds, _ = _timed(
            1,
            lambda spec=spec, naive=naive, counted=counted: counted.append(
                naive(spec, baseline_trials)
            ),
        )
        rate, naive_rate = count / seconds, baseline_trials / naive_seconds
        z = agreement(spec, counted[-1], baseline_trials)
        table.add(
            name,
            f"{exact_seconds * 1e3:.1f}",
            f"{rate / 1e6:.2f}",
            f"{count / cpu_seconds / 1e6:.2f}",
            "-" if one_thread is None else f"{one_thread / 1e6:.2f}",
            f"{default_seconds:.3f}",
            f"{naive_rate / 1e6:.2f}",
            f"{rate / naive_rate:.1f}x",
            f"{z:.1f}",
            _load(),
        )
        figures.append(
            {
                "question": name,
                "exact_ms": exact_seconds * 1e3,
                "rate": rate,
                "cpu_rate": count / cpu_seconds,
                "one_thread_rate": one_thread,
                "default_run_seconds": default_seconds,
                "naive_rate": naive_rate,
                "ratio": rate / naive_rate,
                "naive_z": z,
            }
        )
        print(f"  measured: {name}", file=sys.stderr, flush=True)
    load_after = os.getloadavg()
    table.notes = [
        "",
        load_words(load_before, load_after) + ". The heirs run on one core "
        "(NumPy); a turn's riches on the Numba kernel's threads past NUMPY_TRIALS trials, on "
        f"its NumPy twin below (the {DEFAULT_RUN:,}-trial default run); the project's other "
        f"kinds run at {OTHER_KINDS}.",
        "exact: oe.exact on a spec built anew, the engine's kept end-state maps forgotten "
        "first (best of the repeats).",
    ]
    print(table.text())
    if not arguments.skip_first_call:
        print()
        print(first_call().text())
    if arguments.json:
        write_figures(arguments.json, load_before, load_after, figures)
    return 0


if __name__ == "__main__":
    sys.exit(main())

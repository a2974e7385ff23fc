"""Speed of whole moves: the Vienna move of the rulebook played out by the Numba kernel.

Prints trials per second of :func:`oddsengine.engines.move_montecarlo.simulate_move` and the ratio
against a naive NumPy simulation of the same move run in the same process. Timings are
printed, never asserted.

Run: ``python benchmarks/bench_move.py [--trials 100000000] [--policy fight]``
"""

from __future__ import annotations

import argparse
import time

import numba
import numpy as np

from oddsengine.engines.move_montecarlo import simulate_move
from oddsengine.moves.scenario_file import load_move


def naive_numpy_vienna(trials: int, rng: np.random.Generator) -> dict[str, float]:
    """The Vienna move with NumPy arrays over trials, dice rolled one by one.

    Defenders fight if the interception fails (the costliest policy: a battle always).
    """
    dice = rng.integers(1, 7, size=(trials, 2)).sum(axis=1)
    intercepted = dice + 2 - 1 >= 9  # 13.2: Charles V +2, -1 against Ottoman cavalry
    ottoman_dice = 10
    hapsburg_dice = np.where(intercepted, 13, 4)
    ottoman_hits = (rng.integers(1, 7, size=(trials, ottoman_dice)) >= 5).sum(axis=1)
    rolls = rng.integers(1, 7, size=(trials, 13)) >= 5
    hapsburg_hits = (rolls & (np.arange(13) < hapsburg_dice[:, None])).sum(axis=1)
    attacker_wins = ottoman_hits > hapsburg_hits
    return {"intercepted": intercepted.mean(), "attacker_wins": attacker_wins.mean()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=100_000_000)
    parser.add_argument("--baseline-trials", type=int, default=2_000_000)
    parser.add_argument("--policy", default="fight", help="defender policy of the move")
    arguments = parser.parse_args()

    move = load_move("vienna", defender_policy=arguments.policy)
    simulate_move(move, trials=1000, seed=0)  # compile (or load the cache)

    start = time.perf_counter()
    result = simulate_move(move, trials=arguments.trials, seed=1)
    kernel_seconds = time.perf_counter() - start
    kernel_rate = arguments.trials / kernel_seconds

    rng = np.random.default_rng(1)
    start = time.perf_counter()
    naive = naive_numpy_vienna(arguments.baseline_trials, rng)
    naive_rate = arguments.baseline_trials / (time.perf_counter() - start)

    print(f"Vienna move, defender policy {arguments.policy}, {numba.get_num_threads()} threads")
    print(
        f"  numba kernel : {kernel_rate / 1e6:8.1f} M moves/s "
        f"({arguments.trials:,} trials in {kernel_seconds:.2f} s)"
    )
    print(f"  naive numpy  : {naive_rate / 1e6:8.1f} M moves/s")
    print(f"  ratio        : {kernel_rate / naive_rate:8.1f}x")
    if arguments.policy != "fight":
        return
    print(
        f"  check: P(intercepted) {result.p['intercepted']:.4f} vs naive "
        f"{naive['intercepted']:.4f}; P(attacker wins) {result.p['attacker_wins']:.4f} vs "
        f"naive {naive['attacker_wins']:.4f}"
    )


if __name__ == "__main__":
    main()

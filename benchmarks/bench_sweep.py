"""The 1,800-scenario assault sweep of issue 5, by Monte Carlo and as an exact odds table.

20 attacker sizes (2..21 regulars) x 10 garrisons (0..4 regulars, leader rating 0 or 1)
x 3 attacker leader ratings x 3 card choices (none, Siege Mining, Siege Artillery).
Scenarios the rules refuse (besiegers not outnumbering the garrison, 15) are reported as
rows with status "refused" and cost nothing. Targets on a 2-core machine: under 30 s to
±0.5 percentage points by Monte Carlo, under 2 s for the exact odds table. Prints the
figures; never fails.

    python benchmarks/bench_sweep.py
"""

from __future__ import annotations

import time

from oddsengine.faces.tables import odds_table
from oddsengine.sweeps.sweep import Sweep

GRID = {
    "attacker": "2..21R L0..2",
    "defender": "0..4R L0..1",
    "attacker_cards": ["", "siege-mining", "siege-artillery"],
}


def _timed(action):
    start = time.perf_counter()
    value = action()
    return value, time.perf_counter() - start


def main() -> None:
    # Compile (or load from the cache) the kernel outside the timings.
    Sweep("assault", grid={"attacker": "3R", "defender": "1R"}, method="monte-carlo").run(
        progress=False
    )
    plan = Sweep("assault", grid=GRID, method="monte-carlo", precision=0.005, seed=1)
    frame, seconds = _timed(lambda: plan.run(progress=False))
    scenarios = frame["scenario_key"].nunique()
    refused = frame.loc[frame["status"] == "refused", "scenario_key"].nunique()
    answered = frame[(frame["status"] == "ok") & (frame["kind"] == "outcome")]
    widest = ((answered["ci95_high"] - answered["ci95_low"]) / 2).max()
    print(
        f"Monte Carlo sweep: {scenarios} scenarios ({refused} refused), "
        f"widest 95% half-width {widest * 100:.3f} pp, {seconds:.2f} s (target < 30 s)"
    )

    def tables():
        return [
            odds_table("assault", GRID["attacker"], GRID["defender"], attacker_cards=cards)
            for cards in GRID["attacker_cards"]
        ]

    built, seconds = _timed(tables)
    cells = sum(table.probability.size for table in built)
    print(f"Exact odds tables: {cells} cells, {seconds:.2f} s (target < 2 s)")

    exact_plan = Sweep("assault", grid=GRID, method="exact")
    frame, seconds = _timed(lambda: exact_plan.run(progress=False))
    print(f"Exact sweep (every outcome and event): {len(frame)} rows, {seconds:.2f} s")


if __name__ == "__main__":
    main()

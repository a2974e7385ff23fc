"""How long the explorer takes to answer a change, for every engagement it offers.

    python benchmarks/bench_explore.py              # 7 changes per engagement
    python benchmarks/bench_explore.py --repeats 3  # a shorter run

For each engagement: the explorer (``oe.explore``) is built, then one of its inputs is
changed back and forth (a force, a horizon, a policy); each change re-offers the leaders
and cards, solves the question exactly, draws the chart and writes the command line.
Printed: the best and median time of a change, the exact engine's time alone on the same
question, and their ratio (what the calculator adds: offers, HTML, the chart). The target
is well under a second a change. Nothing fails when the machine is slow.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

import oddsengine as oe
from oddsengine.faces._explore_questions import build_spec, solve

#: Per engagement: the control changed, and the two values it takes in turn.
CHANGES = {
    "battle": ("attacker", ("ottoman: 6R 2C Suleiman", "ottoman: 8R 2C Suleiman")),
    "assault": ("attacker", ("ottoman: 9R Suleiman", "ottoman: 11R Suleiman")),
    "intercept": ("attacker", ("hapsburg: 4R Ferdinand", "hapsburg: 6R Ferdinand")),
    "avoid": ("attacker", ("france: 3R Montmorency", "france: 5R Montmorency")),
    "naval": ("attacker", ("ottoman: 4Sq Barbarossa", "ottoman: 6Sq Barbarossa")),
    "piracy": ("attacker", ("ottoman: 3Co Dragut", "ottoman: 4Co Dragut")),
    "siege-campaign": ("horizon", (3, 6)),
    "foreign-war": ("horizon", (3, 6)),
    "move": ("defender_policy", ("best", "fight")),
}


def _time(action) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def measure(engagement: str, repeats: int) -> dict:
    """Best and median seconds of a change, and of the exact engine alone."""
    calculator = oe.explore(engagement)
    key, values = CHANGES[engagement]
    control = calculator.controls[key]
    changes = []
    for index in range(repeats):
        value = values[(index + 1) % 2]
        changes.append(_time(lambda value=value: setattr(control, "value", value)))
        if calculator.error:
            raise SystemExit(f"{engagement}: refused: {calculator.error}")
    spec = build_spec(calculator.values())
    engine = [_time(lambda: solve(spec)) for _ in range(repeats)]
    return {
        "best": min(changes),
        "median": statistics.median(changes),
        "engine": statistics.median(engine),
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7, help="changes per engagement")
    arguments = parser.parse_args(argv)
    oe.explore()  # imports, the first chart: not a change
    print("| engagement | best change | median change | exact engine alone | ratio |")
    print("|---|---:|---:|---:|---:|")
    slowest = 0.0
    for engagement in CHANGES:
        figures = measure(engagement, max(arguments.repeats, 1))
        slowest = max(slowest, figures["median"])
        print(
            f"| {engagement} | {1000 * figures['best']:.0f} ms | "
            f"{1000 * figures['median']:.0f} ms | {1000 * figures['engine']:.1f} ms | "
            f"{figures['median'] / figures['engine']:.1f}x |"
        )
    print(f"\nslowest median change: {1000 * slowest:.0f} ms (target: well under 1,000 ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

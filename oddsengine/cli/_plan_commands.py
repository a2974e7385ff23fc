"""``plan``: the courses of a plan file compared over its horizon."""

from __future__ import annotations

import sys

from oddsengine.cli._engine_options import (
    add_method_argument,
    non_negative_int,
    positive_int,
    refuse_given,
)
from oddsengine.errors import OddsEngineError
from oddsengine.results.output import FORMATS, FORUM_FORMATS


def _run_plan(arguments):
    from oddsengine.questions.plans import compare_plans, find_plan, load_plan
    from oddsengine.questions.religious_plans import is_religious_plan
    from oddsengine.toml_file import read_toml

    found = find_plan(arguments.file)
    if found.is_file() and is_religious_plan(read_toml(found, "plan file")):
        return _run_religious_plan(arguments)

    chosen = {arguments.method} - {"auto"}
    if arguments.exact:
        chosen.add("exact")
    if arguments.monte_carlo:
        chosen.add("monte-carlo")
    if len(chosen) > 1:
        raise OddsEngineError("give --exact or --monte-carlo, not both")
    plan, settings = load_plan(arguments.file)
    if chosen == {"exact"}:
        refuse_given(arguments, ["--trials", "--seed"], "is for Monte Carlo, not --exact")
    if chosen:
        (method,) = chosen
    elif arguments.trials is not None or arguments.seed is not None:
        method = "monte-carlo"  # auto: --trials or --seed asks for Monte Carlo
    else:
        method = settings.get("method", "exact")
    comparison = compare_plans(
        plan,
        method=method,
        trials=arguments.trials or settings.get("trials", 100_000),
        seed=arguments.seed if arguments.seed is not None else settings.get("seed"),
    )
    sys.stdout.write(comparison.render(arguments.format))


def _run_religious_plan(arguments):
    """A plan of religious actions (its courses have ``actions``): exact only."""
    from oddsengine.questions.religious_plans import compare_religious_plan, load_religious_plan

    if arguments.monte_carlo or arguments.method == "monte-carlo":
        raise OddsEngineError("a plan of religious actions is answered exactly: drop --monte-carlo")
    refuse_given(
        arguments,
        ["--trials", "--seed"],
        "is for Monte Carlo: a plan of religious actions is answered exactly",
    )
    comparison = compare_religious_plan(load_religious_plan(arguments.file))
    sys.stdout.write(comparison.render(arguments.format))


def register(commands) -> None:
    """Add ``plan``."""
    plan = commands.add_parser(
        "plan",
        help="courses of action compared over a horizon, from a plan file",
        description="Play every course of a plan file out (the move, then the siege) over "
        "its horizon and rank them by the chance the space is taken (or held).",
    )
    plan.add_argument("file", metavar="FILE", help="a plan .toml file")
    engine = plan.add_argument_group("engine")
    add_method_argument(engine, asking=("--trials", "--seed"))
    engine.add_argument(
        "--trials", type=positive_int, default=None, help="Monte Carlo trials (default 100,000)"
    )
    engine.add_argument(
        "--seed", type=non_negative_int, default=None, help="random seed (Monte Carlo)"
    )
    engine.add_argument(
        "--format",
        choices=(*FORMATS, *FORUM_FORMATS),
        default="table",
        help="output format (default table); markdown and bbcode for a forum post",
    )
    plan.set_defaults(run=_run_plan)

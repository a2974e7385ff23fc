"""``attempts``: a run of Reformation or Counter-Reformation attempts on a scenario's board,
played optimally (RULES.md §19), beside "best single odds each time" and a given order;
and the board what-ifs that ``reformation`` / ``counter-reformation`` take with a scenario."""

from __future__ import annotations

import sys

from oddsengine.cli._engine_options import non_negative_int, trial_count
from oddsengine.cli._religion_names import a_name

#: "table" is what every other command calls its text; "text" is kept as it was.
_FORMATS = ("text", "table", "json", "csv")


def _percent(value: float) -> str:
    return f"{100 * value:.2f}%"


def board_of(arguments):
    """The religious board of the command's scenario, with its what-ifs."""
    from oddsengine.religion.religion_scenario import load_religious_board

    return load_religious_board(
        arguments.scenario,
        protestant=arguments.protestant or (),
        unrest=arguments.unrest or (),
        reformers=arguments.reformer or (),
    )


def _policy(arguments) -> tuple[str, tuple]:
    from oddsengine.errors import OddsEngineError
    from oddsengine.moves.board import load_board

    text = arguments.policy.strip()
    if text in ("optimal", "greedy"):
        return text, ()
    if text.startswith("order:"):
        spaces = tuple(part.strip() for part in text[len("order:") :].split(",") if part.strip())
        if not spaces:
            raise OddsEngineError("--policy order: names its spaces: order:SPACE,SPACE")
        return "order", tuple(load_board().space(space).name for space in spaces)
    raise OddsEngineError(f"unknown policy {text!r}; use optimal, greedy or order:SPACE,SPACE...")


def run_attempts(arguments):
    """The ``attempts`` command."""
    from oddsengine.errors import OddsEngineError
    from oddsengine.religion.attempt_runs import AttemptRun

    if arguments.depth < 0 or arguments.depth > 12:
        raise OddsEngineError(f"--depth must be 0..12, not {arguments.depth}")
    given = getattr(arguments, "given", ())
    if "placards_attempts" in given and not arguments.source.strip().lower().startswith(
        "affair-of-the-placards"
    ):
        raise OddsEngineError("--placards-attempts is for --source affair-of-the-placards only")
    if arguments.monte_carlo:
        for option in ("depth", "objective"):
            if option in given:
                raise OddsEngineError(
                    f"--{option} is for the exact search: --monte-carlo plays a fixed policy"
                )
    board = board_of(arguments)
    headline, order = _policy(arguments)
    run = AttemptRun(
        board,
        arguments.source,
        debater=arguments.debater,
        objective=arguments.objective,
        order=order,
        placards_attempts=arguments.placards_attempts,
    )
    if arguments.monte_carlo:
        return _run_monte_carlo(arguments, run, headline)
    for option in ("trials", "seed"):
        if getattr(arguments, option) is not None:
            raise OddsEngineError(f"--{option} is for --monte-carlo: the exact answer has none")
    from oddsengine.engines.attempt_runs_exact import solve_run

    # A fixed policy needs no search: answered exactly whatever the run's size (issue 38).
    answer = solve_run(run, policy=headline)
    outcomes = answer.outcomes()
    shown = outcomes[headline]
    if arguments.format == "json":
        import json

        described = answer.describe(arguments.depth)
        described["headline_policy"] = headline
        if headline != "optimal" and answer.optimal is not None:
            described["compare"]["optimal"] = answer.optimal.describe(arguments.depth)
            top = shown.describe(arguments.depth)
            described["expected"], described["p"] = top["expected"], top["p"]
        sys.stdout.write(json.dumps(described, indent=2, ensure_ascii=False) + "\n")
        return 0
    if arguments.format == "csv":
        sys.stdout.write(_csv(outcomes))
        return 0
    sys.stdout.write(_text(run, answer, outcomes, headline, arguments.depth))
    return 0


def _run_monte_carlo(arguments, run, headline: str) -> int:
    """A run under a fixed policy, every die rolled (for runs too large to search)."""
    from oddsengine.engines.attempt_runs_montecarlo import simulate_run
    from oddsengine.errors import OddsEngineError

    if headline == "optimal":
        raise OddsEngineError(
            "--monte-carlo plays a fixed policy: give --policy greedy or --policy order:..."
            " (the optimal policy is searched exactly, without --monte-carlo)"
        )
    trials = 1_000_000 if arguments.trials is None else arguments.trials
    sample = simulate_run(run, trials, arguments.seed, policy=headline)
    described = sample.describe()
    notes = ()
    if headline == "order":
        from oddsengine.engines.attempt_runs_exact import order_notes

        notes = order_notes(run)  # a standing order: what it passes over, what it does then
    if arguments.format == "json":
        import json

        described["spec"] = run.describe()
        if notes:
            described["notes"] = list(notes)
        sys.stdout.write(json.dumps(described, indent=2, ensure_ascii=False) + "\n")
        return 0
    if arguments.format == "csv":
        lines = ["measure,value,standard_error,low_95,high_95"]
        lines.append(f"expected.flips,{sample.expected_flips!r},{sample.flips_error!r},,")
        for key, value in described["p"].items():
            low, high = described["interval_95"][key]
            error = described["standard_error"][key]
            lines.append(f'"{key}",{value!r},{error!r},{low!r},{high!r}')
        sys.stdout.write("\n".join(lines) + "\n")
        return 0
    source = run.source
    lines = [
        f"{source.name}: {source.attempts} attempts under the {headline} policy, Monte Carlo "
        f"({sample.trials:,} trials, seed {sample.seed}; every die rolled)",
        f"  expected flips {sample.expected_flips:.4f} ± {1.96 * sample.flips_error:.4f} (95%)",
    ]
    for k in range(source.attempts + 1):
        key = f"flips:{k}"
        low, high = described["interval_95"][key]
        lines.append(
            f"  P({k} flips) {_percent(described['p'][key]):>9}   "
            f"[{_percent(low)}, {_percent(high)}]"
        )
    lines.append("Chance each space ends flipped:")
    for space in sample.space_counts:
        key = f"protestant:{space}"
        low, high = described["interval_95"][key]
        lines.append(
            f"  {space:<22}{_percent(described['p'][key]):>9}   [{_percent(low)}, {_percent(high)}]"
        )
    lines += [f"note: {note}" for note in notes]
    sys.stdout.write("\n".join(lines) + "\n")
    return 0


def _csv(outcomes) -> str:
    lines = ["policy,measure,value"]
    for name, outcome in outcomes.items():
        lines.append(f"{name},expected.flips,{outcome.expected_flips!r}")
        for k, value in enumerate(outcome.flips):
            lines.append(f"{name},flips:{k},{value!r}")
        for space, value in outcome.spaces.items():
            lines.append(f'{name},"ends:{space}",{value!r}')
        lines.append(f"{name},first_target,{outcome.first_target or ''}")
    return "\n".join(lines) + "\n"


def _text(run, answer, outcomes, headline: str, depth: int) -> str:
    source = run.source
    kind = "Reformation" if source.side == "protestant" else "Counter-Reformation"
    zones = "all zones" if len(source.target_zones) == 5 else "/".join(source.target_zones)
    extras = []
    if source.bonus_dice:
        extras.append(f"+{source.bonus_dice} die each")
    if source.modifier:
        extras.append(f"+{source.modifier} on each Protestant die in the zone")
    if source.unrest_on_failure:
        extras.append("a failure puts unrest on its target")
    lines = [
        f"{source.name}: {source.attempts} {kind} attempts, target zone {zones}"
        + (f" ({'; '.join(extras)})" if extras else "")
        + " (RULES.md §19)",
        f"Objective of the optimal policy: {run.objective}"
        + (" (the expected number of spaces turned)" if run.objective == "flips" else ""),
        f"Exact: {answer.states} states of the run searched"
        if answer.states is not None
        else f"Exact: every outcome of the {headline} policy (the optimal one not searched)",
        "",
    ]
    names = list(outcomes)
    header = f"{'':<24}" + "".join(f"{name:>12}" for name in names)
    lines.append(header)
    lines.append(
        f"{'expected flips':<24}" + "".join(f"{outcomes[n].expected_flips:>12.3f}" for n in names)
    )
    if run.objective != "flips":
        lines.append(
            f"{run.objective:<24}" + "".join(f"{outcomes[n].objective_value:>12.4f}" for n in names)
        )
    for k in range(source.attempts + 1):
        lines.append(
            f"{'P(' + str(k) + ' flips)':<24}"
            + "".join(f"{_percent(outcomes[n].flips[k]):>12}" for n in names)
        )
    lines.append(
        f"{'first target':<24}" + "".join(f"{(outcomes[n].first_target or '-'):>12}" for n in names)
    )
    lines.append("")
    word = "Protestant" if source.side == "protestant" else "Catholic"
    lines.append(f"Chance each space ends {word} ({headline} policy):")
    shown = outcomes[headline]
    for space, value in shown.spaces.items():
        lines.append(f"  {space:<22}{_percent(value):>9}")
    lines.append("")
    lines.append(f"The {headline} policy, next target after each outcome (depth {depth}):")
    lines.extend(_tree_lines(shown.tree, depth, "  "))
    notes = [*answer.notes, *(note for outcome in outcomes.values() for note in outcome.notes)]
    for note in dict.fromkeys(notes):
        lines.append(f"note: {note}")
    return "\n".join(lines) + "\n"


def _tree_lines(node, depth, indent):
    if not node or depth <= 0:
        return []
    dice = node["dice"]
    lines = [
        f"{indent}{node['target']}: {_percent(node['p_success'])} "
        f"(Protestant {dice['protestant']} dice v Papal {dice['papal']}, "
        f"{node['ties']} wins ties)"
    ]
    for branch in ("success", "failure"):
        child = node.get(branch)
        if child and depth > 1:
            lines.append(f"{indent}  if {branch}:")
            lines.extend(_tree_lines(child, depth - 1, indent + "    "))
    return lines


def add_board_options(parser) -> None:
    """The what-ifs of a religious board (like ``move --stack``)."""
    parser.add_argument(
        "--protestant",
        type=a_name,
        action="append",
        metavar="SPACE",
        help="what-if: this space is Protestant too (repeatable)",
    )
    parser.add_argument(
        "--unrest",
        type=a_name,
        action="append",
        metavar="SPACE",
        help="what-if: this space is in unrest too (repeatable)",
    )
    parser.add_argument(
        "--reformer",
        type=a_name,
        action="append",
        metavar="SPACE",
        help="what-if: this reformer (or his space) is on the map (repeatable)",
    )


def register(commands) -> None:
    """Add ``attempts``."""
    from oddsengine.religion.attempt_sources import SOURCE_NAMES

    attempts = commands.add_parser(
        "attempts",
        help="a run of Reformation or Counter-Reformation attempts, played optimally",
        description="A run of attempts on a scenario's religious board (RULES.md §19): the "
        "optimal policy computed exactly (expected flips, P(k flips), the chance each space "
        "turns, the next target after each outcome), beside 'best single odds each time' "
        "and a given order.",
    )
    attempts.add_argument(
        "scenario",
        help="a scenario file with a [religion] table, or religion_1517 / religion_example",
    )
    attempts.add_argument(
        "--source",
        type=a_name,
        required=True,
        metavar="SOURCE",
        help="what gives the attempts, one the board allows (its turn, reformers, "
        "debaters): " + ", ".join(SOURCE_NAMES),
    )
    attempts.add_argument(
        "--policy",
        type=a_name,
        default="optimal",
        metavar="POLICY",
        help="the policy shown first: optimal (default), greedy (best "
        "single odds each time) or order:SPACE,SPACE (a standing order: the first listed "
        "space still eligible, else greedy's choice; the notes name the spaces it could "
        "not use); the others are compared",
    )
    attempts.add_argument(
        "--objective",
        type=a_name,
        default="flips",
        metavar="OBJECTIVE",
        help="what the optimal policy maximises: flips (the expected "
        "number, default), at-least:K, space:SPACE, electorates",
    )
    attempts.add_argument(
        "--debater",
        type=a_name,
        metavar="NAME",
        help="a bonus debater committed for the run (his die where it "
        "applies: Bucer, Cop, Contarini, Faber ...)",
    )
    attempts.add_argument(
        "--placards-attempts",
        type=int,
        default=3,
        choices=(3, 4),
        help="Affair of the Placards' attempts: 3 (RULES.md §19, default) or 4 (the card text)",
    )
    attempts.add_argument(
        "--depth", type=int, default=3, help="how deep the policy tree is shown (default 3)"
    )
    attempts.add_argument(
        "--monte-carlo",
        action="store_true",
        help="play the policy (greedy or order:) with every die rolled; figures with "
        "intervals (a fixed policy is answered exactly without it, whatever the run's size)",
    )
    # The same types as every other command's: at most 10^9 trials, a seed of 0 or more.
    attempts.add_argument(
        "--trials", type=trial_count, metavar="N", help="Monte Carlo trials (default 1,000,000)"
    )
    attempts.add_argument("--seed", type=non_negative_int, help="Monte Carlo seed")
    add_board_options(attempts)
    attempts.add_argument(
        "--format", choices=_FORMATS, default="text", help="output format (table: the same as text)"
    )
    attempts.set_defaults(run=run_attempts)

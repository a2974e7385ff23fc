"""Options shared by every command that answers a question: which engine, how many
trials, which seed, what precision, and the output format."""

from __future__ import annotations

import argparse
import math
import sys

import numpy as np

from oddsengine.combat.limits import check_precision
from oddsengine.errors import OddsEngineError, shown
from oddsengine.results.output import FORMATS, FORUM_FORMATS


def positive_int(text: str) -> int:
    """An argparse type: a whole number above zero (``1e6`` and ``1_000_000`` accepted)."""
    try:
        value = float(text.replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {shown(text)}") from None
    if not math.isfinite(value) or value != int(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"must be a positive whole number, not {shown(text)}")
    return int(value)


def trial_count(text: str) -> int:
    """An argparse type: a number of trials, from 1 to ``MAX_TRIALS`` (10^9)."""
    from oddsengine.engines.montecarlo import MAX_TRIALS

    value = positive_int(text)
    if value > MAX_TRIALS:
        raise argparse.ArgumentTypeError(f"at most {MAX_TRIALS:,} trials in one run, not {text}")
    return value


def non_negative_int(text: str) -> int:
    """An argparse type: a whole number of zero or more."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {shown(text)}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must not be negative, not {shown(text)}")
    return value


def probability_target(text: str) -> float:
    """An argparse type: a half-width in (0, 0.5); ``0.1%`` is accepted."""
    try:
        value = float(text[:-1]) / 100 if text.endswith("%") else float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {shown(text)}") from None
    if not 0 < value < 0.5:
        raise argparse.ArgumentTypeError(f"must be between 0 and 0.5, not {shown(text)}")
    try:
        return check_precision(value)
    except OddsEngineError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


#: The engines ``--method`` chooses from; ``auto`` is the exact engine unless a Monte
#: Carlo option (``--trials``, ``--precision``, ``--seed``) is given.
METHODS = ("auto", "exact", "monte-carlo")


def parse_cards(text: str | None) -> tuple:
    """The cards of a card option (:func:`oddsengine.combat.cards.parse_cards`): the card
    records are read only when a card is named, so that an answer without cards does not
    load them."""
    if text is None or not str(text).strip():
        return ()
    from oddsengine.combat.cards import parse_cards as parse

    return parse(text)


def add_method_argument(
    group, exact: bool = True, asking: tuple[str, ...] = ("--trials", "--precision", "--seed")
) -> None:
    """Add ``--method auto|exact|monte-carlo`` (default auto), with ``exact`` ``--exact``
    (the same as ``--method exact``), and ``--monte-carlo`` (the same as ``--method
    monte-carlo``) to an argument group; ``asking`` are the options of this command that
    make ``auto`` choose Monte Carlo."""
    named = ", ".join(asking[:-1]) + f" or {asking[-1]}" if len(asking) > 1 else asking[0]
    group.add_argument(
        "--method",
        choices=METHODS,
        default="auto",
        help=f"auto (default): exact unless {named} asks for Monte Carlo",
    )
    if exact:
        group.add_argument("--exact", action="store_true", help="the same as --method exact")
    group.add_argument(
        "--monte-carlo", action="store_true", help="the same as --method monte-carlo"
    )


def _monte_carlo_options(arguments) -> list:
    """The Monte Carlo options given on the command line, by name."""
    return [
        option
        for option, name in (
            ("--trials", "trials"),
            ("--precision", "precision"),
            ("--seed", "seed"),
            ("--max-trials", "max_trials"),
        )
        if getattr(arguments, name, None) is not None
    ]


def choose_method(arguments) -> tuple[str, str | None]:
    """The engine the arguments choose, ``"exact"`` or ``"monte-carlo"`` (``"compare"``
    for ``--compare``), and why, for the "Method:" line.

    Sets ``arguments.exact`` to match, so that a command reads one flag.
    """
    method = getattr(arguments, "method", "auto")
    asked = f"--method {method}"
    if getattr(arguments, "exact", False):
        if method == "monte-carlo":
            raise OddsEngineError("give --exact or --method monte-carlo, not both")
        method, asked = "exact", "--exact"
    if getattr(arguments, "monte_carlo", False):
        if method not in ("auto", "monte-carlo"):
            raise OddsEngineError(f"give {asked} or --monte-carlo, not both")
        method, asked = "monte-carlo", "--monte-carlo"
    if getattr(arguments, "compare", False):
        if asked != "--method auto":  # --compare runs both: the engine asked would be ignored
            raise OddsEngineError(f"--compare runs both engines: it takes no {asked}")
        return "compare", None
    given = _monte_carlo_options(arguments)
    if method == "auto":
        method = "monte-carlo" if given else "exact"
        reason = (
            f"auto: {given[0]} asks for Monte Carlo" if given else "auto: the exact engine applies"
        )
    else:
        reason = f"as asked: {asked}"
    if method == "exact" and given:
        raise OddsEngineError(
            f"--exact takes no {' or '.join(given)} (use --compare for both engines)"
        )
    arguments.exact = method == "exact"
    return method, reason


def refuse_given(arguments, options, reason: str) -> None:
    """Refuse the first of ``options`` (``"--rowers-policy"``...) given on the command line,
    whatever its value: the question would ignore it, and ``reason`` says why.

    The options given are those :func:`oddsengine.cli.given_options` found.
    """
    given = getattr(arguments, "given", frozenset())
    for option in options:
        if option.lstrip("-").replace("-", "_") in given:
            raise OddsEngineError(f"{option} {reason}")


def with_reason(result, reason: str | None):
    """``result`` with ``reason`` on its "Method:" line."""
    from dataclasses import replace

    return result if reason is None else replace(result, method_reason=reason)


def add_engine_arguments(
    parser: argparse.ArgumentParser,
    survivors: bool = True,
    trials: int = 1_000_000,
    fractions: bool = False,
    precision: bool = True,
) -> None:
    """Add ``--method``, ``--exact``, ``--trials`` (``trials`` by default), ``--seed``,
    ``--precision``, ``--compare``, ``--format``, (for engagements with survivors)
    ``--survivors`` and (for one draw of dice, ``fractions``) ``--fractions``. Without
    ``precision`` (a kind sampled without a precision loop), --help leaves out
    ``--precision`` and ``--max-trials``, which the command then refuses with its reason."""
    group = parser.add_argument_group("engine")
    asking = ("--trials", "--precision", "--seed") if precision else ("--trials", "--seed")
    add_method_argument(group, asking=asking)
    group.add_argument(
        "--trials",
        type=trial_count,
        default=None,
        metavar="N",
        help=f"Monte Carlo trials (default {trials:,})",
    )
    group.add_argument(
        "--seed",
        type=non_negative_int,
        default=None,
        help="random seed (default: a fresh one, reported in the output)",
    )
    group.add_argument(
        "--precision",
        type=probability_target,
        default=None,
        metavar="HALF_WIDTH",
        help="run until every headline 95%% half-width is at most this (e.g. 0.001 or 0.1%%)"
        if precision
        else argparse.SUPPRESS,
    )
    group.add_argument(
        "--max-trials",
        type=trial_count,
        default=None,
        metavar="N",
        help="cap on trials for --precision (default 1e9)" if precision else argparse.SUPPRESS,
    )
    group.add_argument(
        "--compare",
        action="store_true",
        help="run both engines and flag differences beyond 5 standard errors",
    )
    group.add_argument(
        "--format",
        choices=(*FORMATS, *FORUM_FORMATS),
        type=_format_name,
        default="table",
        help="output format: a text table (table, or text), json, csv, or markdown and bbcode "
        "for forum posts",
    )
    parser.set_defaults(survivors=False, fractions=False)
    if fractions:
        group.add_argument(
            "--fractions",
            action="store_true",
            help="exact answers also as fractions, e.g. 379/2187 (table, json, csv)",
        )
    if not survivors:
        return
    group.add_argument(
        "--survivors",
        action="store_true",
        help="also show the joint distribution of surviving land units (table format)",
    )


def _format_name(text: str) -> str:
    """An argparse type: the name of an output format, ``text`` being ``table``'s other
    name (as ``attempts`` first called it)."""
    return "table" if text == "text" else text


def check_engine_arguments(arguments) -> None:
    """Refuse engine options that would be ignored: every option given is used.

    Returns
    -------
    tuple of str
        What :func:`choose_method` returns.
    """
    chosen = choose_method(arguments)
    if arguments.fractions:
        if chosen[0] == "monte-carlo":
            raise OddsEngineError(
                "--fractions gives exact answers as fractions: the answer here is Monte Carlo"
                f" ({chosen[1]})"
            )
        if arguments.format in FORUM_FORMATS:
            raise OddsEngineError("--fractions adds to the table, json and csv formats")
        if getattr(arguments, "card_value", False):
            raise OddsEngineError("--fractions is for the odds, not --card-value")
    if arguments.survivors and arguments.format != "table":
        raise OddsEngineError(
            "--survivors adds a table to the table format only (--format json holds the survivors)"
        )
    if arguments.max_trials is not None and arguments.precision is None:
        raise OddsEngineError("--max-trials caps a --precision run: give --precision too")
    if arguments.max_trials is not None and (arguments.trials or 0) > arguments.max_trials:
        raise OddsEngineError(
            f"--trials {arguments.trials} is more than --max-trials {arguments.max_trials}"
        )
    return chosen


def run_engines(spec, arguments, sample=None, trials=None) -> list:
    """Answer ``spec`` with the engine(s) the arguments ask for.

    ``sample`` is the Monte Carlo function (default :func:`oddsengine.simulate`; moves
    pass their own kernel's); ``trials`` the Monte Carlo trials when none are asked
    (default the engines').
    """
    from oddsengine.engines.exact import exact

    _, reason = check_engine_arguments(arguments)
    results = []
    if arguments.exact or arguments.compare:
        results.append(with_reason(exact(spec), reason))
    if not arguments.exact or arguments.compare:
        # Imported only for a Monte Carlo answer: an exact one needs no random streams.
        from oddsengine.engines.montecarlo import MAX_TRIALS, default_trials, simulate

        sample = sample or simulate
        results.append(
            sample(
                spec,
                trials=default_trials(arguments.trials or trials or None, arguments.precision),
                seed=arguments.seed,
                precision=arguments.precision,
                max_trials=arguments.max_trials or MAX_TRIALS,
            )
        )
        results[-1] = with_reason(results[-1], reason)
    return results


def _survivor_table(result) -> str:
    """The joint survivor distribution as text: attacker rows, defender columns."""
    # Result.survivors() as text, read without pandas: the same rows, columns and sums.
    attackers, attacker_row = np.unique(result.states["attacker_survivors"], return_inverse=True)
    defenders, defender_column = np.unique(result.states["defender_survivors"], return_inverse=True)
    joint = np.zeros((attackers.size, defenders.size))
    np.add.at(joint, (attacker_row.ravel(), defender_column.ravel()), result.probabilities)
    unit = getattr(result.spec, "unit_word", "land units")  # ships at sea
    lines = ["", f"Surviving {unit} (rows: attacker, columns: defender):"]
    header = f"{'':>10}" + "".join(f"{int(column):>9}" for column in defenders.tolist())
    lines.append(header)
    for attacker, row in zip(attackers.tolist(), joint.tolist(), strict=True):
        cells = "".join(f"{value:>9.2%}" if value > 0 else f"{'':>9}" for value in row)
        lines.append(f"{int(attacker):>10}{cells}")
    return "\n".join(lines) + "\n"


def print_results(results, arguments, stream=None) -> None:
    """Write one result, or an exact/Monte Carlo comparison, in the chosen format."""
    stream = stream or sys.stdout
    fractions = [_fractions(result, arguments) for result in results]
    if any(fractions):  # a Monte Carlo result beside an exact one: an empty cell each
        fractions = [found or dict.fromkeys(result.p, "") for found, result in zip(
            fractions, results, strict=True)]  # fmt: skip
    comparison = None
    if len(results) == 2:
        from oddsengine.results.compare import compare

        comparison = compare(*results)
    if arguments.format == "json":
        if comparison is None and fractions[0]:
            import json

            answer = results[0].to_dict()
            answer["fractions"] = {name: str(value) for name, value in fractions[0].items()}
            json.dump(answer, stream, indent=2)
            stream.write("\n")
        elif comparison is None:
            stream.write(results[0].render("json"))
        else:
            import json  # the json module is imported by the formats that write it

            from oddsengine.results.compare import comparison_dict

            answer = comparison_dict(*results)
            if fractions[0]:
                answer["fractions"] = {name: str(value) for name, value in fractions[0].items()}
            json.dump(answer, stream, indent=2)
            stream.write("\n")
    elif arguments.format == "csv":
        for index, result in enumerate(results):
            stream.write(result.to_csv(header=index == 0, fractions=fractions[index]))
    elif arguments.format in FORUM_FORMATS:
        stream.write("\n".join(result.render(arguments.format) for result in results))
    else:
        for index, result in enumerate(results):
            if index:
                stream.write("\n")
            shown_fractions = fractions[index] if result.is_exact else None
            stream.write(result.summary(fractions=shown_fractions) + "\n")
            if getattr(arguments, "survivors", False) and "attacker_survivors" in result.states:
                from oddsengine.results.survivors import survivors_text

                stream.write(_survivor_table(result))
                stream.write(survivors_text(result))
        if comparison is not None:
            stream.write("\nExact against Monte Carlo (difference in standard errors):\n")
            for row in comparison.itertuples(index=False):
                flag = "  DISAGREES" if row.disagrees else ""
                stream.write(
                    f"  {row.outcome:<30}{row.difference:>+10.4%}{row.z:>+9.2f} sigma{flag}\n"
                )
            if not comparison["disagrees"].any():
                stream.write("  all within 5 standard errors\n")


def _fractions(result, arguments) -> dict | None:
    """The exact fractions of ``result`` when ``--fractions`` asks for them (None for a
    Monte Carlo result of ``--compare``)."""
    if not getattr(arguments, "fractions", False) or not result.is_exact:
        return None
    from oddsengine.results.fractions import exact_fractions

    return exact_fractions(result)

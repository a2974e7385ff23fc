"""``sweep``, ``table`` and ``plot``: many scenarios at once, as a data file, an odds table
or a chart."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from oddsengine.cli._engine_options import positive_int, refuse_given
from oddsengine.cli._grid_options import (
    add_card_arguments,
    add_kind_and_forces,
    add_method_arguments,
    check_out,
    fixed_parameters,
    grid_method,
    kind_names,
    method_asked,
    refusal_notes,
    refuse_unused,
    role_option,
)
from oddsengine.errors import OddsEngineError
from oddsengine.kinds import kind_of, table_kinds

TABLE_FORMATS = ("markdown", "html", "latex", "bbcode", "csv", "csv-long", "json")
#: The sharpest plot: 1200 dpi is print quality; a million would need terabytes of memory.
MAX_DPI = 1200


EXIT_INTERRUPTED = 130  # 128 + SIGINT, as a shell reports a command stopped by Ctrl-C


def _resume_command(arguments) -> str:
    import shlex

    words = ["oddsengine", "sweep", arguments.spec, "--out", str(arguments.out), "--resume"]
    for option in ("seed", "precision", "method", "scheduler", "batch_size", "checkpoint"):
        value = getattr(arguments, option)
        if value is not None:
            words += [f"--{option.replace('_', '-')}", str(value)]
    if arguments.quiet:
        words.append("--quiet")
    return shlex.join(words)


def _seconds(text: str) -> float:
    """An argparse type: a number of seconds, zero or more."""
    import math

    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 <= value < math.inf:
        raise argparse.ArgumentTypeError(f"must be zero or more seconds, not {text!r}")
    return value


def _run_sweep(arguments):
    from oddsengine.sweeps.sweep import SweepInterrupted

    try:
        with refusal_notes("sweep"):
            return _sweep_to_file(arguments)
    except SweepInterrupted as stop:
        print(
            f"oddsengine sweep: interrupted; {stop.saved} of {stop.total} scenarios saved in "
            f"{arguments.out}; resume with: {_resume_command(arguments)}",
            file=sys.stderr,
        )
        return EXIT_INTERRUPTED


def _sweep_to_file(arguments):
    from oddsengine.sweeps.sweep import Sweep

    plan = Sweep.from_toml(arguments.spec)
    changes = {}
    if arguments.seed is not None:
        changes["seed"] = arguments.seed
    if arguments.precision is not None:
        changes["precision"] = arguments.precision
    method = method_asked(arguments)
    if method is not None:
        changes["method"] = method
    if changes:
        import dataclasses

        plan = dataclasses.replace(plan, **changes)
    if plan.method == "exact":
        refuse_given(arguments, ["--precision", "--seed"], "is for Monte Carlo: the sweep is exact")
    frame = plan.run(
        arguments.out,
        resume=arguments.resume,
        overwrite=arguments.overwrite,
        progress=not arguments.quiet,
        scheduler=arguments.scheduler,
        batch_size=arguments.batch_size,
        **({} if arguments.checkpoint is None else {"checkpoint_seconds": arguments.checkpoint}),
    )
    refused = frame.loc[frame["status"] == "refused", "scenario_key"].nunique()
    scenarios = frame["scenario_key"].nunique()
    note = f" ({refused} refused by the rules)" if refused else ""
    print(f"{scenarios} scenarios{note}, {len(frame)} rows written to {arguments.out}")


def _templates(arguments):
    refuse_unused(arguments, kind_of(arguments.kind).roles, f"table {arguments.kind}")
    rows_role, columns_role = kind_of(arguments.kind).roles
    rows = getattr(arguments, rows_role)
    columns = getattr(arguments, columns_role)
    defaults = kind_of(arguments.kind).default_sides
    if rows is None or columns is None:
        if not defaults:
            raise OddsEngineError(
                f"a {arguments.kind} needs {role_option(rows_role)} and {role_option(columns_role)}"
            )
        rows = rows or defaults[0]
        columns = columns or defaults[1]
    return rows, columns


def _run_table(arguments):
    if arguments.intervals and arguments.format in ("csv", "csv-long", "json"):
        raise OddsEngineError(
            f"--intervals adds half-widths to the text formats; --format {arguments.format} "
            "holds them already"
        )
    if arguments.out is not None:
        check_out(arguments.out)
    from oddsengine.cli._table_forms import form_table, has_form, refuse_form_options

    if has_form(arguments.kind):  # laid out its own way (a debate's debaters)
        refuse_unused(arguments, kind_of(arguments.kind).roles, f"table {arguments.kind}")
        with refusal_notes("table", answer="table"):
            table = form_table(arguments, grid_method(arguments))
    else:
        refuse_form_options(arguments)
        rows, columns = _templates(arguments)
        with refusal_notes("table", answer="table"):
            table = _odds_table(arguments, rows, columns)
    text = table.render(arguments.format, intervals=arguments.intervals)
    if arguments.out is not None:
        # Written beside the target and renamed into place: a failed write keeps any
        # earlier file whole.
        from oddsengine.faces.output_file import write_atomically

        write_atomically(arguments.out, lambda name: Path(name).write_text(text, encoding="utf-8"))
    else:
        sys.stdout.write(text)


def _odds_table(arguments, rows, columns):
    from oddsengine.faces.tables import odds_table

    return odds_table(
        arguments.kind,
        rows,
        columns,
        method=grid_method(arguments),
        precision=arguments.precision or 0.005,
        seed=arguments.seed,
        **fixed_parameters(arguments),
    )


def _run_plot(arguments):
    import matplotlib

    matplotlib.use("Agg")
    from oddsengine.faces import plots

    check_out(arguments.out)
    suffix = str(arguments.out).rsplit(".", 1)[-1].lower()
    if suffix not in ("png", "svg", "pdf"):
        raise OddsEngineError(
            f"cannot tell the format of {arguments.out!r}: use .png, .svg or .pdf"
        )
    if arguments.dpi > MAX_DPI:
        raise OddsEngineError(f"--dpi may be at most {MAX_DPI}, not {arguments.dpi}")
    if arguments.kind == "debate":
        raise OddsEngineError(
            "plot debate: a debate's rows and columns are debaters, not "
            "forces with a range to draw: give table debate"
        )
    if kind_of(arguments.kind).fixed_chart:
        refuse_unused(arguments, (), f"plot {arguments.kind}")
        ax = plots.plot_interception(arguments.kind)
    else:
        rows_role, columns_role = kind_of(arguments.kind).roles
        refuse_unused(arguments, (rows_role, columns_role), f"plot {arguments.kind}")
        rows_text, columns_text = getattr(arguments, rows_role), getattr(arguments, columns_role)
        if rows_text is None or columns_text is None:
            raise OddsEngineError(
                f"a {arguments.kind} plot needs {role_option(rows_role)} and "
                f"{role_option(columns_role)}"
            )
        attacker = _role_template(arguments.kind, rows_role, rows_text)
        defender = _role_template(arguments.kind, columns_role, columns_text)
        if attacker.main_axis is None:
            example = "1..8" if _is_count(arguments.kind, rows_role) else "2..16R"
            raise OddsEngineError(
                f"{role_option(rows_role)} needs a range for the x axis, such as {example} "
                "(see --help)"
            )
        if arguments.heatmap:  # refused before the grid is answered, not after
            _check_heatmap(attacker, defender, (rows_role, columns_role))
        with refusal_notes("plot", answer="plot"):
            frame = _plot_frame(arguments, rows_role, columns_role)
        x = _axis_column(arguments.kind, rows_role, attacker.main_axis.name)
        if arguments.heatmap:
            y = _axis_column(arguments.kind, columns_role, defender.main_axis.name)
            ax = plots.plot_heatmap(frame, y, x)
        else:
            line = "attacker_rating" if "attacker_rating" in frame.columns else None
            if line == x:
                line = None
            ax = plots.plot_probability(frame, x, line)
    import matplotlib.pyplot as plt

    try:
        # The temporary file keeps the suffix, so matplotlib still picks the format.
        from oddsengine.faces.output_file import write_atomically

        write_atomically(arguments.out, lambda name: ax.figure.savefig(name, dpi=arguments.dpi))
    finally:
        plt.close(ax.figure)
    print(f"wrote {arguments.out}")


def _is_count(kind: str, role: str) -> bool:
    """Whether ``role`` of ``kind`` is a whole number (an attempt's dice), not a force."""
    from oddsengine.sweeps._grid import count_fields

    return role in count_fields(kind_of(kind).spec)


def _role_template(kind: str, role: str, text: str):
    """The template a role's option gives: a force template, or a count range."""
    from oddsengine.sweeps.templates import parse_count_template, parse_template

    if _is_count(kind, role):
        from oddsengine.combat.limits import MAX_TABLE_CELLS

        return parse_count_template(text, role, MAX_TABLE_CELLS)
    return parse_template(text)


def _axis_column(kind: str, role: str, axis: str) -> str:
    """The sweep frame's column of a role's axis: ``attacker_regulars``, or the role itself
    for a count (``protestant_dice``)."""
    return role if _is_count(kind, role) else f"{role}_{axis}"


def _check_heatmap(attacker, defender, roles=("attacker", "defender")) -> None:
    """Refuse templates a heat map cannot show: it needs one range in each force."""
    if defender.main_axis is None:
        example = "1..6" if roles[1].endswith("_dice") else "0..4R"
        raise OddsEngineError(
            f"--heatmap needs a range in {role_option(roles[1])}, such as {example}"
        )
    others = [f"{roles[0]}_{axis.name}" for axis in attacker.axes[1:]]
    others += [f"{roles[1]}_{axis.name}" for axis in defender.axes[1:]]
    if others:
        raise OddsEngineError(
            "a heat map shows two parameters (the first range of each force); these vary "
            "too: " + ", ".join(others)
        )


def _plot_frame(arguments, rows_role="attacker", columns_role="defender"):
    from oddsengine.sweeps.sweep import Sweep

    return Sweep(
        arguments.kind,
        grid={
            rows_role: getattr(arguments, rows_role),
            columns_role: getattr(arguments, columns_role),
        },
        fixed=fixed_parameters(arguments),
        method=grid_method(arguments),
        precision=arguments.precision or 0.005,
        seed=arguments.seed,
    ).run(progress=False)


def _headlines() -> str:
    """``battle, naval: attacker wins; assault, intercept, avoid: success``."""
    by_headline: dict[str, list] = {}
    for kind in table_kinds():
        by_headline.setdefault(kind.headline, []).append(kind)
    return "; ".join(
        f"{kind_names(kinds)}: {headline.replace('_', ' ')}"
        for headline, kinds in by_headline.items()
    )


def register(commands) -> None:
    """Add ``sweep``, ``table`` and ``plot``."""
    sweep = commands.add_parser(
        "sweep",
        help="run a grid of what-ifs from a sweep file into a Parquet or CSV table",
        description="Run every scenario of a sweep file (TOML, or the name of a shipped "
        "example: assault_sweep) into a tidy table: one row per scenario and outcome. "
        "Exact where possible, Monte Carlo to a precision target otherwise.",
    )
    sweep.add_argument(
        "spec", metavar="SPEC.toml", help="the sweep file, or a shipped example's name"
    )
    sweep.epilog = (
        "Ctrl-C stops a sweep within about a second and keeps the scenarios answered so far "
        "(exit status 130); --resume continues it."
    )
    sweep.add_argument(
        "--out", required=True, metavar="FILE", help="results.parquet or results.csv"
    )
    sweep.add_argument(
        "--resume", action="store_true", help="continue an interrupted sweep in --out"
    )
    sweep.add_argument("--overwrite", action="store_true", help="replace an existing --out")
    sweep.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help='run on a Dask cluster, e.g. tcp://host:8786 (pip install "oddsengine[distributed]")',
    )
    sweep.add_argument(
        "--batch-size",
        type=positive_int,
        default=None,
        metavar="N",
        help="scenarios sent to a worker at a time (default: sized to take a few seconds)",
    )
    sweep.add_argument(
        "--checkpoint",
        type=_seconds,
        default=None,
        metavar="SECONDS",
        help="write the scenarios answered so far at least this often (default 2)",
    )
    sweep.add_argument("--quiet", action="store_true", help="no progress bar")
    add_method_arguments(sweep)
    sweep.set_defaults(run=_run_sweep)

    table = commands.add_parser(
        "table",
        help="an odds table over two force templates (or dice counts, or debaters)",
        description=f"The headline probability ({_headlines()}) for every pair of forces "
        "of two templates (an attempt's two dice counts; a debate's attackers against its "
        "defenders). The first range of the rows' force gives the rows, the columns' "
        "force's the columns; further ranges give one table per value. Without forces, "
        + "; ".join(
            f"{kind.name} runs over {' against '.join(kind.default_sides)}"
            for kind in table_kinds()
            if kind.default_sides
        )
        + ".",
    )
    add_kind_and_forces(table)
    table.add_argument(
        "--format",
        choices=TABLE_FORMATS,
        default="markdown",
        help="markdown (default), html, latex, bbcode, csv (the grid), csv-long (a row per "
        "cell, a column per parameter) or json (every cell in full precision)",
    )
    table.add_argument(
        "--intervals", action="store_true", help="show the 95%% half-width of Monte Carlo cells"
    )
    table.add_argument("--out", metavar="FILE", help="write to a file instead of the terminal")
    add_card_arguments(table)
    add_method_arguments(table)
    from oddsengine.cli._table_forms import add_form_options

    add_form_options(table)
    table.set_defaults(run=_run_table)

    plot = commands.add_parser(
        "plot",
        help="a chart: probability by force size, a heat map, or interception chances",
        description=f"{'/'.join(k.name for k in table_kinds() if not k.fixed_chart)}: the "
        "headline probability against the attacker's first range, one line per leader "
        "rating, with the 95% interval as a band (--heatmap: over the attacker's and the "
        f"defender's ranges). {'/'.join(k.name for k in table_kinds() if k.fixed_chart)}: "
        "chance by leader rating and Ottoman cavalry.",
    )
    add_kind_and_forces(plot, plot=True)
    plot.add_argument("--out", required=True, metavar="FILE", help="file.png, .svg or .pdf")
    plot.add_argument(
        "--heatmap",
        action="store_true",
        help="a heat map over the attacker's and the defender's first ranges",
    )
    plot.add_argument(
        "--dpi", type=positive_int, default=150, help=f"resolution (default 150, at most {MAX_DPI})"
    )
    add_card_arguments(plot)
    add_method_arguments(plot)
    plot.set_defaults(run=_run_plot)

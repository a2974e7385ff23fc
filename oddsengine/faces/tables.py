"""Odds tables: the headline probability over two force templates, ready to publish.

:func:`odds_table` answers every pair of forces of a row template and a column template
(``"2..16R L2"`` against ``"0..4R L1"``) and returns an :class:`OddsTable`: the attacker's
range gives the rows, the defender's the columns, and any further range in a template
(``"2..16R L0..2"``) gives one section per value. Cells hold the headline probability
(field battle: the attacker wins; assault: success; interception and avoid battle:
success), exact where possible, otherwise by Monte Carlo with the interval available.

The table renders as Markdown, HTML (colour-graded cells and a caption stating the rules,
the method and the precision), LaTeX and BBCode, all in percentages, and as CSV with plain
probabilities in [0, 1]: the attacker's label in the first column, the defender's labels
as the header. A cell the rules refuse (an assault whose besiegers do not outnumber the
garrison) is empty in CSV and a dash elsewhere. The table's type and its formats are
:mod:`oddsengine.faces.odds_table_formats`.
"""

from __future__ import annotations

import math

import numpy as np

from oddsengine.combat.cards import find_card, parse_cards
from oddsengine.combat.limits import MAX_TABLE_CELLS, check_grid_size
from oddsengine.engines.exact_grid import exact_probabilities, exact_probability, exact_results
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown
from oddsengine.faces.odds_table_formats import OddsTable, TableLine
from oddsengine.kinds import check_outcome_name, table_kinds
from oddsengine.sweeps._grid import count_fields
from oddsengine.sweeps._settings import new_seed
from oddsengine.sweeps.refusals import warn_refused
from oddsengine.sweeps.sweep import Sweep, run_batch
from oddsengine.sweeps.templates import ForceTemplate, parse_count_template, parse_template

__all__ = ["OddsTable", "odds_table", "HEADLINES", "ROLES"]

#: The probability a table shows for each kind of engagement (from the registry of kinds).
HEADLINES = {kind.name: kind.headline for kind in table_kinds()}

#: The spec fields that give the rows and the columns of a table (from the registry).
ROLES = {kind.name: kind.roles for kind in table_kinds()}


def _exact_headline(spec, outcome: str) -> float:
    """The exact probability of one outcome: the mass of the draw-plan cells that end in
    it (the sum :func:`oddsengine.exact` makes, without the other outcomes)."""
    return exact_probability(spec, outcome)


def _template(text, role: str, counts) -> ForceTemplate:
    """A role's template: a force (or fleet) template, or for a role that is a whole
    number (an attempt's dice, RULES.md §17) a count or a range of counts."""
    if role in counts:
        return parse_count_template(text, role, MAX_TABLE_CELLS)
    return parse_template(text)


def _lines(template: ForceTemplate) -> list[TableLine]:
    lines = []
    for label, values in template.combinations():
        section = tuple((axis.name, values[axis.name]) for axis in template.axes[1:])
        lines.append(TableLine(label, values, section))
    return lines


def _grid_text(template: ForceTemplate) -> str:
    """The template as the grid takes it: a force without ranges as its line's label, so
    that a cell finds its line whatever the spacing written (``"hapsburg:2R"``)."""
    return template.text if template.axes else template.label({})


def _check_fixed_cards(fixed) -> None:
    """Refuse an unknown card among the fixed parameters now: otherwise every cell would
    be refused, one by one, and the table would say nothing about why."""
    for name in ("attacker_cards", "defender_cards", "responses"):
        value = fixed.get(name)
        if isinstance(value, str):
            parse_cards(value)
        elif isinstance(value, (list, tuple)):
            for card in value:
                find_card(card)


def odds_table(
    kind: str,
    rows: str,
    columns: str,
    *,
    outcome: str | None = None,
    method: str = "auto",
    precision: float | None = 0.005,
    trials: int | None = None,
    seed: int | None = None,
    **fixed,
) -> OddsTable:
    """The headline probability for every pair of forces of two templates.

    Parameters
    ----------
    kind : {"battle", "assault", "intercept", "avoid", "naval"}
    rows, columns : str
        Force templates (``"2..16R L0..2"``) for the row role (attacker, interceptor,
        avoiding defender) and the column role (defender, mover, moving attacker); fleet
        templates (``"ottoman: 1..6Sq Dragut"``) for ``"naval"``.
    outcome : str, optional
        The outcome to show (default :data:`HEADLINES` ``[kind]``).
    method, precision, trials, seed
        As for :class:`oddsengine.sweeps.sweep.Sweep`.
    **fixed
        Any other sweep parameter, the same in every cell (``attacker_cards="siege-mining"``).

    Returns
    -------
    OddsTable

    Examples
    --------
    >>> from oddsengine.faces.tables import odds_table
    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     table = odds_table("assault", "3..4R L1", "1..3R")
    >>> print(caught[0].message)  # 15: 3 regulars do not outnumber 3
    1 of 6 scenarios refused: assault refused: 3 besieging land units do not outnumber ...
    >>> table.probability.round(4)  # doctest: +NORMALIZE_WHITESPACE
    defender      1R      2R      3R
    attacker
    3R L1     0.7037  0.2497     NaN
    4R L1     0.7037  0.2593  0.0366
    >>> print(table.to_csv().splitlines()[1])
    3R L1,0.7037037037037036,0.24965706447187924,
    """
    tabled = {item.name: item for item in table_kinds()}
    if not isinstance(kind, str) or kind not in tabled:
        raise OddsEngineError(f"no odds table for {shown(kind)}; use one of " + ", ".join(tabled))
    if outcome is not None and not isinstance(outcome, str):
        raise OddsEngineTypeError(f"outcome must be an outcome's name, not {shown(outcome)}")
    import pandas as pd

    row_role, column_role = tabled[kind].roles
    outcome = tabled[kind].headline if outcome is None else outcome
    counts = count_fields(tabled[kind].spec)
    row_template = _template(rows, row_role, counts)
    column_template = _template(columns, column_role, counts)
    check_grid_size(row_template.size * column_template.size, "odds table", MAX_TABLE_CELLS)
    _check_fixed_cards(fixed)
    plan = Sweep(
        kind,
        grid={row_role: _grid_text(row_template), column_role: _grid_text(column_template)},
        fixed=fixed,
        method=method,
        precision=precision,
        trials=trials,
        seed=seed,
    )
    scenario_seed = seed if seed is not None else new_seed()
    scenarios = plan.expand(scenario_seed)
    probability = {scenario.key: (math.nan, math.nan, math.nan) for scenario in scenarios}
    cell_method, cell_trials = {}, {}
    methods, trial_counts = set(), set()
    sampled, exact_scenarios = [], []
    # An outcome no cell reports is refused, not shown as a table of zeros.
    answered = [scenario.spec for scenario in scenarios if scenario.spec is not None]
    check_outcome_name(outcome, answered, where="odds table")
    for scenario in scenarios:
        if scenario.spec is None:
            continue
        if method != "monte-carlo" and getattr(scenario.spec, "exact_available", True):
            exact_scenarios.append(scenario)
        else:
            sampled.append((scenario.columns, scenario.key, kind, scenario.spec, "monte-carlo"))
    if exact_scenarios:
        # The whole grid at once, as array operations (oddsengine.engines.exact_grid).
        specs = [scenario.spec for scenario in exact_scenarios]
        if all(outcome in spec.outcome_names for spec in specs):
            values = exact_probabilities(specs, outcome)
        else:  # an event (defender_leaders_captured): whole results, not the outcome column
            values = np.array([result.p.get(outcome, 0.0) for result in exact_results(specs)])
        for scenario, value in zip(exact_scenarios, values.tolist(), strict=True):
            probability[scenario.key] = (value, value, value)
            cell_method[scenario.key] = "exact"
        methods.add("exact")
    if sampled:
        settings = {
            "trials": trials,
            "seed": scenario_seed,
            "precision": plan.precision,
            "max_trials": plan.max_trials,
            "version": "",
        }
        for row in run_batch(sampled, settings):
            if row["outcome"] == outcome:
                probability[row["scenario_key"]] = (
                    row["probability"],
                    row["ci95_low"],
                    row["ci95_high"],
                )
                trial_counts.add(int(row["trials"]))
                cell_method[row["scenario_key"]] = "monte-carlo"
                cell_trials[row["scenario_key"]] = int(row["trials"])
        methods.add("monte-carlo")
    row_lines, column_lines = _lines(row_template), _lines(column_template)
    row_labels = [line.label for line in row_lines]
    column_labels = [line.label for line in column_lines]
    # Filled as one array (probability, low, high), then wrapped: no per-cell pandas call.
    values = np.full((3, len(row_labels), len(column_labels)), np.nan)
    row_index = {label: index for index, label in enumerate(row_labels)}
    column_index = {label: index for index, label in enumerate(column_labels)}
    for scenario in scenarios:
        cell = (
            row_index[str(scenario.columns[row_role])],
            column_index[str(scenario.columns[column_role])],
        )
        values[(slice(None), *cell)] = probability[scenario.key]
    # Refused cells stay in the table, marked; the warning says how many and why.
    warn_refused(
        [scenario.refusal for scenario in scenarios if scenario.spec is None], len(scenarios)
    )
    cells = tuple(
        {
            **scenario.columns,
            "outcome": outcome,
            **dict(
                zip(
                    ("probability", "ci95_low", "ci95_high"), probability[scenario.key], strict=True
                )
            ),
            "method": cell_method.get(scenario.key),
            "trials": cell_trials.get(scenario.key),
            "status": "refused" if scenario.spec is None else "ok",
            "reason": scenario.refusal,
        }
        for scenario in scenarios
    )
    frames = [pd.DataFrame(part, index=row_labels, columns=column_labels) for part in values]
    for frame in frames:
        frame.index.name = row_role
        frame.columns.name = column_role
    return OddsTable(
        kind,
        outcome,
        row_template,
        column_template,
        *frames,
        methods=tuple(sorted(methods)),
        precision=plan.precision if "monte-carlo" in methods else None,
        seed=scenario_seed if "monte-carlo" in methods else None,
        trials=tuple(sorted(trial_counts)),
        fixed=dict(fixed),
        _rows=tuple(row_lines),
        _columns=tuple(column_lines),
        _cells=cells,
    )

"""Tables of naval moves (RULES.md §14): one naval move of a scenario file answered for many
fleets, and the smallest fleet that reaches a target.

:func:`naval_move_courses` compares courses of action instead: one row per set of
policies (avoid battle or stay, who intercepts, which card).

The fleets that vary are fleet templates (:mod:`oddsengine.sweeps.templates`) by location:
``{"Tyrrhenian Sea": "hapsburg: 1..4Sq Doria"}`` puts 1 to 4 Hapsburg squadrons with Doria
in the Tyrrhenian Sea in place of the Hapsburg ships there; the origin's template replaces
the moving stack (all of it moves). Every combination is one row: its fleets, each range's
value, the probability of every outcome and event, the expected losses, and a ``status``
(``ok``, or ``refused`` with the reason, e.g. a fleet the rules do not let move).

Examples
--------
>>> table = naval_move_table("barbary_coast", {"Tyrrhenian Sea": "hapsburg: 1..3Sq Doria"})
>>> [round(value, 4) for value in table["defender_wins"]]
[0.2643, 0.3326, 0.3896]
>>> needed = naval_move_needed(
...     "barbary_coast", "Tyrrhenian Sea", "hapsburg: 1..6Sq Doria", "defender_wins", 0.3
... )
>>> needed["Tyrrhenian Sea"]
'hapsburg: 2Sq Doria'
"""

from __future__ import annotations

import itertools

from oddsengine.errors import (
    OddsEngineError,
    OddsEngineTypeError,
    check_keywords,
    checked_arguments,
    shown,
)

__all__ = ["naval_move_table", "naval_move_needed", "naval_move_courses"]

_METHODS = ("exact", "monte-carlo")


def _expansions(ships) -> list[tuple[str, list]]:
    import math

    from oddsengine.combat.limits import MAX_NAVAL_MOVE_ROWS, check_grid_size
    from oddsengine.moves.board import load_board
    from oddsengine.sweeps.templates import parse_template

    if not isinstance(ships, dict):
        raise OddsEngineTypeError(
            f"ships must be a table of location = fleet template, not {shown(ships)}"
        )
    templates = []
    for location, text in ships.items():
        board = load_board()
        name = board.space(location).name
        if not board.space(name).is_sea and not board.is_port(name):  # every row refused
            raise OddsEngineError(f"ships in {name}: it is neither a sea zone nor a port")
        template = parse_template(text)
        if not template.fleet:
            raise OddsEngineError(
                f"ships in {name}: {text!r} is no fleet (write e.g. 'hapsburg: 2Sq')"
            )
        templates.append((name, template))
    # Every row is a whole naval move: a limit of its own, before any row is built.
    size = math.prod(template.size for _, template in templates)
    check_grid_size(size, "naval move table", MAX_NAVAL_MOVE_ROWS)
    return [(name, template.expand()) for name, template in templates]


def _check_call(where, method, trials, seed, parameters) -> None:
    """Refuse, before any row is answered, what would refuse every row: an unknown method
    or naval move parameter, a bad number of trials or seed."""
    from oddsengine.engines.run_arguments import MAX_TRIALS, check_run
    from oddsengine.moves.naval_move import NAVAL_MOVE_ARGUMENTS

    if method not in _METHODS:
        raise OddsEngineError(f"unknown method {method!r}; use exact or monte-carlo")
    check_run(trials, MAX_TRIALS, seed, None)
    check_keywords(where, parameters, NAVAL_MOVE_ARGUMENTS)


def _answer(move, method, trials, seed):
    if method == "exact":
        from oddsengine.engines.exact import exact

        return exact(move)
    from oddsengine.engines.move_montecarlo import simulate_move

    return simulate_move(move, trials=trials, seed=seed)


def naval_move_table(
    scenario, ships=None, *, method="exact", trials=100_000, seed=None, **overrides
):
    """Answer a scenario's naval move for every combination of the fleets given.

    Parameters
    ----------
    scenario : str or path
        A scenario file with a ``[naval_move]``, or a shipped example's name.
    ships : mapping of location to fleet template, optional
        The fleets that vary, each in place of its power's ships in that location (the
        origin's replaces the moving stack, which moves whole).
    method : {"exact", "monte-carlo"}
    trials, seed
        For Monte Carlo: every row uses the same seed.
    **overrides
        Naval move parameters that replace the file's (``defender_policy="fight"`` ...).

    Returns
    -------
    pandas.DataFrame
        One row per combination: a column per varied location (the fleet) and per range
        (``"Tyrrhenian Sea:squadrons"``), ``status`` and ``reason``, the probability of
        every outcome and event, and ``lost:LABEL`` expected losses.
    """
    import pandas as pd

    from oddsengine.moves.option_use import check_options_used
    from oddsengine.moves.scenario_file import read_naval_move, scenario_options

    _check_call("naval_move_table", method, trials, seed, overrides)
    expansions = _expansions(ships or {})
    situation, arguments = read_naval_move(scenario)
    # The options given, in the file or here, each checked in every row as the single run
    # checks them (oddsengine.moves.option_use).
    given = {**scenario_options(scenario), **{name: name for name in overrides}}
    rows = []
    refusals = []  # per row: the refusal an option given causes there, else None
    for combination in itertools.product(*(cases for _, cases in expansions)):
        row = {}
        fleets = []
        for (location, _), (label, values, fleet) in zip(expansions, combination, strict=True):
            row[location] = label
            row.update({f"{location}:{axis}": value for axis, value in values.items()})
            fleets.append((location, fleet))
        parameters = dict(arguments)
        if any(location == _origin_of(parameters) for location, _ in fleets):
            parameters["units"] = None  # the varied stack moves whole
        try:
            move = _row_move(situation.with_fleets(fleets), parameters, overrides)
            check_options_used(move, given)
            result = _answer(move, method, trials, seed)
        except OddsEngineError as error:
            rows.append(row | {"status": "refused", "reason": str(error)})
            refusals.append(error if getattr(error, "argument", None) in given else None)
            continue
        refusals.append(None)
        row |= {"status": "ok", "reason": ""}
        row |= dict(result.p)
        row |= {f"lost:{label}": value["mean"] for label, value in result.expected_losses().items()}
        row |= {"method": result.method, "trials": result.trials, "seed": result.seed}
        rows.append(row)
    if refusals and all(refusals):
        # An option given refuses every row: the table's question is refused, as the
        # single run refuses it (naming the option), not answered with refused rows.
        raise refusals[0]
    return pd.DataFrame(rows)


def _row_move(board, parameters: dict, overrides: dict):
    """The naval move of one row: the file's ``parameters`` with the ``overrides``. A
    refusal that one override alone causes (the row's move builds without it) names it,
    ``defender_policy: unknown defender policy ...``, with the name as its ``argument``."""
    from oddsengine.moves.naval_move import NavalMove

    try:
        return NavalMove(board, **{**parameters, **overrides})
    except OddsEngineError as refusal:
        try:
            NavalMove(board, **parameters)
        except OddsEngineError:
            raise refusal from None
        for name, value in overrides.items():
            try:
                NavalMove(board, **{**parameters, name: value})
            except OddsEngineError as alone:
                error = type(alone)(f"{name}: {alone}")
                error.argument = name
                raise error from None
        raise


def _origin_of(arguments) -> str:
    from oddsengine.moves.board import load_board

    return load_board().space(arguments["origin"]).name


def naval_move_needed(scenario, location, template, outcome, target, **options):
    """The smallest fleet of ``template`` in ``location`` for which ``outcome`` reaches
    ``target`` (the first row of :func:`naval_move_table` in the template's order).

    Parameters
    ----------
    scenario : str or path
    location : str
    template : str
        A fleet template with one range, such as ``"hapsburg: 1..6Sq Doria"``.
    outcome : str
        An outcome or event of the naval move (``defender_wins``, ``intercepted`` ...).
    target : float
        The probability to reach, between 0 and 1.
    **options
        Passed to :func:`naval_move_table`.

    Returns
    -------
    dict
        The row reached (its fleet, the probability of ``outcome`` ...), or, when no fleet
        of the template reaches the target, the row of the largest with ``reached`` false.
    """
    from oddsengine.sweeps.templates import parse_template

    if isinstance(target, bool) or not isinstance(target, int | float):
        raise OddsEngineTypeError(f"target must be a probability, not {shown(target)}")
    # As needed() asks: a target of 0 is reached by any fleet, so it asks nothing.
    if not 0 < target <= 1:
        raise OddsEngineError(f"target must be above 0 and at most 1, not {shown(target)}")
    for name, value, what in (
        ("location", location, "a space"),
        ("outcome", outcome, "an outcome"),
    ):
        if not isinstance(value, str):
            raise OddsEngineTypeError(f"{name} must be the name of {what}, not {shown(value)}")
    if not isinstance(template, str):
        raise OddsEngineTypeError(
            f"template must be a fleet template such as 'hapsburg: 1..6Sq Doria', not "
            f"{shown(template)}"
        )
    if not parse_template(template).axes:
        raise OddsEngineError(
            f"template {template!r} has no range: give the fleets to try as one, such as "
            "'hapsburg: 1..6Sq Doria'"
        )
    table = naval_move_table(scenario, {location: template}, **options)
    answered = table[table["status"] == "ok"]
    if answered.empty:
        raise OddsEngineError(
            "no fleet of the template could make this naval move: "
            + "; ".join(sorted(set(table["reason"])))
        )
    if outcome not in answered.columns:
        known = [name for name in answered.columns if ":" not in name or name.startswith("lost")]
        raise OddsEngineError(f"unknown outcome {outcome!r}; known: {', '.join(known)}")
    for _, row in answered.iterrows():
        if row[outcome] >= target:
            return dict(row) | {"reached": True}
    return dict(answered.iloc[-1]) | {"reached": False}


@checked_arguments
def naval_move_courses(scenario, courses, *, method="exact", trials=100_000, seed=None):
    """Answer a scenario's naval move once per course of action.

    Parameters
    ----------
    scenario : str or path
        A scenario file with a ``[naval_move]``, or a shipped example's name.
    courses : mapping of name to mapping
        Each course's naval move parameters, replacing the file's
        (``{"stay": {"defender_policy": "fight"}, "avoid": {"defender_policy": "avoid"}}``).
    method, trials, seed
        As for :func:`naval_move_table`.

    Returns
    -------
    pandas.DataFrame
        One row per course: ``course``, ``status`` and ``reason``, the defenders' choice,
        the probability of every outcome and event, and ``lost:LABEL`` expected losses.

    Examples
    --------
    >>> table = naval_move_courses(
    ...     "barbary_coast",
    ...     {"all try": {}, "only Doria": {"interception_policy": {"Tyrrhenian Sea": "all"}}},
    ... )
    >>> [round(value * 36, 2) for value in table["intercepted:hapsburg@Tyrrhenian Sea"]]
    [15.17, 21.0]
    """
    import pandas as pd

    from oddsengine.moves.scenario_file import load_naval_move, read_naval_move

    _check_call("naval_move_courses", method, trials, seed, {})
    if not isinstance(courses, dict) or not courses:
        raise OddsEngineTypeError(
            f"courses must be a table of name = parameters, not {shown(courses)}"
        )
    for name, parameters in courses.items():
        if not isinstance(parameters, dict):
            raise OddsEngineTypeError(
                f"course {name!r}: its parameters must be a table, not {shown(parameters)}"
            )
        _check_call(f"naval_move_courses: course {name!r}", method, trials, seed, parameters)
    read_naval_move(scenario)  # a file with no naval move is refused, not each course
    rows = []
    for name, parameters in courses.items():
        row = {"course": str(name)}
        try:
            move = load_naval_move(scenario, **parameters)
            result = _answer(move, method, trials, seed)
        except OddsEngineError as error:
            rows.append(row | {"status": "refused", "reason": str(error)})
            continue
        row |= {"status": "ok", "reason": "", "choice": move.describe()["defender_choice"]}
        row |= dict(result.p)
        row |= {f"lost:{label}": value["mean"] for label, value in result.expected_losses().items()}
        row |= {"method": result.method, "trials": result.trials, "seed": result.seed}
        rows.append(row)
    return pd.DataFrame(rows)

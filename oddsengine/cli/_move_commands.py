"""``move`` and ``naval-move``: a whole move or naval move from a scenario file."""

from __future__ import annotations

import sys

from oddsengine.cli._battle_policies import (
    add_policy_arguments,
    policies_given,
    policies_with_options,
    refuse_policies_of_cards_not_played,
)
from oddsengine.cli._engine_options import (
    add_engine_arguments,
    choose_method,
    positive_int,
    print_results,
    refuse_given,
    run_engines,
)
from oddsengine.errors import OddsEngineError
from oddsengine.moves.move import LEADERS_INSIDE_POLICIES
from oddsengine.results.output import without_float_noise

#: End states a move lists when --states is not given.
DEFAULT_STATES = 10
#: How the table names the leaders' choice after a lost battle (14.1, --leaders-inside).
_LEADERS_CHOICE = {"with-units": "; leaders went inside", "retreat": "; leaders retreated"}


def _move_results(move, arguments) -> list:
    return run_engines(move, arguments, sample=_simulate_move)


def _simulate_move(move, **run):
    # Imported only for a Monte Carlo answer: an exact move needs no kernel or streams.
    from oddsengine.engines.move_montecarlo import simulate_move

    return simulate_move(move, **run)


def _policy_overrides(arguments) -> dict:
    """The defender, retreat and interception policies given, as a move's keywords (the
    same three options on ``move`` and ``naval-move``)."""
    overrides = {}
    # "is not None": an empty policy is refused by the move, not ignored.
    if arguments.defender is not None:
        overrides["defender_policy"] = arguments.defender
    if arguments.retreat is not None:
        overrides["retreat_policy"] = arguments.retreat
    if arguments.interception:
        overrides["interception_policy"] = arguments.interception
    return overrides


#: The option of each move keyword the command line gives (a refusal names the option).
_OPTION_OF = {
    "defender_policy": "--defender",
    "retreat_policy": "--retreat",
    "interception_policy": "--interception",
    "after_withdrawal": "--after-withdrawal",
    "garrison_joins_relief": "--garrison-joins-relief",
    "relief_goes_inside_on_tie": "--relief-inside-on-tie",
    "avoiding_units": "--avoiding-units",
    "leaders_inside": "--leaders-inside",
    "defender_horizon": "--horizon",
}


def _load(loader, scenario, overrides):
    """``loader(scenario, **overrides)``, its refusals naming the command line's options
    (see :func:`_naming_options`)."""
    return _naming_options(lambda: loader(scenario, **overrides), overrides)


def _naming_options(build, overrides):
    """``build()``; a refusal of one option's value (the file alone is accepted) names
    the option, ``--defender: unknown defender policy 'fihgt' ...``, and so does an
    option given here that applies to nothing (``--defender is for enemy ships ...``,
    :mod:`oddsengine.moves.option_use`), not the keyword; one of the file's keeps the
    file's key."""
    try:
        return build()
    except OddsEngineError as refusal:
        argument = getattr(refusal, "argument", None)
        if argument not in _OPTION_OF or argument not in overrides:
            raise
        unused = getattr(refusal, "reason", None)
        if unused is not None:
            raise OddsEngineError(f"{_OPTION_OF[argument]} {unused}") from None
        reason = str(refusal).removeprefix(f"{argument}: ")
        raise OddsEngineError(f"{_OPTION_OF[argument]}: {reason}") from None


def _run_move(arguments):
    from oddsengine.moves.move_records import end_state_records
    from oddsengine.moves.scenario_file import load_move

    overrides = _policy_overrides(arguments)
    if arguments.after_withdrawal:
        overrides["after_withdrawal"] = arguments.after_withdrawal
    if arguments.garrison_joins_relief:
        overrides["garrison_joins_relief"] = arguments.garrison_joins_relief == "yes"
    if arguments.relief_inside_on_tie:
        overrides["relief_goes_inside_on_tie"] = arguments.relief_inside_on_tie == "yes"
    if arguments.avoiding_units is not None:
        overrides["avoiding_units"] = _avoiding_units(arguments.avoiding_units)
    if arguments.leaders_inside:
        overrides["leaders_inside"] = arguments.leaders_inside
    if arguments.horizon:
        overrides["defender_horizon"] = arguments.horizon
    _check_states(arguments)
    states = arguments.states or DEFAULT_STATES
    if arguments.stack or arguments.control or arguments.besieged:
        from oddsengine.moves.what_if import read_pairs

        # The what-ifs change the board before the options are checked against it: an
        # option applies, or not, to the move asked (oddsengine.moves.option_use).
        overrides["stacks"] = read_pairs(arguments.stack, "--stack", "FORCE")
        overrides["control"] = read_pairs(arguments.control, "--control", "POWER")
        overrides["besieged"] = arguments.besieged
    move = _load(load_move, arguments.scenario, overrides)
    move = _with_battle_policies(move, arguments)
    results = _move_results(move, arguments)
    _write_move_results(results, arguments, states, end_state_records, _move_state_line)


def _move_state_line(record) -> str:
    return (
        f"  {record['probability']:>9.4%}  {record['outcome']:<18} "
        f"mover {record['mover_end']}; defenders {record['defenders_end']}"
        + (f"; garrison {record['garrison_end']}" if record["garrison_end"] else "")
        + _captured_words(record)
        + _LEADERS_CHOICE.get(record["leaders_inside"], "")
        + "\n"
    )


def _check_states(arguments) -> None:
    """Refuse ``--states`` where no end state is listed (csv, markdown, bbcode)."""
    if arguments.states is not None and arguments.format not in ("table", "json"):
        raise OddsEngineError(
            f"--states lists end states in the table and json formats, not {arguments.format}"
        )


def _run_naval_move(arguments):
    from oddsengine.moves.naval_move import naval_end_state_records
    from oddsengine.moves.scenario_file import load_naval_move

    overrides = _policy_overrides(arguments)
    if arguments.vary:
        if arguments.states is not None:  # a table of fleets has one row per fleet
            raise OddsEngineError("--states lists end states of one move, not of a --vary table")
        return _naval_move_table(arguments, overrides)
    _check_states(arguments)
    states = arguments.states or DEFAULT_STATES
    move = _load(load_naval_move, arguments.scenario, overrides)
    results = run_engines(move, arguments, sample=_simulate_move)
    _write_move_results(results, arguments, states, naval_end_state_records, _naval_state_line)


#: The columns a naval move table shows in the table format (csv and json show all).
_NAVAL_TABLE_COLUMNS = (
    "intercepted",
    "avoided_battle",
    "naval_battle",
    "attacker_wins",
    "defender_wins",
    "mover_in_destination",
    "mover_retreats",
    "mover_eliminated",
)


def _naval_move_table(arguments, overrides) -> None:
    """``naval-move FILE --vary LOCATION=FLEETS``: one row per fleet of the templates."""
    from oddsengine.faces.naval_move_table import naval_move_table

    ships = {}
    for text in arguments.vary:
        location, equals, template = text.partition("=")
        if not equals or not location.strip() or not template.strip():
            raise OddsEngineError(
                f"--vary takes LOCATION=FLEETS (e.g. 'Tyrrhenian Sea=hapsburg: 1..4Sq Doria'), "
                f"not {text!r}"
            )
        from oddsengine.moves.board import load_board

        location = load_board().space(location.strip()).name
        if location in ships:  # the first would be dropped without a word
            raise OddsEngineError(f"--vary gives {location} twice: one template per location")
        ships[location] = template.strip()
    method, _ = choose_method(arguments)
    if method == "compare":
        raise OddsEngineError("--vary answers with one engine, not --compare")
    # A table of fleets runs a fixed number of trials and is written as text, csv or json.
    refuse_given(
        arguments,
        ["--precision", "--max-trials", "--survivors"],
        "is not taken by a --vary table (it runs --trials, default 100,000)",
    )
    if arguments.format in ("markdown", "bbcode"):
        raise OddsEngineError(
            f"a --vary table is written as a table, csv or json, not {arguments.format}"
        )
    # A table whose every row an option refuses is refused, naming the option, as the
    # single run refuses it.
    table = _naming_options(
        lambda: naval_move_table(
            arguments.scenario,
            ships,
            method=method,
            trials=arguments.trials or 100_000,
            seed=arguments.seed,
            **overrides,
        ),
        overrides,
    )
    if arguments.format == "csv":
        sys.stdout.write(table.to_csv(index=False))
    elif arguments.format == "json":
        import json

        json.dump(json.loads(table.to_json(orient="records")), sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(_naval_table_text(table, list(ships)))


def _naval_table_text(table, locations: list) -> str:
    """A naval move table as text: chances in percent and expected losses in ships, as
    every other table of the text output (csv and json keep the numbers); a refused row
    shows a dash, and its reason below the table."""
    import pandas as pd

    chances = [name for name in _NAVAL_TABLE_COLUMNS if name in table.columns]
    losses = [name for name in table.columns if name.startswith("lost:")]
    shown = table[[*locations, "status", *chances, *losses]].copy()
    for names, cell in ((chances, "{:.2%}"), (losses, "{:.3f}")):
        for name in names:
            shown[name] = ["—" if pd.isna(value) else cell.format(value) for value in table[name]]
    text = shown.to_string(index=False) + "\n"
    for _, row in table[table["status"] == "refused"].iterrows():
        text += f"refused {', '.join(str(row[name]) for name in locations)}: {row['reason']}\n"
    return text


def _naval_state_line(record) -> str:
    return (
        f"  {record['probability']:>9.4%}  {record['outcome']:<20} "
        f"mover {record['mover_end']}; others {record['fleets_end']}\n"
    )


def _write_move_results(results, arguments, states, records, line) -> None:
    """JSON with the end states of each result, or the table and the likeliest states."""
    stream = sys.stdout
    if arguments.format == "json":
        import json  # imported by the format that writes it

        payloads = []
        for result in results:
            payload = result.to_dict()
            rows = records(result, states)
            payload["end_states"] = without_float_noise(rows) if result.is_exact else rows
            payloads.append(payload)
        if len(payloads) == 1:
            json.dump(payloads[0], stream, indent=2)
        else:
            from oddsengine.results.compare import comparison_dict

            json.dump(comparison_dict(*results, payloads=payloads), stream, indent=2)
        stream.write("\n")
        return
    print_results(results, arguments)
    if arguments.format == "table":
        stream.write(f"\nMost likely end states ({results[0].method}):\n")
        for record in records(results[0], states):
            stream.write(line(record))


def _captured_words(record) -> str:
    """``"; captured: mover's Suleiman; defenders' Ferdinand"``, or nothing."""
    parts = [
        f"{whose} {record[column]}"
        for whose, column in (("mover's", "attacker_captured"), ("defenders'", "defender_captured"))
        if record[column]
    ]
    return f"; captured: {'; '.join(parts)}" if parts else ""


def _avoiding_units(text: str):
    """``"2R Ferdinand"`` (one defending power) or ``"hapsburg=2R Ferdinand, england=1R"``."""
    if "=" not in text:
        return text
    pairs = {}
    for part in text.split(","):
        power, _, force = part.partition("=")
        if not power.strip() or not force.strip():
            raise OddsEngineError(
                f"--avoiding-units {text!r}: write FORCE, or POWER=FORCE pairs separated by commas"
            )
        if power.strip().lower() in {name.lower() for name in pairs}:
            raise OddsEngineError(f"--avoiding-units names {power.strip()} twice")
        pairs[power.strip()] = force.strip()
    return pairs


def _with_battle_policies(move, arguments):
    """``move`` with the field battle's policies given on the command line (RULES.md §9):
    ``--policy CARD=POLICY`` and each side's casualty order, over the file's."""
    if not policies_given(arguments):
        return move
    from dataclasses import replace

    from oddsengine.moves.option_use import check_options_used

    policies = policies_with_options(arguments, move.policies, "battle")
    played = {card.slug for card in move.attacker_cards + move.defender_cards}
    refuse_policies_of_cards_not_played((card for card, _ in policies.post_roll), played)
    move = replace(move, policies=policies)
    # RULES.md §9: a field battle's policies where the move fights none (nor lays a siege
    # whose assaults keep them) apply to nothing.
    flags = ("--policy", "--attacker-casualty-order", "--defender-casualty-order")
    given = [flag for flag in flags if getattr(arguments, flag[2:].replace("-", "_"))]
    check_options_used(move, {"policies": given[0]})
    return move


def register(commands) -> None:
    """Add ``move`` and ``naval-move``."""
    move = commands.add_parser(
        "move",
        help="play a whole move out on the board, from a scenario file",
        description="Play a move out: interception, avoid battle, withdrawal, field battle, "
        "retreat and siege (RULES.md 2-6); a [move] with by_sea is a naval transport "
        "across those sea zones, landing as a move (RULES.md 15). SCENARIO is a TOML file "
        "or the name of a shipped example (e.g. vienna, tunis_transport).",
    )
    move.add_argument("scenario", metavar="SCENARIO", help="a .toml file or an example name")
    policies = move.add_argument_group("policies (override the file)")
    policies.add_argument(
        "--defender",
        metavar="POLICY",
        help="best, fight, withdraw, avoid:SPACE or avoid:SPACE+withdraw; with allied "
        "defenders one per power: hapsburg=fight,england=avoid:Linz",
    )
    policies.add_argument(
        "--avoiding-units",
        metavar="FORCE",
        help="the defenders that try to avoid battle (13.3; default all): FORCE, or "
        "POWER=FORCE pairs separated by commas",
    )
    policies.add_argument(
        "--after-withdrawal",
        choices=("go-back", "move-on"),
        help="when the defenders withdrew and no siege follows (13.4): go back (a retreat, "
        "default) or move on",
    )
    policies.add_argument(
        "--garrison-joins-relief",
        choices=("yes", "no"),
        help="15.2: the besieged garrison joins a relief battle (default no)",
    )
    policies.add_argument(
        "--relief-inside-on-tie",
        choices=("yes", "no"),
        help="15.2: a relief force losing on a tie goes inside, 4 in all (default yes)",
    )
    policies.add_argument(
        "--leaders-inside",
        choices=LEADERS_INSIDE_POLICIES,
        help="14.1: after a lost battle in its fortified space, the controller's leaders "
        "go inside with the units that do (with-units), retreat with the rest (retreat), "
        "or take the choice that best holds the space over --horizon (best, default; "
        "they retreat when both are equal)",
    )
    policies.add_argument(
        "--retreat",
        metavar="POLICY",
        help="most-friendly or prefer:SPACE[,SPACE...] (the first legal space listed; one no "
        "retreat can reach is passed over with a note)",
    )
    add_policy_arguments(
        policies, after="the roll of the field battle", attacker="the mover's",
        defender="the defenders'",
    )  # fmt: skip
    policies.add_argument(
        "--horizon",
        type=positive_int,
        metavar="K",
        help="judge the best defender policy (and the best --leaders-inside choice) by the "
        "chance of holding the space after K impulses of assaults on the siege (default: at "
        "the end of the move)",
    )
    policies.add_argument(
        "--interception",
        choices=("all", "none"),
        help="all: every eligible stack tries to intercept, one attempt per space (13.2 "
        "step 4: the first power there in impulse order); none: no one tries (default: "
        "the scenario file's policy)",
    )
    what_ifs = move.add_argument_group("what-ifs (change the board of the file)")
    what_ifs.add_argument(
        "--stack",
        action="append",
        metavar="SPACE=FORCE",
        help="add a stack, or replace the stack of that power in SPACE, e.g. "
        "'Linz=hapsburg: 4R Charles V' (repeatable; the moving stack replaced moves whole)",
    )
    what_ifs.add_argument(
        "--control",
        action="append",
        metavar="SPACE=POWER",
        help="the power that controls SPACE, e.g. Linz=hapsburg (repeatable)",
    )
    what_ifs.add_argument(
        "--besieged",
        action="append",
        metavar="SPACE",
        help="the controlling power's stack in SPACE stands besieged inside (15; repeatable)",
    )
    move.add_argument(
        "--states",
        type=positive_int,
        default=None,
        help=f"end states to list (default {DEFAULT_STATES}; table and json formats)",
    )
    add_engine_arguments(move)
    move.set_defaults(run=_run_move)

    naval = commands.add_parser(
        "naval-move",
        help="play a naval move out on the board, from a scenario file",
        description="Play a naval move out: interception, avoid battle, naval combat (in a "
        "port: defender +1 die, the attacker always leaves) and retreat (RULES.md 11, 14). "
        "SCENARIO is a TOML file with a [naval_move] table or the name of a shipped example "
        "(e.g. barbary_coast).",
    )
    naval.add_argument("scenario", metavar="SCENARIO", help="a .toml file or an example name")
    naval_policies = naval.add_argument_group("policies (override the file)")
    naval_policies.add_argument(
        "--defender",
        metavar="POLICY",
        help="best, fight, avoid or avoid:LOCATION: what the enemy ships in the destination "
        "sea zone do when nobody intercepted",
    )
    naval_policies.add_argument(
        "--retreat",
        metavar="POLICY",
        help="most-friendly or prefer:LOCATION[,LOCATION...] (the first legal location "
        "listed; one not adjacent is passed over with a note)",
    )
    naval_policies.add_argument(
        "--interception",
        choices=("all", "none"),
        help="all: every fleet that may intercept tries; none: no one tries (default: the "
        "scenario file's policy)",
    )
    naval.add_argument(
        "--states",
        type=positive_int,
        default=None,
        help=f"end states to list (default {DEFAULT_STATES}; table and json formats)",
    )
    naval.add_argument(
        "--vary",
        action="append",
        metavar="LOCATION=FLEETS",
        help="answer the move for every fleet of a template in place of that power's ships "
        "there (e.g. 'Tyrrhenian Sea=hapsburg: 1..4Sq Doria'); repeat for several; one row "
        "per combination",
    )
    add_engine_arguments(naval)
    naval.set_defaults(run=_run_naval_move)

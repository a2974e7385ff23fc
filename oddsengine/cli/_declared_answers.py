"""The answer of a declared kind's command (:mod:`oddsengine.cli._declared_commands`
builds its parser): the spec built from the options given, through the two doors and one
writer, with no line written for the kind.

The spec is built by :func:`~oddsengine.declaration.spec_of`, or on a scenario's board by
:func:`~oddsengine.declaration.spec_on_board`; a required input missing is refused (one a
board gives, without a scenario only; one that reads a board, with one only), as are an
option of another form of the command (naming which), an option of a board without one
and one the board gives beside it. The options the spec would ignore are refused by its
``ignored_options()`` (``ignored_options(card_value=True)`` when its cards are valued),
and a refusal that names one input (its ``argument``) names the option that gave it. It
answers with :func:`~oddsengine.exact` or :func:`~oddsengine.simulate`, written by
:func:`~oddsengine.cli._engine_options.print_results`; or with the odds book's table
(``--table``), a ``--vary`` table, the likeliest end states (``--states``, laid out by
:mod:`~oddsengine.faces.board_answers`), or what each card is worth (``--card-value``: a
combat's :func:`~oddsengine.questions.card_value.card_value`, the kind's own
:func:`~oddsengine.questions.card_questions.card_question`, or the cards that switch an
input, :func:`~oddsengine.questions.switch_value.switch_value`).
"""

from __future__ import annotations

import argparse
import sys

from oddsengine.cli._declared_commands import (
    board_options,
    book_table,
    campaign_of,
    card_sides,
    command_options,
    default_trials,
    forms_of,
    kind_options,
    source_kind,
    vary_table,
)
from oddsengine.cli._engine_options import (
    choose_method,
    print_results,
    refuse_given,
    run_engines,
)
from oddsengine.declaration import BOARD_GIVES, NEEDS_BOARD, spec_of, spec_on_board
from oddsengine.errors import OddsEngineError

__all__ = ["build_spec", "run", "spec_of_arguments"]


#: The engine's options, which an odds book table (exact in every cell) does not read.
_ENGINE = ("--trials", "--seed", "--precision", "--max-trials", "--compare", "--method",
           "--exact", "--monte-carlo", "--card-value", "--fractions")  # fmt: skip


def _chosen(kind, arguments):
    """The kind the command line asks (a form whose flag is given, else ``kind``), and
    that form's flag (None for ``kind`` itself); an option of another form given is
    refused."""
    chosen, asked = kind, None
    for form, flag in forms_of(kind):
        if getattr(arguments, flag.name, False):
            chosen, asked = form, flag
    mine = {option.name for option in kind_options(chosen)}
    for option in command_options(kind):
        if option.name in mine or not _given(arguments, option):
            continue
        if asked is not None:
            raise OddsEngineError(
                f"{option.flag_name} does not change a {chosen.title.lower()}: leave it out"
            )
        form, flag = next((form, flag) for form, flag in forms_of(kind)
                          if option.name in {item.name for item in kind_options(form)})  # fmt: skip
        raise OddsEngineError(
            f"{option.flag_name} is for a {form.title.lower()}: add {flag.flag_name}"
        )
    return chosen, asked


def _asked_kind(kind, arguments):
    """The kind the command line asks: ``kind``, or where its command asks several, the
    one the options given choose (:func:`~oddsengine.kind_commands.chosen_kind`)."""
    from oddsengine.kind_commands import chosen_kind, command_kinds, has_sub_commands, inputs_of

    kinds = command_kinds(kind.command)
    if len(kinds) < 2 or has_sub_commands(kinds):
        return kind
    options = {option.name: option for other in kinds for option in inputs_of(other)}
    given = {
        name: getattr(arguments, name)
        for name, option in options.items()
        if _given(arguments, option)
    }
    return chosen_kind(kinds, given)


def _given(arguments, option) -> bool:
    given = getattr(arguments, "given", None)
    value = getattr(arguments, option.name, None)
    return value is not None and (given is None or option.name in given)


def _refuse(arguments, options, reason: str) -> None:
    for option in options:
        if _given(arguments, option):
            raise OddsEngineError(f"{option.flag_name} {reason}")


def build_spec(kind, values: dict):
    """The spec of ``kind`` for its inputs ``values`` (by option name), as
    :func:`~oddsengine.declaration.spec_of` builds it (a kind that takes another's options,
    its record's ``arguments``, like that kind's spec)."""
    return spec_of(kind.spec, values, like=source_kind(kind).spec if kind.arguments else None)


def _values(kind, arguments) -> dict:
    """The inputs the parsed ``arguments`` give ``kind``, by option name (the board's file
    apart); a required option missing is refused (one a board gives, without a scenario
    only; one that reads a board, with one only)."""
    board = board_options(kind)[:1]  # the board's file
    own = [option for option in kind_options(kind) if option not in board and not option.form]
    values = {
        option.name: getattr(arguments, option.name) for option in own if _given(arguments, option)
    }
    for option in own:
        if option.repeat and option.name in values:  # one value per use of the option
            values[option.name] = tuple(
                item
                for part in values[option.name]
                for item in (part if isinstance(part, tuple) else (part,))
            )
    scenario = getattr(arguments, board[0].name, None) if board else None
    missing = [
        option
        for option in own
        if option.required_with(scenario is not None) and option.name not in values
    ]
    if missing:
        alternative = ", or --table" if "table" in source_kind(kind).takes else ""
        if scenario is None and all(option.supplied_by_board for option in missing):
            them = "it" if len(missing) == 1 else "them"
            alternative += f" (or a scenario, whose board gives {them})"
        flags = ", ".join(option.flag_name for option in missing)
        raise OddsEngineError(f"give {flags}{alternative}")
    return values


def _naming_options(kind, values, build):
    """``build()``; a refusal that names one input given (its ``argument``: a defender
    policy the rules refuse, an option that applies to nothing here) names the option
    that gave it, ``--defender: unknown defender policy 'fihgt' ...``."""
    try:
        return build()
    except OddsEngineError as refusal:
        argument = getattr(refusal, "argument", None)
        if argument not in values:
            raise
        flag = next(option.flag_name for option in kind_options(kind) if option.name == argument)
        reason = getattr(refusal, "reason", None)
        if reason is not None:
            raise OddsEngineError(f"{flag} {reason}") from None
        raise OddsEngineError(f"{flag}: {str(refusal).removeprefix(f'{argument}: ')}") from None


def spec_of_arguments(kind, arguments):
    """The spec that the parsed ``arguments`` of ``kind``'s command describe: its class
    (or that of the form asked) built with the options given (the others keep their
    defaults), or its ``on_board`` with a scenario's board; an option that the question
    would ignore (``spec.ignored_options()``) is refused, naming why.

    Raises
    ------
    OddsEngineError
        A required option missing, an option of a board without one (or one the board
        gives beside it), an option of another form, or what the spec refuses.
    """
    kind, _ = _chosen(kind, arguments)
    options = kind_options(kind)
    values = _values(kind, arguments)
    board = board_options(kind)
    scenario = getattr(arguments, board[0].name, None) if board else None
    if scenario is None:
        _refuse(
            arguments,
            [o for o in options if o.board == NEEDS_BOARD],
            "reads a board: give a scenario first",
        )
        spec = _naming_options(kind, values, lambda: build_spec(kind, values))
    else:
        _refuse(arguments, [o for o in options if o.board == BOARD_GIVES],
                "comes from the board with a scenario: drop it (or the scenario)")  # fmt: skip
        spec = _naming_options(kind, values, lambda: spec_on_board(kind.spec, scenario, values))
    ignored = getattr(spec, "ignored_options", None)
    if ignored is not None:
        valued = getattr(arguments, "card_value", False)  # its cards valued: their question
        by_name = {option.name: option for option in options}
        for name, reason in (ignored(card_value=True) if valued else ignored()).items():
            if name in values:
                raise OddsEngineError(f"{by_name[name].flag_name} {reason}")
    return spec


def _given_flag(arguments, flag: str) -> bool:
    return flag.lstrip("-").replace("-", "_") in getattr(arguments, "given", ())


def _run_table(kind, arguments) -> None:
    """The odds book's table of ``kind``, written in the asked format."""
    table = book_table(kind)
    if getattr(arguments, "scenario", None) is not None:
        raise OddsEngineError(
            f"--table covers {table.words} without a board: drop the scenario (or --table)"
        )
    options = kind_options(kind)
    read = [option for option in options if option.name in table.takes]
    _refuse(
        arguments,
        [o for o in options if o not in read],
        "is not read by --table (the table covers them all)",
    )
    for flag in _ENGINE:
        if _given_flag(arguments, flag):
            raise OddsEngineError(f"{flag} is not read by --table (its cells are exact)")
    values = {
        option.name: getattr(arguments, option.name) for option in read if _given(arguments, option)
    }
    if table.outcome:
        values["outcome"] = arguments.outcome
    from oddsengine.faces.new_world_tables import table_text

    if arguments.format not in ("table", "markdown", "csv", "json"):
        raise OddsEngineError(
            f"--table is written as table, markdown, csv, json, not {arguments.format}"
        )
    frame = table.make(**values)
    sys.stdout.write(table_text(frame, arguments.format, table.title(values)))


def _refuse_exact_only(kind, arguments) -> None:
    """Refuse an option the exact answer alone reads (``Option.exact_only``) beside a
    Monte Carlo answer, before any work."""
    exact_only = [option for option in kind_options(kind) if option.exact_only]
    if not exact_only:
        return
    method, reason = choose_method(argparse.Namespace(**vars(arguments)))  # no side effect
    if method == "monte-carlo":
        _refuse(
            arguments,
            exact_only,
            f"is read by the exact answer only, not by Monte Carlo ({reason})",
        )


def run(arguments):
    """Answer the parsed ``arguments`` of a declared kind's command: its table, its
    ``--vary`` table, its cards' values or its odds, in the asked format."""
    from oddsengine.kinds import kind_of

    kind = _asked_kind(kind_of(arguments.kind), arguments)
    takes = source_kind(kind).takes
    if getattr(arguments, "table", False):
        return _run_table(kind, arguments)
    if "table" in takes and _given_flag(arguments, "--outcome"):
        raise OddsEngineError("--outcome chooses the cells of --table: give --table")
    if "card-value" in takes:
        from oddsengine.cli._card_value import check_card_value_options

        check_card_value_options(arguments)  # --side without it, engine options with it
    if getattr(arguments, "vary", None):
        return _run_vary(kind, arguments)
    if getattr(arguments, "states", None) is not None and arguments.format not in (
        "table",
        "json",
    ):
        raise OddsEngineError(
            f"--states lists end states in the table and json formats, not {arguments.format}"
        )
    campaign = campaign_of(kind)
    if campaign is not None and not campaign.takes_precision and arguments.precision:
        title = kind.title.lower()
        article = "an" if title[:1] in "aeiou" else "a"
        raise OddsEngineError(f"--precision is not available for {article} {title}: give --trials")
    _refuse_exact_only(kind, arguments)
    spec = spec_of_arguments(kind, arguments)
    if getattr(arguments, "card_value", False):
        return _write_card_value(kind, spec, arguments)
    results = run_engines(spec, arguments, trials=default_trials(kind, campaign))
    if "end-states" in takes:
        return _print_with_end_states(kind, results, arguments)
    print_results(results, arguments)
    return None


def _print_with_end_states(kind, results, arguments) -> None:
    """The answer with its likeliest end states: in each JSON answer, or under the text
    table."""
    from oddsengine.faces.board_answers import (
        DEFAULT_STATES,
        end_state_payloads,
        end_state_text,
    )

    count = arguments.states or DEFAULT_STATES
    if arguments.format == "json":
        import json

        payloads = end_state_payloads(kind.name, results, count)
        if len(payloads) > 1:
            from oddsengine.results.compare import comparison_dict

            payloads = [comparison_dict(*results, payloads=payloads)]
        sys.stdout.write(json.dumps(payloads[0], indent=2) + "\n")
        return
    print_results(results, arguments)
    if arguments.format == "table":
        sys.stdout.write(end_state_text(kind.name, results[0], count))


def _run_vary(kind, arguments) -> None:
    """``--vary``: the answer for every value of a template, as a table
    (:data:`~oddsengine.faces.board_answers.VARY_TABLES`), with one engine and a fixed
    number of trials."""
    table = vary_table(kind)
    if arguments.states is not None:  # a table has one row per value
        raise OddsEngineError("--states lists end states of one answer, not of a --vary table")
    method, _ = choose_method(arguments)
    if method == "compare":
        raise OddsEngineError("--vary answers with one engine, not --compare")
    refuse_given(
        arguments,
        ["--precision", "--max-trials", "--survivors"],
        "is not taken by a --vary table (it runs --trials, default 100,000)",
    )
    if arguments.format not in ("table", "csv", "json"):
        raise OddsEngineError(
            f"a --vary table is written as a table, csv or json, not {arguments.format}"
        )
    values = _values(kind, arguments)
    from oddsengine.faces.board_answers import VARY_TRIALS

    trials = arguments.trials or VARY_TRIALS
    run = {"method": method, "trials": trials, "seed": arguments.seed}
    board = board_options(kind)
    scenario = getattr(arguments, board[0].name)
    # A table whose every row an option refuses is refused, naming the option, as the
    # single answer refuses it.
    frame, varied = _naming_options(
        kind, values, lambda: table.make(scenario, arguments.vary, **run, **values)
    )
    if arguments.format == "csv":
        sys.stdout.write(frame.to_csv(index=False))
    elif arguments.format == "json":
        import json

        json.dump(json.loads(frame.to_json(orient="records")), sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(table.text(frame, varied))


def _write_card_value(kind, spec, arguments) -> None:
    """``--card-value``: a combat's question (each card a side could still play, its
    ``card_fields``), the kind's own (:func:`~oddsengine.questions.card_questions.card_question`:
    an attempt's, a debate's), or the cards that switch an input (``card_switches``)."""
    from oddsengine.cli._card_value import write_card_table

    if card_sides(kind.spec):  # a combat's: each card a side could still play
        from oddsengine.questions.card_value import card_value, card_value_text

        table = card_value(spec, side=getattr(arguments, "side", None))
        write_card_table(table, lambda table: card_value_text(spec, table), arguments)
        return
    from oddsengine.questions.card_questions import SWITCHES, card_question

    question = card_question(kind.name)
    if question is SWITCHES and not getattr(spec, "card_switches", ()):
        raise OddsEngineError(
            f"--card-value values a card that switches an input; none switches one of "
            f"this question ({spec.title()})"
        )
    write_card_table(question.rows(spec), lambda rows: question.text(spec, rows), arguments)

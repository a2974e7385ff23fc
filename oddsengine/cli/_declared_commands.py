"""The command of every kind that declares its inputs (:mod:`oddsengine.declaration`):
its sub-command, its parsing and its refusals built from the declaration, its answer
through the two doors and one writer, with no line written for the kind.

A kind's command takes its declared options (each under its group's heading) and the
shared groups its record names (``Kind.takes``): ``engine`` (the method, trials, seed,
precision, comparison and format, with ``--fractions`` wherever the answer is one exact
draw plan or a chain walked in fractions; a campaign's own trials, and ``--precision``
where its Monte Carlo runs to one), ``survivors`` (the joint distribution of both sides'
survivors), ``board`` (the board its spec class reads, ``scenario_board``: a scenario file
and its what-ifs; the spec is then built by the class's ``on_board``), ``table`` (instead
of one answer, the odds book's table of the kind,
:data:`~oddsengine.faces.book_tables.BOOK_TABLES`), ``card-value`` (what each card that
could still be played is worth, :func:`~oddsengine.questions.card_value.card_value`, or
that switches an input, :func:`~oddsengine.questions.switch_value.switch_value`;
``--side`` where the spec's ``card_fields`` give both sides cards), ``end-states``
(``--states``: the likeliest end states under the answer) and ``vary`` (``--vary``: the
answer for every value of a template, as a table), both laid out by
:mod:`~oddsengine.faces.board_answers`. Another declared kind whose record names the same
command is its form, asked by that kind's ``form`` flag (``intercept --naval``); an option
of one form given to the other is refused, naming which. The spec is built by
:func:`~oddsengine.declaration.spec_of`; the options it would ignore are refused by its
``ignored_options()`` (``ignored_options(card_value=True)`` when its cards are valued),
and a refusal that names one input (its ``argument``) names the option that gave it. It
answers with :func:`~oddsengine.exact` or :func:`~oddsengine.simulate`, written by
:func:`~oddsengine.cli._engine_options.print_results`.

Kinds that share a command (:mod:`oddsengine.kind_commands`) are its sub-commands, named
after the kinds (``card-roll rough-wooing``), or, where one of them is named after the
command, one command whose options given choose the kind (``riches --column`` or
``riches --holdings``), the rule stated in its help.
"""

from __future__ import annotations

import argparse
import sys

from oddsengine.cli._engine_options import (
    add_engine_arguments,
    choose_method,
    positive_int,
    print_results,
    refuse_given,
    run_engines,
)
from oddsengine.declaration import BOARD_GIVES, NEEDS_BOARD, options_of, spec_of, spec_on_board
from oddsengine.errors import OddsEngineError

__all__ = ["build_spec", "declared_kinds", "register", "spec_of_arguments"]

#: The engine's options, which an odds book table (exact in every cell) does not read.
_ENGINE = ("--trials", "--seed", "--precision", "--max-trials", "--compare", "--method",
           "--exact", "--monte-carlo", "--card-value", "--fractions")  # fmt: skip


def declared_kinds(names=None) -> list:
    """The kinds whose command is built from their declaration, by command; only those of
    ``names`` when given."""
    from oddsengine.kind_commands import declared_commands

    return [kind for kinds in declared_commands(names).values() for kind in kinds]


def _parse_with(option):
    """An argparse type that parses with ``option``, its refusal in argparse's words."""

    def parse(text):
        try:
            return option.parse(text)
        except OddsEngineError as error:
            message = str(error).removeprefix(option.flag_name + " ")
            raise argparse.ArgumentTypeError(message) from None

    parse.__name__ = option.value
    return parse


_METAVARS = {"count": "N", "number": "X", "names": "NAME[,NAME]", "force": "FORCE",
             "cards": "CARDS", "yes-no": "{yes,no}", "flag-names": "NAME[,NAME]"}  # fmt: skip


def _metavar(option) -> str:
    """The placeholder of an option's value: its choices as argparse writes them, else
    one of its kind of value."""
    if option.value == "choice" and option.choices:
        return "{" + ",".join(map(str, option.choices)) + "}"
    return _METAVARS.get(option.value, option.name.upper())


def _add_option(group, option, required: bool = False, bare: bool = False) -> None:
    """Add one declared option to an argparse group (``required``: argparse refuses its
    absence; ``bare``: it may be given without its value, as the flag another kind of its
    command takes)."""
    if bare:
        group.add_argument(
            option.flag_name,
            dest=option.name,
            nargs="?",
            const=True,
            default=None,
            type=_parse_with(option),
            metavar=option.metavar or option.name.upper(),
            help=option.help,
        )
    elif option.positional:
        group.add_argument(
            option.name,
            nargs=None if option.required else "?",
            default=None,
            type=_parse_with(option),
            metavar=option.flag or option.name.upper(),
            help=option.help,
        )
    elif option.value == "flag":
        action = "store_false" if option.default is True else "store_true"
        group.add_argument(option.flag_name, dest=option.name, action=action, help=option.help)
    elif option.value == "flag-names":  # alone: True; with names, those it applies to
        group.add_argument(
            option.flag_name,
            dest=option.name,
            nargs="?",
            const=True,
            default=None,
            type=_parse_with(option),
            metavar=option.metavar or _METAVARS[option.value],
            help=option.help,
        )
    else:
        group.add_argument(
            option.flag_name,
            dest=option.name,
            default=None,
            required=required,
            action="append" if option.repeat else "store",
            type=_parse_with(option),
            metavar=option.metavar or _metavar(option),
            help=option.help,
        )


def _board_options(kind) -> tuple:
    """The options of the board ``kind`` is asked on (its scenario and what-ifs, its spec
    class's ``scenario_board``), for a kind that takes one."""
    return kind.spec.scenario_board.options if "board" in _source(kind).takes else ()


def _source(kind):
    """The kind whose own options and shared groups ``kind``'s command takes: the kind its
    record's ``arguments`` names, else itself."""
    from oddsengine.kinds import kind_of

    return kind_of(kind.arguments) if kind.arguments else kind


def _options(kind) -> tuple:
    """Every option of ``kind`` that fills an input: its spec's (those of the kind its
    ``arguments`` names where its spec declares none), its own, its board's."""
    source = _source(kind)
    own = kind.options if source is kind else (*source.options, *kind.options)
    spec = options_of(kind.spec) or options_of(source.spec)
    return (*spec, *own, *_board_options(kind))


def _forms(kind) -> list:
    """The other kinds asked through ``kind``'s command, each with the flag that asks it
    (its record's option that is a ``form``)."""
    from oddsengine.kinds import KINDS

    forms = []
    for other in KINDS.values():
        if other.command == kind.command and other is not kind and other.declared:
            flag = next((option for option in other.options if option.form), None)
            if flag is not None:
                forms.append((other, flag))
    return forms


def _command_options(kind) -> tuple:
    """The options of ``kind``'s command: its own, then those only a form of it takes
    (their help starting with the flag that asks the form)."""
    options = {option.name: option for option in _options(kind)}
    for form, flag in _forms(kind):
        for option in (flag, *_options(form)):
            if option.name not in options:
                options[option.name] = option if option.form else _with(option, flag)
    return tuple(options.values())


def _always_required(kind) -> set:
    """The options that every question of ``kind``'s command needs, by name (argparse
    then names them in the usage and refuses their absence): those every form requires,
    where no ``--table`` answers without them."""
    if "table" in _source(kind).takes:
        return set()
    required = [{o.name for o in _options(k) if o.required} for k in (kind, *dict(_forms(kind)))]
    return set.intersection(*required)


def _with(option, flag):
    """``option`` with help that starts "with ``flag``"."""
    import dataclasses

    said = option.words

    def words() -> str:
        return f"with {flag.flag_name}: " + (said() if callable(said) else said)

    return dataclasses.replace(option, words=words if callable(said) else words())


def _chosen(kind, arguments):
    """The kind the command line asks (a form whose flag is given, else ``kind``), and
    that form's flag (None for ``kind`` itself); an option of another form given is
    refused."""
    chosen, asked = kind, None
    for form, flag in _forms(kind):
        if getattr(arguments, flag.name, False):
            chosen, asked = form, flag
    mine = {option.name for option in _options(chosen)}
    for option in _command_options(kind):
        if option.name in mine or not _given(arguments, option):
            continue
        if asked is not None:
            raise OddsEngineError(
                f"{option.flag_name} does not change a {chosen.title.lower()}: leave it out"
            )
        form, flag = next((form, flag) for form, flag in _forms(kind)
                          if option.name in {item.name for item in _options(form)})  # fmt: skip
        raise OddsEngineError(
            f"{option.flag_name} is for a {form.title.lower()}: add {flag.flag_name}"
        )
    return chosen, asked


def _book_table(kind):
    from oddsengine.faces.book_tables import BOOK_TABLES

    return BOOK_TABLES[kind.name]


def _add_command(commands, kind, name: str = "", others=()) -> None:
    """Add the command of ``kind`` (as the sub-command ``name`` when given), with its
    forms' options, and the options of the ``others`` its command asks when the options
    given decide (:mod:`oddsengine.kind_commands`)."""
    from oddsengine.kind_commands import choice_words, merged_options

    several = bool(name or others)  # a command of several kinds: each says its own rule
    description = (
        _description(kind.spec, own=several)
        + "".join(
            f" With {flag.flag_name}: {_description(form.spec)}" for form, flag in _forms(kind)
        )
        + choice_words(others, lambda spec: _description(spec, own=True))
    )
    parser = commands.add_parser(
        name or kind.command,
        help=kind.rule if name else _summary(kind),
        description=description.replace("%", "%%"),
    )
    groups = {"": parser}
    required = _always_required(kind)
    own = _command_options(kind)
    for option, bare in merged_options([own, *(_options(each) for each in others)]):
        group = option.group or ("on a scenario's board" if option.board == NEEDS_BOARD else "")
        if group not in groups:
            groups[group] = parser.add_argument_group(group)
        _add_option(groups[group], option, option.name in required, bare)
    takes = _source(kind).takes
    if "table" in takes:
        table = _book_table(kind)
        group = parser.add_argument_group("the odds book's table")
        group.add_argument(
            "--table",
            action="store_true",
            help=f"instead of one answer, the odds book's table of {table.words} (exact; "
            "--format table, markdown, csv or json)",
        )
        if table.outcome:
            group.add_argument(
                "--outcome",
                default=table.outcome,
                metavar="NAME",
                help=f"with --table: the chance shown (default {table.outcome})",
            )
    if "card-value" in takes:
        _add_card_value(parser, kind.spec)
    if "end-states" in takes:
        from oddsengine.faces.board_answers import DEFAULT_STATES

        parser.add_argument(
            "--states",
            type=positive_int,
            metavar="N",
            help=f"end states to list (default {DEFAULT_STATES}; table and json formats)",
        )
    if "vary" in takes:
        table = _vary_table(kind)
        parser.add_argument("--vary", action="append", metavar=table.metavar, help=table.words)
    campaign = _campaign(kind)
    trials = _trials(kind, campaign)
    add_engine_arguments(
        parser,
        survivors="survivors" in takes,
        fractions=_fractions_available(kind.spec, campaign),
        precision=campaign is None or campaign.takes_precision,
        **({"trials": trials} if trials else {}),
    )
    parser.set_defaults(run=_run, kind=kind.name)
    if name:  # a sub-command: its refusals name it after its command
        parser.set_defaults(command=f"{kind.command} {name}")


def _summary(kind) -> str:
    """The command's line in ``oddsengine --help``: "odds of a field battle (rule 14)"."""
    words, _, where = kind.rule.partition(", ")
    if where and words.lower() == kind.title.lower():
        return f"odds of {'an' if words[:1] in 'aeiou' else 'a'} {words} ({where})"
    return f"odds of the {kind.title[:1].lower() + kind.title[1:]} ({kind.rule})"


def _card_sides(spec_class) -> tuple:
    """The sides that play cards in ``spec_class``'s question (its ``card_fields``)."""
    return tuple(side for side, _ in getattr(spec_class, "card_fields", ()))


def _add_card_value(parser, spec_class) -> None:
    """``--card-value``, and ``--side`` where both sides play cards."""
    sides = _card_sides(spec_class)
    parser.add_argument(
        "--card-value",
        action="store_true",
        help="instead of the odds, what each card a side could still play is worth here "
        "(exact): the side's chance without the card, with it, and the difference"
        if sides
        else "instead of the odds, what each card that changes this question is worth "
        "here (exact): without it, with it, and the difference",
    )
    if len(sides) > 1:
        parser.add_argument(
            "--side", choices=sides, default=None, help="with --card-value: one side only"
        )


def _fractions_available(spec_class, campaign) -> bool:
    """Whether ``--fractions`` is offered: an exact answer that is one draw plan of dice,
    or a campaign whose class says its chain is walked in fractions
    (``fractions_available``)."""
    if not getattr(spec_class, "exact_available", True):
        return False
    return bool(getattr(spec_class, "fractions_available", campaign is None))


def _campaign(kind):
    """The campaign engines of ``kind`` (None for a single engagement's)."""
    from oddsengine.engines.campaigns import class_engines

    return class_engines(kind.spec)


def _trials(kind, campaign) -> int:
    """The Monte Carlo trials of ``kind``'s command when none are asked (0: the
    engines' default for a single engagement)."""
    return kind.trials or (campaign.default_trials if campaign is not None else 0)


def _vary_table(kind):
    from oddsengine.faces.board_answers import VARY_TABLES

    return VARY_TABLES[kind.name]


def _add_sub_commands(commands, kinds) -> None:
    """Add the command that ``kinds`` share, none named after it: one sub-command a kind,
    named after the kind (:mod:`oddsengine.kind_commands`)."""
    command = kinds[0].command
    parser = commands.add_parser(
        command,
        help="odds of one of: " + ", ".join(kind.title for kind in kinds),
        description=f"One sub-command a question: oddsengine {command} NAME [options]; "
        "oddsengine " + command + " NAME --help gives each one's options.",
    )
    questions = parser.add_subparsers(dest="question", title="questions", metavar="NAME",
                                      parser_class=type(parser))  # fmt: skip
    questions.required = True
    for kind in kinds:
        _add_command(questions, kind, kind.name)


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


def _description(spec_class, own: bool = False) -> str:
    """The first paragraph of the spec's module (its rule in words), or with ``own`` of
    the spec class (for a command of several kinds, whose specs may share a module),
    without the cross-references' markup."""
    import re

    text = (not own and sys.modules[spec_class.__module__].__doc__) or spec_class.__doc__ or ""
    first = " ".join(text.strip().split("\n\n")[0].split())
    return re.sub(r":\w+:`~?(?:[\w.]*\.)?([^`]+)`", r"\1", first).replace("``", "")


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
    return spec_of(kind.spec, values, like=_source(kind).spec if kind.arguments else None)


def _values(kind, arguments) -> dict:
    """The inputs the parsed ``arguments`` give ``kind``, by option name (the board's file
    apart); a required option missing is refused."""
    board = _board_options(kind)[:1]  # the board's file
    own = [option for option in _options(kind) if option not in board and not option.form]
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
    missing = [option.flag_name for option in own if option.required and option.name not in values]
    if missing:
        alternative = ", or --table" if "table" in _source(kind).takes else ""
        raise OddsEngineError(f"give {', '.join(missing)}{alternative}")
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
        flag = next(option.flag_name for option in _options(kind) if option.name == argument)
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
    options = _options(kind)
    values = _values(kind, arguments)
    board = _board_options(kind)
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
    table = _book_table(kind)
    if getattr(arguments, "scenario", None) is not None:
        raise OddsEngineError(
            f"--table covers {table.words} without a board: drop the scenario (or --table)"
        )
    options = _options(kind)
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
    exact_only = [option for option in _options(kind) if option.exact_only]
    if not exact_only:
        return
    method, reason = choose_method(argparse.Namespace(**vars(arguments)))  # no side effect
    if method == "monte-carlo":
        _refuse(
            arguments,
            exact_only,
            f"is read by the exact answer only, not by Monte Carlo ({reason})",
        )


def _run(arguments):
    from oddsengine.kinds import kind_of

    kind = _asked_kind(kind_of(arguments.kind), arguments)
    takes = _source(kind).takes
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
    campaign = _campaign(kind)
    if campaign is not None and not campaign.takes_precision and arguments.precision:
        title = kind.title.lower()
        article = "an" if title[:1] in "aeiou" else "a"
        raise OddsEngineError(f"--precision is not available for {article} {title}: give --trials")
    _refuse_exact_only(kind, arguments)
    spec = spec_of_arguments(kind, arguments)
    if getattr(arguments, "card_value", False):
        from oddsengine.cli._card_value import write_card_table

        if _card_sides(kind.spec):  # a combat's: each card a side could still play
            from oddsengine.questions.card_value import card_value, card_value_text

            table = card_value(spec, side=getattr(arguments, "side", None))
            write_card_table(table, lambda table: card_value_text(spec, table), arguments)
            return None
        from oddsengine.questions.switch_value import switch_value_rows, switch_value_text

        if not getattr(spec, "card_switches", ()):
            raise OddsEngineError(
                f"--card-value values a card that switches an input; none switches one of "
                f"this question ({spec.title()})"
            )
        write_card_table(
            switch_value_rows(spec), lambda rows: switch_value_text(spec, rows), arguments
        )
        return None
    results = run_engines(spec, arguments, trials=_trials(kind, campaign))
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
    table = _vary_table(kind)
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
    board = _board_options(kind)
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


def register(commands, names=None, written=()) -> None:
    """Add the command of every declared kind (of ``names``, the commands asked, when
    given), but those ``written`` by a module of their own: a kind's own, the
    sub-commands of kinds that share a command, or one command that asks several kinds
    (:mod:`oddsengine.kind_commands`)."""
    from oddsengine.kind_commands import declared_commands, has_sub_commands

    for command, kinds in declared_commands(names).items():
        if command in written or command in commands.choices:
            continue
        if has_sub_commands(kinds):
            _add_sub_commands(commands, kinds)
        else:
            _add_command(commands, kinds[0], others=kinds[1:])

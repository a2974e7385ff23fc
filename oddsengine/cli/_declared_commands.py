"""The command of every kind that declares its inputs (:mod:`oddsengine.declaration`):
its sub-command, its parsing and its refusals built from the declaration, its answer
through the two doors and one writer, with no line written for the kind.

A kind's command takes its declared options (each under its group's heading) and the
shared groups its record names (``Kind.takes``): ``engine`` (the method, trials, seed,
precision, comparison and format, with ``--fractions`` wherever the answer is exact),
``board`` (a scenario file's religious board and its what-ifs: the spec is then built by
its class's ``on_board``), ``table`` (instead of one answer, the odds book's table of the
kind, :data:`~oddsengine.faces.book_tables.BOOK_TABLES`) and ``card-value`` (what each
card that switches an input is worth, :func:`~oddsengine.questions.switch_value.
switch_value`). It answers with :func:`~oddsengine.exact` or
:func:`~oddsengine.simulate`, written by :func:`~oddsengine.cli._engine_options.
print_results`.

Kinds that share a command (:mod:`oddsengine.kind_commands`) are its sub-commands, named
after the kinds (``card-roll rough-wooing``), or, where one of them is named after the
command, one command whose options given choose the kind (``riches --column`` or
``riches --holdings``), the rule stated in its help.
"""

from __future__ import annotations

import argparse

from oddsengine.cli._engine_options import add_engine_arguments, print_results, run_engines
from oddsengine.declaration import BOARD_GIVES, NEEDS_BOARD, options_of
from oddsengine.errors import OddsEngineError

__all__ = ["build_spec", "declared_kinds", "register", "spec_of_arguments"]

#: The engine's options, which an odds book table (exact in every cell) does not read.
_ENGINE = ("--trials", "--seed", "--precision", "--max-trials", "--compare", "--method",
           "--exact", "--card-value", "--fractions")  # fmt: skip


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
             "cards": "CARDS", "yes-no": "{yes,no}"}  # fmt: skip


def _add_option(group, option, bare: bool = False) -> None:
    """Add one declared option to an argparse group (``bare``: it may be given without
    its value, as the flag another kind of its command takes)."""
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
        group.add_argument(
            option.flag_name, dest=option.name, action="store_true", help=option.help
        )
    else:
        group.add_argument(
            option.flag_name,
            dest=option.name,
            default=None,
            action="append" if option.repeat else "store",
            type=_parse_with(option),
            metavar=option.metavar or _METAVARS.get(option.value, option.name.upper()),
            help=option.help,
        )


def _board_options(kind) -> tuple:
    """The options of a religious board (its scenario and what-ifs), for a kind that
    takes one."""
    if "board" not in kind.takes:
        return ()
    from oddsengine.religion.religion_scenario import BOARD_OPTIONS

    return BOARD_OPTIONS


def _options(kind) -> tuple:
    """Every option of ``kind``'s command that fills an input: its own, its spec's, its
    board's."""
    return (*kind.options, *options_of(kind.spec), *_board_options(kind))


def _book_table(kind):
    from oddsengine.faces.book_tables import BOOK_TABLES

    return BOOK_TABLES[kind.name]


def _add_command(commands, kind, name: str = "", others=()) -> None:
    """Add the command of ``kind`` (as the sub-command ``name`` when given), with the
    options of the ``others`` its command asks when the options given decide."""
    from oddsengine.kind_commands import choice_words, merged_options

    spec_class = kind.spec
    several = bool(name or others)  # a command of several kinds: each says its own rule
    description = _description(spec_class, own=several) + choice_words(
        others, lambda spec: _description(spec, own=True)
    )
    parser = commands.add_parser(
        name or kind.command,
        help=kind.rule
        if name
        else f"odds of the {kind.title[:1].lower() + kind.title[1:]} ({kind.rule})",
        description=description.replace("%", "%%"),
    )
    groups = {"": parser}
    for option, bare in merged_options([_options(each) for each in (kind, *others)]):
        group = option.group or ("on a scenario's board" if option.board == NEEDS_BOARD else "")
        if group not in groups:
            groups[group] = parser.add_argument_group(group)
        _add_option(groups[group], option, bare)
    if "table" in kind.takes:
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
    if "card-value" in kind.takes:
        parser.add_argument(
            "--card-value",
            action="store_true",
            help="instead of the odds, what each card that changes this question is worth "
            "here (exact): without it, with it, and the difference",
        )
    exact = getattr(spec_class, "exact_available", True)
    add_engine_arguments(parser, survivors=False, fractions=bool(exact))
    parser.set_defaults(run=_run, kind=kind.name)
    if name:  # a sub-command: its refusals name it after its command
        parser.set_defaults(command=f"{kind.command} {name}")


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
    import sys

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
    """The spec of ``kind`` for its inputs ``values`` (by option name): its class's
    ``from_options(**values)`` where it has one (inputs that fill a field together, such
    as a combat's policies), else the class called with them."""
    return getattr(kind.spec, "from_options", kind.spec)(**values)


def spec_of_arguments(kind, arguments):
    """The spec that the parsed ``arguments`` of ``kind``'s command describe: its class
    called with the options given (the others keep their defaults), or its ``on_board``
    with a scenario's board; an option that the question would ignore
    (``spec.ignored_options()``) is refused, naming why.

    Raises
    ------
    OddsEngineError
        A required option missing, an option of a board without one (or one the board
        gives beside it), or what the spec refuses.
    """
    options = _options(kind)
    board = _board_options(kind)
    own = [option for option in options if option not in board[:1]]  # the board's file
    values = {
        option.name: getattr(arguments, option.name) for option in own if _given(arguments, option)
    }
    for option in own:
        if option.repeat and option.name in values:  # one value per use of the option
            values[option.name] = tuple(item for part in values[option.name] for item in part)
    missing = [option.flag_name for option in own if option.required and option.name not in values]
    if missing:
        alternative = ", or --table" if "table" in kind.takes else ""
        raise OddsEngineError(f"give {', '.join(missing)}{alternative}")
    scenario = getattr(arguments, "scenario", None) if "board" in kind.takes else None
    if scenario is None:
        _refuse(
            arguments,
            [o for o in options if o.board == NEEDS_BOARD],
            "reads a board: give a scenario first",
        )
        spec = build_spec(kind, values)
    else:
        _refuse(arguments, [o for o in options if o.board == BOARD_GIVES],
                "comes from the board with a scenario: drop it (or the scenario)")  # fmt: skip
        from oddsengine.religion.religion_scenario import load_religious_board

        what_ifs = {name: values.pop(name, ()) for name in ("protestant", "unrest", "reformers")}
        spec = kind.spec.on_board(load_religious_board(scenario, **what_ifs), **values)
    ignored = getattr(spec, "ignored_options", None)
    if ignored is not None:
        by_name = {option.name: option for option in options}
        for name, reason in ignored().items():
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
    import sys

    from oddsengine.faces.new_world_tables import table_text

    if arguments.format not in ("table", "markdown", "csv", "json"):
        raise OddsEngineError(
            f"--table is written as table, markdown, csv, json, not {arguments.format}"
        )
    frame = table.make(**values)
    sys.stdout.write(table_text(frame, arguments.format, table.title(values)))


def _run(arguments):
    from oddsengine.kinds import kind_of

    kind = _asked_kind(kind_of(arguments.kind), arguments)
    if getattr(arguments, "table", False):
        return _run_table(kind, arguments)
    if "table" in kind.takes and _given_flag(arguments, "--outcome"):
        raise OddsEngineError("--outcome chooses the cells of --table: give --table")
    spec = spec_of_arguments(kind, arguments)
    if getattr(arguments, "card_value", False):
        from oddsengine.cli._card_value import check_card_value_options, write_card_table
        from oddsengine.questions.switch_value import switch_value_rows, switch_value_text

        check_card_value_options(arguments)
        write_card_table(
            switch_value_rows(spec), lambda rows: switch_value_text(spec, rows), arguments
        )
        return None
    print_results(run_engines(spec, arguments), arguments)
    return None


def register(commands, names=None) -> None:
    """Add the command of every declared kind (of ``names``, the commands asked, when
    given) that no other module has added: a kind's own, the sub-commands of kinds that
    share a command, or one command that asks several kinds
    (:mod:`oddsengine.kind_commands`)."""
    from oddsengine.kind_commands import declared_commands, has_sub_commands

    for command, kinds in declared_commands(names).items():
        if command in commands.choices:
            continue
        if has_sub_commands(kinds):
            _add_sub_commands(commands, kinds)
        else:
            _add_command(commands, kinds[0], others=kinds[1:])

"""The command of every kind that declares its inputs (:mod:`oddsengine.declaration`):
its sub-command, its parsing and its refusals built from the declaration, its answer
through the two doors and one writer, with no line written for the kind.

A kind's command takes its declared options (each under its group's heading), the
shared groups its record names (``Kind.takes``: the engine's options, ``--card-value``,
``--table``), and answers with :func:`~oddsengine.exact` or
:func:`~oddsengine.simulate`, written by
:func:`~oddsengine.cli._engine_options.print_results` in every format, with
``--fractions`` wherever the answer is exact.
"""

from __future__ import annotations

import argparse

from oddsengine.cli._engine_options import add_engine_arguments, print_results, run_engines
from oddsengine.errors import OddsEngineError

__all__ = ["declared_kinds", "register", "spec_of_arguments"]


def declared_kinds(names=None) -> list:
    """The kinds whose command is built from their declaration (``Kind.declared``), by
    command; only those of ``names`` when given."""
    from oddsengine.kinds import KINDS

    return [
        kind
        for kind in KINDS.values()
        if kind.declared and (names is None or kind.command in names)
    ]


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


def _add_option(group, option) -> None:
    """Add one declared option to an argparse group."""
    help_text = option.help
    if option.positional:
        group.add_argument(
            option.name,
            nargs=None if option.required else "?",
            default=None,
            type=_parse_with(option),
            metavar=option.flag or option.name.upper(),
            help=help_text,
        )
        return
    if option.value == "flag":
        group.add_argument(option.flag_name, dest=option.name, action="store_true", help=help_text)
        return
    group.add_argument(
        option.flag_name,
        dest=option.name,
        default=None,
        required=option.required,
        type=_parse_with(option),
        metavar=option.metavar or _metavar(option),
        help=help_text,
    )


def _metavar(option) -> str:
    return {
        "count": "N",
        "number": "X",
        "names": "NAME[,NAME]",
        "force": "FORCE",
        "cards": "CARDS",
    }.get(option.value, option.name.upper())


def _options(kind) -> tuple:
    from oddsengine.declaration import options_of

    return (*kind.options, *options_of(kind.spec))


def _add_command(commands, kind) -> None:
    spec_class = kind.spec
    words = (spec_class.__doc__ or "").strip().split("\n\n")[0].replace("\n", " ")
    parser = commands.add_parser(
        kind.command,
        help=f"odds of {kind.title[:1].lower() + kind.title[1:]} ({kind.rule})",
        description=f"{words} ({kind.rule}).".replace("%", "%%"),
    )
    groups = {"": parser}
    for option in _options(kind):
        if option.group not in groups:
            groups[option.group] = parser.add_argument_group(option.group)
        _add_option(groups[option.group], option)
    if "card-value" in kind.takes:
        parser.add_argument(
            "--card-value",
            action="store_true",
            help="instead of the odds, what each card a side could still play is worth here "
            "(exact): without it, with it, and the difference",
        )
    exact = getattr(spec_class, "exact_available", True)
    add_engine_arguments(parser, survivors=False, fractions=bool(exact))
    parser.set_defaults(run=_run, kind=kind.name)


def spec_of_arguments(kind, arguments):
    """The spec that the parsed ``arguments`` of ``kind``'s command describe: its class
    called with the options given (the others keep their defaults); an option that the
    question would ignore (``spec.ignored_options()``) is refused, naming why."""
    given = getattr(arguments, "given", None)
    values = {}
    for option in _options(kind):
        value = getattr(arguments, option.name, None)
        was_given = option.name in given if given is not None else value is not None
        if was_given and value is not None:
            values[option.name] = value
    spec = kind.spec(**values)
    ignored = getattr(spec, "ignored_options", None)
    if ignored is not None:
        by_name = {option.name: option for option in _options(kind)}
        for name, reason in ignored().items():
            if name in values:
                raise OddsEngineError(f"{by_name[name].flag_name} {reason}")
    return spec


def _run(arguments):
    from oddsengine.kinds import kind_of

    kind = kind_of(arguments.kind)
    spec = spec_of_arguments(kind, arguments)
    if getattr(arguments, "card_value", False):
        from oddsengine.cli._card_value import check_card_value_options, write_card_table
        from oddsengine.questions.switch_value import switch_value, switch_value_text

        check_card_value_options(arguments)
        write_card_table(
            switch_value(spec), lambda table: switch_value_text(spec, table), arguments
        )
        return
    print_results(run_engines(spec, arguments), arguments)


def register(commands, names=None) -> None:
    """Add the command of every declared kind (of ``names``, the commands asked, when
    given) that no other module has added."""
    for kind in declared_kinds(names):
        if kind.command not in commands.choices:
            _add_command(commands, kind)

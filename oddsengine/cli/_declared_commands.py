"""The command of every kind that declares its inputs (:mod:`oddsengine.declaration`):
its sub-command and its options built from the declaration, with no line written for the
kind; :mod:`oddsengine.cli._declared_answers` answers it.

A kind's command takes its declared options (each under its group's heading) and the
shared groups its record names (``Kind.takes``): ``engine`` (the method, trials, seed,
precision, comparison and format, with ``--fractions`` wherever the answer is one exact
draw plan or a chain walked in fractions; a campaign's own trials, and ``--precision``
where its Monte Carlo runs to one), ``survivors`` (the joint distribution of both sides'
survivors), ``board`` (the board its spec class reads, ``scenario_board``: a scenario file
and its what-ifs; the spec is then built by the class's ``on_board``), ``table`` (instead
of one answer, the odds book's table of the kind,
:data:`~oddsengine.faces.book_tables.BOOK_TABLES`), ``card-value`` (what each card that
could still be played is worth: ``--side`` where the spec's ``card_fields`` give both
sides cards), ``end-states`` (``--states``: the likeliest end states under the answer) and
``vary`` (``--vary``: the answer for every value of a template, as a table). Another
declared kind whose record names the same command is its form, asked by that kind's
``form`` flag (``intercept --naval``), whose options are helped "with" that flag. An input
required in every question is required by argparse; one a board gives, or one that reads
a board, is required by whether a scenario is given (when the command is answered).

Kinds that share a command (:mod:`oddsengine.kind_commands`) are its sub-commands, named
after the kinds (``card-roll rough-wooing``), or, where one of them is named after the
command, one command whose options given choose the kind (``riches --column`` or
``riches --holdings``), the rule stated in its help.
"""

from __future__ import annotations

import argparse
import sys

from oddsengine.cli._engine_options import add_engine_arguments, positive_int
from oddsengine.declaration import NEEDS_BOARD, options_of
from oddsengine.errors import OddsEngineError

__all__ = [
    "add_option",
    "board_options",
    "book_table",
    "campaign_of",
    "card_sides",
    "command_options",
    "declared_kinds",
    "default_trials",
    "forms_of",
    "kind_options",
    "register",
    "source_kind",
    "vary_table",
]


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


def _add_value_optional(group, option, metavar: str) -> None:
    """Add ``option`` as a flag whose value may be left out: alone it is True, with a value
    that value parsed (``metavar``: its placeholder when the option names none)."""
    group.add_argument(
        option.flag_name,
        dest=option.name,
        nargs="?",
        const=True,
        default=None,
        type=_parse_with(option),
        metavar=option.metavar or metavar,
        help=option.help,
    )


def add_option(group, option, required: bool = False, bare: bool = False) -> None:
    """Add one declared option to an argparse group (``required``: argparse refuses its
    absence; ``bare``: it may be given without its value, as the flag another kind of its
    command takes): a kind's command, or the table command's forms of a kind."""
    if bare:
        _add_value_optional(group, option, option.name.upper())
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
        _add_value_optional(group, option, _METAVARS[option.value])
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


def board_options(kind) -> tuple:
    """The options of the board ``kind`` is asked on (its scenario and what-ifs, its spec
    class's ``scenario_board``), for a kind that takes one."""
    return kind.spec.scenario_board.options if "board" in source_kind(kind).takes else ()


def source_kind(kind):
    """The kind whose own options and shared groups ``kind``'s command takes: the kind its
    record's ``arguments`` names, else itself."""
    from oddsengine.kinds import kind_of

    return kind_of(kind.arguments) if kind.arguments else kind


def kind_options(kind) -> tuple:
    """Every option of ``kind`` that fills an input: its spec's (those of the kind its
    ``arguments`` names where its spec declares none), its own, its board's."""
    source = source_kind(kind)
    own = kind.options if source is kind else (*source.options, *kind.options)
    spec = options_of(kind.spec) or options_of(source.spec)
    return (*spec, *own, *board_options(kind))


def forms_of(kind) -> list:
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


def command_options(kind) -> tuple:
    """The options of ``kind``'s command: its own, then those only a form of it takes
    (their help starting with the flag that asks the form)."""
    options = {option.name: option for option in kind_options(kind)}
    for form, flag in forms_of(kind):
        for option in (flag, *kind_options(form)):
            if option.name not in options:
                options[option.name] = option if option.form else _with(option, flag)
    return tuple(options.values())


def _always_required(kind) -> set:
    """The options that every question of ``kind``'s command needs, by name (argparse
    then names them in the usage and refuses their absence): those every form requires,
    where no ``--table`` answers without them."""
    if "table" in source_kind(kind).takes:
        return set()
    required = [
        {o.name for o in kind_options(k) if o.required_with(True) and o.required_with(False)}
        for k in (kind, *dict(forms_of(kind)))
    ]  # an input a board gives, or one that reads a board, is required by the scenario
    return set.intersection(*required)


def _with(option, flag):
    """``option`` with help that starts "with ``flag``"."""
    import dataclasses

    said = option.words

    def words() -> str:
        return f"with {flag.flag_name}: " + (said() if callable(said) else said)

    return dataclasses.replace(option, words=words if callable(said) else words())


def book_table(kind):
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
            f" With {flag.flag_name}: {_description(form.spec)}" for form, flag in forms_of(kind)
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
    own = command_options(kind)
    for option, bare in merged_options([own, *(kind_options(each) for each in others)]):
        group = option.group or ("on a scenario's board" if option.board == NEEDS_BOARD else "")
        if group not in groups:
            groups[group] = parser.add_argument_group(group)
        add_option(groups[group], option, option.name in required, bare)
    takes = source_kind(kind).takes
    if "table" in takes:
        table = book_table(kind)
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
        table = vary_table(kind)
        parser.add_argument("--vary", action="append", metavar=table.metavar, help=table.words)
    campaign = campaign_of(kind)
    trials = default_trials(kind, campaign)
    add_engine_arguments(
        parser,
        survivors="survivors" in takes,
        fractions=_fractions_available(kind.spec, campaign),
        precision=campaign is None or campaign.takes_precision,
        **({"trials": trials} if trials else {}),
    )
    parser.set_defaults(run=_answer, kind=kind.name)
    if name:  # a sub-command: its refusals name it after its command
        parser.set_defaults(command=f"{kind.command} {name}")


def _summary(kind) -> str:
    """The command's line in ``oddsengine --help``: "odds of a field battle (rule 14)"."""
    words, _, where = kind.rule.partition(", ")
    if where and (words[:1].isupper() or words.startswith(("the ", "a ", "an "))):
        return f"odds of {words} ({where})"  # a name: Henry VIII's heirs, the Diet of Worms
    if where and kind.title.lower().startswith(words.lower()):
        return f"odds of {'an' if words[:1] in 'aeiou' else 'a'} {words} ({where})"
    return f"odds of the {kind.title[:1].lower() + kind.title[1:]} ({kind.rule})"


def card_sides(spec_class) -> tuple:
    """The sides that play cards in ``spec_class``'s question (its ``card_fields``)."""
    return tuple(side for side, _ in getattr(spec_class, "card_fields", ()))


def _add_card_value(parser, spec_class) -> None:
    """``--card-value``, and ``--side`` where both sides play cards."""
    sides = card_sides(spec_class)
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


def campaign_of(kind):
    """The campaign engines of ``kind`` (None for a single engagement's)."""
    from oddsengine.engines.campaigns import class_engines

    return class_engines(kind.spec)


def default_trials(kind, campaign) -> int:
    """The Monte Carlo trials of ``kind``'s command when none are asked (0: the
    engines' default for a single engagement)."""
    return kind.trials or (campaign.default_trials if campaign is not None else 0)


def vary_table(kind):
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


def _description(spec_class, own: bool = False) -> str:
    """The first paragraph of the spec's module (its rule in words), or with ``own`` of
    the spec class (for a command of several kinds, whose specs may share a module),
    without the cross-references' markup."""
    import re

    text = (not own and sys.modules[spec_class.__module__].__doc__) or spec_class.__doc__ or ""
    first = " ".join(text.strip().split("\n\n")[0].split())
    return re.sub(r":\w+:`~?(?:[\w.]*\.)?([^`]+)`", r"\1", first).replace("``", "")


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


def _answer(arguments):
    """Answer the parsed ``arguments`` of a declared kind's command
    (:func:`oddsengine.cli._declared_answers.run`, imported only when a command runs)."""
    from oddsengine.cli._declared_answers import run

    return run(arguments)

"""The ``oddsengine`` command line.

Each command group lives in its own module and registers its sub-commands here; the
commands only call the public API. User errors print one line and exit with status 2.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys

from oddsengine.errors import OddsEngineError, without_long_words

__all__ = ["main", "build_parser", "given_options"]

EXIT_USER_ERROR = 2
#: 128 + SIGINT: what a shell reports for a command stopped by Ctrl-C.
EXIT_INTERRUPTED = 130


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, without the usage block, and whose
    help is as wide as argparse makes it, the terminal's width read without shutil."""

    def error(self, message):
        message = without_long_words(message)  # a value of 5,000 digits, quoted by argparse
        self.exit(EXIT_USER_ERROR, f"{self.prog}: error: {message} (see --help)\n")

    def format_help(self):
        # A help given as a function (one that reads the card records, say) is written
        # only when the help is shown: an answer does not load what only its help names.
        for action in self._actions:
            if callable(action.help):
                action.help = action.help()
        return super().format_help()

    def _get_formatter(self):
        # argparse builds a formatter for every option it adds (to check its metavar): the
        # first would import shutil (with bz2 and lzma) only to read the terminal's width.
        return self.formatter_class(prog=self.prog, width=_help_width())


def _help_width() -> int:
    """The width of argparse's help: as ``shutil.get_terminal_size().columns - 2`` (the
    COLUMNS variable, else the terminal's width, else 80), without importing shutil."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, ValueError, OSError):
            columns = 0
    return (columns or 80) - 2


#: The modules that register the commands, in the order of ``oddsengine --help``, each with
#: the sub-commands whose parsers it builds.
_COMMANDS_OF_MODULE = (
    # First: the commands of the kinds that declare their inputs, built from the
    # declaration (a kind registered from outside included), but those written below.
    ("_declared_commands", ()),
    ("_sweep_commands", ("sweep", "table", "plot")),
    ("_needed_commands", ("needed",)),
    ("_plan_commands", ("plan",)),
    ("_book_commands", ("book",)),
    ("_record_commands", ("leaders", "cards", "debaters", "explorers")),
)
_COMMAND_MODULES = tuple(module for module, _ in _COMMANDS_OF_MODULE)


#: The modules that build each command's parser, so that a command line builds its own
#: command's only (a command not named here, --help or --version build them all).
def _modules_of_command() -> dict[str, tuple[str, ...]]:
    modules: dict[str, tuple[str, ...]] = {}
    for module, commands in _COMMANDS_OF_MODULE:
        for command in commands:
            modules[command] = (*modules.get(command, ()), module)
    return modules


_MODULES_OF_COMMAND = _modules_of_command()


def build_parser(command: str | None = None, words=()) -> argparse.ArgumentParser:
    """The parser with every command registered, or only the module of ``command`` when
    it is given and known (a command line answers one command: the others' options and
    imports would only cost it time); ``words``, the command line's words after
    ``command``, tell ``needed`` the kind asked (only its options' declaration is read)."""
    from importlib import import_module

    names = _MODULES_OF_COMMAND.get(command)
    if names is None:
        declared = _declared_command(command)
        names = ("_declared_commands",) if declared else _COMMAND_MODULES
    modules = [import_module(f"oddsengine.cli.{name}") for name in names]

    parser = _Parser(
        prog="oddsengine",
        description="Exact and Monte Carlo odds for Here I Stand: combat on land and at sea, "
        "whole moves, sieges, piracy and foreign wars, the religious struggle and the New "
        "World.",
    )
    from oddsengine import __version__

    parser.add_argument("--version", action="version", version=f"oddsengine {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True
    for module in modules:
        if module.__name__.endswith("._needed_commands"):
            module.register(commands, words)
        elif not module.__name__.endswith("._declared_commands"):
            module.register(commands)
        elif _declared_command(command):
            module.register(commands, {command})  # that kind's spec alone is imported
        else:
            module.register(commands, written=set(_MODULES_OF_COMMAND))
    return parser


def _declared_command(command) -> bool:
    """Whether ``command`` is the command of a kind built from its declaration (its
    parser alone is then built)."""
    if not command or command.startswith("-"):
        return False
    from oddsengine.kinds import KINDS

    return any(kind.command == command and kind.declared for kind in KINDS.values())


def _is_command(word: str) -> bool:
    """Whether ``word`` is a command (False when that cannot be told, the registry's
    import stopped)."""
    try:
        return word in _MODULES_OF_COMMAND or _declared_command(word)
    except (KeyboardInterrupt, Exception):
        return False


def _keep_negative_values(argv):
    """Join ``--attacker -1R`` into ``--attacker=-1R``, so that a negative count reaches
    the force parser (which names the problem) instead of looking like an option."""
    joined = []
    for token in argv:
        if (
            joined
            and joined[-1].startswith("--")
            and "=" not in joined[-1]
            and token[:1] == "-"
            and token[1:2].isdigit()
        ):
            joined[-1] = f"{joined[-1]}={token}"
        else:
            joined.append(token)
    return joined


def _without_defaults(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """``parser`` (and its sub-commands) changed so that only the options given on the
    command line reach the namespace."""
    parser._defaults.clear()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for command in action.choices.values():
                _without_defaults(command)
        elif action.dest != "help":
            action.default = argparse.SUPPRESS
    return parser


def given_options(argv, parser: argparse.ArgumentParser | None = None) -> frozenset:
    """The destinations (``"rowers_policy"``...) of the options given in ``argv``, whatever
    their value: a command refuses one it would ignore even when it is given its default
    (``--rowers-policy if-it-changes-the-outcome`` without ``--rowers``).

    ``parser``, when given, is the parser that has read ``argv`` and is done with it: it
    is changed (its defaults dropped) instead of building another one.
    """
    if parser is None:
        parser = build_parser(argv[0] if argv else None, argv[1:])
    namespace, _ = _without_defaults(parser).parse_known_args(argv)
    return frozenset(vars(namespace))


def _command_parser(parser: argparse.ArgumentParser, command: str) -> argparse.ArgumentParser:
    """The parser of ``command``, a sub-command of ``parser`` (``"card-roll michelangelo"``:
    a sub-command of a sub-command)."""
    for word in command.split():
        parser = _sub_commands(parser)[word]
    return parser


def _sub_commands(parser: argparse.ArgumentParser) -> dict:
    """The sub-commands of ``parser`` by name (empty when it has none)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return action.choices
    return {}


def _command_words(parser: argparse.ArgumentParser, argv) -> list[str]:
    """The leading words of ``argv`` that name a command and its sub-commands."""
    words = []
    for word in argv:
        if word not in _sub_commands(parser):
            break
        parser = _sub_commands(parser)[word]
        words.append(word)
    return words


def _options_written(argv):
    """Each long option of ``argv`` as written, without its ``=value``."""
    for token in argv:
        if token.startswith("--") and token != "--":
            yield token.split("=", 1)[0]


def _repeated_option(argv, parser: argparse.ArgumentParser) -> str | None:
    """The first option of one value given more than once in ``argv`` (``--seed 1 --seed
    2``), or None: argparse would keep the last and drop the others without a word.
    Options that collect their values (``--stack``, ``--schedule``) and flags may repeat."""
    options = parser._option_string_actions
    seen = set()
    for written in _options_written(argv):
        action = options.get(written)
        if action is None:  # an abbreviation, which argparse has already found unique
            matches = {options[name] for name in options if name.startswith(written)}
            action = matches.pop() if len(matches) == 1 else None
        if action is None or action.nargs == 0 or isinstance(action, argparse._AppendAction):
            continue
        if action.dest in seen:
            return action.option_strings[-1]
        seen.add(action.dest)
    return None


def _unknown_option(argv, parser: argparse.ArgumentParser) -> str | None:
    """The refusal of the first option in ``argv`` that ``parser`` does not know, or None.

    argparse names a missing required option before an unknown one, so that a typo
    (``--attackr 4R``) was reported as "the following arguments are required: --attacker".
    """
    options = parser._option_string_actions
    for written in _options_written(argv):
        if any(name.startswith(written) for name in options):
            continue
        if written == "--fractions" and "--exact" in options:  # an exact command without it
            return _why_no_fractions(parser.prog.split(maxsplit=1)[-1])
        import difflib

        # Compared without their dashes: the "--" every option starts with counted as two
        # matching characters, enough to offer --debater for --exact, --precision for
        # --fractions (options of other commands, not typos of this one's).
        names = {name.lstrip("-"): name for name in options if name.startswith("--")}
        close = difflib.get_close_matches(written.lstrip("-"), list(names), n=1)
        hint = f"; did you mean {names[close[0]]}?" if close else ""
        return f"unrecognized arguments: {written}{hint}"
    return None


#: The commands that answer many questions at once (a grid of them).
_MANY_ANSWERS = ("sweep", "table", "plot")


def _why_no_fractions(command: str) -> str:
    """Why the exact command ``command`` offers no ``--fractions``, in one line."""
    if command in _MANY_ANSWERS:
        why = (
            f"fractions are written for one exact answer, and {command} gives many: ask one "
            "of them with its kind's command and --fractions"
        )
    else:
        why = (
            f"{command}'s exact answer adds up draws of dice over several rolls in floating "
            "point, so no exact fraction is read back from it (--format json gives each "
            "chance in full)"
        )
    return f"unrecognized arguments: --fractions ({why})"


def main(argv=None) -> int:
    """Run the command line; return the exit status."""
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        return _main(argv)
    except KeyboardInterrupt:  # Ctrl-C while the command starts (imports, its parser)
        command = argv[0] if argv and _is_command(argv[0]) else ""
        print(f"oddsengine{' ' + command if command else ''}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED


def _main(argv: list) -> int:
    argv = _keep_negative_values(argv)
    parser = build_parser(argv[0] if argv else None, argv[1:])
    if argv and (argv[0] in _MODULES_OF_COMMAND or _declared_command(argv[0])):
        words = _command_words(parser, argv)
        named = _command_parser(parser, " ".join(words))
        unknown = None if _sub_commands(named) else _unknown_option(argv[len(words) :], named)
        if unknown is not None:
            named.error(unknown)
    arguments = parser.parse_args(argv)
    command_parser = _command_parser(parser, arguments.command)
    repeated = _repeated_option(argv[len(arguments.command.split()) :], command_parser)
    if repeated is not None:
        command_parser.error(f"{repeated} is given more than once: give it once")
    arguments.given = given_options(argv, parser)  # the parser is done with argv
    try:
        return arguments.run(arguments) or 0
    except OddsEngineError as error:
        print(f"oddsengine {arguments.command}: error: {error}", file=sys.stderr)
        return EXIT_USER_ERROR
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:  # Ctrl-C: one line, no traceback (sweeps say how to resume)
        print(f"oddsengine {arguments.command}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())


def console_main() -> None:
    """Entry point of the ``oddsengine`` console script (and of ``python -m oddsengine``)."""
    status = main()
    # The process ends here. Its shutdown would run the cyclic garbage collector over every
    # object the answer left (numpy's, the modules', a move's whole tree): some 20 ms, a
    # fifth of a short command, to find garbage that the exit hands back to the operating
    # system anyway. Frozen objects are left out of that pass; everything else about the
    # exit (output flushed, files closed, exit status) is unchanged.
    gc.freeze()
    sys.exit(status)

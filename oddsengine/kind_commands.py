"""How the kinds that declare their inputs (:mod:`oddsengine.declaration`) meet the command
line: a command of its own, the sub-commands of a command several kinds share, or one
command whose options decide which kind it asks. The command line, the explorer's "same
as" line and the help all read this one rule, from the registry (each kind's
``command``):

- a command that one declared kind names is that kind's (``heirs``);
- a command that several kinds name, none of them named after it, has one sub-command a
  kind, named after the kind (``card-roll rough-wooing``);
- a command that several kinds name, one of them named after it, asks that kind, or
  else the first of the others that takes every option given, in the form given (a flag
  bare, a value with its value): ``riches --column inca`` is one roll, ``riches
  --holdings inca,colony`` a turn's income.

Examples
--------
>>> from oddsengine.kinds import kind_of
>>> command_path(kind_of("rough-wooing")), command_path(kind_of("riches-turn"))
(('card-roll', 'rough-wooing'), ('riches',))
>>> [kind.name for kind in command_kinds("riches")]
['riches', 'riches-turn']
>>> chosen_kind(command_kinds("riches"), {"holdings": ("inca",)}).name
'riches-turn'
"""

from __future__ import annotations

import dataclasses

from oddsengine.declaration import options_of
from oddsengine.errors import OddsEngineError

__all__ = [
    "choice_words",
    "chosen_kind",
    "command_kinds",
    "command_path",
    "declared_commands",
    "deciding_options",
    "has_sub_commands",
    "inputs_of",
    "is_form",
    "merged_options",
    "takes_value",
]


def declared_commands(names=None) -> dict:
    """The commands built from declarations, each with its kinds (:func:`command_kinds`),
    in the registry's order; only the commands of ``names`` when given. A kind's spec is
    imported only when its command is asked (or ``names`` is None)."""
    from oddsengine.kinds import KINDS

    commands = {}
    for kind in KINDS.values():
        if (names is None or kind.command in names) and kind.declared and not is_form(kind):
            commands.setdefault(kind.command, []).append(kind)
    return {command: _ordered(command, kinds) for command, kinds in commands.items()}


def is_form(kind) -> bool:
    """Whether ``kind`` is the form of another kind's command, asked by a flag of its own
    record (an option marked ``form``: ``intercept --naval``): the command of that other
    kind asks it, so it is none of the kinds this module groups."""
    return any(getattr(option, "form", False) for option in kind.options)


def _ordered(command: str, kinds) -> tuple:
    """``kinds``, the one named after ``command`` first, then in the registry's order."""
    return tuple(sorted(kinds, key=lambda kind: kind.name != command))


def command_kinds(command: str) -> tuple:
    """The declared kinds asked through ``command``, the one named after it first."""
    return declared_commands({command}).get(command, ())


def has_sub_commands(kinds) -> bool:
    """Whether the command of ``kinds`` (those of one command) has a sub-command a kind:
    several kinds, none named after it."""
    return len(kinds) > 1 and all(kind.name != kind.command for kind in kinds)


def command_path(kind) -> tuple[str, ...]:
    """The words that call ``kind``'s question: its command, then its own name where it
    is a sub-command (``("card-roll", "rough-wooing")``)."""
    if has_sub_commands(command_kinds(kind.command)):
        return (kind.command, kind.name)
    return (kind.command,)


def inputs_of(kind) -> tuple:
    """The declared inputs of ``kind``: its record's own options, then its spec's."""
    return (*kind.options, *options_of(kind.spec))


def takes_value(option, value) -> bool:
    """Whether ``option`` takes ``value`` in the form it was given: a flag given bare
    (True), any other kind of value with a value."""
    if option.value == "flag":
        return isinstance(value, bool)
    return option.value == "yes-no" or not isinstance(value, bool)


def _takes(kind, name: str, value) -> bool:
    return any(item.name == name and takes_value(item, value) for item in inputs_of(kind))


def chosen_kind(kinds, given: dict):
    """The kind of ``kinds`` (those of one command, the one named after it first) that the
    options ``given`` (value by option name) ask: the first that takes them all, each in
    the form given.

    Raises
    ------
    OddsEngineError
        When none takes them all: naming an option of one question and one of another.
    """
    for kind in kinds:
        if all(_takes(kind, name, value) for name, value in given.items()):
            return kind
    first = kinds[0]
    flags = {item.name: item.flag_name for kind in kinds for item in inputs_of(kind)}

    def written(name):
        value = given[name]
        if isinstance(value, (tuple, list)):
            value = ",".join(map(str, value))
        return flags[name] if isinstance(value, bool) else f"{flags[name]} {value}"

    other = next(name for name, value in given.items() if not _takes(first, name, value))
    asker = next((kind for kind in kinds[1:] if _takes(kind, other, given[other])), None)
    if asker is None:
        raise OddsEngineError(f"{written(other)}: no question of this command takes it")
    clash = next(name for name, value in given.items() if not _takes(asker, name, value))
    raise OddsEngineError(
        f"{written(other)} asks for {asker.title}, which takes no {written(clash)}"
    )


def deciding_options(kind) -> tuple:
    """The options that ask ``kind`` rather than the kind its command is named after:
    those that kind does not take, by name or in their form (empty for the kind named
    after its command, or a command of its own)."""
    kinds = command_kinds(kind.command)
    if not kinds or kinds[0] is kind or has_sub_commands(kinds):
        return ()
    first = {item.name: item for item in inputs_of(kinds[0])}
    return tuple(
        item
        for item in inputs_of(kind)
        if item.name not in first or (item.value == "flag") != (first[item.name].value == "flag")
    )


def merged_options(option_lists) -> list:
    """``(option, bare)`` for each option of a command that asks several kinds, from each
    kind's options (the one named after the command first): its own, then those only the
    others take; ``bare`` where one kind takes it as a flag and another with a value (the
    flag given bare, the other's value after it: ``--colonial-governor [HOLDING]``)."""
    first, *others = option_lists
    merged = {option.name: option for option in first}
    bare = set()
    for options in others:
        for option in options:
            known = merged.setdefault(option.name, option)
            if (known.value == "flag") != (option.value == "flag"):
                flag, valued = (known, option) if known.value == "flag" else (option, known)
                words = f"{flag.words} (given bare); {valued.words}"
                merged[option.name] = dataclasses.replace(valued, words=words)
                bare.add(option.name)
    return [(option, option.name in bare) for option in merged.values()]


def choice_words(others, describe) -> str:
    """How the options given choose the question of a command that asks ``others`` besides
    the kind named after it, in words (empty for none): each one's deciding options and
    its description (``describe(spec_class)``), then the rule of :func:`chosen_kind`."""
    if not others:
        return ""
    text = ""
    for other in others:
        flags = ", ".join(
            option.flag_name + (f" {option.metavar}" if option.metavar else "")
            for option in deciding_options(other)
        )
        text += f" With {flags}: {describe(other.spec)}"
    return text + (
        " The options given choose the question: the first of these that takes every "
        "option given, in the form given."
    )

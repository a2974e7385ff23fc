"""A kind's inputs, declared once: :class:`Option`, written beside the spec field it fills.

Each input a question takes (a count of dice, a debater, a card, a rule reading) is a
field of its spec dataclass, and its :class:`Option` rides in that field's metadata
(:func:`option`): its words, the rule it applies, the kind of value it holds, its choices,
range and default, and whether a scenario's board gives it. Every face reads the same
declaration: the command line builds the sub-command, its parsing and its refusals from
it, the explorer its controls and its "same as" command line (:func:`command_words`),
sweep files their keys, and JSON its ``spec``. Inputs a kind takes that fill no field
(a scenario file read into a board) are declared on its record (``Kind.options``).

The groups of options that several kinds share (the engine's, ``--card-value``,
``--table``) are named by the kinds that take them (``Kind.takes``), and written once by
the faces that offer them.

Examples
--------
>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Roll:
...     dice: int = option("the dice rolled", rule="§17", low=1, high=9, default=1)
...     lucky: bool = option("a 4 hits too", default=False)
>>> [(o.name, o.value, o.flag_name, o.default) for o in options_of(Roll)]
[('dice', 'count', '--dice', 1), ('lucky', 'flag', '--lucky', False)]
>>> command_words("roll", Roll, {"dice": 3, "lucky": True})
['roll', '--dice', '3', '--lucky']
>>> Option("tie", "a tie holds", value="yes-no", default=True).words_of(False)
['--tie', 'no']
>>> options_of(Roll)[0].check(12)
Traceback (most recent call last):
...
oddsengine.errors.OddsEngineError: dice must be 1..9 (§17), not 12
"""

from __future__ import annotations

import dataclasses
import functools
import math
from dataclasses import dataclass

from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown

__all__ = [
    "OPTION",
    "VALUES",
    "NEEDS_BOARD",
    "BOARD_GIVES",
    "SHARED_GROUPS",
    "Option",
    "option",
    "options_of",
    "declared",
    "validate",
    "command_words",
    "given_values",
]

#: The metadata key of a field's :class:`Option`.
OPTION = "oddsengine.option"

#: The kinds of value an option holds: free text (a name), a whole number in a range, a
#: number, an on/off flag, one of its choices, several names (comma-separated on the
#: command line), a force written in the game's words, cards by name or number, or a
#: flag the command line gives as yes or no (one whose default may be either).
VALUES = ("text", "count", "number", "flag", "choice", "names", "force", "cards", "yes-no")
#: How the command line writes the two values of a ``yes-no`` option.
_YES_NO = {True: "yes", False: "no"}

#: ``Option.board``: a scenario's board gives this input (refused beside a scenario).
BOARD_GIVES = "board-gives"
#: ``Option.board``: this input reads a board (refused without a scenario).
NEEDS_BOARD = "needs-board"

#: The groups of options several kinds share, by the name a kind's ``takes`` gives:
#: ``engine`` (the method, trials, seed, precision, comparison and output format; with
#: ``--fractions`` wherever the answer is exact), ``card-value`` (what each card a side
#: could still play is worth here), ``table`` (instead of one answer, a table of the odds
#: book over the kind's inputs) and ``board`` (a scenario file's board with its what-ifs).
SHARED_GROUPS = ("engine", "card-value", "table", "board")

_MISSING = dataclasses.MISSING


@dataclass(frozen=True)
class Option:
    """One input of a kind, as every face offers it.

    Parameters
    ----------
    name : str
        The spec keyword it fills: the sweep key, the explorer control and the JSON
        ``spec`` key (``"protestant_dice"``).
    words : str
        What it is, in words: the command line's help and the explorer's tooltip.
    rule : str
        The rule section it applies (``"§17 step 6"``), shown after the words.
    value : str
        The kind of value, one of :data:`VALUES` (default: from the field's type: a
        ``bool`` is a flag, an ``int`` a count, a ``tuple`` names, else text).
    choices : tuple of str
        The values a ``choice`` (or each of ``names``) may take; empty: any the spec takes.
    low, high : int or None
        The range of a ``count`` (or ``number``), both ends included.
    default : object
        Its value when not given (the field's default).
    required : bool
        Whether it must be given (a field with no default).
    flag : str
        Its command-line option (default ``--name`` with dashes); for a positional input,
        its metavar.
    positional : bool
        Whether the command line takes it as a positional argument.
    metavar : str
        The placeholder of its value in the help (default from its kind of value).
    group : str
        The heading it is listed under, in the help and in the explorer.
    board : str
        :data:`BOARD_GIVES` (a scenario's board gives it), :data:`NEEDS_BOARD` (it reads
        a board) or empty.
    label : str
        Its short label in the explorer (default: its name with spaces).
    offer : str
        The name of a class method of the spec, ``offer(values) -> choices``: the choices
        the other inputs leave it (the debaters in play on a turn), for the explorer.
    repeat : bool
        Whether the command line takes it several times, one value each (a what-if
        ``--protestant SPACE``), collected as a tuple.
    """

    name: str
    words: str
    rule: str = ""
    value: str = "text"
    choices: tuple = ()
    low: int | None = None
    high: int | None = None
    default: object = None
    required: bool = False
    flag: str = ""
    positional: bool = False
    metavar: str = ""
    group: str = ""
    board: str = ""
    label: str = ""
    offer: str = ""
    repeat: bool = False

    def __post_init__(self):
        if self.value not in VALUES:
            raise OddsEngineError(
                f"option {self.name!r}: value must be one of {', '.join(VALUES)}, not "
                f"{shown(self.value)}"
            )
        if self.board not in ("", BOARD_GIVES, NEEDS_BOARD):
            raise OddsEngineError(f"option {self.name!r}: unknown board role {self.board!r}")

    @property
    def flag_name(self) -> str:
        """Its command-line option (``--protestant-dice``)."""
        return self.flag or "--" + self.name.replace("_", "-")

    @property
    def help(self) -> str:
        """Its words, with its choices, default and rule, as the help shows them."""
        text = self.words
        if self.choices and self.value in ("choice", "names"):
            text += f": {', '.join(map(str, self.choices))}"
        if self.low is not None and self.high is not None and self.value == "count":
            text += f" ({self.low}..{self.high})"
        if self.value == "yes-no" and isinstance(self.default, bool):
            text += f" (default {_YES_NO[self.default]})"
        elif self.value != "flag" and not self.required and _shown_default(self.default):
            text += f" (default {_shown_default(self.default)})"
        if self.rule:
            text += f"; {self.rule}"
        return text.replace("%", "%%")  # argparse formats its help with %

    @property
    def shown_label(self) -> str:
        """Its label in the explorer."""
        return self.label or self.name.replace("_", " ")

    def parse(self, text: str):
        """The value of ``text`` as the command line gives it: a whole number for a count,
        a tuple for names, True or False for a flag; the spec checks the rest (its range,
        its choices, what the rules allow), as it does for a value given in Python.

        Raises
        ------
        OddsEngineError
            Naming the option, on a value of the wrong kind.
        """
        text = str(text)
        if self.value == "count":
            try:
                return int(text.replace("_", ""))
            except ValueError:
                raise OddsEngineError(
                    f"{self.flag_name} takes a whole number, not {shown(text)}"
                ) from None
        if self.value == "number":
            try:
                return float(text)
            except ValueError:
                raise OddsEngineError(
                    f"{self.flag_name} takes a number, not {shown(text)}"
                ) from None
        if self.value == "names":
            return tuple(part.strip() for part in text.split(",") if part.strip())
        if self.value == "flag":
            return text.strip().lower() in ("1", "true", "yes", "on")
        if self.value == "yes-no":
            said = {word: value for value, word in _YES_NO.items()}.get(text.strip().lower())
            if said is None:
                raise OddsEngineError(f"{self.flag_name} takes yes or no, not {shown(text)}")
            return said
        return text.strip()

    def check(self, value, where: str = ""):
        """``value`` (of a spec field, or given in Python) if it fits the option's kind,
        range and choices, as a number for a count; else refused, naming the field.

        Raises
        ------
        OddsEngineError
            Naming the option (``where``, default its name), with what it takes.
        """
        where = where or self.name
        if self.value in ("flag", "yes-no"):
            if not isinstance(value, bool):
                raise OddsEngineTypeError(f"{where} is True or False, not {shown(value)}")
            return value
        if self.value in ("count", "number"):
            if (
                isinstance(value, bool)
                or not isinstance(value, (int, float))
                and not (hasattr(value, "dtype") and value.dtype.kind in "iuf")
            ):
                raise OddsEngineTypeError(f"{where} must be a number, not {shown(value)}")
            if self.value == "count" and value != int(value):
                raise OddsEngineError(f"{where} must be a whole number, not {shown(value)}")
            if not math.isfinite(value) or (
                (self.low is not None and value < self.low)
                or (self.high is not None and value > self.high)
            ):
                low, high = ("" if end is None else end for end in (self.low, self.high))
                rule = f" ({self.rule})" if self.rule else ""
                raise OddsEngineError(f"{where} must be {low}..{high}{rule}, not {shown(value)}")
            return int(value) if self.value == "count" else float(value)
        if self.value == "choice" and self.choices and value not in self.choices:
            raise OddsEngineError(
                f"{where} must be one of {', '.join(map(str, self.choices))}, not {shown(value)}"
            )
        if self.value == "names":
            if isinstance(value, str) or not isinstance(value, (tuple, list)):
                raise OddsEngineTypeError(f"{where} must be a tuple of names, not {shown(value)}")
            if self.choices:
                unknown = [name for name in value if name not in self.choices]
                if unknown:
                    raise OddsEngineError(
                        f"{where} takes {', '.join(map(str, self.choices))}, not "
                        f"{shown(unknown[0])}"
                    )
            return tuple(value)
        return value

    def words_of(self, value) -> list[str]:
        """The command-line words that give ``value`` (empty for its default, unless the
        command line needs it given)."""
        if value is None or (value == self.default and not self.required):
            return []
        if self.value == "flag":
            return [self.flag_name] if value else []
        if self.value == "yes-no":
            return [self.flag_name, _YES_NO[bool(value)]]
        if self.value == "names" or isinstance(value, (tuple, list)):
            text = ",".join(str(item) for item in value)
        else:
            text = str(value)
        return [text] if self.positional else [self.flag_name, text]


def _shown_default(default) -> str:
    if default is None or default == () or default == "" or default is False:
        return ""
    if isinstance(default, (tuple, list)):
        return ",".join(map(str, default))
    return str(default)


def option(words: str, *, default=_MISSING, **declared) -> dataclasses.Field:
    """A spec field that is an input of its kind: ``dataclasses.field`` with its
    :class:`Option` in the metadata (its name and default are the field's).

    Parameters
    ----------
    words : str
        What it is, in words.
    default : object, optional
        The field's default (none: the input is required).
    **declared
        The other fields of :class:`Option` (``rule``, ``value``, ``choices``, ``low``,
        ``high``, ``flag``, ``group``, ``board``, ``label``, ``offer``...).
    """
    unknown = set(declared) - {item.name for item in dataclasses.fields(Option)}
    if unknown:
        raise OddsEngineError(f"option: unknown field {sorted(unknown)[0]!r}")
    metadata = {OPTION: dict(words=words, **declared)}
    if isinstance(default, (list, dict, set)):
        raise OddsEngineError("option: a default is immutable (a tuple, not a list)")
    return dataclasses.field(default=default, metadata=metadata)


def _value_of(annotation) -> str:
    text = str(annotation)
    if text.startswith("bool"):
        return "flag"
    if text.startswith("int"):
        return "count"
    if text.startswith("float"):
        return "number"
    if text.startswith("tuple"):
        return "names"
    return "text"


@functools.cache
def options_of(spec_class) -> tuple[Option, ...]:
    """The declared inputs of ``spec_class``, in the order of its fields.

    Parameters
    ----------
    spec_class : type
        A dataclass whose input fields were written with :func:`option`.

    Returns
    -------
    tuple of Option
        Empty for a class that declares none.
    """
    if not dataclasses.is_dataclass(spec_class):
        return ()
    found = []
    for item in dataclasses.fields(spec_class):
        declared = item.metadata.get(OPTION)
        if declared is None:
            continue
        declared = dict(declared)
        required = declared.pop(
            "required", item.default is _MISSING and item.default_factory is _MISSING
        )
        default = None if item.default is _MISSING else item.default
        if item.default_factory is not _MISSING:
            default = item.default_factory()
        declared.setdefault("value", _value_of(item.type))
        found.append(Option(item.name, default=default, required=required, **declared))
    return tuple(found)


def validate(spec) -> None:
    """Check every declared field of ``spec`` against its option (its kind of value, its
    range and its choices) and store counts as ``int``: what a spec's ``__post_init__``
    calls before the checks of its own rules.

    Raises
    ------
    OddsEngineError
        Naming the first field that does not fit, and what it takes.
    """
    for item in options_of(type(spec)):
        value = getattr(spec, item.name)
        if value is None and not item.required:
            continue
        object.__setattr__(spec, item.name, item.check(value))


def declared(spec_class) -> bool:
    """Whether ``spec_class`` declares its inputs (every face can then offer it)."""
    return bool(options_of(spec_class))


def given_values(options, values: dict) -> dict:
    """The entries of ``values`` that differ from their option's default, in the
    options' order (what a command line must write)."""
    return {
        item.name: values[item.name]
        for item in options
        if item.name in values and values[item.name] != item.default
    }


def command_words(command: str, spec_class, values: dict, extra=()) -> list[str]:
    """The command line that asks the question ``values`` describe, as words (join them
    with :func:`shlex.join` to print it): the explorer's "same as" line.

    Parameters
    ----------
    command : str
        The kind's command (``"heirs"``).
    spec_class : type
        Its spec class, whose declared options give the words.
    values : dict
        Input values by option name; those equal to their default are left out.
    extra : iterable of Option
        The kind's own options that fill no field (``Kind.options``).

    Returns
    -------
    list of str
    """
    options = (*extra, *options_of(spec_class))
    words = [command]
    positional = [item for item in options if item.positional]
    for item in positional:
        words += item.words_of(values.get(item.name, item.default))
    for item in options:
        if not item.positional:
            words += item.words_of(values.get(item.name, item.default))
    return words

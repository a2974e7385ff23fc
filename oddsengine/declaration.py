"""A kind's inputs, declared once: :class:`Option`, written beside the spec field it fills.

Each input a question takes (a count of dice, a debater, a card, a rule reading) is a
field of its spec dataclass, and its :class:`Option` rides in that field's metadata
(:func:`option`, of :mod:`oddsengine.option_field`, which a spec module imports alone):
its words, the rule it applies, the kind of value it holds, its choices,
range and default, and whether a scenario's board gives it. Every face reads the same
declaration: the command line builds the sub-command, its parsing and its refusals from
it, the explorer its controls and its "same as" command line (:func:`command_words`),
sweep files their keys, and JSON its ``spec``. Inputs a kind takes that fill no field
(a scenario file read into a board) are declared on its record (``Kind.options``); the
board a kind is asked on, a scenario file with its what-ifs, is declared once for the
kinds that read it (:class:`Board`, named by the spec class's ``scenario_board``).

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
>>> uncharted = Option("uncharted", "the first voyage", value="flag-names", default=False)
>>> uncharted.parse("france"), uncharted.words_of(True), uncharted.words_of(("france",))
(('france',), ['--uncharted'], ['--uncharted', 'france'])
>>> options_of(Roll)[0].check(12)
Traceback (most recent call last):
...
oddsengine.errors.OddsEngineError: dice must be 1..9 (§17), not 12
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown
from oddsengine.option_field import OPTION, option

__all__ = [
    "OPTION",
    "VALUES",
    "NEEDS_BOARD",
    "BOARD_GIVES",
    "BOARD_AGREES",
    "SHARED_GROUPS",
    "Board",
    "Option",
    "option",
    "options_of",
    "declared",
    "validate",
    "command_words",
    "given_values",
    "spec_of",
    "spec_on_board",
]

#: The kinds of value an option holds: free text (a name), a whole number in a range, a
#: number, an on/off flag, one of its choices, several names (comma-separated on the
#: command line), a force written in the game's words, cards by name or number, a flag
#: the command line gives as yes or no (one whose default may be either), or a flag that
#: may name the ones it applies to (``--uncharted`` alone: every power sailing;
#: ``--uncharted france``: France's voyage only).
VALUES = ("text", "count", "number", "flag", "choice", "names", "force", "cards", "yes-no",
          "flag-names")  # fmt: skip
#: How the command line writes the two values of a ``yes-no`` option.
_YES_NO = {True: "yes", False: "no"}

#: ``Option.board``: a scenario's board gives this input (refused beside a scenario).
BOARD_GIVES = "board-gives"
#: ``Option.board``: this input reads a board (refused without a scenario).
NEEDS_BOARD = "needs-board"
#: ``Option.board``: a scenario's board gives this input; given beside one it must agree
#: with it (the spec's ``on_board`` checks it), as a debate's turn.
BOARD_AGREES = "board-agrees"
#: The roles a board gives an input, ``Option.board``: those a scenario supplies.
_BOARD_SUPPLIES = (BOARD_GIVES, BOARD_AGREES)

#: The groups of options several kinds share, by the name a kind's ``takes`` gives:
#: ``engine`` (the method, trials, seed, precision, comparison and output format; with
#: ``--fractions`` wherever the answer is exact), ``card-value`` (what each card a side
#: could still play is worth here; ``--side`` where both sides play cards), ``table``
#: (instead of one answer, a table of the odds book over the kind's inputs), ``board`` (a
#: scenario file's board with its what-ifs: the :class:`Board` its spec class names),
#: ``survivors`` (the joint distribution of both sides' surviving units, for a combat whose
#: answer holds them), ``end-states`` (the likeliest end states listed under the answer) and
#: ``vary`` (the answer for every value of a template, as a table).
SHARED_GROUPS = ("engine", "card-value", "table", "board", "survivors", "end-states", "vary")

_MISSING = dataclasses.MISSING
#: The kinds of value the command line gives as a flag (``flag-names`` may name some too).
_FLAGS = ("flag", "flag-names")


@dataclass(frozen=True)
class Option:
    """One input of a kind, as every face offers it.

    Parameters
    ----------
    name : str
        The spec keyword it fills: the sweep key, the explorer control and the JSON
        ``spec`` key (``"protestant_dice"``).
    words : str or callable
        What it is, in words: the command line's help and the explorer's tooltip. Words
        that read records (the cards a combat takes) may be a function, called when they
        are shown (:attr:`said`): declared on a field, of the spec class.
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
        :data:`BOARD_GIVES` (a scenario's board gives it), :data:`BOARD_AGREES` (a
        scenario's board gives it, and one given beside it must agree), :data:`NEEDS_BOARD`
        (it reads a board) or empty. A required input a board gives is required without a
        scenario only; a required input that reads a board, with one only.
    label : str
        Its short label in the explorer (default: its name with spaces).
    offer : str or callable
        The name of a class method of the spec, ``offer(values) -> choices``, or such a
        function: the choices the other inputs (by option name) leave it (the debaters in
        play on a turn, the sources a board allows), for the explorer.
    repeat : bool
        Whether the command line takes it several times, one value each (a what-if
        ``--protestant SPACE``), collected as a tuple.
    more : bool
        An input most questions leave at its default: the explorer lists it under "more
        options" (shown when asked; its value is read either way).
    example : object
        The value the explorer starts with for an input that has no default (a force to
        sack Rome with), so that its engagement opens answered.
    form : bool
        For a flag of a kind's own options (``Kind.options``): it asks for that kind
        instead of the other kind of the same command (``intercept --naval``: the naval
        interception), whose form it is.
    typed : bool
        For a ``choice``: other values may be typed besides its choices and those offered
        (a standing order ``order:SPACE,SPACE``); the explorer offers them in a box that
        takes typing.
    exact_only : bool
        Read by the exact answer only (how deep a policy tree is shown, what the optimal
        policy maximises): refused beside a Monte Carlo answer.

    ``offer`` may also be a function ``offer(values) -> choices`` itself, for an option
    declared apart from any spec class (a scenario's board).
    """

    name: str
    words: object
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
    offer: object = ""
    repeat: bool = False
    more: bool = False
    example: object = None
    form: bool = False
    typed: bool = False
    exact_only: bool = False

    def __post_init__(self):
        if self.value not in VALUES:
            raise OddsEngineError(
                f"option {self.name!r}: value must be one of {', '.join(VALUES)}, not "
                f"{shown(self.value)}"
            )
        if self.board not in ("", BOARD_GIVES, BOARD_AGREES, NEEDS_BOARD):
            raise OddsEngineError(f"option {self.name!r}: unknown board role {self.board!r}")

    @property
    def flag_name(self) -> str:
        """Its command-line option (``--protestant-dice``; ``--no-NAME`` for a flag that is
        on unless given)."""
        if self.flag:
            return self.flag
        name = self.name.replace("_", "-")
        return f"--no-{name}" if self.value == "flag" and self.default is True else f"--{name}"

    @property
    def said(self) -> str:
        """Its words as text (those given as a function, read now)."""
        return self.words() if callable(self.words) else self.words

    @property
    def help(self):
        """Its words, with its choices, default and rule, as the help shows them: a
        function that writes them when its words are one (argparse calls it when the help
        is shown, so that an answer does not read what only its help names)."""
        if callable(self.words):
            return self._help_text
        return self._help_text()

    def _help_text(self) -> str:
        text = self.said
        # A choice's metavar lists its choices, unless a metavar of its own is declared.
        listed = self.value == "names" or (self.value == "choice" and self.metavar)
        if self.choices and listed:
            text += f": {', '.join(map(str, self.choices))}"
        if self.low is not None and self.high is not None and self.value == "count":
            text += f" ({self.low}..{self.high})"
        if self.value == "yes-no" and isinstance(self.default, bool):
            text += f" (default {_YES_NO[self.default]})"
        elif self.value not in _FLAGS and not self.required and _shown_default(self.default):
            text += f" (default {_shown_default(self.default)})"
        if self.rule:
            text += f"; {self.rule}"
        return text.replace("%", "%%")  # argparse formats its help with %

    @property
    def supplied_by_board(self) -> bool:
        """Whether a scenario's board gives this input (:data:`BOARD_GIVES`,
        :data:`BOARD_AGREES`)."""
        return self.board in _BOARD_SUPPLIES

    def required_with(self, board: bool) -> bool:
        """Whether it must be given, with a scenario's board (``board``) or without: a
        required input the board supplies is required without one only, a required input
        that reads a board with one only."""
        if self.supplied_by_board:
            return self.required and not board
        if self.board == NEEDS_BOARD:
            return self.required and board
        return self.required

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
        if self.value in ("names", "flag-names"):
            if any(not part.strip() for part in text.split(",")):  # never read as "none"
                raise OddsEngineError(
                    f"{self.flag_name} takes names separated by single commas, not an empty "
                    f"name in {shown(text)}"
                )
            return tuple(part.strip() for part in text.split(","))
        if self.value == "choice" and not text.strip():
            raise OddsEngineError(
                f"{self.flag_name} takes a name, not an empty name: name one, or leave the "
                "option out for its default"
            )
        if self.value == "flag":
            return text.strip().lower() in ("1", "true", "yes", "on")
        if self.value == "yes-no":
            said = {word: value for value, word in _YES_NO.items()}.get(text.strip().lower())
            if said is None:
                raise OddsEngineError(f"{self.flag_name} takes yes or no, not {shown(text)}")
            return said
        return text  # as given: the spec reads it as it reads a value given in Python

    def check(self, value, where: str = ""):
        """``value`` (of a spec field, or given in Python) if it fits the option's kind,
        range and choices, as a number for a count; else refused, naming the field.

        Raises
        ------
        OddsEngineError
            Naming the option (``where``, default its name), with what it takes.
        """
        where = where or self.name
        if self.value == "flag-names" and isinstance(value, (tuple, list)):
            if not all(isinstance(name, str) for name in value):
                raise OddsEngineTypeError(
                    f"{where} must be True, False or names, not {shown(value)}"
                )
            return tuple(value)
        if self.value in (*_FLAGS, "yes-no"):
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
        command line needs it given); an option taken several times, once per item."""
        if value is None or (value == self.default and not self.required):
            return []
        if self.value in _FLAGS and isinstance(value, bool):
            return [self.flag_name] if value != bool(self.default) else []
        if self.value == "yes-no":
            return [self.flag_name, _YES_NO[bool(value)]]
        if self.repeat and isinstance(value, (tuple, list)):
            return [word for item in value for word in self.words_of(item)]
        if isinstance(value, (tuple, list)):  # names; one name alone (an item repeated) as is
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
        if callable(declared["words"]):  # read when shown, of this class
            declared["words"] = functools.partial(declared["words"], spec_class)
        if declared["value"] == "names" and isinstance(default, str):
            default = (default,)  # names are a tuple: a field's one word ("all") is one name
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


class Board(NamedTuple):
    """The board a kind is asked on, as every face gives it: a scenario file and the
    what-ifs on its board, declared once for the kinds that read it (a spec class names
    its own, ``scenario_board``; its record takes the ``board`` group).

    Parameters
    ----------
    options : tuple of Option
        The scenario file (the positional option) and the what-ifs (each one of ``load``'s
        keywords), in the order the faces list them.
    load : callable
        ``load(scenario, **what_ifs)``: the board the spec class's ``on_board(board,
        **inputs)`` takes, the what-ifs applied.
    """

    options: tuple
    load: Callable


def spec_on_board(spec_class, scenario, values: dict):
    """The spec of ``spec_class`` asked on the board of ``scenario`` (a file, or a shipped
    example): its board (``spec_class.scenario_board``, a :class:`Board`) loaded with the
    what-ifs among ``values`` (by option name), and the spec built by the class's
    ``on_board`` with the other inputs. Every face builds such a spec so.

    Examples
    --------
    >>> from dataclasses import dataclass
    >>> def load(scenario, extra=()):
    ...     return f"{scenario}+{'+'.join(extra)}"
    >>> @dataclass(frozen=True)
    ... class Count:
    ...     board: str
    ...     dice: int = option("the dice rolled", default=1)
    ...     scenario_board = Board((Option("extra", "what-if"),), load)
    ...     @classmethod
    ...     def on_board(cls, board, **inputs):
    ...         return cls(board, **inputs)
    >>> spec_on_board(Count, "vienna", {"extra": ("Linz",), "dice": 2})
    Count(board='vienna+Linz', dice=2)
    """
    board = spec_class.scenario_board
    inputs = dict(values)
    what_ifs = {
        item.name: inputs.pop(item.name)
        for item in board.options
        if not item.positional and item.name in inputs
    }
    return spec_class.on_board(board.load(scenario, **what_ifs), **inputs)


def given_values(options, values: dict) -> dict:
    """The entries of ``values`` that differ from their option's default, in the
    options' order (what a command line must write)."""
    return {
        item.name: values[item.name]
        for item in options
        if item.name in values and values[item.name] != item.default
    }


def spec_of(spec_class, values: dict, like=None):
    """The spec of ``spec_class`` for the inputs ``values`` (by option name): its class's
    ``from_options(**values)`` where it has one (inputs that fill a field together, such
    as a combat's policies), else the class called with them. Every face builds a spec
    from its inputs so.

    ``like`` is the spec class of another kind whose inputs ``spec_class`` takes (a
    registered kind with the options of a field battle): its ``from_options`` builds a
    ``spec_class`` that has none of its own.

    Examples
    --------
    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Roll:
    ...     dice: int = option("the dice rolled", default=1)
    >>> spec_of(Roll, {"dice": 2})
    Roll(dice=2)
    """
    build = getattr(spec_class, "from_options", None)
    if build is None and like is not None and hasattr(like, "from_options"):
        return like.from_options.__func__(spec_class, **values)
    return (build or spec_class)(**values)


def command_words(command: str, spec_class, values: dict, extra=()) -> list[str]:
    """The command line that asks the question ``values`` describe, as words (join them
    with :func:`shlex.join` to print it): the explorer's "same as" line. The positional
    inputs come first, then the spec's, then the kind's own (``extra``).

    Parameters
    ----------
    command : str
        The kind's command (``"heirs"``).
    spec_class : type
        Its spec class, whose declared options give the words.
    values : dict
        Input values by option name; those not given, or equal to their default (unless
        the command line needs them), are left out.
    extra : iterable of Option
        The kind's own options that fill no field (``Kind.options``), or its board's.

    Returns
    -------
    list of str
    """
    options = [item for item in (*options_of(spec_class), *extra) if item.name in values]
    words = [command]
    for item in options:
        if item.positional:
            words += item.words_of(values[item.name])
    for item in options:
        if not item.positional:
            words += item.words_of(values[item.name])
    return words

"""The one exception type that marks a user error.

Every refusal of bad input (an unknown leader, a negative count, an assault the rules
forbid, a malformed file) raises :class:`OddsEngineError` with a message that names the
problem. The command line prints that message on one line and exits non-zero; anything
else that escapes is a bug and keeps its traceback.
"""

import functools
import re


class OddsEngineError(ValueError):
    """A user error: bad input that the engine refuses with a clear message.

    A message stays one readable line whatever value it quotes: a word of more than
    :data:`LONGEST_WORD` characters (a name of 5,000 digits) is cut as :func:`shown` cuts
    it.

    Examples
    --------
    >>> print(OddsEngineError("unknown war '" + "9" * 5000 + "'"))
    unknown war '9999999999999999999999999...9999999999999999999999999' (5002 characters)
    """

    def __init__(self, *args):
        if len(args) == 1 and isinstance(args[0], str):
            args = (without_long_words(args[0]),)
        super().__init__(*args)


class OddsEngineTypeError(OddsEngineError, TypeError):
    """A user error of the wrong kind of value (``simulate(None)``, ``load_move(5)``).

    It is both an :class:`OddsEngineError` and a :class:`TypeError`, so callers may catch
    either.
    """


class CardNotPlayedHere(OddsEngineError):
    """The refusal of a card that this kind of combat never plays (a field-battle card in
    an assault, an assault card in a field battle): no force could make it playable, so a
    search over forces refuses the question itself.
    """


#: The longest run of characters without a space that an error message quotes whole.
LONGEST_WORD = 200
_LONG_WORD = re.compile(rf"\S{{{LONGEST_WORD + 1},}}")


def without_long_words(message: str) -> str:
    """``message`` with each word of more than :data:`LONGEST_WORD` characters cut as
    :func:`shown` cuts a value: the one line of a refusal stays readable.

    Examples
    --------
    >>> without_long_words("not " + "9" * 1000)
    'not 99999999999999999999999999...99999999999999999999999999 (1000 characters)'
    """
    if len(message) <= LONGEST_WORD:
        return message
    return _LONG_WORD.sub(lambda word: _cut(word.group()), message)


def _cut(text: str, limit: int = 60) -> str:
    half = (limit - 8) // 2
    return f"{text[:half]}...{text[-half:]} ({len(text)} characters)"


def shown(value, limit: int = 60) -> str:
    """``repr(value)`` cut to about ``limit`` characters, for an error message: a value
    of a million characters must not become a million-character message.

    Examples
    --------
    >>> shown("7R")
    "'7R'"
    >>> print(shown("9" * 1000))
    '9999999999999999999999999...9999999999999999999999999' (1002 characters)
    """
    try:
        text = repr(value)
    except ValueError:  # a whole number too long to print (sys.get_int_max_str_digits)
        return f"a number of about {round(value.bit_length() * 0.30103)} digits"
    if len(text) <= limit:
        return text
    return _cut(text, limit)


def checked_flag(value, name: str) -> bool:
    """``value`` as a bool if it is True or False (a numpy bool too); else refused as
    :class:`OddsEngineTypeError`, naming the input ``name``.

    Examples
    --------
    >>> checked_flag(True, "captured")
    True
    >>> checked_flag("no", "captured")
    Traceback (most recent call last):
    ...
    oddsengine.errors.OddsEngineTypeError: captured must be True or False, not 'no'
    """
    if isinstance(value, bool):
        return value
    import numpy as np  # only for a value that is not a Python bool

    if not isinstance(value, np.bool_):
        raise OddsEngineTypeError(f"{name} must be True or False, not {shown(value)}")
    return bool(value)


#: The outcome of any engagement a card stops before the dice (Foul Weather, RULES.md §8,
#: §12): not among a spec's ``outcome_names``, yet a name one may ask for.
CANCELLED = "cancelled"


def unknown_name(
    what: str, name, valid, *, where: str = "", plural: str | None = None
) -> OddsEngineError:
    """The refusal of a name that is not one of ``valid``: the closest valid names, then
    all of them, on one line.

    Parameters
    ----------
    what : str
        What the name names ("outcome").
    name
        The name given.
    valid : iterable of str
        The names known.
    where : str, optional
        What asked (the refusal's first words).
    plural : str, optional
        ``what`` in the plural ("wives" for "wife"); ``what`` and an "s" when not given.

    Examples
    --------
    >>> print(unknown_name("outcome", "sucess", ["success", "siege_continues"]))
    unknown outcome 'sucess'; did you mean 'success'? The outcomes are success, siege_continues
    >>> print(unknown_name("wife", "jane", ["jane-seymour"], plural="wives"))
    unknown wife 'jane'; The wives are jane-seymour
    """
    import difflib

    valid = list(dict.fromkeys(valid))
    close = difflib.get_close_matches(str(name), valid, n=3, cutoff=0.6)
    hint = f"; did you mean {', '.join(map(repr, close))}?" if close else ";"
    asker = f"{where}: " if where else ""
    return OddsEngineError(
        f"{asker}unknown {what} {shown(name)}{hint} The {plural or what + 's'} are "
        + ", ".join(valid)
    )


def check_keywords(where: str, given, valid) -> None:
    """Refuse a keyword of ``given`` that is not one of ``valid``, naming it (with the
    closest valid names and all of them), as :class:`OddsEngineTypeError`.

    Examples
    --------
    >>> check_keywords("load_naval_move", {"defender_policy": "fight"}, ["defender_policy"])
    >>> check_keywords("load_naval_move", {"defender_polcy": "fight"}, ["defender_policy"])
    Traceback (most recent call last):
    ...
    oddsengine.errors.OddsEngineTypeError: load_naval_move: unknown argument 'defender_polcy'; ...
    """
    for name in given:
        if name not in valid:
            refusal = unknown_name("argument", name, valid, where=where)
            raise OddsEngineTypeError(str(refusal))


def checked_arguments(function):
    """``function``, refusing a call with arguments it does not take (an unknown keyword,
    one argument too many or missing) with :class:`OddsEngineTypeError` naming the
    argument, before it runs, not with Python's own TypeError. Wrap a dataclass's
    ``__init__`` to check the calls of the class.

    Examples
    --------
    >>> @checked_arguments
    ... def roll(dice, *, bonus=0):
    ...     return dice + bonus
    >>> roll(2, bonus=1)
    3
    >>> roll(2, bouns=1)
    Traceback (most recent call last):
    ...
    oddsengine.errors.OddsEngineTypeError: roll: unknown argument 'bouns'; did you mean 'bonus'? ...
    """
    name = function.__qualname__.removesuffix(".__init__")
    read = []  # the signature and the names it takes, read on the first call

    @functools.wraps(function)
    def checked(*args, **kwargs):
        if not read:
            read.append(_signature_of(function))
        signature, takes, open_keywords = read[0]
        try:
            signature.bind(*args, **kwargs)
        except TypeError as error:
            problem = str(error)
        else:
            return function(*args, **kwargs)
        if not open_keywords:
            check_keywords(name, kwargs, takes)
        raise OddsEngineTypeError(f"{name}: {problem}")

    return checked


def _signature_of(function):
    """The signature of ``function``, the names it takes, and whether it takes any
    keyword."""
    import inspect

    signature = inspect.signature(function)
    parameters = signature.parameters.values()
    takes = [
        parameter.name
        for parameter in parameters
        if parameter.kind not in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD)
        and parameter.name != "self"
    ]
    open_keywords = any(parameter.kind == parameter.VAR_KEYWORD for parameter in parameters)
    return signature, takes, open_keywords

"""How the golden files compare an answer with the one they keep: numbers, not bits.

An exact answer is a float whose last bits are rounding, not a contract: it is compared at
a relative :data:`RELATIVE` (absolute :data:`ABSOLUTE` near 0). Bits are the contract
elsewhere, and are compared bit for bit: integers (seeded Monte Carlo counts, trials,
seeds, unit counts), and text that is not a number. A float that was printed short (a
table's ``0.500``, a percentage) is a printed text too: it must print the same, unless the
answer moved by no more than the tolerance and one of the two prints shows every digit
(``0.5`` against ``0.5000000000000001``).

Printed output (text, JSON, CSV...) is compared number by number, the numbers parsed out
of the text; a difference is reported with the first line that differs.
"""

from __future__ import annotations

import math
import re

__all__ = ["ABSOLUTE", "RELATIVE", "floats_in", "text_difference", "value_difference"]

#: How far an exact float may move, relatively...
RELATIVE = 1e-12
#: ...or absolutely, near 0.
ABSOLUTE = 1e-15
#: A print with this many significant digits shows a float in full (``repr``).
_FULL_DIGITS = 15

_NUMBER = re.compile(r"-?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?")


def _significant_digits(token: str) -> int:
    mantissa = re.split("[eE]", token.lstrip("-"))[0].replace(".", "")
    return len(mantissa.lstrip("0"))


def _is_float(token: str) -> bool:
    return any(mark in token for mark in ".eE")


def close(expected: float, got: float) -> bool:
    """Whether two floats are the same number at the golden files' tolerance."""
    return math.isclose(expected, got, rel_tol=RELATIVE, abs_tol=ABSOLUTE)


def _same_number(expected: str, got: str) -> bool:
    if expected == got:
        return True
    if not (_is_float(expected) and _is_float(got)):
        return False  # integers, bit for bit
    if not close(float(expected), float(got)):
        return False
    near_zero = abs(float(expected)) <= ABSOLUTE and abs(float(got)) <= ABSOLUTE
    full = max(_significant_digits(expected), _significant_digits(got)) >= _FULL_DIGITS
    return near_zero or full


def floats_in(text: str) -> list[str]:
    """Every float printed in ``text``, as printed (integers left out).

    >>> floats_in("won 0.25 of 3 trials, 1e-05 lost")
    ['0.25', '1e-05']
    """
    return [token for token in _NUMBER.findall(text) if _is_float(token)]


def _tokens(line: str) -> list[str]:
    """The line cut into numbers and the text between them."""
    pieces, start = [], 0
    for match in _NUMBER.finditer(line):
        pieces += [line[start : match.start()], match.group()]
        start = match.end()
    return [*pieces, line[start:]]


def _same_line(expected: str, got: str) -> bool:
    if expected == got:
        return True
    want, have = _tokens(expected), _tokens(got)
    # Text and numbers alternate: text at even places, bit for bit.
    return (
        len(want) == len(have)
        and want[::2] == have[::2]
        and all(map(_same_number, want[1::2], have[1::2]))
    )


def text_difference(expected: str, got: str) -> str | None:
    """None when ``got`` prints the same answer as ``expected``; else the first line that
    differs, both ways.

    >>> text_difference('{"p": 0.007775675488345173}', '{"p": 0.007775675488345175}')
    >>> text_difference("won 0.500", "won 0.5")
    "line 1: expected 'won 0.500', got 'won 0.5'"
    >>> text_difference("trials 20000", "trials 20001")
    "line 1: expected 'trials 20000', got 'trials 20001'"
    """
    want, have = expected.split("\n"), got.split("\n")
    for number, (line, other) in enumerate(zip(want, have, strict=False), start=1):
        if not _same_line(line, other):
            return f"line {number}: expected {line!r}, got {other!r}"
    if len(want) != len(have):
        return f"{len(want)} lines expected, {len(have)} printed"
    return None


def value_difference(expected, got, *, bits: bool = False, where: str = "") -> str | None:
    """None when the JSON values ``got`` and ``expected`` hold the same answer; else where
    they first differ. Floats at the tolerance, or bit for bit with ``bits``; everything
    else (keys, integers, text) bit for bit.

    >>> value_difference({"p": 0.1}, {"p": 0.10000000000000003})
    >>> value_difference({"p": 0.1}, {"p": 0.10000000000000003}, bits=True)
    '/p: expected 0.1, got 0.10000000000000003'
    """
    if isinstance(expected, dict) and isinstance(got, dict):
        if sorted(expected) != sorted(got):
            return f"{where or '/'}: keys {sorted(expected)} expected, got {sorted(got)}"
        for key in expected:
            found = value_difference(expected[key], got[key], bits=bits, where=f"{where}/{key}")
            if found:
                return found
        return None
    if isinstance(expected, list) and isinstance(got, list):
        if len(expected) != len(got):
            return f"{where}: {len(expected)} entries expected, got {len(got)}"
        for index, (want, have) in enumerate(zip(expected, got, strict=True)):
            found = value_difference(want, have, bits=bits, where=f"{where}/{index}")
            if found:
                return found
        return None
    same = (
        type(expected) is type(got)
        and (expected == got or (isinstance(expected, float) and not bits and close(expected, got)))
    ) or (expected != expected and got != got)  # NaN is NaN
    return None if same else f"{where}: expected {expected!r}, got {got!r}"

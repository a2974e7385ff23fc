"""The notation of forces and fleets, ``"[power:] 4R 2M Leader Leader"``: what
:func:`~oddsengine.combat.forces.parse_force` and :func:`~oddsengine.combat.fleets.parse_fleet`
read alike (the power before a ``:``, a count such as ``4R`` or ``2Sq``, a leader's name of
up to three words); each reads its own letters and leaders.

Examples
--------
>>> counts = {}
>>> add_count(counts, "regulars", "4", "4R", "4R Ferdinand", "force")
4
>>> from oddsengine.combat.leaders import find_leader, is_leader_name
>>> leader, length = leader_at(["Maurice", "of", "Saxony", "2R"], 0, is_leader_name, find_leader)
>>> leader.name, length
('Maurice of Saxony', 3)
"""

from __future__ import annotations

import re

from oddsengine.combat.limits import read_count
from oddsengine.errors import OddsEngineError, shown

__all__ = [
    "COUNT_TOKEN",
    "add_count",
    "leader_at",
    "power_and_pieces",
    "starts_as_number",
    "unreadable_count",
]

#: A count: a signed number and the unit's letters (``4r``, ``2sq``), read lower-case.
COUNT_TOKEN = re.compile(r"^([+-]?\d+)([a-z]+)$")
_NUMBER_FIRST = re.compile(r"^[+-]?\d")


def power_and_pieces(text: str, power, what: str, example: str) -> tuple:
    """Split a force's or a fleet's notation, ``"[power:] pieces"``, into its power and its
    pieces (the words after the ``:``, separated by spaces or commas).

    Parameters
    ----------
    text : str
        The notation, not empty.
    power : str or None
        The power when the text names none before a ``:``.
    what : str
        ``"force"`` or ``"fleet"``, for the refusal.
    example : str
        A notation that names its power, for the refusal (``"hapsburg: 4R"``).

    Returns
    -------
    power, pieces : str or None, list of str
        The power as written before the ``:`` (else ``power``) and the words after it.

    Raises
    ------
    OddsEngineError
        When nothing stands before the ``:``: ``": 4R"`` would take the default power
        without a word.

    Examples
    --------
    >>> power_and_pieces("hapsburg: 4R", None, "force", "hapsburg: 4R")
    ('hapsburg', ['4R'])
    >>> power_and_pieces("2Sq, 1Co Dragut", "ottoman", "fleet", "hapsburg: 2Sq")
    ('ottoman', ['2Sq', '1Co', 'Dragut'])
    """
    pieces = text.strip()
    if ":" in pieces:
        prefix, pieces = pieces.split(":", 1)
        if not prefix.strip():
            raise OddsEngineError(
                f"no power before ':' in {what} {shown(text)}: write e.g. {example!r}"
            )
        power = prefix
    return power, pieces.replace(",", " ").split()


def add_count(counts: dict, kind: str, digits: str, word: str, text: str, what: str) -> int:
    """Add the count ``digits`` of ``kind`` (written ``word``) to ``counts`` and return it.

    Raises
    ------
    OddsEngineError
        When ``kind`` is given twice in the ``what``'s notation ``text``, or the count is
        negative (or too long: :func:`~oddsengine.combat.limits.read_count`).
    """
    if kind in counts:
        raise OddsEngineError(f"{kind} given twice in {what} {shown(text)}")
    number = read_count(digits, kind, word)
    if number < 0:
        raise OddsEngineError(f"{kind} cannot be negative (got {shown(word)})")
    counts[kind] = number
    return number


def leader_at(words: list, index: int, is_name, find) -> tuple:
    """The leader named from ``words[index]`` and how many words name him.

    Parameters
    ----------
    words : list of str
    index : int
    is_name : callable
        Whether a text names a leader of the notation.
    find : callable
        The leader a name stands for.

    Returns
    -------
    leader, length
        ``find`` of the longest name of up to three words (``"Maurice of Saxony"``) that
        ``is_name`` takes; of the word alone when none does (``find`` then refuses it,
        with the names it resembles).
    """
    for length in (3, 2, 1):
        candidate = " ".join(words[index : index + length])
        if index + length <= len(words) and is_name(candidate):
            return find(candidate), length
    return find(words[index]), 1


def unreadable_count(word: str, text: str, what: str, counts: str, why: str = ""):
    """The refusal of a ``word`` of the ``what``'s notation ``text`` that starts as a count
    (:func:`starts_as_number`) but is none (``counts``: the counts the notation takes, in
    words; ``why``: a reason to give first).

    Examples
    --------
    >>> print(unreadable_count("4Sq", "4Sq", "force", "R (regulars)"))
    cannot read '4Sq' in force '4Sq': a count is a number followed by R (regulars)
    """
    because = f"{why}; " if why else ""
    return OddsEngineError(
        f"cannot read {shown(word)} in {what} {shown(text)}: {because}a count is a number "
        f"followed by {counts}"
    )


def starts_as_number(word: str) -> bool:
    """Whether ``word`` starts as a count would (a sign or a digit): a word that does but
    is no count is refused as a count (no leader's name starts so), not looked up as a
    leader."""
    return _NUMBER_FIRST.match(word) is not None

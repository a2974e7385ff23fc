"""Force templates: a force written with ranges, such as ``"2..16R L0..2"``.

A template is the notation of :func:`oddsengine.parse_force` in which a unit count or an
anonymous leader's battle rating may be a range ``LOW..HIGH`` (both ends included).
``"2..16R L2"`` is fifteen forces, from 2 to 16 regulars with a leader of rating 2;
``"2..16R L0..2"`` is 45. Sweeps, odds tables and plots read templates; each range becomes
an *axis* named after what it counts (``regulars``, ``mercenaries``, ``cavalry`` or
``rating``). The first range written is the template's main axis: the rows (or columns) of
an odds table, the x axis of a plot.

A fleet (:func:`oddsengine.combat.fleets.parse_fleet`) is a template the same way:
``"1..6Sq 0..3Co Dragut"`` and ``"ottoman: 2Sq 1..4Co"`` range over ``squadrons`` and
``corsairs``; naval leaders are named, not rated, so a fleet has no rating range.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from oddsengine.combat.fleets import Fleet, is_naval_leader_name, parse_fleet
from oddsengine.combat.forces import Force, parse_force
from oddsengine.combat.limits import MAX_UNITS, read_count
from oddsengine.combat.unit_types import (
    LAND_LETTERS,
    NAVAL_LETTERS,
    PRINTED_LETTERS,
    UNIT_TYPE_RECORDS,
)
from oddsengine.errors import OddsEngineError, shown

__all__ = [
    "AXIS_WORDS",
    "ForceTemplate",
    "TemplateAxis",
    "parse_template",
    "parse_count_template",
    "is_template",
]

_UNIT_LETTERS = LAND_LETTERS
# Part II: the naval units, as fleets write them (a name and its letters as printed).
_FLEET_LETTERS = {letters: PRINTED_LETTERS[letters] for letters in NAVAL_LETTERS}
_FLEET_COUNT = re.compile(r"^\d+(?:\.\.\d+)?(" + "|".join(NAVAL_LETTERS) + ")$", re.IGNORECASE)
_COUNT_RANGE = re.compile(r"^(\d+)\.\.(\d+)([a-z]+)$", re.IGNORECASE)
_RATING_RANGE = re.compile(r"^l(\d+)\.\.(\d+)$", re.IGNORECASE)
_MAX_RATING = 2  # RULES.md §1: battle ratings run from 0 to 2.
_COUNT_TEMPLATE = re.compile(r"^(\d+)(?:\.\.(\d+))?$")


#: What each axis counts, in words, by its name: ``(in a table, on a chart)``. The unit
#: types' words are their records' names (a land unit's chart words say so); a leader's
#: axis is its battle rating (RULES.md §1).
AXIS_WORDS: dict[str, tuple[str, str]] = {
    **{
        unit.name: (unit.name, unit.name if unit.at_sea else f"{unit.name} (land units)")
        for unit in UNIT_TYPE_RECORDS.values()
    },
    "rating": ("leader rating", "leader battle rating"),
}


@dataclass(frozen=True)
class TemplateAxis:
    """One range of a template.

    Parameters
    ----------
    name : str
        ``"regulars"``, ``"mercenaries"``, ``"cavalry"`` or ``"rating"``; in a fleet,
        ``"squadrons"`` or ``"corsairs"``.
    values : tuple of int
        The values of the range, in increasing order.
    """

    name: str
    values: tuple[int, ...]


@dataclass(frozen=True)
class ForceTemplate:
    """A force with ranges; expand it into forces with :meth:`expand`.

    Parameters
    ----------
    text : str
        The template as written.
    axes : tuple of TemplateAxis
        Its ranges, in the order written (the first is the main axis).
    fleet : bool
        The template stands for fleets (:class:`~oddsengine.combat.fleets.Fleet`), not land
        forces.

    Examples
    --------
    >>> template = parse_template("2..4R L0..1")
    >>> [axis.name for axis in template.axes]
    ['regulars', 'rating']
    >>> [label for label, _, _ in template.expand()][:3]
    ['2R L0', '2R L1', '3R L0']
    """

    text: str
    axes: tuple[TemplateAxis, ...]
    _pieces: tuple = ()
    fleet: bool = False

    @property
    def main_axis(self) -> TemplateAxis | None:
        """The first range written, or None for a plain force."""
        return self.axes[0] if self.axes else None

    @property
    def size(self) -> int:
        """How many forces the template stands for."""
        count = 1
        for axis in self.axes:
            count *= len(axis.values)
        return count

    def label(self, values: dict[str, int]) -> str:
        """The template's text with each range replaced by its value in ``values``."""
        words = []
        for piece in self._pieces:
            if isinstance(piece, str):
                words.append(piece)
            else:
                axis_name, letter = piece
                value = values[axis_name]
                words.append(f"L{value}" if axis_name == "rating" else f"{value}{letter}")
        return " ".join(words)

    def combinations(self) -> list[tuple[str, dict[str, int]]]:
        """Every ``(label, axis values)`` of the template, the last axis varying fastest,
        without building the forces."""
        names = [axis.name for axis in self.axes]
        combinations = []
        for combination in itertools.product(*(axis.values for axis in self.axes)):
            values = dict(zip(names, combination, strict=True))
            combinations.append((self.label(values), values))
        return combinations

    def expand(self) -> list[tuple[str, dict[str, int], Force | Fleet]]:
        """Every force (or fleet) of the template: ``(label, axis values, force)``, the
        last axis varying fastest.

        Raises
        ------
        OddsEngineError
            If a force of the template is invalid (the message names it).

        Examples
        --------
        >>> [fleet.notation() for _, _, fleet in parse_template("1..2Sq Dragut").expand()]
        ['ottoman: 1Sq Dragut', 'ottoman: 2Sq Dragut']
        """
        parse = parse_fleet if self.fleet else parse_force
        return [(label, values, parse(label)) for label, values in self.combinations()]

    def __str__(self) -> str:
        return self.text


def is_template(text) -> bool:
    """True if ``text`` is a string with at least one range (``..``)."""
    return isinstance(text, str) and ".." in text


def _check_range(low: int, high: int, word: str, text: str) -> tuple[int, ...]:
    if low > high:
        raise OddsEngineError(
            f"range {shown(word)} in template {shown(text)} runs backwards: write LOW..HIGH"
        )
    return tuple(range(low, high + 1))


def _is_fleet(words: list[str]) -> bool:
    """Whether the words of a template write a fleet: a count of squadrons or corsairs,
    or a naval leader (Part II)."""
    return any(_FLEET_COUNT.match(word) or is_naval_leader_name(word) for word in words)


def parse_template(text: str) -> ForceTemplate:
    """Read a force template such as ``"2..16R L0..2"`` or ``"ottoman: 4R 0..1C"``, or a
    fleet template such as ``"1..6Sq 0..3Co Dragut"`` or ``"ottoman: 2Sq 1..4Co"``.

    A plain force (without ranges) is a template of one force. A template with squadrons
    (``Sq``), corsairs (``Co``) or a naval leader is read as fleets.

    Raises
    ------
    OddsEngineError
        On a malformed or backwards range, a unit type or rating given twice, or an
        invalid force inside the template.

    Examples
    --------
    >>> template = parse_template("0..4R L1")
    >>> template.main_axis.values
    (0, 1, 2, 3, 4)
    >>> template.expand()[-1][0]
    '4R L1'
    >>> fleets = parse_template("ottoman: 2Sq 1..4Co")
    >>> fleets.fleet, fleets.main_axis.name, fleets.size
    (True, 'corsairs', 4)
    """
    if not isinstance(text, str) or not text.strip():
        raise OddsEngineError("empty force template: write units such as '2..16R L2'")
    body = text.strip()
    pieces: list = []
    if ":" in body:
        prefix, body = body.split(":", 1)
        pieces.append(f"{prefix.strip()}:")
    axes: list[TemplateAxis] = []
    words = body.replace(",", " ").split()
    fleet = _is_fleet(words)
    for word in words:
        count = _COUNT_RANGE.match(word)
        rating = _RATING_RANGE.match(word)
        if rating and fleet:
            raise OddsEngineError(
                f"cannot read {shown(word)} in fleet template {shown(text)}: naval leaders "
                "are named (Andrea Doria, Barbarossa, Dragut), not rated"
            )
        elif count:
            name, letters, axis_values = _unit_range(count, word, text, fleet)
            pieces.append((name, letters))
        elif rating:
            low, high = (int(digits[:3]) for digits in rating.groups())
            if high > _MAX_RATING or max(map(len, rating.groups())) > 3:
                raise OddsEngineError(
                    f"{shown(word)} in template {shown(text)}: a leader's battle rating is "
                    "0, 1 or 2"
                )
            name = "rating"
            axis_values = _check_range(low, high, word, text)
            pieces.append((name, "L"))
        elif ".." in word:
            raise OddsEngineError(
                f"cannot read {shown(word)} in template {shown(text)}: write a range as 2..16R "
                "(units) or L0..2 (leader rating)"
            )
        else:
            pieces.append(word)
            continue
        if any(axis.name == name for axis in axes):
            raise OddsEngineError(f"{name} is given as a range twice in template {shown(text)}")
        axes.append(TemplateAxis(name, axis_values))
    template = ForceTemplate(text.strip(), tuple(axes), tuple(pieces), fleet)
    # Reading the first force checks the rest of the notation (leader names, letters).
    first = {axis.name: axis.values[0] for axis in axes}
    (parse_fleet if fleet else parse_force)(template.label(first))
    return template


def _unit_range(count, word: str, text: str, fleet: bool) -> tuple[str, str, tuple]:
    """The unit type, its letters and the values of a ``LOW..HIGH`` count range.

    Land units are R, M or C; a fleet's are Sq or Co. Refused: other letters, and a high
    end above the game's limit (see :mod:`oddsengine.combat.limits`).
    """
    letters = count.group(3)
    if fleet:
        name, letters = _FLEET_LETTERS.get(letters.lower(), (None, letters))
        what, container = "fleet template", "fleet"
        units = "ships is LOW..HIGH followed by Sq (squadrons) or Co (corsairs)"
    else:
        name = _UNIT_LETTERS.get(letters.lower())
        letters = letters.upper()
        what, container = "template", "force"
        units = "units is LOW..HIGH followed by R (regulars), M (mercenaries) or C (cavalry)"
    if name is None:
        raise OddsEngineError(
            f"cannot read {shown(word)} in {what} {shown(text)}: a range of {units}"
        )
    low = read_count(count.group(1), name, word)
    high = read_count(count.group(2), name, word)
    if high > MAX_UNITS:  # the counter mix bounds every force and fleet: see limits.py
        raise OddsEngineError(
            f"{shown(word)} in template {shown(text)}: at most {MAX_UNITS} {name} in one "
            f"{container}"
        )
    return name, letters, _check_range(low, high, word, text)


def parse_count_template(text, name: str, limit: int) -> ForceTemplate:
    """Read a count or a range of counts (``"3"``, ``"1..8"``) for a spec field that is a
    whole number, such as an attempt's ``protestant_dice`` (RULES.md §17): a template of one
    axis named ``name`` whose labels are the counts themselves.

    Raises
    ------
    OddsEngineError
        On text that is not a count or a ``LOW..HIGH`` range, a backwards range, or a
        count above ``limit``.

    Examples
    --------
    >>> template = parse_count_template("1..3", "protestant_dice", 50)
    >>> [label for label, _ in template.combinations()], template.main_axis.name
    (['1', '2', '3'], 'protestant_dice')
    >>> parse_count_template("4", "papal_dice", 50).combinations()
    [('4', {})]
    """
    if isinstance(text, int) and not isinstance(text, bool):
        text = str(text)
    if not isinstance(text, str) or not _COUNT_TEMPLATE.match(text.strip()):
        raise OddsEngineError(
            f"{name}: write a count or a range of counts such as 1..8, not {shown(text)}"
        )
    body = text.strip()
    low_digits, high_digits = _COUNT_TEMPLATE.match(body).groups()
    low = read_count(low_digits, name, shown(text))
    high = low if high_digits is None else read_count(high_digits, name, shown(text))
    if high > limit:
        raise OddsEngineError(f"{name} is at most {limit} (got {high} in {shown(text)})")
    if high_digits is None:
        return ForceTemplate(body, (), (str(low),))
    values = _check_range(low, high, body, body)
    return ForceTemplate(body, (TemplateAxis(name, values),), ((name, ""),))

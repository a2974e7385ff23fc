"""The religious board's facts, read from the package's ``data/religion/`` files and checked
once (RULES.md §16–§22): the language zones of every space, the 1517 set-up (religious
influence, stacks and their alignment, the Electorate display, reformers, rulers), the
debaters, the explorers, the conquistadors and the New World tables.

Every inconsistency raises :class:`ReligionDataError` naming the file, the line and the
problem: an unknown space, a duplicate, a value out of range, a missing row. The files are
read on first use and cached: importing this module reads nothing.

Examples
--------
>>> facts = religion_facts()
>>> facts.zone_of("Wittenberg"), facts.zone_of("Prague")
('german', 'none')
>>> facts.debater("Eck").value, facts.debater("Eck").side
(3, 'papal')
>>> [explorer.name for explorer in facts.explorers_of("france")]
['Cartier', 'Roberval', 'Verrazano']
>>> facts.electorate_regulars["Augsburg"]
2
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from functools import lru_cache
from os import PathLike
from pathlib import Path

from oddsengine.errors import (
    OddsEngineError,
    OddsEngineTypeError,
    checked_flag,
    shown,
    unknown_name,
)
from oddsengine.religion.record_types import LANGUAGE_ZONES, NEW_WORLD_POWERS
from oddsengine.shipped import shipped_path

__all__ = [
    "ReligionDataError",
    "UnknownName",
    "LANGUAGE_ZONES",
    "DEBATE_ZONES",
    "ENGLAND_RULERS",
    "Debater",
    "Explorer",
    "Conquistador",
    "TableRow",
    "Reformer",
    "SetupStack",
    "ReligionFacts",
    "religion_facts",
    "read_religion_facts",
]

#: 20 step 1: the zones a theological debate may be called in.
DEBATE_ZONES = ("german", "french", "english")
#: The sides of a debater (debaters.csv).
DEBATER_SIDES = ("protestant", "papal")
#: The rulers of England (16: they decide the English units' alignment).
ENGLAND_RULERS = ("henry-viii", "edward-vi", "mary-i", "elizabeth-i")
#: The last turn of the game: an entry turn must lie in 1..LAST_TURN.
LAST_TURN = 9
#: A turn of entry that depends on play (Cranmer's group enters the turn after Henry VIII
#: marries Anne Boleyn).
VARIABLE_TURN = "variable"

_FILES = {
    "zones": ("language_zones.csv", ("space", "zone", "note")),
    "setup": ("setup_1517.csv", ("kind", "key", "power", "value", "alignment", "turn", "note")),
    "debaters": (
        "debaters.csv",
        (
            "name",
            "side",
            "value",
            "zone",
            "entry_turn",
            "bonus",
            "bonus_use",
            "edition_note",
            "sources_note",
        ),
    ),
    "explorers": (
        "explorers.csv",
        ("name", "power", "value", "entry_turn", "in_random_pool", "note"),
    ),
    "conquistadors": (
        "conquistadors.csv",
        ("name", "power", "value", "entry_turn", "in_random_pool", "note"),
    ),
    "tables": ("new_world_tables.csv", ("table", "roll", "result", "vp", "note")),
}


class ReligionDataError(OddsEngineError):
    """The religion data files are inconsistent (a packaging bug, or a bad file given)."""


class UnknownName(OddsEngineError, KeyError):
    """A name the records do not hold (a debater, a space): the project's error, and a
    ``KeyError`` for callers that look a name up."""

    __str__ = BaseException.__str__  # the message as written, not quoted as a key


@dataclass(frozen=True)
class Debater:
    """A theological debater (RULES.md §20): his side, debate value, zone (``"any"`` for
    the Papal debaters, who debate in every zone), entry turn (None: it depends on play) and
    his bonus in a few words, with how it is used (``"debate"``, ``"reformation_die"``,
    ``"treatise_attempts"``...)."""

    name: str
    side: str
    value: int
    zone: str
    entry_turn: int | None
    bonus: str
    bonus_use: str

    def in_play(self, turn: int) -> bool:
        """Whether he has entered by ``turn`` (a debater of variable entry only when his
        turn is given by the scenario: never by turn alone)."""
        return self.entry_turn is not None and self.entry_turn <= turn


@dataclass(frozen=True)
class Explorer:
    """An explorer or conquistador (RULES.md §22): his power, value, entry turn and whether
    he is in the power's random pool (the Cabots come only with their event)."""

    name: str
    power: str
    value: int
    entry_turn: int
    in_random_pool: bool


#: A conquistador has the same record (England's and France's conquest markers: value 0).
Conquistador = Explorer


@dataclass(frozen=True)
class TableRow:
    """One row of a New World table: the modified rolls ``low..high`` it covers (``high``
    None: and above; ``low`` None: and below), what it gives and its VP."""

    table: str
    low: int | None
    high: int | None
    result: str
    vp: int | None

    def covers(self, roll: int) -> bool:
        """Whether a modified roll falls in this row."""
        return (self.low is None or roll >= self.low) and (self.high is None or roll <= self.high)


@dataclass(frozen=True)
class Reformer:
    """A reformer (Luther, Zwingli, Calvin, Cranmer): his space and entry turn (None: it
    depends on play)."""

    name: str
    space: str
    entry_turn: int | None


@dataclass(frozen=True)
class SetupStack:
    """A land-unit stack of the 1517 set-up with its religious alignment (16):
    ``"catholic"``, ``"protestant"`` or ``"unaligned"``."""

    space: str
    power: str
    units: str
    alignment: str


@dataclass(frozen=True)
class ReligionFacts:
    """The religious board's facts, as read from the data files.

    Attributes
    ----------
    zones : dict
        Every space of the map (land and sea) to its language zone or ``"none"``.
    never_convert : frozenset
        The spaces under neither influence (the Ottoman home spaces and Algiers, 16).
    protestant_1517 : frozenset
        The spaces Protestant at the start of the 95 Theses (Wittenberg).
    stacks_1517 : tuple of SetupStack
        The land-unit stacks of the 1517 set-up.
    electorate_regulars : dict
        The Protestant regulars on the Electorate display, by electorate (16).
    reformers : dict
        The reformers by name.
    rulers : dict
        The 1517 rulers by power (``{"england": "Henry VIII", ...}``).
    debaters : dict
        The debaters by name.
    explorers, conquistadors : tuple
        The explorers and conquistadors (a name may recur for several powers: Cabot).
    tables : dict
        The New World tables by name (``"exploration"``, ``"circumnavigation"``,
        ``"conquest"``), each a tuple of :class:`TableRow`.
    """

    zones: dict
    never_convert: frozenset
    protestant_1517: frozenset
    stacks_1517: tuple
    electorate_regulars: dict
    reformers: dict
    rulers: dict
    debaters: dict
    explorers: tuple
    conquistadors: tuple
    tables: dict

    @property
    def electorates(self) -> tuple[str, ...]:
        """The six electorates (16)."""
        return tuple(self.electorate_regulars)

    def zone_of(self, space: str) -> str:
        """The language zone of a space, or ``"none"``.

        Raises
        ------
        UnknownName
            For a name that is no space of the map (spelt as the map spells it).
        """
        try:
            return self.zones[space]
        except (KeyError, TypeError):
            raise UnknownName(f"unknown space {shown(space)}: no language zone") from None

    def spaces_in(self, zone: str) -> tuple[str, ...]:
        """The spaces of a language zone (or ``"none"``), in the data's order."""
        _one_of(zone, (*LANGUAGE_ZONES, "none"), "zone")
        return tuple(space for space, its_zone in self.zones.items() if its_zone == zone)

    def debater(self, name: str) -> Debater:
        """The debater of that name (matched without regard to case).

        Raises
        ------
        UnknownName
            For a name that is no debater's (a ``KeyError`` too).
        OddsEngineTypeError
            For a name that is no text.
        """
        if not isinstance(name, str):
            raise OddsEngineTypeError(f"a debater is a name, not {shown(name)}")
        wanted = name.strip().casefold()
        for debater in self.debaters.values():
            if debater.name.casefold() == wanted:
                return debater
        raise UnknownName(f"unknown debater {shown(name)}")

    def named_debater(self, name: str, where: str = "") -> Debater:
        """The debater of that name, as :meth:`debater` finds him; a name that is no
        debater's is refused with the closest names and all of them.

        Parameters
        ----------
        name : str
            The name given.
        where : str
            What gave it (``committed``, an argument's name), said before the refusal.

        Raises
        ------
        OddsEngineError
            For a name that is no debater's.
        """
        try:
            return self.debater(name)
        except KeyError:
            raise unknown_name("debater", name, self.debaters, where=where) from None

    def debaters_of(self, side: str) -> tuple[Debater, ...]:
        """The debaters of a side (``"protestant"`` or ``"papal"``)."""
        _one_of(side, DEBATER_SIDES, "side of a debater")
        return tuple(debater for debater in self.debaters.values() if debater.side == side)

    def explorers_of(self, power: str, *, pool_only: bool = True) -> tuple[Explorer, ...]:
        """A power's explorers, the random pool's only unless ``pool_only`` is False."""
        _one_of(power, NEW_WORLD_POWERS, "power of the New World")
        pool_only = checked_flag(pool_only, "pool_only")
        return tuple(
            explorer
            for explorer in self.explorers
            if explorer.power == power and (explorer.in_random_pool or not pool_only)
        )

    def conquistadors_of(self, power: str) -> tuple[Explorer, ...]:
        """A power's conquistadors (England's and France's conquest markers)."""
        _one_of(power, NEW_WORLD_POWERS, "power of the New World")
        return tuple(each for each in self.conquistadors if each.power == power)


def _one_of(value, allowed: tuple[str, ...], what: str) -> None:
    if not isinstance(value, str) or value not in allowed:
        raise OddsEngineError(f"unknown {what} {shown(value)}; use one of {', '.join(allowed)}")


@lru_cache(maxsize=1)
def religion_facts() -> ReligionFacts:
    """The packaged religion facts, read and checked once and cached.

    Raises
    ------
    ReligionDataError
        If the packaged data is inconsistent (a packaging bug).

    Examples
    --------
    >>> religion_facts() is religion_facts()
    True
    >>> len(religion_facts().debaters)
    29
    """
    return read_religion_facts(shipped_path("data", "religion"))


def read_religion_facts(folder) -> ReligionFacts:
    """Read and check the religion data files of a folder against the packaged map.

    Parameters
    ----------
    folder : str or os.PathLike
        A folder holding the six files of ``data/religion/``.

    Returns
    -------
    ReligionFacts

    Raises
    ------
    ReligionDataError
        Naming the file, the line and the problem.
    """
    from oddsengine.moves.board import normalise_space_name, packaged_spaces

    if not isinstance(folder, (str, PathLike)):
        raise OddsEngineTypeError(f"folder must be a folder's path, not {shown(folder)}")
    # The map's spaces by their lookup key (any spelling of a name finds its space).
    board = {normalise_space_name(name): space for name, space in packaged_spaces().items()}
    folder = Path(folder)
    rows = {key: list(_read(folder / name, columns)) for key, (name, columns) in _FILES.items()}
    zones = _zones(rows["zones"], board)
    setup = _setup(rows["setup"], board)
    debaters = _debaters(rows["debaters"])
    explorers = _explorers(rows["explorers"], "explorer")
    conquistadors = _explorers(rows["conquistadors"], "conquistador")
    tables = _tables(rows["tables"])
    return ReligionFacts(
        zones=zones,
        debaters=debaters,
        explorers=explorers,
        conquistadors=conquistadors,
        tables=tables,
        **setup,
    )


def _read(path: Path, columns: tuple[str, ...]):
    """Yield ``(label, line, row dict)`` for each data row of a CSV file."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as error:
        raise ReligionDataError(f"{path}: cannot read the file ({error})") from error
    reader = csv.reader(io.StringIO(text))
    header = next(reader, None)
    if header is None or tuple(cell.strip() for cell in header) != columns:
        raise ReligionDataError(f"{path}, line 1: the header is {header}, expected {columns}")
    for line, values in enumerate(reader, start=2):
        if not any(value.strip() for value in values):
            continue
        if len(values) != len(columns):
            raise ReligionDataError(
                f"{path}, line {line}: expected {len(columns)} fields {columns}, "
                f"found {len(values)}"
            )
        stripped = (value.strip() for value in values)
        yield f"{path.name}, line {line}", dict(zip(columns, stripped, strict=True))


def _map_space(label: str, name: str, board):
    """The map's space called ``name`` (any spelling): ``board`` holds the spaces by their
    lookup key."""
    from oddsengine.moves.board import normalise_space_name

    space = board.get(normalise_space_name(name)) if isinstance(name, str) else None
    if space is None:
        raise ReligionDataError(f"{label}: unknown space {name!r}")
    return space


def _space(label: str, name: str, board, *, land: bool = True) -> str:
    space = _map_space(label, name, board)
    if land and not space.is_land:
        raise ReligionDataError(f"{label}: {name!r} is a sea zone, not a land space")
    return space.name


def _integer(label: str, column: str, text: str, low: int, high: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise ReligionDataError(f"{label}: the {column} {text!r} is not a whole number") from None
    if not low <= value <= high:
        raise ReligionDataError(f"{label}: the {column} {value} is outside {low}..{high}")
    return value


def _turn(label: str, text: str) -> int | None:
    if text == VARIABLE_TURN:
        return None
    return _integer(label, "entry turn", text, 1, LAST_TURN)


def _zones(rows, board) -> dict:
    zones: dict[str, str] = {}
    for label, row in rows:
        found = _map_space(label, row["space"], board)
        space = found.name
        if space in zones:
            raise ReligionDataError(f"{label}: {space!r} is listed twice")
        zone = row["zone"]
        if zone not in (*LANGUAGE_ZONES, "none"):
            raise ReligionDataError(
                f"{label}: unknown zone {zone!r}; expected one of {', '.join(LANGUAGE_ZONES)} "
                "or none"
            )
        if zone != "none" and not found.is_land:
            raise ReligionDataError(f"{label}: the sea zone {space!r} has a language zone")
        zones[space] = zone
    missing = [space.name for space in board.values() if space.name not in zones]
    if missing:
        raise ReligionDataError(f"language_zones.csv: no zone for {', '.join(missing)}")
    return zones


def _setup(rows, board) -> dict:
    never, protestant, stacks, electorates = set(), set(), [], {}
    reformers, rulers = {}, {}
    for label, row in rows:
        kind, key = row["kind"], row["key"]
        if kind == "religion":
            if key == "*":
                continue
            space = _space(label, key, board)
            if space in never | protestant:
                raise ReligionDataError(f"{label}: {space!r} is listed twice")
            if row["value"] == "none":
                never.add(space)
            elif row["value"] == "protestant":
                protestant.add(space)
            else:
                raise ReligionDataError(f"{label}: unknown influence {row['value']!r}")
        elif kind == "stack":
            alignment = row["alignment"]
            if alignment not in ("catholic", "protestant", "unaligned"):
                raise ReligionDataError(f"{label}: unknown alignment {alignment!r}")
            stacks.append(
                SetupStack(_space(label, key, board), row["power"], row["value"], alignment)
            )
        elif kind == "electorate_display":
            space = _space(label, key, board)
            if space in electorates:
                raise ReligionDataError(f"{label}: the electorate {space!r} is listed twice")
            electorates[space] = _integer(label, "regulars", row["value"], 1, 4)
        elif kind == "reformer":
            if key in reformers:
                raise ReligionDataError(f"{label}: the reformer {key!r} is listed twice")
            reformers[key] = Reformer(
                key, _space(label, row["value"], board), _turn(label, row["turn"])
            )
        elif kind == "ruler":
            rulers[key] = row["value"]
        elif kind not in ("jesuit_university", "unrest", "new_world"):
            raise ReligionDataError(f"{label}: unknown kind of row {kind!r}")
    if len(electorates) != 6:
        raise ReligionDataError(
            f"setup_1517.csv: the Electorate display lists {len(electorates)} electorates, "
            "expected 6"
        )
    return dict(
        never_convert=frozenset(never),
        protestant_1517=frozenset(protestant),
        stacks_1517=tuple(stacks),
        electorate_regulars=electorates,
        reformers=reformers,
        rulers=rulers,
    )


def _debaters(rows) -> dict:
    debaters: dict[str, Debater] = {}
    for label, row in rows:
        name = row["name"]
        if name in debaters:
            raise ReligionDataError(f"{label}: the debater {name!r} is listed twice")
        side = row["side"]
        if side not in DEBATER_SIDES:
            raise ReligionDataError(f"{label}: unknown side {side!r}")
        zone = row["zone"]
        allowed = ("any",) if side == "papal" else DEBATE_ZONES
        if zone not in allowed:
            raise ReligionDataError(
                f"{label}: a {side} debater's zone must be {' or '.join(allowed)}, not {zone!r}"
            )
        debaters[name] = Debater(
            name,
            side,
            _integer(label, "value", row["value"], 1, 4),
            zone,
            _turn(label, row["entry_turn"]),
            row["bonus"],
            row["bonus_use"],
        )
    return debaters


def _explorers(rows, word: str) -> tuple:
    seen, records = set(), []
    for label, row in rows:
        power = row["power"]
        if power not in NEW_WORLD_POWERS:
            raise ReligionDataError(f"{label}: unknown power {power!r} of a {word}")
        if (row["name"], power) in seen:
            raise ReligionDataError(f"{label}: the {word} {row['name']!r} is listed twice")
        seen.add((row["name"], power))
        if row["in_random_pool"] not in ("yes", "no"):
            raise ReligionDataError(f"{label}: in_random_pool must be yes or no")
        records.append(
            Explorer(
                row["name"],
                power,
                _integer(label, "value", row["value"], -1, 5),
                _integer(label, "entry turn", row["entry_turn"], 1, LAST_TURN),
                row["in_random_pool"] == "yes",
            )
        )
    return tuple(records)


def _roll_range(label: str, text: str) -> tuple[int | None, int | None]:
    if text.startswith("<="):
        return None, _integer(label, "roll", text[2:], 0, 20)
    if text.startswith(">="):
        return _integer(label, "roll", text[2:], 0, 20), None
    if "-" in text:
        low, high = text.split("-", 1)
        return _integer(label, "roll", low, 0, 20), _integer(label, "roll", high, 0, 20)
    value = _integer(label, "roll", text, 0, 20)
    return value, value


def _tables(rows) -> dict:
    tables: dict[str, list[TableRow]] = {}
    for label, row in rows:
        table = row["table"]
        if table not in ("exploration", "circumnavigation", "conquest"):
            raise ReligionDataError(f"{label}: unknown table {table!r}")
        low, high = _roll_range(label, row["roll"])
        vp = _integer(label, "vp", row["vp"], 0, 5) if row["vp"] else None
        tables.setdefault(table, []).append(TableRow(table, low, high, row["result"], vp))
    for table in ("exploration", "circumnavigation", "conquest"):
        if table not in tables:
            raise ReligionDataError(f"new_world_tables.csv: no rows of the {table} table")
    return {table: tuple(found) for table, found in tables.items()}

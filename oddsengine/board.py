"""The game board of *Here I Stand*: its spaces and the connections between them.

The board ships with the package as two CSV files in ``oddsengine/data/his-map/``
(copyright (c) 2022 Martin Eden, MIT licence; see ``LICENSE.md`` next to them):

``spaces.csv``
    Columns ``name,type,home_power``. One row per space. ``type`` is one of
    ``normal``, ``fortress``, ``key``, ``capital``, ``electorate`` or ``sea``.
    ``home_power`` names the power whose home space it is, ``independent`` for
    independent spaces, ``sea`` for sea zones, or two powers joined by ``/``
    (``hapsburg/ottoman`` for Oran and Tripoli).
``connections.csv``
    Columns ``from,to,type``. Every connection is listed in both directions.
    ``normal`` and ``pass`` join two land spaces, ``port`` joins a port to a sea
    zone, and ``sea`` joins two sea zones.

:func:`load_board` reads and checks that data once and returns a cached, immutable
:class:`Board`. Any inconsistency in the files raises :class:`BoardDataError` naming
the file, the line and the problem. Space names are looked up forgivingly: case,
accents, spaces, hyphens, underscores and full stops are ignored, so ``"vienna"``,
``"st-quentin"`` and ``"Besancon"`` all work.

Examples
--------
>>> board = load_board()
>>> board.space("vienna")
Space(name='Vienna', type='capital', home_powers=('hapsburg',))
>>> [space.name for space in board.neighbours("Vienna")]
['Brunn', 'Graz', 'Linz', 'Pressburg']
>>> board.crosses_pass("Graz", "Salzburg")
True
"""

from __future__ import annotations

import csv
import difflib
import unicodedata
from collections import deque
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from os import PathLike
from pathlib import Path
from types import MappingProxyType
from typing import Protocol

from oddsengine.errors import OddsEngineError

__all__ = [
    "CONNECTION_TYPES",
    "FORTIFIED_SPACE_TYPES",
    "HOME_POWERS",
    "LAND_CONNECTION_TYPES",
    "SPACE_TYPES",
    "Board",
    "BoardDataError",
    "Space",
    "UnknownSpaceError",
    "load_board",
]

SPACE_TYPES: frozenset[str] = frozenset(
    {"normal", "fortress", "key", "capital", "electorate", "sea"}
)
"""Every value the ``type`` column of ``spaces.csv`` may take."""

FORTIFIED_SPACE_TYPES: frozenset[str] = frozenset({"fortress", "key", "capital", "electorate"})
"""Space types that carry a fortification."""

SEA_SPACE_TYPE = "sea"
"""The space type (and the ``home_power`` value) of a sea zone."""

HOME_POWERS: frozenset[str] = frozenset(
    {
        "ottoman",
        "hapsburg",
        "england",
        "france",
        "papacy",
        "protestant",
        "genoa",
        "hungary",
        "scotland",
        "venice",
        "independent",
    }
)
"""Every power a land space may belong to at the start (``independent`` included)."""

CONNECTION_TYPES: frozenset[str] = frozenset({"normal", "pass", "port", "sea"})
"""Every value the ``type`` column of ``connections.csv`` may take."""

LAND_CONNECTION_TYPES: frozenset[str] = frozenset({"normal", "pass"})
"""Connection types a land unit can move along."""

PASS_CONNECTION = "pass"
PORT_CONNECTION = "port"
SEA_CONNECTION = "sea"
HOME_POWER_SEPARATOR = "/"

SPACES_FILE_NAME = "spaces.csv"
CONNECTIONS_FILE_NAME = "connections.csv"
SPACES_COLUMNS = ("name", "type", "home_power")
CONNECTIONS_COLUMNS = ("from", "to", "type")

# Characters ignored when a space name is looked up.
_IGNORED_NAME_CHARACTERS = str.maketrans("", "", " -_.'")


class BoardDataError(OddsEngineError):
    """The board data files are inconsistent; the message names the file, line and problem."""


class UnknownSpaceError(OddsEngineError):
    """No space on the board has the given name.

    Attributes
    ----------
    name : str
        The name that was asked for.
    suggestions : tuple of str
        The closest real space names, best first (possibly empty).
    """

    def __init__(self, name: str, suggestions: Iterable[str] = ()) -> None:
        self.name = name
        self.suggestions = tuple(suggestions)
        message = f"unknown space {name!r}"
        if self.suggestions:
            quoted = ", ".join(repr(suggestion) for suggestion in self.suggestions)
            message += f"; did you mean {quoted}?"
        super().__init__(message)


def normalise_space_name(name: str) -> str:
    """Return the lookup key of a space name.

    Case, accents, spaces, hyphens, underscores, full stops and apostrophes are
    ignored, so different spellings of one name share a key.

    Parameters
    ----------
    name : str
        A space name as a user might type it.

    Returns
    -------
    str
        The key used to find the space.

    Examples
    --------
    >>> normalise_space_name("St. Quentin") == normalise_space_name("st-quentin")
    True
    >>> normalise_space_name("Besançon")
    'besancon'
    """
    decomposed = unicodedata.normalize("NFKD", name)
    without_accents = "".join(
        character for character in decomposed if not unicodedata.combining(character)
    )
    return without_accents.casefold().translate(_IGNORED_NAME_CHARACTERS)


@dataclass(frozen=True)
class Space:
    """One space of the board: a land space or a sea zone.

    Parameters
    ----------
    name : str
        The name printed on the map, e.g. ``"Vienna"``.
    type : str
        One of :data:`SPACE_TYPES`.
    home_powers : tuple of str
        The powers for which this is a home space. Usually one power
        (``("hapsburg",)``, or ``("independent",)`` for an independent space);
        two for the spaces the data marks ``hapsburg/ottoman`` (Oran and Tripoli),
        which count as a home space of either power; empty for a sea zone.

    Examples
    --------
    >>> vienna = load_board().space("Vienna")
    >>> vienna.is_fortified, vienna.is_land, vienna.is_sea
    (True, True, False)
    >>> load_board().space("Oran").home_powers
    ('hapsburg', 'ottoman')
    >>> load_board().space("North Sea").home_powers
    ()
    """

    name: str
    type: str
    home_powers: tuple[str, ...]

    @property
    def is_fortified(self) -> bool:
        """Whether the space is a fortress, key, capital or electorate."""
        return self.type in FORTIFIED_SPACE_TYPES

    @property
    def is_sea(self) -> bool:
        """Whether the space is a sea zone."""
        return self.type == SEA_SPACE_TYPE

    @property
    def is_land(self) -> bool:
        """Whether the space is a land space (anything but a sea zone)."""
        return not self.is_sea

    def is_home_space_of(self, power: str) -> bool:
        """Return whether this is a home space of `power` (case-insensitive).

        Examples
        --------
        >>> tripoli = load_board().space("Tripoli")
        >>> tripoli.is_home_space_of("Ottoman"), tripoli.is_home_space_of("hapsburg")
        (True, True)
        """
        return power.casefold() in self.home_powers


@dataclass(frozen=True, eq=False)
class Board:
    """The spaces of the map and the connections between them. Immutable.

    Build one with :func:`load_board` (the packaged map) or :meth:`Board.from_csv`.
    Every method that takes a space name accepts any spelling that
    :func:`normalise_space_name` maps to a real space, and raises
    :class:`UnknownSpaceError` otherwise. Results come back sorted by name.

    Parameters
    ----------
    spaces : Mapping of str to Space
        Every space, keyed by its exact name.
    connections : Mapping of str to Mapping of str to str
        For each space name, its connected space names and the connection type
        (``"normal"``, ``"pass"``, ``"port"`` or ``"sea"``). Must be symmetric.

    Examples
    --------
    >>> board = load_board()
    >>> len(board.spaces)
    148
    >>> board.connection("Graz", "Salzburg")
    'pass'
    >>> board.land_distance("Vienna", "Paris")
    8
    """

    spaces: Mapping[str, Space]
    connections: Mapping[str, Mapping[str, str]]
    _names_by_key: Mapping[str, str] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        spaces = MappingProxyType(dict(self.spaces))
        connections = MappingProxyType(
            {name: MappingProxyType(dict(self.connections.get(name, {}))) for name in spaces}
        )
        _check_connection_graph(spaces, self.connections)
        names_by_key: dict[str, str] = {}
        for name in spaces:
            key = normalise_space_name(name)
            if key in names_by_key:
                raise BoardDataError(
                    f"space names {names_by_key[key]!r} and {name!r} cannot be told apart"
                )
            names_by_key[key] = name
        object.__setattr__(self, "spaces", spaces)
        object.__setattr__(self, "connections", connections)
        object.__setattr__(self, "_names_by_key", MappingProxyType(names_by_key))

    def __repr__(self) -> str:
        connection_count = sum(len(targets) for targets in self.connections.values()) // 2
        return f"Board({len(self.spaces)} spaces, {connection_count} connections)"

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and normalise_space_name(name) in self._names_by_key

    def __iter__(self) -> Iterator[Space]:
        """Iterate over every space, in the order of the data file."""
        return iter(self.spaces.values())

    @classmethod
    def from_csv(
        cls,
        spaces_path: str | PathLike[str] | _Readable,
        connections_path: str | PathLike[str] | _Readable,
    ) -> Board:
        """Read and check a board from a spaces file and a connections file.

        Parameters
        ----------
        spaces_path : str or path-like
            CSV file with the columns ``name,type,home_power``.
        connections_path : str or path-like
            CSV file with the columns ``from,to,type``, every connection listed in
            both directions.

        Returns
        -------
        Board

        Raises
        ------
        BoardDataError
            If a file is malformed or the two files disagree: a missing column, an
            empty field, a duplicate space or connection, an unknown space name,
            space type, home power or connection type, a self-loop, a connection
            without its reverse or whose reverse has another type, a port that does
            not join a land space to a sea zone, a sea connection that does not join
            two sea zones, a land connection touching a sea zone, or a space with no
            connection at all. The message names the file, the line and the problem.
        """
        spaces = _read_spaces(spaces_path)
        connections = _read_connections(connections_path, spaces)
        return cls(spaces=spaces, connections=connections)

    def space(self, name: str) -> Space:
        """Return the space called `name`.

        Parameters
        ----------
        name : str
            The space name; case, accents, spaces, hyphens, underscores and full
            stops are ignored.

        Returns
        -------
        Space

        Raises
        ------
        UnknownSpaceError
            If no space has that name; the message suggests close names.

        Examples
        --------
        >>> board = load_board()
        >>> board.space("st quentin").name
        'St. Quentin'
        >>> try:
        ...     board.space("Viena")
        ... except UnknownSpaceError as error:
        ...     print(error)
        unknown space 'Viena'; did you mean 'Vienna', 'Siena', 'Ravenna'?
        """
        if not isinstance(name, str):
            raise UnknownSpaceError(repr(name))
        key = normalise_space_name(name)
        exact_name = self._names_by_key.get(key)
        if exact_name is None:
            close_keys = difflib.get_close_matches(key, self._names_by_key, n=3, cutoff=0.6)
            raise UnknownSpaceError(name, (self._names_by_key[close] for close in close_keys))
        return self.spaces[exact_name]

    def neighbours(self, name: str, *, land_only: bool = True) -> tuple[Space, ...]:
        """Return the spaces connected to `name`, sorted by name.

        Parameters
        ----------
        name : str
            A space name.
        land_only : bool, default True
            If true, only follow land connections (``normal`` and ``pass``), so a
            sea zone has no neighbours. If false, also follow ``port`` and ``sea``
            connections.

        Returns
        -------
        tuple of Space

        Examples
        --------
        >>> board = load_board()
        >>> [space.name for space in board.neighbours("Vienna")]
        ['Brunn', 'Graz', 'Linz', 'Pressburg']
        >>> [space.name for space in board.neighbours("Trieste", land_only=False)]
        ['Adriatic Sea', 'Agram', 'Graz', 'Venice', 'Zara']
        """
        allowed = LAND_CONNECTION_TYPES if land_only else CONNECTION_TYPES
        return self._connected(name, allowed)

    def connection(self, first: str, second: str) -> str | None:
        """Return the type of the connection between two spaces, or None if there is none.

        Examples
        --------
        >>> board = load_board()
        >>> board.connection("Vienna", "Graz"), board.connection("Venice", "Adriatic Sea")
        ('normal', 'port')
        >>> board.connection("Vienna", "Paris") is None
        True
        """
        first_name = self.space(first).name
        second_name = self.space(second).name
        return self.connections[first_name].get(second_name)

    def is_adjacent(self, first: str, second: str, *, land_only: bool = True) -> bool:
        """Return whether two spaces are connected.

        Parameters
        ----------
        first, second : str
            Space names.
        land_only : bool, default True
            If true, only ``normal`` and ``pass`` connections count; if false,
            ``port`` and ``sea`` connections count too.

        Examples
        --------
        >>> board = load_board()
        >>> board.is_adjacent("Vienna", "Linz"), board.is_adjacent("Vienna", "Buda")
        (True, False)
        >>> board.is_adjacent("Venice", "Adriatic Sea", land_only=False)
        True
        """
        connection_type = self.connection(first, second)
        allowed = LAND_CONNECTION_TYPES if land_only else CONNECTION_TYPES
        return connection_type in allowed

    def crosses_pass(self, first: str, second: str) -> bool:
        """Return whether the two spaces are joined by a mountain pass.

        Spaces that are not connected at all give False.

        Examples
        --------
        >>> board = load_board()
        >>> board.crosses_pass("Graz", "Salzburg"), board.crosses_pass("Graz", "Vienna")
        (True, False)
        """
        return self.connection(first, second) == PASS_CONNECTION

    def land_neighbours_without_pass(self, name: str) -> tuple[Space, ...]:
        """Return the spaces joined to `name` by a normal land connection (no pass).

        Examples
        --------
        >>> [space.name for space in load_board().land_neighbours_without_pass("Graz")]
        ['Agram', 'Mohacs', 'Trieste', 'Vienna']
        """
        return self._connected(name, frozenset({"normal"}))

    def sea_zones_adjacent(self, name: str) -> tuple[Space, ...]:
        """Return the sea zones connected to `name`.

        For a port these are the sea zones it opens on; for a sea zone, the sea
        zones next to it; for an inland space, nothing.

        Examples
        --------
        >>> board = load_board()
        >>> [space.name for space in board.sea_zones_adjacent("Venice")]
        ['Adriatic Sea']
        >>> board.sea_zones_adjacent("Vienna")
        ()
        """
        return tuple(space for space in self.neighbours(name, land_only=False) if space.is_sea)

    def land_distance(self, start: str, goal: str) -> int | None:
        """Return the fewest land moves from `start` to `goal`, passes allowed.

        A breadth-first search over ``normal`` and ``pass`` connections, ignoring
        units, control and the sea.

        Parameters
        ----------
        start, goal : str
            Names of land spaces.

        Returns
        -------
        int or None
            The number of connections crossed (0 if `start` is `goal`), or None if
            no land route exists (e.g. to or from an island or Britain).

        Raises
        ------
        OddsEngineError
            If either space is a sea zone.

        Examples
        --------
        >>> board = load_board()
        >>> board.land_distance("Vienna", "Salzburg")
        2
        >>> board.land_distance("London", "Paris") is None
        True
        """
        start_space = self.space(start)
        goal_space = self.space(goal)
        for endpoint in (start_space, goal_space):
            if endpoint.is_sea:
                raise OddsEngineError(
                    f"land distance needs land spaces, but {endpoint.name!r} is a sea zone"
                )
        distances = {start_space.name: 0}
        frontier = deque([start_space.name])
        while frontier:
            current = frontier.popleft()
            if current == goal_space.name:
                return distances[current]
            for neighbour, connection_type in self.connections[current].items():
                if connection_type in LAND_CONNECTION_TYPES and neighbour not in distances:
                    distances[neighbour] = distances[current] + 1
                    frontier.append(neighbour)
        return None

    def _connected(self, name: str, allowed_types: frozenset[str]) -> tuple[Space, ...]:
        origin = self.space(name)
        return tuple(
            self.spaces[neighbour]
            for neighbour, connection_type in sorted(self.connections[origin.name].items())
            if connection_type in allowed_types
        )


@lru_cache(maxsize=1)
def load_board() -> Board:
    """Return the packaged *Here I Stand* board, read and checked once and cached.

    Returns
    -------
    Board
        The same immutable instance on every call.

    Raises
    ------
    BoardDataError
        If the packaged data is inconsistent (a packaging bug).

    Examples
    --------
    >>> board = load_board()
    >>> board is load_board()
    True
    >>> sorted(space.name for space in board if space.type == "capital")
    ['Istanbul', 'London', 'Paris', 'Rome', 'Valladolid', 'Vienna']
    """
    data_directory = resources.files("oddsengine").joinpath("data", "his-map")
    return Board.from_csv(
        data_directory.joinpath(SPACES_FILE_NAME),
        data_directory.joinpath(CONNECTIONS_FILE_NAME),
    )


# --- reading and checking the CSV files -------------------------------------------------


class _Readable(Protocol):
    """Anything with a text ``open`` like :class:`pathlib.Path`, e.g. a resource file."""

    def open(self, mode: str = ..., *args: object, **kwargs: object) -> object: ...


def _read_rows(
    source: str | PathLike[str] | _Readable, columns: tuple[str, ...]
) -> Iterator[tuple[str, int, dict[str, str]]]:
    """Yield ``(file label, line number, row)`` for each data row of a CSV file."""
    readable = Path(source) if isinstance(source, str | PathLike) else source
    label = str(readable)
    try:
        handle = readable.open("r", encoding="utf-8-sig", newline="")
    except OSError as error:
        raise BoardDataError(f"{label}: cannot read the file ({error})") from error
    with handle:
        reader = csv.reader(handle)
        header = next(reader, None)
        if header is None:
            raise BoardDataError(f"{label}: the file is empty; expected the header {columns}")
        header = [column.strip() for column in header]
        if tuple(header) != columns:
            raise BoardDataError(
                f"{label}, line 1: the header is {tuple(header)}, expected {columns}"
            )
        for values in reader:
            line_number = reader.line_num
            if not any(value.strip() for value in values):
                continue
            if len(values) != len(columns):
                raise BoardDataError(
                    f"{label}, line {line_number}: expected {len(columns)} fields "
                    f"{columns}, found {len(values)}: {values}"
                )
            row = {column: value.strip() for column, value in zip(columns, values, strict=True)}
            for column, value in row.items():
                if not value:
                    raise BoardDataError(f"{label}, line {line_number}: the {column} is empty")
            yield label, line_number, row


def _parse_home_powers(home_power: str, space_type: str, where: str, name: str) -> tuple[str, ...]:
    """Turn the ``home_power`` column into a tuple of powers (empty for a sea zone)."""
    if space_type == SEA_SPACE_TYPE or home_power == SEA_SPACE_TYPE:
        if space_type != home_power:
            raise BoardDataError(
                f"{where}: space {name!r} has type {space_type!r} but home power "
                f"{home_power!r}; sea zones, and only they, have both set to 'sea'"
            )
        return ()
    powers = tuple(power.strip() for power in home_power.split(HOME_POWER_SEPARATOR))
    for power in powers:
        if power not in HOME_POWERS:
            raise BoardDataError(
                f"{where}: space {name!r} has unknown home power {power!r}; "
                f"known powers are {sorted(HOME_POWERS)}"
            )
    if len(set(powers)) != len(powers):
        raise BoardDataError(f"{where}: space {name!r} repeats a home power in {home_power!r}")
    return powers


def _read_spaces(source: str | PathLike[str] | _Readable) -> dict[str, Space]:
    spaces: dict[str, Space] = {}
    first_lines: dict[str, int] = {}
    for label, line_number, row in _read_rows(source, SPACES_COLUMNS):
        where = f"{label}, line {line_number}"
        name, space_type = row["name"], row["type"]
        if name in spaces:
            raise BoardDataError(
                f"{where}: duplicate space {name!r} (first on line {first_lines[name]})"
            )
        if space_type not in SPACE_TYPES:
            raise BoardDataError(
                f"{where}: space {name!r} has unknown type {space_type!r}; "
                f"known types are {sorted(SPACE_TYPES)}"
            )
        home_powers = _parse_home_powers(row["home_power"], space_type, where, name)
        spaces[name] = Space(name=name, type=space_type, home_powers=home_powers)
        first_lines[name] = line_number
    return spaces


def _read_connections(
    source: str | PathLike[str] | _Readable, spaces: Mapping[str, Space]
) -> dict[str, dict[str, str]]:
    connections: dict[str, dict[str, str]] = {name: {} for name in spaces}
    lines: dict[tuple[str, str], int] = {}
    label = str(source)
    for label, line_number, row in _read_rows(source, CONNECTIONS_COLUMNS):
        where = f"{label}, line {line_number}"
        origin, destination, connection_type = row["from"], row["to"], row["type"]
        for name in (origin, destination):
            if name not in spaces:
                close = difflib.get_close_matches(name, spaces, n=3)
                hint = f"; did you mean {', '.join(map(repr, close))}?" if close else ""
                raise BoardDataError(f"{where}: unknown space {name!r}{hint}")
        if connection_type not in CONNECTION_TYPES:
            raise BoardDataError(
                f"{where}: connection {origin} -> {destination} has unknown type "
                f"{connection_type!r}; known types are {sorted(CONNECTION_TYPES)}"
            )
        if origin == destination:
            raise BoardDataError(f"{where}: self-loop: {origin!r} is connected to itself")
        if (origin, destination) in lines:
            raise BoardDataError(
                f"{where}: duplicate connection {origin} -> {destination} "
                f"(first on line {lines[origin, destination]})"
            )
        problem = _endpoint_problem(spaces[origin], spaces[destination], connection_type)
        if problem:
            raise BoardDataError(f"{where}: {problem}")
        connections[origin][destination] = connection_type
        lines[origin, destination] = line_number

    for (origin, destination), line_number in lines.items():
        where = f"{label}, line {line_number}"
        connection_type = connections[origin][destination]
        reverse_type = connections[destination].get(origin)
        if reverse_type is None:
            raise BoardDataError(
                f"{where}: connection {origin} -> {destination} is not reciprocal: "
                f"there is no row {destination},{origin},{connection_type}"
            )
        if reverse_type != connection_type:
            raise BoardDataError(
                f"{where}: connection {origin} -> {destination} is {connection_type!r} "
                f"but its reverse (line {lines[destination, origin]}) is {reverse_type!r}"
            )

    for name, targets in connections.items():
        if not targets:
            raise BoardDataError(f"{label}: space {name!r} has no connection at all")
    return connections


def _endpoint_problem(origin: Space, destination: Space, connection_type: str) -> str | None:
    """Describe why `connection_type` cannot join these two spaces, or return None."""
    description = f"{connection_type} connection {origin.name} -> {destination.name}"
    if connection_type == PORT_CONNECTION:
        if origin.is_sea == destination.is_sea:
            kind = "two sea zones" if origin.is_sea else "two land spaces"
            return f"bad port: {description} joins {kind}; a port joins a land space to a sea zone"
    elif connection_type == SEA_CONNECTION:
        if not (origin.is_sea and destination.is_sea):
            return f"{description} must join two sea zones"
    elif origin.is_sea or destination.is_sea:
        return f"{description} touches a sea zone; land connections join two land spaces"
    return None


def _check_connection_graph(
    spaces: Mapping[str, Space], connections: Mapping[str, Mapping[str, str]]
) -> None:
    """Check a directly built board: names known, connections symmetric and well typed."""
    for origin, targets in connections.items():
        if origin not in spaces:
            raise BoardDataError(f"connection from unknown space {origin!r}")
        for destination, connection_type in targets.items():
            if destination not in spaces:
                raise BoardDataError(f"connection {origin} -> unknown space {destination!r}")
            if origin == destination:
                raise BoardDataError(f"self-loop: {origin!r} is connected to itself")
            if connection_type not in CONNECTION_TYPES:
                raise BoardDataError(
                    f"connection {origin} -> {destination} has unknown type {connection_type!r}"
                )
            problem = _endpoint_problem(spaces[origin], spaces[destination], connection_type)
            if problem:
                raise BoardDataError(problem)
            if connections.get(destination, {}).get(origin) != connection_type:
                raise BoardDataError(
                    f"connection {origin} -> {destination} ({connection_type}) has no "
                    "matching reverse connection"
                )

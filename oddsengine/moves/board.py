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
>>> board.connection("Graz", "Salzburg")
'pass'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from os import PathLike
from types import MappingProxyType
from typing import TYPE_CHECKING

from oddsengine.errors import OddsEngineError
from oddsengine.kept import Kept
from oddsengine.shipped import shipped_path

if TYPE_CHECKING:
    from oddsengine.moves._board_files import Readable

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
    "packaged_spaces",
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
    if type(name) is str:
        key = _SPACE_KEYS.get(name)
        if key is None:
            key = _SPACE_KEYS.keep(name, _space_key(name))
        return key
    return _space_key(name)


def _space_key(name: str) -> str:
    if name.isascii():
        # NFKD leaves ASCII text as it is, and no ASCII character is a combining mark.
        return name.casefold().translate(_IGNORED_NAME_CHARACTERS)
    decomposed = unicodedata.normalize("NFKD", name)
    without_accents = "".join(
        character for character in decomposed if not unicodedata.combining(character)
    )
    return without_accents.casefold().translate(_IGNORED_NAME_CHARACTERS)


#: The keys of the names looked up so far: a move's rules ask for the same few spaces
#: tens of thousands of times.
_SPACE_KEYS: Kept = Kept(4096)


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


@dataclass(frozen=True, eq=False, repr=False)  # its own __repr__ below
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
    >>> board.is_adjacent("Antwerp", "North Sea", land_only=False)
    True
    """

    spaces: Mapping[str, Space]
    connections: Mapping[str, Mapping[str, str]]
    _names_by_key: Mapping[str, str] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        spaces = MappingProxyType(dict(self.spaces))
        connections = MappingProxyType(
            {name: MappingProxyType(dict(self.connections.get(name, {}))) for name in spaces}
        )
        from oddsengine.moves._board_files import check_connection_graph

        check_connection_graph(spaces, self.connections)
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
        spaces_path: str | PathLike[str] | Readable,
        connections_path: str | PathLike[str] | Readable,
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
        from oddsengine.moves._board_files import read_connections, read_spaces

        spaces = read_spaces(spaces_path)
        connections = read_connections(connections_path, spaces)
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
        # A name spelt as printed is the space (no two names share a key): the rules of
        # a move ask for the same few spaces by their names thousands of times.
        space = self.spaces.get(name) if type(name) is str else None
        if space is not None:
            return space
        if not isinstance(name, str):
            raise UnknownSpaceError(repr(name))
        key = normalise_space_name(name)
        exact_name = self._names_by_key.get(key)
        if exact_name is None:
            import difflib  # only an unknown name needs suggestions

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

    # -- the sea (RULES.md §14) ------------------------------------------------------

    def is_port(self, name: str) -> bool:
        """Whether `name` is a port: a land space joined to a sea zone.

        Examples
        --------
        >>> board = load_board()
        >>> board.is_port("Genoa"), board.is_port("Vienna"), board.is_port("Ionian Sea")
        (True, False, False)
        """
        space = self.space(name)
        return space.is_land and PORT_CONNECTION in self.connections[space.name].values()

    def is_location(self, name: str) -> bool:
        """Whether ships may stand in `name` (RULES.md §14: a port or a sea zone)."""
        return self.space(name).is_sea or self.is_port(name)

    def sea_zones_of(self, port: str) -> tuple[Space, ...]:
        """The one or two sea zones of a port, sorted by name.

        Examples
        --------
        >>> [zone.name for zone in load_board().sea_zones_of("Messina")]
        ['Ionian Sea', 'Tyrrhenian Sea']
        """
        return self._connected(port, frozenset({PORT_CONNECTION}))

    def naval_neighbours(self, location: str) -> tuple[Space, ...]:
        """The locations adjacent to `location` at sea (RULES.md §14), sorted by name.

        A port is adjacent to its sea zones; a sea zone to its ports and to the sea zones
        sharing a boundary with it. Two ports are never adjacent at sea.

        Examples
        --------
        >>> board = load_board()
        >>> [space.name for space in board.naval_neighbours("Genoa")]
        ['Gulf of Lyon', 'Tyrrhenian Sea']
        >>> [space.name for space in board.naval_neighbours("Barbary Coast") if space.is_sea]
        ['Gulf of Lyon', 'Ionian Sea', 'North African Coast', 'Tyrrhenian Sea']
        """
        if not self.is_location(location):
            raise OddsEngineError(
                f"{self.space(location).name} is neither a port nor a sea zone: ships "
                "cannot stand there"
            )
        return self._connected(location, frozenset({PORT_CONNECTION, SEA_CONNECTION}))

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
    from oddsengine.moves._board_files import read_connections

    spaces = packaged_spaces()
    connections = read_connections(
        shipped_path("data", "his-map").joinpath(CONNECTIONS_FILE_NAME), spaces
    )
    return Board(spaces=spaces, connections=_corrected_sea(connections))


@lru_cache(maxsize=1)
def packaged_spaces() -> Mapping[str, Space]:
    """The packaged map's spaces by name, in the order of its data file, read and checked
    once (without the connections, which :func:`load_board` reads and checks): what a
    fact that names a space is checked against.

    Examples
    --------
    >>> packaged_spaces()["Vienna"].type, packaged_spaces() is packaged_spaces()
    ('capital', True)
    """
    from oddsengine.moves._board_files import read_spaces

    return MappingProxyType(read_spaces(shipped_path("data", "his-map").joinpath(SPACES_FILE_NAME)))


#: RULES.md §14: the two places where the map data differs from the rule (which wins).
#: Barbary Coast/Atlantic Ocean are not adjacent (Gibraltar lies between); North Sea/Baltic
#: Sea are (the map's arrow).
SEA_CONNECTIONS_DROPPED = (("Atlantic Ocean", "Barbary Coast"),)
SEA_CONNECTIONS_ADDED = (("North Sea", "Baltic Sea"),)


def _corrected_sea(connections: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
    """The packaged connections with RULES.md §14's two corrections applied (the one place
    they are applied): drop the ``sea`` connection Atlantic Ocean-Barbary Coast, add North
    Sea-Baltic Sea, both ways."""
    corrected = {name: dict(targets) for name, targets in connections.items()}
    for first, second in SEA_CONNECTIONS_DROPPED:
        for origin, destination in ((first, second), (second, first)):
            if corrected[origin].pop(destination, None) != SEA_CONNECTION:
                raise BoardDataError(
                    f"RULES.md §14 drops the sea connection {origin} -> {destination}, "
                    "which the map data no longer lists: check the correction"
                )
    for first, second in SEA_CONNECTIONS_ADDED:
        for origin, destination in ((first, second), (second, first)):
            if destination in corrected[origin]:
                raise BoardDataError(
                    f"RULES.md §14 adds the sea connection {origin} -> {destination}, "
                    "which the map data already lists: check the correction"
                )
            corrected[origin][destination] = SEA_CONNECTION
    return corrected

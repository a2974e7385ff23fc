"""Reading and checking the board's two CSV files (see :mod:`oddsengine.moves.board`): every
inconsistency raises :class:`~oddsengine.moves.board.BoardDataError` naming the file, the line
and the problem."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from os import PathLike
from pathlib import Path
from typing import Protocol

from oddsengine.moves.board import (
    CONNECTION_TYPES,
    CONNECTIONS_COLUMNS,
    HOME_POWER_SEPARATOR,
    HOME_POWERS,
    PORT_CONNECTION,
    SEA_CONNECTION,
    SEA_SPACE_TYPE,
    SPACE_TYPES,
    SPACES_COLUMNS,
    BoardDataError,
    Space,
)

__all__ = ["Readable", "read_spaces", "read_connections", "check_connection_graph"]


class Readable(Protocol):
    """Anything with a text ``open`` like :class:`pathlib.Path`, e.g. a resource file."""

    def open(self, mode: str = ..., *args: object, **kwargs: object) -> object: ...


def _read_rows(
    source: str | PathLike[str] | Readable, columns: tuple[str, ...]
) -> Iterator[tuple[str, int, list[str]]]:
    """Yield ``(file label, line number, values)`` for each data row of a CSV file, the
    values stripped, in the order of ``columns``."""
    readable = Path(source) if isinstance(source, str | PathLike) else source
    label = str(readable)
    try:
        handle = readable.open("r", encoding="utf-8-sig", newline="")
    except OSError as error:
        raise BoardDataError(f"{label}: cannot read the file ({error})") from error
    with handle:
        text = handle.read()
    records = _records(text)
    header = next(records, None)
    if header is None:
        raise BoardDataError(f"{label}: the file is empty; expected the header {columns}")
    header = [column.strip() for column in header[1]]
    if tuple(header) != columns:
        raise BoardDataError(f"{label}, line 1: the header is {tuple(header)}, expected {columns}")
    for line_number, fields in records:
        values = [value.strip() for value in fields]
        if not any(values):
            continue
        if len(values) != len(columns):
            raise BoardDataError(
                f"{label}, line {line_number}: expected {len(columns)} fields "
                f"{columns}, found {len(fields)}: {fields}"
            )
        if not all(values):
            column = columns[values.index("")]
            raise BoardDataError(f"{label}, line {line_number}: the {column} is empty")
        yield label, line_number, values


def _records(text: str) -> Iterator[tuple[int, list[str]]]:
    """Yield ``(line number, fields)`` for each record of a CSV text, as :mod:`csv` reads
    it. The shipped files quote nothing and end their lines with ``\\n``: such a text is
    split on its commas directly (several times quicker to read at every start); any
    other goes through :func:`csv.reader`."""
    if '"' not in text and "\r" not in text:
        lines = text.split("\n")
        if lines[-1] == "":
            lines.pop()
        for line_number, line in enumerate(lines, start=1):
            yield line_number, line.split(",") if line else []
        return
    import csv
    import io

    reader = csv.reader(io.StringIO(text, newline=""))
    for values in reader:
        yield reader.line_num, values


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


def read_spaces(source: str | PathLike[str] | Readable) -> dict[str, Space]:
    spaces: dict[str, Space] = {}
    first_lines: dict[str, int] = {}
    for label, line_number, (name, space_type, home_power) in _read_rows(source, SPACES_COLUMNS):
        where = f"{label}, line {line_number}"
        if name in spaces:
            raise BoardDataError(
                f"{where}: duplicate space {name!r} (first on line {first_lines[name]})"
            )
        if space_type not in SPACE_TYPES:
            raise BoardDataError(
                f"{where}: space {name!r} has unknown type {space_type!r}; "
                f"known types are {sorted(SPACE_TYPES)}"
            )
        home_powers = _parse_home_powers(home_power, space_type, where, name)
        spaces[name] = Space(name=name, type=space_type, home_powers=home_powers)
        first_lines[name] = line_number
    return spaces


def read_connections(
    source: str | PathLike[str] | Readable, spaces: Mapping[str, Space]
) -> dict[str, dict[str, str]]:
    connections: dict[str, dict[str, str]] = {name: {} for name in spaces}
    lines: dict[tuple[str, str], int] = {}
    label = str(source)
    for label, line_number, (origin, destination, connection_type) in _read_rows(
        source, CONNECTIONS_COLUMNS
    ):
        problem = _row_problem(spaces, lines, origin, destination, connection_type)
        if problem is not None:
            raise BoardDataError(f"{label}, line {line_number}: {problem}")
        connections[origin][destination] = connection_type
        lines[origin, destination] = line_number

    for (origin, destination), line_number in lines.items():
        connection_type = connections[origin][destination]
        reverse_type = connections[destination].get(origin)
        if reverse_type == connection_type:
            continue
        where = f"{label}, line {line_number}"
        if reverse_type is None:
            raise BoardDataError(
                f"{where}: connection {origin} -> {destination} is not reciprocal: "
                f"there is no row {destination},{origin},{connection_type}"
            )
        raise BoardDataError(
            f"{where}: connection {origin} -> {destination} is {connection_type!r} "
            f"but its reverse (line {lines[destination, origin]}) is {reverse_type!r}"
        )

    for name, targets in connections.items():
        if not targets:
            raise BoardDataError(f"{label}: space {name!r} has no connection at all")
    return connections


def _row_problem(spaces, lines, origin: str, destination: str, connection_type: str):
    """Why the row ``origin,destination,connection_type`` of a connections file is wrong
    (``lines``: the line of each connection read so far), or None."""
    for name in (origin, destination):
        if name not in spaces:
            import difflib  # only a broken file needs suggestions

            close = difflib.get_close_matches(name, spaces, n=3)
            hint = f"; did you mean {', '.join(map(repr, close))}?" if close else ""
            return f"unknown space {name!r}{hint}"
    if connection_type not in CONNECTION_TYPES:
        return (
            f"connection {origin} -> {destination} has unknown type "
            f"{connection_type!r}; known types are {sorted(CONNECTION_TYPES)}"
        )
    if origin == destination:
        return f"self-loop: {origin!r} is connected to itself"
    if (origin, destination) in lines:
        return (
            f"duplicate connection {origin} -> {destination} "
            f"(first on line {lines[origin, destination]})"
        )
    return _endpoint_problem(spaces[origin], spaces[destination], connection_type)


def _endpoint_problem(origin: Space, destination: Space, connection_type: str) -> str | None:
    """Describe why `connection_type` cannot join these two spaces, or return None."""
    origin_at_sea, destination_at_sea = origin.is_sea, destination.is_sea
    if connection_type == PORT_CONNECTION:
        if origin_at_sea != destination_at_sea:
            return None
        kind = "two sea zones" if origin_at_sea else "two land spaces"
        problem = "bad port: {} joins " + kind + "; a port joins a land space to a sea zone"
    elif connection_type == SEA_CONNECTION:
        if origin_at_sea and destination_at_sea:
            return None
        problem = "{} must join two sea zones"
    elif origin_at_sea or destination_at_sea:
        problem = "{} touches a sea zone; land connections join two land spaces"
    else:
        return None
    return problem.format(f"{connection_type} connection {origin.name} -> {destination.name}")


def check_connection_graph(
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

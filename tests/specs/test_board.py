"""Tests for the packaged board data and its loader."""

import doctest
from pathlib import Path

import pytest

import oddsengine.moves.board
from oddsengine.errors import OddsEngineError
from oddsengine.moves.board import (
    Board,
    BoardDataError,
    Space,
    UnknownSpaceError,
    load_board,
)

# A tiny consistent map: two land spaces joined by a pass, one of them a port on a sea
# zone, and that sea zone next to another one with its own port.
SMALL_SPACES = """\
name,type,home_power
Alpha,key,hapsburg
Beta,normal,independent
Gamma,fortress,hapsburg/ottoman
North Sea,sea,sea
South Sea,sea,sea
"""

SMALL_CONNECTIONS = """\
from,to,type
Alpha,Beta,pass
Beta,Alpha,pass
Alpha,North Sea,port
North Sea,Alpha,port
North Sea,South Sea,sea
South Sea,North Sea,sea
Gamma,South Sea,port
South Sea,Gamma,port
"""


def write_board_files(
    directory: Path, spaces_text: str = SMALL_SPACES, connections_text: str = SMALL_CONNECTIONS
) -> tuple[Path, Path]:
    spaces_path = directory / "spaces.csv"
    connections_path = directory / "connections.csv"
    spaces_path.write_text(spaces_text, encoding="utf-8")
    connections_path.write_text(connections_text, encoding="utf-8")
    return spaces_path, connections_path


def names(spaces: tuple[Space, ...]) -> list[str]:
    return [space.name for space in spaces]


# --- the real board ---------------------------------------------------------------------


def test_real_board_loads_and_is_cached() -> None:
    board = load_board()
    assert isinstance(board, Board)
    assert load_board() is board


def test_space_and_fortified_counts() -> None:
    board = load_board()
    assert len(board.spaces) == 148  # 149 rows in spaces.csv, one of them the header
    assert sum(space.is_fortified for space in board) == 48
    assert sum(space.is_sea for space in board) == 14
    assert sum(space.is_land for space in board) == 134
    fortified_types = {space.type for space in board if space.is_fortified}
    assert fortified_types == {"fortress", "key", "capital", "electorate"}


def test_vienna() -> None:
    board = load_board()
    vienna = board.space("Vienna")
    assert vienna == Space(name="Vienna", type="capital", home_powers=("hapsburg",))
    assert vienna.is_fortified and vienna.is_land and not vienna.is_sea
    assert names(board.neighbours("Vienna")) == ["Brunn", "Graz", "Linz", "Pressburg"]
    assert not any(space.is_sea for space in board.neighbours("Vienna", land_only=False))


def test_graz_salzburg_is_a_pass() -> None:
    board = load_board()
    assert board.connection("Graz", "Salzburg") == "pass"
    assert board.connection("Salzburg", "Graz") == "pass"
    assert board.connection("Graz", "Vienna") == "normal"
    assert "Salzburg" in names(board.neighbours("Graz"))


def test_shared_home_space() -> None:
    oran = load_board().space("Oran")
    assert oran.home_powers == ("hapsburg", "ottoman")


def test_sea_zone() -> None:
    board = load_board()
    north_sea = board.space("North Sea")
    assert north_sea.is_sea and not north_sea.is_land and not north_sea.is_fortified
    assert north_sea.home_powers == ()
    assert board.neighbours("North Sea") == ()
    assert any(space.is_sea for space in board.neighbours("North Sea", land_only=False))
    assert board.connection("Antwerp", "North Sea") == "port"
    assert board.is_adjacent("Antwerp", "North Sea", land_only=False)
    assert not board.is_adjacent("Antwerp", "North Sea")


@pytest.mark.parametrize(
    "spelling", ["vienna", "Vienna", "VIENNA", " vienna ", "Vi-enna", "vi_enna"]
)
def test_case_insensitive_lookup(spelling: str) -> None:
    assert load_board().space(spelling).name == "Vienna"


@pytest.mark.parametrize(
    ("spelling", "name"),
    [("st quentin", "St. Quentin"), ("St-Quentin", "St. Quentin"), ("besancon", "Besançon")],
)
def test_lookup_ignores_punctuation_and_accents(spelling: str, name: str) -> None:
    board = load_board()
    assert board.space(spelling).name == name
    assert spelling in board


def test_unknown_space_suggests_close_names() -> None:
    with pytest.raises(UnknownSpaceError, match="Viena") as raised:
        load_board().space("Viena")
    assert "Vienna" in raised.value.suggestions
    assert "did you mean" in str(raised.value)
    assert isinstance(raised.value, OddsEngineError)
    assert isinstance(raised.value, ValueError)


def test_unknown_space_in_every_method() -> None:
    board = load_board()
    with pytest.raises(UnknownSpaceError):
        board.neighbours("Atlantis")
    with pytest.raises(UnknownSpaceError):
        board.connection("Vienna", "Atlantis")
    assert "Atlantis" not in board


def test_board_is_immutable() -> None:
    board = load_board()
    with pytest.raises(TypeError):
        board.spaces["Vienna"] = board.space("Graz")  # type: ignore[index]
    with pytest.raises(TypeError):
        board.connections["Vienna"]["Paris"] = "normal"  # type: ignore[index]


def test_every_connection_is_reciprocal() -> None:
    board = load_board()
    for origin, targets in board.connections.items():
        for destination, connection_type in targets.items():
            assert board.connection(destination, origin) == connection_type


def test_docstring_examples_run() -> None:
    results = doctest.testmod(oddsengine.moves.board)
    assert results.attempted > 0
    assert results.failed == 0


# --- validation on small files ----------------------------------------------------------


def test_small_board_loads(tmp_path: Path) -> None:
    board = Board.from_csv(*write_board_files(tmp_path))
    assert len(board.spaces) == 5
    assert board.connection("alpha", "beta") == "pass"
    assert [space.name for space in board.neighbours("Alpha", land_only=False) if space.is_sea] == [
        "North Sea"
    ]
    assert board.space("Gamma").home_powers == ("hapsburg", "ottoman")


def test_non_reciprocal_connection(tmp_path: Path) -> None:
    connections = SMALL_CONNECTIONS.replace("Beta,Alpha,pass\n", "")
    with pytest.raises(BoardDataError, match=r"line 2: .*Alpha -> Beta.*not reciprocal"):
        Board.from_csv(*write_board_files(tmp_path, connections_text=connections))


def test_reverse_connection_of_another_type(tmp_path: Path) -> None:
    connections = SMALL_CONNECTIONS.replace("Beta,Alpha,pass", "Beta,Alpha,normal")
    with pytest.raises(BoardDataError, match=r"'pass' but its reverse \(line 3\) is 'normal'"):
        Board.from_csv(*write_board_files(tmp_path, connections_text=connections))


def test_unknown_space_name_in_connections(tmp_path: Path) -> None:
    connections = SMALL_CONNECTIONS + "Alpah,Beta,normal\n"
    with pytest.raises(BoardDataError, match=r"connections\.csv, line 10: unknown space 'Alpah'"):
        Board.from_csv(*write_board_files(tmp_path, connections_text=connections))


def test_unknown_space_type(tmp_path: Path) -> None:
    spaces = SMALL_SPACES.replace("Beta,normal", "Beta,castle")
    with pytest.raises(BoardDataError, match=r"spaces\.csv, line 3: .*unknown type 'castle'"):
        Board.from_csv(*write_board_files(tmp_path, spaces_text=spaces))


def test_unknown_connection_type(tmp_path: Path) -> None:
    connections = SMALL_CONNECTIONS.replace("pass", "bridge")
    with pytest.raises(BoardDataError, match=r"line 2: .*unknown type 'bridge'"):
        Board.from_csv(*write_board_files(tmp_path, connections_text=connections))


def test_unknown_home_power(tmp_path: Path) -> None:
    spaces = SMALL_SPACES.replace("hapsburg/ottoman", "hapsburg/mongol")
    with pytest.raises(BoardDataError, match=r"line 4: .*unknown home power 'mongol'"):
        Board.from_csv(*write_board_files(tmp_path, spaces_text=spaces))


def test_bad_port_between_land_spaces(tmp_path: Path) -> None:
    connections = SMALL_CONNECTIONS.replace("Alpha,Beta,pass\nBeta,Alpha,pass", "Alpha,Beta,port")
    with pytest.raises(BoardDataError, match=r"line 2: bad port: .*two land spaces"):
        Board.from_csv(*write_board_files(tmp_path, connections_text=connections))


def test_bad_port_between_sea_zones(tmp_path: Path) -> None:
    connections = SMALL_CONNECTIONS.replace("North Sea,South Sea,sea", "North Sea,South Sea,port")
    with pytest.raises(BoardDataError, match=r"line 6: bad port: .*two sea zones"):
        Board.from_csv(*write_board_files(tmp_path, connections_text=connections))


def test_sea_connection_must_join_sea_zones(tmp_path: Path) -> None:
    connections = SMALL_CONNECTIONS.replace("Alpha,North Sea,port", "Alpha,North Sea,sea")
    with pytest.raises(BoardDataError, match=r"line 4: .*must join two sea zones"):
        Board.from_csv(*write_board_files(tmp_path, connections_text=connections))


def test_land_connection_must_not_touch_the_sea(tmp_path: Path) -> None:
    connections = SMALL_CONNECTIONS.replace("Alpha,North Sea,port", "Alpha,North Sea,normal")
    with pytest.raises(BoardDataError, match=r"line 4: .*touches a sea zone"):
        Board.from_csv(*write_board_files(tmp_path, connections_text=connections))


def test_self_loop(tmp_path: Path) -> None:
    connections = SMALL_CONNECTIONS + "Beta,Beta,normal\n"
    with pytest.raises(BoardDataError, match=r"line 10: self-loop"):
        Board.from_csv(*write_board_files(tmp_path, connections_text=connections))


def test_duplicate_space(tmp_path: Path) -> None:
    spaces = SMALL_SPACES + "Beta,key,france\n"
    with pytest.raises(BoardDataError, match=r"line 7: duplicate space 'Beta' \(first on line 3\)"):
        Board.from_csv(*write_board_files(tmp_path, spaces_text=spaces))


def test_duplicate_connection(tmp_path: Path) -> None:
    connections = SMALL_CONNECTIONS + "Alpha,Beta,pass\n"
    with pytest.raises(BoardDataError, match=r"line 10: duplicate connection Alpha -> Beta"):
        Board.from_csv(*write_board_files(tmp_path, connections_text=connections))


def test_sea_zone_must_have_sea_home_power(tmp_path: Path) -> None:
    spaces = SMALL_SPACES.replace("South Sea,sea,sea", "South Sea,sea,venice")
    with pytest.raises(BoardDataError, match=r"line 6: .*'South Sea'.*sea zones"):
        Board.from_csv(*write_board_files(tmp_path, spaces_text=spaces))


def test_space_without_connections(tmp_path: Path) -> None:
    spaces = SMALL_SPACES + "Delta,normal,france\n"
    with pytest.raises(BoardDataError, match=r"'Delta' has no connection"):
        Board.from_csv(*write_board_files(tmp_path, spaces_text=spaces))


@pytest.mark.parametrize(
    ("spaces", "pattern"),
    [
        ("name,kind,home_power\nAlpha,key,hapsburg\n", r"line 1: the header"),
        ("", r"the file is empty"),
        (SMALL_SPACES + "Delta,normal\n", r"line 7: expected 3 fields"),
        (SMALL_SPACES + "Delta,,france\n", r"line 7: the type is empty"),
    ],
)
def test_malformed_spaces_file(tmp_path: Path, spaces: str, pattern: str) -> None:
    with pytest.raises(BoardDataError, match=pattern):
        Board.from_csv(*write_board_files(tmp_path, spaces_text=spaces))


def test_names_that_cannot_be_told_apart(tmp_path: Path) -> None:
    spaces = SMALL_SPACES + "al-pha,normal,france\n"
    connections = SMALL_CONNECTIONS + "al-pha,Beta,normal\nBeta,al-pha,normal\n"
    with pytest.raises(BoardDataError, match="cannot be told apart"):
        Board.from_csv(*write_board_files(tmp_path, spaces, connections))


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(BoardDataError, match="cannot read"):
        Board.from_csv(tmp_path / "absent.csv", tmp_path / "absent too.csv")


def test_direct_construction_is_checked() -> None:
    alpha = Space("Alpha", "normal", ("france",))
    beta = Space("Beta", "normal", ("france",))
    with pytest.raises(BoardDataError, match="no matching reverse"):
        Board(spaces={"Alpha": alpha, "Beta": beta}, connections={"Alpha": {"Beta": "normal"}})


# --- the reader: the shipped files split on commas, any other file through csv ----------


def _csv_module_rows(path: Path) -> list[tuple[int, list[str]]]:
    import csv

    with path.open("r", encoding="utf-8-sig", newline="") as handle:
        reader = csv.reader(handle)
        return [(reader.line_num, values) for values in reader]


@pytest.mark.parametrize(
    "text",
    [
        SMALL_CONNECTIONS,
        SMALL_CONNECTIONS.replace("\n", "\r\n"),  # Windows line ends
        "\ufeff" + SMALL_CONNECTIONS,  # a byte-order mark
        SMALL_CONNECTIONS.replace("Alpha,Beta,pass", '"Alpha",Beta,"pass"'),  # quoted fields
        SMALL_CONNECTIONS.replace("\n", "\n\n", 3) + "  \n",  # blank lines
        SMALL_CONNECTIONS.rstrip("\n"),  # no newline at the end
        SMALL_CONNECTIONS.replace("Alpha,Beta,pass", " Alpha , Beta ,pass "),  # padding
    ],
)
def test_the_reader_reads_what_the_csv_module_reads(tmp_path: Path, text: str) -> None:
    from oddsengine.moves._board_files import _records

    spaces_path, _ = write_board_files(tmp_path)
    path = tmp_path / "other connections.csv"
    path.write_bytes(text.encode("utf-8"))
    assert list(_records(path.read_bytes().decode("utf-8-sig"))) == _csv_module_rows(path)
    board = Board.from_csv(spaces_path, path)
    expected = Board.from_csv(*write_board_files(tmp_path))
    assert board.spaces == expected.spaces
    assert board.connections == expected.connections


def test_the_shipped_files_take_the_quick_reader() -> None:
    from oddsengine.moves.board import CONNECTIONS_FILE_NAME, SPACES_FILE_NAME
    from oddsengine.shipped import shipped_path

    for name in (SPACES_FILE_NAME, CONNECTIONS_FILE_NAME):
        text = shipped_path("data", "his-map", name).read_text(encoding="utf-8")
        assert '"' not in text and "\r" not in text, name


def test_a_refusal_names_the_line_with_windows_line_ends(tmp_path: Path) -> None:
    connections = (SMALL_CONNECTIONS + "Alpah,Beta,normal\n").replace("\n", "\r\n")
    with pytest.raises(BoardDataError, match=r"connections\.csv, line 10: unknown space 'Alpah'"):
        Board.from_csv(*write_board_files(tmp_path, connections_text=connections))

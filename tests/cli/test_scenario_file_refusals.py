"""Scenario files that are not what they should be: refused in one line, before anything
is read that could block or never end (issue 10, items 2, 3, 4 and 11)."""

import os

import pytest

from oddsengine.cli import main
from oddsengine.errors import OddsEngineError, OddsEngineTypeError
from oddsengine.moves.scenario_file import MAX_SCENARIO_BYTES, find_scenario, load_move

VIENNA_TEXT = find_scenario("vienna")[1].decode("utf-8")
RETREAT = 'retreat = "most-friendly"'
WARS = 'wars = [["ottoman", "hapsburg"]]'
ORDER = next(line for line in VIENNA_TEXT.splitlines() if line.startswith("impulse_order"))


def one_line_refusal(capsys, argv, words=()):
    status = main(argv)
    captured = capsys.readouterr()
    assert status == 2, captured.err
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    for word in words:
        assert word in lines[0]
    return lines[0]


def refused_in_both_commands(capsys, path, words):
    one_line_refusal(capsys, ["move", str(path)], words)
    one_line_refusal(capsys, ["siege", "--after-move", str(path)], words)


def test_a_folder_is_refused(capsys, tmp_path):
    refused_in_both_commands(capsys, tmp_path, ["is a folder"])


def test_a_symlink_loop_is_refused(capsys, tmp_path):
    (tmp_path / "a.toml").symlink_to(tmp_path / "b.toml")
    (tmp_path / "b.toml").symlink_to(tmp_path / "a.toml")
    refused_in_both_commands(capsys, tmp_path / "a.toml", ["loop of symbolic links"])


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_without_blocking(capsys, tmp_path):
    # Opening a FIFO nobody writes to would wait forever: it is checked first.
    fifo = tmp_path / "scenario.toml"
    os.mkfifo(fifo)
    refused_in_both_commands(capsys, fifo, ["not a regular file"])


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_an_endless_device_is_refused(capsys):
    refused_in_both_commands(capsys, "/dev/zero", ["not a regular file"])


def test_a_file_too_large_is_refused_after_reading_only_its_limit(capsys, tmp_path):
    path = tmp_path / "big.toml"
    path.write_bytes(b"#" * (MAX_SCENARIO_BYTES + 10))
    refused_in_both_commands(capsys, path, ["larger than 1024 KiB"])


@pytest.mark.parametrize(
    "content, words",
    [
        (VIENNA_TEXT.replace("[situation]", "# caf\xe9\n[situation]").encode("latin-1"), ["UTF-8"]),
        (VIENNA_TEXT.encode("utf-16"), ["UTF-16"]),
        (("a = " + "[" * 5000 + "]" * 5000).encode(), ["nested too deeply"]),
        (("a = " + "{b = " * 3000 + "1" + "}" * 3000).encode(), ["nested too deeply"]),
    ],
    ids=["latin-1", "utf-16", "arrays-5000-deep", "tables-3000-deep"],
)
def test_text_that_is_not_utf8_toml_is_refused(capsys, tmp_path, content, words):
    path = tmp_path / "scenario.toml"
    path.write_bytes(content)
    refused_in_both_commands(capsys, path, ["not a valid TOML file", *words])


def test_a_utf8_byte_order_mark_is_accepted(tmp_path):
    path = tmp_path / "vienna.toml"
    path.write_bytes(b"\xef\xbb\xbf" + VIENNA_TEXT.encode())
    assert load_move(str(path)).destination == "Vienna"


@pytest.mark.parametrize(
    "old, new, key",
    [
        (RETREAT, f"{RETREAT}\nattacker_cards = 5", "move.attacker_cards"),
        (RETREAT, f"{RETREAT}\ninterception = 1", "move.interception"),
        (RETREAT, f"{RETREAT}\npower = true", "move.power"),
        (RETREAT, "retreat = 5", "move.retreat"),
        (RETREAT, f"{RETREAT}\nunits = 7", "move.units"),
        ('to = "Vienna"', "to = 7", "move.to"),
        ('wars = [["ottoman", "hapsburg"]]', "wars = 5", "situation.wars"),
        ('wars = [["ottoman", "hapsburg"]]', 'wars = [["ottoman", 5]]', "situation.wars[1][2]"),
        ('Brunn = "hapsburg"', 'Brunn = "hapsburg"\nVienna = 3', "situation.control.Vienna"),
        (ORDER, "impulse_order = 7", "situation.impulse_order"),
        (WARS, f"{WARS}\nunrest = 1", "situation.unrest"),
        ('force = "hapsburg: 8R Charles V"', "force = 5", "stack[2].force"),
        ('space = "Graz"', "space = 5", "stack[2].space"),
    ],
)  # fmt: skip
def test_wrong_types_in_a_move_file_are_refused_with_the_key(capsys, tmp_path, old, new, key):
    assert old in VIENNA_TEXT
    text = VIENNA_TEXT.replace(old, new, 1)
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    line = one_line_refusal(capsys, ["move", str(path)])
    assert f"{path}: {key}: must be" in line


def test_a_leader_in_two_spaces_is_refused(capsys, tmp_path):
    # Item 4: one leader, one place - Ferdinand already stands in Vienna.
    text = VIENNA_TEXT + '\n[[stack]]\nspace = "Linz"\nforce = "hapsburg: 2R Ferdinand"\n'
    path = tmp_path / "twice.toml"
    path.write_text(text, encoding="utf-8")
    one_line_refusal(capsys, ["move", str(path)], ["Ferdinand is already in Vienna"])


def test_a_stack_beyond_the_counter_mix_is_refused(capsys, tmp_path):
    text = VIENNA_TEXT.replace("hapsburg: 8R Charles V", "hapsburg: " + "1" + "0" * 30 + "R")
    path = tmp_path / "huge.toml"
    path.write_text(text, encoding="utf-8")
    one_line_refusal(capsys, ["move", str(path)], ["stack[2]", "at most 99 regulars"])


@pytest.mark.parametrize("value", [5, None, 2.5, ["vienna"]])
def test_load_move_of_something_that_is_not_a_path_is_a_type_error(value):
    with pytest.raises(OddsEngineTypeError, match="a scenario is a file path"):
        load_move(value)
    with pytest.raises(TypeError):
        load_move(value)
    with pytest.raises(OddsEngineError):
        load_move(value)


def test_scenario_and_sweep_files_share_one_reader_and_its_messages(tmp_path):
    # One safe reader (toml_file.read_toml) for every TOML file a user names.
    import oddsengine as oe

    path = tmp_path / "bad.toml"
    path.write_bytes(VIENNA_TEXT.encode("utf-16"))
    tail = "is not a valid TOML file (UTF-16 text: save it as UTF-8)"
    with pytest.raises(OddsEngineError) as scenario:
        load_move(str(path))
    with pytest.raises(OddsEngineError) as sweep:
        oe.Sweep.from_toml(path)
    assert str(scenario.value) == f"scenario file {str(path)!r} {tail}"
    assert str(sweep.value) == f"sweep file {str(path)!r} {tail}"
    loop = tmp_path / "loop.toml"
    loop.symlink_to(loop)
    with pytest.raises(OddsEngineError, match="scenario file .* is a loop of symbolic links"):
        load_move(str(loop))


def test_a_space_controlled_by_two_powers_is_refused(capsys, tmp_path):
    # TOML keys differ by case only: "brunn" took Brunn from the Hapsburgs without a word.
    text = VIENNA_TEXT.replace('Brunn = "hapsburg"', 'Brunn = "hapsburg"\nbrunn = "ottoman"')
    path = tmp_path / "two_controllers.toml"
    path.write_text(text)
    one_line_refusal(capsys, ["move", str(path)], ["control: Brunn is given twice"])

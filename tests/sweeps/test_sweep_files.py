"""Sweep files and outputs that are not what they should be: every one is refused with one
line (exit 2 on the command line) before any work, and nothing blocks or hangs."""

from __future__ import annotations

import os
import sys
import threading
import time

import pytest

import oddsengine as oe
from oddsengine.cli import main
from oddsengine.sweeps.sweep import MAX_SCENARIOS, Sweep

pytestmark = pytest.mark.slow

GOOD = 'kind = "assault"\n[grid]\nattacker = "3..4R"\ndefender = "1R"\n'


def _refused_in_one_line(capsys, argv, words):
    assert main(argv) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert words in lines[0]
    assert "Traceback" not in captured.err


def _from_toml_within(path, seconds=5.0):
    """Read a sweep file in a thread, so that a read that blocks fails the test."""
    outcome = {}

    def read():
        try:
            outcome["plan"] = Sweep.from_toml(path)
        except BaseException as error:  # noqa: BLE001 - reported below
            outcome["error"] = error

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"reading {path} blocked"
    return outcome


# -- what the path is ---------------------------------------------------------------------


def test_a_folder_is_refused(tmp_path, capsys):
    _refused_in_one_line(
        capsys, ["sweep", str(tmp_path), "--out", str(tmp_path / "r.csv")], "is a folder"
    )


def test_a_symlink_loop_is_refused(tmp_path, capsys):
    (tmp_path / "a.toml").symlink_to(tmp_path / "b.toml")
    (tmp_path / "b.toml").symlink_to(tmp_path / "a.toml")
    _refused_in_one_line(
        capsys,
        ["sweep", str(tmp_path / "a.toml"), "--out", str(tmp_path / "r.csv")],
        "symbolic links",
    )


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_does_not_block(tmp_path):
    fifo = tmp_path / "sweep.toml"
    os.mkfifo(fifo)
    outcome = _from_toml_within(fifo)
    assert isinstance(outcome.get("error"), oe.OddsEngineError)
    assert "not a regular file" in str(outcome["error"])


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_dev_zero_is_refused_without_reading_it(capsys, tmp_path):
    outcome = _from_toml_within("/dev/zero")
    assert "not a regular file" in str(outcome["error"])
    _refused_in_one_line(
        capsys, ["sweep", "/dev/zero", "--out", str(tmp_path / "r.csv")], "not a regular file"
    )


def test_a_huge_file_is_refused(tmp_path):
    path = tmp_path / "huge.toml"
    path.write_text(GOOD + "#" * (2 << 20) + "\n")
    with pytest.raises(oe.OddsEngineError, match="larger than 1024 KiB"):
        Sweep.from_toml(path)


@pytest.mark.parametrize(
    "encoding, words", [("latin-1", "not UTF-8 text"), ("utf-16", "UTF-16 text")]
)
def test_other_encodings_are_refused(tmp_path, capsys, encoding, words):
    path = tmp_path / "sweep.toml"
    path.write_bytes((GOOD + "# Wien, Österreich\n").encode(encoding))
    _refused_in_one_line(capsys, ["sweep", str(path), "--out", str(tmp_path / "r.csv")], words)


def test_utf8_with_a_byte_order_mark_is_read(tmp_path):
    path = tmp_path / "sweep.toml"
    path.write_bytes(GOOD.encode("utf-8-sig"))
    assert len(Sweep.from_toml(path).expand()) == 2


@pytest.mark.parametrize("opening, closing", [("[", "]"), ("{a=", "}")])
def test_toml_nested_5000_deep_is_refused(tmp_path, capsys, opening, closing):
    path = tmp_path / "deep.toml"
    path.write_text('kind = "assault"\nx = ' + opening * 5000 + "1" + closing * 5000 + "\n")
    _refused_in_one_line(
        capsys, ["sweep", str(path), "--out", str(tmp_path / "r.csv")], "nested too deeply"
    )


# -- what the file says ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, words",
    [
        (
            'kind = "assault"\nprecision = "abc"\n[grid]\nattacker = "3R"\ndefender = "1R"\n',
            "precision must be a number",
        ),
        ('kind = "assault"\ngrid = 5\n', "grid must be a table"),
        ('kind = "assault"\nscenarios = [1, 2]\n', "scenario 1 must be a table"),
        ('kind = "assault"\nscenarios = "3R"\n', "scenarios must be [[scenarios]] tables"),
        ('kind = "assault"\n[[scenarios]]\n', "scenario 1 is empty"),
        (
            'kind = "assault"\nfixed = 3\n[grid]\nattacker = "3R"\ndefender = "1R"\n',
            "fixed must be a table",
        ),
        (
            'kind = "assault"\n[grid]\nattacker = "3R"\ndefender = "1R"\n'
            "attacker_casualty_order = 5\n",
            "attacker_casualty_order must be a casualty order",
        ),
        (
            'kind = "assault"\n[grid]\nattacker = "3R"\ndefender = "1R"\n'
            'cards_as_printed = "yes"\n',
            "cards_as_printed must be true or false",
        ),
        (
            'kind = "assault"\n[grid]\nattacker = "3R"\ndefender = "1R"\n'
            "defender_squadrons_adjacent = 1.5\n",
            "must be a whole number",
        ),
        ('kind = "assault"\n[grid]\nattacker = 3\ndefender = "1R"\n', "force written as text"),
        (
            'kind = "assault"\n[grid]\nattacker = "3R"\ndefender = "1R"\noptions = "x"\n',
            "options must be RuleOptions (or give its fields",
        ),
        (
            'kind = "battle"\n[grid]\nattacker = "3R"\ndefender = "1R"\npolicies = "x"\n',
            "policies must be Policies (or give attacker_casualty_order",
        ),
        ('kind = "assault"\n[grid]\nattacker = [["3R"]]\ndefender = "1R"\n', "list inside"),
        ('kind = "assault"\n[grid]\nattacker = {a = 1}\ndefender = "1R"\n', "table of values"),
        ('kind = "assault"\n[grid]\nattacker = "3R"\n', "has no defender"),
        ('kind = 5\n[grid]\nattacker = "3R"\n', "kind must be a name"),
        (
            'kind = "assault"\nmethod = 5\n[grid]\nattacker = "3R"\ndefender = "1R"\n',
            "method must be one of",
        ),
        (
            'kind = "assault"\nseed = 1e3\n[grid]\nattacker = "3R"\ndefender = "1R"\n',
            "seed must be a whole number",
        ),
        (
            'kind = "assault"\ntrials = 2000000000\n[grid]\nattacker = "3R"\ndefender = "1R"\n',
            "may not exceed max_trials",
        ),
        ("[kind]\nx = 1\n", "kind must be a name"),
    ],
)
def test_wrong_types_are_refused_in_one_line(tmp_path, capsys, text, words):
    path = tmp_path / "sweep.toml"
    path.write_text(text)
    _refused_in_one_line(capsys, ["sweep", str(path), "--out", str(tmp_path / "r.csv")], words)
    assert not (tmp_path / "r.csv").exists()


@pytest.mark.parametrize(
    "arguments, words",
    [
        ({"grid": 5}, "grid must be a table"),
        ({"grid": {"attacker": "3R", "defender": "1R"}, "fixed": 3}, "fixed must be a table"),
        ({"scenarios": [1, 2]}, "scenario 1 must be a table"),
        ({"scenarios": "4R"}, "scenarios must be a list"),
        ({"scenarios": [{}]}, "scenario 1 is empty"),
        ({"grid": {"attacker": "3R", "defender": "1R"}, "precision": [1]}, "precision"),
        ({"grid": {"attacker": "3R", "defender": "1R"}, "precision": True}, "precision"),
        (
            {"grid": {"attacker": "3R", "defender": "1R", "attacker_casualty_order": 5}},
            "casualty order",
        ),
    ],
)
def test_wrong_types_in_python_raise_the_project_error(arguments, words):
    with pytest.raises(oe.OddsEngineError, match=words):
        Sweep("assault", **arguments)


def test_a_sweep_without_a_kind_says_so():
    with pytest.raises(
        oe.OddsEngineError, match="a sweep needs a kind: .*assault, attempts-scenario, avoid"
    ):
        Sweep(grid=5)


def test_a_huge_grid_is_refused_before_any_work():
    started = time.monotonic()
    with pytest.raises(oe.OddsEngineError, match=r"10,000,000,000 scenarios.*1,000,000"):
        Sweep("battle", grid={"attacker": "1..100000R", "defender": "1..100000R"})
    with pytest.raises(oe.OddsEngineError, match="about 10"):
        Sweep("battle", grid={"attacker": "1..10" + "0" * 40 + "R", "defender": "1R"})
    assert time.monotonic() - started < 1.0
    assert MAX_SCENARIOS == 1_000_000


def test_a_grid_of_the_limit_is_accepted_unexpanded():
    # 1000 x 1000 = the limit: accepted (counted, not expanded, when the sweep is made).
    Sweep("battle", grid={"attacker": [f"{n}R" for n in range(1000)], "defender": "1..1000R"})


# -- the output ------------------------------------------------------------------------------


def test_out_into_a_missing_folder(tmp_path, capsys):
    spec = tmp_path / "sweep.toml"
    spec.write_text(GOOD)
    _refused_in_one_line(
        capsys,
        ["sweep", str(spec), "--out", str(tmp_path / "missing" / "r.csv")],
        "there is no folder",
    )


def test_out_onto_a_folder(tmp_path, capsys):
    spec = tmp_path / "sweep.toml"
    spec.write_text(GOOD)
    (tmp_path / "r.csv").mkdir()
    _refused_in_one_line(
        capsys, ["sweep", str(spec), "--out", str(tmp_path / "r.csv"), "--overwrite"], "a folder"
    )


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
def test_out_onto_dev_full_is_never_replaced(tmp_path, capsys):
    spec = tmp_path / "sweep.toml"
    spec.write_text(GOOD)
    link = tmp_path / "full.csv"
    link.symlink_to("/dev/full")
    _refused_in_one_line(
        capsys, ["sweep", str(spec), "--out", str(link), "--overwrite"], "not a regular file"
    )
    assert os.path.islink(link)


def test_a_failing_write_is_one_line(tmp_path, capsys, monkeypatch):
    import pandas as pd

    spec = tmp_path / "sweep.toml"
    spec.write_text(GOOD)

    def disk_full(self, *args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(pd.DataFrame, "to_csv", disk_full)
    _refused_in_one_line(
        capsys,
        ["sweep", str(spec), "--out", str(tmp_path / "r.csv"), "--quiet"],
        "No space left",
    )
    assert not list(tmp_path.glob(".r.csv.*"))


@pytest.mark.skipif(sys.platform == "win32" or os.geteuid() == 0, reason="root writes anywhere")
def test_a_read_only_folder_is_refused_before_work(tmp_path, capsys):
    spec = tmp_path / "sweep.toml"
    spec.write_text(GOOD)
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        _refused_in_one_line(
            capsys, ["sweep", str(spec), "--out", str(folder / "r.csv")], "cannot write"
        )
    finally:
        folder.chmod(0o700)


def test_table_and_plot_out_are_checked(tmp_path, capsys):
    _refused_in_one_line(
        capsys,
        [
            "table",
            "assault",
            "--attacker",
            "3..4R",
            "--defender",
            "1R",
            "--out",
            str(tmp_path / "missing" / "t.md"),
        ],
        "there is no folder",
    )
    (tmp_path / "p.png").mkdir()
    _refused_in_one_line(
        capsys,
        ["plot", "intercept", "--out", str(tmp_path / "p.png")],
        "a folder",
    )
    _refused_in_one_line(
        capsys,
        ["plot", "intercept", "--out", str(tmp_path / "q.png"), "--dpi", "1000000"],
        "--dpi may be at most 1200",
    )


def test_a_class_that_is_not_a_spec_is_refused():
    class NotASpec:
        pass

    with pytest.raises(oe.OddsEngineError, match="not a spec dataclass"):
        Sweep(NotASpec, grid={"attacker": "3R"})


def test_numpy_numbers_are_taken_as_numbers():
    import numpy as np

    plain = Sweep("assault", grid={"attacker": "3R", "defender": "1R"}, seed=7, trials=5000)
    numpy = Sweep(
        "assault",
        grid={"attacker": "3R", "defender": "1R", "defender_squadrons_adjacent": np.int64(0)},
        seed=np.uint64(7),
        trials=np.int32(5000),
    )
    assert numpy.seed == 7 and type(numpy.seed) is int and type(numpy.trials) is int
    assert plain.expand()[0].spec == numpy.expand()[0].spec


@pytest.mark.parametrize(
    "argv, words",
    [
        (
            ["plot", "intercept", "--interceptor", "Gandalf"],
            "plot intercept takes no --interceptor",
        ),
        (["plot", "avoid", "--heatmap"], "it takes no --heatmap"),
        (["plot", "intercept", "--seed", "3"], "it takes no --seed"),
        (
            ["plot", "assault", "--attacker", "2..5R", "--defender", "1R", "--mover", "2R"],
            "takes no --mover; it takes --attacker and --defender",
        ),
        (["table", "intercept", "--attacker", "3R"], "takes no --attacker"),
        (
            ["table", "battle", "--attacker", "3..4R", "--defender", "2R", "--interceptor", "L1"],
            "takes no --interceptor",
        ),
        (
            ["table", "assault", "--attacker", "3..4R", "--defender", "1R", "--out", ""],
            "--out needs a file name",
        ),
    ],
)
def test_table_and_plot_options_are_used_or_refused(tmp_path, capsys, argv, words):
    if argv[0] == "plot":
        argv = [*argv, "--out", str(tmp_path / "p.png")]
    _refused_in_one_line(capsys, argv, words)
    assert not (tmp_path / "p.png").exists()


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
def test_a_table_onto_dev_full_is_one_line(capsys):
    # Written atomically, an output must be a regular file: a device is refused first.
    argv = ["table", "assault", "--attacker", "3..4R", "--defender", "1R", "--out", "/dev/full"]
    _refused_in_one_line(capsys, argv, "cannot write /dev/full: it is not a regular file")


def _half_written(path, *args, **kwargs):
    """A write that puts half of its output in ``path``, then finds the disk full."""
    with open(path, "w") as handle:
        handle.write("half a")
    raise OSError(28, "No space left on device")


@pytest.mark.parametrize("command", ["table", "plot"])
def test_table_and_plot_out_are_written_atomically(tmp_path, capsys, monkeypatch, command):
    import pathlib

    import matplotlib.figure

    target = tmp_path / ("odds.csv" if command == "table" else "odds.png")
    argv = [command, "assault", "--attacker", "3..4R", "--defender", "1R", "--out", str(target)]
    if command == "table":
        argv += ["--format", "csv"]
    assert main(argv) == 0
    written = target.read_bytes()
    assert written and [entry.name for entry in tmp_path.iterdir()] == [target.name]
    if command == "table":
        monkeypatch.setattr(pathlib.Path, "write_text", _half_written)
    else:
        monkeypatch.setattr(
            matplotlib.figure.Figure, "savefig", lambda figure, name, **_: _half_written(name)
        )
    _refused_in_one_line(capsys, argv, f"cannot write {target}: No space left on device")
    # The earlier file is whole and no temporary file is left beside it.
    assert target.read_bytes() == written
    assert [entry.name for entry in tmp_path.iterdir()] == [target.name]


# -- generated files ---------------------------------------------------------------------------

_PIECES = (
    'kind = "assault"\n',
    'kind = "battle"\n',
    'kind = "intercept"\n',
    'kind = "siege"\n',
    "kind = 5\n",
    "[grid]\n",
    "[fixed]\n",
    "[[scenarios]]\n",
    'attacker = "3..5R"\n',
    'attacker = ["4R L1", "4R L1", 3]\n',
    'defender = "1R"\n',
    'defender = "0..2R"\n',
    'interceptor = "L1"\nmover = "2R"\n',
    "precision = 0.01\n",
    'precision = "0.5%"\n',
    "precision = nan\n",
    "precision = 1e-300\n",
    'method = "monte-carlo"\n',
    "trials = 3000\n",
    "trials = 0\n",
    "seed = -1\n",
    "seed = 99999999999999999999\n",
    "max_trials = 1e400\n",
    'on_refused = "skip"\n',
    'on_refused = "raise"\n',
    "x = [[[[1]]]]\n",
    'attacker_cards = ["", "siege-mining", 5]\n',
    "responses = true\n",
    'attacker = "1..1000000000000000000000R"\n',
    "cards_as_printed = 1\n",
    "= broken\n",
)


def test_generated_sweep_files_answer_or_refuse_in_one_line(tmp_path, capsys):
    """Hundreds of files made of valid and invalid pieces, and of random bytes: each one
    runs (exit 0) or is refused in one line (exit 2), never a traceback."""
    import random

    generator = random.Random(10)
    outcomes = {0: 0, 2: 0}
    for number in range(300):
        if generator.random() < 0.9:
            pieces = [generator.choice(_PIECES) for _ in range(generator.randint(0, 8))]
            if generator.random() < 0.4:  # a valid start, then whatever follows
                pieces.insert(0, GOOD)
            content = "".join(pieces).encode()
        else:
            content = bytes(generator.randrange(256) for _ in range(generator.randint(0, 200)))
        path = tmp_path / f"sweep{number}.toml"
        path.write_bytes(content)
        status = main(["sweep", str(path), "--out", str(tmp_path / f"r{number}.csv"), "--quiet"])
        captured = capsys.readouterr()
        assert status in (0, 2), content
        if status == 2:
            assert len(captured.err.strip().splitlines()) == 1, (content, captured.err)
        outcomes[status] += 1
    assert outcomes[0] >= 10 and outcomes[2] >= 100


def test_a_shipped_sweep_file_is_found_by_name():
    # Like `oddsengine move vienna`: a bare name that is no file names a shipped example.
    plan = Sweep.from_toml("assault_sweep")
    assert plan.kind == "assault"
    with pytest.raises(oe.OddsEngineError, match="no-such-sweep"):
        Sweep.from_toml("no-such-sweep")

"""Where an optional package is missing, the message names the extra that brings it."""

import sys
from pathlib import Path

import pytest

import oddsengine as oe
from oddsengine.cli import main
from oddsengine.sweeps.sweep import read_table, sweep


@pytest.fixture
def no_pyarrow(monkeypatch):
    monkeypatch.setitem(sys.modules, "pyarrow", None)


def test_writing_parquet_names_the_extra(tmp_path, no_pyarrow):
    with pytest.raises(oe.OddsEngineError, match=r'pip install "oddsengine\[parquet\]"'):
        sweep("assault", {"attacker": "3R", "defender": "1R"}, out=tmp_path / "r.parquet")


def test_reading_parquet_names_the_extra(tmp_path, no_pyarrow):
    path = tmp_path / "r.parquet"
    path.write_bytes(b"PAR1")
    with pytest.raises(oe.OddsEngineError, match=r'pip install "oddsengine\[parquet\]"'):
        read_table(path)


def test_the_command_line_says_it_in_one_line(tmp_path, no_pyarrow, capsys):
    spec = Path(oe.__file__).parent / "examples" / "assault_sweep.toml"
    status = main(["sweep", str(spec), "--quiet", "--out", str(tmp_path / "r.parquet")])
    err = capsys.readouterr().err
    assert status == 2
    assert err.count("\n") == 1 and 'pip install "oddsengine[parquet]"' in err


def test_a_dask_scheduler_names_the_extra(monkeypatch):
    for name in ("dask", "distributed", "dask.distributed"):
        monkeypatch.setitem(sys.modules, name, None)
    with pytest.raises(oe.OddsEngineError, match=r'pip install "oddsengine\[distributed\]"'):
        sweep(
            "assault",
            {"attacker": "3R", "defender": "1R"},
            scheduler="tcp://127.0.0.1:8786",
            progress=False,
        )


def test_the_calculator_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "ipywidgets", None)
    with pytest.raises(oe.OddsEngineError, match=r'pip install "oddsengine\[jupyter\]"'):
        oe.explore()


def test_the_help_names_the_extra():
    from oddsengine.cli import build_parser

    commands = next(a for a in build_parser()._actions if a.dest == "command")
    text = " ".join(commands.choices["sweep"].format_help().split())
    assert 'pip install "oddsengine[distributed]"' in text

"""Sweeps keep their seeds exactly, answer a repeated scenario once, resume whole scenarios
only, write checkpoints by time with the user's permissions, and give a scenario the same
numbers as a run of it alone."""

from __future__ import annotations

import os

import pandas as pd
import pytest

import oddsengine as oe
import oddsengine.sweeps.sweep as sweep_module
from oddsengine.engines import montecarlo
from oddsengine.engines.montecarlo import BLOCK_TRIALS, FIRST_ROUND_TRIALS
from oddsengine.sweeps._output import OutputFile
from oddsengine.sweeps.sweep import Sweep, read_table

# These sweeps keep a refused scenario on purpose, to resume files that hold one; the
# warning that says so is tested in test_sweep.py and test_refusals.py.
pytestmark = [
    pytest.mark.slow,
    pytest.mark.filterwarnings("ignore::oddsengine.sweeps.refusals.RefusedScenariosWarning"),
]

# A seed that a float64 cannot hold: it would come back as 2**63.
BIG_SEED = 2**63 - 25
FORMATS = ["csv", "parquet"]


def _mixed_sweep(seed=BIG_SEED, **options):
    """Monte Carlo rows and one refused row (2R cannot assault 2R: 15.1 needs more units)."""
    settings = {"method": "monte-carlo", "precision": None, "trials": BLOCK_TRIALS}
    settings.update(options)
    return Sweep("assault", grid={"attacker": "2..4R", "defender": "2R"}, seed=seed, **settings)


def _stored_rows_reproduce(frame, precision=None):
    """Each stored seed, with the stored trials, gives the stored numbers exactly."""
    sampled = frame[frame["status"] == "ok"]
    assert len(sampled)
    for attacker, rows in sampled.groupby("attacker"):
        seed, trials = rows["seed"].iloc[0], rows["trials"].iloc[0]
        spec = oe.Assault(attacker, "2R")
        if precision is None:
            alone = oe.simulate(spec, trials=int(trials), seed=int(seed))
        else:
            alone = oe.simulate(spec, seed=int(seed), precision=precision)
        assert alone.trials == trials
        got = dict(zip(rows["outcome"], rows["probability"], strict=True))
        assert got == alone.p  # exactly, not approximately


# -- 1: seeds ---------------------------------------------------------------------------------


@pytest.mark.parametrize("suffix", FORMATS)
def test_seeds_stay_exact_beside_rows_without_one(tmp_path, suffix):
    if suffix == "parquet":
        pytest.importorskip("pyarrow")
    assert float(BIG_SEED) != BIG_SEED
    out = tmp_path / f"results.{suffix}"
    frame = _mixed_sweep().run(out, progress=False)
    assert str(frame["seed"].dtype) == "Int64" and str(frame["trials"].dtype) == "Int64"
    stored = read_table(out)
    assert str(stored["seed"].dtype) == "Int64"
    refused = stored["status"] == "refused"
    assert refused.sum() == 1 and stored.loc[refused, "seed"].isna().all()
    assert set(stored.loc[~refused, "seed"].tolist()) == {BIG_SEED}
    _stored_rows_reproduce(stored)
    if suffix == "parquet":  # any Parquet reader sees a 64-bit integer column
        assert str(pd.read_parquet(out)["seed"].dtype) == "Int64"


def test_the_seed_column_is_exact_in_the_csv_text(tmp_path):
    out = tmp_path / "results.csv"
    _mixed_sweep().run(out, progress=False)
    assert f",{BIG_SEED}," in out.read_text()
    assert "e+18" not in out.read_text()


def test_a_seedless_sweep_stores_a_seed_that_reproduces_it(tmp_path):
    out = tmp_path / "results.csv"
    _mixed_sweep(seed=None, precision=0.004, trials=None).run(out, progress=False)
    _stored_rows_reproduce(read_table(out), precision=0.004)


def test_a_seedless_sweep_resumes_after_it_finished(tmp_path):
    out = tmp_path / "results.csv"
    first = _mixed_sweep(seed=None).run(out, progress=False)
    again = _mixed_sweep(seed=None).run(out, resume=True, progress=False)
    pd.testing.assert_frame_equal(first, again)
    pd.testing.assert_frame_equal(read_table(out), read_table(out))


def test_a_seedless_sweep_resumes_midway(tmp_path, monkeypatch):
    out = tmp_path / "results.csv"
    plan = Sweep(
        "assault",
        grid={"attacker": "3..8R L0..1", "defender": "1..2R"},
        method="monte-carlo",
        precision=None,
        trials=2000,
    )
    real = sweep_module.run_batch
    calls = {"count": 0}

    def interrupted(items, settings):
        calls["count"] += 1
        if calls["count"] == 3:
            raise KeyboardInterrupt
        return real(items, settings)

    monkeypatch.setattr(sweep_module, "run_batch", interrupted)
    with pytest.raises(sweep_module.SweepInterrupted) as stop:
        plan.run(out, progress=False, batch_size=4, checkpoint_seconds=0)
    assert (stop.value.saved, stop.value.total) == (8, 24)
    monkeypatch.setattr(sweep_module, "run_batch", real)
    seed = int(read_table(out)["seed"].iloc[0])
    resumed = plan.run(out, resume=True, progress=False)
    assert set(resumed["seed"].tolist()) == {seed}
    reference = Sweep(**{**plan.__dict__, "seed": seed}).run(progress=False)
    pd.testing.assert_frame_equal(resumed, reference)
    pd.testing.assert_frame_equal(read_table(out), reference)


def test_a_seedless_sweep_file_resumes_on_the_command_line(tmp_path, capsys):
    from oddsengine.cli import main

    spec = tmp_path / "sweep.toml"
    spec.write_text(
        'kind = "assault"\nmethod = "monte-carlo"\nprecision = 0.01\n'
        '[grid]\nattacker = "2..5R L0..1"\ndefender = "1..2R"\n'
    )
    out = tmp_path / "results.csv"
    assert main(["sweep", str(spec), "--out", str(out), "--quiet"]) == 0
    first = read_table(out)
    assert main(["sweep", str(spec), "--out", str(out), "--resume", "--quiet"]) == 0
    assert "another sweep" not in capsys.readouterr().err
    pd.testing.assert_frame_equal(read_table(out), first)
    _stored_rows_reproduce(first[first["defender"] == "2R"], precision=0.01)


# -- resumed files equal uninterrupted ones ---------------------------------------------

#: Sweeps whose first scenario (explicit, without ranges) or refused row leaves a column of
#: counts empty: the column is a nullable integer column, written 1, not 1.0.
_SWEEPS_WITH_GAPS = {
    "naval-move-scenario": lambda: Sweep.from_toml("barbary_coast_sweep"),
    "assault": lambda: Sweep(
        "assault",
        scenarios=[
            {"attacker": "9R Suleiman", "defender": "4R"},
            {"attacker": "3..5R L0..1", "defender": "1..2R"},
        ],
    ),
    "battle, monte carlo": lambda: Sweep(
        "battle",
        scenarios=[
            {"attacker": "ottoman: 4R", "defender": "hapsburg: 2R"},
            {"attacker": "ottoman: 3..5R", "defender": "hapsburg: 1..2R"},
        ],
        method="monte-carlo",
        precision=None,
        trials=BLOCK_TRIALS,
        seed=BIG_SEED,
    ),
    "naval": lambda: Sweep(
        "naval",
        scenarios=[
            {"attacker": "ottoman: 2Sq Dragut", "defender": "venice: 2Sq"},
            {"attacker": "ottoman: 1..3Sq", "defender": "venice: 1..2Sq"},
        ],
    ),
    "foreign-war": lambda: Sweep(
        "foreign-war",
        scenarios=[
            {"war": "persia", "force": "5R Ibrahim", "horizon": 2},
            {"war": "persia", "force": "3..6R", "horizon": 2},
        ],
    ),
}


@pytest.mark.parametrize("suffix", FORMATS)
@pytest.mark.parametrize("name", list(_SWEEPS_WITH_GAPS))
def test_a_resumed_file_equals_the_uninterrupted_one_byte_for_byte(
    tmp_path, monkeypatch, name, suffix
):
    if suffix == "parquet":
        pytest.importorskip("pyarrow")
    plan = _SWEEPS_WITH_GAPS[name]()
    whole, cut = tmp_path / f"whole.{suffix}", tmp_path / f"cut.{suffix}"
    complete = plan.run(whole, progress=False, batch_size=1)
    counts = [column for column in complete.columns if str(complete[column].dtype) == "Int64"]
    assert set(counts) - {"seed", "trials"}, "the sweep has a column of counts with a gap"
    real = sweep_module.run_batch
    calls = {"count": 0}

    def interrupted(items, settings):
        calls["count"] += 1
        if calls["count"] == 3:
            raise KeyboardInterrupt
        return real(items, settings)

    monkeypatch.setattr(sweep_module, "run_batch", interrupted)
    with pytest.raises(sweep_module.SweepInterrupted) as stop:
        plan.run(cut, progress=False, batch_size=1, checkpoint_seconds=0)
    assert 2 <= stop.value.saved < stop.value.total
    saved = read_table(cut)
    assert saved[counts].isna().any().any(), "the interrupted file holds the gap"
    monkeypatch.setattr(sweep_module, "run_batch", real)
    resumed = plan.run(cut, resume=True, progress=False)
    assert cut.read_bytes() == whole.read_bytes()
    pd.testing.assert_frame_equal(resumed, complete)
    pd.testing.assert_frame_equal(read_table(cut), read_table(whole))


def test_a_column_of_floats_read_back_stays_floats(tmp_path):
    # Only the text of whole numbers (1, not 1.0) makes a nullable integer column.
    out = tmp_path / "table.csv"
    out.write_text("bonus,count,scenario_key\n1.0,1,0123456789abcdef0123\n,,0123456789abcdef0124\n")
    table = read_table(out)
    assert str(table["bonus"].dtype) == "float64"
    assert str(table["count"].dtype) == "Int64"


# -- 8: repeated scenarios and fragments --------------------------------------------------


def test_a_repeated_value_is_answered_once(tmp_path):
    plan = Sweep(
        "assault",
        grid={"attacker": ["3R", "4R", "3R"], "defender": "1R"},
        scenarios=[{"attacker": "4R", "defender": "1R"}, {"attacker": "5R", "defender": "1R"}],
    )
    assert [scenario.columns["attacker"] for scenario in plan.expand()] == ["3R", "4R", "5R"]
    out = tmp_path / "results.csv"
    frame = plan.run(out, progress=False)
    assert frame["scenario_key"].nunique() == 3
    assert not frame.duplicated(["scenario_key", "outcome"]).any()
    resumed = plan.run(out, resume=True, progress=False)
    pd.testing.assert_frame_equal(frame, resumed)


def test_resume_drops_repeated_rows_of_an_older_file(tmp_path):
    out = tmp_path / "results.csv"
    plan = _mixed_sweep()
    complete = plan.run(out, progress=False)
    stored = out.read_text().splitlines()
    out.write_text("\n".join(stored + stored[1:4]) + "\n")
    resumed = plan.run(out, resume=True, progress=False)
    pd.testing.assert_frame_equal(resumed, complete)
    pd.testing.assert_frame_equal(read_table(out), complete)


@pytest.mark.parametrize("cut", ["last rows", "half a line", "a middle row"])
def test_resume_completes_a_partial_scenario(tmp_path, cut):
    out = tmp_path / "results.csv"
    plan = Sweep(
        "battle",
        grid={"attacker": "3..5R", "defender": "hapsburg: 2..3R"},
        method="monte-carlo",
        precision=None,
        trials=5000,
        seed=17,
    )
    complete = plan.run(out, progress=False)
    lines = out.read_text().splitlines()
    if cut == "last rows":
        lines = lines[:-2]
    elif cut == "half a line":
        lines[-1] = lines[-1][: len(lines[-1]) // 2]
    else:
        del lines[len(lines) // 2]
    out.write_text("\n".join(lines) + "\n")
    resumed = plan.run(out, resume=True, progress=False)
    pd.testing.assert_frame_equal(resumed, complete)
    pd.testing.assert_frame_equal(read_table(out), complete)


# -- 10: checkpoints and permissions -------------------------------------------------------


def test_checkpoints_come_by_time_within_a_run(tmp_path, monkeypatch):
    """A slow sweep writes every checkpoint_seconds, not only at the end.

    The sweep's clock is a virtual one that only the work moves (20 ms a scenario), so
    what is checked does not depend on the machine's speed or load.
    """
    import types

    from oddsengine.sweeps import _runner

    clock = [0.0]
    monkeypatch.setattr(_runner, "time", types.SimpleNamespace(monotonic=lambda: clock[0]))
    real = sweep_module.run_batch
    sizes = []

    def slow(items, settings):
        sizes.append(len(items))
        clock[0] += 0.02 * len(items)  # 20 ms a scenario
        return real(items, settings)

    writes = []
    real_write = OutputFile.write

    def recording(self, frame):
        writes.append((clock[0], frame["scenario_key"].nunique()))
        real_write(self, frame)

    monkeypatch.setattr(sweep_module, "run_batch", slow)
    monkeypatch.setattr(OutputFile, "write", recording)
    plan = Sweep("assault", grid={"attacker": "3..12R L0..1", "defender": "1..4R"})
    plan.run(tmp_path / "results.csv", progress=False, checkpoint_seconds=0.25)
    # 80 scenarios, 1.6 s of work: a checkpoint at least every 0.25 s plus one batch.
    assert len(writes) >= 4
    counts = [count for _, count in writes]
    assert counts == sorted(counts) and counts[-1] == 80
    gaps = [later - earlier for (earlier, _), (later, _) in zip(writes, writes[1:], strict=False)]
    assert writes[0][0] < 1.5 and max(gaps) < 1.5
    # Local batches are sized to about half a second of work each.
    assert max(sizes) <= 40


def test_checkpoints_default_to_a_few_seconds():
    import inspect

    default = inspect.signature(Sweep.run).parameters["checkpoint_seconds"].default
    assert 0 < default <= 5


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
@pytest.mark.parametrize("umask, mode", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_output_permissions_follow_the_umask(tmp_path, umask, mode):
    previous = os.umask(umask)
    try:
        out = tmp_path / "results.csv"
        plan = Sweep("assault", grid={"attacker": "3..4R", "defender": "1R"})
        plan.run(out, progress=False)
        assert out.stat().st_mode & 0o777 == mode
        plan.run(out, progress=False, overwrite=True)
        assert out.stat().st_mode & 0o777 == mode
    finally:
        os.umask(previous)
    assert not list(tmp_path.glob(".results.csv.*"))


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_a_resumed_output_keeps_its_permissions(tmp_path):
    out = tmp_path / "results.csv"
    plan = Sweep("assault", grid={"attacker": "3..4R", "defender": "1R"})
    plan.run(out, progress=False)
    out.chmod(0o640)
    plan.run(out, progress=False, overwrite=True)
    assert out.stat().st_mode & 0o777 == 0o640


def test_leftover_temporary_files_are_cleared(tmp_path):
    out = tmp_path / "results.csv"
    leftover = tmp_path / ".results.csv.0123abcd.partial"
    leftover.write_text("cut short")
    other = tmp_path / ".other.csv.0123abcd.partial"
    other.write_text("not ours")
    Sweep("assault", grid={"attacker": "3R", "defender": "1R"}).run(out, progress=False)
    assert not leftover.exists() and other.exists()


# -- 12: alone and in a sweep -------------------------------------------------------------


@pytest.mark.parametrize("precision", [0.004, 0.0012])
def test_a_scenario_alone_and_in_a_sweep_give_the_same_numbers(precision):
    """Default settings on both sides: the same first round and the same stopping rule."""
    spec = oe.FieldBattle("ottoman: 5R L1", "hapsburg: 4R")
    alone = oe.simulate(spec, seed=23, precision=precision)
    frame = Sweep(
        "battle",
        grid={"attacker": ["ottoman: 5R L1", "ottoman: 6R"], "defender": "hapsburg: 4R"},
        method="monte-carlo",
        precision=precision,
        seed=23,
    ).run(progress=False)
    rows = frame[frame["attacker"] == "ottoman: 5R L1"].set_index("outcome")
    assert rows["trials"].iloc[0] == alone.trials
    for name, value in alone.p.items():
        assert rows.at[name, "probability"] == value
    if precision < 0.002:  # more than one round was needed, on both sides alike
        assert alone.trials > FIRST_ROUND_TRIALS
    assert alone.trials % BLOCK_TRIALS == 0


def test_an_interrupted_sweep_without_a_file_hands_back_what_it_answered(monkeypatch):
    real = sweep_module.run_batch
    calls = {"count": 0}

    def interrupted(items, settings):
        calls["count"] += 1
        if calls["count"] == 2:
            raise KeyboardInterrupt
        return real(items, settings)

    monkeypatch.setattr(sweep_module, "run_batch", interrupted)
    plan = Sweep("assault", grid={"attacker": "3..4R L0..2", "defender": "1R"})
    with pytest.raises(KeyboardInterrupt) as stop:
        plan.run(progress=False, batch_size=2)
    assert stop.value.path is None and (stop.value.saved, stop.value.total) == (2, 6)
    assert stop.value.frame["attacker"].unique().tolist() == ["3R L0", "3R L1"]


def test_a_long_batch_is_saved_scenario_by_scenario(tmp_path, monkeypatch):
    """One batch of Monte Carlo scenarios: each is on disk as soon as it is answered."""
    writes = []
    real_write = OutputFile.write

    def recording(self, frame):
        writes.append(frame["scenario_key"].nunique())
        real_write(self, frame)

    monkeypatch.setattr(OutputFile, "write", recording)
    monkeypatch.setattr(montecarlo, "PART_BLOCKS", 1)  # parts of a round: one block each
    plan = Sweep(
        "assault",
        grid={"attacker": "3..6R L0..1", "defender": "1..2R"},
        method="monte-carlo",
        precision=0.003,
        seed=4,
    )
    out = tmp_path / "results.csv"
    frame = plan.run(out, progress=False, batch_size=64, checkpoint_seconds=0)
    # The first scenario is written as soon as it is answered, the others on time.
    assert writes[0] == 1 and writes[-1] == 16 and writes == sorted(writes)
    pd.testing.assert_frame_equal(frame, plan.run(progress=False))


@pytest.mark.parametrize("precision", [1e-300, 1e-160, 5e-324])
def test_a_target_too_fine_for_a_float_is_refused_before_work(precision):
    # No run can reach it (10^9 trials give a half-width near 3e-5): refused, not run to
    # the trial cap.
    spec = oe.Assault("6R L1", "2R")
    with pytest.raises(oe.OddsEngineError, match="finer than any run can reach"):
        oe.simulate(spec, seed=2, precision=precision, max_trials=2 * BLOCK_TRIALS)
    plan = Sweep(
        "assault",
        grid={"attacker": "6R L1", "defender": "2R"},
        method="monte-carlo",
        precision=precision,
        max_trials=2 * BLOCK_TRIALS,
        seed=2,
    )
    with pytest.raises(oe.OddsEngineError, match="finer than any run can reach"):
        plan.run(progress=False)


def test_resume_and_overwrite_together_are_refused(tmp_path):
    plan = Sweep("assault", grid={"attacker": "3R", "defender": "1R"})
    with pytest.raises(oe.OddsEngineError, match="pass one"):
        plan.run(tmp_path / "r.csv", resume=True, overwrite=True, progress=False)
    with pytest.raises(oe.OddsEngineError, match="need an output file"):
        plan.run(resume=True, progress=False)


def test_the_command_line_starts_a_precision_run_like_a_sweep(capsys):
    # Issue 10 item 12: --precision without --trials starts with one block, as a sweep
    # does, so the same seed and precision give the same numbers.
    from oddsengine.cli import main

    assert (
        main(
            [
                "assault",
                "--attacker",
                "6R L1",
                "--defender",
                "2R",
                "--seed",
                "7",
                "--precision",
                "0.01",
                "--format",
                "json",
            ]
        )
        == 0
    )
    import json

    payload = json.loads(capsys.readouterr().out)
    alone = oe.simulate(oe.Assault("6R L1", "2R"), seed=7, precision=0.01)
    assert payload["trials"] == alone.trials
    assert payload["p"]["success"] == alone.p["success"]


@pytest.mark.parametrize("content", ["ORIGINAL\n", "a,b\n1,2\n"])
def test_resuming_a_file_that_is_no_sweep_table_keeps_it(tmp_path, capsys, content):
    # It used to be taken for a sweep with nothing done, and replaced by a new table.
    from oddsengine.cli import main

    out = tmp_path / "results.csv"
    out.write_text(content)
    status = main(["sweep", "assault_sweep", "--out", str(out), "--resume", "--quiet"])
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert status == 2 and "is not a sweep table" in line
    assert out.read_text() == content


def test_nothing_is_written_while_every_scenario_so_far_is_refused_for_one_reason(
    tmp_path, monkeypatch
):
    # Specs are built as the sweep runs: the file waits until the sweep is known to hold a
    # question (a sweep every scenario of which is refused for one reason is refused).
    janissaries = {"defender": "1R", "defender_cards": "janissaries"}
    plan = Sweep(
        "assault",
        scenarios=[{"attacker": "3R", **janissaries}, {"attacker": "4R", **janissaries},
                   {"attacker": "5R", "defender": "1R"}],
    )  # fmt: skip
    out = tmp_path / "results.csv"

    real_build, built = sweep_module.build_spec, []

    def interrupted(spec_class, parameters):  # Ctrl-C while the third spec is built
        built.append(parameters)
        if len(built) == 3:
            raise KeyboardInterrupt
        return real_build(spec_class, parameters)

    monkeypatch.setattr(sweep_module, "build_spec", interrupted)
    with pytest.raises(sweep_module.SweepInterrupted) as stop:
        plan.run(out, progress=False, batch_size=1, checkpoint_seconds=0)
    assert stop.value.saved == 0 and not out.exists()
    monkeypatch.undo()
    frame = plan.run(out, progress=False, batch_size=1, checkpoint_seconds=0)
    assert frame["status"].tolist().count("refused") == 2
    pd.testing.assert_frame_equal(read_table(out), frame)
    refused_only = Sweep("assault", scenarios=plan.scenarios[:2])
    with pytest.raises(oe.OddsEngineError, match="every scenario is refused: Janissaries"):
        refused_only.run(tmp_path / "none.csv", progress=False, checkpoint_seconds=0)
    assert not (tmp_path / "none.csv").exists()

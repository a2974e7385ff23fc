"""Sweeps: templates, exact and Monte Carlo rows, refusals, resuming, atomic output, Dask."""

from __future__ import annotations

import sys

import pandas as pd
import pytest

import oddsengine as oe
import oddsengine.sweeps.sweep as sweep_module
from oddsengine.cli import main
from oddsengine.engines.montecarlo import BLOCK_TRIALS
from oddsengine.sweeps.refusals import RefusedScenariosWarning
from oddsengine.sweeps.sweep import DISTRIBUTED_HINT, SPEC_KINDS, Sweep, register_kind, sweep
from oddsengine.sweeps.templates import parse_template

# -- templates -------------------------------------------------------------------------


def test_template_ranges_expand_last_axis_fastest():
    template = parse_template("2..4R L0..2")
    assert [axis.name for axis in template.axes] == ["regulars", "rating"]
    assert template.size == 9
    labels = [label for label, _ in template.combinations()]
    assert labels[:4] == ["2R L0", "2R L1", "2R L2", "3R L0"]
    label, values, force = template.expand()[-1]
    assert (label, values) == ("4R L2", {"regulars": 4, "rating": 2})
    assert force.regulars == 4 and force.battle_rating == 2


def test_template_keeps_power_and_named_leaders():
    template = parse_template("ottoman: 3R 0..1C Suleiman")
    forces = [force for _, _, force in template.expand()]
    assert [force.cavalry for force in forces] == [0, 1]
    assert all(force.power == "ottoman" and force.battle_rating == 2 for force in forces)


def test_plain_force_is_a_template_of_one():
    template = parse_template("4R L1")
    assert template.main_axis is None
    assert template.combinations() == [("4R L1", {})]


@pytest.mark.parametrize(
    "text, words",
    [
        ("4..2R", "backwards"),
        ("L0..3", "0, 1 or 2"),
        ("2..4R 1..3R", "twice"),
        ("2..4X", "LOW..HIGH followed by R"),
        ("2..R", "write a range"),
        ("2..4R Napoleon", "Napoleon"),
    ],
)
def test_template_errors_name_the_problem(text, words):
    with pytest.raises(oe.OddsEngineError, match=words):
        parse_template(text)


# -- answers -----------------------------------------------------------------------------


def test_interception_sweep_matches_hand_counts():
    # 13.2: 2d6 + rating >= 9: 10, 15 and 21 of 36 for ratings 0, 1, 2.
    frame = sweep("intercept", {"interceptor": "4R L0..2", "mover": "4R"}, progress=False)
    success = frame[frame["outcome"] == "success"]
    assert success["interceptor_rating"].tolist() == [0, 1, 2]
    assert (success["probability"] * 36).round(9).tolist() == [10, 15, 21]
    assert set(success["method"]) == {"exact"}
    assert success["version"].iloc[0] == oe.__version__


def test_exact_rows_equal_the_exact_engine():
    frame = sweep(
        "assault",
        {"attacker": "5..6R L1", "defender": "2R", "attacker_cards": ["", "siege-mining"]},
        progress=False,
    )
    assert frame["scenario_key"].nunique() == 4
    for (attacker, cards), rows in frame.groupby(["attacker", "attacker_cards"]):
        expected = oe.exact(oe.Assault(attacker, "2R", attacker_cards=cards))
        got = dict(zip(rows["outcome"], rows["probability"], strict=True))
        assert got == pytest.approx(expected.p, abs=1e-12)
        assert (rows["ci95_low"] == rows["probability"]).all()
        assert (rows["stderr"] == 0).all()


def test_tidy_columns():
    frame = sweep("battle", {"attacker": "3..4R", "defender": "hapsburg: 3R"}, progress=False)
    for name in (
        "attacker",
        "attacker_regulars",
        "defender",
        "outcome",
        "kind",
        "probability",
        "ci95_low",
        "ci95_high",
        "stderr",
        "trials",
        "method",
        "seed",
        "version",
        "status",
    ):
        assert name in frame.columns
    assert set(frame["kind"]) == {"outcome", "event"}


def test_monte_carlo_rows_equal_a_solo_run_and_agree_with_exact():
    specs = {"4R L1": oe.Assault("4R L1", "2R"), "7R L0": oe.Assault("7R L0", "2R")}
    frame = sweep(
        "assault",
        {"attacker": ["4R L1", "7R L0"], "defender": "2R"},
        method="monte-carlo",
        precision=0.01,
        seed=11,
        progress=False,
    )
    for attacker, spec in specs.items():
        alone = oe.simulate(spec, trials=BLOCK_TRIALS, seed=11, precision=0.01)
        rows = frame[frame["attacker"] == attacker].set_index("outcome")
        for name, value in alone.p.items():
            assert rows.at[name, "probability"] == value
            assert rows.at[name, "trials"] == alone.trials
        exact = oe.exact(spec).p
        for name in spec.outcome_names:
            error = max(rows.at[name, "stderr"], 1e-9)
            assert abs(rows.at[name, "probability"] - exact[name]) < 5 * error
    assert (frame["seed"] == 11).all()


def test_refused_scenarios_are_reported_skipped_or_raised():
    grid = {"attacker": "2..3R", "defender": "2R"}
    # 15: 2R do not outnumber a garrison of 2, 3R do: 1 of the 2 scenarios is refused.
    with pytest.warns(RefusedScenariosWarning, match=r"^1 of 2 scenarios refused: .*outnumber"):
        frame = sweep("assault", grid, progress=False)
    refused = frame[frame["status"] == "refused"]
    assert refused["attacker"].tolist() == ["2R"]
    assert "outnumber" in refused["reason"].iloc[0]
    assert refused["probability"].isna().all()
    skipped = sweep("assault", grid, on_refused="skip", progress=False)
    assert set(skipped["attacker"]) == {"3R"}
    with pytest.raises(oe.OddsEngineError, match="outnumber"):
        sweep("assault", grid, on_refused="raise", progress=False)


def test_explicit_scenarios_and_policy_parameters():
    frame = sweep(
        "assault",
        scenarios=[
            {"attacker": "6R L0", "defender": "3R", "siege_artillery_policy": "always"},
            {"attacker": "6R L0", "defender": "3R"},
        ],
        fixed={"attacker_cards": "siege-artillery"},
        progress=False,
    )
    spent = frame[frame["outcome"] == "card_spent:siege-artillery"]["probability"].tolist()
    assert spent[0] == pytest.approx(1.0)  # "always": spent on every roll
    assert spent[1] < 1.0


def test_bad_sweeps_are_refused():
    with pytest.raises(oe.OddsEngineError, match="unknown sweep kind"):
        Sweep("siege", grid={"attacker": "2R"})
    with pytest.raises(oe.OddsEngineError, match="unknown assault parameter 'atacker'"):
        Sweep("assault", grid={"atacker": "2R"})
    with pytest.raises(oe.OddsEngineError, match="grid or a list"):
        Sweep("assault")
    with pytest.raises(oe.OddsEngineError, match="precision"):
        Sweep("assault", grid={"attacker": "3R", "defender": "1R"}, precision=0.7)


def test_register_kind_is_the_hook_for_other_specs():
    class NoExact(oe.Interception):
        exact_available = False

    import dataclasses

    NoExact = dataclasses.dataclass(frozen=True)(NoExact)
    register_kind("no-exact", NoExact)
    try:
        frame = sweep(
            "no-exact",
            {"interceptor": "L1", "mover": "1R"},
            trials=BLOCK_TRIALS,
            precision=None,
            seed=3,
            progress=False,
        )
    finally:
        del SPEC_KINDS["no-exact"]
    assert set(frame["method"]) == {"monte-carlo"}


# -- files ------------------------------------------------------------------------------


def _grid_sweep(**options):
    return Sweep(
        "assault",
        grid={"attacker": "3..8R L0..1", "defender": "1..2R"},
        method="monte-carlo",
        precision=None,
        trials=1000,
        seed=5,
        **options,
    )


def test_interrupted_sweep_resumes_without_losing_or_duplicating(tmp_path, monkeypatch):
    out = tmp_path / "results.csv"
    complete = _grid_sweep().run(progress=False)
    real_run_batch = sweep_module.run_batch
    calls = {"count": 0}

    def interrupted(items, settings):
        calls["count"] += 1
        if calls["count"] == 3:
            raise KeyboardInterrupt
        return real_run_batch(items, settings)

    monkeypatch.setattr(sweep_module, "run_batch", interrupted)
    with pytest.raises(KeyboardInterrupt):
        _grid_sweep().run(out, progress=False, batch_size=4, checkpoint_seconds=0)
    partial = pd.read_csv(out)
    assert partial["scenario_key"].nunique() == 8  # two whole batches of 4
    assert not list(tmp_path.glob("*.partial"))
    monkeypatch.setattr(sweep_module, "run_batch", real_run_batch)
    with pytest.raises(oe.OddsEngineError, match="--resume"):
        _grid_sweep().run(out, progress=False)
    resumed = _grid_sweep().run(out, resume=True, progress=False, batch_size=4)
    assert not resumed.duplicated(["scenario_key", "outcome"]).any()
    on_disk = pd.read_csv(out)
    assert len(on_disk) == len(complete) == len(resumed)
    pd.testing.assert_series_equal(
        on_disk["probability"], complete["probability"], check_names=False
    )
    assert on_disk["attacker"].tolist() == complete["attacker"].tolist()


def test_resume_refuses_another_sweep(tmp_path):
    out = tmp_path / "results.csv"
    _grid_sweep().run(out, progress=False)
    other = Sweep(
        "assault",
        grid={"attacker": "3..8R L0..1", "defender": "1..2R"},
        method="monte-carlo",
        precision=None,
        trials=1000,
        seed=6,
    )
    with pytest.raises(oe.OddsEngineError, match="another sweep"):
        other.run(out, resume=True, progress=False)


@pytest.mark.slow
def test_parquet_output_round_trips(tmp_path):
    pytest.importorskip("pyarrow")
    out = tmp_path / "results.parquet"
    grid = {"attacker": "2..4R", "defender": "0..2R"}
    # 15: 2R against 2R is refused (and said again on resuming).
    with pytest.warns(RefusedScenariosWarning, match="^1 of 9 scenarios refused"):
        frame = sweep("assault", grid, out=out, progress=False)
    stored = pd.read_parquet(out)
    assert len(stored) == len(frame)
    assert stored["probability"].equals(frame["probability"])
    with pytest.warns(RefusedScenariosWarning, match="^1 of 9 scenarios refused"):
        resumed = sweep("assault", grid, out=out, resume=True, progress=False)
    assert len(resumed) == len(frame)


def test_parquet_without_pyarrow_says_so(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    with pytest.raises(oe.OddsEngineError, match="pyarrow.*or write .csv"):
        sweep("assault", {"attacker": "3R", "defender": "1R"}, out=tmp_path / "r.parquet")


def test_unknown_output_format(tmp_path):
    with pytest.raises(oe.OddsEngineError, match=".parquet or .csv"):
        sweep("assault", {"attacker": "3R", "defender": "1R"}, out=tmp_path / "r.xlsx")


# -- Dask -------------------------------------------------------------------------------


def test_scheduler_without_dask_says_how_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "dask", None)
    monkeypatch.setitem(sys.modules, "distributed", None)
    monkeypatch.setitem(sys.modules, "dask.distributed", None)
    with pytest.raises(oe.OddsEngineError, match=r'pip install "oddsengine\[distributed\]"'):
        sweep(
            "assault",
            {"attacker": "3R", "defender": "1R"},
            scheduler="tcp://127.0.0.1:8786",
            progress=False,
        )
    assert "oddsengine[distributed]" in DISTRIBUTED_HINT


@pytest.mark.slow
def test_local_cluster_gives_the_local_numbers():
    distributed = pytest.importorskip("distributed")
    grid = {"attacker": "3..6R L0..1", "defender": "1..2R"}
    options = {"method": "monte-carlo", "precision": None, "trials": 5000, "seed": 9}
    local = sweep("assault", grid, progress=False, **options)
    with (
        distributed.LocalCluster(
            n_workers=1,
            threads_per_worker=1,
            processes=False,
            host="127.0.0.1",
            # In-process workers talk "inproc" by default, which takes no host; TCP on the
            # loopback interface exercises the real transport.
            dashboard_address=None,
            protocol="tcp://",
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        remote = sweep("assault", grid, progress=False, client=client, batch_size=3, **options)
    pd.testing.assert_frame_equal(local, remote)


# -- command line -----------------------------------------------------------------------


def test_sweep_command_writes_csv_and_resumes(tmp_path, capsys):
    spec = tmp_path / "sweep.toml"
    spec.write_text(
        'kind = "assault"\nseed = 1\n[grid]\nattacker = "2..5R L0..1"\ndefender = "0..2R"\n'
    )
    out = tmp_path / "results.csv"
    assert main(["sweep", str(spec), "--out", str(out), "--quiet"]) == 0
    assert "24 scenarios (2 refused by the rules)" in capsys.readouterr().out
    first = pd.read_csv(out)
    assert main(["sweep", str(spec), "--out", str(out), "--resume", "--quiet"]) == 0
    assert len(pd.read_csv(out)) == len(first)
    assert main(["sweep", str(spec), "--out", str(out), "--quiet"]) == 2
    assert "--resume" in capsys.readouterr().err


def test_example_sweep_file_is_valid():
    from importlib.resources import files

    path = files("oddsengine") / "examples" / "assault_sweep.toml"
    plan = Sweep.from_toml(path)
    scenarios = plan.expand()
    assert len(scenarios) == 15 * 3 * 5 * 2 + 1


def test_sweep_file_errors(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('kind = "assault"\nspeed = 3\n[grid]\nattacker = "3R"\n')
    with pytest.raises(oe.OddsEngineError, match="unknown key"):
        Sweep.from_toml(bad)
    with pytest.raises(oe.OddsEngineError, match="no sweep file"):
        Sweep.from_toml(tmp_path / "missing.toml")

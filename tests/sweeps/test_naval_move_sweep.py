"""Sweeps of a scenario file's naval move (RULES.md §14): the ``naval-move-scenario`` kind."""

from __future__ import annotations

from fractions import Fraction
from importlib import resources

import pandas as pd
import pytest

import oddsengine as oe
from oddsengine.cli import main
from oddsengine.moves.naval_move_scenario import NavalMoveScenario

SWEEP = resources.files("oddsengine").joinpath("examples", "barbary_coast_sweep.toml")


def _two_dice_at_least(total: int) -> Fraction:
    return Fraction(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= total), 36)


@pytest.fixture(scope="module")
def swept(tmp_path_factory):
    out = tmp_path_factory.mktemp("sweep") / "barbary.csv"
    assert main(["sweep", str(SWEEP), "--out", str(out)]) == 0
    return pd.read_csv(out)


@pytest.mark.rule(
    "14", cites="The naval move of a scenario file, with flat parameters (RULES.md §14)"
)
def test_the_shipped_sweep_plays_every_fleet_and_interception_by_hand(swept):
    # §14: Venice (2d6 >= 9) tries first, then Doria (2d6 + 2 >= 9), until one succeeds;
    # Doria's roll does not depend on his squadrons.
    venice, doria = _two_dice_at_least(9), _two_dice_at_least(7)
    rows = swept[(swept["status"] == "ok") & (swept["outcome"] == "intercepted")]
    rows = rows[rows["units"].isna()]
    assert sorted(rows["fleet_squadrons"].unique()) == [1, 2, 3, 4, 5]
    for _, row in rows.iterrows():
        only_doria = row["interception_policy"] != "all"
        expected = doria if only_doria else venice + (1 - venice) * doria
        assert row["probability"] == pytest.approx(float(expected), abs=1e-12)


@pytest.mark.rule(
    "14", cites="The naval move of a scenario file, with flat parameters (RULES.md §14)"
)
def test_a_scenario_the_rules_refuse_is_a_row_with_the_reason(swept):
    refused = swept[swept["status"] == "refused"]
    assert len(refused) == 1
    assert "is more than ottoman: 2Sq 1Co Barbarossa" in refused["reason"].iloc[0]


def test_the_scenario_is_the_files_naval_move_with_the_changes():
    changed = NavalMoveScenario(
        "barbary_coast", fleet_location="Tyrrhenian Sea", fleet="hapsburg: 4Sq Andrea Doria"
    )
    assert (
        oe.exact(changed).p
        == oe.exact(
            oe.load_naval_move("barbary_coast").__class__(
                changed.naval_move.situation, "Tunis", "Barbary Coast"
            )
        ).p
    )
    assert changed.naval_move.situation.fleet("Tyrrhenian Sea", "hapsburg").fleet.squadrons == 4


def test_refusals_name_the_problem():
    with pytest.raises(oe.OddsEngineError, match="fleet_location and fleet together"):
        NavalMoveScenario("barbary_coast", fleet="hapsburg: 2Sq")
    with pytest.raises(oe.OddsEngineError, match="each location once"):
        NavalMoveScenario("barbary_coast", interception_policy="Ionian Sea=none,Ionian Sea=all")
    with pytest.raises(oe.OddsEngineError, match="holds a land"):
        NavalMoveScenario("vienna")


@pytest.mark.filterwarnings("ignore::oddsengine.sweeps.refusals.RefusedScenariosWarning")
@pytest.mark.parametrize("batch_size", [None, 32])
def test_a_sweep_of_naval_moves_is_saved_every_checkpoint_as_it_builds_them(
    tmp_path, monkeypatch, batch_size
):
    """A naval move's spec holds its whole tree (RULES.md §14): building it is the work of
    its scenario, and the output is saved every checkpoint_seconds of that work too.

    The sweep's clock is a virtual one that only the building moves (half a second a
    scenario), so what is checked does not depend on the machine's speed or load.
    """
    import types

    from oddsengine.sweeps import _grid, _runner
    from oddsengine.sweeps import sweep as sweep_module
    from oddsengine.sweeps._output import OutputFile

    clock = [0.0]
    monkeypatch.setattr(_runner, "time", types.SimpleNamespace(monotonic=lambda: clock[0]))
    real_build = _grid.build_spec

    def slow_build(spec_class, parameters):
        clock[0] += 0.5
        return real_build(spec_class, parameters)

    writes = []
    real_write = OutputFile.write

    def recording(self, frame):
        writes.append((clock[0], frame["scenario_key"].nunique()))
        real_write(self, frame)

    monkeypatch.setattr(sweep_module, "build_spec", slow_build)
    monkeypatch.setattr(OutputFile, "write", recording)
    plan = oe.Sweep.from_toml(str(SWEEP))
    out = tmp_path / "barbary.csv"
    frame = plan.run(out, progress=False, batch_size=batch_size, checkpoint_seconds=2.0)
    # 11 scenarios, 5.5 s of building: a checkpoint every 2 s plus one scenario, not one
    # write at the end.
    assert clock[0] == 5.5 and writes[-1] == (5.5, 11)
    times = [moment for moment, _ in writes]
    gaps = [later - earlier for earlier, later in zip([0.0, *times], times, strict=False)]
    assert len(writes) >= 3 and max(gaps) <= 2.5
    counts = [count for _, count in writes]
    assert counts == sorted(counts)
    pd.testing.assert_frame_equal(frame, sweep_module.read_table(out))

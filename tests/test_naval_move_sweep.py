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


def test_a_scenario_the_rules_refuse_is_a_row_with_the_reason(swept):
    refused = swept[swept["status"] == "refused"]
    assert len(refused) == 1
    assert "is more than ottoman: 2Sq 1Co Barbarossa" in refused["reason"].iloc[0]


def test_the_scenario_is_the_files_naval_move_with_the_changes():
    changed = NavalMoveScenario(
        "barbary_coast", fleet_location="Tyrrhenian Sea", fleet="hapsburg: 4Sq Andrea Doria"
    )
    assert oe.exact(changed).p == oe.exact(
        oe.load_naval_move("barbary_coast").__class__(
            changed.naval_move.situation, "Tunis", "Barbary Coast"
        )
    ).p
    assert changed.naval_move.situation.fleet("Tyrrhenian Sea", "hapsburg").fleet.squadrons == 4


def test_refusals_name_the_problem():
    with pytest.raises(oe.OddsEngineError, match="fleet_location and fleet together"):
        NavalMoveScenario("barbary_coast", fleet="hapsburg: 2Sq")
    with pytest.raises(oe.OddsEngineError, match="each location once"):
        NavalMoveScenario("barbary_coast", interception_policy="Ionian Sea=none,Ionian Sea=all")
    with pytest.raises(oe.OddsEngineError, match="holds a land"):
        NavalMoveScenario("vienna")

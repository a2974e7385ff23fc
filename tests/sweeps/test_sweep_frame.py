"""A sweep's frame built column by column is the frame of its records, bit for bit.

:func:`table_frame` builds the frame of rows that share their keys column by column; the
general path (:func:`_records_table_frame`) goes through ``DataFrame.from_records``. Every
sweep here is run with ``table_frame`` watched: each frame it makes (checkpoints, the end,
a resume) is compared with the general path's frame of the same rows: the same columns,
order and dtypes, None (not NaN) in the text columns, and the same bits in every float.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pandas as pd
import pytest

from oddsengine.errors import OddsEngineError
from oddsengine.results.result import Result
from oddsengine.sweeps import _output, _runner
from oddsengine.sweeps._output import (
    INTEGER_COLUMNS,
    _records_table_frame,
    _uniform_table_frame,
    integer_array,
    read_table,
    table_frame,
)
from oddsengine.sweeps.sweep import Sweep

pytestmark = pytest.mark.slow


def assert_same_frame(fast, slow):
    """Equal frames, down to the dtypes, None in object columns and the bits of floats."""
    pd.testing.assert_frame_equal(fast, slow, check_exact=True)
    assert list(fast.columns) == list(slow.columns)
    assert fast.columns.dtype == slow.columns.dtype
    assert type(fast.index) is type(slow.index)
    for name in fast.columns:
        assert fast[name].dtype == slow[name].dtype, name
        if fast[name].dtype == object:
            left, right = fast[name].tolist(), slow[name].tolist()
            assert [type(value) for value in left] == [type(value) for value in right], name
            assert left == right, name
        elif fast[name].dtype == np.float64:
            left = fast[name].to_numpy().view(np.int64)
            right = slow[name].to_numpy().view(np.int64)
            assert np.array_equal(left, right), name


@pytest.fixture
def watched(monkeypatch):
    """Every frame a sweep makes is checked against the general path; counts the frames
    that took the column-by-column path."""
    counts = {"frames": 0, "uniform": 0}

    def checked(rows, order):
        frame = table_frame(rows, order)
        ordered = sorted(rows, key=lambda row: order.get(row["scenario_key"], -1))
        assert_same_frame(frame, _records_table_frame(ordered))
        counts["frames"] += 1
        counts["uniform"] += _uniform_table_frame(ordered) is not None
        return frame

    monkeypatch.setattr(_runner, "table_frame", checked)
    return counts


def _quiet_run(plan, *args, **options):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return plan.run(*args, progress=False, **options)


EXACT_WITH_REFUSALS = Sweep(
    "assault",
    grid={
        "attacker": "2..6R L0..1",
        "defender": "0..4R L0..1",
        "attacker_cards": ["", "siege-mining", "siege-artillery"],
    },
    method="exact",
)
MONTE_CARLO = Sweep(
    "battle",
    grid={"attacker": "1..3R L0..1", "defender": "1..2R"},
    method="monte-carlo",
    seed=7,
    trials=2000,
)
PRECISION_WITH_REFUSALS = Sweep(
    "assault",
    grid={"attacker": "2..4R L1", "defender": "0..3R"},
    method="monte-carlo",
    seed=3,
    precision=0.05,
)


@pytest.mark.parametrize(
    "plan", [EXACT_WITH_REFUSALS, MONTE_CARLO, PRECISION_WITH_REFUSALS], ids=lambda p: p.kind
)
def test_uniform_sweeps_take_the_column_path_and_agree(watched, plan):
    frame = _quiet_run(plan)
    assert watched["frames"] >= 1 and watched["uniform"] == watched["frames"]
    assert str(frame["seed"].dtype) == "Int64" and str(frame["trials"].dtype) == "Int64"


def test_an_all_refused_sweep_is_refused_before_any_frame(watched):
    # Issue 34: a sweep no row of which can be answered (here for reasons that differ only
    # by a count) is an error, not a table of refusals: no frame is built.
    plan = Sweep("assault", grid={"attacker": "1..2R", "defender": "3..4R"}, method="exact")
    with pytest.raises(OddsEngineError, match="every scenario is refused"):
        _quiet_run(plan)
    assert watched["frames"] == 0


def test_scenarios_with_different_parameters_take_the_records_path(watched):
    """The shipped example adds explicit scenarios with other parameters (NaN cells)."""
    frame = _quiet_run(Sweep.from_toml("assault_sweep"))
    assert frame["attacker_regulars"].isna().any()
    assert watched["frames"] >= 1 and watched["uniform"] == 0
    # Counts stay whole numbers with a gap: nullable integers, not float64 with NaN.
    for name in ("attacker_regulars", "attacker_rating", "defender_regulars"):
        assert str(frame[name].dtype) == "Int64", name


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_resumed_rows_agree_and_the_files_are_the_same(tmp_path, watched, suffix):
    if suffix == ".parquet":
        pytest.importorskip("pyarrow")
    first = Sweep(
        "assault",
        grid={"attacker": "2..5R L0..1", "defender": "0..3R"},
        method="monte-carlo",
        seed=11,
        trials=1000,
    )
    out = tmp_path / f"sweep{suffix}"
    partial = _quiet_run(first, out)
    # Keep half of the scenarios, then resume: rows read back join the new ones.
    keys = partial["scenario_key"].unique()[::2]
    kept = partial[partial["scenario_key"].isin(keys)]
    kept.to_csv(out, index=False) if suffix == ".csv" else kept.to_parquet(out, index=False)
    resumed = _quiet_run(first, out, resume=True)
    assert_same_frame(resumed, partial)
    assert watched["uniform"] >= 1

    # The frame of the records path writes the same file, byte for byte.
    rows = read_table(out).to_dict("records")
    order = {key: index for index, key in enumerate(resumed["scenario_key"].unique())}
    again, reference = tmp_path / f"again{suffix}", tmp_path / f"reference{suffix}"
    for frame, path in ((table_frame(rows, order), again), (_records_table_frame(rows), reference)):
        frame.to_csv(path, index=False) if suffix == ".csv" else frame.to_parquet(path, index=False)
    assert again.read_bytes() == reference.read_bytes()


def _row(**changes):
    row = {
        "attacker": "3R",
        "engagement": "assault",
        "status": "ok",
        "reason": None,
        "outcome": "success",
        "kind": "outcome",
        "probability": 0.25,
        "ci95_low": 0.25,
        "ci95_high": 0.25,
        "stderr": 0.0,
        "trials": None,
        "method": "exact",
        "seed": None,
        "precision_target": None,
        "version": "0",
        "scenario_key": "0" * 20,
    }
    row.update(changes)
    return row


@pytest.mark.parametrize(
    "rows",
    [
        [_row(), _row(outcome=math.nan, reason=pd.NA)],  # missing text of other kinds
        [_row(), _row(outcome=3)],  # not text: the records path decides
        [_row(), _row(outcome=np.str_("success"), method=np.str_("exact"))],
        [_row(), _row(probability="0.5")],  # text where a float belongs
        [_row(), _row(probability="not a number")],
        [_row(), _row(probability=pd.NA)],
        [_row(), _row(seed=np.int64(2**62 + 1), trials="1000")],
        [_row(precision_target=1), _row(precision_target=True)],
        [_row(), _row(defender="1R") | {"attacker": None}],  # other keys
        [_row(), {key: value for key, value in _row().items() if key != "attacker"}],
        [{key: value for key, value in _row().items() if key != "version"}],
        [_row(attacker=2**70), _row(attacker=np.nan)],
    ],
)
def test_unusual_rows_give_the_records_frame(rows):
    order = {"0" * 20: 0}
    assert_same_frame(table_frame(rows, order), _records_table_frame(rows))


def test_integer_columns_keep_every_digit():
    values = [None, 2**63 - 1, 3, np.int64(2**62 + 1), "12", "1.0", math.nan, pd.NA, True]
    expected = [None, 2**63 - 1, 3, 2**62 + 1, 12, 1, None, None, 1]
    array = integer_array(values)
    assert str(array.dtype) == "Int64"
    assert [None if value is pd.NA else int(value) for value in array] == expected
    assert INTEGER_COLUMNS == ("trials", "seed")


def test_the_fast_path_is_used_by_default():
    """table_frame is what the runner calls (the fixture above watches that name)."""
    assert _runner.table_frame is _output.table_frame


# -- Result.rows(): the same records as one dict built per name, as before ---------------


def _rows_one_by_one(result):
    """Result.rows() as it was written first: every property read again for each row."""
    return [
        {
            "outcome": name,
            "kind": "outcome" if name in result.outcome_names else "event",
            "probability": result.p[name],
            "ci95_low": result.ci95[name][0],
            "ci95_high": result.ci95[name][1],
            "stderr": result.stderr[name],
            "method": result.method,
            "trials": result.trials,
            "seed": result.seed,
        }
        for name in result.p
    ]


def _bits(rows):
    return [
        {key: value.hex() if isinstance(value, float) else value for key, value in row.items()}
        for row in rows
    ]


def test_result_rows_are_the_records_of_every_name():
    import oddsengine as oe
    from oddsengine.engines.exact_grid import exact_results

    specs = [
        scenario.spec for scenario in EXACT_WITH_REFUSALS.expand() if scenario.spec is not None
    ]
    results = exact_results(specs)
    results.append(oe.simulate(oe.FieldBattle("4R L1", "hapsburg: 3R"), trials=5000, seed=2))
    # A subclass with outcome and event names of its own.
    results.append(oe.exact_campaign(oe.SiegeCampaign("4R", "2R", horizon=2)))
    for result in results:
        rows = result.rows()
        assert [list(row) for row in rows] == [list(Result.ROW_COLUMNS)] * len(rows)
        assert _bits(rows) == _bits(_rows_one_by_one(result))
    assert any(row["kind"] == "event" for row in results[-1].rows())

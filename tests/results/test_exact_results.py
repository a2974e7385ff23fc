"""Exact results of a batch, merged at once, are those of oddsengine.exact to the last bit;
so are an exact sweep's rows."""

import numpy as np
import pytest

import oddsengine as oe
from oddsengine.engines.exact_grid import exact_results
from oddsengine.sweeps.sweep import Sweep
from tests.engines.test_exact_grid import CASES

# Their grids hold scenarios the rules refuse, on purpose: the refusal note is tested in
# tests/results/test_refusals.py.
pytestmark = pytest.mark.filterwarnings(
    "ignore::oddsengine.sweeps.refusals.RefusedScenariosWarning"
)

OTHER_KINDS = [
    oe.Interception("hapsburg: 2R Charles-V", "france: 4R"),
    oe.AvoidBattle("france: 3R L1", "hapsburg: 4R Charles-V"),
    oe.FieldBattle("3R L1", "hapsburg: 2R", defender_ally="england: 1R"),
    oe.FieldBattle("3R 1C L1", "hapsburg: 2M 1R", attacker_cards=["surprise-attack"]),
]


def _same(result, expected) -> bool:
    return (
        result.p == expected.p
        and result.weights.tobytes() == expected.weights.tobytes()
        and list(result.states) == list(expected.states)
        and all(
            np.array_equal(result.states[name], expected.states[name])
            and result.states[name].dtype == expected.states[name].dtype
            for name in expected.states
        )
    )


@pytest.mark.parametrize("case", sorted(CASES))
def test_batch_equals_one_by_one_on_every_kind_and_card(case):
    specs = CASES[case]
    for result, spec in zip(exact_results(specs), specs, strict=True):
        assert _same(result, oe.exact(spec)), spec.describe()


def test_mixed_kinds_in_one_batch():
    specs = [*OTHER_KINDS, *CASES["assault, Treachery"][:3], *CASES["battle"][:3]]
    results = exact_results(specs)
    assert [result.spec for result in results] == specs
    for result, spec in zip(results, specs, strict=True):
        assert _same(result, oe.exact(spec)), spec.describe()


def test_a_plain_battle_by_hand():
    # 14 steps 2-3: 1 die against 2 (the defender's +1), hits on 5-6 (1/3): the attacker
    # wins only when it hits and both defending dice miss, 1/3 * 4/9 = 4/27.
    (result,) = exact_results([oe.FieldBattle("1R", "1R")])
    assert result.p["attacker_wins"] == pytest.approx(4 / 27, abs=1e-15)
    assert exact_results([]) == []


@pytest.mark.slow
@pytest.mark.parametrize(
    ("kind", "grid"),
    [
        (
            "assault",
            {
                "attacker": "2..6R L0..1",
                "defender": "0..2R L0..1",
                "attacker_cards": ["", "siege-mining", "siege-artillery", "treachery"],
            },
        ),
        (
            "battle",
            {
                "attacker": "1..4R L0..1",
                "defender": "hapsburg: 1..3R",
                "attacker_cards": ["", "surprise-attack", "field-artillery"],
                "defender_cards": ["", "tercios", "gout"],
            },
        ),
        ("intercept", {"interceptor": "hapsburg: 1..3R Charles-V", "mover": "france: 4R"}),
        ("avoid", {"attacker": "france: 3R L1", "defender": "hapsburg: 1..4R Charles-V"}),
        ("naval", {"attacker": "ottoman: 1..3Sq", "defender": "hapsburg: 1..2Sq"}),
        ("foreign-war", {"war": "persia", "force": "4..5R Ibrahim", "horizon": [1, 3]}),
        ("piracy", {"pirates": "ottoman: 2..3Co", "zone_squadrons": [0, 2]}),
    ],
)
def test_sweep_rows_are_the_exact_results(kind, grid):
    frame = Sweep(kind, grid=grid, method="exact").run(progress=False)
    answered = frame[frame["status"] == "ok"]
    assert len(answered)
    specs = {
        scenario.key: scenario.spec for scenario in Sweep(kind, grid=grid, method="exact").expand()
    }
    for key, rows in answered.groupby("scenario_key", sort=False):
        expected = oe.exact(specs[key]).p
        assert dict(zip(rows["outcome"], rows["probability"], strict=True)) == expected


@pytest.mark.parametrize("case", sorted(CASES))
def test_an_equal_spec_asked_again_gets_the_first_answer_to_the_last_bit(case):
    from oddsengine.draws import draw_plan_of
    from oddsengine.engines import exact as exact_module
    from oddsengine.results.result import Result

    for spec in [*CASES[case][:4], *OTHER_KINDS]:
        plan = draw_plan_of(spec)
        merged = Result.from_cells(spec, "exact", plan.cell_values(), plan.cell_probabilities())
        exact_module._cell_maps.pop(spec, None)
        first = oe.exact(spec)
        again = oe.exact(type(spec)(**{name: getattr(spec, name) for name in _fields(spec)}))
        assert spec in exact_module._cell_maps
        assert _same(first, merged) and _same(again, merged)
        assert again.states["outcome"] is not merged.states["outcome"]


def _fields(spec):
    import dataclasses

    return [item.name for item in dataclasses.fields(spec) if item.init]

"""Output formats belong to the result types: one row schema, one render for every format."""

import json
from fractions import Fraction

import numpy as np
import pytest

import oddsengine as oe
from oddsengine.errors import OddsEngineError
from oddsengine.results.output import FORMATS, Rendered
from oddsengine.results.result import Result


@pytest.fixture(scope="module")
def interception():
    # 13.2: 2d6 + 2 (Charles V) - 1 (Ottoman cavalry in the mover) >= 9, so 8+ on 2d6: 15/36.
    return oe.exact(oe.Interception("hapsburg: 8R charles-v", "7R 1C Suleiman"))


def test_rows_follow_the_one_schema(interception):
    rows = interception.rows()
    assert all(tuple(row) == Result.ROW_COLUMNS for row in rows)
    success = next(row for row in rows if row["outcome"] == "success")
    assert Fraction(success["probability"]).limit_denominator(36) == Fraction(15, 36)
    assert list(interception.to_frame().columns) == list(Result.ROW_COLUMNS)


def test_render_every_format(interception):
    assert json.loads(interception.render("json")) == json.loads(interception.to_json())
    lines = interception.render("csv").splitlines()
    # The row schema first, then what the CSV answers: the engagement and its forces.
    assert lines[0] == ",".join((*Result.ROW_COLUMNS, "engagement", "interceptor", "mover"))
    assert lines[1].endswith(",intercept,hapsburg: 8R Charles V,ottoman: 7R 1C Suleiman")
    assert len(lines) == 1 + len(interception.rows())
    assert interception.to_csv(header=False) == "\n".join(lines[1:]) + "\n"
    assert interception.render("table") == interception.summary() + "\n"
    markdown = interception.render("markdown")
    assert markdown.startswith("**Interception: ") and "| success | 41.6667% |" in markdown
    assert "Rules: Here I Stand, interception, rule 13.2" in markdown
    assert interception.render("bbcode").startswith("[b]Interception: ")
    with pytest.raises(OddsEngineError, match="unknown format 'xml'"):
        interception.render("xml")
    assert FORMATS == ("table", "json", "csv")


def test_campaign_results_render_through_the_same_interface():
    result = oe.exact_campaign(oe.SiegeCampaign("4R", "2R", horizon=2))
    assert isinstance(result, Rendered)
    assert result.render("csv") == result.to_frame().to_csv(index=False)
    assert json.loads(result.render("json")) == json.loads(json.dumps(result.to_dict()))


@pytest.mark.slow
def test_every_result_type_has_a_short_repr_and_html():
    # Issue 14: a short text repr and an HTML rendering for every result type.
    from oddsengine.questions.plans import load_plan

    plan, _ = load_plan("vienna_siege_plan")
    results = [
        oe.exact(oe.FieldBattle("4R L1", "hapsburg: 3R")),
        oe.exact_campaign(oe.SiegeCampaign("9R Suleiman", "hapsburg: 4R Ferdinand", horizon=2)),
        oe.needed("assault", attacker="?R L1", defender="hapsburg: 2R", target=0.5),
        oe.compare_plans(plan),
        oe.odds_table("assault", "4..5R L1", "hapsburg: 1R"),
    ]
    for result in results:
        text = repr(result)
        assert text.startswith("<") and len(text) < 200 and "\n" not in text, text
        assert hasattr(result, "_repr_html_") and "<" in result._repr_html_()


def test_exact_json_has_no_float_noise():
    # 13.2: Charles V intercepts on 8+ (15/36 = 0.416666666666667); a certain event is 1.0.
    payload = oe.exact(oe.Interception("hapsburg: 8R charles-v", "7R 1C Suleiman")).to_dict()
    assert payload["p"]["success"] == 0.416666666666667
    assert payload["p"]["success"] + payload["p"]["failure"] == 1.0
    move = json.loads(oe.exact(oe.load_move("vienna")).render("json"))
    assert move["p"]["intercept_attempted:hapsburg@Graz"] == 1.0
    assert all(len(repr(value)) <= 22 for value in move["p"].values())


def test_no_probability_is_above_one():
    # Three states whose normalised weights add up to 1 + 2**-52 when summed: an outcome
    # held by every state is a probability of 1, not more.
    weights = np.array([0.8612834961776684, 0.8765370964165805, 0.4719097193587902])
    assert np.add.reduce(weights / np.add.reduce(weights)) > 1.0
    spec = oe.FieldBattle("2R", "hapsburg: 1R")
    states = {
        "outcome": np.array(["attacker_wins"] * 3, dtype=object),
        "attacker_leaders_captured": np.ones(3, dtype=bool),
        "defender_leaders_captured": np.zeros(3, dtype=bool),
    }
    p = Result(spec, "exact", states, weights).p
    assert p["attacker_wins"] == 1.0 and p["attacker_leaders_captured"] == 1.0
    assert p["defender_wins"] == 0.0 and p["defender_leaders_captured"] == 0.0

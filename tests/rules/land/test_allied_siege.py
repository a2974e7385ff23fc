"""A siege of allied defenders who withdrew together (13.4, RULES.md §5): the move lays the
siege, and the campaign after it (``siege --after-move``, ``plan``) assaults both powers
inside, their losses split as in a battle (14 step 9), against hand-computed values."""

import json
from fractions import Fraction
from math import comb

import pytest

import oddsengine as oe
from oddsengine.cli import main
from oddsengine.engines.siege import exact_campaign, simulate_campaign
from oddsengine.moves.move import Move
from oddsengine.moves.siege_campaign import SiegeCampaign
from oddsengine.moves.situation import Situation, Stack

THIRD = Fraction(1, 3)

SCENARIO = """
[situation]
wars = [["ottoman", "hapsburg"], ["ottoman", "england"]]
alliances = [["hapsburg", "england"]]
[situation.control]
Pressburg = "ottoman"
[[stack]]
space = "Pressburg"
force = "ottoman: 8R Suleiman"
[[stack]]
space = "Vienna"
force = "hapsburg: 2R Ferdinand"
[[stack]]
space = "Vienna"
force = "england: 2R"
[move]
from = "Pressburg"
to = "Vienna"
defender = "withdraw"
"""


def binomial(dice: int, hits: int) -> Fraction:
    return comb(dice, hits) * THIRD**hits * (1 - THIRD) ** (dice - hits)


def allied_withdrawal() -> Move:
    situation = Situation(
        [
            Stack("Pressburg", "ottoman: 8R Suleiman"),
            Stack("Vienna", "hapsburg: 2R Ferdinand"),
            Stack("Vienna", "england: 2R"),
        ],
        control={"Pressburg": "ottoman"},
        wars=[("ottoman", "hapsburg"), ("ottoman", "england")],
        alliances=[("hapsburg", "england")],
    )
    return Move(situation, "Pressburg", "Vienna", defender_policy="withdraw")


@pytest.mark.rule("5", cites="13.4: allied defenders that withdrew together are besieged together")
def test_the_move_lays_a_siege_of_both_allied_powers():
    move = allied_withdrawal()
    assert oe.exact(move).p["besieging"] == pytest.approx(1.0)  # 8 > 2 + 2 inside
    (state,) = [
        s for w, s in zip(move.end_state_probabilities, move.program.end_states, strict=True) if w
    ]
    assert state.garrison.notation() == "hapsburg: 2R Ferdinand"
    assert state.garrison_ally.notation() == "england: 2R"
    campaign = SiegeCampaign.from_move(move, horizon=2)
    (siege,) = campaign.sieges
    assert siege[0] == pytest.approx(1.0)
    assert siege[3].power == "england"


@pytest.mark.rule("5", cites="13.4: allied defenders that withdrew together are besieged together")
def test_the_first_assault_on_an_allied_garrison_by_hand():
    # 15.1 steps 3-4: 8 regulars against 4 units inside: ceil(8 / 2) + 2 (Suleiman) = 6
    # dice; 4 regulars + Ferdinand 1 + 1 = 6 dice. Taken with 4 hits or more (the 8
    # besiegers cannot all die to 6 dice). After a failure with a hits and d losses the
    # siege breaks when 8 - d <= 4 - a (15.3).
    campaign = SiegeCampaign.from_move(allied_withdrawal(), horizon=1)
    assault = campaign.first_assault()
    assert (assault.attacker_dice, assault.defender_dice) == (6, 6)
    taken = sum(binomial(6, a) for a in range(4, 7))
    broken = sum(
        binomial(6, a) * binomial(6, d) for a in range(4) for d in range(7) if 8 - d <= 4 - a
    )
    result = exact_campaign(campaign)
    assert result.taken_by[0] == pytest.approx(float(taken), abs=1e-12)
    assert result.broken_by[0] == pytest.approx(float(broken), abs=1e-12)


def test_losses_inside_are_split_between_the_allies():
    # One hit on the 4 units inside: the odd loss goes to either power on a die roll
    # (14 step 9); the second assault then faces 3 units of one power make-up or the
    # other. The campaign over two impulses agrees with running both possibilities.
    campaign = SiegeCampaign.from_move(allied_withdrawal(), horizon=2)
    two = exact_campaign(campaign)
    assert two.taken_by[1] > two.taken_by[0]
    sampled = simulate_campaign(campaign, trials=400_000, seed=1517)
    for impulse in range(2):
        for name in ("taken_by", "broken_by"):
            p = float(getattr(two, name)[impulse])
            sigma = (p * (1 - p) / 400_000) ** 0.5
            assert abs(float(getattr(sampled, name)[impulse]) - p) <= 5 * sigma + 1e-12


@pytest.mark.rule("5", cites="13.4: allied defenders that withdrew together are besieged together")
def test_siege_after_move_and_plan_play_the_allied_siege(tmp_path, capsys):
    scenario = tmp_path / "allied.toml"
    scenario.write_text(SCENARIO, encoding="utf-8")
    asked = ["siege", "--after-move", str(scenario), "--horizon", "1", "--exact"]
    assert main([*asked, "--format", "json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    taken = float(sum(binomial(6, a) for a in range(4, 7)))
    assert answer["p"]["siege"] == pytest.approx(1.0)
    assert answer["p"]["taken_by_impulse_1"] == pytest.approx(taken, abs=1e-12)
    assert answer["spec"]["sieges"][0]["garrison"] == "hapsburg: 2R Ferdinand + england: 2R"
    plan = tmp_path / "plan.toml"
    plan.write_text(
        f'[plan]\nhorizon = 1\nside = "defender"\nscenario = "{scenario.name}"\n'
        '[[course]]\nname = "withdraw"\ndefender = "withdraw"\n',
        encoding="utf-8",
    )
    comparison = oe.compare_plans(str(plan))
    row = comparison.frame.set_index("course").loc["withdraw"]
    assert row["siege"] == pytest.approx(1.0)
    assert row["taken_by_impulse_1"] == pytest.approx(taken, abs=1e-12)


def test_an_allied_garrison_given_directly():
    campaign = SiegeCampaign(
        "8R Suleiman", "hapsburg: 2R Ferdinand", horizon=1, garrison_ally="england: 2R"
    )
    assert exact_campaign(campaign).taken_by[0] == pytest.approx(
        float(sum(binomial(6, a) for a in range(4, 7))), abs=1e-12
    )
    with pytest.raises(oe.OddsEngineError, match="do not outnumber"):
        SiegeCampaign("4R Suleiman", "hapsburg: 2R", horizon=1, garrison_ally="england: 2R")
    # A campaign without an ally keeps its repr (which keys its random streams).
    assert "garrison_ally" not in repr(SiegeCampaign("4R", "hapsburg: 2R", horizon=1))

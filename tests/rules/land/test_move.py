"""Whole moves: interception (13.2), avoid battle (13.3), withdrawal (13.4), field battle
(14), retreat (14.1) and siege (15) on the real board, exact and by Monte Carlo."""

import json
from fractions import Fraction
from math import comb

import numpy as np
import pytest

from oddsengine import FieldBattle, compare, exact
from oddsengine.engines.move_montecarlo import simulate_move
from oddsengine.errors import OddsEngineError
from oddsengine.moves.move import Move
from oddsengine.moves.scenario_file import load_move
from oddsengine.moves.situation import Situation, Stack

WAR = [("ottoman", "hapsburg")]


def vienna_situation(**changes):
    settings = {
        "control": {"Pressburg": "ottoman", "Brunn": "hapsburg"},
        "wars": WAR,
    }
    settings.update(changes)
    stacks = settings.pop(
        "stacks",
        [
            Stack("Pressburg", "ottoman: 7R 1C Suleiman Ibrahim"),
            Stack("Graz", "hapsburg: 8R Charles V"),
            Stack("Vienna", "hapsburg: 2R Ferdinand"),
        ],
    )
    return Situation(stacks, **settings)


def end_states(move):
    """The end states with positive probability."""
    return [
        state
        for weight, state in zip(move.end_state_probabilities, move.program.end_states, strict=True)
        if weight > 0
    ]


# -- the Vienna example of original 004 ---------------------------------------------------


def test_vienna_interception_chance_is_15_in_36():
    # 13.2: 2d6 + 2 (Charles V) - 1 (Ottoman cavalry) >= 9.
    move = load_move("vienna")
    assert [attempt.label for attempt in move.interception_attempts] == ["hapsburg@Graz"]
    result = exact(move)
    assert result.p["intercepted"] == pytest.approx(15 / 36, abs=1e-15)
    assert result.p["intercept_attempted:hapsburg@Graz"] == pytest.approx(1.0)
    assert result.p["intercepted:hapsburg@Graz"] == pytest.approx(15 / 36, abs=1e-15)


@pytest.mark.rule("6", cites="14 steps 2-3")
def test_vienna_battle_after_interception_is_10_dice_against_13():
    # Original 004: 8 units + Suleiman 2 = 10; 8 + 2 regulars, Charles V 2, +1 = 13.
    move = load_move("vienna", defender_policy="withdraw")
    battles = [battle for battle, _ in move.program.battles]
    assert len(battles) == 1
    assert (battles[0].attacker_dice, battles[0].defender_dice) == (10, 13)
    reference = exact(FieldBattle("7R 1C Suleiman Ibrahim", "hapsburg: 10R Charles-V Ferdinand"))
    result = exact(move)
    assert result.p["field_battle"] == pytest.approx(15 / 36)
    assert result.p["attacker_wins"] == pytest.approx(15 / 36 * reference.p["attacker_wins"])


@pytest.mark.rule("4", cites="Spaces the defenders in ``destination`` may avoid battle to (13.3)")
def test_vienna_defender_options_if_the_interception_fails():
    # Original 004: withdraw into Vienna, or avoid battle to Brunn, Linz or Graz, not to
    # Pressburg where the Ottomans came from (or fight).
    choices = load_move("vienna").defender_choices
    avoid = sorted(
        choice for choice in choices if choice.startswith("avoid:") and "+" not in choice
    )
    assert avoid == ["avoid:Brunn", "avoid:Graz", "avoid:Linz"]
    assert "withdraw" in choices and "fight" in choices


def test_pressburg_is_refused_even_when_hapsburg_controlled():
    # 13.3: not the space the mover came from, whoever controls it.
    situation = vienna_situation(control={"Pressburg": "hapsburg", "Brunn": "hapsburg"})
    choices = Move(situation, "Pressburg", "Vienna").defender_choices
    assert not any("Pressburg" in choice for choice in choices)
    with pytest.raises(OddsEngineError, match="not a legal choice"):
        Move(situation, "Pressburg", "Vienna", defender_policy="avoid:Pressburg")


@pytest.mark.rule("5", cites="15 / 14 step 12")
def test_vienna_best_defence_is_to_withdraw():
    move = load_move("vienna")
    assert move.program.choices["defender"] == "withdraw (best)"
    result = exact(move)
    # No interception: Ferdinand withdraws; 8 Ottoman units > 2 inside: siege (15).
    assert result.p["withdrew"] == pytest.approx(21 / 36)
    assert result.p["siege"] >= 21 / 36
    assert result.p["siege"] == pytest.approx(result.p["besieging"])


@pytest.mark.rule("4", cites="Spaces the defenders in ``destination`` may avoid battle to (13.3)")
def test_avoid_battle_roll_and_destination():
    # 13.3: 2d6 + 1 (Ferdinand) - 1 (against Ottoman cavalry) >= 9: 10/36.
    move = load_move("vienna", defender_policy="avoid:Linz")
    result = exact(move)
    assert result.p["avoid_attempted"] == pytest.approx(21 / 36)
    assert result.p["avoided_battle"] == pytest.approx(21 / 36 * 10 / 36)
    for state in end_states(move):
        if "avoided_battle" in state.events:
            assert state.defenders_end == "Linz: hapsburg: 2R Ferdinand"
            assert state.outcome == "besieging"  # an empty enemy fortress is besieged


@pytest.mark.rule("9", cites="Read a casualty order")
@pytest.mark.slow
def test_probabilities_sum_to_one_for_every_policy():
    for choice in load_move("vienna").defender_choices:
        move = load_move("vienna", defender_policy=choice)
        assert move.end_state_probabilities.sum() == pytest.approx(1.0, abs=1e-12)


# -- 14.1 retreat ------------------------------------------------------------------------


@pytest.mark.rule("6.1", cites="14.1: a losing attacker must retreat")
def test_losing_attacker_goes_back_where_it_came_from():
    move = load_move("vienna", defender_policy="fight")
    for state in end_states(move):
        if "defender_wins" in state.events:
            assert state.mover_end.startswith("Pressburg:") or state.mover_end == "eliminated"


@pytest.mark.rule("6.1", cites="14.1: a losing attacker must retreat")
def test_losing_attacker_without_a_legal_space_is_eliminated_and_leaders_captured():
    move = Move(vienna_situation(unrest=["Pressburg"]), "Pressburg", "Vienna")
    result = exact(move)
    assert result.p["attacker_retreats"] == 0
    for state in end_states(move):
        if "defender_wins" in state.events:
            assert state.mover_end == "eliminated"
            assert "Suleiman" in state.captured and "Ibrahim Pasha" in state.captured
    # Losing, or winning without outnumbering those inside (14 step 12), it has nowhere to go.
    assert result.p["attacker_eliminated"] >= result.p["defender_wins"]


@pytest.mark.rule("5", cites="13.4: a fortified space of the defenders or an ally")
def test_up_to_four_units_withdraw_into_the_fortification_the_loser_controls():
    situation = vienna_situation(
        stacks=[
            Stack("Pressburg", "ottoman: 10R 2C Suleiman Ibrahim"),
            Stack("Vienna", "hapsburg: 8R Ferdinand"),
        ]
    )
    move = Move(situation, "Pressburg", "Vienna", defender_policy="fight")
    seen_split = False
    for state in end_states(move):
        if "attacker_wins" not in state.events or state.defenders_end == "eliminated":
            continue
        inside = [part for part in state.defenders_end.split("; ") if "(inside)" in part]
        assert inside, state.defenders_end
        units = int(inside[0].split("hapsburg: ")[1].split("R")[0])
        assert units <= 4
        if "; " in state.defenders_end:
            seen_split = True
            assert "Pressburg" not in state.defenders_end
    assert seen_split


@pytest.mark.rule(
    "6.1", cites="Spaces a losing formation may retreat to from ``battle_space`` (14.1)"
)
def test_losing_defender_may_not_retreat_to_where_the_enemy_came_from():
    # Linz is unfortified: losers retreat. Its other neighbours are in unrest, so the
    # only open space would be Vienna, where the Ottomans came from.
    situation = Situation(
        [Stack("Vienna", "ottoman: 9R Suleiman"), Stack("Linz", "hapsburg: 3R Ferdinand")],
        control={"Vienna": "ottoman"},
        wars=WAR,
        unrest=["Regensburg", "Prague", "Salzburg"],
    )
    move = Move(
        situation, "Vienna", "Linz", defender_policy="fight", retreat_policy="prefer:Vienna"
    )
    result = exact(move)
    assert result.p["defender_retreats"] == 0
    assert result.p["defender_eliminated"] >= result.p["attacker_wins"]
    for state in end_states(move):
        if "attacker_wins" in state.events:
            assert state.defenders_end == "eliminated" and "Ferdinand" in state.captured
            assert state.controller == "ottoman" and state.outcome == "mover_in_control"


@pytest.mark.rule(
    "6.1", cites="Spaces a losing formation may retreat to from ``battle_space`` (14.1)"
)
@pytest.mark.rule("9", cites="Read a casualty order")
def test_retreat_goes_to_the_space_with_most_friendly_units():
    situation = Situation(
        [
            Stack("Vienna", "ottoman: 9R Suleiman"),
            Stack("Linz", "hapsburg: 3R"),
            Stack("Salzburg", "hapsburg: 2R"),
        ],
        control={"Vienna": "ottoman"},
        wars=WAR,
    )
    move = Move(situation, "Vienna", "Linz", defender_policy="fight", interception_policy="none")
    for state in end_states(move):
        if "defender_retreats" in state.events:
            assert state.defenders_end.startswith("Salzburg:")


# -- 13.2 who may intercept ---------------------------------------------------------------


@pytest.mark.rule("3", cites="13.2: adjacent, and not across a pass")
def test_no_interception_across_a_pass_by_besieged_or_already_tried_units():
    situation = Situation(
        [
            Stack("Linz", "ottoman: 6R Suleiman"),
            Stack("Salzburg", "hapsburg: 4R"),  # Salzburg-Graz is a pass
            Stack("Trieste", "hapsburg: 3R", intercepted_this_impulse=True),
            Stack("Agram", "hapsburg: 2R"),
        ],
        control={"Linz": "ottoman", "Vienna": "ottoman"},
        wars=WAR,
    )
    move = Move(situation, "Linz", "Vienna")  # into its own unbesieged fortress
    assert move.interception_attempts == ()
    situation = Situation(
        [
            Stack("Vienna", "ottoman: 6R Suleiman"),
            Stack("Salzburg", "hapsburg: 4R"),
            Stack("Trieste", "hapsburg: 3R", intercepted_this_impulse=True),
            Stack("Agram", "hapsburg: 2R"),
        ],
        control={"Vienna": "ottoman"},
        wars=WAR,
    )
    move = Move(situation, "Vienna", "Graz")
    assert [attempt.label for attempt in move.interception_attempts] == ["hapsburg@Agram"]


@pytest.mark.rule("3", cites="13.2 (original 001): once one power succeeds")
def test_one_power_succeeding_stops_other_powers_but_not_its_own_other_spaces():
    situation = Situation(
        [
            Stack("Pressburg", "ottoman: 4R"),
            Stack("Graz", "hapsburg: 4R"),
            Stack("Brunn", "hapsburg: 3R"),
            Stack("Linz", "france: 3R"),
        ],
        control={"Pressburg": "ottoman", "Brunn": "hapsburg", "Linz": "france"},
        wars=[("ottoman", "hapsburg"), ("ottoman", "france")],
        alliances=[("france", "hapsburg")],
    )
    move = Move(situation, "Pressburg", "Vienna")
    labels = [attempt.label for attempt in move.interception_attempts]
    assert labels == ["hapsburg@Brunn", "hapsburg@Graz", "france@Linz"]
    result = exact(move)
    hapsburg_fails = Fraction(26, 36) ** 2  # 2d6 >= 9 without leaders: 10/36
    assert result.p["intercept_attempted:hapsburg@Graz"] == pytest.approx(1.0)
    assert result.p["intercept_attempted:france@Linz"] == pytest.approx(float(hapsburg_fails))
    assert result.p["intercepted:france@Linz"] == pytest.approx(
        float(hapsburg_fails * Fraction(10, 36))
    )


@pytest.mark.rule(
    "3",
    cites=(
        "13.2: adjacent, and not across a pass",
        "Only the power of the units in the destination (or its ally) may",
    ),
)
def test_only_the_destination_power_or_its_allies_may_intercept():
    situation = Situation(
        [
            Stack("Pressburg", "ottoman: 4R"),
            Stack("Vienna", "hapsburg: 1R"),
            Stack("Linz", "france: 3R"),
        ],
        control={"Pressburg": "ottoman", "Linz": "france"},
        wars=[("ottoman", "hapsburg"), ("ottoman", "france")],
    )
    assert Move(situation, "Pressburg", "Vienna").interception_attempts == ()


# -- relief of a siege (15.2) -------------------------------------------------------------


@pytest.mark.rule("5", cites="15.3 after a lost relief battle (15.2)")
@pytest.mark.rule("6", cites="14 step 12: otherwise it retreats to any legal adjacent space")
def test_relief_of_a_siege_is_a_battle_against_the_besiegers():
    situation = Situation(
        [
            Stack("Vienna", "ottoman: 5R", besieged=False),
            Stack("Vienna", "hapsburg: 2R", besieged=True),
            Stack("Graz", "hapsburg: 6R Charles V"),
        ],
        control={"Vienna": "hapsburg"},
        wars=WAR,
    )
    move = Move(situation, "Graz", "Vienna")
    assert move.interception_attempts == ()
    result = exact(move)
    assert result.p["field_battle"] == pytest.approx(1.0)
    # 15.2: the relief wins (more hits): the siege is broken. 15.3: when it loses, the
    # siege breaks too as soon as the besiegers (5 - a left) do not outnumber the units
    # inside: the garrison's 2 and, on a tie at k, min(2, 6 - k) relief units that go in.
    # Relief 6 + 2 = 8 dice, besiegers 5 + 1 = 6 dice.
    third = Fraction(1, 3)

    def hits(dice, k):
        return comb(dice, k) * third**k * (1 - third) ** (dice - k)

    broken = sum(
        hits(8, a) * hits(6, d)
        for a in range(9)
        for d in range(7)
        if a > d or max(5 - a, 0) <= 2 + (min(2, max(6 - d, 0)) if a == d else 0)
    )
    assert result.p["siege_broken"] == pytest.approx(float(broken), abs=1e-12)
    assert result.p["siege_broken"] > result.p["attacker_wins"]


# -- engines agree ------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("policy", ["best", "fight", "avoid:Brunn", "avoid:Graz+withdraw"])
def test_monte_carlo_agrees_with_exact_within_5_standard_errors(policy):
    move = load_move("vienna", defender_policy=policy)
    table = compare(exact(move), simulate_move(move, trials=400_000, seed=2024))
    assert not table["disagrees"].any(), table[table["disagrees"]]


def test_monte_carlo_is_reproducible_and_independent_of_blocks():
    move = load_move("vienna")
    first = simulate_move(move, trials=300_000, seed=5)
    second = simulate_move(move, trials=300_000, seed=5)
    assert first.p == second.p
    assert first.trials == 300_000


def test_monte_carlo_precision_target():
    result = simulate_move(load_move("vienna"), trials=1000, seed=3, precision=0.002)
    assert result.half_width <= 0.002


# -- a deliberately naive reference: dice rolled one by one -------------------------------


def naive_vienna_fight(trials, rng):
    """The Vienna move with the defenders fighting, dice rolled one by one."""
    counts = {"intercepted": 0, "attacker_wins": 0, "siege": 0}
    for _ in range(trials):
        # 13.2: Charles V rolls 2d6 + 2 - 1 against 9.
        intercepted = rng.integers(1, 7) + rng.integers(1, 7) + 2 - 1 >= 9
        if intercepted:
            ottoman_units, hapsburg_units, hapsburg_rating = 8, 10, 2
        else:
            ottoman_units, hapsburg_units, hapsburg_rating = 8, 2, 1
        ottoman_dice = ottoman_units + 2  # Suleiman
        hapsburg_dice = hapsburg_units + hapsburg_rating + 1  # defender's extra die
        ottoman_hits = sum(rng.integers(1, 7) >= 5 for _ in range(ottoman_dice))
        hapsburg_hits = sum(rng.integers(1, 7) >= 5 for _ in range(hapsburg_dice))
        ottoman_left = max(ottoman_units - hapsburg_hits, 0)
        hapsburg_left = max(hapsburg_units - ottoman_hits, 0)
        if ottoman_left == 0 and hapsburg_left == 0:  # the side with more dice keeps one
            if ottoman_dice > hapsburg_dice:
                ottoman_left = 1
            else:
                hapsburg_left = 1
        attacker_wins = ottoman_hits > hapsburg_hits  # ties go to the defender
        counts["intercepted"] += intercepted
        counts["attacker_wins"] += attacker_wins
        if attacker_wins and ottoman_left > min(hapsburg_left, 4):  # 4 may go inside
            counts["siege"] += 1
    return {name: count / trials for name, count in counts.items()}


@pytest.mark.slow
def test_naive_dice_by_dice_reference_agrees_with_exact():
    trials = 20_000
    naive = naive_vienna_fight(trials, np.random.default_rng(11))
    result = exact(load_move("vienna", defender_policy="fight"))
    for name, value in naive.items():
        p = result.p[name]
        stderr = (p * (1 - p) / trials) ** 0.5
        assert abs(value - p) < 5 * stderr, (name, value, p)


def test_cards_with_post_roll_dice_run_through_both_engines():
    # Janissaries (#1): the kernel draws the extra dice of a battle plan too.
    move = load_move("vienna", defender_policy="fight", attacker_cards=("janissaries",))
    assert move.program.battles[0][1].attacker_extra.size == 6
    table = compare(exact(move), simulate_move(move, trials=300_000, seed=8))
    assert not table["disagrees"].any(), table[table["disagrees"]]


def test_refused_cards_in_a_move():
    with pytest.raises(OddsEngineError, match="stops a move"):
        load_move("vienna", defender_cards=("foul-weather",))


# -- the command line ---------------------------------------------------------------------


def test_cli_move_json_has_the_contract_keys(capsys):

    from oddsengine.cli import main

    assert main(["move", "vienna", "--exact", "--format", "json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    for key in ("intercepted", "field_battle", "attacker_wins", "siege"):
        assert key in payload["p"]
    assert payload["p"]["intercepted"] == pytest.approx(15 / 36)
    assert payload["kind"] == "move" and payload["end_states"]
    assert payload["spec"]["interceptions"][0]["needed"] == 8


def test_cli_move_accepts_a_path_and_reports_errors_on_one_line(capsys):
    from importlib import resources

    from oddsengine.cli import main

    path = str(resources.files("oddsengine").joinpath("examples", "vienna.toml"))
    assert main(["move", path, "--trials", "50000", "--seed", "1"]) == 0
    assert "Most likely end states" in capsys.readouterr().out
    assert main(["move", "vienna", "--defender", "avoid:Pressburg", "--exact"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "not a legal choice" in error


def test_cli_siege(capsys):

    from oddsengine.cli import main

    assert (
        main(
            [
                "siege",
                "--besiegers",
                "9R Suleiman",
                "--garrison",
                "hapsburg: 2R",
                "--horizon",
                "2",
                "--exact",
                "--format",
                "json",
            ]
        )
        == 0
    )
    payload = json.loads(capsys.readouterr().out)
    assert payload["p"]["taken_by_impulse_1"] == pytest.approx(0.7366, abs=1e-4)
    assert (
        main(
            ["siege", "--after-move", "vienna", "--horizon", "2", "--trials", "5000", "--seed", "1"]
        )
        == 0
    )
    assert "taken by" in capsys.readouterr().out


def test_a_campaign_after_a_move_says_how_many_sieges_it_starts_from(capsys):
    # The description lists the first SIEGES_LISTED starting sieges; beside them it says how
    # many there are and their whole chance: the chance the move lays a siege.
    from oddsengine.cli import main
    from oddsengine.moves.siege_campaign import SIEGES_LISTED

    assert main(["siege", "--after-move", "vienna", "--horizon", "1", "--exact",
                 "--format", "json"]) == 0  # fmt: skip
    payload = json.loads(capsys.readouterr().out)
    spec = payload["spec"]
    assert len(spec["sieges"]) == min(SIEGES_LISTED, spec["sieges_total"])
    assert spec["sieges_total"] > SIEGES_LISTED
    assert spec["sieges_probability"] == pytest.approx(payload["p"]["siege"], abs=1e-12)
    assert spec["sieges_probability"] == pytest.approx(exact(load_move("vienna")).p["siege"])


@pytest.mark.rule("6", cites="14 step 10 in a move")
def test_leaders_captured_says_whose():
    # 14 step 10 / 14.1: Suleiman and Ibrahim are taken when the moving formation is
    # eliminated, Ferdinand (and Charles V) when the defenders are.
    move = load_move("vienna")
    result = exact(move)
    p = result.p
    assert p["attacker_leaders_captured"] == pytest.approx(p["attacker_eliminated"])
    assert p["defender_leaders_captured"] == pytest.approx(p["defender_eliminated"])
    assert p["leaders_captured"] <= p["attacker_leaders_captured"] + p["defender_leaders_captured"]
    frame = result.states_frame()
    mover_lost = frame[frame["attacker_captured"] != ""]
    assert set(mover_lost["attacker_captured"]) == {"Suleiman, Ibrahim Pasha"}
    assert (mover_lost["defender_captured"] == "").all()
    defenders_lost = frame[frame["defender_captured"] != ""]
    assert all("Ferdinand" in names for names in defenders_lost["defender_captured"])


@pytest.mark.parametrize(
    ("horizon", "words"), [(None, "at the end of the move"), (3, "after 3 impulses")]
)
def test_the_best_defender_policy_says_what_it_maximises(horizon, words):
    move = load_move("vienna", defender_horizon=horizon)
    lines = move.describe_lines()
    assert any(line.startswith("  best = ") and words in line for line in lines)
    assert words in move.describe()["defender_criterion"]
    assert load_move("vienna", defender_policy="fight").defender_criterion is None

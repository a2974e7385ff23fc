"""A naval move on the board (RULES.md §14): the rulebook's Barbary Coast example by hand,
a die-by-die reference, Monte Carlo against exact, the port rules, cards, Foul Weather and
the refusals."""

from collections import Counter
from fractions import Fraction
from math import comb, isclose

import pytest
from naive_reference import enumerate_exactly
from naive_sea_reference import barbarossa_intercepted, two_powers_in_the_zone

import oddsengine as oe
from oddsengine.cli import main
from oddsengine.engines.move_montecarlo import simulate_move
from oddsengine.errors import OddsEngineError
from oddsengine.moves.naval_move import NavalMove, naval_end_state_records
from oddsengine.moves.scenario_file import load_naval_move
from oddsengine.moves.situation import FleetStack, Situation

THIRD = Fraction(1, 3)


def binomial(dice):
    return [comb(dice, k) * THIRD**k * (1 - THIRD) ** (dice - k) for k in range(dice + 1)]


def two_dice_at_least(total):
    return Fraction(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= total), 36)


def state_probability(result, **wanted):
    """The probability of the end states whose columns have the ``wanted`` values."""
    total = 0.0
    for index, probability in enumerate(result.probabilities):
        if all(result.states[name][index] == value for name, value in wanted.items()):
            total += probability
    return total


# -- the rulebook's example (16.2) -------------------------------------------------------


@pytest.mark.rule("14", cites="§14: once one power succeeds no other power tries")
def test_barbary_coast_interceptions_by_hand():
    """§14: the Venetians (first in this scenario's impulse order) fail on 2d6 >= 9; Doria's
    stack then tries on 2d6 + 2 >= 9, 21/36; once one power succeeds no other tries."""
    result = oe.exact(load_naval_move("barbary_coast"))
    venice = two_dice_at_least(9)
    doria = two_dice_at_least(7)
    assert doria == Fraction(21, 36)
    assert isclose(result.p["intercept_attempted:venice@Ionian Sea"], 1.0)
    assert isclose(result.p["intercepted:venice@Ionian Sea"], venice)
    assert isclose(result.p["intercept_attempted:hapsburg@Tyrrhenian Sea"], 1 - venice)
    assert isclose(result.p["intercepted:hapsburg@Tyrrhenian Sea"], (1 - venice) * doria)
    assert isclose(result.p["intercepted"], venice + (1 - venice) * doria)
    assert isclose(
        result.p["intercepted:hapsburg@Tyrrhenian Sea"]
        / result.p["intercept_attempted:hapsburg@Tyrrhenian Sea"],
        21 / 36,
    )


def test_barbary_coast_battle_seven_against_six_and_the_losses():
    """The 7 v 6 battle (4 + 1 + 2 against 4 + 2, no extra die at sea); both score 3 hits:
    a tie, the Hapsburgs win; the Ottomans lose a squadron and the corsair and retreat with
    Barbarossa and a squadron; the Hapsburgs lose a squadron (the odd hit is ignored)."""
    move = load_naval_move("barbary_coast", interception_policy={"Tyrrhenian Sea": "all"})
    result = oe.exact(move)
    attacker, defender = binomial(7), binomial(6)
    doria = Fraction(21, 36)
    defender_wins = sum(attacker[a] * defender[d] for a in range(8) for d in range(7) if a <= d)
    assert isclose(result.p["defender_wins"], doria * defender_wins)
    assert isclose(result.p["naval_battle"], doria)
    # The example's cell, 3 hits each, ends as the rulebook says; so do 2 Ottoman hits
    # against 3 (the same losses on both sides).
    example = doria * defender[3] * (attacker[2] + attacker[3])
    assert isclose(
        state_probability(
            result,
            mover_end="Algiers: ottoman: 1Sq Barbarossa",
            fleets_end="hapsburg: 1Sq Andrea Doria in Barbary Coast",
        ),
        example,
    )
    records = naval_end_state_records(result)
    record = next(
        r
        for r in records
        if r["mover_end"] == "Algiers: ottoman: 1Sq Barbarossa"
        and r["fleets_end"] == "hapsburg: 1Sq Andrea Doria in Barbary Coast"
    )
    assert record["mover_lost"] == 2 and record["lost:hapsburg"] == 1
    assert record["outcome"] == "mover_retreats"


# -- the die-by-die reference ----------------------------------------------------------


def _keyed(result, columns):
    weights = Counter()
    for index, probability in enumerate(result.probabilities):
        weights[tuple(result.states[name][index] for name in columns)] += probability
    return weights


def _assert_same(reference, exact):
    assert set(k for k, v in reference.items() if v > 1e-15) == set(
        k for k, v in exact.items() if v > 1e-15
    )
    for key, value in reference.items():
        assert isclose(exact[key], value, abs_tol=1e-12), key


@pytest.mark.rule("14", cites="§14: once one power succeeds no other power tries")
def test_die_by_die_reference_interception_combat_and_retreat():
    situation = Situation(
        wars=[("ottoman", "hapsburg")],
        control={"Tunis": "ottoman"},
        fleets=[
            FleetStack("Tunis", "ottoman: 1Sq 1Co Barbarossa"),
            FleetStack("Tyrrhenian Sea", "hapsburg: 1Sq Doria"),
        ],
    )
    exact = oe.exact(NavalMove(situation, "Tunis", "Barbary Coast"))
    reference = enumerate_exactly(barbarossa_intercepted)
    _assert_same(reference, _keyed(exact, ("outcome", "mover_end", "fleets_end")))


@pytest.mark.rule(
    "14",
    cites=(
        "§14: avoid battle only when no interception happened, never in a port",
        "the mover loses one (§14)",
    ),
)
@pytest.mark.slow
@pytest.mark.parametrize("venetians_avoid", [False, True])
def test_die_by_die_reference_two_enemy_powers_fought_in_turn(venetians_avoid):
    """§14: with several enemy powers in the zone the mover fights each in turn (impulse
    order by default) until it loses one; the Venetians may first avoid battle."""
    situation = Situation(
        wars=[("ottoman", "hapsburg"), ("ottoman", "venice")],
        fleets=[
            FleetStack("Algiers", "ottoman: 2Sq"),
            FleetStack("Barbary Coast", "hapsburg: 1Sq"),
            FleetStack("Barbary Coast", "venice: 1Sq"),
        ],
    )
    policy = {"hapsburg": "fight", "venice": "avoid:Ionian Sea" if venetians_avoid else "fight"}
    exact = oe.exact(NavalMove(situation, "Algiers", "Barbary Coast", defender_policy=policy))
    reference = Counter()
    for (outcome, mover, hapsburg, venice), weight in enumerate_exactly(
        two_powers_in_the_zone, venetians_avoid
    ).items():
        reference[(outcome, mover, f"{hapsburg}; {venice}")] += weight
    _assert_same(reference, _keyed(exact, ("outcome", "mover_end", "fleets_end")))


@pytest.mark.rule("14", cites="the mover loses one (§14)")
def test_fight_order_is_the_movers_choice():
    situation = Situation(
        wars=[("ottoman", "hapsburg"), ("ottoman", "venice")],
        fleets=[
            FleetStack("Algiers", "ottoman: 2Sq"),
            FleetStack("Barbary Coast", "hapsburg: 1Sq"),
            FleetStack("Barbary Coast", "venice: 2Sq"),
        ],
    )
    hapsburg_first = oe.exact(
        NavalMove(situation, "Algiers", "Barbary Coast", defender_policy="fight")
    )
    venice_first = oe.exact(
        NavalMove(
            situation, "Algiers", "Barbary Coast", defender_policy="fight", fight_order=["venice"]
        )
    )
    assert isclose(hapsburg_first.p["naval_battle:hapsburg"], 1.0)
    assert isclose(venice_first.p["naval_battle:venice"], 1.0)
    # The first combat is 4 dice against 4 (Venice): the defender wins ties.
    four = binomial(4)
    venice_holds = sum(four[a] * four[d] for a in range(5) for d in range(5) if a <= d)
    assert isclose(1 - venice_first.p["naval_battle:hapsburg"], venice_holds)


# -- Monte Carlo against exact ---------------------------------------------------------


@pytest.mark.slow
def test_monte_carlo_within_five_sigma_of_exact():
    move = load_naval_move("barbary_coast")
    exact = oe.exact(move)
    trials = 200_000
    sampled = simulate_move(move, trials=trials, seed=24)
    for name, value in exact.p.items():
        sigma = (value * (1 - value) / trials) ** 0.5
        assert abs(sampled.p[name] - value) <= 5 * sigma + 1e-12, name
    again = simulate_move(move, trials=trials, seed=24)
    assert again.p == sampled.p


# -- the port rules ---------------------------------------------------------------------


def port_attack(**options):
    situation = Situation(
        wars=[("ottoman", "hapsburg")],
        fleets=[
            FleetStack("Algiers", "ottoman: 1Sq"),
            FleetStack("Barbary Coast", "hapsburg: 2Sq"),
        ],
    )
    return NavalMove(situation, "Barbary Coast", "Algiers", **options)


@pytest.mark.rule("14", cites="§14: after a combat in a port the attacker always leaves")
def test_a_port_combat_gives_the_defender_a_die_and_the_attacker_always_leaves():
    """§14 / §11: in a port the defender rolls one more die (4 v 2 + 1) and the attacker
    leaves, win or lose, to a sea zone of the port free of enemy ships."""
    result = oe.exact(port_attack())
    attacker, defender = binomial(4), binomial(3)
    wins = sum(attacker[a] * defender[d] for a in range(5) for d in range(4) if a > d)
    assert isclose(result.p["attacker_wins"], wins)
    assert result.p["mover_in_destination"] == 0
    assert isclose(result.p["mover_retreats"] + result.p["mover_eliminated"], 1.0)
    # Algiers has one sea zone, the Barbary Coast: the mover goes back there.
    ends = {end.split(":")[0] for end in result.states["mover_end"]} - {"eliminated"}
    assert ends == {"Barbary Coast"}
    assert result.p["defender_retreats"] == 0


def test_a_fleet_may_not_enter_a_port_of_another_power_without_enemy_ships():
    situation = Situation(
        wars=[("ottoman", "hapsburg")],
        fleets=[FleetStack("Barbary Coast", "hapsburg: 2Sq")],
    )
    with pytest.raises(OddsEngineError, match="only with enemy ships in it"):
        NavalMove(situation, "Barbary Coast", "Algiers")
    assert NavalMove(situation, "Barbary Coast", "Oran").in_port  # its own port


# -- cards, Foul Weather, policies ---------------------------------------------------------


@pytest.mark.rule("14", cites="Foul Weather was played: the move is cancelled, nothing moves (§14)")
def test_foul_weather_cancels_the_naval_move():
    result = oe.exact(load_naval_move("barbary_coast", responses=("foul-weather",)))
    assert result.p["cancelled"] == 1.0
    assert result.p["intercepted"] == 0
    with pytest.raises(OddsEngineError, match="only Foul Weather stops it"):
        load_naval_move("barbary_coast", responses=("gout",))


def test_professional_rowers_on_dorias_interception_roll():
    """§11: +2 after the dice: 2d6 + 2 + 2 >= 9 (30/36), spent only when the roll was 5 or 6
    (the card turns the result)."""
    move = load_naval_move(
        "barbary_coast",
        interception_policy={"Tyrrhenian Sea": "all"},
        rowers="roller",
        rowers_roll="intercept:hapsburg@Tyrrhenian Sea",
    )
    result = oe.exact(move)
    assert isclose(result.p["intercepted"], 30 / 36)
    assert isclose(result.p["card_spent:professional-rowers"], 9 / 36)
    opponent = oe.exact(
        load_naval_move(
            "barbary_coast",
            interception_policy={"Tyrrhenian Sea": "all"},
            rowers="opponent",
            rowers_roll="intercept:hapsburg@Tyrrhenian Sea",
        )
    )
    assert isclose(opponent.p["intercepted"], 10 / 36)


def test_arquebusiers_in_the_combat():
    move = load_naval_move(
        "barbary_coast",
        interception_policy={"Tyrrhenian Sea": "all"},
        attacker_cards=("arquebusiers",),
    )
    result = oe.exact(move)
    attacker, defender = binomial(9), binomial(6)
    wins = sum(attacker[a] * defender[d] for a in range(10) for d in range(7) if a > d)
    assert isclose(result.p["attacker_wins"], Fraction(21, 36) * wins)


@pytest.mark.rule(
    "14", cites="§14: avoid battle only when no interception happened, never in a port"
)
def test_avoid_battle_to_a_legal_location():
    """§14: the ships in the destination sea zone, with no interception, may avoid battle to
    an adjacent port they control or a sea zone free of enemy ships: 2d6 + 1 (Dragut)."""
    situation = Situation(
        wars=[("ottoman", "hapsburg")],
        fleets=[
            FleetStack("Naples", "hapsburg: 3Sq"),
            FleetStack("Tyrrhenian Sea", "ottoman: 1Sq Dragut"),
        ],
    )
    move = NavalMove(situation, "Naples", "Tyrrhenian Sea", defender_policy="avoid:Gulf of Lyon")
    result = oe.exact(move)
    assert isclose(result.p["avoided_battle"], 15 / 36)
    assert isclose(result.p["naval_battle"], 21 / 36)
    assert "ottoman: 1Sq Dragut in Gulf of Lyon" in set(result.states["fleets_end"])
    with pytest.raises(OddsEngineError, match="cannot avoid battle to Naples"):
        NavalMove(situation, "Naples", "Tyrrhenian Sea", defender_policy="avoid:Naples")
    # best: 6 dice against 3, fighting would lose ships for nothing: the Ottomans avoid.
    best = NavalMove(situation, "Naples", "Tyrrhenian Sea")
    assert best.avoid_choice("ottoman") is not None
    assert isclose(oe.exact(best).p["avoid_attempted"], 1.0)


# -- refusals, one line each ------------------------------------------------------------


@pytest.mark.parametrize(
    "options, message",
    [
        ({"destination": "Ionian Sea"}, "not adjacent to Tunis at sea"),
        ({"destination": "Vienna"}, "neither a port nor a sea zone"),
        ({"units": "3Sq"}, "is more than"),
        ({"rowers": "roller"}, "say which roll"),
        ({"rowers": "roller", "rowers_roll": "avoid:hapsburg"}, "names no roll"),
        (
            {
                "rowers": "roller",
                "rowers_roll": "intercept:hapsburg@Tyrrhenian Sea",
                "defender_cards": ("professional-rowers",),
            },
            "exists once",
        ),
        ({"interception_policy": {"Naples": "all"}}, "no fleet in Naples may intercept"),
        ({"defender_policy": "hide"}, "unknown defender policy"),
        ({"retreat_policy": "run"}, "unknown retreat policy"),
    ],
)
def test_bad_naval_moves_are_refused_in_one_line(options, message):
    with pytest.raises(OddsEngineError, match=message) as error:
        load_naval_move("barbary_coast", **options)
    assert "\n" not in str(error.value)


@pytest.mark.rule("14", cites="Foul Weather was played: the move is cancelled, nothing moves (§14)")
def test_ships_that_lost_a_combat_may_not_move():
    situation = Situation(
        fleets=[FleetStack("Naples", "hapsburg: 1Sq", lost_battle_this_impulse=True)]
    )
    with pytest.raises(OddsEngineError, match="may not move"):
        NavalMove(situation, "Naples", "Tyrrhenian Sea")


def test_one_moving_stack_per_question(tmp_path):
    path = tmp_path / "two.toml"
    path.write_text(
        '[[fleet]]\nspace = "Naples"\nfleet = "hapsburg: 1Sq"\n'
        '[naval_move]\nfrom = ["Naples", "Genoa"]\nto = "Tyrrhenian Sea"\n',
        encoding="utf-8",
    )
    with pytest.raises(OddsEngineError, match="one moving stack per question"):
        load_naval_move(path)


# -- the command line -------------------------------------------------------------------


def test_naval_move_command_json(capsys):
    import json

    assert (
        main(["naval-move", "barbary_coast", "--exact", "--format", "json", "--states", "3"]) == 0
    )
    payload = json.loads(capsys.readouterr().out)
    assert payload["kind"] == "naval-move"
    for key in (
        "intercepted",
        "intercepted:hapsburg@Tyrrhenian Sea",
        "avoided_battle",
        "naval_battle",
        "attacker_wins",
        "defender_wins",
        "mover_retreats",
        "mover_eliminated",
    ):
        assert key in payload["p"]
    assert len(payload["end_states"]) == 3
    assert {"outcome", "mover_end", "fleets_end", "mover_lost", "probability"} <= set(
        payload["end_states"][0]
    )
    assert "mover" in payload["expected_losses"] and "hapsburg" in payload["expected_losses"]


def test_naval_move_command_refuses_a_land_move_file_in_one_line(capsys):
    assert main(["naval-move", "vienna"]) == 2
    error = capsys.readouterr().err
    assert "use the move command" in error and error.count("\n") == 1


def test_ships_that_lost_a_combat_do_not_avoid_battle():
    """§14: ships that lost a naval combat this impulse may not move; avoiding battle is a
    move, so they stay and fight (the engine's reading)."""
    situation = Situation(
        wars=[("ottoman", "hapsburg")],
        fleets=[
            FleetStack("Naples", "hapsburg: 3Sq"),
            FleetStack("Tyrrhenian Sea", "ottoman: 1Sq Dragut", lost_battle_this_impulse=True),
        ],
    )
    move = NavalMove(situation, "Naples", "Tyrrhenian Sea")
    assert move.avoid_choice("ottoman") is None
    assert oe.exact(move).p["naval_battle"] == pytest.approx(1.0)
    with pytest.raises(OddsEngineError, match="cannot avoid battle"):
        NavalMove(situation, "Naples", "Tyrrhenian Sea", defender_policy="avoid:Gulf of Lyon")


def test_a_naval_move_is_a_value_that_replace_rebuilds():
    from dataclasses import replace

    # Barbarossa waits in the Tyrrhenian Sea: a defender policy applies (in the Barbary
    # Coast, where nobody waits, it is refused: tests/test_options_that_apply.py).
    move = load_naval_move(
        "tyrrhenian_sea", defender_policy="fight", attacker_cards=("arquebusiers",)
    )
    again = replace(move, post_roll_policy="always")
    assert again.defender_policy == move.defender_policy
    assert again.attacker_cards == move.attacker_cards
    assert repr(load_naval_move("barbary_coast")) == repr(load_naval_move("barbary_coast"))


def test_the_whole_end_state_histogram_passes_chi_square():
    """A goodness-of-fit test of every end state of the Barbary Coast move, played out by
    the move kernel at a fixed seed, against the exact distribution."""
    import numpy as np
    from scipy import stats

    move = load_naval_move("barbary_coast")
    trials = 400_000
    sampled = simulate_move(move, trials=trials, seed=11)
    columns = ("outcome", "mover_end", "fleets_end")
    exact_weights = _keyed(oe.exact(move), columns)
    sampled_weights = _keyed(sampled, columns)
    keys = sorted(exact_weights)
    assert set(sampled_weights) <= set(keys)
    observed = np.array([sampled_weights[key] * trials for key in keys])
    exact = np.array([exact_weights[key] for key in keys])
    expected = exact * trials
    keep = expected > 5
    observed = np.append(observed[keep], observed[~keep].sum())
    expected = np.append(expected[keep], expected[~keep].sum())
    if expected[-1] == 0:
        observed, expected = observed[:-1], expected[:-1]
    assert stats.chisquare(observed, expected).pvalue > 1e-4


def test_a_card_its_side_may_not_play_is_refused_with_the_move():
    with pytest.raises(OddsEngineError, match="only ottoman may play it at sea"):
        load_naval_move("barbary_coast", defender_cards=("janissaries",))

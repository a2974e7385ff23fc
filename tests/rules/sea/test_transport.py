"""Naval transport (RULES.md §15, rulebook 16.3): the requirements, refused with their
reasons, and the landing played out as a move, checked by hand with Fractions and by Monte
Carlo."""

import json
from fractions import Fraction
from math import comb

import numpy as np
import pytest

from oddsengine import compare, exact
from oddsengine.engines.move_montecarlo import simulate_move
from oddsengine.errors import OddsEngineError
from oddsengine.moves.move import Move
from oddsengine.moves.scenario_file import load_move
from oddsengine.moves.situation import FleetStack, Situation, Stack
from oddsengine.moves.transport import NavalTransport

WAR = [("ottoman", "hapsburg")]
THIRD = Fraction(1, 3)


def binomial(dice, hits):
    return comb(dice, hits) * THIRD**hits * (1 - THIRD) ** (dice - hits)


def hits_beat(attacker_dice, defender_dice):
    """P(attacker hits > defender hits): the attacker wins the field battle (14 step 8)."""
    return sum(
        binomial(attacker_dice, a) * binomial(defender_dice, d)
        for a in range(attacker_dice + 1)
        for d in range(defender_dice + 1)
        if a > d
    )


def tunis(stacks=(), fleets=(), **changes):
    """Charles V and 6 regulars in Naples, Hapsburg ships on the way to Tunis."""
    settings = {
        "stacks": [Stack("Naples", "hapsburg: 6R Charles V"), *stacks],
        "fleets": [
            FleetStack("Tyrrhenian Sea", "hapsburg: 2Sq Andrea Doria"),
            FleetStack("Barbary Coast", "hapsburg: 2Sq"),
            *fleets,
        ],
        "wars": WAR,
        "control": {"Tunis": "ottoman"},
    }
    settings.update(changes)
    return Situation(**settings)


ROUTE = ("Tyrrhenian Sea", "Barbary Coast")


def transport(situation=None, units="5R Charles V", by_sea=ROUTE, to="Tunis", **kwargs):
    situation = tunis() if situation is None else situation
    return NavalTransport(situation, "Naples", to, units=units, by_sea=by_sea, **kwargs)


# -- §15: the requirements, each refused with its reason --------------------------------


@pytest.mark.rule("15", cites="a naval transport needs at least 2 CP left")
@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"units": "6R Charles V"}, "at most 5 land units"),
        ({"units": "5R"}, "cannot move as one formation"),  # §1: 4 without a leader
        ({"cp": 1}, "needs at least 2 CP left"),
        ({"cp": 2}, "landing costs 3 CP; 2 left"),
        ({"cp": "3"}, "whole number"),
        ({"by_sea": ()}, "at least one sea zone"),
        ({"by_sea": ("Ionian Sea",)}, "Ionian Sea is not adjacent to Naples"),
        ({"by_sea": ("Tyrrhenian Sea", "Ionian Sea")}, "not adjacent to Tyrrhenian Sea"),
        ({"by_sea": ("Tyrrhenian Sea",)}, "Tunis is not adjacent to Tyrrhenian Sea"),
        ({"by_sea": ("Tyrrhenian Sea", "Rome")}, "Rome is not a sea zone"),
        ({"by_sea": "Tyrrhenian Sea, Barbary Coast"}, "unknown space"),
        ({"to": "Vienna"}, "Vienna is not one"),
        ({"responses": ["gout"]}, "cannot be played against a naval transport"),
    ],
)
def test_the_requirements_of_15_are_refused_with_the_reason(change, message):
    with pytest.raises(OddsEngineError, match=message):
        transport(**change)


@pytest.mark.rule("15", cites="a naval transport needs at least 2 CP left")
def test_every_zone_crossed_holds_ships_of_the_moving_power():
    # §15: own naval units in every zone; an ally's or nobody's do not carry the army.
    situation = Situation(
        tunis().stacks,
        fleets=[FleetStack("Tyrrhenian Sea", "hapsburg: 1Sq")],
        wars=WAR,
        control={"Tunis": "ottoman"},
    )
    with pytest.raises(OddsEngineError, match="no hapsburg naval units in Barbary Coast"):
        transport(situation)


@pytest.mark.rule("15", cites="a naval transport needs at least 2 CP left")
def test_no_landing_in_a_port_holding_enemy_ships():
    situation = tunis(fleets=[FleetStack("Tunis", "ottoman: 1Sq 1Co Barbarossa")])
    with pytest.raises(OddsEngineError, match="enemy naval units are in Tunis"):
        transport(situation)


@pytest.mark.rule("15", cites="a naval transport needs at least 2 CP left")
def test_a_besieged_formation_stays():
    situation = Situation(
        [Stack("Naples", "hapsburg: 4R Charles V", besieged=True), Stack("Naples", "ottoman: 8R")],
        fleets=tunis().fleets,
        wars=WAR,
        control={"Tunis": "ottoman"},
    )
    with pytest.raises(OddsEngineError, match="under siege: a besieged formation may not"):
        transport(situation, units="4R Charles V", power="hapsburg")


def test_units_that_lost_a_battle_this_impulse_stay():
    situation = Situation(
        [Stack("Naples", "hapsburg: 6R Charles V", lost_battle_this_impulse=True)],
        fleets=tunis().fleets,
        wars=WAR,
        control={"Tunis": "ottoman"},
    )
    with pytest.raises(OddsEngineError, match=r"lost a field battle .* \(13.1\)"):
        transport(situation)


@pytest.mark.rule("15", cites="a naval transport needs at least 2 CP left")
def test_the_landing_port_obeys_the_entry_rules_of_13_1():
    # §15: a port the power could enter by land movement: not one of a power at peace.
    situation = tunis(control={"Tunis": "venice"})
    with pytest.raises(OddsEngineError, match=r"not at war with hapsburg nor allied .*13.1"):
        transport(situation)


def test_cp_and_responses_belong_to_a_transport_in_a_scenario_file(tmp_path):
    text = (
        '[[stack]]\nspace = "Pressburg"\nforce = "ottoman: 2R"\n'
        '[move]\nfrom = "Pressburg"\nto = "Vienna"\ncp = 3\n'
    )
    path = tmp_path / "land.toml"
    path.write_text(text)
    with pytest.raises(OddsEngineError, match="move.cp: applies to a naval transport only"):
        load_move(path)


# -- the landing, by hand -------------------------------------------------------------


def taranto_by_hand():
    """Ottoman 2R sail Lepanto -> Ionian Sea -> Taranto (empty); Hapsburg 2R in Naples,
    no leader, may intercept by land: 2d6 >= 9, 10/36."""
    situation = Situation(
        [Stack("Lepanto", "ottoman: 2R"), Stack("Naples", "hapsburg: 2R")],
        fleets=[FleetStack("Ionian Sea", "ottoman: 1Sq")],
        wars=WAR,
        control={"Lepanto": "ottoman"},
    )
    return NavalTransport(situation, "Lepanto", "Taranto", by_sea=("Ionian Sea",))


@pytest.mark.rule(
    "15", cites=("§15: the formation enters the port from the last sea zone", "RULES.md §15 (16.3)")
)
def test_a_landing_by_hand_interception_times_battle_times_elimination():
    result = exact(taranto_by_hand())
    intercepted = Fraction(10, 36)  # §3: 2d6 + 0 >= 9
    # §6: attacker 2 dice, defender 2 + 1 = 3; a tie goes to the defender.
    wins = hits_beat(2, 3)
    p = result.p
    assert p["intercepted"] == pytest.approx(float(intercepted), abs=1e-12)
    assert p["attacker_wins"] == pytest.approx(float(intercepted * wins), abs=1e-12)
    # §15: the landing lost, every transported unit is eliminated (no retreat to sea).
    lost = intercepted * (1 - wins)
    assert p["transported_eliminated"] == pytest.approx(float(lost), abs=1e-12)
    assert p["attacker_retreats"] == 0
    assert p["mover_in_control"] == pytest.approx(float(1 - lost), abs=1e-12)
    assert p["control_changes"] == pytest.approx(float(1 - lost), abs=1e-12)


def test_the_same_battle_by_land_retreats_instead():
    # Without the sea the losing attacker goes back where it came from (14.1).
    situation = Situation(
        [Stack("Cerignola", "ottoman: 2R"), Stack("Naples", "hapsburg: 2R")],
        wars=WAR,
        control={"Cerignola": "ottoman"},
    )
    result = exact(Move(situation, "Cerignola", "Taranto"))
    lost = Fraction(10, 36) * (1 - hits_beat(2, 3))
    survived = Fraction(10, 36) * sum(
        binomial(2, a) * binomial(3, d) for a in range(3) for d in range(3) if d >= a and d < 2
    )
    assert result.p["attacker_retreats"] == pytest.approx(float(survived), abs=1e-12)
    assert result.p["defender_wins"] == pytest.approx(float(lost), abs=1e-12)


@pytest.mark.rule("15", cites="RULES.md §15 (16.3)")
def test_tunis_a_lost_battle_loses_the_formation_and_captures_charles_v():
    # 5 Ottoman units may not withdraw (13.4: 4 or fewer) and Tunis has no land neighbour
    # to avoid battle to: they fight, 5 + 1 = 6 dice against 5 + 2 = 7.
    result = exact(load_move("tunis_transport"))
    lost = 1 - hits_beat(7, 6)
    assert result.p["field_battle"] == pytest.approx(1.0)
    assert result.p["transported_eliminated"] == pytest.approx(float(lost), abs=1e-12)
    assert result.p["besieging"] == pytest.approx(float(1 - lost), abs=1e-12)
    for state in result.states_frame().itertuples():
        if state.outcome != "besieging":
            assert state.mover_end == "eliminated" and "Charles V" in state.captured


@pytest.mark.rule("15", cites="RULES.md §15 (16.3)")
def test_the_way_back_after_a_withdrawal_is_the_sea_unless_it_may_move_on():
    # 13.4: 2 Hapsburg regulars in Naples withdraw; 2 Ottoman units do not outnumber them.
    situation = Situation(
        [Stack("Lepanto", "ottoman: 2R"), Stack("Naples", "hapsburg: 2R")],
        fleets=[
            FleetStack("Ionian Sea", "ottoman: 1Sq"),
            FleetStack("Barbary Coast", "ottoman: 1Sq"),
            FleetStack("Tyrrhenian Sea", "ottoman: 1Sq"),
        ],
        wars=WAR,
        control={"Lepanto": "ottoman"},
    )
    route = ("Ionian Sea", "Barbary Coast", "Tyrrhenian Sea")

    def across(**kwargs):
        return NavalTransport(
            situation, "Lepanto", "Naples", by_sea=route, defender_policy="withdraw", **kwargs
        )

    went_back = exact(across())
    assert went_back.p["transported_eliminated"] == pytest.approx(1.0)
    # Moving on needs a CP more than the 4 the transport spends.
    assert exact(across(after_withdrawal="move-on", cp=4)).p["transported_eliminated"] == 1
    moved_on = exact(across(after_withdrawal="move-on", cp=5))
    assert moved_on.p["mover_moves_on"] == pytest.approx(1.0)
    assert moved_on.p["transported_eliminated"] == 0


@pytest.mark.rule("15", cites="§15: 1 CP per sea zone crossed and 1 to land")
def test_foul_weather_stops_the_transport_for_one_cp():
    stopped = transport(responses=["foul-weather"])
    assert stopped.cp_spent == 1
    result = exact(stopped)
    assert result.p["transport_stopped"] == 1
    assert result.p["field_battle"] == 0
    (state,) = result.states_frame().itertuples()
    assert state.mover_end == "Naples: hapsburg: 5R Charles V"
    assert transport().cp_spent == 3  # §15: 2 zones crossed + 1 to land


# -- engines agree, faces report -------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("name", ["taranto_transport", "tunis_transport"])
def test_monte_carlo_agrees_with_exact_within_5_standard_errors(name):
    move = load_move(name)
    result = simulate_move(move, trials=200_000, seed=15)
    table = compare(exact(move), result)
    assert not table["disagrees"].any(), table[table["disagrees"]]
    exact_p = exact(move).p["transported_eliminated"]
    stderr = (exact_p * (1 - exact_p) / result.trials) ** 0.5
    assert abs(result.p["transported_eliminated"] - exact_p) < 5 * stderr


@pytest.mark.rule("15", cites="§15: the formation enters the port from the last sea zone")
def test_shipped_transports_are_found_by_name():
    tunis_move = load_move("tunis_transport")
    assert isinstance(tunis_move, NavalTransport)
    assert tunis_move.units.notation() == "hapsburg: 5R Charles V"
    taranto = load_move("taranto_transport")
    assert taranto.route == ("Lepanto", "Ionian Sea", "Taranto")
    assert [attempt.space for attempt in taranto.interception_attempts] == ["Messina", "Naples"]


@pytest.mark.rule("15", cites="§15: 1 CP per sea zone crossed and 1 to land")
def test_cli_reports_the_cp_spent_and_the_transported_formation_lost(capsys):
    from oddsengine.cli import main

    assert main(["move", "taranto_transport", "--exact", "--format", "json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["kind"] == "move"
    assert payload["spec"]["cp_spent"] == 2 and payload["spec"]["by_sea"] == ["Ionian Sea"]
    assert 0 < payload["p"]["transported_eliminated"] < payload["p"]["intercepted"]
    assert main(["move", "tunis_transport", "--exact"]) == 0
    out = capsys.readouterr().out
    assert "Naples -> Tyrrhenian Sea -> Barbary Coast -> Tunis" in out
    assert "CP spent: 3 of the 4 left" in out and "transported_eliminated" in out


def test_a_plan_counts_the_cp_of_the_transport(capsys):
    from oddsengine.cli import main

    assert main(["plan", "tunis_transport_plan", "--exact", "--format", "json"]) == 0
    courses = {row["course"]: row for row in json.loads(capsys.readouterr().out)["courses"]}
    plain = courses["land without a card"]
    landing = exact(load_move("tunis_transport"))
    assert plain["siege"] == pytest.approx(landing.p["besieging"])
    # §15: 3 CP to cross two zones and land, then the assaults on the siege laid.
    assert plain["expected_cp"] > 3
    assert courses["land with Tercios"]["siege"] > plain["siege"]


def test_needed_stops_at_the_five_units_a_transport_carries(capsys):
    from oddsengine.cli import main

    argv = ["needed", "move", "taranto_transport", "--stack", "Lepanto=ottoman: ?R 1C Ibrahim"]
    asked = ["--target", "0.75", "--event", "mover_in_control", "--method", "exact"]
    assert main([*argv, *asked]) == 0
    out = capsys.readouterr().out
    assert "3R 1C Ibrahim  <- needed" in out
    assert "carries at most 5 land units" in out


def test_a_won_landing_that_cannot_besiege_moves_on_by_land_where_the_board_allows():
    # 14 step 12: the battle won, survivors not outnumbering those inside retreat to any
    # legal adjacent space: by land if one is open (§15), never back to sea.
    def landing(control):
        situation = Situation(
            [Stack("Lepanto", "ottoman: 3R"), Stack("Naples", "hapsburg: 5R")],
            fleets=[
                FleetStack(zone, "ottoman: 1Sq")
                for zone in ("Ionian Sea", "Barbary Coast", "Tyrrhenian Sea")
            ],
            wars=WAR,
            control={"Lepanto": "ottoman", **control},
        )
        route = ("Ionian Sea", "Barbary Coast", "Tyrrhenian Sea")
        return exact(
            NavalTransport(situation, "Lepanto", "Naples", by_sea=route, defender_policy="fight")
        )

    open_by_land = landing({"Taranto": "ottoman"})
    assert open_by_land.p["attacker_wins"] > open_by_land.p["besieging"] > 0
    assert open_by_land.p["attacker_retreats"] > 0
    frame = open_by_land.states_frame()
    retreated = frame[frame["attacker_retreats"]]
    assert retreated["mover_end"].str.startswith("Taranto: ottoman").all()
    closed = landing({})
    assert closed.p["attacker_retreats"] == 0
    assert closed.p["transported_eliminated"] == pytest.approx(1 - closed.p["besieging"])
    assert closed.p["transported_eliminated"] == pytest.approx(
        open_by_land.p["transported_eliminated"] + open_by_land.p["attacker_retreats"]
    )


def test_a_refused_transport_is_one_line_from_the_command_line(tmp_path, capsys):
    from importlib import resources

    from oddsengine.cli import main

    text = resources.files("oddsengine").joinpath("examples", "tunis_transport.toml").read_text()
    path = tmp_path / "short_of_cp.toml"
    path.write_text(text.replace("cp = 4", "cp = 2"))
    assert main(["move", str(path), "--exact"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "costs 3 CP; 2 left" in error


def test_foul_weather_stops_the_transport_in_monte_carlo_too():
    result = simulate_move(load_move("tunis_transport", responses=["foul-weather"]), 1000, 1)
    assert result.p["transport_stopped"] == 1


def naive_tunis_landing(trials, rng):
    """Charles V's landing at Tunis with the dice rolled one by one (§15, §6)."""
    counts = {"besieging": 0, "transported_eliminated": 0}
    for _ in range(trials):
        hapsburg_dice, ottoman_dice = 5 + 2, 5 + 1  # Charles V's 2; the defender's die
        hapsburg_hits = sum(rng.integers(1, 7) >= 5 for _ in range(hapsburg_dice))
        ottoman_hits = sum(rng.integers(1, 7) >= 5 for _ in range(ottoman_dice))
        hapsburg_left = max(5 - ottoman_hits, 0)
        ottoman_left = max(5 - hapsburg_hits, 0)
        if hapsburg_left == 0 and ottoman_left == 0:
            hapsburg_left = 1  # the side with more dice keeps one unit
        inside = min(ottoman_left, 4)  # 14.1: up to 4 go inside, the rest retreat
        if hapsburg_hits > ottoman_hits and hapsburg_left > inside:
            counts["besieging"] += 1
        else:
            # A lost battle, or a won one without a siege: Tunis has no land neighbour,
            # and there is no way back across the sea.
            counts["transported_eliminated"] += 1
    return {name: count / trials for name, count in counts.items()}


def test_naive_dice_by_dice_landing_agrees_with_exact():
    trials = 20_000
    naive = naive_tunis_landing(trials, np.random.default_rng(15))
    result = exact(load_move("tunis_transport"))
    for name, value in naive.items():
        p = result.p[name]
        stderr = (p * (1 - p) / trials) ** 0.5
        assert abs(value - p) < 5 * stderr, (name, value, p)

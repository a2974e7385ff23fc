"""Piracy (16.4): RULES.md §12, rule by rule, against values computed by hand."""

import json
from fractions import Fraction
from math import comb, isclose

import pytest
from conftest import run_cli as run
from naive_reference import enumerate_exactly
from naive_sea_reference import piracy

import oddsengine as oe
from oddsengine.combat.piracy import award_split

THIRD = Fraction(1, 3)


def binomial(dice):
    return [comb(dice, k) * THIRD**k * (1 - THIRD) ** (dice - k) for k in range(dice + 1)]


def ionian(**changes):
    parameters = dict(
        pirates="ottoman: 2Co 1Sq Barbarossa",
        adjacent_squadrons=1,  # the Hapsburg squadron at Messina
        adjacent_fortresses=1,  # the Knights at Malta (the Papal Corfu does not count)
        target_ports=2,
        target_squadrons=1,
    )
    parameters.update(changes)
    return oe.Piracy(**parameters)


@pytest.mark.rule(
    "12", cites="16.4 step 1: 2 per target squadron in the zone, 1 per adjacent squadron"
)
def test_anti_piracy_dice_by_squadrons_and_fortresses():
    raid = oe.Piracy(
        "ottoman: 3Co",
        zone_squadrons=2,
        adjacent_squadrons=3,
        adjacent_fortresses=1,
        target_ports=2,
    )
    assert raid.anti_piracy_dice == 2 * 2 + 3 + 1


@pytest.mark.rule(
    "12", cites="16.4 step 2: 1 die with a single corsair left or a single target port"
)
@pytest.mark.parametrize(
    "fleet, ports, left, dice",
    [
        ("ottoman: 3Co", 2, 3, 2),
        ("ottoman: 3Co", 2, 1, 1),  # one corsair left: 1 die
        ("ottoman: 3Co", 1, 3, 1),  # one target port: 1 die
        ("ottoman: 3Co Barbarossa", 2, 2, 3),  # + piracy rating 1
        ("ottoman: 3Co Dragut", 1, 3, 3),  # + piracy rating 2
        ("ottoman: 3Co Barbarossa Dragut", 2, 2, 4),  # the best rating only
        ("ottoman: 3Co Dragut", 2, 0, 0),  # no corsairs left: no piracy
    ],
)
def test_piracy_dice(fleet, ports, left, dice):
    assert oe.Piracy(fleet, target_ports=ports).piracy_dice(left) == dice


@pytest.mark.rule(
    "12", cites="16.4 step 1: 2 per target squadron in the zone, 1 per adjacent squadron"
)
def test_ionian_sea_example():
    raid = ionian()
    assert raid.anti_piracy_dice == 2
    assert raid.piracy_dice(corsairs_left=1) == 2  # 1 base die + 1 for Barbarossa
    p = oe.exact(raid).p
    anti = binomial(2)
    assert isclose(p["corsairs_lost:1"], float(anti[1]))  # 1 hit sinks a corsair: 4/9
    # Exactly 1 anti-piracy hit, then 2 piracy dice.
    assert isclose(p["corsairs_lost:2"], 1 / 9)
    no_piracy_hit = anti[0] * binomial(3)[0] + anti[1] * binomial(2)[0] + anti[2]
    assert no_piracy_hit == Fraction(107, 243)
    assert isclose(p["piracy_hits:0"], float(no_piracy_hit))
    assert isclose(p["failure"], float(no_piracy_hit))
    three = anti[0] * binomial(3)[3]
    assert isclose(p["piracy_hits:3"], float(three))


def test_expected_vp_and_vp_per_cp():
    raid = oe.Piracy("ottoman: 1Co", target_ports=1)  # 1 die, no defence
    result = oe.exact(raid)
    expected = result.expected_values()
    assert isclose(expected["vp"]["mean"], 1 / 3)
    assert isclose(expected["vp_per_cp"]["mean"], 1 / 6)  # 2 CP per piracy action
    assert isclose(result.p["success"], 1 / 3)


@pytest.mark.rule("12", cites="16.4 step 3")
@pytest.mark.parametrize(
    "hits, limits, policy, order, given",
    [
        (1, (10, 2, 5), "even", None, (1, 0, 0)),  # preferring VP
        (2, (10, 2, 5), "even", None, (1, 1, 0)),  # then squadrons
        (3, (10, 2, 5), "even", None, (1, 1, 1)),
        (4, (10, 2, 5), "even", None, (2, 1, 1)),
        (3, (10, 0, 5), "even", None, (2, 0, 1)),  # no squadron: not chosen
        (3, (1, 0, 5), "even", None, (1, 0, 2)),  # 1 VP left of the 10
        (3, (0, 0, 0), "even", None, (0, 0, 0)),  # nothing possible: hits lost
        (3, (10, 2, 5), "in-order", None, (3, 0, 0)),
        (3, (10, 2, 5), "in-order", ("cards", "squadrons", "vp"), (0, 0, 3)),
        (3, (10, 2, 1), "in-order", ("cards", "squadrons", "vp"), (0, 2, 1)),
        (2, (10, 2, 5), "even", ("squadrons", "cards", "vp"), (0, 1, 1)),
    ],
)
def test_award_split_policy(hits, limits, policy, order, given):
    limits = dict(zip(("vp", "squadrons", "cards"), limits, strict=True))
    order = order or ("vp", "squadrons", "cards")
    split = award_split(hits, limits, order, policy)
    assert (split["vp"], split["squadrons"], split["cards"]) == given


@pytest.mark.rule("12", cites="16.4 step 3")
def test_awards_follow_the_policy_in_results():
    raid = oe.Piracy("ottoman: 3Co Dragut", target_ports=2, target_squadrons=0, target_hand=1)
    # 4 piracy dice, no defence; hits go VP, card, VP, VP (no squadron, one card).
    result = oe.exact(raid)
    pmf = binomial(4)
    cards = sum(pmf[1:]) - pmf[1]  # a card from the second hit on
    assert isclose(result.expected_values()["cards_drawn"]["mean"], float(cards))
    vp = sum(pmf[h] * (h - (1 if h >= 2 else 0)) for h in range(5))
    assert isclose(result.expected_values()["vp"]["mean"], float(vp))


def test_piracy_vp_stop_at_ten():
    raid = oe.Piracy("ottoman: 2Co Dragut", target_ports=2, piracy_vp=9, target_hand=0)
    states = oe.exact(raid).states_frame()
    assert states["vp"].max() == 1


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"pirates": "hapsburg: 2Sq"}, "piracy is an Ottoman action"),
        ({"pirates": "ottoman: 2Sq Barbarossa"}, "needs Ottoman corsairs"),
        ({"pirates": "france: 2Co"}, "only the Ottomans have corsairs"),
        ({"target_ports": 0}, "target_ports must be at least 1"),
        ({"zone_squadrons": -1}, "must be at least 0"),
        ({"piracy_vp": 11}, "at most 10"),
        ({"award_policy": "random"}, "unknown award policy"),
        ({"award_order": "vp,vp"}, "each once"),
    ],
)
def test_piracy_refusals(kwargs, message):
    parameters = {"pirates": "ottoman: 2Co", "target_ports": 2, **kwargs}
    with pytest.raises(oe.OddsEngineError, match=message):
        oe.Piracy(**parameters)


CASES = [
    ("ottoman: 2Co 1Sq Barbarossa", 0, 1, 1, 2),
    ("ottoman: 3Co Dragut", 1, 2, 0, 2),
    ("ottoman: 2Co", 0, 0, 2, 1),
    ("ottoman: 1Co Barbarossa", 2, 0, 1, 3),
]


@pytest.mark.parametrize("fleet, zone, adjacent, fortresses, ports", CASES)
def test_exact_engine_matches_die_by_die_reference(fleet, zone, adjacent, fortresses, ports):
    pirates = oe.parse_fleet(fleet)
    naive = enumerate_exactly(
        piracy, pirates.corsairs, pirates.piracy_rating, zone, adjacent, fortresses, ports
    )
    raid = oe.Piracy(
        fleet,
        zone_squadrons=zone,
        adjacent_squadrons=adjacent,
        adjacent_fortresses=fortresses,
        target_ports=ports,
    )
    result = oe.exact(raid)
    engine = {}
    for index, probability in enumerate(result.probabilities):
        key = (int(result.states["corsairs_lost"][index]), int(result.states["piracy_hits"][index]))
        engine[key] = engine.get(key, 0.0) + probability
    assert set(engine) == set(naive)
    for key, probability in naive.items():
        assert isclose(engine[key], probability, abs_tol=1e-12), key


@pytest.mark.slow
@pytest.mark.parametrize("fleet, zone, adjacent, fortresses, ports", CASES[:2])
def test_monte_carlo_within_five_sigma_of_exact(fleet, zone, adjacent, fortresses, ports):
    raid = oe.Piracy(
        fleet,
        zone_squadrons=zone,
        adjacent_squadrons=adjacent,
        adjacent_fortresses=fortresses,
        target_ports=ports,
    )
    table = oe.compare(oe.exact(raid), oe.simulate(raid, trials=400_000, seed=7))
    assert not table["disagrees"].any()


def test_piracy_command_json_contract(capsys):
    status, out, _ = run(
        capsys,
        "piracy",
        "--pirates",
        "ottoman: 2Co 1Sq Barbarossa",
        "--zone-squadrons",
        "0",
        "--adjacent-squadrons",
        "1",
        "--adjacent-fortresses",
        "1",
        "--target-ports",
        "2",
        "--target-hand",
        "3",
        "--target-squadrons",
        "1",
        "--exact",
        "--format",
        "json",
    )
    assert status == 0
    data = json.loads(out)
    assert data["kind"] == "piracy"
    assert {"corsairs_lost:0", "corsairs_lost:2", "piracy_hits:0", "piracy_hits:3"} <= set(
        data["p"]
    )
    assert isclose(data["p"]["piracy_hits:0"], 107 / 243)
    assert {"vp", "squadrons_sunk", "cards_drawn", "vp_per_cp"} <= set(data["expected"])


def test_piracy_command_refuses_a_non_ottoman_fleet(capsys):
    status, _, err = run(
        capsys, "piracy", "--pirates", "hapsburg: 2Sq", "--target-ports", "2", "--exact"
    )
    assert status == 2 and "Ottoman action" in err and err.count("\n") == 1


# -- RULES.md §12: Foul Weather can stop a piracy action ------------------------------


def test_foul_weather_stops_the_action():
    # §12: stopped, nothing is rolled: no corsair lost, no hit, no award.
    stopped = ionian(responses=["foul-weather"])
    for result in (oe.exact(stopped), oe.simulate(stopped, trials=10_000, seed=3)):
        assert result.p["cancelled"] == 1.0
        assert result.p["success"] == result.p["failure"] == 0.0
        assert result.p["corsairs_lost:0"] == result.p["piracy_hits:0"] == 1.0
        assert all(value["mean"] == 0.0 for value in result.expected_values().values())
    assert stopped.describe()["responses"] == ["foul-weather"]
    assert ionian(responses="31").responses == stopped.responses  # by number, as text


def test_the_action_without_cards_is_as_before():
    # A piracy action's repr keys its random streams: it does not show an empty list of
    # cards, so every earlier seeded figure stays the same.
    raid = ionian()
    assert "responses" not in repr(raid) and "responses" not in raid.describe()
    assert "responses=(Card(number=31" in repr(ionian(responses="foul-weather"))
    assert oe.exact(raid).p["piracy_hits:0"] == pytest.approx(107 / 243, abs=1e-15)


@pytest.mark.parametrize(
    "cards, message",
    [
        (["gout"], "Gout cannot be played against a piracy action"),
        (["janissaries"], "Janissaries cannot be played against a piracy action"),
        (["foul-weather", "foul weather"], "listed twice"),
        (["no-such-card"], "no-such-card"),
    ],
)
def test_only_a_card_that_stops_piracy_is_played_against_it(cards, message):
    with pytest.raises(oe.OddsEngineError, match=message):
        ionian(responses=cards)


def test_piracy_command_with_foul_weather(capsys):
    status, out, _ = run(
        capsys,
        "piracy",
        "--pirates",
        "ottoman: 2Co Dragut",
        "--target-ports",
        "2",
        "--responses",
        "foul-weather",
        "--format",
        "json",
    )
    assert status == 0
    data = json.loads(out)
    assert data["p"]["cancelled"] == 1.0 and data["spec"]["responses"] == ["foul-weather"]
    status, _, err = run(
        capsys,
        "piracy",
        "--pirates",
        "ottoman: 2Co",
        "--target-ports",
        "2",
        "--responses",
        "gout",
    )
    assert status == 2 and "Gout cannot be played against a piracy action" in err


def test_assumed_target_squadrons_are_printed_with_the_answer():
    assumed = oe.Piracy("ottoman: 2Co", target_ports=2)
    assert assumed.target_squadrons == 0
    assert any("assumed" in line for line in assumed.describe_lines())
    given = oe.Piracy("ottoman: 2Co", target_ports=2, target_squadrons=0)
    assert not any("assumed" in line for line in given.describe_lines())
    assert repr(assumed) == repr(given)  # the same random streams: the same question

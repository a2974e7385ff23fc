"""Voyages to the New World (20.2, 20.3): RULES.md §22 and §23.15, against values computed
by hand from the 2d6 distribution, a die-by-die reference, and the Monte Carlo within 5σ
of exact; a turn's voyages in the rules' order; Mercator's Map and Smallpox as card
values; the refusals."""

import json
import math
from fractions import Fraction

import numpy as np
import pytest
from conftest import SIGMAS, assert_one_line_error
from conftest import run_cli as run
from naive_new_world_reference import conquest as naive_conquest
from naive_new_world_reference import turn as naive_turn
from naive_new_world_reference import voyage as naive_voyage

import oddsengine as oe
from oddsengine.religion.new_world import claim_names, discoveries, explore
from oddsengine.religion.voyage import Conquest, Voyage
from oddsengine.religion.voyage_turn import VoyageTurn

# 2d6 in 36ths: 2:1 3:2 4:3 5:4 6:5 7:6 8:5 9:4 10:3 11:2 12:1; at least 5: 30, 6: 26, 7: 21.
F = Fraction


def close(value, fraction):
    return math.isclose(value, fraction, rel_tol=1e-12, abs_tol=1e-15)


@pytest.mark.rule(
    "22",
    cites=(
        "22: 2d6 + value, +2 Mercator's Map, -1 on the power's first exploration (Uncharted)",
        "22: 7-9, that number's discovery, or the next unclaimed one below it",
    ),
)
def test_the_20_2_example_orellana_discovers_the_mississippi():
    # 20.2: Orellana, 7 + 3 - 1 (Uncharted) = 9: the Mississippi.
    done = explore(np.array([3]), np.array([7]), np.array([0]), 0, uncharted=True)
    assert claim_names(int(done.gained[0]), discoveries()) == ("Mississippi River",)
    # Only a 7 makes 9: 6/36. With the Mississippi claimed the 9 falls to the Great Lakes.
    answer = oe.exact(Voyage("hapsburg", "Orellana", uncharted=True))
    assert close(answer.p["discovery:Mississippi River"], F(6, 36))
    claimed = oe.exact(Voyage("hapsburg", "Orellana", uncharted=True, claimed="mississippi"))
    # Great Lakes: an 8 (6 on 2d6: 5/36) or a 9 falling back (7: 6/36).
    assert close(claimed.p["discovery:Great Lakes"], F(11, 36))


@pytest.mark.rule(
    "22",
    cites=(
        "22: 2d6 + value, +2 Mercator's Map, -1 on the power's first exploration (Uncharted)",
        "23.15: expected VP of each choice, in 36ths",
        "22 (a): the Pacific Strait is claimed (if unclaimed) before the circumnavigation roll",
    ),
)
def test_magellan_by_hand():
    # 2d6 + 4: a 2 makes 6 (nothing, 1/36); 3, 4, 5 make 7, 8, 9 (2, 3, 4 /36); 6+ (26/36)
    # make 10+: circumnavigating is worth 1 + 3 x 26/36 = 114/36 VP against the Amazon's
    # 72/36, so he tries: 26/36 succeed (2d6 + 4 >= 10), 15/36 with a card (>= 12).
    answer = oe.exact(Voyage("hapsburg", "Magellan"))
    assert close(answer.p["lost"], F(0))
    assert close(answer.p["nothing"], F(1, 36))
    assert close(answer.p["discovery"], F(9, 36))
    assert close(answer.p["discovery:St. Lawrence River"], F(2, 36))
    assert close(answer.p["discovery:Pacific Strait"], F(26, 36))
    assert close(answer.p["circumnavigation"], F(26 * 26, 1296))
    assert close(answer.p["circumnavigation_failed"], F(26 * 10, 1296))
    assert close(answer.p["circumnavigation_card"], F(26 * 15, 1296))
    assert close(answer.p["explorer_lost"], F(260, 1296))
    # VP: 9/36 + 26/36 + 3 x 676/1296 = 3288/1296.
    assert close(answer.expected_values()["vp"]["mean"], F(3288, 1296))


@pytest.mark.rule(
    "22",
    cites=(
        "22: 2d6 + value, +2 Mercator's Map, -1 on the power's first exploration (Uncharted)",
        "22 (a): the Pacific Strait is claimed (if unclaimed) before the circumnavigation roll",
    ),
)
def test_cartier_with_mercator_by_hand():
    # 2d6 + 3 + 2: never lost nor nothing; 2, 3, 4 make 7, 8, 9 (6/36); 5+ make 10+
    # (30/36), and the circumnavigation (2d6 + 5 >= 10) succeeds on 30/36.
    answer = oe.exact(Voyage("france", "Cartier", mercator=True))
    assert close(answer.p["lost"] + answer.p["nothing"], F(0))
    assert close(answer.p["discovery"], F(6, 36))
    assert close(answer.p["circumnavigation"], F(900, 1296))
    # VP: 6/36 + 30/36 + 3 x 900/1296 = 3996/1296.
    assert close(answer.expected_values()["vp"]["mean"], F(3996, 1296))
    # Without the map: 3/36 nothing, 12/36 a discovery, 21/36 at 10+, 21/36 circle:
    # 12/36 + 21/36 + 3 x 441/1296 = 2511/1296; the map is worth 1485/1296 VP.
    table = oe.card_value(Voyage("france", "Cartier"))
    assert table.iloc[0]["card"] == "Mercator's Map"
    assert close(table.iloc[0]["without_card"], F(2511, 1296))
    assert close(table.iloc[0]["value"], F(1485, 1296))


@pytest.mark.rule("22", cites="23.15: expected VP of each choice, in 36ths")
@pytest.mark.rule(
    "23", cites="23.15: with no conquest open at or below the roll, nothing (back to the pool)"
)
def test_a_weak_explorer_takes_the_amazon_at_ten_or_more():
    # Willoughby (0): 10+ on 6/36; circumnavigating is worth 1 + 3 x 6/36 = 54/36 < 72/36.
    best = oe.exact(Voyage("england", "Willoughby"))
    assert close(best.p["discovery:Amazon River"], F(6, 36))
    assert close(best.p["circumnavigation"] + best.p["circumnavigation_failed"], F(0))
    forced = oe.exact(Voyage("england", "Willoughby", choice="circumnavigate"))
    assert close(forced.p["circumnavigation"], F(6 * 6, 1296))
    # With the Amazon claimed, circumnavigating (54/36 VP) beats a 1-VP discovery (36/36):
    # at 10+ he claims the Pacific Strait.
    no_amazon = oe.exact(Voyage("england", "Willoughby", claimed="amazon-river"))
    assert close(no_amazon.p["discovery:Pacific Strait"], F(6, 36))


@pytest.mark.rule(
    "22", cites="22: 7-9, that number's discovery, or the next unclaimed one below it"
)
@pytest.mark.rule(
    "23", cites="23.15: with no conquest open at or below the roll, nothing (back to the pool)"
)
def test_everything_claimed_gives_nothing_and_the_explorer_returns():
    # 23.15: a 7-9 whose number and every lower one are claimed gives nothing.
    claimed = (
        "St. Lawrence River,Great Lakes,Mississippi River,Amazon,Pacific Strait,Circumnavigation"
    )
    answer = oe.exact(Voyage("hapsburg", "Magellan", claimed=claimed))
    assert close(answer.p["nothing"], F(1))


@pytest.mark.rule("22", cites="22: 6 or less, killed")
@pytest.mark.rule(
    "23", cites="23.15: with no conquest open at or below the roll, nothing (back to the pool)"
)
def test_a_conquest_with_smallpox_by_hand():
    # Cortez (4) + 2: 2d6 + 6: never killed; 2 makes 8 (1/36); 3 Maya (2/36); 4 Aztecs
    # (3/36); 5+ Inca (30/36). VP: (2 + 6 + 60)/36 = 68/36; without: 56/36.
    answer = oe.exact(Conquest("hapsburg", "Cortez", smallpox=True))
    assert close(answer.p["killed"], F(0))
    assert close(answer.p["nothing"], F(1, 36))
    assert close(answer.p["conquest:Maya"], F(2, 36))
    assert close(answer.p["conquest:Aztecs"], F(3, 36))
    assert close(answer.p["conquest:Inca"], F(30, 36))
    assert close(answer.expected_values()["vp"]["mean"], F(68, 36))
    table = oe.card_value(Conquest("hapsburg", "Cortez"))
    assert table.iloc[0]["card"] == "Smallpox" and close(table.iloc[0]["value"], F(12, 36))
    # The Inca claimed: 11+ falls to the Aztecs, 3/36 + 30/36.
    inca = oe.exact(Conquest("hapsburg", "Cortez", smallpox=True, claimed="inca"))
    assert close(inca.p["conquest:Aztecs"], F(33, 36))


@pytest.mark.rule("22", cites="22: 6 or less, killed")
def test_an_english_conquest_marker_by_hand():
    # Value 0 + 2: 2d6 <= 4 killed (6/36), 5-6 nothing (9/36), 7 Maya (6/36), 8 Aztecs
    # (5/36), 9+ Inca (10/36).
    answer = oe.exact(Conquest("england", smallpox=True))
    assert close(answer.p["killed"], F(6, 36)) and close(answer.p["nothing"], F(9, 36))
    assert close(answer.p["conquest:Inca"], F(10, 36))
    assert close(answer.expected_values()["vp"]["mean"], F(1))


@pytest.mark.rule("22", cites="22: drawn at random from the pool")
@pytest.mark.parametrize(
    "spec, values",
    [
        (dict(power="hapsburg"), (4, 3, 2, 1, 0, -1)),
        (dict(power="france", mercator=True, uncharted=True), (3, 0, 2)),
        (dict(power="england", claimed=("Amazon River", "Great Lakes")), (1, 1, 0)),
        (dict(power="hapsburg", explorer="De Soto", claimed=("Pacific Strait",)), (2,)),
        (dict(power="france", explorer="Verrazano", choice="discovery"), (2,)),
    ],
)
def test_voyages_match_the_die_by_die_reference(spec, values):
    voyage = Voyage(**spec)
    naive = naive_voyage(values, voyage.claimed, voyage.mercator, voyage.uncharted, voyage.choice)
    answer = oe.exact(voyage)
    for outcome in ("lost", "nothing", "discovery", "circumnavigation"):
        want = sum(p for (name, _, _), p in naive.items() if name == outcome)
        assert close(answer.p[outcome], want), outcome
    for claim in discoveries():
        want = sum(p for (_, gained, _), p in naive.items() if claim.name in gained)
        assert close(answer.p[f"discovery:{claim.name}"], want), claim.name
    want_vp = sum(p * vp for (_, _, vp), p in naive.items())
    assert close(answer.expected_values()["vp"]["mean"], want_vp)


@pytest.mark.rule("22", cites="22: drawn at random from the pool")
@pytest.mark.parametrize("smallpox", [False, True])
def test_conquests_match_the_die_by_die_reference(smallpox):
    naive = naive_conquest((4, 3, 2, 1, 1), ("Maya",), smallpox)
    answer = oe.exact(Conquest("hapsburg", claimed="maya", smallpox=smallpox))
    for outcome in ("killed", "nothing", "conquest"):
        want = sum(p for (name, _, _), p in naive.items() if name == outcome)
        assert close(answer.p[outcome], want), outcome
    for won in ("Maya", "Aztecs", "Inca"):
        want = sum(p for (_, name, _), p in naive.items() if name == won)
        assert close(answer.p[f"conquest:{won}"], want), won
    assert close(answer.p["conquest:Maya"], F(0))
    want_vp = sum(p * vp for (_, _, vp), p in naive.items())
    assert close(answer.expected_values()["vp"]["mean"], want_vp)


@pytest.mark.rule("22", cites="best explorer first (his printed value)")
def test_a_turn_resolves_the_best_explorer_first_ties_england_france_hapsburg():
    # Only the Mississippi is open: Cartier (3) and Orellana (3) tie, France sails first.
    # A 7 or an 8 finds nothing (no lower discovery is open); France takes it on a 9
    # (2d6 of 6: 5/36) or at 10+, its only open choice (2d6 >= 7: 21/36): 26/36. The
    # Hapsburgs only when France did not: 10/36 x 26/36.
    claimed = "st-lawrence-river,great-lakes,amazon-river,pacific-strait,circumnavigation"
    turn = VoyageTurn("hapsburg,france", explorers=("Orellana", "Cartier"), claimed=claimed)
    answer = oe.exact(turn)
    assert close(answer.p["france:discovery"], F(26, 36))
    assert close(answer.p["hapsburg:discovery"], F(10 * 26, 36 * 36))
    assert close(answer.p["discovery:Mississippi River"], F(26, 36) + F(260, 1296))
    # Magellan (4) sails before Cartier (3): the order follows the values.
    order = oe.exact(
        VoyageTurn("france,hapsburg", explorers=("Cartier", "Magellan"), claimed=claimed)
    )
    assert close(order.p["hapsburg:discovery"], F(30, 36))  # 2d6 + 4 = 9 (4) or 10+ (26)


@pytest.mark.rule("22", cites="best explorer first (his printed value)")
def test_a_turn_matches_the_naive_chain():
    sailors = (
        ("england", 1, False, True),
        ("france", 2, True, False),
        ("hapsburg", 4, False, False),
    )
    turn = VoyageTurn(
        ("england", "france", "hapsburg"),
        explorers=("Rut", "Verrazano", "Magellan"),
        uncharted=("england",),
        mercator=("france",),
    )
    naive = naive_turn(sailors)
    answer = oe.exact(turn)
    for power in ("england", "france", "hapsburg"):
        for outcome in ("lost", "nothing", "discovery", "circumnavigation"):
            want = sum(p for (done, _), p in naive.items() if (power, outcome) in done)
            assert close(answer.p[f"{power}:{outcome}"], want), (power, outcome)
    for claim in discoveries():
        want = sum(p for (_, held), p in naive.items() if claim.name in held)
        assert close(answer.p[f"discovery:{claim.name}"], want), claim.name


@pytest.mark.parametrize(
    "spec",
    [
        Voyage("hapsburg"),
        Conquest("hapsburg", smallpox=True),
        Voyage("france", mercator=True, claimed="amazon"),
    ],
    ids=["voyage", "conquest", "voyage-claimed"],
)
def test_monte_carlo_agrees_with_exact_within_five_sigma(spec):
    exact, sampled = oe.exact(spec), oe.simulate(spec, trials=300_000, seed=21)
    for name, value in exact.p.items():
        error = math.sqrt(max(value * (1 - value), 1e-12) / sampled.trials)
        assert abs(sampled.p[name] - value) <= SIGMAS * error, name


def test_a_turn_s_monte_carlo_agrees_with_its_chain_and_repeats_with_its_seed():
    turn = VoyageTurn(("england", "france", "hapsburg"), uncharted=True, claimed="amazon")
    exact, sampled = oe.exact(turn), oe.simulate(turn, trials=150_000, seed=4)
    for name, value in exact.p.items():
        error = math.sqrt(max(value * (1 - value), 1e-12) / sampled.trials)
        assert abs(sampled.p[name] - value) <= SIGMAS * error, name
    # The streams are keyed by (seed, turn, block): the same seed, the same numbers.
    again = oe.simulate(turn, trials=150_000, seed=4)
    assert again.p == sampled.p and again.seed == 4
    assert oe.simulate(turn, trials=2_000, seed=5).p != oe.simulate(turn, trials=2_000, seed=6).p


def test_voyage_command_json_contract(capsys):
    status, out, _ = run(
        capsys, "voyage", "--power", "hapsburg", "--explorer", "Magellan", "--format", "json"
    )
    data = json.loads(out)
    assert status == 0 and data["kind"] == "voyage"
    assert {"lost", "nothing", "discovery", "circumnavigation"} <= set(data["p"])
    assert "discovery:Mississippi River" in data["p"]
    assert close(data["expected"]["vp"]["mean"], F(3288, 1296))
    status, out, _ = run(
        capsys,
        "conquest",
        "--power",
        "hapsburg",
        "--conquistador",
        "Cortez",
        "--smallpox",
        "--format",
        "json",
    )
    data = json.loads(out)
    assert {"killed", "nothing", "conquest"} <= set(data["p"])
    assert close(data["expected"]["vp"]["mean"], F(68, 36))


def test_a_turn_on_the_command_line(capsys):
    status, out, _ = run(
        capsys,
        "voyage",
        "--power",
        "hapsburg,france",
        "--explorer",
        "Orellana,Cartier",
        "--claimed",
        "st-lawrence-river,great-lakes,amazon-river,pacific-strait,circumnavigation",
        "--format",
        "json",
    )
    data = json.loads(out)
    assert status == 0 and data["kind"] == "voyages"
    assert close(data["p"]["france:discovery"], F(26, 36))


def test_card_values_on_the_command_line(capsys):
    status, out, _ = run(
        capsys,
        "conquest",
        "--power",
        "hapsburg",
        "--conquistador",
        "Cortez",
        "--card-value",
        "--format",
        "json",
    )
    (row,) = json.loads(out)
    assert status == 0 and row["card"] == "Smallpox"
    assert math.isclose(row["value"], 12 / 36, rel_tol=1e-9)  # JSON keeps 10 digits
    status, out, _ = run(
        capsys, "voyage", "--power", "france", "--explorer", "Cartier", "--card-value"
    )
    assert status == 0 and "Mercator's Map" in out and "+1.146 VP" in out


def test_voyage_and_conquest_tables(capsys):
    status, out, _ = run(capsys, "conquest", "--table", "--format", "csv")
    assert status == 0 and out.splitlines()[0].startswith("power,conquistador,value,smallpox")
    status, out, _ = run(capsys, "voyage", "--table", "--power", "france", "--format", "csv")
    rows = out.strip().splitlines()
    # 3 explorers and the random draw, 4 ways each.
    assert status == 0 and len(rows) == 1 + 4 * 4


@pytest.mark.parametrize(
    "argv, words",
    [
        (
            ["voyage", "--power", "england", "--explorer", "Magellan"],
            "Magellan is an explorer of hapsburg, not of england",
        ),
        (["voyage", "--power", "portugal"], "unknown power 'portugal'"),
        (
            ["voyage", "--power", "france", "--removed", "Cartier,Roberval,Verrazano"],
            "france has no explorer left in its pool",
        ),
        (
            ["voyage", "--power", "hapsburg", "--claimed", "El Dorado"],
            "unknown discovery 'El Dorado'",
        ),
        (
            ["voyage", "--power", "hapsburg", "--explorer", "Cabot", "--uncharted"],
            "takes no Uncharted",
        ),
        (
            ["voyage", "--power", "hapsburg", "--explorer", "Magellan", "--removed", "Magellan"],
            "Magellan is not in hapsburg's pool",
        ),
        (["voyage", "--power", "england,england"], "a power is listed twice"),
        (["voyage", "--power", "france", "--turn", "-2"], "turn must be 1..9"),
        (
            ["conquest", "--power", "england", "--removed", "English Conquest,English Conquest"],
            "england has no conquistador left in its pool",
        ),
        (
            ["conquest", "--power", "hapsburg", "--conquistador", "Magellan"],
            "unknown conquistador 'Magellan' of hapsburg",
        ),
        (
            ["conquest", "--power", "hapsburg", "--claimed", "maya,aztecs,inca"],
            "no conquest is left to make",
        ),
        (
            ["conquest", "--power", "hapsburg", "--claimed", "atlantis"],
            "unknown conquest 'atlantis'",
        ),
    ],
)
def test_bad_input_is_one_line_naming_the_problem(capsys, argv, words):
    assert_one_line_error(capsys, argv, words)

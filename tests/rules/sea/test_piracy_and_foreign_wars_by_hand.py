"""RULES.md Part II by hand: §12 piracy and §13 foreign wars (and the §9 policies they
take).

Every expected figure is written from the text of RULES.md in Fractions: binomial hits at
1/3 a die, 2d6 tables against 9, the piracy awards and the foreign-war attempt written out
again here (:func:`piracy_cells`, :func:`war_chain`), never read from the engine. §11
naval combat is in ``test_naval_combat_by_hand.py``.
"""

import contextlib
import io
import json
from collections import defaultdict
from fractions import Fraction

import pytest
from conftest import assert_one_line_error, assert_within_sigmas
from hand_dice import binomial, close

import oddsengine as oe
from oddsengine.cli import main

# -- §12 piracy ----------------------------------------------------------------------


def piracy_cells(corsairs, rating, anti_dice, ports, limits, order=("vp", "squadrons", "cards")):
    """(corsairs lost, piracy hits, vp, squadrons, cards) -> probability, from §12: each
    anti-piracy hit sinks a corsair; 1 piracy die with 1 corsair left or 1 target port,
    else 2, + the piracy rating; each hit an award, spread evenly over the possible ones,
    ties to the first of ``order``; a hit with no possible award is lost."""
    cells = defaultdict(Fraction)
    for anti in range(anti_dice + 1):
        lost = min(anti, corsairs)
        left = corsairs - lost
        if not left:
            cells[(lost, 0, 0, 0, 0)] += binomial(anti_dice, anti)
            continue
        dice = (1 if left == 1 or ports == 1 else 2) + rating
        for hits in range(dice + 1):
            given = dict.fromkeys(order, 0)
            for _ in range(hits):
                possible = [award for award in order if given[award] < limits[award]]
                if possible:
                    given[min(possible, key=lambda award: (given[award], order.index(award)))] += 1
            key = (lost, hits, given["vp"], given["squadrons"], given["cards"])
            cells[key] += binomial(anti_dice, anti) * binomial(dice, hits)
    return cells


def assert_piracy(raid, expected):
    found = defaultdict(float)
    for row in oe.exact(raid).states_frame().itertuples():
        key = (row.corsairs_lost, row.piracy_hits, row.vp, row.squadrons_sunk, row.cards_drawn)
        found[key] += row.probability
    for key in set(found) | set(expected):
        close(found.get(key, 0.0), expected.get(key, Fraction(0)))


PLENTY = {"vp": 10, "squadrons": 0, "cards": 99}


def test_anti_piracy_dice_by_squadrons_and_fortresses():
    # §12 step 1: 2 target squadrons in the zone (4) + 1 adjacent squadron + 2 fortresses.
    raid = oe.Piracy(
        "ottoman: 4Co Dragut",
        zone_squadrons=2,
        adjacent_squadrons=1,
        adjacent_fortresses=2,
        target_ports=2,
    )
    assert raid.anti_piracy_dice == 7
    assert_piracy(raid, piracy_cells(4, 2, 7, 2, {**PLENTY, "squadrons": 2}))


@pytest.mark.rule("12", cites="16.4: at most 10 piracy VP in a game")
def test_ionian_sea_worked_example_of_16_4():
    # §12 worked example: 2 anti-piracy dice (the Knights at Malta, a Hapsburg squadron at
    # Messina). 1 hit (4/9) sinks a corsair and leaves 1 + Barbarossa's 1 = 2 piracy dice;
    # no hit (4/9) leaves 2 corsairs, 2 + 1 = 3 dice; 2 hits (1/9) sink both.
    raid = oe.Piracy(
        "ottoman: 2Co 1Sq Barbarossa", adjacent_squadrons=1, adjacent_fortresses=1, target_ports=2
    )
    assert raid.anti_piracy_dice == 2
    assert (raid.piracy_dice(corsairs_left=1), raid.piracy_dice(corsairs_left=2)) == (2, 3)
    p = oe.exact(raid).p
    close(p["corsairs_lost:1"], Fraction(4, 9))
    close(p["piracy_hits:3"], Fraction(4, 9) * Fraction(1, 27))
    close(p["success"], 1 - Fraction(4, 9) * Fraction(8, 27) - Fraction(4, 9) * Fraction(4, 9)
          - Fraction(1, 9))  # fmt: skip
    assert_piracy(raid, piracy_cells(2, 1, 2, 2, PLENTY))


@pytest.mark.parametrize(
    "pirates, ports, rating",
    [
        ("ottoman: 3Co Dragut", 1, 2),  # one target port: 1 die + Dragut's 2
        ("ottoman: 3Co", 2, 0),  # 2 dice, no rating
        ("ottoman: 3Co Dragut Barbarossa", 2, 2),  # the best piracy rating only
    ],
)
def test_piracy_dice_by_corsairs_ports_and_rating(pirates, ports, rating):
    raid = oe.Piracy(pirates, target_ports=ports)
    assert raid.piracy_dice(corsairs_left=3) == (1 if ports == 1 else 2) + rating
    assert raid.piracy_dice(corsairs_left=1) == 1 + rating
    assert_piracy(raid, piracy_cells(3, rating, 0, ports, PLENTY))


@pytest.mark.rule("12", cites="16.4: at most 10 piracy VP in a game")
@pytest.mark.parametrize(
    "settings, limits, order",
    [
        # No card in hand: the hits go to VP and the one squadron, evenly.
        ({"target_hand": 0, "zone_squadrons": 1}, {"vp": 10, "squadrons": 1, "cards": 0}, None),
        # 9 VP already: 1 VP at most (the 10 VP cap), then the card.
        ({"piracy_vp": 9, "target_hand": 1}, {"vp": 1, "squadrons": 0, "cards": 1}, None),
        # 10 VP, no card, no squadron: every hit is lost.
        ({"piracy_vp": 10, "target_hand": 0}, {"vp": 0, "squadrons": 0, "cards": 0}, None),
        # Squadrons adjacent to the zone may be sunk.
        ({"adjacent_squadrons": 2, "target_squadrons": 2, "target_hand": 5},
         {"vp": 10, "squadrons": 2, "cards": 5}, None),
        # The target's own preference, cards first, still spread evenly.
        ({"target_hand": 5, "target_squadrons": 1, "award_order": ("cards", "squadrons", "vp")},
         {"vp": 10, "squadrons": 1, "cards": 5}, ("cards", "squadrons", "vp")),
    ],
)  # fmt: skip
def test_piracy_awards_spread_evenly_over_the_possible_ones(settings, limits, order):
    # §12 step 3 / §9: an impossible award is not chosen while another is possible; the
    # default spread prefers VP, then squadrons, then cards. 3 corsairs, Dragut, 2 ports:
    # 4 piracy dice, so 0-4 hits to spread.
    raid = oe.Piracy("ottoman: 3Co Dragut", target_ports=2, **settings)
    anti = raid.anti_piracy_dice
    expected = piracy_cells(3, 2, anti, 2, limits, order or ("vp", "squadrons", "cards"))
    assert_piracy(raid, expected)


@pytest.mark.rule("12", cites="16.4: at most 10 piracy VP in a game")
def test_four_piracy_hits_give_two_vp_a_squadron_and_a_card():
    # §12 step 3, the default: 4 hits over VP, squadrons, cards = 2, 1, 1 (VP first).
    raid = oe.Piracy("ottoman: 3Co Dragut", target_ports=2, target_squadrons=3)
    frame = oe.exact(raid).states_frame()
    four = frame[frame.piracy_hits == 4]
    assert (four.vp.tolist(), four.squadrons_sunk.tolist(), four.cards_drawn.tolist()) == (
        [2],
        [1],
        [1],
    )
    close(four.probability.sum(), Fraction(1, 81))


@pytest.mark.rule("12", cites="Another power played a card that stops the action (Foul Weather")
def test_foul_weather_stops_a_piracy_action():
    p = oe.exact(oe.Piracy("ottoman: 2Co", target_ports=2, responses="foul-weather")).p
    assert p["cancelled"] == 1


@pytest.mark.rule("11", cites="RULES.md §11: Professional Rowers, not in piracy")
def test_professional_rowers_are_refused_in_piracy():
    with pytest.raises(oe.OddsEngineError, match="Professional Rowers .*not in piracy"):
        oe.Piracy("ottoman: 2Co", target_ports=2, responses="professional-rowers")


@pytest.mark.rule("12", cites="16.4 step 3")
def test_the_award_order_is_taken_by_the_even_spread_on_the_command_line():
    # §12 / §9: the preference is the target's policy under the even spread too. 2 corsairs,
    # 2 ports: 2 piracy dice. With cards first the first hit draws a card (P(1 or 2 hits)
    # = 5/9) and the second, spread evenly, gives a VP (no squadron there): P = 1/9.
    stdout = io.StringIO()
    with contextlib.redirect_stdout(stdout):
        argv = ["piracy", "--pirates", "ottoman: 2Co", "--target-ports", "2",
                "--award-order", "cards,vp,squadrons", "--exact", "--format", "json"]  # fmt: skip
        assert main(argv) == 0
    expected = json.loads(stdout.getvalue())["expected"]
    close(expected["cards_drawn"]["mean"], Fraction(5, 9))
    close(expected["vp"]["mean"], Fraction(1, 9))


# -- §13 foreign wars ----------------------------------------------------------------


def war_attempt(units, dice, foreign):
    """One attempt (§13): the major power's dice against 1 die a foreign unit, no extra
    die; each hit removes a unit; both wiped out, more dice keep 1, the foreign side on
    equal dice. -> {(units left, foreign left): probability}."""
    cells = defaultdict(Fraction)
    for a in range(dice + 1):
        for d in range(foreign + 1):
            left, foreign_left = max(units - d, 0), max(foreign - a, 0)
            if not left and not foreign_left:
                if dice > foreign:
                    left = 1
                else:
                    foreign_left = 1
            cells[(left, foreign_left)] += binomial(dice, a) * binomial(foreign, d)
    return cells


def war_chain(units, rating, foreign, horizon, card_units, built=0, first_extra=0):
    """Attempt after attempt (§13): survivors stay; before each later attempt ``built``
    regulars (2 CP each) up to the card's number; no attempt with no unit; 1 CP an
    attempt. -> (P(won by k) for k = 1..horizon, expected CP)."""
    states, won_by, cp = {(units, foreign): Fraction(1)}, [], Fraction(0)
    for attempt in range(1, horizon + 1):
        after = defaultdict(Fraction)
        for (left, foreign_left), p in states.items():
            if foreign_left and attempt > 1 and built:
                build = min(built, max(card_units - left, 0))
                left, cp = left + build, cp + p * 2 * build
            if not foreign_left or not left:
                after[(left, foreign_left)] += p
                continue
            cp += p
            extra = first_extra if attempt == 1 else 0
            for state, q in war_attempt(left, left + rating + extra, foreign_left).items():
                after[state] += p * q
        states = after
        won_by.append(sum(p for (_, foreign_left), p in states.items() if not foreign_left))
    stalled = sum(p for (left, foreign_left), p in states.items() if foreign_left and not left)
    return won_by, cp, stalled


def assert_war(war, expected):
    won_by, cp, _ = expected
    result = oe.exact(war)
    for attempt, chance in enumerate(won_by, start=1):
        close(result.p[f"won_by:{attempt}"], chance)
    close(result.expected_values()["cp"]["mean"], cp)


@pytest.mark.rule("13", cites="4 Irish if France or the Hapsburgs play it")
def test_revolt_in_egypt_one_attempt():
    # §13: 3 Ottoman dice against 3 Egyptian, no extra die. Won only with 3 hits while the
    # Egyptians score fewer than 3 (3 and 3: both wiped out on equal dice, the Egyptians
    # keep 1): 1/27 * 26/27 = 26/729.
    close(oe.exact(oe.ForeignWar("egypt", "3R", horizon=1)).p["won_by:1"], Fraction(26, 729))


@pytest.mark.rule("13", cites="21.7: no unit on the card, no attempt")
def test_revolt_in_egypt_two_attempts_and_the_cp_spent():
    # §13: a second attempt unless won (26/729) or no Ottoman unit left (3 Egyptian hits,
    # 1/27): 1 + (1 - 26/729 - 27/729) = 1 + 676/729 CP.
    war = oe.ForeignWar("egypt", "3R", horizon=2)
    assert_war(war, war_chain(3, 0, 3, 2, 3))
    close(oe.exact(war).expected_values()["cp"]["mean"], 1 + Fraction(676, 729))


@pytest.mark.rule("13", cites="4 Irish if France or the Hapsburgs play it")
def test_war_in_persia_one_attempt():
    # §13: 5 Ottoman dice against 4 Persian: won with 4 or 5 hits (the Persians' 4 dice
    # cannot sink all 5): C(5,4) 2/3^5 + 1/3^5 = 11/243.
    close(oe.exact(oe.ForeignWar("persia", "5R", horizon=1)).p["won_by:1"], Fraction(11, 243))


@pytest.mark.rule(
    "13", cites=("(the foreign side on equal dice)", "4 Irish if France or the Hapsburgs play it")
)
@pytest.mark.parametrize(
    "war, force, foreign, units, rating, card_units",
    [
        ("persia", "5R", None, 5, 0, 5),
        ("persia", "5R Ibrahim", None, 5, 1, 5),
        ("persia", "5R Suleiman Ibrahim", None, 5, 2, 5),  # only the best rating counts
        ("ireland", "england: 4R Henry VIII", None, 4, 1, 4),
        ("ireland", "england: 4R Henry VIII", 4, 4, 1, 4),  # played by France or the Hapsburgs
        ("egypt", "3R Suleiman", None, 3, 2, 3),  # 5 dice against 3: both sunk, he keeps 1
        ("egypt", "2R", None, 2, 0, 3),  # below the card's number, nothing built
    ],
)
def test_foreign_wars_attempt_after_attempt(war, force, foreign, units, rating, card_units):
    # §13: the card's forces (Egypt 3 v 3, Persia 5 v 4, Ireland 4 v 3 or 4); survivors
    # stay between attempts; with no unit left no attempt.
    spec = oe.ForeignWar(war, force, foreign=foreign, horizon=3)
    default = {"egypt": 3, "persia": 4, "ireland": 3}[war]
    assert_war(spec, war_chain(units, rating, foreign or default, 3, card_units))


@pytest.mark.rule("13", cites="21.7: no unit on the card, no attempt")
def test_reinforcements_are_built_on_the_card_before_later_attempts():
    # §13: 2 regulars on Egypt, 1 built (2 CP) before each later attempt up to 3.
    war = oe.ForeignWar("egypt", "2R", horizon=4, reinforcements=1)
    assert_war(war, war_chain(2, 0, 3, 4, 3, built=1))
    war = oe.ForeignWar("persia", "5R", horizon=5, reinforcements=2)
    assert_war(war, war_chain(5, 0, 4, 5, 5, built=2))


@pytest.mark.rule("13", cites="21.7: no unit on the card, no attempt")
def test_a_war_with_no_unit_left_stops():
    # §13: Egypt 3R, one attempt: the Egyptians' 3 hits (1/27) leave no Ottoman unit, so
    # the war is stalled whatever the horizon (no reinforcements).
    assert war_chain(3, 0, 3, 1, 3)[2] == Fraction(1, 27)
    for horizon in (1, 4):
        p = oe.exact(oe.ForeignWar("egypt", "3R", horizon=horizon)).p
        close(p["stalled"], war_chain(3, 0, 3, horizon, 3)[2])


@pytest.mark.parametrize(
    "card, extra, war, force",
    [
        ("arquebusiers", 2, "egypt", "3R"),
        ("field-artillery", 3, "egypt", "3R"),  # +3 for the Ottomans
        ("field-artillery", 2, "ireland", "england: 4R"),  # +2 for England
    ],
)
def test_cards_before_the_roll_in_the_first_attempt(card, extra, war, force):
    spec = oe.ForeignWar(war, force, horizon=2, cards=card)
    units = 3 if war == "egypt" else 4
    assert_war(spec, war_chain(units, 0, 3, 2, units, first_extra=extra))


@pytest.mark.rule("13", cites="21.7, RULES.md §13: the war is won when no foreign unit is left")
@pytest.mark.parametrize("policy", ["if-it-changes-the-outcome", "always"])
def test_janissaries_in_a_foreign_war_win_when_both_sides_are_wiped_out(policy):
    # §13 / §9: +5 dice after the roll. Egypt 3R: the war is won with 3 hits in 3 + 5
    # dice; with 3 Egyptian hits too both sides are wiped out, and the Ottomans, with 8
    # dice against 3, keep a unit. By default the card is played whenever Egyptians would
    # survive the roll: on 0-2 hits, and on 3 hits when the Egyptians also hit 3 (they
    # would keep one on equal dice). Either way P(won) = P(3 + 5 dice score >= 3)
    # = 1 - P(<= 2 hits in 8) = 1 - (2^8 + 8 * 2^7 + 28 * 2^6) / 3^8 = 1163/2187.
    war = oe.ForeignWar("egypt", "3R", horizon=1, cards="janissaries", post_roll_policy=policy)
    won = 1 - sum(binomial(8, hits) for hits in range(3))
    assert won == Fraction(1163, 2187)
    close(oe.exact(war).p["won_by:1"], won)


def test_janissaries_are_ottoman_only_in_a_foreign_war():
    with pytest.raises(oe.OddsEngineError, match="cannot be played by england"):
        oe.ForeignWar("ireland", "england: 4R", cards="janissaries")


def test_foreign_war_monte_carlo_within_five_sigma():
    war = oe.ForeignWar("persia", "5R Ibrahim", horizon=3)
    sampled = oe.simulate(war, trials=100_000, seed=2107)
    assert_within_sigmas(sampled, oe.exact(war))


# -- bad input (the faces) -----------------------------------------------------------


@pytest.mark.parametrize(
    "argv, words",
    [
        (["piracy", "--pirates", "ottoman: 2Sq", "--target-ports", "2"], "corsairs"),
        (["piracy", "--pirates", "ottoman: 2Co", "--target-ports", "0"], "target_ports"),
        (["piracy", "--pirates", "ottoman: 2Co", "--target-ports", "1", "--responses",
          "professional-rowers"], "not in piracy"),
        (["piracy", "--pirates", "ottoman: 2Co", "--target-ports", "1", "--piracy-vp", "11"],
         "at most 10"),
        (["foreign-war", "--war", "crete", "--force", "3R"], "crete"),
        (["foreign-war", "--war", "egypt", "--force", "4R"], "between 1 and 3"),
        (["foreign-war", "--war", "egypt", "--force", "3R Barbarossa"], "unknown leader"),
        (["foreign-war", "--war", "ireland", "--force", "ottoman: 3R"], "fought by england"),
        (["foreign-war", "--war", "egypt", "--force", "3R", "--cards", "tercios"], "Tercios"),
    ],
)  # fmt: skip
def test_bad_input_is_one_line_naming_the_problem(capsys, argv, words):
    assert_one_line_error(capsys, argv, words)

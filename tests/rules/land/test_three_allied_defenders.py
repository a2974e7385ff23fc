"""Three allied major powers defending together (RULES.md §4, 13.3 and §6, 14 step 9)
against values computed by hand (Fractions): losses split evenly, the odd losses dealt by
a die roll, one to a power, each order of the powers equally likely; each power avoiding
battle on its own roll; Monte Carlo within 5 sigma of the exact engine."""

import json
from fractions import Fraction
from itertools import product

import numpy as np
import pytest
from conftest import run_cli
from hand_dice import (
    ALLIES,
    OTTOMAN_WARS,
    attacker_wins,
    binomial,
    close,
    monte_carlo_agrees,
    roll,
    states,
)

from oddsengine import Assault, FieldBattle, OddsEngineError, exact, simulate
from oddsengine.combat.allied_losses import odd_loss_orders, share_losses
from oddsengine.combat.engagements import split_losses
from oddsengine.moves.move import Move
from oddsengine.moves.situation import Situation, Stack

POWERS = ("hapsburg", "england", "papacy")


def p_where(result, mask) -> float:
    return float(result.probabilities[mask].sum())


# -- the split of the losses (14 step 9) ----------------------------------------------


@pytest.mark.rule("6", cites="the odd losses between allies are decided by a die roll")
@pytest.mark.parametrize("losses", [1, 2])
def test_odd_losses_go_one_to_a_power_each_power_equally_likely(losses):
    faces = odd_loss_orders(3)
    assert len(faces) == 6  # every order of three powers, each 1/6
    outcomes = [share_losses(losses, (1, 1, 1), face) for face in range(6)]
    # Each odd loss to a different power: nobody loses two.
    assert all(sorted(outcome) == [0] * (3 - losses) + [1] * losses for outcome in outcomes)
    # Uniform: every set of `losses` powers is hit by the same number of faces (6 / 3 = 2).
    hit_sets = [frozenset(i for i in range(3) if outcome[i]) for outcome in outcomes]
    assert {hit_sets.count(hit) for hit in set(hit_sets)} == {2} and len(set(hit_sets)) == 3


@pytest.mark.rule("6", cites="the odd losses between allies are decided by a die roll")
@pytest.mark.parametrize(
    ("losses", "units", "expected"),
    [
        (3, (2, 2, 2), (1, 1, 1)),  # even: one each, no die needed
        (6, (2, 2, 2), (2, 2, 2)),
        (5, (1, 3, 3), (1, 2, 2)),  # the power with one unit passes the rest on
        (7, (1, 5, 5), (1, 3, 3)),
        (4, (0, 2, 3), (0, 2, 2)),
    ],
)
def test_even_shares_whatever_the_die(losses, units, expected):
    for face in range(6):
        assert share_losses(losses, units, face) == expected


@pytest.mark.rule(
    "6", cites="14 step 9: allied powers defending together split their losses evenly"
)
def test_two_powers_split_as_before():
    for losses, main, ally, to_ally in product(range(7), range(4), range(4), (False, True)):
        if losses <= main + ally:
            assert share_losses(losses, (main, ally), int(to_ally)) == split_losses(
                losses, main, ally, to_ally
            )


# -- a field battle: attacker 3R against 1R of each of three powers -------------------


def three_against_three(defender_dice=4) -> dict[int, Fraction]:
    """The defenders' losses: attacker 3 dice, defender 3 units + 0 + 1 = 4 dice (14
    steps 2-3). Both wiped out (3 hits each way): the defender rolled more dice and keeps
    one unit (14 step 9), so it loses 2."""
    losses = {0: Fraction(0), 1: Fraction(0), 2: Fraction(0), 3: Fraction(0)}
    for hits, defender_hits in product(range(4), range(defender_dice + 1)):
        weight = binomial(3, hits) * binomial(defender_dice, defender_hits)
        both_wiped_out = hits >= 3 and defender_hits >= 3
        losses[2 if both_wiped_out else hits] += weight
    return losses


@pytest.mark.rule("6", cites="the odd losses between allies are decided by a die roll")
def test_three_against_three_by_hand():
    losses = three_against_three()
    assert losses[3] == Fraction(1, 27) * Fraction(8, 9)
    assert losses[2] == Fraction(6, 27) + Fraction(1, 27) * Fraction(1, 9)
    battle = FieldBattle("ottoman: 3R", "hapsburg: 1R", defender_ally=("england: 1R", "papacy: 1R"))
    assert (battle.attacker_dice, battle.defender_dice) == (3, 4)
    result = exact(battle)
    close(result.p["attacker_wins"], attacker_wins(3, 4))
    left = {power: result.states[f"{power}_survivors"] for power in POWERS}
    for power in POWERS:
        # One loss: to this power on 1 die face in 3; two: to this power on 2 in 3.
        keeps = losses[0] + losses[1] * Fraction(2, 3) + losses[2] * Fraction(1, 3)
        assert p_where(result, left[power] == 1) == pytest.approx(float(keeps), abs=1e-12)
        # This power alone keeps its unit: two losses, to the two others (1 in 3); this
        # includes both sides wiped out, when the die decides who keeps the last unit.
        alone = np.all([left[other] == (other == power) for other in POWERS], axis=0)
        assert p_where(result, alone) == pytest.approx(float(losses[2] / 3), abs=1e-12)
    nobody = np.all([left[power] == 0 for power in POWERS], axis=0)
    assert p_where(result, nobody) == pytest.approx(float(losses[3]), abs=1e-12)
    expected = exact(battle).expected_losses()
    for power in POWERS:
        mean = sum(count * weight for count, weight in losses.items()) / 3
        assert expected[f"defender:{power}"]["mean"] == pytest.approx(float(mean), abs=1e-12)


@pytest.mark.rule("6", cites="14 step 9: each allied power's survivors, in its casualty order")
def test_each_power_loses_in_its_own_casualty_order():
    # 6 + 1 = 7 dice against 6 units + 1 = 7 dice; 3 hits: one loss each, a mercenary each
    # (default order: mercenaries first), whatever the die.
    battle = FieldBattle(
        "ottoman: 6R Ibrahim", "hapsburg: 1R 1M", defender_ally=("england: 1R 1M", "papacy: 1R 1M")
    )
    result = exact(battle)
    states_ = result.states
    three_mercenaries = (states_["defender_mercenaries"] == 0) & (states_["defender_regulars"] == 3)
    close_to = float(binomial(7, 3))
    assert p_where(result, three_mercenaries) == pytest.approx(close_to, abs=1e-12)
    # 4 hits: one power, chosen by the die, loses its regular too.
    for power in POWERS:
        lost_two = (states_[f"{power}_survivors"] == 0) & (states_["defender_regulars"] == 2)
        assert p_where(result, lost_two) == pytest.approx(float(binomial(7, 4) / 3), abs=1e-12)


@pytest.mark.rule("6", cites="the odd losses between allies are decided by a die roll")
def test_an_assault_on_a_garrison_of_three_powers():
    # 15.1: attacker 6R with Ibrahim: 3 dice (one per two regulars, at least one defending
    # unit) + 1; defender 3 + 0 + 1 = 4 dice. Each hit eliminates one unit (none is kept).
    assault = Assault(
        "ottoman: 6R Ibrahim", "hapsburg: 1R", defender_ally=("england: 1R", "papacy: 1R")
    )
    assert (assault.attacker_dice, assault.defender_dice) == (4, 4)
    result = exact(assault)
    assert sum(result.p[name] for name in result.outcome_names) == pytest.approx(1.0)
    mean = sum(min(hits, 3) * binomial(4, hits) for hits in range(5)) / 3
    assert mean == Fraction(107, 243)
    losses = result.expected_losses()
    for power in POWERS:
        assert losses[f"defender:{power}"]["mean"] == pytest.approx(float(mean), abs=1e-12)
    # Success: 3 hits or more take every unit of the three powers; 4 defending dice
    # never kill all 6 attackers.
    close(result.p["success"], binomial(4, 3) + binomial(4, 4))


@pytest.mark.rule("6", cites="the odd losses between allies are decided by a die roll")
def test_monte_carlo_agrees_for_three_allied_powers():
    battle = FieldBattle(
        "ottoman: 5R Ibrahim", "hapsburg: 2R", defender_ally=("england: 1R 1M", "papacy: 1R")
    )
    exact_losses = exact(battle).expected_losses()
    sampled = simulate(battle, trials=400_000, seed=19).expected_losses()
    for power in POWERS:
        label = f"defender:{power}"
        error = abs(sampled[label]["mean"] - exact_losses[label]["mean"])
        assert error <= 5 * sampled[label]["stderr"]


def test_three_allies_describe_themselves():
    battle = FieldBattle("ottoman: 3R", "hapsburg: 1R", defender_ally=["england: 1R", "papacy: 1R"])
    assert battle.describe()["defender_ally"] == "england: 1R + papacy: 1R"
    one = FieldBattle("ottoman: 3R", "hapsburg: 1R", defender_ally=("england: 1R",))
    assert one == FieldBattle("ottoman: 3R", "hapsburg: 1R", defender_ally="england: 1R")


def test_the_same_power_twice_among_three_is_refused():
    with pytest.raises(OddsEngineError, match="give one force per power"):
        FieldBattle("ottoman: 3R", "hapsburg: 1R", defender_ally=("england: 1R", "england: 2R"))


# -- whole moves: Suleiman with 8 regulars from Pressburg into Vienna ------------------


def vienna(hapsburg="hapsburg: 2R", england="england: 2R Charles Brandon", papacy="papacy: 1R"):
    return Situation(
        [
            Stack("Pressburg", "ottoman: 8R Suleiman"),
            Stack("Vienna", hapsburg),
            Stack("Vienna", england),
            Stack("Vienna", papacy),
        ],
        control={"Pressburg": "ottoman"},
        wars=OTTOMAN_WARS,
        alliances=ALLIES,
    )


#: Each power's chance to avoid (13.3: 2d6 + best rating of those leaving >= 9), its land
#: units and best rating.
TRIES = {"hapsburg": (roll(0), 2, 0), "england": (roll(1), 2, 1), "papacy": (roll(0), 1, 0)}

AVOID = {"hapsburg": "avoid:Linz", "england": "avoid:Graz", "papacy": "avoid:Linz"}


def staying(avoiding) -> list[tuple[Fraction, int, int]]:
    """(probability, land units staying, best rating staying) over the avoid rolls of the
    powers in ``avoiding``, each rolled separately (13.3)."""
    combos = [(Fraction(1), 0, 0)]
    for power, (p, units, rating) in TRIES.items():
        stays = [(w, u + units, max(r, rating)) for w, u, r in combos]
        if power in avoiding:
            combos = [(w * p, u, r) for w, u, r in combos] + [
                (w * (1 - p), u, r) for w, u, r in stays
            ]
        else:
            combos = stays
    return combos


@pytest.mark.rule("4", cites="13.3: every defender avoided battle")
def test_three_powers_all_avoid_battle():
    move = Move(vienna(), "Pressburg", "Vienna", defender_policy=AVOID)
    result = exact(move)
    nobody = TRIES["hapsburg"][0] * TRIES["england"][0] * TRIES["papacy"][0]
    assert nobody == Fraction(10, 36) * Fraction(15, 36) * Fraction(10, 36)
    close(result.p["field_battle"], 1 - nobody)
    close(result.p["avoided_battle"], 1 - (1 - roll(0)) ** 2 * (1 - roll(1)))
    # 14 steps 2-3: 8 + 2 = 10 attacker dice; those staying + best rating + 1.
    wins = sum(w * attacker_wins(10, u + r + 1) for w, u, r in staying(set(POWERS)) if u)
    close(result.p["attacker_wins"], wins)
    no_battle = [(w, s) for w, s in states(move) if "field_battle" not in s.events]
    close(sum(w for w, _ in no_battle), nobody)
    assert all(s.outcome == "besieging" for _, s in no_battle)
    monte_carlo_agrees(move, ["field_battle", "attacker_wins", "besieging"])


@pytest.mark.rule("4", cites="13.3: every defender avoided battle")
def test_two_of_three_powers_avoid_battle():
    policy = {"hapsburg": "fight", "england": "avoid:Graz", "papacy": "avoid:Linz"}
    move = Move(vienna(), "Pressburg", "Vienna", defender_policy=policy)
    result = exact(move)
    close(result.p["field_battle"], 1)  # the Hapsburgs stay
    close(result.p["avoided_battle"], 1 - (1 - roll(1)) * (1 - roll(0)))
    combos = staying({"england", "papacy"})
    assert sorted(u for _, u, _ in combos) == [2, 3, 4, 5]
    # Both allies fail (weight 26/36 * 21/36): all three powers fight, 5 + 1 + 1 = 7 dice.
    assert combos[-1][0] == (1 - roll(1)) * (1 - roll(0))
    close(result.p["attacker_wins"], sum(w * attacker_wins(10, u + r + 1) for w, u, r in combos))
    monte_carlo_agrees(move, ["attacker_wins", "avoided_battle", "besieging"])


@pytest.mark.rule("6", cites="14 step 9: each allied power's survivors, in its casualty order")
def test_a_move_against_three_powers_with_one_unit_each():
    situation = Situation(
        [
            Stack("Pressburg", "ottoman: 3R"),
            *(Stack("Vienna", f"{power}: 1R") for power in POWERS),
        ],
        control={"Pressburg": "ottoman"},
        wars=OTTOMAN_WARS,
        alliances=ALLIES,
    )
    move = Move(situation, "Pressburg", "Vienna", defender_policy="fight")
    result = exact(move)
    losses = three_against_three()
    close(result.p["attacker_wins"], attacker_wins(3, 4))
    close(result.p["defender_eliminated"], losses[3])
    ends = states(move)
    for power in POWERS:
        # Each power keeps its unit (14 step 9) and stays, goes inside (the Hapsburgs
        # control Vienna, 14.1) or retreats on its own (14.1, 11).
        keeps = losses[0] + losses[1] * Fraction(2, 3) + losses[2] * Fraction(1, 3)
        close(sum(w for w, s in ends if f"{power}: 1R" in s.defenders_end), keeps)
    for _, state in ends:
        for part in state.defenders_end.split("; "):
            if "(inside)" in part:
                assert "hapsburg" in part  # 14.1: only the controlling power goes inside
    monte_carlo_agrees(move, ["attacker_wins", "defender_eliminated", "besieging"])


@pytest.mark.rule("6", cites='result["attacker_leaders_captured"] = attacker.has_leaders')
def test_leaders_are_captured_only_when_the_whole_side_is_gone():
    # Charles Brandon (rating 1) with England: 3 units + 1 + 1 = 5 defending dice.
    situation = Situation(
        [
            Stack("Pressburg", "ottoman: 3R"),
            Stack("Vienna", "hapsburg: 1R"),
            Stack("Vienna", "england: 1R Charles Brandon"),
            Stack("Vienna", "papacy: 1R"),
        ],
        control={"Pressburg": "ottoman"},
        wars=OTTOMAN_WARS,
        alliances=ALLIES,
    )
    move = Move(situation, "Pressburg", "Vienna", defender_policy="fight")
    losses = three_against_three(defender_dice=5)
    assert losses[3] == Fraction(1, 27) * (1 - sum(binomial(5, hits) for hits in (3, 4, 5)))
    ends = states(move)
    # 14 step 10: no land unit left on the defending side: his leader is captured.
    captured = sum(w for w, s in ends if "Charles Brandon" in s.captured)
    close(captured, losses[3])
    # England's unit lost while an ally keeps one: he stays with the side (not captured).
    keeps = losses[0] + losses[1] * Fraction(2, 3) + losses[2] * Fraction(1, 3)
    close(
        sum(w for w, s in ends if "england: 0R Charles Brandon" in s.defenders_end),
        1 - keeps - losses[3],
    )


# -- the command line ---------------------------------------------------------------


def test_the_command_line_takes_each_ally_once(capsys):
    allies = ["--defender-ally", "england: 1R", "--defender-ally", "papacy: 1R"]
    command = ["battle", "--attacker", "ottoman: 3R", "--defender", "hapsburg: 1R", *allies]
    status, out, _ = run_cli(capsys, *command, "--exact", "--format", "json")
    assert status == 0
    answer = json.loads(out)
    assert answer["spec"]["defender_ally"] == "england: 1R + papacy: 1R"
    mean = sum(count * weight for count, weight in three_against_three().items()) / 3
    for power in POWERS:
        got = answer["expected_losses"][f"defender:{power}"]["mean"]
        assert got == pytest.approx(float(mean), abs=1e-12)
    twice = ["--defender-ally", "england: 1R", "--defender-ally", "england: 2R"]
    status, _, err = run_cli(capsys, *command[:5], *twice, "--exact")
    assert status != 0 and "give one force per power" in err and "Traceback" not in err

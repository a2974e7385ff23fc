"""Retreat (RULES.md §6.1, 14.1, original 004) and the relief of a siege (§6.2, 15.2; §5,
15.3) on the real board against values computed by hand (Fractions): retreat choices, no
legal retreat, the winner in a fortified space, relief battles with ties, the garrison
joining, and sieges broken by the besiegers' losses."""

from fractions import Fraction

import pytest
from hand_dice import (
    THIRD,
    battle,
    close,
    graz_situation,
    monte_carlo_agrees,
    one_power_in_vienna,
    states,
)

from oddsengine import exact
from oddsengine.moves.move import Move
from oddsengine.moves.situation import Situation, Stack


@pytest.mark.rule(
    "6.1", cites="Spaces a losing formation may retreat to from ``battle_space`` (14.1)"
)
def test_the_loser_retreats_to_the_space_the_policy_prefers():
    # Graz's legal retreats: Vienna and Trieste (Mohacs is where the enemy came from,
    # Agram is Hungarian, Salzburg Protestant). 6 + 1 = 7 dice against 3 + 1 = 4.
    situation = graz_situation(
        "hapsburg: 3R", mover="ottoman: 6R Ibrahim", stacks=[Stack("Vienna", "hapsburg: 1R")]
    )
    retreats = sum(w for w, won, _, left, *_ in battle(6, 7, 3, 4) if won and left)
    for policy, space in (("most-friendly", "Vienna"), ("prefer:Trieste", "Trieste")):
        move = Move(
            situation,
            "Mohacs",
            "Graz",
            defender_policy="fight",
            interception_policy="none",
            retreat_policy=policy,
        )
        result = exact(move)
        close(result.p["defender_retreats"], retreats)
        for _, state in states(move):
            if "defender_retreats" in state.events:
                assert state.defenders_end.startswith(f"{space}:"), state.defenders_end


@pytest.mark.rule(
    "6.1", cites="Spaces a losing formation may retreat to from ``battle_space`` (14.1)"
)
def test_a_loser_with_no_legal_retreat_is_eliminated_and_its_leader_captured():
    # Vienna and Trieste in unrest: no legal retreat. 4 + 1 = 5 dice against 2 + 1 + 1 = 4.
    situation = graz_situation(
        "hapsburg: 2R Ferdinand", mover="ottoman: 4R Ibrahim", unrest=["Vienna", "Trieste"]
    )
    move = Move(situation, "Mohacs", "Graz", defender_policy="fight")
    result = exact(move)
    outcomes = list(battle(4, 5, 2, 4))
    gone = sum(w for w, won, _, left, *_ in outcomes if won or left == 0)
    close(result.p["defender_eliminated"], gone)
    # Ibrahim is captured too when his 4 regulars are all lost (4 hits or more against
    # them; both wiped out never leaves him alone: 5 dice against 4, he keeps one).
    ibrahim = sum(w for w, _, a_left, _, *_ in outcomes if a_left == 0)
    close(result.p["leaders_captured"], gone + ibrahim)


@pytest.mark.rule("6.1", cites="14.1: a losing attacker must retreat")
def test_a_losing_attacker_whose_origin_is_in_unrest_is_eliminated():
    # 14.1: a losing attacker must retreat where it came from; Mohacs in unrest: eliminated
    # and Ibrahim captured. 3 + 1 = 4 dice against 3 + 1 + 1 = 5 (Ferdinand).
    situation = graz_situation(
        "hapsburg: 3R Ferdinand", mover="ottoman: 3R Ibrahim", unrest=["Mohacs"]
    )
    move = Move(situation, "Mohacs", "Graz", defender_policy="fight")
    result = exact(move)
    outcomes = list(battle(3, 4, 3, 5))
    eliminated = sum(w for w, won, left, _, *_ in outcomes if not won or left == 0)
    close(result.p["attacker_eliminated"], eliminated)
    ibrahim = eliminated
    ferdinand = sum(w for w, won, _, left, *_ in outcomes if left == 0)
    both = sum(w for w, won, a_left, left, *_ in outcomes if left == 0 and (not won or a_left == 0))
    close(result.p["leaders_captured"], ibrahim + ferdinand - both)


@pytest.mark.rule("6", cites="14 step 12: otherwise it retreats to any legal adjacent space")
def test_the_winner_in_a_fortified_space_besieges_only_if_it_outnumbers_those_inside():
    # 14 step 12: 3 Ottomans (3 dice) beat 4 Hapsburgs (5 dice) in Vienna; the 4 - a
    # survivors go inside (14.1, at most 4); 3 - d movers besiege iff 3 - d > 4 - a.
    move = Move(
        one_power_in_vienna("hapsburg: 4R", mover="ottoman: 3R"),
        "Pressburg",
        "Vienna",
        defender_policy="fight",
    )
    result = exact(move)
    outcomes = list(battle(3, 3, 4, 5))
    close(result.p["attacker_wins"], sum(w for w, won, *_ in outcomes if won))
    close(
        result.p["besieging"],
        sum(w for w, won, a_left, d_left, *_ in outcomes if won and a_left > d_left),
    )


def besieged(besiegers, garrison, relief, pressburg_ottoman=True):
    return Situation(
        [
            Stack("Vienna", besiegers),
            Stack("Vienna", garrison, besieged=True),
            Stack("Linz", relief),
        ],
        control={"Pressburg": "ottoman"} if pressburg_ottoman else {},
        wars=[("ottoman", "hapsburg")],
    )


def relief_broken(
    relief_units, relief_dice, besiegers, besieger_dice, garrison, inside_on_tie=True
):
    """15.2 / 15.3 by hand: P(siege broken) when a relief force (no garrison joining)
    attacks the besiegers. Relief wins on hits: broken. Relief loses: on a tie its
    survivors may go inside (4 in all); broken iff the besiegers left are not more than
    the units inside."""
    total = Fraction(0)
    for w, won, r_left, b_left, a, d in battle(relief_units, relief_dice, besiegers, besieger_dice):
        if won:
            total += w
            continue
        inside = garrison + (min(r_left, 4 - garrison) if a == d and inside_on_tie else 0)
        if b_left <= inside:
            total += w
    return total


@pytest.mark.rule("5", cites="15.3 after a lost relief battle (15.2)")
@pytest.mark.parametrize("inside_on_tie", [True, False])
def test_a_single_relief_unit_going_inside_on_a_tie_breaks_the_siege(inside_on_tie):
    # 1 relief die against 3 + 1 = 4. Relief wins (1 hit, 0 taken): broken. 0-0 tie: it
    # goes inside, 3 is no longer more than 3. 1 hit each: 2 besiegers, not more than 2.
    # Relief hits once but loses: 2 left, broken. Relief hits nothing and takes a hit: 3 > 2.
    move = Move(
        besieged("ottoman: 3R", "hapsburg: 2R", "hapsburg: 1R"),
        "Linz",
        "Vienna",
        defender_policy="fight",
        relief_goes_inside_on_tie=inside_on_tie,
    )
    result = exact(move)
    expected = THIRD + ((1 - THIRD) ** 5 if inside_on_tie else 0)
    assert relief_broken(1, 1, 3, 4, 2, inside_on_tie) == expected
    close(result.p["siege_broken"], expected)
    close(result.p["relief_went_inside"], (1 - THIRD) ** 5 if inside_on_tie else 0)


@pytest.mark.rule("6.2", cites="15.2: the relief force won: the siege is broken")
def test_a_relief_that_wins_on_hits_with_no_unit_left_breaks_the_siege():
    # 1R with the Duke of Alva: 2 dice, against 2 + 1 = 3 dice; garrison 1R.
    # Broken except when the relief scores nothing and takes a hit (2 > 1 continues).
    move = Move(
        besieged("ottoman: 2R", "hapsburg: 1R", "hapsburg: 1R Duke of Alva"),
        "Linz",
        "Vienna",
        defender_policy="fight",
    )
    result = exact(move)
    expected = 1 - (1 - THIRD) ** 2 * (1 - (1 - THIRD) ** 3)
    assert relief_broken(1, 2, 2, 3, 1) == expected
    close(result.p["siege_broken"], expected)
    # 14 step 10: Alva is captured whenever his one regular is lost (any hit against him).
    close(result.p["leaders_captured"], 1 - (1 - THIRD) ** 3)
    monte_carlo_agrees(move, ["siege_broken", "leaders_captured", "attacker_wins"])


@pytest.mark.rule("5", cites="15.3 after a lost relief battle (15.2)")
def test_besiegers_broken_with_no_legal_retreat_are_eliminated_with_their_leader():
    # Pressburg and Brunn Hungarian, Graz and Linz Hapsburg: no legal space. 2 relief dice
    # against 3 + 1 + 1 = 5; garrison 2R.
    move = Move(
        besieged("ottoman: 3R Ibrahim", "hapsburg: 2R", "hapsburg: 2R", pressburg_ottoman=False),
        "Linz",
        "Vienna",
        defender_policy="fight",
    )
    result = exact(move)
    broken = relief_broken(2, 2, 3, 5, 2)
    close(result.p["siege_broken"], broken)
    close(result.p["leaders_captured"], broken)  # Ibrahim, every time the siege breaks
    for _, state in states(move):
        if "siege_broken" in state.events:
            assert "Ibrahim" in state.captured


@pytest.mark.rule("6.2", cites="15.2: the mover's own units besieged in the destination")
def test_the_garrison_joins_the_relief_battle():
    # 15.2: 2 relief + 2 garrison regulars: 4 dice against 3 + 1 = 4. The garrison takes
    # losses last and goes back inside when the relief loses; on a tie the relief
    # survivors go inside too (4 at most).
    move = Move(
        besieged("ottoman: 3R", "hapsburg: 2R", "hapsburg: 2R"),
        "Linz",
        "Vienna",
        defender_policy="fight",
        garrison_joins_relief=True,
    )
    (fight,) = [b for b, _ in move.program.battles]
    assert (fight.attacker_dice, fight.defender_dice) == (4, 4)
    broken = Fraction(0)
    for w, won, left, b_left, a, d in battle(4, 4, 3, 4):
        if won:
            broken += w
            continue
        garrison_left = min(left, 2)  # the relief's own 2 are lost first
        relief_left = left - garrison_left
        inside = garrison_left + (min(relief_left, 4 - garrison_left) if a == d else 0)
        if b_left <= inside:
            broken += w
    close(exact(move).p["siege_broken"], broken)


@pytest.mark.rule("5", cites="15.3 after a lost relief battle (15.2)")
def test_relief_loses_on_fewer_hits_and_only_the_besiegers_losses_count():
    # 4 relief dice (4R) against 5 + 1 = 6; garrison 1R. Relief loses with fewer hits:
    # nobody goes inside, broken iff 5 - a <= 1 (impossible: a <= 3 then). So broken only
    # when the relief wins, or on a tie when the besiegers left are not more than 1 + the
    # relief units that go in (at most 3).
    move = Move(
        besieged("ottoman: 5R", "hapsburg: 1R", "hapsburg: 4R"),
        "Linz",
        "Vienna",
        defender_policy="fight",
    )
    result = exact(move)
    close(result.p["siege_broken"], relief_broken(4, 4, 5, 6, 1))
    won = sum(w for w, ok, *_ in battle(4, 4, 5, 6) if ok)
    close(result.p["attacker_wins"], won)


@pytest.mark.rule("6", cites="14 step 12: otherwise it retreats to any legal adjacent space")
def test_a_winner_that_does_not_outnumber_those_inside_with_nowhere_to_go_is_eliminated():
    # 14 step 12: 3 Ottomans with Ibrahim (4 dice) beat 4 Hapsburgs (5 dice) in Vienna; the
    # survivors go inside; a winner not outnumbering them retreats to a legal adjacent
    # space, and a loser must go back to Pressburg: here in unrest, with Graz and Linz
    # Hapsburg and Brunn Hungarian, there is none. Eliminated, Ibrahim captured.
    situation = one_power_in_vienna(
        "hapsburg: 4R", mover="ottoman: 3R Ibrahim", unrest=["Pressburg"]
    )
    move = Move(situation, "Pressburg", "Vienna", defender_policy="fight")
    result = exact(move)
    outcomes = list(battle(3, 4, 4, 5))
    besieging = sum(w for w, won, a_left, d_left, *_ in outcomes if won and a_left > d_left)
    close(result.p["besieging"], besieging)
    close(result.p["attacker_eliminated"], 1 - besieging)
    close(result.p["leaders_captured"], 1 - besieging)


def test_besiegers_beaten_by_the_relief_may_not_retreat_where_it_came_from():
    # The relief (1R, 1 die) comes from Ottoman-controlled Linz against 3R with Ibrahim
    # (3 + 1 + 1 = 5 dice); Pressburg and Brunn are Hungarian, Graz Hapsburg.
    # Relief wins (1 hit, none taken): the besiegers lost the battle, so Linz, where the
    # enemy came from, is closed to them (14.1): eliminated, Ibrahim captured.
    # Relief loses but the siege breaks (0-0: it goes inside, 3 is not more than 3; or its
    # 1 hit leaves 2 against 2): the besiegers retreat free, to Linz (the engine's reading
    # in the README: they are not the loser of the battle).
    situation = Situation(
        [
            Stack("Vienna", "ottoman: 3R Ibrahim"),
            Stack("Vienna", "hapsburg: 2R", besieged=True),
            Stack("Linz", "hapsburg: 1R"),
        ],
        control={"Linz": "ottoman"},
        wars=[("ottoman", "hapsburg")],
    )
    move = Move(situation, "Linz", "Vienna", defender_policy="fight")
    result = exact(move)
    miss = 1 - THIRD
    close(result.p["siege_broken"], THIRD + miss**6)
    close(result.p["leaders_captured"], THIRD * miss**5)
    for _, state in states(move):
        if "siege_broken" in state.events and "attacker_wins" not in state.events:
            assert "Linz: ottoman" in state.mover_end + state.defenders_end, state

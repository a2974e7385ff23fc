"""RULES.md §15 (naval transport), clause by clause, each figure worked out by hand from
the text with Fractions (hits 1/3 a die, 2d6 tables), never read from the engine;
refusals name their rule. §14 (a naval move on the board) is in
``test_naval_move_rules_by_hand.py``.
"""

from fractions import Fraction

import pytest
from hand_dice import battle, binomial, close, roll
from naval_scenarios import HAPSBURG_WAR, end_probability, refused, sea

from oddsengine import exact
from oddsengine.moves.situation import Stack
from oddsengine.moves.transport import NavalTransport

# -- §15 naval transport -----------------------------------------------------------------


def land(stacks, fleets, wars=HAPSBURG_WAR, **changes):
    """Land stacks ``(space, force)`` or ``(space, force, {"besieged": True})`` and fleets."""
    built = [Stack(space, force, **(more[0] if more else {})) for space, force, *more in stacks]
    return sea(fleets, wars=wars, stacks=built, **changes)


NAPLES = [("Naples", "hapsburg: 6R Charles V")]
HAPSBURG_SHIPS = [("Tyrrhenian Sea", "hapsburg: 1Sq"), ("Barbary Coast", "hapsburg: 1Sq")]


@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"units": "4R", "cp": 1}, ["at least 2 CP"]),
        ({"units": "6R Charles V"}, ["at most 5 land units"]),
        ({"units": "5R"}, ["command capacity 4"]),
        (
            {
                "units": "4R",
                "cp": 2,
                "destination": "Tunis",
                "by_sea": ("Tyrrhenian Sea", "Barbary Coast"),
            },
            ["costs 3 CP; 2 left"],
        ),
        (
            {"units": "4R", "destination": "Taranto", "by_sea": ("Ionian Sea",)},
            ["Ionian Sea is not adjacent to Naples"],
        ),
        (
            {"units": "4R", "destination": "Taranto", "by_sea": ("Tyrrhenian Sea", "Ionian Sea")},
            ["Ionian Sea is not adjacent to Tyrrhenian Sea"],
        ),
        ({"units": "4R", "destination": "Taranto"}, ["Taranto is not adjacent"]),
        ({"units": "4R", "destination": "Rome"}, ["papacy", "13.1"]),
    ],
)
def test_the_requirements_of_a_transport(kwargs, words):
    """§15 steps 1-3 and §1, §2: each refused with its reason."""
    settings = {"destination": "Palermo", "by_sea": ("Tyrrhenian Sea",), **kwargs}
    destination = settings.pop("destination")
    situation = land(NAPLES, [*HAPSBURG_SHIPS, ("Ionian Sea", "hapsburg: 1Sq")])
    refused(lambda: NavalTransport(situation, "Naples", destination, **settings), *words)


def test_every_zone_crossed_holds_own_ships_and_the_port_no_enemy_ships():
    """§15 steps 2-3."""
    no_ships = land(NAPLES, HAPSBURG_SHIPS[:1])
    refused(
        lambda: NavalTransport(
            no_ships, "Naples", "Algiers", units="4R", by_sea=("Tyrrhenian Sea", "Barbary Coast")
        ),
        "no hapsburg naval units in Barbary Coast",
    )
    enemy_ships = land(NAPLES, [*HAPSBURG_SHIPS, ("Algiers", "ottoman: 1Co")])
    refused(
        lambda: NavalTransport(
            enemy_ships, "Naples", "Algiers", units="4R", by_sea=("Tyrrhenian Sea", "Barbary Coast")
        ),
        "enemy naval units are in Algiers",
    )


def test_a_formation_under_siege_may_not_sail():
    """§15 step 1."""
    situation = land(
        [("Naples", "hapsburg: 4R", {"besieged": True}), ("Naples", "ottoman: 6R")],
        HAPSBURG_SHIPS,
    )
    refused(
        lambda: NavalTransport(
            situation, "Naples", "Palermo", units="4R", power="hapsburg", by_sea=("Tyrrhenian Sea",)
        ),
        "under siege",
    )
    # Units written with their power name the stack as the power would (they were read as
    # the Ottoman besiegers' before, "not part of the stack in Naples (ottoman: 6R)").
    refused(
        lambda: NavalTransport(
            situation, "Naples", "Palermo", units="hapsburg: 4R", by_sea=("Tyrrhenian Sea",)
        ),
        "under siege",
    )


def test_cp_spent_is_zones_crossed_plus_one_and_foul_weather_costs_one():
    """§15: one zone and the landing 2 CP, two zones 3 CP (an empty Algiers, an enemy key,
    is besieged: the mover outnumbers the 0 inside); Foul Weather: 1 CP, nobody moves.
    Enemy ships in a zone crossed do not matter: nobody intercepts at sea."""
    situation = land(NAPLES, [*HAPSBURG_SHIPS, ("Tyrrhenian Sea", "ottoman: 2Sq Barbarossa")])
    one = NavalTransport(situation, "Naples", "Palermo", units="4R", by_sea=("Tyrrhenian Sea",))
    two = NavalTransport(
        situation, "Naples", "Algiers", units="4R", by_sea=("Tyrrhenian Sea", "Barbary Coast"), cp=3
    )
    stopped = NavalTransport(
        situation,
        "Naples",
        "Palermo",
        units="4R",
        by_sea=("Tyrrhenian Sea",),
        responses=("foul-weather",),
    )
    assert (one.cp_spent, two.cp_spent, stopped.cp_spent) == (2, 3, 1)
    close(exact(one).p["mover_in_control"], Fraction(1))
    close(exact(two).p["siege"], Fraction(1))
    close(exact(stopped).p["transport_stopped"], Fraction(1))


def test_a_lost_field_battle_on_landing_loses_everything():
    """§15: Charles V (2) and 5R land at Tunis against 4R 1C: 7 dice v 5 + 1 = 6. A tie or
    fewer hits loses: all eliminated and Charles V captured, 287038/531441. Every win is a
    siege: the Hapsburgs always keep more units than the Ottomans left inside."""
    situation = land([*NAPLES, ("Tunis", "ottoman: 4R 1C")], HAPSBURG_SHIPS)
    move = NavalTransport(
        situation,
        "Naples",
        "Tunis",
        units="5R Charles V",
        by_sea=("Tyrrhenian Sea", "Barbary Coast"),
    )
    result = exact(move)
    lost = sum(p for p, won, *_ in battle(5, 7, 5, 6) if not won)
    assert lost == Fraction(287038, 531441)
    close(result.p["transported_eliminated"], lost)
    close(result.p["attacker_leaders_captured"], lost)
    close(result.p["siege"], 1 - lost)


def test_no_interception_at_sea_but_land_interception_at_the_port():
    """§15: Ibrahim (1), 4R 1C land at Taranto from Lepanto. At sea nobody intercepts;
    by land Messina's 1R (2d6 - 1 for the cavalry >= 9: 1/6) and Alva's 4R from Naples
    (2d6 + 1 - 1: 10/36) may, and join. Ottoman 6 dice against 1R (2 dice), 4R Alva (6) or
    both (5R Alva, 7); the formation is lost when it loses or is wiped out:
    5969629/28697814."""
    situation = land(
        [
            ("Lepanto", "ottoman: 4R 1C Ibrahim Pasha"),
            ("Naples", "hapsburg: 4R Duke of Alva"),
            ("Messina", "hapsburg: 1R"),
        ],
        [("Ionian Sea", "ottoman: 2Sq 1Co Dragut")],
        control={"Lepanto": "ottoman"},
    )
    result = exact(NavalTransport(situation, "Lepanto", "Taranto", by_sea=("Ionian Sea",)))
    messina, naples = roll(-1), roll(0)

    def gone(units, dice):
        return sum(p for p, won, left, *_ in battle(5, 6, units, dice) if not won or left == 0)

    lost = (
        messina * (1 - naples) * gone(1, 2)
        + (1 - messina) * naples * gone(4, 6)
        + messina * naples * gone(5, 7)
    )
    assert lost == Fraction(5969629, 28697814)
    close(result.p["intercepted:hapsburg@Messina"], messina)
    close(result.p["intercepted:hapsburg@Naples"], naples)
    close(result.p["transported_eliminated"], lost)


def test_landing_in_ones_own_fortified_port_is_not_intercepted():
    """§3 through §15: no interception of a move into the mover's own unbesieged fortified
    space (Naples); into its own unfortified Messina, Ibrahim intercepts on 2d6 + 1: 15/36."""
    situation = land(
        [("Palermo", "hapsburg: 4R"), ("Taranto", "ottoman: 4R Ibrahim Pasha")],
        [("Tyrrhenian Sea", "hapsburg: 1Sq")],
        control={"Taranto": "ottoman"},
    )
    naples = NavalTransport(situation, "Palermo", "Naples", by_sea=("Tyrrhenian Sea",))
    messina = NavalTransport(situation, "Palermo", "Messina", by_sea=("Tyrrhenian Sea",))
    close(exact(naples).p["intercepted"], Fraction(0))
    close(exact(messina).p["intercepted"], roll(1))


def malta(mover, defenders, **kwargs):
    situation = land(
        [("Lepanto", mover), ("Malta", defenders)],
        [("Ionian Sea", "ottoman: 1Sq")],
        control={"Lepanto": "ottoman"},
    )
    return exact(NavalTransport(situation, "Lepanto", "Malta", by_sea=("Ionian Sea",), **kwargs))


@pytest.mark.rule(
    "15", cites="§15 / 13.4: moving on by land needs a land neighbour of the port and 1 CP more"
)
def test_going_back_across_the_sea_is_impossible():
    """§5, §15: 3R withdraw into Malta against Ibrahim's 3R: no siege (3 is not more than 3),
    and the way back is the sea: the formation is eliminated, Ibrahim captured. Against 2R
    inside, 3 > 2: a siege."""
    back = malta("ottoman: 3R Ibrahim Pasha", "hapsburg: 3R", defender_policy="withdraw")
    close(back.p["transported_eliminated"], Fraction(1))
    close(back.p["attacker_leaders_captured"], Fraction(1))
    siege = malta("ottoman: 3R Ibrahim Pasha", "hapsburg: 2R", defender_policy="withdraw")
    close(siege.p["siege"], Fraction(1))


@pytest.mark.rule("15", cites="14 step 12: otherwise it retreats to any legal adjacent space")
def test_a_won_battle_without_outnumbering_those_inside_loses_the_formation():
    """§6 step 12, §15: Ibrahim (1) and 5R (6 dice) beat 8R at Malta (9 dice); up to 4 go
    inside, the rest have no retreat (Malta has no land neighbour). The Ottomans besiege only
    when their 5 - d outnumber min(4, 8 - a): d = 0 (any win), d = 1 with a >= 5, d = 2 with
    a = 6; any other win must leave and, with no way but the sea, is lost."""
    result = malta("ottoman: 5R Ibrahim Pasha", "hapsburg: 8R", defender_policy="fight")
    a, d = (lambda k: binomial(6, k)), (lambda k: binomial(9, k))
    siege = d(0) * (1 - a(0)) + d(1) * (a(5) + a(6)) + d(2) * a(6)
    close(result.p["siege"], siege)
    close(result.p["transported_eliminated"], 1 - siege)


@pytest.mark.rule(
    "15", cites="§15 / 13.4: moving on by land needs a land neighbour of the port and 1 CP more"
)
def test_moving_on_by_land_needs_a_cp_left():
    """§5, §15: 2R withdraw into Marseille against Alva's 2R landed from Barcelona: no
    siege. With exactly the 2 CP of the transport the formation cannot move on and is lost;
    with a third CP it moves on by land (Marseille has land neighbours)."""
    situation = land(
        [("Barcelona", "hapsburg: 2R Duke of Alva"), ("Marseille", "france: 2R")],
        [("Gulf of Lyon", "hapsburg: 1Sq")],
        wars=[("france", "hapsburg")],
    )
    for cp, lost in ((2, 1), (3, 0)):
        move = NavalTransport(
            situation,
            "Barcelona",
            "Marseille",
            by_sea=("Gulf of Lyon",),
            cp=cp,
            defender_policy="withdraw",
            after_withdrawal="move-on",
        )
        result = exact(move)
        close(result.p["transported_eliminated"], Fraction(lost))
        close(result.p["moves_on"], Fraction(1 - lost))


@pytest.mark.rule("15", cites="14 step 12: otherwise it retreats to any legal adjacent space")
def test_a_won_battle_without_outnumbering_may_retreat_by_land():
    """§6 step 12, §15: the winner that does not outnumber those inside retreats to any legal
    adjacent space; from Marseille, Avignon if it is Hapsburg. Charles V (2) and 5R (7 dice)
    against 8R (9 dice): siege as at Malta (d = 0; d = 1, a >= 5; d = 2, a >= 6; d = 3,
    a = 7); the other wins with Hapsburg units left retreat to Avignon."""
    situation = land(
        [("Barcelona", "hapsburg: 5R Charles V"), ("Marseille", "france: 8R")],
        [("Gulf of Lyon", "hapsburg: 1Sq")],
        wars=[("france", "hapsburg")],
        control={"Avignon": "hapsburg"},
    )
    result = exact(
        NavalTransport(
            situation, "Barcelona", "Marseille", by_sea=("Gulf of Lyon",), defender_policy="fight"
        )
    )
    a, d = (lambda k: binomial(7, k)), (lambda k: binomial(9, k))
    siege = d(0) * (1 - a(0)) + d(1) * (a(5) + a(6) + a(7)) + d(2) * (a(6) + a(7)) + d(3) * a(7)
    retreats = sum(p for p, won, left, *_ in battle(5, 7, 8, 9) if won and left) - siege
    close(result.p["siege"], siege)
    close(result.p["attacker_retreats"], retreats)
    close(
        end_probability(result, outcome="mover_turned_back") - result.p["attacker_eliminated"],
        retreats,
    )

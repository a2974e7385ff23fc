"""RULES.md §14 (a naval move on the board), clause by clause, each figure worked out by
hand from the text with Fractions (hits 1/3 a die, 2d6 tables, §11's losses written out
below), never read from the engine; refusals name their rule. §15 (naval transport) is in
``test_transport_rules_by_hand.py``.

The naval battle of §11, by hand: a side rolls 2 dice a squadron, 1 a corsair and its best
naval leader's battle rating, +1 for the defender in a port only; more hits wins, a tie goes
to the defender. Losses: each pair of hits sinks a squadron while squadrons last, the hits
left sink corsairs, and a single hit still left against the loser sinks one more squadron
(against the winner it is ignored). Both sides wiped out: the side that rolled more dice
keeps one ship (the defender on equal dice).
"""

from fractions import Fraction

import pytest
from hand_dice import binomial, close, naval_losses, roll
from naval_scenarios import end_probability, refused, sea

import oddsengine as oe
from oddsengine import exact
from oddsengine.cli import main
from oddsengine.moves.naval_move import NavalMove

# -- §11 by hand -------------------------------------------------------------------------


def naval_dice(squadrons, corsairs, rating, in_port_defender=False):
    """§11: 2 per squadron, 1 per corsair, + the best naval rating, + 1 defending a port."""
    return 2 * squadrons + corsairs + rating + (1 if in_port_defender else 0)


def naval_battle(attacker, defender, in_port=False):
    """Every roll of a naval battle: (probability, attacker won, attacker left, defender
    left), each side ``(squadrons, corsairs, rating)`` and what is left ``(sq, co)``."""
    attacker_dice = naval_dice(*attacker)
    defender_dice = naval_dice(*defender, in_port_defender=in_port)
    for a in range(attacker_dice + 1):
        for d in range(defender_dice + 1):
            won = a > d
            attacker_left = naval_losses(attacker[0], attacker[1], d, lost=not won)
            defender_left = naval_losses(defender[0], defender[1], a, lost=won)
            if sum(attacker_left) == 0 and sum(defender_left) == 0:
                if attacker_dice > defender_dice:
                    attacker_left = (1, 0) if attacker[0] else (0, 1)
                else:
                    defender_left = (1, 0) if defender[0] else (0, 1)
            p = binomial(attacker_dice, a) * binomial(defender_dice, d)
            yield p, won, attacker_left, defender_left


def p_naval(attacker, defender, in_port=False, when=lambda won, a_left, d_left: True):
    return sum(
        (
            p
            for p, won, a_left, d_left in naval_battle(attacker, defender, in_port)
            if when(won, a_left, d_left)
        ),
        Fraction(0),
    )


def test_the_hand_naval_battle_gives_the_rulebook_example():
    """§11 worked example: 3 hits each of 7 v 6 dice, a tie: Ottomans lose 1Sq and the
    corsair, the Hapsburgs 1Sq (the odd hit against the winner is ignored)."""
    assert naval_losses(2, 1, 3, lost=True) == (1, 0)
    assert naval_losses(2, 0, 3, lost=False) == (1, 0)
    assert naval_dice(2, 1, 2) == 7 and naval_dice(2, 0, 2) == 6


# -- §14 adjacency -----------------------------------------------------------------------


def test_the_board_corrections_and_the_arrows():
    """§14: no Atlantic Ocean-Barbary Coast (the data's line is dropped); North Sea-Baltic
    Sea added, North Sea-Irish Sea kept: a fleet moves there with nothing to meet."""
    refused(
        lambda: NavalMove(
            sea([("Atlantic Ocean", "hapsburg: 2Sq")]), "Atlantic Ocean", "Barbary Coast"
        ),
        "not adjacent",
        "§14",
    )
    for origin, destination in [
        ("North Sea", "Baltic Sea"),
        ("Baltic Sea", "North Sea"),
        ("North Sea", "Irish Sea"),
    ]:
        move = NavalMove(sea([(origin, "england: 2Sq")]), origin, destination)
        close(exact(move).p["mover_in_destination"], Fraction(1))


def test_zones_with_a_two_zone_port_between_are_joined_only_through_the_port():
    """§14: Ionian/Tyrrhenian and Black/Aegean are not adjacent; Messina, the port between
    the first two, may be entered from one and left to the other."""
    for origin, destination in [
        ("Ionian Sea", "Tyrrhenian Sea"),
        ("Tyrrhenian Sea", "Ionian Sea"),
        ("Black Sea", "Aegean Sea"),
        ("Aegean Sea", "Black Sea"),
    ]:
        refused(
            lambda o=origin, d=destination: NavalMove(sea([(o, "ottoman: 2Sq")]), o, d),
            "not adjacent",
        )
    into = NavalMove(sea([("Ionian Sea", "hapsburg: 2Sq")]), "Ionian Sea", "Messina")
    out = NavalMove(sea([("Messina", "hapsburg: 2Sq")]), "Messina", "Tyrrhenian Sea")
    close(exact(into).p["mover_in_destination"], Fraction(1))
    close(exact(out).p["mover_in_destination"], Fraction(1))


# -- §14 entering ports, who may move ----------------------------------------------------


def test_a_port_of_another_power_only_with_enemy_ships_in_it():
    """§14: not an empty enemy port, an independent port or an ally's port; one's own, yes."""
    allied = sea([("Tyrrhenian Sea", "hapsburg: 2Sq")], alliances=[("hapsburg", "papacy")])
    refused(lambda: NavalMove(allied, "Tyrrhenian Sea", "Rome"), "papacy", "§14")
    refused(
        lambda: NavalMove(sea([("Barbary Coast", "hapsburg: 2Sq")]), "Barbary Coast", "Algiers"),
        "only with enemy ships",
    )
    refused(
        lambda: NavalMove(
            sea([("Barbary Coast", "hapsburg: 2Sq")], control={"Tunis": "independent"}),
            "Barbary Coast",
            "Tunis",
        ),
        "independent",
    )
    own = NavalMove(sea([("Tyrrhenian Sea", "hapsburg: 2Sq")]), "Tyrrhenian Sea", "Naples")
    close(exact(own).p["mover_in_destination"], Fraction(1))


def test_a_port_combat_by_hand_and_the_attacker_always_leaves():
    """§11/§14: Hapsburg 2Sq attack 1 Ottoman Sq in Algiers: 4 dice against 2 + 1 (the
    port's die) = 3. The Ottoman squadron sinks on 2+ hits, or on 1 hit if it loses (no
    Hapsburg hit): 33/81 + 32/81 * 8/27 = 1147/2187. The Hapsburgs sink only on 3 hits
    against them while losing with 0-1 hits (on 2-3 hits both fleets are gone and the side
    with more dice, the attacker, keeps a squadron): 1/27 * 48/81 = 48/2187. Won or lost,
    the attacker leaves to the Barbary Coast."""
    move = NavalMove(
        sea([("Barbary Coast", "hapsburg: 2Sq"), ("Algiers", "ottoman: 1Sq")]),
        "Barbary Coast",
        "Algiers",
    )
    result = exact(move)
    attacker, defender = (2, 0, 0), (1, 0, 0)
    close(result.p["attacker_wins"], p_naval(attacker, defender, True, lambda w, a, d: w))
    close(result.p["defender_eliminated"], Fraction(1147, 2187))
    close(result.p["mover_eliminated"], Fraction(48, 2187))
    close(result.p["mover_in_destination"], Fraction(0))
    close(result.p["mover_retreats"], 1 - Fraction(48, 2187))
    assert {end.split(":")[0] for end in result.states["mover_end"]} <= {
        "Barbary Coast",
        "eliminated",
    }


def test_ships_that_lost_earlier_do_not_move():
    """§14: ships that lost a naval combat earlier in the impulse may not move."""
    situation = sea([("Tyrrhenian Sea", "hapsburg: 2Sq", True)])
    refused(lambda: NavalMove(situation, "Tyrrhenian Sea", "Naples"), "lost a naval combat")


def test_genoese_venetian_and_doria_never_enter_the_atlantic():
    """§14: Doria's stack, Genoese and Venetian ships are refused; Hapsburg squadrons that
    leave Doria behind may enter; the ban holds for avoid battle too (the engine's reading)."""
    for fleet in ("hapsburg: 2Sq Andrea Doria", "genoa: 2Sq", "venice: 2Sq"):
        refused(
            lambda f=fleet: NavalMove(
                sea([("Bay of Biscay", f)]), "Bay of Biscay", "Atlantic Ocean"
            ),
            "never enter the Atlantic",
        )
    without_doria = NavalMove(
        sea([("Bay of Biscay", "hapsburg: 3Sq Andrea Doria")]),
        "Bay of Biscay",
        "Atlantic Ocean",
        units="2Sq",
    )
    close(exact(without_doria).p["mover_in_destination"], Fraction(1))
    venetians = sea(
        [("English Channel", "ottoman: 3Sq"), ("Bay of Biscay", "venice: 1Sq")],
        wars=[("ottoman", "venice")],
    )
    refused(
        lambda: NavalMove(
            venetians, "English Channel", "Bay of Biscay", defender_policy="avoid:Atlantic Ocean"
        ),
        "Atlantic Ocean",
    )


@pytest.mark.rule("14", cites="one whose ships all")
def test_a_naval_leader_whose_ships_all_leave_goes_with_them():
    """§14: naval leaders move with a naval unit of their power. The 2 squadrons of
    "2Sq Andrea Doria" that move take Doria along (he was dropped from the board before):
    his 2 count, 6 dice against the Ottoman squadron's 2, and
    his Atlantic ban holds. Interceptors that take all their stack's ships take its leader:
    2d6 + 2 >= 9, 21/36."""
    fight = NavalMove(
        sea([("Tyrrhenian Sea", "hapsburg: 2Sq Andrea Doria"), ("Gulf of Lyon", "ottoman: 1Sq")]),
        "Tyrrhenian Sea",
        "Gulf of Lyon",
        units="2Sq",
        defender_policy="fight",
    )
    result = exact(fight)
    close(result.p["attacker_wins"], p_naval((2, 0, 2), (1, 0, 0), when=lambda w, a, d: w))
    assert set(result.states["mover_end"]) - {"eliminated"} <= {
        "Gulf of Lyon: hapsburg: 2Sq Andrea Doria",
        "Gulf of Lyon: hapsburg: 1Sq Andrea Doria",
        "Barcelona: hapsburg: 2Sq Andrea Doria",
        "Barcelona: hapsburg: 1Sq Andrea Doria",
    }
    refused(
        lambda: NavalMove(
            sea([("Bay of Biscay", "hapsburg: 2Sq Andrea Doria")]),
            "Bay of Biscay",
            "Atlantic Ocean",
            units="2Sq",
        ),
        "never enter the Atlantic",
    )
    intercept = NavalMove(
        sea([("Tunis", "ottoman: 2Sq"), ("Tyrrhenian Sea", "hapsburg: 2Sq Andrea Doria")]),
        "Tunis",
        "Barbary Coast",
        interception_policy={"Tyrrhenian Sea": "2Sq"},
    )
    close(exact(intercept).p["intercepted"], roll(2))


def test_foul_weather_cancels_the_naval_move():
    """§14: Foul Weather: nothing moves, no battle."""
    move = NavalMove(
        sea([("Tyrrhenian Sea", "hapsburg: 2Sq"), ("Gulf of Lyon", "ottoman: 1Sq")]),
        "Tyrrhenian Sea",
        "Gulf of Lyon",
        responses=("foul-weather",),
    )
    result = exact(move)
    close(result.p["cancelled"], Fraction(1))
    close(result.p["naval_battle"], Fraction(0))


# -- §14 interception --------------------------------------------------------------------


def test_who_may_intercept_and_from_where():
    """§14: from an adjacent port or sea zone, several stacks of one power one after the
    other: Ottoman 1Sq (no leader, 10/36) in the Gulf of Lyon and Dragut (+1, 15/36) in the
    Ionian Sea: intercepted 1 - 26/36 * 21/36 = 750/1296. Not into a zone already holding the
    mover's ships, not from a location holding them, not into a port, not by a power at peace."""
    move = NavalMove(
        sea(
            [
                ("Tyrrhenian Sea", "hapsburg: 2Sq"),
                ("Gulf of Lyon", "ottoman: 1Sq"),
                ("Ionian Sea", "ottoman: 1Co Dragut"),
            ]
        ),
        "Tyrrhenian Sea",
        "Barbary Coast",
    )
    result = exact(move)
    close(result.p["intercepted:ottoman@Gulf of Lyon"], roll(0))
    close(result.p["intercept_attempted:ottoman@Ionian Sea"], Fraction(1))
    close(result.p["intercepted:ottoman@Ionian Sea"], roll(1))
    close(result.p["intercepted"], 1 - (1 - roll(0)) * (1 - roll(1)))
    assert roll(0) == Fraction(10, 36) and roll(1) == Fraction(15, 36)
    # Both succeed: one stack, 1Sq 1Co Dragut, 2 + 1 + 1 = 4 dice against the mover's 4.
    gulf, ionian = roll(0), roll(1)
    defender_wins = sum(
        chance * p_naval((2, 0, 0), defender, when=lambda w, a, d: not w)
        for chance, defender in [
            (gulf * (1 - ionian), (1, 0, 0)),
            ((1 - gulf) * ionian, (0, 1, 1)),
            (gulf * ionian, (1, 1, 1)),
        ]
    )
    close(result.p["defender_wins"], defender_wins)

    own_there = NavalMove(
        sea(
            [
                ("Tyrrhenian Sea", "hapsburg: 2Sq"),
                ("Barbary Coast", "hapsburg: 1Sq"),
                ("Gulf of Lyon", "ottoman: 1Sq Barbarossa"),
            ]
        ),
        "Tyrrhenian Sea",
        "Barbary Coast",
    )
    close(exact(own_there).p["intercepted"], Fraction(0))
    shared = NavalMove(
        sea(
            [
                ("Tyrrhenian Sea", "hapsburg: 2Sq"),
                ("Gulf of Lyon", "ottoman: 1Sq Barbarossa"),
                ("Gulf of Lyon", "hapsburg: 1Sq"),
                ("Ionian Sea", "ottoman: 1Sq"),
            ]
        ),
        "Tyrrhenian Sea",
        "Barbary Coast",
    )
    only_ionian = exact(shared)
    close(only_ionian.p["intercepted"], roll(0))
    assert "intercept_attempted:ottoman@Gulf of Lyon" not in only_ionian.p
    at_peace = NavalMove(
        sea([("Tyrrhenian Sea", "ottoman: 2Sq"), ("Ionian Sea", "venice: 2Sq")]),
        "Tyrrhenian Sea",
        "Barbary Coast",
    )
    close(exact(at_peace).p["intercepted"], Fraction(0))


@pytest.mark.rule("14", cites="§14: successful interceptors join in the destination as one stack")
def test_interceptors_join_the_ships_there_as_one_defending_stack():
    """§14: Barbarossa's squadron from Algiers (21/36) joins the Ottoman squadron in the
    Barbary Coast: 2Sq + 2 = 6 dice against 4, at sea (no extra die). Failing that the lone
    squadron fights 2 against 4."""
    move = NavalMove(
        sea(
            [
                ("Tyrrhenian Sea", "hapsburg: 2Sq"),
                ("Barbary Coast", "ottoman: 1Sq"),
                ("Algiers", "ottoman: 1Sq Barbarossa"),
            ]
        ),
        "Tyrrhenian Sea",
        "Barbary Coast",
        defender_policy="fight",
    )
    result = exact(move)
    intercept = roll(2)
    joined = p_naval((2, 0, 0), (2, 0, 2), when=lambda w, a, d: not w)
    alone = p_naval((2, 0, 0), (1, 0, 0), when=lambda w, a, d: not w)
    close(result.p["intercepted"], intercept)
    close(result.p["defender_wins"], intercept * joined + (1 - intercept) * alone)


def test_once_one_power_succeeds_no_other_tries():
    """§14: powers in impulse order (Ottoman, then France here): France tries only when the
    Ottomans failed, 26/36, and succeeds 26/36 * 10/36."""
    move = NavalMove(
        sea(
            [
                ("Tyrrhenian Sea", "hapsburg: 2Sq"),
                ("Marseille", "france: 1Sq"),
                ("Barbary Coast", "ottoman: 1Sq"),
            ],
            wars=[("ottoman", "hapsburg"), ("france", "hapsburg")],
        ),
        "Tyrrhenian Sea",
        "Gulf of Lyon",
    )
    result = exact(move)
    close(result.p["intercepted:ottoman@Barbary Coast"], roll(0))
    close(result.p["intercept_attempted:france@Marseille"], 1 - roll(0))
    close(result.p["intercepted:france@Marseille"], (1 - roll(0)) * roll(0))


# -- §14 avoid battle --------------------------------------------------------------------


@pytest.mark.rule("14", cites="§14: all the power's ships there leave together")
def test_avoid_battle_at_sea_only_and_where_to():
    """§14: Barbarossa's squadron in the Gulf of Lyon avoids on 2d6 + 2 >= 9, 21/36, to an
    Ottoman port or a sea zone without Hapsburg ships; never from a port."""
    fleets = [("Tyrrhenian Sea", "hapsburg: 2Sq"), ("Gulf of Lyon", "ottoman: 1Sq Barbarossa")]
    move = NavalMove(sea(fleets), "Tyrrhenian Sea", "Gulf of Lyon", defender_policy="avoid")
    result = exact(move)
    close(result.p["avoided_battle"], roll(2))
    close(
        result.p["attacker_wins"],
        (1 - roll(2)) * p_naval((2, 0, 0), (1, 0, 2), when=lambda w, a, d: w),
    )
    blocked = sea([*fleets, ("Barbary Coast", "hapsburg: 1Sq")])
    message = refused(
        lambda: NavalMove(
            blocked, "Tyrrhenian Sea", "Gulf of Lyon", defender_policy="avoid:Barbary Coast"
        ),
        "legal:",
    )
    assert message.endswith(
        "legal: Tyrrhenian Sea (§14: a port it controls or a sea zone, free of enemy ships)"
    )
    in_port = sea([("Barbary Coast", "hapsburg: 2Sq"), ("Algiers", "ottoman: 1Sq Barbarossa")])
    refused(lambda: NavalMove(in_port, "Barbary Coast", "Algiers", defender_policy="avoid"), "port")


@pytest.mark.rule("14", cites="§14: successful interceptors join in the destination as one stack")
def test_avoid_battle_only_when_no_interception_succeeded():
    """§14: the squadron in the Barbary Coast (no leader, 10/36) avoids only when
    Barbarossa's interception from Algiers (21/36) failed: 15/36 * 10/36."""
    move = NavalMove(
        sea(
            [
                ("Tyrrhenian Sea", "hapsburg: 2Sq"),
                ("Barbary Coast", "ottoman: 1Sq"),
                ("Algiers", "ottoman: 1Sq Barbarossa"),
            ]
        ),
        "Tyrrhenian Sea",
        "Barbary Coast",
        defender_policy="avoid",
    )
    result = exact(move)
    close(result.p["avoid_attempted"], 1 - roll(2))
    close(result.p["avoided_battle"], (1 - roll(2)) * roll(0))


# -- §14 several enemy powers, retreats --------------------------------------------------


def test_several_enemy_powers_fought_in_turn_until_the_mover_loses():
    """§14: 3 Hapsburg Sq fight France's squadron first (6 v 2 dice), then, if they won,
    the Ottoman squadron with the squadrons left (2 dice a squadron v 2)."""
    move = NavalMove(
        sea(
            [
                ("Tyrrhenian Sea", "hapsburg: 3Sq"),
                ("Gulf of Lyon", "ottoman: 1Sq"),
                ("Gulf of Lyon", "france: 1Sq"),
            ],
            wars=[("ottoman", "hapsburg"), ("france", "hapsburg")],
        ),
        "Tyrrhenian Sea",
        "Gulf of Lyon",
        defender_policy="fight",
        fight_order=("france",),
    )
    result = exact(move)
    beat_france = Fraction(0)
    in_destination = Fraction(0)
    for p, won, left, _ in naval_battle((3, 0, 0), (1, 0, 0)):
        if won:
            beat_france += p
            in_destination += p * p_naval((left[0], 0, 0), (1, 0, 0), when=lambda w, a, d: w)
    close(result.p["naval_battle:ottoman"], beat_france)
    close(result.p["mover_in_destination"], in_destination)


def two_enemy_powers_on_the_barbary_coast() -> NavalMove:
    """An Ottoman squadron from Algiers against a Hapsburg and a Venetian squadron, both
    at war with the Ottomans, not with each other (fought in impulse order)."""
    return NavalMove(
        sea(
            [
                ("Algiers", "ottoman: 1Sq"),
                ("Barbary Coast", "hapsburg: 1Sq"),
                ("Barbary Coast", "venice: 1Sq"),
            ],
            wars=[("ottoman", "hapsburg"), ("ottoman", "venice")],
        ),
        "Algiers",
        "Barbary Coast",
        defender_policy="fight",
    )


@pytest.mark.rule(
    "14", cites="a lost combat ends the move, so the mover won every combat it fought."
)
def test_attacker_wins_is_winning_every_fight_against_several_powers():
    """§14, §11: 1Sq (2 dice) against 1Sq (2 dice) at sea, twice. Each side's hits are
    0, 1, 2 with 4/9, 4/9, 1/9; the mover wins on more hits (a tie is the defender's):
    4/9 * 4/9 + 1/9 * (4/9 + 4/9) = 24/81 = 8/27. Winning, it loses no squadron (at most
    one hit, ignored against the winner) and the beaten squadron is sunk (one hit left
    against the loser, or a pair), so the second combat is the same 2 dice against 2:
    the mover wins every fight with (8/27)^2 = 64/729, the move's attacker_wins; it loses
    the first with 19/27, or wins it and loses the second with 8/27 * 19/27 = 152/729,
    won_some_fights, so defender_wins is 19/27 + 152/729 = 665/729, and attacker_wins +
    defender_wins = 1 = naval_battle. Before, attacker_wins was "won a fight": 8/27."""
    win = Fraction(4, 9) * Fraction(4, 9) + Fraction(1, 9) * Fraction(8, 9)
    assert win == Fraction(8, 27)
    result = exact(two_enemy_powers_on_the_barbary_coast())
    p = result.p
    close(p["attacker_wins"], win**2)
    assert win**2 == Fraction(64, 729)
    close(p["won_some_fights"], win * (1 - win))
    assert win * (1 - win) == Fraction(152, 729)
    close(p["defender_wins"], (1 - win) + win * (1 - win))
    assert (1 - win) + win * (1 - win) == Fraction(665, 729)
    close(p["attacker_wins"] + p["defender_wins"], p["naval_battle"])
    close(p["naval_battle"], Fraction(1))
    # The per-power figures stay: the Hapsburgs are fought always, Venice after a win.
    close(p["naval_battle:hapsburg"], Fraction(1))
    close(p["naval_battle:venice"], win)
    # Winning every fight is staying in the destination.
    close(p["mover_in_destination"], win**2)
    # Monte Carlo within 5 sigma of exact, on the three events.
    sampled = oe.simulate(two_enemy_powers_on_the_barbary_coast(), trials=40_000, seed=11)
    for name in ("attacker_wins", "defender_wins", "won_some_fights"):
        assert abs(sampled.p[name] - p[name]) <= 5 * sampled.stderr[name] + 1e-12, name


@pytest.mark.rule(
    "14", cites="a lost combat ends the move, so the mover won every combat it fought."
)
def test_won_some_fights_is_reported_only_where_several_powers_may_be_fought():
    """§14: against one power the mover cannot win some fights and lose others."""
    single = NavalMove(
        sea(
            [("Algiers", "ottoman: 1Sq"), ("Barbary Coast", "hapsburg: 1Sq")],
            wars=[("ottoman", "hapsburg")],
        ),
        "Algiers",
        "Barbary Coast",
        defender_policy="fight",
    )
    assert "won_some_fights" not in exact(single).p
    close(exact(single).p["attacker_wins"], Fraction(8, 27))
    assert "won_some_fights" in exact(two_enemy_powers_on_the_barbary_coast()).p


def test_a_loser_at_sea_with_no_legal_location_is_sunk():
    """§14: 2 French Sq enter the Baltic from the North Sea, leaving one there; the 2 English
    Sq that lose keep a squadron on 1 or 2 French hits, but Lübeck and Stettin are not
    theirs and the North Sea holds French ships: sunk. 4 v 4 dice:
    32/81 * 16/81 + 24/81 * 48/81 = 1664/6561."""
    move = NavalMove(
        sea(
            [("North Sea", "france: 3Sq"), ("Baltic Sea", "england: 2Sq")],
            wars=[("france", "england")],
        ),
        "North Sea",
        "Baltic Sea",
        units="2Sq",
        defender_policy="fight",
    )
    result = exact(move)
    close(result.p["defender_sunk_without_retreat"], Fraction(1664, 6561))
    # The French losers go back to their ships in the North Sea.
    assert set(result.states["mover_end"]) - {"eliminated"} <= {
        "Baltic Sea: france: 2Sq",
        "Baltic Sea: france: 1Sq",
        "North Sea: france: 2Sq",
        "North Sea: france: 1Sq",
    }


def test_the_mover_beaten_at_sea_retreats_or_is_sunk():
    """§11/§14: England 1Sq v France 1Sq in the Baltic, 2 v 2 dice: no hits at all is a tie
    the defender wins, and the English retreat whole to the North Sea: (4/9)^2 = 16/81; a
    French hit sinks the English squadron when it loses."""
    move = NavalMove(
        sea(
            [("North Sea", "england: 1Sq"), ("Baltic Sea", "france: 1Sq")],
            wars=[("france", "england")],
        ),
        "North Sea",
        "Baltic Sea",
        defender_policy="fight",
    )
    result = exact(move)
    close(end_probability(result, mover_end="North Sea: england: 1Sq"), Fraction(16, 81))
    close(
        result.p["mover_eliminated"],
        p_naval((1, 0, 0), (1, 0, 0), when=lambda w, a, d: sum(a) == 0),
    )
    close(result.p["attacker_wins"], Fraction(24, 81))


# -- bad input ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "fleet_space, fleet, words",
    [
        ("Tyrrenian Sea", "hapsburg: 2Sq", ["unknown space 'Tyrrenian Sea'", "Tyrrhenian Sea"]),
        ("Vienna", "hapsburg: 2Sq", ["Vienna is neither a port nor a sea zone"]),
        ("Tyrrhenian Sea", "hapsburg: -2Sq", ["cannot be negative"]),
        ("Tyrrhenian Sea", "hapsburg: 2Co", ["only the Ottomans have corsairs"]),
        ("Tyrrhenian Sea", "hapsburg: 2Sq Columbus", ["unknown naval leader 'Columbus'"]),
    ],
)
def test_a_bad_naval_scenario_file_is_one_line_and_exit_2(
    tmp_path, capsys, fleet_space, fleet, words
):
    path = tmp_path / "bad.toml"
    path.write_text(
        '[situation]\nwars = [["ottoman", "hapsburg"]]\n'
        f'[[fleet]]\nspace = "{fleet_space}"\nfleet = "{fleet}"\n'
        f'[naval_move]\nfrom = "{fleet_space}"\nto = "Gulf of Lyon"\n',
        encoding="utf-8",
    )
    assert main(["naval-move", str(path), "--exact"]) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in captured.err
    for word in words:
        assert word in lines[0]

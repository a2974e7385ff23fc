"""The sea on the board (RULES.md §14): locations, adjacency with the two corrections of the
map data, where fleets may enter, intercept from, avoid battle and retreat to, and the
``[[fleet]]`` tables of scenario files. Every expected location is read off the map by hand."""

import pytest

from oddsengine.errors import OddsEngineError
from oddsengine.moves.board import load_board
from oddsengine.moves.scenario_file import load_situation
from oddsengine.moves.sea import (
    banned_from_the_atlantic,
    interceptors,
    may_enter,
    naval_avoid_locations,
    naval_destinations,
    naval_retreat_locations,
    ports_a_fleet_may_enter,
)
from oddsengine.moves.situation import FleetStack, Situation, Stack


def names(spaces):
    return [space.name for space in spaces]


# -- adjacency (§14) -------------------------------------------------------------------


@pytest.mark.rule("14", cites="RULES.md §14: the two places where the map data differs")
def test_the_two_corrections_of_the_map_data():
    """§14: Atlantic Ocean-Barbary Coast are not adjacent (the data lists them), North
    Sea-Baltic Sea are (the data does not)."""
    board = load_board()
    assert board.connection("Atlantic Ocean", "Barbary Coast") is None
    assert board.connection("Barbary Coast", "Atlantic Ocean") is None
    assert board.connection("North Sea", "Baltic Sea") == "sea"
    assert board.connection("Baltic Sea", "North Sea") == "sea"
    assert "Baltic Sea" in names(board.naval_neighbours("North Sea"))
    assert "Barbary Coast" not in names(board.naval_neighbours("Atlantic Ocean"))


@pytest.mark.rule("14", cites="RULES.md §14: the two places where the map data differs")
def test_zones_with_a_port_between_them_are_not_adjacent():
    """§14: Ionian/Tyrrhenian, Barbary Coast/Atlantic and Black Sea/Aegean are not adjacent;
    Messina, Gibraltar and Istanbul lie between; North Sea/Irish Sea are adjacent."""
    board = load_board()
    for first, second, port in (
        ("Ionian Sea", "Tyrrhenian Sea", "Messina"),
        ("Barbary Coast", "Atlantic Ocean", "Gibraltar"),
        ("Black Sea", "Aegean Sea", "Istanbul"),
    ):
        assert second not in names(board.naval_neighbours(first))
        assert names(board.sea_zones_of(port)) == sorted([first, second])
        assert names(board.naval_neighbours(port)) == sorted([first, second])
    assert "Irish Sea" in names(board.naval_neighbours("North Sea"))


@pytest.mark.rule("14", cites="RULES.md §14: the two places where the map data differs")
def test_adjacency_of_a_port_and_of_a_sea_zone_by_hand():
    board = load_board()
    assert names(board.naval_neighbours("Genoa")) == ["Gulf of Lyon", "Tyrrhenian Sea"]
    assert names(board.naval_neighbours("Tunis")) == ["Barbary Coast", "North African Coast"]
    # The Baltic Sea: its two ports and, by the correction, the North Sea.
    assert names(board.naval_neighbours("Baltic Sea")) == ["Lübeck", "North Sea", "Stettin"]
    assert board.is_port("Naples") and not board.is_port("Vienna")
    with pytest.raises(OddsEngineError, match="neither a port nor a sea zone"):
        board.naval_neighbours("Vienna")


# -- fleets in a situation ---------------------------------------------------------------


def test_a_fleet_stands_in_a_port_or_a_sea_zone():
    assert FleetStack("genoa", "hapsburg: 2Sq Doria").label == "hapsburg@Genoa"
    assert not FleetStack("Ionian Sea", "venice: 2Sq").in_port
    with pytest.raises(OddsEngineError, match="neither a port nor a sea zone"):
        FleetStack("Vienna", "hapsburg: 1Sq")
    with pytest.raises(OddsEngineError, match="names no power"):
        FleetStack("Naples", "2Sq")
    with pytest.raises(OddsEngineError, match="has no ships"):
        FleetStack("Algiers", "Barbarossa")


def test_a_situation_holds_armies_and_fleets():
    situation = Situation(
        [Stack("Tunis", "ottoman: 2R")],
        wars=[("ottoman", "hapsburg")],
        control={"Tunis": "ottoman"},
        fleets=[
            FleetStack("Tunis", "ottoman: 2Sq 1Co Barbarossa"),
            FleetStack("Tyrrhenian Sea", "hapsburg: 2Sq Doria"),
        ],
    )
    assert situation.fleet("tunis", "ottoman").fleet.corsairs == 1
    assert situation.fleet("Tunis", "hapsburg") is None
    assert situation.enemy_ships_in("Tyrrhenian Sea", "ottoman")
    assert not situation.enemy_ships_in("Tyrrhenian Sea", "hapsburg")
    with pytest.raises(OddsEngineError, match="merge them"):
        Situation(fleets=[FleetStack("Naples", "hapsburg: 1Sq")] * 2)
    with pytest.raises(OddsEngineError, match="one leader, one place"):
        Situation(
            fleets=[
                FleetStack("Naples", "hapsburg: 1Sq Doria"),
                FleetStack("Genoa", "genoa: 1Sq Doria"),
            ]
        )


def test_fleet_tables_in_a_scenario_file(tmp_path):
    path = tmp_path / "sea.toml"
    path.write_text(
        """
[situation]
wars = [["ottoman", "hapsburg"]]
[situation.control]
Tunis = "ottoman"
[[stack]]
space = "Tunis"
force = "ottoman: 2R"
[[fleet]]
space = "Tunis"
fleet = "ottoman: 2Sq 1Co Barbarossa"
[[fleet]]
space = "Tyrrhenian Sea"
fleet = "hapsburg: 2Sq Andrea Doria"
lost_battle_this_impulse = true
""",
        encoding="utf-8",
    )
    situation = load_situation(path)
    assert [fleet.label for fleet in situation.fleets] == [
        "ottoman@Tunis",
        "hapsburg@Tyrrhenian Sea",
    ]
    assert situation.fleets[1].lost_battle_this_impulse
    assert situation.stacks[0].label == "ottoman@Tunis"


@pytest.mark.parametrize(
    "table, message",
    [
        ('space = "Naples"', r"fleet\[1\]\.fleet: missing"),
        ('space = "Vienna"\nfleet = "hapsburg: 1Sq"', r"fleet\[1\]: Vienna is neither a port"),
        ('space = "Naples"\nfleet = "hapsburg: 1Sq"\nships = 2', r"fleet\[1\]\.ships: unknown key"),
        ('space = "Naples"\nfleet = 3', r"fleet\[1\]\.fleet: must be a fleet in quotes"),
        (
            'space = "Naples"\nfleet = "hapsburg: 1Sq"\nlost_battle_this_impulse = "yes"',
            "must be true or false",
        ),
    ],
)
def test_bad_fleet_tables_are_refused_in_one_line(tmp_path, table, message):
    path = tmp_path / "bad.toml"
    path.write_text(f"[[fleet]]\n{table}\n", encoding="utf-8")
    with pytest.raises(OddsEngineError, match=message) as error:
        load_situation(path)
    assert "\n" not in str(error.value)


# -- where a fleet may go (§14) ------------------------------------------------------------


def barbary_coast() -> Situation:
    """The rulebook's Barbary Coast example, before Barbarossa moves."""
    return Situation(
        wars=[("ottoman", "hapsburg"), ("ottoman", "venice")],
        control={"Tunis": "ottoman", "Algiers": "ottoman"},
        fleets=[
            FleetStack("Tunis", "ottoman: 2Sq 1Co Barbarossa"),
            FleetStack("Tyrrhenian Sea", "hapsburg: 2Sq Doria"),
            FleetStack("Ionian Sea", "venice: 2Sq"),
        ],
    )


@pytest.mark.rule("14", cites="Whether ``fleet`` may move into ``location`` (§14)")
def test_ports_a_fleet_may_enter():
    """§14: its own ports, or another power's port only with enemy ships in it."""
    situation = Situation(
        wars=[("ottoman", "hapsburg")],
        fleets=[
            FleetStack("Ionian Sea", "ottoman: 2Sq"),
            FleetStack("Messina", "hapsburg: 1Sq"),
        ],
    )
    ottoman = situation.fleets[0]
    # Ionian ports: Coron, Lepanto (Ottoman: its own), Corfu (Venice: no), Messina
    # (Hapsburg, with Hapsburg ships: yes), Malta and Taranto (Hapsburg, empty: no).
    assert ports_a_fleet_may_enter(situation, ottoman) == ("Coron", "Lepanto", "Messina")
    assert may_enter(situation, ottoman, "Adriatic Sea")
    assert not may_enter(situation, ottoman, "Taranto")
    assert naval_destinations(situation, situation.fleets[1]) == (
        "Ionian Sea",
        "Tyrrhenian Sea",
    )


@pytest.mark.rule("14", cites="Whether ``fleet`` may move into ``location`` (§14)")
def test_doria_and_the_genoese_and_venetians_never_enter_the_atlantic():
    situation = Situation(
        fleets=[
            FleetStack("Bay of Biscay", "hapsburg: 1Sq Doria"),
            FleetStack("Gibraltar", "hapsburg: 1Sq"),
            FleetStack("Corunna", "genoa: 1Sq"),
        ],
    )
    doria, gibraltar, genoese = situation.fleets
    assert banned_from_the_atlantic(doria) and banned_from_the_atlantic(genoese)
    assert not may_enter(situation, doria, "Atlantic Ocean")
    assert not may_enter(situation, genoese, "Atlantic Ocean")
    assert may_enter(situation, gibraltar, "Atlantic Ocean")


@pytest.mark.rule("14", cites="§14 / 16.1 step 4")
def test_interceptors_of_the_barbary_coast_move():
    """The rulebook example: Barbarossa enters the Barbary Coast from Tunis; Doria (in the
    Tyrrhenian Sea, adjacent) may try, the Venetians in the Ionian Sea too (adjacent to the
    Barbary Coast), the Hapsburgs first by the impulse order (Venice is not in it)."""
    situation = barbary_coast()
    barbarossa = situation.fleet("Tunis", "ottoman")
    assert [fleet.label for fleet in interceptors(situation, barbarossa, "Barbary Coast")] == [
        "hapsburg@Tyrrhenian Sea",
        "venice@Ionian Sea",
    ]
    venice_first = Situation(
        wars=situation.wars,
        control=situation.control,
        fleets=situation.fleets,
        impulse_order=["ottoman", "venice", "hapsburg"],
    )
    assert [fleet.label for fleet in interceptors(venice_first, barbarossa, "Barbary Coast")] == [
        "venice@Ionian Sea",
        "hapsburg@Tyrrhenian Sea",
    ]


@pytest.mark.rule("14", cites="§14 / 16.1 step 4")
def test_no_interception_into_a_port_or_where_the_mover_already_has_ships():
    situation = barbary_coast()
    barbarossa = situation.fleet("Tunis", "ottoman")
    assert interceptors(situation, barbarossa, "Algiers") == ()
    joined = Situation(
        wars=situation.wars,
        control=situation.control,
        fleets=[*situation.fleets, FleetStack("Barbary Coast", "ottoman: 1Sq")],
    )
    assert interceptors(joined, barbarossa, "Barbary Coast") == ()
    # Not from a location that still holds ships of the active power once it has moved.
    shared = Situation(
        wars=situation.wars,
        fleets=[
            FleetStack("Gulf of Lyon", "ottoman: 3Sq"),
            FleetStack("Naples", "hapsburg: 2Sq"),
            FleetStack("Naples", "ottoman: 2Sq"),
        ],
    )
    moving = shared.fleet("Gulf of Lyon", "ottoman")
    assert interceptors(shared, moving, "Tyrrhenian Sea") == ()
    part = FleetStack("Naples", "ottoman: 1Sq")  # one squadron stays in Naples
    assert interceptors(shared, part, "Tyrrhenian Sea") == ()
    whole = FleetStack("Naples", "ottoman: 2Sq")  # Naples holds no Ottoman ship after it
    assert [fleet.label for fleet in interceptors(shared, whole, "Tyrrhenian Sea")] == [
        "hapsburg@Naples"
    ]
    lost = Situation(
        wars=situation.wars,
        fleets=[
            FleetStack("Naples", "hapsburg: 2Sq", lost_battle_this_impulse=True),
            FleetStack("Gulf of Lyon", "ottoman: 1Sq"),
        ],
    )
    assert interceptors(lost, lost.fleets[1], "Tyrrhenian Sea") == ()


@pytest.mark.rule("14", cites="§14 / 16.1 step 5")
def test_naval_avoid_locations_by_hand():
    """§14: an adjacent port it controls free of enemy ships, or an adjacent sea zone
    without ships of a power at war with it; never from a port."""
    situation = Situation(
        wars=[("ottoman", "hapsburg"), ("ottoman", "venice")],
        control={"Tunis": "ottoman", "Algiers": "ottoman"},
        fleets=[
            FleetStack("Barbary Coast", "ottoman: 2Sq 1Co Barbarossa"),
            FleetStack("Tyrrhenian Sea", "hapsburg: 2Sq Doria"),
            FleetStack("Ionian Sea", "venice: 2Sq"),
        ],
    )
    # Barbary Coast: ports Algiers, Tunis (Ottoman), Cagliari, Cartagena, Palma (Hapsburg),
    # Gibraltar (Hapsburg), Oran (Hapsburg); zones Gulf of Lyon, Ionian (Venetians: no),
    # North African Coast, Tyrrhenian (Doria: no).
    assert naval_avoid_locations(situation, "ottoman", "Barbary Coast") == (
        "Algiers",
        "Gulf of Lyon",
        "North African Coast",
        "Tunis",
    )
    with pytest.raises(OddsEngineError, match="cannot avoid battle"):
        naval_avoid_locations(situation, "ottoman", "Tunis")


@pytest.mark.rule("14", cites="§14 / 16.1 step 5")
def test_naval_retreat_locations_by_hand():
    """§14: after a port combat the attacker leaves to a sea zone of the port free of enemy
    ships; at sea the loser goes to a port it controls or a sea zone, free of enemy ships;
    none: eliminated."""
    situation = Situation(
        wars=[("ottoman", "hapsburg")],
        control={"Tunis": "ottoman"},
        fleets=[
            FleetStack("Tunis", "ottoman: 1Sq"),
            FleetStack("Barbary Coast", "hapsburg: 2Sq"),
            FleetStack("North African Coast", "hapsburg: 1Sq"),
        ],
    )
    # Attacking Tunis, the Hapsburgs leave to a zone of Tunis free of Ottoman ships.
    assert naval_retreat_locations(situation, "hapsburg", "Tunis", port_combat=True) == (
        "Barbary Coast",
        "North African Coast",
    )
    # The Ottomans in Messina (a Hapsburg port they attacked): both its zones hold
    # Hapsburg ships, so they have nowhere to go.
    trapped = Situation(
        wars=[("ottoman", "hapsburg")],
        fleets=[
            FleetStack("Messina", "ottoman: 1Sq"),
            FleetStack("Ionian Sea", "hapsburg: 1Sq"),
            FleetStack("Tyrrhenian Sea", "hapsburg: 1Sq"),
        ],
    )
    assert naval_retreat_locations(trapped, "ottoman", "Messina", port_combat=True) == ()
    at_sea = Situation(
        wars=[("ottoman", "hapsburg")],
        control={"Tunis": "ottoman"},
        fleets=[
            FleetStack("North African Coast", "ottoman: 1Sq"),
            FleetStack("Barbary Coast", "hapsburg: 1Sq"),
        ],
    )
    # North African Coast: ports Tunis (Ottoman: yes), Tripoli and Malta (Hapsburg), Candia
    # (Venice), Rhodes (independent); zones Aegean, Ionian (free), Barbary (enemy: no).
    legal = naval_retreat_locations(at_sea, "ottoman", "North African Coast")
    assert legal == ("Aegean Sea", "Ionian Sea", "Tunis")


def test_a_situation_without_ships_keeps_its_repr():
    """The repr keys a move's random streams: a land situation's must not change when the
    situation learns of fleets (same seed, same numbers)."""
    land = Situation(wars=[("ottoman", "hapsburg")])
    assert "fleets" not in repr(land)
    assert repr(land).endswith("'papacy', 'protestant'))")
    sea = Situation(fleets=[FleetStack("Naples", "hapsburg: 1Sq")])
    assert "fleets=(FleetStack(" in repr(sea)


def test_doria_never_avoids_or_retreats_into_the_atlantic():
    """§14 (the engine's reading): the Atlantic ban holds for every move, avoid battle and
    retreat included. From the Bay of Biscay: ports Bordeaux, Corunna, Brest, Nantes; zones
    Atlantic Ocean, English Channel, Irish Sea."""
    situation = Situation(
        wars=[("france", "hapsburg")],
        fleets=[
            FleetStack("Bay of Biscay", "hapsburg: 1Sq Doria"),
            FleetStack("English Channel", "france: 1Sq"),
        ],
    )
    legal = naval_retreat_locations(situation, "hapsburg", "Bay of Biscay")
    assert "Atlantic Ocean" not in legal
    assert legal == ("Corunna", "Irish Sea")
    plain = Situation(
        wars=[("france", "hapsburg")],
        fleets=[
            FleetStack("Bay of Biscay", "hapsburg: 1Sq"),
            FleetStack("English Channel", "france: 1Sq"),
        ],
    )
    assert naval_avoid_locations(plain, "hapsburg", "Bay of Biscay") == (
        "Atlantic Ocean",
        "Corunna",
        "Irish Sea",
    )

"""15.1's naval requirement read from the board (RULES.md §7, §14): the squadrons in the
port and its sea zones decide whether the besiegers of a port may assault, so a siege that
follows a move in a scenario with fleets needs no hand-typed squadron counts."""

import pytest

from oddsengine.engines.siege import exact_campaign
from oddsengine.errors import OddsEngineError
from oddsengine.moves.move import Move
from oddsengine.moves.sea import naval_requirement
from oddsengine.moves.siege_campaign import SiegeCampaign
from oddsengine.moves.situation import FleetStack, Situation, Stack


def marseille(hapsburg_ships: str, **extra) -> Move:
    """Alva and 6 regulars move from Avignon into Marseille, whose 2 French regulars
    withdraw inside: a siege. A French squadron lies in the port; Hapsburg ships in the
    Gulf of Lyon (Marseille's only sea zone)."""
    fleets = [FleetStack("Marseille", "france: 1Sq"), FleetStack("Gulf of Lyon", hapsburg_ships)]
    fleets += extra.pop("fleets", [])
    situation = Situation(
        [Stack("Avignon", "hapsburg: 6R Duke of Alva"), Stack("Marseille", "france: 2R")],
        wars=[("france", "hapsburg")],
        control={"Avignon": "hapsburg"},
        fleets=fleets,
        **extra,
    )
    return Move(situation, "Avignon", "Marseille", defender_policy="withdraw")


@pytest.mark.rule("14", cites="RULES.md §7 / §14: the blockade of the port is read from the board")
def test_the_counts_are_read_from_the_port_and_its_sea_zones():
    move = marseille("hapsburg: 2Sq 0Co")
    counts = naval_requirement(move.situation, "Marseille", "hapsburg")
    assert counts == {
        "defender_squadrons_adjacent": 0,
        "defender_squadrons_in_port": 1,
        "attacker_squadrons_adjacent": 2,
    }
    # Corsairs never count; a space that is no port has no naval requirement.
    situation = Situation(
        wars=[("ottoman", "hapsburg")],
        fleets=[FleetStack("Barbary Coast", "ottoman: 3Co"), FleetStack("Tunis", "hapsburg: 1Sq")],
        control={"Tunis": "hapsburg"},
    )
    assert naval_requirement(situation, "Tunis", "ottoman")["attacker_squadrons_adjacent"] == 0
    assert set(naval_requirement(situation, "Vienna", "ottoman").values()) == {0}


@pytest.mark.rule("14", cites="RULES.md §7 / §14: the blockade of the port is read from the board")
def test_more_attacking_squadrons_lift_the_blockade_of_a_port():
    """15.1: with defending squadrons in the port, the attacker needs more in the adjacent
    sea zones: 2 against 1 may assault, as without any ship."""
    campaign = SiegeCampaign.from_move(marseille("hapsburg: 2Sq"), horizon=3)
    assert campaign.blockade is None
    without_ships = SiegeCampaign("hapsburg: 6R Duke of Alva", "france: 2R", horizon=3)
    assert list(exact_campaign(campaign).taken_by) == pytest.approx(
        list(exact_campaign(without_ships).taken_by)
    )


@pytest.mark.rule("14", cites="RULES.md §7 / §14: the blockade of the port is read from the board")
def test_a_blockade_forbids_every_assault():
    """15.1: 1 attacking squadron does not outnumber the 1 in port; a defending squadron in
    an adjacent sea zone forbids the assault whatever the attacker has."""
    campaign = SiegeCampaign.from_move(marseille("hapsburg: 1Sq"), horizon=3)
    assert "the attacker needs more in the adjacent sea zones (has 1) (15.1)" in campaign.blockade
    result = exact_campaign(campaign)
    assert list(result.taken_by) == [0.0, 0.0, 0.0]
    assert campaign.describe_lines() == [f"No assault: {campaign.blockade}"]
    assert campaign.describe()["blockade"] == campaign.blockade
    adjacent = SiegeCampaign.from_move(
        marseille("hapsburg: 3Sq", fleets=[FleetStack("Gulf of Lyon", "france: 1Sq")]),
        horizon=2,
    )
    assert adjacent.blockade == "the defender has squadrons in an adjacent sea zone (15.1)"


def test_naval_counts_are_checked():
    with pytest.raises(OddsEngineError, match="unknown count"):
        SiegeCampaign("6R", "france: 2R", naval={"squadrons": 1})
    with pytest.raises(OddsEngineError, match="non-negative whole number"):
        SiegeCampaign("6R", "france: 2R", naval={"defender_squadrons_in_port": -1})


def test_a_campaign_without_ships_keeps_its_repr():
    """The repr keys a campaign's random streams: same seed, same numbers as before."""
    assert "naval" not in repr(SiegeCampaign("9R Suleiman", "hapsburg: 2R", horizon=3))
    assert "naval=" in repr(
        SiegeCampaign("9R Suleiman", "hapsburg: 2R", naval={"defender_squadrons_in_port": 1})
    )


def test_the_siege_command_after_a_move_reads_the_blockade(tmp_path, capsys):
    from oddsengine.cli import main

    path = tmp_path / "marseille.toml"
    path.write_text(
        """
[situation]
wars = [["france", "hapsburg"]]
[situation.control]
Avignon = "hapsburg"
[[stack]]
space = "Avignon"
force = "hapsburg: 6R Duke of Alva"
[[stack]]
space = "Marseille"
force = "france: 2R"
[[fleet]]
space = "Marseille"
fleet = "france: 1Sq"
[[fleet]]
space = "Gulf of Lyon"
fleet = "hapsburg: 1Sq"
[move]
from = "Avignon"
to = "Marseille"
defender = "withdraw"
""",
        encoding="utf-8",
    )
    assert main(["siege", "--after-move", str(path), "--exact", "--horizon", "2"]) == 0
    assert "No assault: the defender has 1 squadron(s) in port" in capsys.readouterr().out

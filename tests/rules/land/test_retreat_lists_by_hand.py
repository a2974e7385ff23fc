"""RULES.md §9, §6.1, §14: a ``prefer:`` retreat list is a standing order, "the first legal
space listed". A list is always accepted: the spaces no retreat of the move can reach are
passed over and named in the text output and the JSON's ``notes``, and when no retreat goes
to a space listed the notes say what the move did instead (the default choice, elimination
where no space is legal, or no retreat at all); only a name that is no space of the board is
refused. On every face: the Python API, scenario files, the command line with its
``--stack``/``--control`` what-ifs, plans and sweeps, for land moves and naval moves."""

import json
from fractions import Fraction

import pytest
from conftest import assert_one_line_error, run_cli
from hand_dice import close, states

import oddsengine as oe
from oddsengine.moves.move import Move
from oddsengine.moves.scenario_file import load_move, load_naval_move
from oddsengine.moves.situation import Situation, Stack

# §6 step 3, §6.1: 3 Ottoman regulars (3 dice) against 2 Hapsburg regulars in Linz
# (2 + 1 = 3 dice). The defenders lose and keep one unit (so retreat) exactly when the
# mover scores 1 hit, 3 * 1/3 * 4/9 = 4/9, and they score none, 8/27: 32/243.
RETREATS = Fraction(4, 9) * Fraction(8, 27)

LINZ_FILE = """
[situation]
wars = [["ottoman", "hapsburg"]]

[situation.control]
Vienna = "ottoman"
Prague = "hapsburg"
Salzburg = "hapsburg"

[[stack]]
space = "Vienna"
force = "ottoman: 3R"

[[stack]]
space = "Linz"
force = "hapsburg: 2R"

[move]
from = "Vienna"
to = "Linz"
defender = "fight"
retreat = "RETREAT"
"""


def linz_move(retreat: str, **situation) -> Move:
    """Linz's neighbours: Vienna (where the mover came from), Prague and Salzburg (made
    Hapsburg), Regensburg (Protestant, an ally of nobody here). Graz is not one."""
    board = Situation(
        [Stack("Vienna", "ottoman: 3R"), Stack("Linz", "hapsburg: 2R")],
        wars=[("ottoman", "hapsburg")],
        control={"Vienna": "ottoman", "Prague": "hapsburg", "Salzburg": "hapsburg"},
        **situation,
    )
    return Move(board, "Vienna", "Linz", defender_policy="fight", retreat_policy=retreat)


def retreat_ends(move) -> set[str]:
    return {
        state.defenders_end
        for weight, state in states(move)
        if weight > 0 and "defender_retreats" in state.events
    }


@pytest.mark.rule(
    "9",
    cites="A ``prefer:`` list is a standing order, the first legal space listed (RULES.md §9), so",
)
def test_a_list_with_spaces_no_retreat_reaches_is_followed_and_names_them():
    # Graz is not adjacent to Linz, Regensburg is Protestant: both are passed over, and
    # the retreat goes to Salzburg, the first legal space listed, as prefer:Salzburg does
    # (the most friendly pick would be Prague, first by name).
    assert RETREATS == Fraction(32, 243)
    move = linz_move("prefer:Graz,Regensburg,Salzburg,Prague")
    assert len(move.notes) == 2
    graz, regensburg = move.notes
    assert "Graz passed over" in graz and "Graz is not adjacent to Linz" in graz
    assert "Regensburg passed over" in regensburg and "controlled by protestant" in regensburg
    result = oe.exact(move)
    close(result.p["defender_retreats"], RETREATS)
    assert retreat_ends(move) == {"Salzburg: hapsburg: 1R"}
    assert result.p == oe.exact(linz_move("prefer:Salzburg")).p
    assert result.notes == move.notes
    assert result.to_dict()["notes"] == list(move.notes)
    assert [line for line in result.summary().splitlines() if line.startswith("Note: ")] == [
        f"Note: {note}" for note in move.notes
    ]
    # Monte Carlo says the same.
    assert oe.simulate(move, trials=1000, seed=1).to_dict()["notes"] == list(move.notes)


def test_a_space_in_unrest_is_passed_over():
    # §6.1: no retreat enters a space in unrest; Salzburg in unrest leaves Prague.
    move = linz_move("prefer:Salzburg,Prague", unrest=["Salzburg"])
    (note,) = move.notes
    assert "Salzburg passed over" in note and "in unrest" in note
    close(oe.exact(move).p["defender_retreats"], RETREATS)
    assert retreat_ends(move) == {"Prague: hapsburg: 1R"}


def test_a_list_that_names_no_reachable_space_is_followed_by_the_default_choice():
    # §9, §6.1: Graz (not adjacent) and Regensburg (Protestant) can never be reached; the
    # rules still answer: the retreat takes the most friendly legal space, Prague (no
    # units anywhere, first by name), as often as with most-friendly: 32/243.
    move = linz_move("prefer:Graz,Regensburg")
    graz, regensburg, instead = move.notes
    assert "Graz is not adjacent to Linz" in graz
    assert "Regensburg is controlled by protestant" in regensburg
    assert "no retreat of this move goes to a space listed" in instead
    assert "hapsburg retreats to Prague" in instead
    result = oe.exact(move)
    close(result.p["defender_retreats"], RETREATS)
    assert retreat_ends(move) == {"Prague: hapsburg: 1R"}
    assert result.p == oe.exact(linz_move("most-friendly")).p
    assert result.to_dict()["notes"] == list(move.notes)
    # Only a name that is no space of the board is refused.
    with pytest.raises(oe.OddsEngineError, match="unknown space 'Nowhere'"):
        linz_move("prefer:Graz,Nowhere")


def test_a_list_without_a_note_has_none_in_its_answer():
    # Vienna is where the enemy came from: legal to name, never taken by a defender (§6.1),
    # so not passed over in this move's notes: a losing attacker retreats there.
    move = linz_move("prefer:Vienna,Salzburg")
    assert move.notes == ()
    assert "notes" not in oe.exact(move).to_dict()
    assert retreat_ends(move) == {"Salzburg: hapsburg: 1R"}


def test_a_scenario_file_and_the_command_line(tmp_path, capsys):
    path = tmp_path / "linz.toml"
    path.write_text(LINZ_FILE.replace("RETREAT", "prefer:Graz,Salzburg"))
    move = load_move(path)
    assert len(move.notes) == 1 and "Graz passed over" in move.notes[0]
    status, out, err = run_cli(capsys, "move", str(path), "--exact", "--format", "json")
    assert status == 0, err
    answer = json.loads(out)
    close(answer["p"]["defender_retreats"], RETREATS)
    assert answer["notes"] == list(move.notes)
    status, out, err = run_cli(capsys, "move", str(path), "--exact")
    assert status == 0, err
    assert f"Note: {move.notes[0]}" in out.splitlines()
    # --retreat on the command line replaces the file's list, with its own note.
    status, out, _ = run_cli(
        capsys, "move", str(path), "--retreat", "prefer:Regensburg,Prague", "--exact",
        "--format", "json",
    )  # fmt: skip
    notes = json.loads(out)["notes"]
    assert len(notes) == 1 and "Regensburg passed over" in notes[0]


@pytest.mark.rule(
    "9",
    cites="A ``prefer:`` list is a standing order, the first legal space listed (RULES.md §9), so",
)
def test_a_what_if_that_makes_a_space_unreachable_keeps_the_list(tmp_path, capsys):
    # --control Salzburg=protestant: Salzburg is no longer a space of the Hapsburgs or of
    # an ally of any power on the board (§6.1), so the list falls to Prague: still 32/243.
    path = tmp_path / "linz.toml"
    path.write_text(LINZ_FILE.replace("RETREAT", "prefer:Salzburg,Prague"))
    status, out, err = run_cli(
        capsys, "move", str(path), "--control", "Salzburg=protestant", "--exact",
        "--format", "json",
    )  # fmt: skip
    assert status == 0, err
    answer = json.loads(out)
    close(answer["p"]["defender_retreats"], RETREATS)
    (note,) = answer["notes"]
    assert "Salzburg passed over" in note and "controlled by protestant" in note
    # Both unreachable: answered. Linz's other neighbours are Vienna, where the enemy came
    # from, and Regensburg (Protestant): no legal space, so the defenders who lose and
    # keep a unit are eliminated (14.1), 32/243 again, and the note says so.
    status, out, err = run_cli(
        capsys, "move", str(path), "--control", "Salzburg=protestant", "--control",
        "Prague=protestant", "--exact", "--format", "json",
    )  # fmt: skip
    assert status == 0, err
    answer = json.loads(out)
    close(answer["p"]["defender_retreat_blocked"], RETREATS)
    assert answer["p"]["defender_retreats"] == 0
    *passed, instead = answer["notes"]
    assert len(passed) == 2
    assert "hapsburg is eliminated where no space is legal" in instead


def test_a_plan_course_with_an_unreachable_space_is_played_with_a_note(tmp_path, capsys):
    scenario = tmp_path / "linz.toml"
    scenario.write_text(LINZ_FILE.replace("RETREAT", "most-friendly"))
    plan = tmp_path / "plan.toml"
    plan.write_text(
        '[plan]\nhorizon = 1\nside = "attacker"\nscenario = "linz.toml"\n\n'
        '[[course]]\nname = "standing order"\nretreat = "prefer:Graz,Salzburg"\n\n'
        '[[course]]\nname = "default"\n'
    )
    comparison = oe.compare_plans(plan)
    (note,) = comparison.notes
    assert note.startswith("course 'standing order': retreat prefer:Graz,Salzburg: Graz")
    assert comparison.to_dict()["notes"] == [note]
    assert f"Note: {note}" in comparison.summary().splitlines()
    # The retreat changes nothing for the attacker: both courses take Linz with the
    # chance the mover wins, 3R against 2R (3 dice each).
    taken = {row["course"]: row["taken_by_impulse_0"] for row in comparison.courses}
    assert taken["standing order"] == pytest.approx(taken["default"], abs=1e-12)
    status, out, err = run_cli(capsys, "plan", str(plan), "--format", "json")
    assert status == 0, err
    assert json.loads(out)["notes"] == [note]


@pytest.mark.rule(
    "9", cites="RULES.md §9, §14: the retreating player picks among legal locations, all"
)
def test_a_naval_retreat_list_with_a_location_not_adjacent(capsys):
    # §9, §14: beaten on the Barbary Coast, the Ottomans retreat to Tunis when it is the
    # first legal location listed, as often as to Algiers by default; the North Sea, not
    # adjacent to the Barbary Coast, is passed over and named.
    listed = load_naval_move("barbary_coast", retreat_policy="prefer:North Sea,Tunis")
    (note,) = listed.notes
    assert "North Sea passed over" in note and "not adjacent to Barbary Coast" in note
    result = oe.exact(listed)
    assert result.p == oe.exact(load_naval_move("barbary_coast", retreat_policy="prefer:Tunis")).p
    frame = result.states_frame()
    retreated = frame[(frame["outcome"] == "mover_retreats") & (frame["probability"] > 0)]
    assert {end.split(":")[0] for end in retreated["mover_end"]} == {"Tunis"}
    assert result.to_dict()["notes"] == [note]
    status, out, err = run_cli(
        capsys, "naval-move", "barbary_coast", "--retreat", "prefer:North Sea,Tunis", "--exact"
    )
    assert status == 0, err
    assert f"Note: {note}" in out.splitlines()
    # A list none of whose locations is adjacent: the default choice, Algiers (§14: the
    # Ottomans' port with the most of their ships, ports first), as often as by default.
    unreachable = load_naval_move("barbary_coast", retreat_policy="prefer:North Sea,Irish Sea")
    *passed, instead = unreachable.notes
    assert len(passed) == 2 and "the mover (ottoman) retreats to Algiers" in instead
    assert oe.exact(unreachable).p == oe.exact(load_naval_move("barbary_coast")).p
    status, out, err = run_cli(
        capsys, "naval-move", "barbary_coast", "--retreat", "prefer:North Sea", "--exact"
    )
    assert status == 0, err
    assert "Note: retreat prefer:North Sea: North Sea passed over" in out
    assert_one_line_error(
        capsys,
        ["naval-move", "barbary_coast", "--retreat", "prefer:Atlantis"],
        "unknown space 'Atlantis'",
    )


def test_a_sweep_of_naval_moves_plays_a_list_with_an_unreachable_location():
    frame = oe.sweep(
        "naval-move-scenario",
        {"retreat_policy": ["prefer:North Sea,Tunis", "prefer:Tunis"]},
        fixed={"scenario": "barbary_coast"},
        method="exact",
    )
    assert set(frame["status"]) == {"ok"}
    rows = frame[frame["outcome"] == "mover_retreats"]
    first, second = rows["probability"]
    assert first == pytest.approx(second, abs=1e-12) and first > 0
    # One scenario of the sweep, answered alone, carries its note.
    from oddsengine.moves.naval_move_scenario import NavalMoveScenario

    scenario = NavalMoveScenario("barbary_coast", retreat_policy="prefer:North Sea,Tunis")
    (note,) = oe.exact(scenario).to_dict()["notes"]
    assert "North Sea passed over" in note

"""A standing order never makes a question unanswerable (issue 38; RULES.md §9, §6.1, §14).

A ``prefer:`` retreat list is "the first legal space listed". When no space listed can be
reached in a move, the rules still answer: each retreat takes the default choice (the most
friendly legal space), units with no legal space are eliminated (14.1), or no unit retreats
at all (a withdrawal, a siege laid, a mover going back). The answer is given, with notes that
name the entries that could not be used and what the move did instead. Only a name that is
no space of the board is refused.

Each scenario file below was refused before (the kinds of refusal found: a space in unrest,
an independent key, a space of an enemy absent from the board, a what-if that puts enemy
units or another power's control on every entry, a sweep's variant, a plan's course). Where
the units end is checked against the rules by hand, with the chances in Fractions.
"""

import json
from fractions import Fraction

import pytest
from conftest import refused, run_cli
from hand_dice import binomial, close, states
from test_retreat_lists_by_hand import LINZ_FILE

import oddsengine as oe
from oddsengine.moves.scenario_file import load_move, load_naval_move

# §6 steps 2-3, 8-9, §6.1: 3 regulars without a leader (3 dice) move against 2 regulars
# (2 + 1 = 3 dice). The defenders lose and keep a unit, so retreat, exactly when the mover
# scores 1 hit and they score none: 3 * 1/3 * (2/3)**2 * (2/3)**3 = 4/9 * 8/27 = 32/243.
DEFENDERS_RETREAT = binomial(3, 1) * binomial(3, 0)
# The mover loses (a tie goes to the defender) and keeps a unit when the defenders score
# d = 0..2 hits and it scores at most d: 8/27 * 8/27 + 12/27 * 20/27 + 6/27 * 26/27
# = (64 + 240 + 156) / 729 = 460/729; it must go back where it came from (§6.1).
MOVER_RETREATS = sum(binomial(3, d) * sum(binomial(3, a) for a in range(d + 1)) for d in range(3))


def test_the_hand_values():
    assert DEFENDERS_RETREAT == Fraction(32, 243)
    assert MOVER_RETREATS == Fraction(460, 729)


def scenario(tmp_path, name: str, text: str) -> str:
    path = tmp_path / f"{name}.toml"
    path.write_text(text)
    return str(path)


def retreat_ends(move, event="defender_retreats", end="defenders_end") -> set[str]:
    """Where the group that retreated stands, in every end state the move reaches."""
    return {
        getattr(state, end)
        for weight, state in states(move)
        if weight > 0 and event in state.events
    }


def answer_json(capsys, *argv) -> dict:
    status, out, err = run_cli(capsys, *argv, "--exact", "--format", "json")
    assert status == 0, err
    return json.loads(out)


# -- 1. the only space listed is in unrest ("Vienna is in unrest") -------------------------

UNREST = """
[situation]
wars = [["ottoman", "hapsburg"]]
unrest = ["Vienna"]

[situation.control]
Prague = "ottoman"
Salzburg = "hapsburg"
Vienna = "hapsburg"

[[stack]]
space = "Prague"
force = "ottoman: 3R"

[[stack]]
space = "Linz"
force = "hapsburg: 2R"

[move]
from = "Prague"
to = "Linz"
defender = "fight"
retreat = "prefer:Vienna"
"""


def test_unrest_on_the_only_space_listed(tmp_path, capsys):
    # §6.1: the Hapsburgs beaten in Linz may not retreat to Vienna (in unrest), nor to
    # Prague (where the enemy came from), nor to Regensburg (Protestant, an ally of
    # nobody here): Salzburg, the one legal space, in every retreat. The beaten Ottomans
    # must go back to Prague.
    path = scenario(tmp_path, "unrest", UNREST)
    move = load_move(path)
    assert retreat_ends(move) == {"Salzburg: hapsburg: 1R"}
    assert retreat_ends(move, "attacker_retreats", "mover_end") == {
        "Prague: ottoman: 1R",
        "Prague: ottoman: 2R",
        "Prague: ottoman: 3R",
    }
    answer = answer_json(capsys, "move", path)
    close(answer["p"]["defender_retreats"], DEFENDERS_RETREAT)
    close(answer["p"]["attacker_retreats"], MOVER_RETREATS)
    passed, instead = answer["notes"]
    assert "Vienna passed over: Vienna is in unrest" in passed
    assert "no retreat of this move goes to a space listed" in instead
    assert "hapsburg retreats to Salzburg" in instead
    assert "the mover (ottoman) retreats to Prague" in instead
    # The text output says the same, one Note: line each.
    status, out, _ = run_cli(capsys, "move", path, "--exact")
    assert status == 0
    assert [line for line in out.splitlines() if line.startswith("Note: ")] == [
        f"Note: {note}" for note in answer["notes"]
    ]


# -- 2. an independent key (Metz) ----------------------------------------------------------

METZ = """
[situation]
wars = [["france", "hapsburg"]]

[situation.control]
"St. Dizier" = "hapsburg"
Brussels = "hapsburg"

[[stack]]
space = "Paris"
force = "france: 3R"

[[stack]]
space = "St. Dizier"
force = "hapsburg: 2R"

[move]
from = "Paris"
to = "St. Dizier"
defender = "fight"
retreat = "prefer:Metz"
"""


def test_an_independent_key_listed(tmp_path, capsys):
    # §6.1: no retreat enters an independent space. St. Dizier's neighbours: Metz
    # (independent), Paris (where the French came from), Dijon and St. Quentin (French),
    # Brussels (Hapsburg): every Hapsburg retreat goes to Brussels, 32/243.
    path = scenario(tmp_path, "metz", METZ)
    move = load_move(path)
    assert retreat_ends(move) == {"Brussels: hapsburg: 1R"}
    answer = answer_json(capsys, "move", path)
    close(answer["p"]["defender_retreats"], DEFENDERS_RETREAT)
    close(answer["p"]["attacker_retreats"], MOVER_RETREATS)
    passed, instead = answer["notes"]
    assert "Metz is controlled by independent" in passed
    assert "hapsburg retreats to Brussels" in instead
    # The same move as the default choice: the list changes nothing.
    assert oe.exact(move).p == oe.exact(load_move(path, retreat_policy="most-friendly")).p


# -- 3. a space of an enemy ------------------------------------------------------------------

ENEMY = """
[situation]
wars = [["ottoman", "hapsburg"], ["france", "hapsburg"]]

[situation.control]
Vienna = "ottoman"
Prague = "hapsburg"
Salzburg = "france"
Regensburg = "ottoman"

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


@pytest.mark.parametrize(
    "listed, passed_over",
    [
        # France, at war with the Hapsburgs and with no unit on the board: passed over
        # by name (it was refused: "an ally of no power on the board").
        ("prefer:Salzburg", ["Salzburg is controlled by france"]),
        # The Ottomans' own space: some power on the board could enter it, so it is not
        # passed over by name; but no retreat of this move goes there (the Hapsburgs may
        # not, the Ottomans must go back to Vienna), and the note says so.
        ("prefer:Regensburg", []),
    ],
)
def test_an_enemy_controlled_space_listed(tmp_path, capsys, listed, passed_over):
    # §6.1: Linz's neighbours: Vienna (where the enemy came from), Salzburg (French),
    # Regensburg (Ottoman), Prague (Hapsburg): the Hapsburgs retreat to Prague, 32/243.
    path = scenario(tmp_path, "enemy", ENEMY.replace("RETREAT", listed))
    move = load_move(path)
    assert retreat_ends(move) == {"Prague: hapsburg: 1R"}
    assert retreat_ends(move, "attacker_retreats", "mover_end") == {
        f"Vienna: ottoman: {units}R" for units in (1, 2, 3)
    }
    answer = answer_json(capsys, "move", path)
    close(answer["p"]["defender_retreats"], DEFENDERS_RETREAT)
    *passed, instead = answer["notes"]
    assert len(passed) == len(passed_over)
    for note, words in zip(passed, passed_over, strict=True):
        assert words in note
    assert "hapsburg retreats to Prague" in instead
    assert "the mover (ottoman) retreats to Vienna" in instead


# -- 4. what-ifs that make every entry unreachable -------------------------------------------

#: The Linz move of tests/rules/land/test_retreat_lists_by_hand.py, Salzburg preferred.
LINZ = LINZ_FILE.replace("RETREAT", "prefer:Salzburg")


def test_every_entry_unreachable_under_a_stack_what_if(tmp_path, capsys):
    # §6.1: no retreat enters a space holding enemy units. The file alone retreats to
    # Salzburg; --stack puts an Ottoman regular there, and the retreat goes to Prague,
    # the one other legal space, as often: 32/243.
    path = scenario(tmp_path, "linz", LINZ)
    alone = answer_json(capsys, "move", path)
    assert "notes" not in alone
    assert {state["defenders_end"] for state in alone["end_states"]} >= {"Salzburg: hapsburg: 1R"}
    answer = answer_json(capsys, "move", path, "--stack", "Salzburg=ottoman: 1R", "--states", "40")
    close(answer["p"]["defender_retreats"], DEFENDERS_RETREAT)
    (instead,) = answer["notes"]
    assert "hapsburg retreats to Prague" in instead
    ends = {
        state["defenders_end"]
        for state in answer["end_states"]
        if state["defenders_end"].startswith(("Prague", "Salzburg"))
    }
    assert ends == {"Prague: hapsburg: 1R"}


def test_every_entry_unreachable_under_control_what_ifs(tmp_path, capsys):
    # §6.1: Salzburg and Prague Protestant leave Linz's Hapsburgs no legal space (Vienna:
    # where the enemy came from; Regensburg: Protestant): those who lose and keep a unit
    # are eliminated, 32/243, and the note says so.
    path = scenario(tmp_path, "linz", LINZ.replace("prefer:Salzburg", "prefer:Salzburg,Prague"))
    answer = answer_json(
        capsys, "move", path, "--control", "Salzburg=protestant", "--control", "Prague=protestant"
    )
    close(answer["p"]["defender_retreat_blocked"], DEFENDERS_RETREAT)
    assert answer["p"]["defender_retreats"] == 0
    *passed, instead = answer["notes"]
    assert ["Salzburg passed over" in passed[0], "Prague passed over" in passed[1]] == [True, True]
    assert "hapsburg is eliminated where no space is legal" in instead


# -- 5. no retreat at all: a siege laid, a mover going back ----------------------------------

WITHDRAWAL = """
[situation]
wars = [["ottoman", "hapsburg"]]

[situation.control]
Pressburg = "ottoman"

[[stack]]
space = "Pressburg"
force = "ottoman: MOVERR"

[[stack]]
space = "Vienna"
force = "hapsburg: 2R"

[move]
from = "Pressburg"
to = "Vienna"
defender = "withdraw"
retreat = "prefer:Linz"
"""


def test_a_withdrawal_leaves_the_list_unread(tmp_path, capsys):
    # §5 (13.4): the 2 Hapsburg regulars withdraw into Vienna (nobody may intercept: no
    # other stack). 3 Ottoman regulars outnumber them: a siege, always; nobody retreats.
    path = scenario(tmp_path, "siege", WITHDRAWAL.replace("MOVER", "3"))
    answer = answer_json(capsys, "move", path)
    close(answer["p"]["besieging"], Fraction(1))
    (note,) = answer["notes"]
    assert note == "retreat prefer:Linz: no unit retreats in this move, so the list is never read"


def test_a_mover_going_back_goes_where_it_came_from(tmp_path, capsys):
    # §5 (13.4): 2 Ottoman regulars do not outnumber the 2 inside: the mover goes back to
    # Pressburg (a retreat, to where it came from only), always; Linz is never reached.
    path = scenario(tmp_path, "back", WITHDRAWAL.replace("MOVER", "2"))
    answer = answer_json(capsys, "move", path)
    close(answer["p"]["went_back"], Fraction(1))
    (note,) = answer["notes"]
    assert note.endswith("the mover (ottoman) goes back to Pressburg")


# -- 6. a sweep's variant and a plan's course -------------------------------------------------

NAVAL_SWEEP = """
kind = "naval-move-scenario"
method = "exact"

[fixed]
scenario = "barbary_coast"

[grid]
retreat_policy = ["prefer:North Sea", "prefer:Irish Sea,North Sea", "prefer:Algiers"]
"""


def test_a_naval_list_in_a_sweep_variant(tmp_path, capsys):
    # §14: two variants name only locations not adjacent to the Barbary Coast (they were
    # refused rows); every row is answered now, each as the default choice does, which
    # sends the beaten Ottomans to Algiers, the first listed in the third variant.
    import pandas as pd

    sweep = scenario(tmp_path, "sweep", NAVAL_SWEEP)
    out = tmp_path / "rows.csv"
    status, _, err = run_cli(capsys, "sweep", sweep, "--out", str(out))
    assert status == 0, err
    rows = pd.read_csv(out)
    assert set(rows["status"]) == {"ok"}
    by_policy = {
        policy: dict(zip(group["outcome"], group["probability"], strict=True))
        for policy, group in rows.groupby("retreat_policy")
    }
    assert by_policy["prefer:North Sea"] == pytest.approx(by_policy["prefer:Algiers"], abs=1e-12)
    assert by_policy["prefer:Irish Sea,North Sea"] == pytest.approx(
        by_policy["prefer:Algiers"], abs=1e-12
    )
    # A variant answered alone says what the move did instead.
    move = load_naval_move("barbary_coast", retreat_policy="prefer:North Sea")
    passed, instead = move.notes
    assert "North Sea is not adjacent to Barbary Coast" in passed
    assert "the mover (ottoman) retreats to Algiers" in instead
    frame = oe.exact(move).states_frame()
    retreated = frame[(frame["outcome"] == "mover_retreats") & (frame["probability"] > 0)]
    assert {end.split(":")[0] for end in retreated["mover_end"]} == {"Algiers"}


def test_a_plan_course_whose_list_no_retreat_reaches(tmp_path, capsys):
    scenario(tmp_path, "linz", LINZ.replace("prefer:Salzburg", "most-friendly"))
    plan = tmp_path / "plan.toml"
    plan.write_text(
        '[plan]\nhorizon = 1\nside = "attacker"\nscenario = "linz.toml"\n\n'
        '[[course]]\nname = "nowhere to go"\nretreat = "prefer:Graz"\n\n'
        '[[course]]\nname = "default"\n'
    )
    status, out, err = run_cli(capsys, "plan", str(plan), "--format", "json")
    assert status == 0, err
    answer = json.loads(out)
    passed, instead = answer["notes"]
    assert passed.startswith("course 'nowhere to go': retreat prefer:Graz: Graz passed over")
    assert "hapsburg retreats to Prague" in instead


# -- only a name that is no space is refused ------------------------------------------------


def test_a_name_of_no_space_is_refused(tmp_path, capsys):
    path = scenario(tmp_path, "linz", LINZ)
    refused(capsys, ["move", path, "--retreat", "prefer:Atlantis"], ["unknown space 'Atlantis'"])
    refused(
        capsys,
        ["naval-move", "barbary_coast", "--retreat", "prefer:Tunis,Atlantis"],
        ["unknown space 'Atlantis'"],
    )
    with pytest.raises(oe.OddsEngineError, match="unknown space 'Atlantis'"):
        load_move(path, retreat_policy="prefer:Salzburg,Atlantis")

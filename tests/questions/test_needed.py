"""The force needed: the search against brute force, against hand-computed odds, refusals
and targets no legal force reaches."""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest

import oddsengine as oe
from oddsengine.cli import main
from oddsengine.kinds import KINDS, NEEDED_KINDS, NeededKind
from oddsengine.questions.needed import find_kind


def brute_force(build, values, event, target):
    """Every value, answered on its own; the smallest reaching the target."""
    chances = {}
    for value in values:
        try:
            spec = build(value)
        except oe.OddsEngineError:
            chances[value] = None
            continue
        chances[value] = event(spec)
    for value in values:
        if chances[value] is not None and chances[value] >= target - 1e-12:
            below = chances.get(value - 1)
            return value, chances[value], below
    return None, None, None


ASSAULT_CASES = [
    ("?R Suleiman", "hapsburg: {}R", 0.5),
    ("?R Suleiman", "hapsburg: {}R Ferdinand", 0.75),
    ("?R L1", "hapsburg: {}R", 0.6),
    ("?M", "hapsburg: {}R", 0.4),
]


@pytest.mark.parametrize("attacker, defender, target", ASSAULT_CASES)
@pytest.mark.parametrize("garrison", [0, 1, 2, 3, 4])
def test_assault_search_matches_brute_force(attacker, defender, target, garrison):
    defender = defender.format(garrison)
    answer = oe.needed("assault", attacker=attacker, defender=defender, target=target)
    expected = brute_force(
        lambda n: oe.Assault(attacker.replace("?", str(n)), defender),
        range(0, 31),
        lambda spec: oe.exact(spec).p["success"],
        target,
    )
    assert (answer.value, answer.p, answer.p_below) == expected


@pytest.mark.parametrize("target", [0.1, 0.3, 0.45, 0.5])
def test_battle_rating_search_matches_brute_force(target):
    answer = oe.needed("battle", attacker="8R L?", defender="hapsburg: 8R", target=target)
    expected = brute_force(
        lambda rating: oe.FieldBattle(f"8R L{rating}", "hapsburg: 8R"),
        range(0, 3),
        lambda spec: oe.exact(spec).p["attacker_wins"],
        target,
    )
    assert (answer.value, answer.p, answer.p_below) == expected


@pytest.mark.parametrize("target", [0.3, 0.6, 0.9])
def test_defender_search_matches_brute_force(target):
    # The side holding the '?' is the defender: by default it wants to win.
    answer = oe.needed("battle", attacker="7R 1C Suleiman", defender="hapsburg: ?R", target=target)
    expected = brute_force(
        lambda n: oe.FieldBattle("7R 1C Suleiman", f"hapsburg: {n}R"),
        range(0, 31),
        lambda spec: oe.exact(spec).p["defender_wins"],
        target,
    )
    assert answer.event == "defender_wins"
    assert (answer.value, answer.p, answer.p_below) == expected


@pytest.mark.slow
@pytest.mark.parametrize("within", [1, 2, 3])
def test_siege_search_matches_brute_force(within):
    answer = oe.needed(
        "siege", besiegers="?R Suleiman", garrison="hapsburg: 3R", target=0.7, within=within
    )
    expected = brute_force(
        lambda n: oe.SiegeCampaign(f"{n}R Suleiman", "hapsburg: 3R", horizon=within),
        range(0, 31),
        lambda campaign: float(oe.exact_campaign(campaign).taken_by[-1]),
        0.7,
    )
    assert (answer.value, answer.p, answer.p_below) == expected


def test_garrison_search_for_holding_matches_brute_force():
    answer = oe.needed(
        "siege", besiegers="9R Suleiman", garrison="hapsburg: ?R Ferdinand", target=0.5, within=2
    )
    expected = brute_force(
        lambda n: oe.SiegeCampaign("9R Suleiman", f"hapsburg: {n}R Ferdinand", horizon=2),
        range(0, 31),
        lambda campaign: 1 - float(oe.exact_campaign(campaign).taken_by[-1]),
        0.5,
    )
    assert answer.event == "held"
    assert (answer.value, answer.p, answer.p_below) == expected


@pytest.mark.slow
def test_move_search_matches_the_move_engine_run_separately():
    from dataclasses import replace

    answer = oe.needed(
        "move",
        scenario="vienna",
        stacks={"Graz": "hapsburg: ?R Charles V"},
        target=0.6,
        within=1,
        max_units=10,
    )
    assert answer.event == "held"

    def held(n):
        move = oe.load_move("vienna")
        stacks = tuple(
            oe.Stack("Graz", f"hapsburg: {n}R Charles V") if stack.space == "Graz" else stack
            for stack in move.situation.stacks
        )
        move = replace(move, situation=replace(move.situation, stacks=stacks))
        siege = oe.exact_campaign(oe.SiegeCampaign.from_move(move, horizon=1))
        return 1 - oe.exact(move).p["mover_in_control"] - float(siege.taken_by[-1])

    values = [c.value for c in answer.candidates if c.legal]
    for value in values:
        assert answer.candidates[value].p == pytest.approx(held(value), abs=1e-12)
    chances = {value: held(value) for value in values}
    first = min(value for value in values if chances[value] >= 0.6)
    assert answer.value == first


# -- hand-computed values (RULES.md §7 and §10: hits are Binomial(dice, 1/3)) ------------


def test_assault_needed_by_hand():
    # Against 1 regular: the garrison rolls 1 + 1 = 2 dice (15.1 step 4). 2 regulars roll
    # 1 die (one per two, rounded up): success needs the hit and a survivor, so not both
    # defender dice hitting: 1/3 * 8/9 = 8/27. 3 regulars roll 2 dice and always survive:
    # 1 - (2/3)^2 = 5/9. 4 regulars still roll 2 dice; 5 roll 3: 1 - 8/27 = 19/27.
    answer = oe.needed("assault", attacker="?R", defender="hapsburg: 1R", target=0.5)
    assert answer.value == 3
    assert answer.p == pytest.approx(float(Fraction(5, 9)), abs=1e-12)
    assert answer.p_below == pytest.approx(float(Fraction(8, 27)), abs=1e-12)
    # Without a leader a formation holds 4 land units (5.1): a larger besieging stack
    # assaults with 4 of them (2 dice), so no count of regulars reaches 60%.
    answer = oe.needed("assault", attacker="?R", defender="hapsburg: 1R", target=0.6)
    assert answer.value is None and "the best is 3R" in answer.sentence()
    # The plateau: 4 regulars add nothing over 3 (an even count adds no die); an
    # anonymous leader of rating 0 adds no die and no check of the command limit.
    answer = oe.needed("assault", attacker="?R L0", defender="hapsburg: 1R", target=0.6)
    assert answer.value == 5
    assert answer.p == pytest.approx(float(Fraction(19, 27)), abs=1e-12)
    assert answer.p_below == pytest.approx(float(Fraction(5, 9)), abs=1e-12)
    # One step below 2 regulars is refused (1 does not outnumber the garrison, 15).
    answer = oe.needed("assault", attacker="?R", defender="hapsburg: 1R", target=0.2)
    assert (answer.value, answer.p_below) == (2, None)
    assert answer.p == pytest.approx(float(Fraction(8, 27)), abs=1e-12)


def test_battle_rating_needed_by_hand():
    # 1 regular with a leader of rating r rolls 1 + r dice; the defender 1 + 1 = 2 (14).
    # r = 1: P(2 dice beat 2 dice) = 4/9 * 4/9 + 1/9 * 8/9 = 8/27.
    # r = 2: P(3 dice beat 2 dice) = 12/27 * 4/9 + 6/27 * 8/9 + 1/27 = 35/81.
    answer = oe.needed("battle", attacker="1R L?", defender="hapsburg: 1R", target=0.3)
    assert answer.value == 2
    assert answer.p == pytest.approx(float(Fraction(35, 81)), abs=1e-12)
    assert answer.p_below == pytest.approx(float(Fraction(8, 27)), abs=1e-12)


def test_siege_needed_by_hand():
    # 3 regulars against 1 (no leaders), two impulses. Impulse 1: 2 dice against 2;
    # taken with 5/9. Otherwise (4/9) the garrison's hits leave 3 (4/9) or 2 (4/9)
    # besiegers, or 1 (1/9: the siege breaks, 15.3). Impulse 2: 3 regulars take it with
    # 5/9, 2 regulars with 1/3 * 8/9 = 8/27.
    # P = 5/9 + 4/9 * (4/9 * 5/9 + 4/9 * 8/27) = 1583/2187.
    # 2 regulars: 8/27, then after a miss and no hit (2/3 * 4/9) 8/27 again = 280/729.
    answer = oe.needed("siege", besiegers="?R", garrison="hapsburg: 1R", target=0.7, within=2)
    assert answer.value == 3
    assert answer.p == pytest.approx(float(Fraction(1583, 2187)), abs=1e-12)
    assert answer.p_below == pytest.approx(float(Fraction(280, 729)), abs=1e-12)


# -- unreachable targets and refusals ---------------------------------------------------


def test_no_legal_force_reaches_the_target():
    # 12 regulars is Suleiman's command limit (5.1): a larger stack assaults with 12 of
    # them (6 dice + 2), no better than 11 (15.1 step 3), so nothing reaches 50%.
    answer = oe.needed("assault", attacker="?R Suleiman", defender="hapsburg: 4R", target=0.5)
    assert (answer.value, answer.p, answer.p_below) == (None, None, None)
    sentence = answer.sentence()
    assert sentence.startswith("no legal force reaches the target of 50%")
    assert "the best is 11R Suleiman" in sentence
    assert answer.to_dict()["value"] is None
    # A battle rating stops at 2.
    answer = oe.needed("battle", attacker="8R L?", defender="hapsburg: 8R", target=0.5)
    assert answer.value is None and "at most 2" in answer.sentence()


def test_garrison_limit_bounds_the_search():
    # A fortified space holds at most 4 land units (13.4): 5 and more are refused.
    answer = oe.needed("assault", attacker="12R Suleiman", defender="hapsburg: ?R", target=0.99)
    assert answer.event == "held"
    assert max(c.value for c in answer.candidates if c.legal) == 4
    assert answer.value is None


@pytest.mark.parametrize(
    "arguments, message",
    [
        ({"attacker": "8R", "defender": "2R"}, "no '?'"),
        ({"attacker": "?R", "defender": "?R"}, "one '?' only"),
        ({"attacker": "?X", "defender": "2R"}, "cannot read '?X'"),
        ({"attacker": "?R", "defender": "2R", "within": 2}, "takes no 'within'"),
        ({"attacker": "?R", "defender": "2R", "event": "nothing"}, "unknown event"),
        ({"attacker": "?R", "defender": "2R", "target": 1.5}, "target must be"),
        ({"attacker": "?R", "defender": "2R", "target": 0}, "target must be"),
    ],
)
def test_malformed_questions_are_refused(arguments, message):
    arguments = {"target": 0.5, **arguments}
    with pytest.raises(oe.OddsEngineError, match=re.escape(message)):
        oe.needed("assault", **arguments)


def test_unknown_kind_and_missing_within_are_refused():
    # Naval battles and foreign wars are kinds now (tests/questions/test_needed_naval_and_wars.py).
    with pytest.raises(oe.OddsEngineError, match="unknown kind 'piracy'"):
        oe.needed("piracy", attacker="?R", defender="1R", target=0.5)
    with pytest.raises(oe.OddsEngineError, match=re.escape("write the unknown as ?Sq, ?Co")):
        oe.needed("naval", attacker="?R", defender="1R", target=0.5)
    with pytest.raises(oe.OddsEngineError, match="give within"):
        oe.needed("siege", besiegers="?R", garrison="hapsburg: 1R", target=0.5)


def test_a_new_kind_plugs_in_through_the_registry():
    # A kind is a record: the search reads the roles, builder and events from it.
    find_kind("battle")
    coin = NeededKind(
        ("side",),
        {"r": "regulars"},
        lambda forces, within: oe.parse_force(forces["side"]).regulars,
        lambda n, method, precision, seed: {"heads": 1 - 0.5**n},
        lambda question, role, within: "heads",
    )
    # One registry: the kind's record carries its force-needed record.
    oe.register_kind("coin-test", oe.FieldBattle, sweep=False, rule="a test", needed=coin)
    try:
        assert NEEDED_KINDS["coin-test"].rule == "a test"
        answer = oe.needed("coin-test", side="?R", target=0.9)
        assert (answer.value, answer.p, answer.p_below) == (4, 0.9375, 0.875)
    finally:
        del KINDS["coin-test"]
    assert "coin-test" not in NEEDED_KINDS


def test_monte_carlo_search_says_so_and_is_near_exact():
    answer = oe.needed(
        "assault",
        attacker="?R",
        defender="hapsburg: 1R",
        target=0.5,
        method="monte-carlo",
        precision=0.01,
        seed=5,
        max_units=6,
    )
    assert answer.method == "monte-carlo" and answer.seed == 5
    assert answer.value == 3
    assert abs(answer.p - 5 / 9) < 0.02


# -- tables -----------------------------------------------------------------------------


def test_table_matches_single_answers():
    table = oe.needed_table(
        "assault", attacker="?R Suleiman", defender="hapsburg: 1..3R", targets="0.5,0.75"
    )
    for garrison in (1, 2, 3):
        for target in (0.5, 0.75):
            answer = oe.needed(
                "assault",
                attacker="?R Suleiman",
                defender=f"hapsburg: {garrison}R",
                target=target,
            )
            cell = table.values.loc[f"hapsburg: {garrison}R", target]
            assert (None if cell is oe_na() else int(cell)) == answer.value
    assert table.to_csv().splitlines()[0] == "defender,0.5,0.75"
    assert "hapsburg: 3R,11," in table.to_csv()
    for format in ("markdown", "html", "latex", "bbcode", "csv"):
        assert "hapsburg: 2R" in table.render(format)


def oe_na():
    import pandas as pd

    return pd.NA


def test_table_needs_exactly_one_range():
    with pytest.raises(oe.OddsEngineError, match="exactly one force with a range"):
        oe.needed_table("assault", attacker="?R", defender="hapsburg: 1R", targets=[0.5])


# -- command line -----------------------------------------------------------------------


def test_cli_needed_json(capsys):
    status = main(
        [
            "needed",
            "assault",
            "--attacker",
            "?R",
            "--defender",
            "hapsburg: 1R",
            "--target",
            "50%",
            "--format",
            "json",
        ]
    )
    payload = json.loads(capsys.readouterr().out)
    assert status == 0
    assert payload["value"] == 3 and payload["method"] == "exact"
    assert payload["p"] == pytest.approx(5 / 9) and payload["p_below"] == pytest.approx(8 / 27)


def test_cli_needed_unreachable_exits_zero(capsys):
    status = main(
        [
            "needed",
            "assault",
            "--attacker",
            "?R Suleiman",
            "--defender",
            "hapsburg: 4R",
            "--target",
            "0.5",
            "--format",
            "json",
        ]
    )
    payload = json.loads(capsys.readouterr().out)
    assert status == 0 and payload["value"] is None
    assert payload["message"].startswith("no legal force reaches the target")


def test_cli_needed_refusal_is_one_line(capsys):
    status = main(["needed", "battle", "--besiegers", "?R", "--defender", "1R", "--target", "0.5"])
    error = capsys.readouterr().err
    assert status == 2
    assert error.count("\n") == 1 and "takes no --besiegers" in error


def test_cli_needed_table(capsys):
    status = main(
        [
            "needed",
            "assault",
            "--attacker",
            "?R Suleiman",
            "--defender",
            "hapsburg: 1..2R",
            "--targets",
            "0.5,0.75",
            "--format",
            "markdown",
        ]
    )
    out = capsys.readouterr().out
    assert status == 0
    assert "| hapsburg: 2R | 5 | 11 |" in out


@pytest.mark.slow
def test_cli_needed_move(capsys):
    status = main(
        [
            "needed",
            "move",
            "vienna",
            "--stack",
            "Pressburg=?R 1C Suleiman Ibrahim",
            "--target",
            "0.6",
            "--within",
            "2",
            "--format",
            "json",
        ]
    )
    payload = json.loads(capsys.readouterr().out)
    assert status == 0 and payload["event"] == "taken"
    assert payload["force"] == "9R 1C Suleiman Ibrahim"


def test_refusals_met_while_playing_out_are_refusals_of_the_candidate():
    # Reinforcements join before each assault from the second on; they move in as one
    # formation, so without a leader at most 4 regulars a time (5.1). (A besieging stack
    # may grow past Suleiman's limit of 12: 12 of it assault, RULES.md §1.)
    answer = oe.needed(
        "siege",
        besiegers="7R Suleiman",
        garrison="hapsburg: 4R Ferdinand",
        reinforcements="?R",
        within=3,
        target=0.8,
    )
    assert answer.value == 2
    refused = [c for c in answer.candidates if not c.legal]
    assert refused[0].value == 5 and "command capacity 4" in refused[0].refusal


@pytest.mark.slow
def test_move_default_events_by_side():
    # Vienna is fortified: the mover wants a siege at the end of the move; the other
    # stacks want it repelled (neither controlled nor besieged by the mover).
    mover = oe.needed(
        "move",
        scenario="vienna",
        stacks={"Pressburg": "?R 1C Suleiman Ibrahim"},
        target=0.5,
        max_units=8,
    )
    assert mover.event == "besieging"
    interceptors = oe.needed(
        "move",
        scenario="vienna",
        stacks={"Graz": "hapsburg: ?R Charles V"},
        target=0.3,
    )
    assert interceptors.event == "repelled"
    move = oe.load_move("vienna")
    result = oe.exact(move)
    repelled = 1 - result.p["mover_in_control"] - result.p["besieging"]
    assert interceptors.candidates[8].p == pytest.approx(repelled, abs=1e-12)


def test_a_misspelled_kind_is_refused_with_the_closest_kind():
    with pytest.raises(oe.OddsEngineError, match=r"unknown kind 'sieg'; did you mean 'siege'\?"):
        oe.needed("sieg", besiegers="?R", garrison="2R", target=0.5)


def test_every_reason_of_an_answer_no_value_makes_legal_is_shown():
    # Tercios (card 30) for an Ottoman attacker against 2 Hapsburg regulars: refused for
    # 1-4 regulars (it needs Hapsburg units on the playing side, or 3 Hapsburg regulars on
    # the other), 5 and more cannot move as one formation, 0 has no land units. The card
    # used to hide behind the last value's reason, and the table said 0-30 had no units.
    answer = oe.needed(
        "battle", attacker="?R", defender="hapsburg: 2R", target=0.5, attacker_cards=["tercios"]
    )
    assert answer.value is None
    lines = answer.summary().splitlines()
    refused = [line for line in lines if line.startswith("refused ")]
    assert [line.split(":")[0] for line in refused] == ["refused 0", "refused 1-4", "refused 5-30"]
    assert "Tercios cannot be played by the attacker" in refused[1]
    assert "1-4: Tercios cannot be played" in answer.sentence()


@pytest.mark.parametrize(
    "kind, forces, card, words",
    [
        # RULES.md §8: Janissaries are a field-battle card (1), Siege Mining an assault's
        # (28). Small counts are refused for their forces first (no land units, no siege),
        # which used to leave the answer "no legal force" (exit 0).
        ("assault", {"attacker": "?R", "defender": "2R"}, "janissaries",
         "Janissaries cannot be played in an assault"),
        ("battle", {"attacker": "?R", "defender": "hapsburg: 2R"}, "siege-mining",
         "Siege Mining cannot be played in a field battle"),
    ],
)  # fmt: skip
def test_a_card_the_kind_never_plays_refuses_the_question(kind, forces, card, words):
    with pytest.raises(oe.OddsEngineError, match=f"needed {kind}: {words}"):
        oe.needed(kind, target=0.5, attacker_cards=[card], **forces)


def test_equal_chances_are_one_row_of_the_text_and_every_candidate_stays_in_json(capsys):
    # Suleiman's command rating is 12 (5.1), so at most 12 land units assault; from 11
    # regulars on the assault rolls ceil(11/2) = ceil(12/2) = 6 dice + 2 for Suleiman = 8
    # (15.1), and succeeds on 4 hits or more against 4R:
    # P = (C(8,4) 2^4 + C(8,5) 2^3 + C(8,6) 2^2 + C(8,7) 2 + 1) / 3^8
    #   = (1120 + 448 + 112 + 16 + 1) / 6561 = 1697/6561 = 25.86% for every value 11..30.
    # 7R and 8R (4 + 2 = 6 dice, 10.01%) are a pair: two rows.
    argv = ["needed", "assault", "--attacker", "?R Suleiman", "--defender", "hapsburg: 4R",
            "--target", "0.2"]  # fmt: skip
    assert main(argv) == 0
    text = capsys.readouterr().out
    rows = [line for line in text.splitlines() if re.match(r"^ +\d", line)]
    assert rows[-1] == " 11-30     25.86%  11..30R Suleiman  <- needed"
    assert "     7     10.01%  7R Suleiman" in rows and "     8     10.01%  8R Suleiman" in rows
    assert len(rows) == 7  # 5, 6, 7, 8, 9, 10 and 11-30
    assert main([*argv, "--format", "json"]) == 0
    candidates = json.loads(capsys.readouterr().out)["candidates"]
    assert [c["value"] for c in candidates] == list(range(31))
    assert [c["p"] for c in candidates[11:]] == [pytest.approx(1697 / 6561, abs=1e-15)] * 20


def test_the_value_needed_starts_a_row_of_its_own():
    from oddsengine.questions._candidate_rows import chance_rows
    from oddsengine.questions.needed import Candidate, Unknown

    unknown = Unknown("attacker", "L?", "rating", "")
    candidates = [Candidate(0, "hapsburg: 4R L0", None, "refused here")] + [
        Candidate(value, f"hapsburg: 4R L{value}", 0.5) for value in (1, 2, 3, 4, 5)
    ]
    rows = chance_rows(candidates, 3, unknown)
    assert rows == [
        "     1     50.00%  hapsburg: 4R L1",
        "     2     50.00%  hapsburg: 4R L2",
        "   3-5     50.00%  hapsburg: 4R L3..5  <- needed",
    ]
    # A refused value between equal chances ends the run.
    candidates[3] = Candidate(3, "hapsburg: 4R L3", None, "refused")
    assert [row.split()[0] for row in chance_rows(candidates, None, unknown)] == [
        "1", "2", "4", "5"]  # fmt: skip

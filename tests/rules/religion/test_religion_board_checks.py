"""Impossible questions of the religious struggle refused, checked once against the board's
turn, reformers, committed debaters and spaces, for every face (issue 38): the command
line (one line naming the problem, exit 2, nothing written), Python, sweeps and the
explorer's offers. And a run's order as a standing order: accepted whatever the board,
its unusable entries and what the run did instead said in the notes."""

import json
from fractions import Fraction
from importlib.resources import files

import pytest
from conftest import refused, run_cli

import oddsengine as oe
from oddsengine.errors import OddsEngineError
from oddsengine.religion.attempt_runs import AttemptRun
from oddsengine.religion.board_attempt import board_attempt
from oddsengine.religion.debate import Debate
from oddsengine.religion.diet import DietOfWorms
from oddsengine.religion.religion_scenario import load_religious_board
from oddsengine.religion.religious_board import ReligiousBoard, religion_1517_board


def _file(tmp_path, text, name="board.toml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.fixture
def turn_two(tmp_path):
    """Wittenberg Protestant (its regulars placed), Luther there, turn 2."""
    return _file(
        tmp_path,
        '[religion]\nturn = 2\nprotestant = ["Wittenberg"]\nreformers = ["Luther"]\n'
        '[[stack]]\nspace = "Wittenberg"\nforce = "protestant: 2R"\n',
    )


# -- a source checked against the board's turn, reformers and debaters (§19) -------------


@pytest.mark.parametrize(
    "source, words",
    [
        ("calvin", ["calvin commits Calvin", "enters on turn 4", "turn 1"]),
        ("marburg-colloquy:Luther,Zwingli", ["Zwingli", "enters on turn 2"]),
        ("english-treatise", ["needs Cranmer on the map", "--reformer Cranmer"]),
        ("caraffa", ["Caraffa", "enters on turn 5"]),
    ],
)
def test_a_source_the_board_does_not_allow_is_refused(capsys, source, words):
    refused(capsys, ["attempts", "religion_1517", "--source", source], words)
    with pytest.raises(OddsEngineError, match=words[0]):
        AttemptRun(religion_1517_board(), source)


def test_the_english_treatise_answers_with_cranmer_on_the_map(capsys):
    status, out, err = run_cli(
        capsys, "attempts", "religion_1517", "--source", "english-treatise", "--reformer",
        "Cranmer", "--format", "json",
    )  # fmt: skip
    assert status == 0, err


def test_the_95_theses_only_on_turn_1(capsys, turn_two):
    refused(capsys, ["attempts", turn_two, "--source", "95-theses"], ["turn 1 only", "turn 2"])
    refused(
        capsys,
        ["reformation", turn_two, "--space", "Leipzig", "--source", "95-theses"],
        ["95-theses is played on turn 1 only"],
    )


def test_a_committed_source_debater_has_no_bonus_left(capsys, tmp_path):
    board = _file(tmp_path, '[religion]\nprotestant = ["Wittenberg"]\ncommitted = ["Carlstadt"]\n')
    refused(capsys, ["attempts", board, "--source", "carlstadt"], ["committed already"])


# -- the default source of one attempt: legal on that board, said in help and output -----


def test_reformation_without_a_source_takes_the_board_s_default(capsys, turn_two):
    status, out, err = run_cli(capsys, "reformation", "religion_1517", "--space", "Brandenburg")
    assert status == 0, err
    assert "Source: 95-theses, the default (none named)" in out
    status, out, err = run_cli(capsys, "reformation", turn_two, "--space", "Leipzig")
    assert status == 0, err
    assert "(treatise:german)" in out.splitlines()[0]
    assert "Source: treatise:german, the default (none named)" in out
    status, out, err = run_cli(
        capsys, "reformation", turn_two, "--space", "Leipzig", "--exact", "--format", "json"
    )
    spec = json.loads(out)["spec"]
    assert spec["source"] == "treatise:german" and spec["default_source"] is True
    # §17 on Leipzig, turn 2, a German treatise (no bonus die): Protestant = Wittenberg,
    # Luther and the stack there = 3; Papal = Erfurt, Nuremberg, Prague (the file has no
    # other stack) = 3; Protestant ties (German zone). P = sum_k P(max3 = k) (k/6)^3 =
    # sum (k^3 - (k-1)^3) k^3 / 6^6 = (1 + 7*8 + 19*27 + 37*64 + 61*125 + 91*216) / 46656.
    by_hand = Fraction(1 + 7 * 8 + 19 * 27 + 37 * 64 + 61 * 125 + 91 * 216, 6**6)
    assert json.loads(out)["p"]["success"] == pytest.approx(float(by_hand), rel=1e-12)


@pytest.mark.parametrize("command", ["reformation", "counter-reformation"])
def test_the_help_states_the_default_source(capsys, command):
    with pytest.raises(SystemExit):
        oe_main([command, "--help"])
    out = capsys.readouterr().out
    assert "default" in out and ("treatise:german" in out or "burn-books:german" in out)


def oe_main(argv):
    from oddsengine.cli import main

    return main(argv)


def test_a_sweep_takes_the_same_default(turn_two):
    from oddsengine.religion.attempt_scenarios import ReformationScenario

    assert ReformationScenario(turn_two, "Leipzig").attempt.source == "treatise:german"
    assert ReformationScenario("religion_1517", "Leipzig").attempt.source == "95-theses"


# -- an objective the run cannot give -----------------------------------------------------


@pytest.mark.parametrize(
    "objective, words",
    [
        ("space:Istanbul", ["Istanbul", "outside the religious struggle"]),
        ("space:Wittenberg", ["Wittenberg is Protestant already"]),
        ("space:Madrid", ["Madrid is out of reach of the 5 attempts of 95-theses"]),
    ],
)
def test_an_objective_the_run_cannot_give_is_refused(capsys, objective, words):
    refused(
        capsys,
        ["attempts", "religion_1517", "--source", "95-theses", "--objective", objective],
        ["objective", *words],
    )


def test_more_flips_than_the_run_can_reach_is_refused(capsys, tmp_path):
    # Burn Books turns Protestant spaces back (§18); on a 1517 board where no space is
    # Protestant its 2 attempts can reach no space, and a chance of 1 flip or more is no
    # question.
    board = religion_1517_board(protestant=())
    assert AttemptRun(board, "burn-books:german").model.reach(2) == set()
    with pytest.raises(OddsEngineError, match="can reach no space on this board"):
        AttemptRun(board, "burn-books:german", objective="at-least:1")
    text = (files("oddsengine.examples") / "religion_1517.toml").read_text()
    scenario = _file(tmp_path, text.replace('protestant = ["Wittenberg"]', "protestant = []"))
    refused(
        capsys,
        ["attempts", str(scenario), "--source", "burn-books:german", "--objective",
         "at-least:1"],
        ["objective at-least:1", "can reach no space", "no flip is possible"],
    )  # fmt: skip


def test_the_book_of_common_prayer_needs_cranmer_in_play_and_uncommitted(capsys):
    # RULES.md §28.1: Book of Common Prayer "Needs Cranmer uncommitted ... Cranmer is
    # committed". On the 1517 board Cranmer is not on the map (he enters with the English
    # Reformation, §24): the card cannot be played.
    refused(capsys, ["attempts", "religion_1517", "--source", "book-of-common-prayer"],
            ["book-of-common-prayer commits Cranmer", "not on the map",
             "the card cannot be played yet"])  # fmt: skip
    with pytest.raises(OddsEngineError, match="commits Cranmer, who is not on the map"):
        AttemptRun(religion_1517_board(), "book-of-common-prayer")
    placed = {"Luther": "Wittenberg", "Cranmer": "London"}
    with pytest.raises(OddsEngineError, match="Cranmer, who is committed already"):
        AttemptRun(religion_1517_board(reformers=placed, committed=("Cranmer",)),
                   "book-of-common-prayer")  # fmt: skip
    # With Cranmer on the map and uncommitted the card is played: London, his space, is
    # eligible (§17 step 1).
    run = AttemptRun(religion_1517_board(reformers=placed), "book-of-common-prayer")
    assert run.source.debaters == ("Cranmer",)
    assert "London" in {run.model.names[i] for i in run.model.reach(4)}


# -- debaters named twice, committed out of play, boards that cannot be -------------------


def test_a_debater_committed_twice_is_refused(capsys, tmp_path):
    refused(
        capsys,
        ["debate", "religion_1517", "--zone", "german", "--initiator", "papacy",
         "--committed", "Carlstadt,Carlstadt"],
        ["Carlstadt is named twice"],
    )  # fmt: skip
    board = _file(tmp_path, '[religion]\ncommitted = ["Carlstadt", "Carlstadt"]\n')
    refused(capsys, ["attempts", board, "--source", "treatise:german"], ["listed twice"])
    refused(
        capsys,
        ["debate", "--turn", "1", "--zone", "german", "--initiator", "papacy",
         "--debaters", "Eck,Eck,Luther"],
        ["Eck is named twice"],
    )  # fmt: skip
    with pytest.raises(OddsEngineError, match="committed already on the board"):
        board_file = load_religious_board(
            _file(tmp_path, '[religion]\ncommitted = ["Carlstadt"]\n', "committed.toml")
        )
        Debate.on_board(board_file, "german", "papacy", committed="Carlstadt")


@pytest.mark.parametrize(
    "argv",
    [
        ["attempts", "BOARD", "--source", "treatise:german"],
        ["reformation", "BOARD", "--space", "Leipzig"],
        ["diet", "BOARD", "--protestant-cp", "1", "--papal-cp", "1", "--hapsburg-cp", "1"],
        ["debate", "BOARD", "--zone", "german", "--initiator", "papacy"],
    ],
)
def test_a_committed_debater_not_in_play_is_refused_by_every_command(capsys, tmp_path, argv):
    board = _file(tmp_path, '[religion]\nprotestant = ["Wittenberg"]\ncommitted = ["Calvin"]\n')
    argv = [board if word == "BOARD" else word for word in argv]
    refused(capsys, argv, ["Calvin is not in play", "enters on turn 4"])


def test_cranmer_s_group_is_in_play_with_cranmer_on_the_map():
    with pytest.raises(OddsEngineError, match="Latimer is not in play: he enters with Cranmer"):
        ReligiousBoard(committed=["Latimer"], turn=5)
    board = ReligiousBoard(committed=["Latimer"], turn=5, reformers={"Cranmer": "London"})
    assert board.committed == ("Latimer",)


def test_a_protestant_electorate_with_its_regulars_on_the_display_is_refused(capsys, tmp_path):
    board = _file(
        tmp_path,
        '[religion]\nprotestant = ["Wittenberg"]\nelectorate_display = ["Wittenberg"]\n',
    )
    refused(
        capsys,
        ["attempts", board, "--source", "treatise:german"],
        ["Wittenberg is Protestant", "regulars", "display"],
    )
    # After the Schmalkaldic League no regulars arrive: the display says nothing then.
    league = ReligiousBoard(
        protestant=["Wittenberg"], electorate_display=["Wittenberg"], schmalkaldic_league=True
    )
    assert league.electorate_display == ("Wittenberg",)


def test_a_what_if_protestant_electorate_gets_its_regulars(capsys):
    # 16: Mainz's first conversion places its regular (the Electorate display: 1). §17 on
    # Worms with a German treatise: Protestant = Mainz 1 + its stack 1 = 2; Papal =
    # Augsburg, Nuremberg, Strasburg = 3; Protestant ties. P = sum_k (2k - 1)/36 (k/6)^3 =
    # (1 + 3*8 + 5*27 + 7*64 + 9*125 + 11*216) / 7776 = 4109/7776 (1 v 3 without the
    # regular: 441/1296).
    board = load_religious_board("religion_1517", protestant=["Mainz"])
    assert "Mainz" not in board.electorate_display and board.has_stack("Mainz", "protestant")
    attempt = board_attempt(board, "Worms", "treatise:german")
    assert (attempt.protestant_dice, attempt.papal_dice) == (2, 3)
    assert attempt.success_fraction == Fraction(4109, 7776)
    status, out, err = run_cli(
        capsys, "reformation", "religion_1517", "--protestant", "Mainz", "--space", "Worms",
        "--source", "treatise:german", "--exact", "--format", "json",
    )  # fmt: skip
    assert status == 0, err
    assert json.loads(out)["p"]["success"] == pytest.approx(4109 / 7776, rel=1e-12)


def test_a_space_both_protestant_and_catholic_is_refused():
    with pytest.raises(OddsEngineError, match="a space is one or the other"):
        DietOfWorms(1, 1, 1, protestant_spaces=["Leipzig"], catholic_spaces=["Leipzig"])
    with pytest.raises(OddsEngineError, match="a space is one or the other"):
        Debate("german", "papacy", 1, protestant_spaces=["Erfurt"], catholic_spaces=["Erfurt"])


# -- empty names are refused, not read as "not given" -------------------------------------


@pytest.mark.parametrize(
    "argv, words",
    [
        (["reformation", "--protestant-dice", "2", "--papal-dice", "2", "--debater", ""],
         ["--debater", "an empty name"]),
        (["attempts", "religion_1517", "--source", "treatise:german", "--debater", ""],
         ["--debater", "an empty name"]),
        (["reformation", "religion_1517", "--space", ""], ["--space", "an empty name"]),
        (["reformation", "religion_1517", "--space", "Leipzig", "--source", " "],
         ["--source", "an empty name"]),
        (["voyage", "--power", "england", "--explorer", ""], ["--explorer", "an empty name"]),
        (["voyage", "--power", "england,"], ["--power", "an empty name"]),
        (["voyage", "--power", "england,,france"], ["--power", "an empty name"]),
        (["conquest", "--power", "hapsburg", "--conquistador", ""],
         ["--conquistador", "an empty name"]),
        (["debate", "--turn", "1", "--zone", "german", "--initiator", "papacy", "--bar", ""],
         ["--bar", "an empty name"]),
        (["debate", "--turn", "1", "--zone", "german", "--initiator", "papacy",
          "--committed", "Carlstadt,"], ["--committed", "an empty name"]),
    ],
)  # fmt: skip
def test_an_empty_name_is_refused(capsys, argv, words):
    refused(capsys, argv, words)


def test_an_empty_name_in_a_list_is_refused_in_python():
    from oddsengine.religion.voyage import Voyage

    with pytest.raises(OddsEngineError, match="an empty name"):
        Voyage("france", removed="Cartier,")
    with pytest.raises(OddsEngineError, match="an empty name"):
        _attempts_scenario(protestant="Leipzig,")
    assert Voyage("france", removed="").removed == ()  # "": none, as a sweep grid writes it


def _attempts_scenario(**changes):
    from oddsengine.religion.attempt_scenarios import AttemptsScenario

    return AttemptsScenario("religion_1517", "treatise:german", **changes)


# -- a table a religion scenario does not read --------------------------------------------


@pytest.mark.parametrize("table", ["naval_move", "move"])
def test_a_move_table_in_a_religion_scenario_is_refused(capsys, tmp_path, table):
    board = _file(
        tmp_path,
        f'[religion]\nprotestant = ["Wittenberg"]\n[{table}]\nfrom = "Genoa"\n'
        'to = "Ligurian Sea"\n',
    )
    refused(capsys, ["attempts", board, "--source", "treatise:german"], [f"[{table}]", "drop"])


# -- the explorer offers only what the board allows ---------------------------------------


def test_the_explorer_offers_only_the_sources_the_board_allows():
    from oddsengine.faces._explore_declared import offer

    values = {"engagement": "attempts", "attempts.scenario": "religion_1517"}
    offered = [value for _, value in offer(values)["attempts.source"]]
    assert offered[0] == "95-theses"
    for impossible in ("calvin", "english-treatise", "caraffa", "marburg-colloquy:Luther,Zwingli"):
        assert impossible not in offered
    assert "marburg-colloquy:Luther,Melanchthon" in offered and "carlstadt" in offered
    for source in offered:  # every source offered is answered, never refused
        AttemptRun(religion_1517_board(), source)
    counter = offer(
        {"engagement": "counter-reformation", "counter-reformation.scenario": "religion_1517"}
    )
    counter_sources = [value for _, value in counter["counter-reformation.source"]]
    assert counter_sources[0] == "burn-books:german" and "caraffa" not in counter_sources


# -- a run's order is a standing order (issue 38) ------------------------------------------


def test_an_order_none_of_whose_spaces_can_be_used_plays_greedy_and_says_so(capsys):
    status, out, err = run_cli(
        capsys, "attempts", "religion_1517", "--source", "95-theses", "--policy",
        "order:North Sea,Istanbul,Wittenberg,Madrid",
    )  # fmt: skip
    assert status == 0, err
    notes = [line for line in out.splitlines() if line.startswith("note: ")]
    assert any("North Sea passed over: North Sea is a sea zone" in n for n in notes)
    assert any("Istanbul passed over: Istanbul is an Ottoman home space" in n for n in notes)
    assert any("Wittenberg passed over: Wittenberg is Protestant already" in n for n in notes)
    assert any("Madrid passed over: Madrid is not eligible, nor within reach" in n for n in notes)
    assert any("the first attempt takes the best single chance instead" in n for n in notes)
    answer = oe.exact(
        AttemptRun(religion_1517_board(), "95-theses", order=["Madrid"], policy="order")
    )
    assert answer.order.flips == answer.greedy.flips  # greedy's run, to the last bit


def test_only_an_unknown_name_in_an_order_is_refused(capsys):
    refused(
        capsys,
        ["attempts", "religion_1517", "--source", "95-theses", "--policy", "order:Atlantis"],
        ["unknown space 'Atlantis'"],
    )


def test_a_what_if_that_makes_every_entry_unusable_is_answered_in_a_sweep():
    frame = oe.sweep(
        "attempts-scenario",
        {"protestant": ["", "Leipzig"]},
        fixed={"scenario": "religion_1517", "source": "95-theses", "policy": "order:Leipzig"},
        progress=False,
    )
    assert (frame["status"] == "ok").all(), frame[["status", "reason"]]


def test_the_monte_carlo_of_an_order_says_what_it_passes_over(capsys):
    status, out, err = run_cli(
        capsys, "attempts", "religion_1517", "--source", "95-theses", "--policy",
        "order:Paris,Leipzig", "--monte-carlo", "--trials", "2000", "--seed", "1",
        "--format", "json",
    )  # fmt: skip
    assert status == 0, err
    notes = json.loads(out)["notes"]
    assert any("Paris passed over" in note for note in notes)
    assert any("whenever no listed space is eligible" in note for note in notes)


def test_the_notes_give_the_chance_the_order_found_no_listed_space():
    # religion_example, a German treatise (2 attempts), order Magdeburg, Brunswick:
    # Brunswick is eligible only once Magdeburg has turned (its neighbour). §17 on
    # Magdeburg: Protestant = Brandenburg 1 + its stack 1 + Wittenberg 1 + Luther 1 + the
    # stack there 1 = 5, Papal = Brunswick, Erfurt, Lübeck = 3, Protestant ties:
    # p = sum_k (k^5 - (k-1)^5) k^3 / 6^8 = 147019/186624. The second attempt finds no
    # listed space eligible when Magdeburg failed: 1 - p = 39605/186624 = 21.22%.
    p = sum(Fraction(k**5 - (k - 1) ** 5, 6**5) * Fraction(k**3, 6**3) for k in range(1, 7))
    assert p == Fraction(147019, 186624)
    board = load_religious_board("religion_example")
    run = AttemptRun(board, "treatise:german", order=["Magdeburg", "Brunswick"], policy="order")
    (note,) = oe.exact(run).order.notes
    assert f"in {100 * float(1 - p):.2f}% of runs some attempt found no listed space" in note

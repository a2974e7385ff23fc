"""Values no question can take, found by throwing bad input at every command: each is
refused in one line naming the problem, exit 2, nothing on stdout, no traceback."""

import pytest
from conftest import refused


@pytest.mark.parametrize("draw", ["1e400", "-1e400", "1/0"])
def test_an_heir_draw_beyond_a_float_is_refused(capsys, draw):
    # "1e400" is a fraction whose float overflows (it escaped as an OverflowError).
    refused(capsys, ["heirs", "--timeline", "--heir-draw", draw], ["heir_draw", "chance"])


@pytest.mark.parametrize(
    "argv",
    [
        ["table", "debate", "--zone", "german", "--initiator", "papacy", "--turn", "1"],
        ["diet", "--table"],
    ],
)
def test_an_empty_outcome_is_an_unknown_outcome_not_the_default(capsys, argv):
    # table debate took --outcome '' for its default (papal_wins); diet --table refused it.
    refused(capsys, [*argv, "--outcome", ""], ["unknown outcome ''"])


def test_an_empty_outcome_of_an_odds_table_is_refused_in_python():
    import oddsengine as oe

    with pytest.raises(oe.OddsEngineError, match="unknown outcome ''"):
        oe.odds_table("assault", "4..5R", "1..2R", outcome="")


# RULES.md §26: Edward VI and Mary I rule from turn 6 at the earliest, Elizabeth I from 7.
EARLY_RULER = '[religion]\nturn = {turn}\nengland_ruler = "{ruler}"\n'


@pytest.mark.parametrize(("ruler", "turn"), [("edward-vi", 1), ("mary-i", 5), ("elizabeth-i", 6)])
def test_a_board_whose_ruler_cannot_rule_yet_is_refused(capsys, tmp_path, ruler, turn):
    board = tmp_path / "early.toml"
    board.write_text(EARLY_RULER.format(turn=turn, ruler=ruler))
    argv = ["attempts", str(board), "--source", "95-theses" if turn == 1 else "treatise:german"]
    refused(capsys, argv, ["england_ruler", ruler, f"not on turn {turn}", "§26"])


def test_a_ruler_on_the_first_turn_he_may_rule_is_answered(tmp_path):
    import oddsengine as oe

    board = tmp_path / "board.toml"
    board.write_text(EARLY_RULER.format(turn=7, ruler="elizabeth-i"))
    assert oe.load_religious_board(board).england_ruler == "elizabeth-i"


def test_mary_i_in_a_debate_before_turn_6_is_refused(capsys):
    # Mary I doubled the Papal debater's value in an English debate on turn 1.
    argv = ["debate", "--zone", "english", "--initiator", "papacy", "--turn", "1",
            "--england-ruler", "mary-i"]  # fmt: skip
    refused(capsys, argv, ["mary-i", "turn 6 at the earliest", "not on turn 1"])
    import oddsengine as oe

    with pytest.raises(oe.OddsEngineError, match="turn 6 at the earliest"):
        oe.Debate("english", "papacy", turn=5, england_ruler="mary-i")
    assert oe.Debate("english", "papacy", turn=6, england_ruler="mary-i").turn == 6


@pytest.mark.parametrize("name", ["index.html", "style.css"])
def test_a_folder_whose_files_are_not_a_book_s_is_refused_before_the_work(tmp_path, capsys, name):
    # The book replaced a site's own index.html (or stylesheet) without a word.
    (tmp_path / name).write_text("a site's own\n")
    (tmp_path / "notes.txt").write_text("kept\n")
    line = refused(
        capsys, ["book", "--out", str(tmp_path), "--quick"], [name, "not an odds book's"]
    )
    assert str(tmp_path) in line
    assert (tmp_path / name).read_text() == "a site's own\n"
    assert sorted(entry.name for entry in tmp_path.iterdir()) == sorted([name, "notes.txt"])


def _religious_plan(tmp_path, title='"p"', *actions):
    listed = ", ".join(f'"{action}"' for action in actions)
    plan = tmp_path / "plan.toml"
    plan.write_text(
        f'[plan]\ntitle = {title}\nscenario = "religion_1517"\n'
        f'[[course]]\nname = "c"\nactions = [{listed}]\n'
    )
    return str(plan)


def test_a_religious_plan_s_title_that_is_not_text_is_refused(capsys, tmp_path):
    # A title of 5 escaped as a TypeError when the comparison was written.
    plan = _religious_plan(tmp_path, "5", "treatise:german")
    refused(capsys, ["plan", plan], ["plan.title", "5"])


@pytest.mark.parametrize(
    ("actions", "words"),
    [
        # RULES.md §19: a card is one card, played once (its event).
        (["printing-press", "printing-press"], ["Printing Press", "played once"]),
        (["95-theses", "treatise:german", "95-theses"], ["95 Theses", "played once"]),
        # §19: Carlstadt's treatise commits Carlstadt; a second one finds him committed.
        (["carlstadt", "carlstadt"], ["course 'c'", "Carlstadt", "committed already"]),
        # Courses are ranked by the spaces they turn: Burn Books turns them the other way.
        (["treatise:german", "burn-books:german"], ["papacy's", "one side's courses"]),
    ],
)
def test_a_course_that_plays_a_card_or_a_debater_twice_is_refused(capsys, tmp_path, actions, words):
    refused(capsys, ["plan", _religious_plan(tmp_path, '"p"', *actions)], words)


def test_a_course_of_two_treatises_is_still_answered(cli, tmp_path):
    status, out, err = cli("plan", _religious_plan(tmp_path, '"p"', "treatise:german", "carlstadt"))
    assert status == 0, err

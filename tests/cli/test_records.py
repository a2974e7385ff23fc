"""``oddsengine leaders`` and ``oddsengine cards``: the records, read as they are."""

import csv
import io
import json

import pytest

from oddsengine.cli import main
from oddsengine.faces.records import card_records, leader_records


def _run(capsys, *argv):
    status = main(list(argv))
    return status, capsys.readouterr()


@pytest.mark.rule("1", cites="Given names shared by leaders of different powers")
def test_leaders_have_the_ratings_of_the_rules():
    # RULES.md §1 (5.1) and the naval leaders' table of Part II.
    rows = {row["name"]: row for row in leader_records()}
    brandon = rows["Charles Brandon"]
    assert (brandon["battle_rating"], brandon["command_rating"]) == (1, 6)
    assert (rows["Suleiman"]["battle_rating"], rows["Suleiman"]["command_rating"]) == (2, 12)
    assert (rows["Dragut"]["naval_rating"], rows["Dragut"]["piracy_rating"]) == (1, 2)
    assert rows["Dragut"]["command_rating"] is None


def test_leaders_of_one_power_include_those_who_may_serve_it():
    names = [row["name"] for row in leader_records("hapsburg")]
    assert names[:3] == ["Charles V", "Duke of Alva", "Ferdinand"]
    assert "Andrea Doria" in names and "Maurice of Saxony" in names
    assert "Suleiman" not in names


@pytest.mark.rule("8", cites="Who may play a card is asked of")
def test_cards_say_who_plays_them_where():
    rows = {row["number"]: row for row in card_records()}
    assert rows[28]["engagements"] == ["assault"]  # Siege Mining, §8
    assert rows[28]["who"] == "assault: attacker (any power)"
    assert rows[1]["who"].startswith("battle: either side (ottoman)")  # Janissaries
    assert "piracy" in rows[31]["engagements"]  # Foul Weather stops piracy, §12
    assert [row["number"] for row in card_records("naval")] == [1, 24, 34]


@pytest.mark.parametrize("form", ["table", "json", "csv"])
def test_the_commands_print_every_format(capsys, form):
    status, printed = _run(capsys, "leaders", "--power", "england", "--format", form)
    assert status == 0 and "Charles Brandon" in printed.out
    status, printed = _run(capsys, "cards", "--kind", "assault", "--format", form)
    assert status == 0 and "Siege Mining" in printed.out
    if form == "json":
        assert {row["number"] for row in json.loads(printed.out)} >= {27, 28, 35, 105}
    if form == "csv":
        header = next(csv.reader(io.StringIO(printed.out)))
        assert header[:3] == ["number", "name", "slug"]


def test_an_unknown_power_is_refused_in_one_line(capsys):
    status, printed = _run(capsys, "leaders", "--power", "narnia")
    assert status == 2
    assert printed.err.count("\n") == 1 and "unknown power" in printed.err


def test_every_card_says_what_it_does_from_its_record(capsys):
    from oddsengine.combat.cards import CARD_RULES

    records = card_records()
    assert all(row["effect"] and row["effect"] == CARD_RULES[row["slug"]].does
               for row in records)  # fmt: skip
    # The effects as RULES.md §8 states them: Siege Mining's 3 dice, Tercios' 4-6 dice.
    by_slug = {row["slug"]: row["effect"] for row in records}
    assert "+3 dice" in by_slug["siege-mining"]
    assert "4-6" in by_slug["tercios"] and "3-6" in by_slug["siege-artillery"]
    assert main(["cards", "--kind", "assault"]) == 0
    table = capsys.readouterr().out
    assert table.split()[3] == "effect"
    assert "+3 dice in an assault" in table
    assert main(["cards", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["effect"] == by_slug["janissaries"]
    assert main(["cards", "--format", "csv"]) == 0
    header = next(csv.reader(io.StringIO(capsys.readouterr().out)))
    # The columns before stay where they were: the effect is added last.
    assert header == ["number", "name", "slug", "timing", "when", "engagements", "who",
                      "rule", "effect"]  # fmt: skip

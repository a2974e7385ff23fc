"""The card rolls of RULES.md §28 and the New World riches on every face, from their
declarations alone (issue 41 on issue 39's design): ``oddsengine card-roll CARD`` and
``oddsengine riches`` in every format with ``--fractions``, the odds tables, sweeps, the
JSON ``spec`` and the explorer, each against figures worked out by hand from the rules."""

from __future__ import annotations

import csv
import json
import shlex
from fractions import Fraction
from math import comb

import pytest
from conftest import refused, run_cli

import oddsengine as oe
from oddsengine.declaration import options_of
from oddsengine.kind_commands import command_path
from oddsengine.kinds import KINDS, kind_of

#: The kinds these faces answer: the nine card rolls and the riches' two.
CARD_KINDS = [name for name, kind in KINDS.items() if kind.command == "card-roll"]
KINDS_HERE = [*CARD_KINDS, "riches", "riches-turn"]


def _answer(capsys, *argv) -> dict:
    """The JSON answer of ``oddsengine ARGV --format json --fractions``."""
    status, out, err = run_cli(capsys, *argv, "--format", "json", "--fractions")
    assert status == 0, err
    return json.loads(out)


def _fractions(capsys, *argv) -> dict[str, Fraction]:
    return {name: Fraction(text) for name, text in _answer(capsys, *argv)["fractions"].items()}


def _hits(dice: int, hits: int) -> Fraction:
    """P(exactly ``hits`` of ``dice`` dice show 5 or 6): C(n, k) 2^(n-k) / 3^n."""
    return Fraction(comb(dice, hits) * 2 ** (dice - hits), 3**dice)


def test_the_card_rolls_are_sub_commands_and_riches_states_its_rule(capsys):
    with pytest.raises(SystemExit):
        run_cli(capsys, "card-roll", "--help")
    out = capsys.readouterr().out
    for name in CARD_KINDS:
        assert name in out and kind_of(name).rule.split(",")[0] in out
    with pytest.raises(SystemExit):
        run_cli(capsys, "riches", "--help")
    out = " ".join(capsys.readouterr().out.split())
    assert "With --holdings, --colonial-governor HOLDING, --native-uprising HOLDING" in out
    assert "The options given choose the question" in out
    assert [command_path(kind_of(name)) for name in ("rough-wooing", "riches-turn")] == [
        ("card-roll", "rough-wooing"),
        ("riches",),
    ]


@pytest.mark.rule("28.5", "30.13")
def test_rough_wooing_at_equal_units_is_5_18_in_every_format(capsys):
    # England wins on a die at least 2 above France's: differences 2..5 by 4+3+2+1 = 10
    # of the 36 pairs, 10/36 = 5/18 = 27.7778%.
    argv = ["card-roll", "rough-wooing", "--english-units", "3", "--french-units", "3"]
    assert _fractions(capsys, *argv)["success"] == Fraction(5, 18)
    for form in ("table", "csv"):
        status, out, err = run_cli(capsys, *argv, "--format", form, "--fractions")
        assert status == 0 and "5/18" in out and "27.7778%" * (form == "table") in out, err
    for form in ("markdown", "bbcode"):
        status, out, err = run_cli(capsys, *argv, "--format", form)
        assert status == 0 and "27.7778%" in out, err


#: RULES.md §28.5: P(England wins) by English units minus French units; England needs its
#: die at least 2 - d above France's: the pairs with a - b >= m, out of 36.
WOOING = {
    -2: Fraction(2 + 1, 36),  # m = 4: 8.33%
    -1: Fraction(3 + 2 + 1, 36),  # m = 3: 16.67%
    0: Fraction(4 + 3 + 2 + 1, 36),  # m = 2: 27.78%
    1: Fraction(5 + 4 + 3 + 2 + 1, 36),  # m = 1: 41.67%
    2: Fraction(6 + 15, 36),  # m = 0: the 6 ties too, 58.33%
    3: Fraction(21 + 5, 36),  # m = -1: 72.22%
    4: Fraction(26 + 4, 36),  # m = -2: 83.33%
}


@pytest.mark.rule("28.5")
@pytest.mark.parametrize("difference", sorted(WOOING))
def test_rough_wooing_by_the_units_difference(capsys, difference):
    english, french = max(difference, 0) + 1, max(-difference, 0) + 1
    fractions = _fractions(
        capsys, "card-roll", "rough-wooing", "--english-units", str(english),
        "--french-units", str(french), "--turn", "5",
    )  # fmt: skip
    assert fractions["success"] == WOOING[difference]


@pytest.mark.rule("28.5")
def test_table_rough_wooing_by_english_and_french_units(capsys):
    status, out, err = run_cli(
        capsys, "table", "rough-wooing", "--english-units", "0..6", "--french-units", "2",
        "--format", "json",
    )  # fmt: skip
    assert status == 0, err
    cells = {cell["english_units"]: cell["probability"] for cell in json.loads(out)["cells"]}
    assert cells == pytest.approx({units: float(WOOING[units - 2]) for units in range(7)})
    # The default sides: 0..6 English units by 0..4 French; the same figures on the diagonal.
    status, out, _ = run_cli(capsys, "table", "rough-wooing")
    assert status == 0 and out.count("27.7778%") == 5  # equal units, 0..4


@pytest.mark.rule("28.10", "30.18")
def test_council_of_trent_ten_dice_against_seven(capsys):
    # Each side's hits are Binomial(dice, 1/3); the Papacy converts when it has more.
    papal = {i: _hits(10, i) for i in range(11)}
    protestant = {j: _hits(7, j) for j in range(8)}
    wins = sum(papal[i] * protestant[j] for i in papal for j in protestant if i > j)
    losses = sum(papal[i] * protestant[j] for i in papal for j in protestant if i < j)
    fractions = _fractions(
        capsys, "card-roll", "council-of-trent", "--papal-dice", "10", "--protestant-dice", "7"
    )
    assert fractions["papal_wins"] == wins and fractions["protestant_wins"] == losses
    assert fractions["draw"] == 1 - wins - losses
    # RULES.md §28.10's printed figures: 59.96%, 22.03%, 18.01%.
    assert [round(float(value) * 100, 2) for value in (wins, losses, 1 - wins - losses)] == [
        59.96, 22.03, 18.01,
    ]  # fmt: skip
    # The table face gives the same cell.
    status, out, _ = run_cli(
        capsys, "table", "council-of-trent", "--papal-dice", "10", "--protestant-dice", "6..7"
    )
    assert status == 0 and "59.9607%" in out


@pytest.mark.rule("28.10")
def test_council_of_trent_by_debaters_named(capsys):
    # Loyola 4, Pole 3 and a die at the Council, Eck 3: 11 dice; Calvin 4 and Knox 3: 7.
    answer = _answer(
        capsys, "card-roll", "council-of-trent", "--papal-debaters", "Loyola,Pole,Eck",
        "--protestant-debaters", "Calvin,Knox", "--turn", "6",
    )  # fmt: skip
    assert (answer["spec"]["papal_dice_rolled"], answer["spec"]["protestant_dice_rolled"]) == (
        11,
        7,
    )
    wins = sum(_hits(11, i) * _hits(7, j) for i in range(12) for j in range(8) if i > j)
    assert Fraction(answer["fractions"]["papal_wins"]) == wins


@pytest.mark.rule("28.2")
def test_michelangelo(capsys):
    # 2d6 of 8 or more: 5 + 4 + 3 + 2 + 1 = 15 of 36 = 5/12; 10 or more: 6/36 = 1/6.
    answer = _answer(capsys, "card-roll", "michelangelo", "--turn", "4")
    assert Fraction(answer["fractions"]["cp_at_least:8"]) == Fraction(5, 12)
    assert Fraction(answer["fractions"]["cp_at_least:10"]) == Fraction(1, 6)
    assert answer["expected"]["cp"]["mean"] == pytest.approx(7)


@pytest.mark.rule("28.6", "30.17")
@pytest.mark.parametrize(
    "argv, faces",
    [
        (["--modifier", "-3"], 1),  # d6 - 3 >= 3: a 6 only
        (["--modifier", "-2"], 2),
        (["--modifier", "-1"], 3),
        (["--modifier", "0"], 4),  # 3..6
        (["--modifier", "1"], 5),
        (["--modifier", "2"], 6),  # every face
        (["--milan-french", "--enemy-in-home"], 4),  # +2 - 2 = 0
        (["--florence-french", "--home-space-lost", "--enemy-in-home"], 2),  # +1 - 1 - 2 = -2
        (["--tournament", "--italian-keys"], 6),  # +3
    ],
)
def test_chateaux_chance_of_a_vp(capsys, argv, faces):
    # A VP on a total of 3 or more (the Chateau Table's 3-4, 5-7 and 8+ lines).
    fractions = _fractions(capsys, "card-roll", "chateaux", *argv)
    assert fractions["vp"] == Fraction(faces, 6)


@pytest.mark.rule("28.9")
def test_city_state_rebels(capsys):
    # 5 dice: P(k hits) = C(5, k) 2^(5-k) / 243 = 32, 80, 80, 40, 10, 1 of 243.
    answer = _answer(capsys, "card-roll", "city-state-rebels", "--units", "2")
    for k, ways in enumerate((32, 80, 80, 40, 10, 1)):
        assert Fraction(answer["fractions"][f"hits:{k}"]) == Fraction(ways, 243)
    assert answer["expected"]["hits"]["mean"] == pytest.approx(5 / 3)  # 5 x 1/3
    # Two units: the key is retaken on 2 hits or more, 1 - (32 + 80)/243 = 131/243.
    assert Fraction(answer["fractions"]["key_retaken"]) == Fraction(131, 243)
    assert [round(80 / 243 * 100, 1), round(40 / 243 * 100, 1)] == [32.9, 16.5]  # §28.9


@pytest.mark.rule("28.11")
def test_andrea_doria(capsys):
    # 3 dice: 8/27, 12/27, 6/27, 1/27 (29.6, 44.4, 22.2, 3.7%).
    answer = _answer(capsys, "card-roll", "andrea-doria", "--piracy-vp", "1")
    for k, ways in enumerate((8, 12, 6, 1)):
        assert Fraction(answer["fractions"][f"hits:{k}"]) == Fraction(ways, 27)
    # One piracy VP: any hit takes it, 1 - 8/27 = 19/27 on average.
    assert answer["expected"]["piracy_vp_removed"]["mean"] == pytest.approx(19 / 27)


@pytest.mark.rule("28.1")
def test_book_of_common_prayer(capsys):
    # 3-4 one space (1/3), 5 two (1/6), 6 all five (1/6): unrest 2/3; mean 1/3 + 2/6 + 5/6.
    answer = _answer(capsys, "card-roll", "book-of-common-prayer", "--catholic-home-spaces", "5")
    assert Fraction(answer["fractions"]["unrest"]) == Fraction(2, 3)
    assert answer["expected"]["unrest_spaces"]["mean"] == pytest.approx(1 / 3 + 2 / 6 + 5 / 6)


#: RULES.md §28.7's table, the 2d6 ways of each result by column: 2-3 by 3 ways, 4 by 3,
#: 5 by 4, 6 by 5, 7 by 6, 8 by 5, 9-12 by 10.
RICHES_WAYS = {
    "inca": {"depleted": 3 + 3 + 4, "card": 5 + 5 + 10, "galleon": 6},
    "aztec": {"depleted": 3 + 3 + 4, "no_effect": 5, "galleon": 6, "card": 5 + 10},
    "maya": {"depleted": 3 + 3 + 4 + 5, "galleon": 6, "card": 5 + 10},
    "potosi": {"eliminated": 3, "no_effect": 3 + 4 + 5, "galleon": 6, "card": 5 + 10},
    "colony": {"eliminated": 3 + 3, "no_effect": 4 + 5 + 6, "galleon": 5, "card": 10},
}


@pytest.mark.rule("28.7")
@pytest.mark.parametrize("column", sorted(RICHES_WAYS))
def test_riches_column_cell_by_cell(capsys, column):
    fractions = _fractions(capsys, "riches", "--column", column)
    for result in ("depleted", "card", "galleon", "no_effect", "eliminated"):
        ways = RICHES_WAYS[column].get(result, 0)
        assert fractions[f"result:{result}"] == Fraction(ways, 36), result
    # A card on Depleted and Card; with Galleons on a Galleon result too.
    card = RICHES_WAYS[column].get("depleted", 0) + RICHES_WAYS[column]["card"]
    assert fractions["card_kept"] == Fraction(card, 36)
    galleons = _fractions(capsys, "riches", "--column", column, "--galleons")
    assert galleons["card_kept"] == Fraction(card + RICHES_WAYS[column]["galleon"], 36)


@pytest.mark.rule("28.7")
def test_riches_colonial_governor_native_uprising_and_plantations(capsys):
    assert (
        _fractions(capsys, "riches", "--column", "colony", "--colonial-governor")["card_kept"] == 1
    )
    uprising = _fractions(capsys, "riches", "--column", "maya", "--native-uprising")
    assert uprising["result:eliminated"] == 1 and uprising["holding_lost"] == 1
    # Plantations: a colony's roll + 1: a card on 8-12 (5 + 10 of 36 ways).
    assert _fractions(capsys, "riches", "--column", "colony", "--plantations")[
        "card_kept"
    ] == Fraction(15, 36)


@pytest.mark.rule("28.7", "30.14")
def test_a_turn_with_the_french_raider(capsys):
    fractions = _fractions(
        capsys, "riches", "--holdings", "inca,colony", "--raiders", "french", "--turn", "4"
    )
    inca, colony, steal = Fraction(30, 36), Fraction(10, 36), Fraction(1, 3)
    # The Inca's card (5/6) is stolen on a 5 or a 6.
    assert fractions["stolen:inca"] == inca * steal
    # The Raider still rolls for the colony unless the Inca's card eliminated it (a 1) or
    # it retired with it (a 5): 1/6 + 5/6 x 4/6 = 13/18.
    in_play = (1 - inca) + inca * Fraction(4, 6)
    assert fractions["stolen:colony:1"] == colony * in_play * steal  # 65/972
    # Both kept: the Inca's card on 1-4, then the colony's safe after a 1, kept 2/3 after
    # 2-4: 5/6 x 5/18 x (1/6 + 3/6 x 2/3) = 25/216.
    assert fractions["kept:2"] == inca * colony * (Fraction(1, 6) + Fraction(3, 6) * 2 / 3)
    # The Raider lost: eliminated by a 1 on any card it rolls for, or retired by a 5.
    eliminated = inca / 6 + (1 - inca + inca * Fraction(4, 6)) * colony / 6
    assert fractions["raider_eliminated:france"] == eliminated  # 335/1944
    answer = _answer(capsys, "riches", "--holdings", "inca,colony", "--raiders", "french")
    kept = inca * (1 - steal) + colony * (1 - in_play * steal)  # 745/972
    assert answer["expected"]["cards_kept"]["mean"] == pytest.approx(float(kept))
    assert answer["spec"]["holdings"] == ["inca", "colony"]


@pytest.mark.rule("28")
@pytest.mark.parametrize(
    "argv, words",
    [
        (["card-roll", "michelangelo", "--turn", "3"],
         ["Michelangelo (card #52) is not in play on turn 3", "turn 4"]),
        (["card-roll", "rough-wooing", "--turn", "4"], ["not in play on turn 4", "turn 5"]),
        (["card-roll", "council-of-trent", "--turn", "5"], ["not in play on turn 5"]),
        (["riches", "--raiders", "france", "--turn", "3"],
         ["Huguenot Raiders (card #49) is not in play on turn 3"]),
        (["card-roll", "rough-wooing", "--edward-born", "no"],
         ["Rough Wooing (card #116) cannot be played", "Edward VI born and alive"]),
        (["card-roll", "rough-wooing", "--edward-born", "maybe"], ["yes or no"]),
        (["card-roll", "chateaux", "--chateau-vp", "6"], ["fewer than 6 chateau VP"]),
        (["card-roll", "chateaux", "--modifier", "1", "--milan-french"], ["not both"]),
        (["card-roll", "city-state-rebels", "--under-siege"], ["not under siege"]),
        (["riches", "--column", "inca", "--holdings", "inca"],
         ["--holdings inca asks for New World riches of a turn", "no --column inca"]),
        (["card-roll"], ["required: NAME"]),
        (["card-roll", "rough-wooing", "--englsh-units", "2"], ["did you mean --english-units"]),
    ],
)  # fmt: skip
def test_refusals_in_one_line(capsys, argv, words):
    refused(capsys, argv, words)


@pytest.mark.parametrize("name", KINDS_HERE)
def test_the_json_spec_holds_each_input_and_asks_the_same_question(capsys, name):
    kind = kind_of(name)
    # A turn's riches is asked by its holdings (riches --holdings), one roll otherwise.
    chosen = ["--holdings", "inca,colony"] if name == "riches-turn" else []
    answer = _answer(capsys, *command_path(kind), *chosen, "--exact")
    assert answer["kind"] == name
    spec = answer["spec"]
    inputs = {item.name: spec[item.name] for item in options_of(kind.spec)}
    again = kind.spec(**{key: tuple(v) if isinstance(v, list) else v for key, v in inputs.items()})
    assert answer["p"] == pytest.approx(oe.exact(again).p, abs=1e-14)


def test_monte_carlo_on_the_command_line_is_the_python_one(capsys):
    from oddsengine.card_rolls.contests import RoughWooing
    from oddsengine.card_rolls.riches_turn import RichesTurn

    for argv, spec in (
        (["card-roll", "rough-wooing", "--english-units", "1"], RoughWooing(english_units=1)),
        (["riches", "--holdings", "aztec,colony"], RichesTurn(("aztec", "colony"))),
    ):
        status, out, err = run_cli(
            capsys, *argv, "--trials", "20000", "--seed", "7", "--format", "json"
        )
        assert status == 0, err
        assert json.loads(out)["p"] == oe.simulate(spec, trials=20_000, seed=7).p


def test_sweeps_name_the_kinds(capsys, tmp_path):
    sweep = tmp_path / "wooing.toml"
    sweep.write_text(
        'kind = "rough-wooing"\nmethod = "exact"\n[grid]\nenglish_units = [2, 4]\n'
        "french_units = [2]\n"
    )
    out_file = tmp_path / "wooing.csv"
    status, _, err = run_cli(capsys, "sweep", str(sweep), "--out", str(out_file), "--quiet")
    assert status == 0, err
    rows = list(csv.DictReader(out_file.read_text().splitlines()))
    success = {row["english_units"]: float(row["probability"]) for row in rows
               if row["outcome"] == "success"}  # fmt: skip
    assert success == pytest.approx({"2": 5 / 18, "4": 7 / 12})  # differences 0 and +2
    sweep.write_text(
        'kind = "riches-turn"\nmethod = "exact"\n[fixed]\nraiders = "france"\nturn = 4\n'
        '[grid]\nholdings = ["inca", "inca,colony"]\n'
    )
    status, _, err = run_cli(capsys, "sweep", str(sweep), "--out", str(out_file), "--quiet",
                             "--overwrite")  # fmt: skip
    assert status == 0, err
    rows = list(csv.DictReader(out_file.read_text().splitlines()))
    stolen = {row["holdings"]: float(row["probability"]) for row in rows
              if row["outcome"] == "stolen:inca"}  # fmt: skip
    # The Inca's card (5/6) stolen by the French Raider (1/3), whatever follows it.
    assert stolen == pytest.approx({"inca": 5 / 18, "inca,colony": 5 / 18})


#: A question of each kind, as the explorer's controls give it (option name -> value).
EXPLORED = {
    "book-of-common-prayer": {"catholic_home_spaces": "3", "turn": "4"},
    "michelangelo": {"turn": "6"},
    "fountain-of-youth": {"power": "france", "removed": ["Cartier"]},
    "threat-to-power": {"leader": "Montmorency"},
    "rough-wooing": {"english_units": 3, "french_units": 1, "margin": 3},
    "chateaux": {"milan_french": True, "enemy_in_home": True, "chateau_vp": 2},
    "city-state-rebels": {"units": 3},
    "council-of-trent": {"papal_debaters": ["Loyola", "Eck"], "protestant_dice": "4"},
    "andrea-doria": {"piracy_vp": "2"},
    "riches": {"column": "potosi", "plantations": True, "colonial_governor": True},
    "riches-turn": {"holdings": ["maya", "colony", "colony"], "native_uprising": "colony:2",
                    "raiders": ["france", "england"], "galleons": True, "turn": "5"},
}  # fmt: skip


@pytest.mark.parametrize("name", KINDS_HERE)
def test_the_explorer_offers_each_kind_and_its_same_as_line_answers_alike(capsys, name):
    pytest.importorskip("ipywidgets")
    from oddsengine.faces.explore import explore

    kind = kind_of(name)
    explorer = explore(name)
    keys = [key for key in explorer.controls if key.startswith(f"{name}.")]
    assert keys == [f"{name}.{item.name}" for item in options_of(kind.spec)]
    for item in options_of(kind.spec):  # labelled from the declaration
        control = explorer.controls[f"{name}.{item.name}"]
        if item.value == "names":  # the names as tags, the box saying what it takes
            assert control.placeholder == item.shown_label
        else:
            assert control.description == item.shown_label
    for option, value in EXPLORED[name].items():
        explorer.controls[f"{name}.{option}"].value = value
    assert explorer.error is None, explorer.error
    words = shlex.split(explorer.command_line)
    assert words[: 1 + len(command_path(kind))] == ["oddsengine", *command_path(kind)]
    answer = _answer(capsys, *words[1:])
    assert answer["kind"] == name
    assert answer["p"] == pytest.approx(explorer.result.p, abs=1e-14)

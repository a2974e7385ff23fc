"""New World riches and the Raiders (RULES.md §28.7, §30.14, §30.16): the table cell by
cell, the chances worked out by hand, and a turn's income against a die-by-die reference
with both engines."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import numpy as np
import pytest
from naive_riches_reference import resolve as naive_resolve
from naive_riches_reference import sample_turn as naive_sample
from naive_riches_reference import turn as naive_turn

import oddsengine as oe
from oddsengine.card_rolls.riches import COLUMNS, RichesRoll, riches_result
from oddsengine.card_rolls.riches_turn import RichesTurn
from oddsengine.engines.riches_turn import resolve_turns
from oddsengine.errors import OddsEngineError, OddsEngineTypeError
from oddsengine.results.fractions import exact_fractions

#: The New World Riches Table as RULES.md §28.7 prints it.
PRINTED = """
| 2–3 | Depleted | Depleted | Depleted | Elim | Elim |
| 4 | Depleted | Depleted | Depleted | NE | Elim |
| 5 | Depleted | Depleted | Depleted | NE | NE |
| 6 | Card | NE | Depleted | NE | NE |
| 7 | Galleon | Galleon | Galleon | Galleon | NE |
| 8 | Card | Card | Card | Card | Galleon |
| 9–12 | Card | Card | Card | Card | Card |
"""
WORDS = {
    "Depleted": "depleted",
    "Card": "card",
    "Galleon": "galleon",
    "NE": "no_effect",
    "Elim": "eliminated",
}
#: The ways 2d6 makes each total.
WAYS = {total: 6 - abs(total - 7) for total in range(2, 13)}


def _printed_cells() -> dict[tuple[str, int], str]:
    cells = {}
    for line in PRINTED.strip().splitlines():
        totals, *results = (part.strip() for part in line.strip("|").split("|"))
        low, _, high = totals.partition("–")
        for total in range(int(low), int(high or low) + 1):
            for column, result in zip(COLUMNS, results, strict=True):
                cells[column, total] = WORDS[result]
    return cells


def _fractions(spec) -> dict[str, Fraction]:
    return exact_fractions(oe.exact(spec))


@pytest.mark.rule("28.7")
def test_the_table_cell_by_cell():
    cells = _printed_cells()
    assert len(cells) == 5 * 11
    for (column, total), result in cells.items():
        assert riches_result(column, np.array([total])).tolist() == [result], (column, total)


@pytest.mark.rule("28.7", "30.16")
def test_plantations_read_one_line_up_and_13_reads_12():
    cells = _printed_cells()
    for column in ("potosi", "colony"):
        for total in range(2, 13):
            read = riches_result(column, np.array([total]), plantations=True).tolist()
            assert read == [cells[column, min(total + 1, 12)]]
    # Conquests take no +1: refused on a conquest's own roll.
    with pytest.raises(OddsEngineError, match="colony and Potosi rolls only"):
        RichesRoll("inca", plantations=True)


@pytest.mark.rule("28.7")
@pytest.mark.parametrize(
    "column, card, card_with_galleons, lost",
    [
        # Card totals, by hand from the printed table (2d6 ways: 1 2 3 4 5 6 5 4 3 2 1).
        ("inca", 36 - 6, 36, 1 + 2 + 3 + 4),  # all but 7; lost: Depleted 2-5
        ("aztec", 10 + 15, 10 + 6 + 15, 10),  # Depleted 2-5, Card 8+; NE 6; Galleon 7
        ("maya", 15 + 15, 36, 15),  # Depleted 2-6, Card 8+; Galleon 7
        ("potosi", 15, 15 + 6, 1 + 2),  # Card 8+, Galleon 7; Elim 2-3
        ("colony", 10, 10 + 5, 1 + 2 + 3),  # Card 9+, Galleon 8; Elim 2-4
    ],
)
def test_each_columns_chance_of_a_card(column, card, card_with_galleons, lost):
    chances = _fractions(RichesRoll(column))
    assert chances["card_kept"] == Fraction(card, 36)
    assert chances["holding_lost"] == Fraction(lost, 36)
    assert _fractions(RichesRoll(column, galleons=True))["card_kept"] == Fraction(
        card_with_galleons, 36
    )
    cells = _printed_cells()
    for result in ("depleted", "card", "galleon", "no_effect", "eliminated"):
        ways = sum(WAYS[total] for total in range(2, 13) if cells[column, total] == result)
        assert chances[f"result:{result}"] == Fraction(ways, 36)


@pytest.mark.rule("28.7")
def test_colonial_governor_and_native_uprising():
    assert _fractions(RichesRoll("colony", colonial_governor=True))["card_kept"] == 1
    uprising = _fractions(RichesRoll("inca", native_uprising=True))
    assert uprising["result:eliminated"] == 1 and uprising["holding_lost"] == 1
    with pytest.raises(OddsEngineError, match="on the same roll"):
        RichesRoll("colony", colonial_governor=True, native_uprising=True)


@pytest.mark.rule("28.7", "30.14")
def test_a_raider_steals_one_roll_in_three():
    # A sure card (Colonial Governor) against the French Raider: 5 or 6 steals, 1/3.
    one = _fractions(RichesRoll("colony", colonial_governor=True, raiders="french"))
    assert one["card_stolen"] == Fraction(1, 3) and one["card_kept"] == Fraction(2, 3)
    # A 1 eliminates the Raider; a 2 only with Galleons; a 5 steals and retires it.
    assert one["raider_eliminated:france"] == Fraction(1, 6)
    assert one["raider_retired:france"] == Fraction(1, 6)
    galleons = _fractions(
        RichesRoll("colony", galleons=True, colonial_governor=True, raiders="french")
    )
    assert galleons["raider_eliminated:france"] == Fraction(2, 6)
    assert galleons["card_stolen"] == Fraction(1, 3)


@pytest.mark.rule("28.7", "30.14")
def test_the_raiders_roll_french_then_english_then_protestant():
    # Given in another order, they still roll in this one; once stolen, no later roll.
    chances = _fractions(
        RichesRoll("colony", colonial_governor=True, raiders="protestant, english, french")
    )
    assert chances["stolen_by:france"] == Fraction(1, 3)
    assert chances["stolen_by:england"] == Fraction(2, 3) * Fraction(1, 3)
    assert chances["stolen_by:protestant"] == Fraction(2, 3) ** 2 * Fraction(1, 3)
    assert chances["card_kept"] == Fraction(2, 3) ** 3  # 8/27
    # The Protestant rolls only when neither steals: it is eliminated on a 1 in 4/9 * 1/6.
    assert chances["raider_eliminated:protestant"] == Fraction(4, 9) * Fraction(1, 6)


@pytest.mark.rule("28.7", "30.14")
def test_a_turn_carries_each_raiders_fate_from_card_to_card():
    # Two sure cards (the Inca and the Maya give one on every line with Galleons) against
    # the French Raider: the first is stolen 1/3; the Raider is still in play after it on
    # 3, 4 and 6 (a 1 or 2 eliminates it with Galleons, a 5 retires it): 1/2; so the
    # second is stolen 1/2 * 1/3 = 1/6.
    turn = RichesTurn("inca,maya", galleons=True, raiders="french", turn=4)
    chances = _chances(turn, turn.exact_states())
    assert chances["stolen:inca"] == Fraction(1, 3)
    assert chances["stolen:maya"] == Fraction(1, 6)
    # Two stolen only on a 6, then a 5 or 6: 1/6 * 1/3.
    assert chances["kept:0"] == Fraction(1, 18)
    values = oe.exact(turn).expected_values()
    assert values["cards_kept"]["mean"] == pytest.approx(2 - 1 / 3 - 1 / 6, abs=1e-12)


def _chances(turn: RichesTurn, states: dict) -> dict:
    """Every outcome and event of a turn, summed from end states and their weights (exact
    fractions, or any numbers)."""
    columns = turn.outcome_columns(tuple(np.array(values) for values in zip(*states, strict=True)))
    found = {}
    for name in (*turn.outcome_names, *turn.event_names):
        mask = columns["outcome"] == name if name in turn.outcome_names else columns[name]
        found[name] = sum(
            (w for w, hit in zip(states.values(), mask, strict=True) if hit), Fraction(0)
        )
    return found


TURNS = [
    dict(holdings=("inca", "colony"), raiders=("france",)),
    dict(holdings=("maya", "potosi"), raiders=("france", "england", "protestant"), galleons=True),
    dict(
        holdings=("aztec", "colony", "colony"),
        raiders=("england", "protestant"),
        plantations=True,
        governor="colony:2",
    ),
    dict(holdings=("colony", "inca"), raiders=("protestant",), uprising="inca"),
]


def _turn(case) -> RichesTurn:
    return RichesTurn(
        case["holdings"],
        raiders=case["raiders"],
        galleons=case.get("galleons", False),
        plantations=case.get("plantations", False),
        colonial_governor=case.get("governor"),
        native_uprising=case.get("uprising"),
        turn=4,
    )


def _naive(case):
    return naive_turn(
        case["holdings"],
        case["raiders"],
        case.get("galleons", False),
        case.get("plantations", False),
        case.get("governor"),
        case.get("uprising"),
    )


@pytest.mark.rule("28.7", "30.14", "30.16")
@pytest.mark.parametrize("case", TURNS, ids=lambda case: ",".join(case["holdings"]))
def test_the_exact_chain_is_the_die_by_die_reference(case):
    turn, reference = _turn(case), _naive(case)
    assert turn.exact_states() == reference
    answer = oe.exact(turn)
    chances = _chances(turn, reference)
    for name, chance in chances.items():
        assert answer.p[name] == pytest.approx(float(chance), abs=1e-12), name
    # The exact answer's fractions are the reference's, to the last digit.
    assert exact_fractions(answer) == chances


@pytest.mark.rule("28.7", "30.14")
@pytest.mark.parametrize("case", TURNS, ids=lambda case: ",".join(case["holdings"]))
def test_the_monte_carlo_agrees_with_the_reference_at_5_sigma(case):
    turn = _turn(case)
    reference = {name: float(chance) for name, chance in _chances(turn, _naive(case)).items()}
    sampled = oe.simulate(turn, trials=100_000, seed=8)
    for name, chance in reference.items():
        stderr = math.sqrt(max(chance * (1 - chance), 0.0) / sampled.trials)
        assert abs(sampled.p.get(name, 0.0) - chance) <= 5 * stderr + 1e-12, name
    assert oe.simulate(turn, trials=100_000, seed=8).p == sampled.p


@pytest.mark.rule("28.7", "30.14")
@pytest.mark.parametrize("case", TURNS, ids=lambda case: ",".join(case["holdings"]))
def test_the_monte_carlo_resolves_each_draw_as_the_reference(case):
    turn = _turn(case)
    rng = random.Random(5)
    options = dict(
        galleons=case.get("galleons", False),
        plantations=case.get("plantations", False),
        governor=case.get("governor"),
        uprising=case.get("uprising"),
    )
    draws = [naive_sample(case["holdings"], case["raiders"], rng, **options) for _ in range(2000)]
    totals = np.array([[first + second for first, second, _ in dice] for dice, _ in draws])
    # The draw plan's second value: the Raiders' dice in base 6, the first the highest.
    codes = np.array(
        [
            [
                sum((face - 1) * 6 ** (len(faces) - 1 - i) for i, face in enumerate(faces))
                for *_, faces in dice
            ]
            for dice, _ in draws
        ]
    )
    resolved = resolve_turns(turn, totals, codes)
    assert [tuple(row) for row in resolved.tolist()] == [end for _, end in draws]
    assert naive_resolve(case["holdings"], case["raiders"], draws[0][0], **options) == draws[0][1]


@pytest.mark.rule("28.7", "30.14")
def test_a_single_roll_is_the_turn_of_one_holding():
    roll = oe.exact(RichesRoll("maya", galleons=True, raiders="french,england"))
    turn = oe.exact(RichesTurn("maya", galleons=True, raiders="french,england"))
    assert turn.p["stolen:maya"] == pytest.approx(roll.p["card_stolen"], abs=1e-12)
    assert turn.p["kept:1"] == pytest.approx(roll.p["card_kept"], abs=1e-12)


@pytest.mark.rule("28.7")
def test_refusals():
    with pytest.raises(
        OddsEngineError, match=r"Huguenot Raiders \(card #49\) is not in play on turn 3"
    ):
        RichesTurn("inca", raiders="french", turn=3)
    with pytest.raises(OddsEngineError, match="not the English ones"):
        RichesRoll("colony", power="england", raiders="french")
    with pytest.raises(OddsEngineError, match="not a Raider"):
        RichesRoll(raiders="hapsburg")
    with pytest.raises(OddsEngineError, match="inca is listed twice"):
        RichesTurn("inca, inca")
    with pytest.raises(OddsEngineError, match="at most 3 colonies and 6 holdings"):
        RichesTurn("colony,colony,colony,colony")
    with pytest.raises(OddsEngineError, match="at least one colony or conquest"):
        RichesTurn("")
    with pytest.raises(OddsEngineError, match="not a holding of this turn"):
        RichesTurn("inca", colonial_governor="maya")
    with pytest.raises(OddsEngineError, match="both on colony:1"):
        RichesTurn("colony", colonial_governor="colony", native_uprising="colony:1")
    with pytest.raises(OddsEngineError, match="unknown column"):
        RichesRoll("peru")
    with pytest.raises(OddsEngineTypeError, match="unknown argument 'raider'"):
        RichesRoll(raider="french")
    assert set(COLUMNS) == {"inca", "aztec", "maya", "potosi", "colony"}

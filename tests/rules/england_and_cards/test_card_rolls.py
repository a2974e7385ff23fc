"""The card rolls of RULES.md §28 (the Sack of Rome and the riches have their own files):
each against figures worked out by hand from the rules, each refusal in words, both
engines through the two doors, and the cards as records."""

from __future__ import annotations

import dataclasses
import re
from fractions import Fraction
from math import comb

import pytest
from code_strings import modules_naming
from conftest import ROOT, assert_within_sigmas, refused

import oddsengine as oe
from oddsengine.card_rolls.contests import Chateaux, RoughWooing
from oddsengine.card_rolls.council_of_trent import CouncilOfTrent
from oddsengine.card_rolls.die_events import (
    BookOfCommonPrayer,
    FountainOfYouth,
    Michelangelo,
    ThreatToPower,
)
from oddsengine.card_rolls.hit_events import AndreaDoria, CityStateRebels
from oddsengine.card_rolls.records import CARD_ROLLS, card_roll
from oddsengine.errors import OddsEngineError, OddsEngineTypeError
from oddsengine.kinds import KINDS
from oddsengine.results.fractions import exact_fractions


def _fractions(spec) -> dict[str, Fraction]:
    return exact_fractions(oe.exact(spec))


def _hits(dice: int, hits: int) -> Fraction:
    """P(exactly ``hits`` of ``dice`` dice show 5 or 6): C(n, k) 2^(n-k) / 3^n."""
    return Fraction(comb(dice, hits) * 2 ** (dice - hits), 3**dice)


# -- Rough Wooing (RULES.md §28.5, §30.13) -----------------------------------------------


def _pairs_at_least(margin: int) -> int:
    """Pairs of two dice (England's e, France's f) with e - f >= margin, counted by hand:
    a difference k is made in 6 - |k| ways."""
    return sum(6 - abs(k) for k in range(max(margin, -5), 6))


@pytest.mark.rule("28.5")
def test_rough_wooing_at_equal_units_is_5_18():
    # England needs its die at least 2 above France's: (3,1) (4,1) (4,2) (5,1..3) (6,1..4)
    # = 1 + 2 + 3 + 4 = 10 of 36 = 5/18.
    assert _fractions(RoughWooing(3, 3))["success"] == Fraction(5, 18)
    assert _pairs_at_least(2) == 10


@pytest.mark.rule("28.5")
@pytest.mark.parametrize(
    "difference, printed, ways",
    [
        # England's units minus France's: the die difference needed is 2 - d.
        (-2, 8.33, 1 + 2),  # e - f >= 4: (5,1) (6,1) (6,2)
        (-1, 16.67, 1 + 2 + 3),  # e - f >= 3
        (0, 27.78, 1 + 2 + 3 + 4),  # e - f >= 2
        (1, 41.67, 1 + 2 + 3 + 4 + 5),  # e - f >= 1
        (2, 58.33, 15 + 6),  # e - f >= 0: 15 above and 6 equal
        (3, 72.22, 21 + 5),  # e - f >= -1
        (4, 83.33, 26 + 4),  # e - f >= -2
    ],
)
def test_rough_wooing_every_figure_of_the_rules(difference, printed, ways):
    english, french = max(difference, 0) + 1, max(-difference, 0) + 1
    chance = _fractions(RoughWooing(english, french))["success"]
    assert chance == Fraction(ways, 36) == Fraction(_pairs_at_least(2 - difference), 36)
    assert round(float(chance) * 100, 2) == printed


@pytest.mark.rule("30.13")
def test_rough_wooing_margin_option_3_asks_for_more_than_2():
    # e - f >= 3: (4,1) (5,1) (5,2) (6,1) (6,2) (6,3) = 6 of 36.
    assert _fractions(RoughWooing(margin=3))["success"] == Fraction(6, 36)
    # Two more English units: e - f >= 1, 15 of 36.
    assert _fractions(RoughWooing(2, 0, margin=3))["success"] == Fraction(15, 36)


@pytest.mark.rule("28.5")
def test_rough_wooing_refusals():
    with pytest.raises(OddsEngineError, match=r"Rough Wooing \(card #116\).*Edward VI born"):
        RoughWooing(edward_born=False)
    with pytest.raises(OddsEngineError, match="Scotland allied with France"):
        RoughWooing(scotland_allied_with_france=False)
    with pytest.raises(
        OddsEngineError, match="not in play on turn 4: it enters the deck on turn 5"
    ):
        RoughWooing(turn=4)
    RoughWooing(turn=5)
    with pytest.raises(OddsEngineError, match=r"margin must be 2 .* or 3"):
        RoughWooing(margin=1)
    with pytest.raises(OddsEngineError, match=r"english_units must be 0\.\.99"):
        RoughWooing(english_units=-1)
    with pytest.raises(OddsEngineTypeError, match="french_units must be a whole number"):
        RoughWooing(french_units="2")
    with pytest.raises(OddsEngineTypeError, match="edward_born must be True or False"):
        RoughWooing(edward_born="yes")
    with pytest.raises(OddsEngineTypeError, match="unknown argument 'english'; did you mean"):
        RoughWooing(english=3)


# -- Michelangelo (RULES.md §28.2) ---------------------------------------------------------


@pytest.mark.rule("28.2")
def test_michelangelo_2d6_cp():
    chances = _fractions(Michelangelo(turn=4))
    # 8 or more: 5 + 4 + 3 + 2 + 1 = 15 of 36 = 5/12; 10 or more: 3 + 2 + 1 = 6/36 = 1/6.
    assert chances["cp_at_least:8"] == Fraction(5, 12)
    assert chances["cp_at_least:10"] == Fraction(1, 6)
    assert chances["cp:7"] == Fraction(6, 36) and chances["cp:2"] == Fraction(1, 36)
    assert oe.exact(Michelangelo()).expected_values()["cp"]["mean"] == pytest.approx(7, abs=1e-12)
    with pytest.raises(
        OddsEngineError, match=r"Michelangelo \(card #52\) is not in play on turn 3"
    ):
        Michelangelo(turn=3)


# -- Patron of the Arts, the Chateau Table (RULES.md §28.6, §30.17) -------------------------


@pytest.mark.rule("28.6", "30.17")
@pytest.mark.parametrize(
    "modifier, faces",
    # VP on 3 or more: the faces f with f + m >= 3.
    [(-3, 1), (-2, 2), (-1, 3), (0, 4), (1, 5), (2, 6), (6, 6)],
)
def test_chateaux_chance_of_a_vp(modifier, faces):
    assert _fractions(Chateaux(modifier=modifier))["vp"] == Fraction(faces, 6)


@pytest.mark.rule("28.6", "30.17")
def test_chateaux_lines_and_cards():
    # +4 (Milan +2, Italian keys +2): faces 1-3 read 5-7, faces 4-6 read 8-10.
    chances = _fractions(Chateaux(milan_french=True, italian_keys=True))
    assert chances["row:8_or_more"] == Fraction(3, 6)  # 4, 5, 6 + 4 >= 8
    assert chances["row:5_to_7"] == Fraction(3, 6)
    assert chances["row:2_or_less"] == 0
    values = oe.exact(Chateaux(milan_french=True, italian_keys=True)).expected_values()
    # 8+: draw 2 discard 1; 5-7: draw 1: cards gained 1 either way; drawn (2 + 1) / 2.
    assert values["cards_gained"]["mean"] == pytest.approx(1, abs=1e-12)
    assert values["cards_drawn"]["mean"] == pytest.approx(1.5, abs=1e-12)
    # -3 (enemy units in a home space -2, a home space lost -1): 2 or less on 1..5.
    low = _fractions(Chateaux(enemy_in_home=True, home_space_lost=True))
    assert low["row:2_or_less"] == Fraction(5, 6) and low["row:3_to_4"] == Fraction(1, 6)


@pytest.mark.rule("28.6")
def test_chateaux_refusals():
    with pytest.raises(OddsEngineError, match="fewer than 6 chateau VP"):
        Chateaux(chateau_vp=6)
    with pytest.raises(OddsEngineError, match="Francis I not captured"):
        Chateaux(francis_captured=True)
    with pytest.raises(OddsEngineError, match="Francis I ruling France"):
        Chateaux(francis_rules=False)
    with pytest.raises(OddsEngineError, match="Francis I not besieged"):
        Chateaux(francis_besieged=True)
    with pytest.raises(OddsEngineError, match="the modifier or the conditions, not both"):
        Chateaux(modifier=1, tournament=True)
    with pytest.raises(OddsEngineError, match=r"modifier must be -3\.\.6"):
        Chateaux(modifier=7)


# -- City State Rebels (RULES.md §28.9) and Andrea Doria (RULES.md §28.11) -----------------


@pytest.mark.rule("28.9")
def test_city_state_rebels_hits():
    chances = _fractions(CityStateRebels(units=2))
    # 5 dice at 1/3: C(5, k) 2^(5-k) / 243 = 32, 80, 80, 40, 10, 1 of 243.
    printed = (13.2, 32.9, 32.9, 16.5, 4.1, 0.4)
    for hits, (ways, percent) in enumerate(zip((32, 80, 80, 40, 10, 1), printed, strict=True)):
        assert chances[f"hits:{hits}"] == Fraction(ways, 243) == _hits(5, hits)
        assert round(ways / 243 * 100, 1) == percent
    # Two units: retaken on 2 hits or more, 1 - (32 + 80) / 243 = 131/243.
    assert chances["key_retaken"] == Fraction(131, 243)
    values = oe.exact(CityStateRebels(units=2)).expected_values()
    assert values["hits"]["mean"] == pytest.approx(5 / 3, abs=1e-12)
    # min(hits, 2): 80/243 * 1 + (80 + 40 + 10 + 1)/243 * 2 = 342/243.
    assert values["units_eliminated"]["mean"] == pytest.approx(342 / 243, abs=1e-12)
    # An empty key goes back at once.
    assert _fractions(CityStateRebels(units=0))["key_retaken"] == 1


@pytest.mark.rule("28.9")
def test_city_state_rebels_refusals():
    with pytest.raises(OddsEngineError, match="the key not under siege"):
        CityStateRebels(under_siege=True)
    with pytest.raises(OddsEngineError, match="a captured key"):
        CityStateRebels(captured_key=False)
    with pytest.raises(OddsEngineError, match=r"units must be 0\.\.99"):
        CityStateRebels(units=100)


@pytest.mark.rule("28.11")
def test_andrea_doria_second_use():
    chances = _fractions(AndreaDoria())
    # 3 dice: 8, 12, 6, 1 of 27 = 29.6, 44.4, 22.2, 3.7%.
    for hits, (ways, percent) in enumerate(
        zip((8, 12, 6, 1), (29.6, 44.4, 22.2, 3.7), strict=True)
    ):
        assert chances[f"hits:{hits}"] == Fraction(ways, 27)
        assert round(ways / 27 * 100, 1) == percent
    # Not below 0: with 1 piracy VP, 1 VP off whenever a die hits, 19/27.
    values = oe.exact(AndreaDoria(piracy_vp=1)).expected_values()
    assert values["piracy_vp_removed"]["mean"] == pytest.approx(19 / 27, abs=1e-12)
    assert _fractions(AndreaDoria(piracy_vp=0))["no_effect"] == 1


# -- Council of Trent (RULES.md §28.10, §30.18) ---------------------------------------------


@pytest.mark.rule("28.10", "30.18")
def test_council_of_trent_ten_dice_against_seven():
    chances = _fractions(CouncilOfTrent(papal_dice=10, protestant_dice=7))
    # Each side's hits binomial at 1/3, C(n, k) 2^(n-k) / 3^n; the Papacy converts when its
    # hits exceed the Protestant's.
    pairs = [(i, j, _hits(10, i) * _hits(7, j)) for i in range(11) for j in range(8)]
    papal = sum(p for i, j, p in pairs if i > j)
    protestant = sum(p for i, j, p in pairs if i < j)
    assert chances["papal_wins"] == papal and chances["protestant_wins"] == protestant
    assert round(float(papal) * 100, 2) == 59.96
    assert round(float(protestant) * 100, 2) == 22.03
    assert round(float(chances["draw"]) * 100, 2) == 18.01
    values = oe.exact(CouncilOfTrent(papal_dice=10, protestant_dice=7)).expected_values()
    # Mean net conversions: 10/3 - 7/3 = 1.
    assert values["net_papal_flips"]["mean"] == pytest.approx(1, abs=1e-12)


@pytest.mark.rule("28.10")
def test_council_of_trent_debaters_by_name():
    council = CouncilOfTrent("Loyola, Pole, Eck, Faber", "Calvin, Knox", turn=7)
    # Loyola 4 + Pole 3 + Eck 3 + Faber 3, and Pole's die at the Council; Calvin 4 + Knox 3.
    assert council.dice == (14, 7)
    assert CouncilOfTrent(["Eck"]).dice == (3, 0)
    with pytest.raises(OddsEngineError, match="at most 4 debaters"):
        CouncilOfTrent("Loyola, Pole, Eck, Faber, Canisius", turn=7)
    with pytest.raises(OddsEngineError, match="Luther is a protestant debater"):
        CouncilOfTrent(["Luther"])
    with pytest.raises(OddsEngineError, match="Gardiner is not in play on turn 6"):
        CouncilOfTrent(["Gardiner"], turn=6)
    with pytest.raises(
        OddsEngineError, match=r"not in play on turn 5: it enters the deck on turn 6"
    ):
        CouncilOfTrent(papal_dice=3, turn=5)
    with pytest.raises(OddsEngineError, match="debaters or the papal dice, not both"):
        CouncilOfTrent(["Eck"], papal_dice=3)
    with pytest.raises(OddsEngineError, match="listed twice"):
        CouncilOfTrent(["Eck", "eck"])
    with pytest.raises(OddsEngineError, match="did you mean 'Loyola'"):
        CouncilOfTrent(["Lyola"])


@pytest.mark.rule("30.18")
def test_council_of_trent_conversions_capped_by_eligible_spaces():
    capped = oe.exact(CouncilOfTrent(papal_dice=4, protestant_dice=0, papal_eligible=1))
    # Any Papal hit converts, at most 1 space: 1 - (2/3)^4 = 65/81.
    assert exact_fractions(capped)["papal_flips:1"] == Fraction(65, 81)
    assert capped.expected_values()["papal_flips"]["mean"] == pytest.approx(65 / 81, abs=1e-12)


# -- Book of Common Prayer, Fountain of Youth, Threat to Power (RULES.md §28.1, .3, .4) ----


@pytest.mark.rule("28.1")
def test_book_of_common_prayer_unrest_die():
    chances = _fractions(BookOfCommonPrayer(catholic_home_spaces=4))
    # 1-2 nothing (1/3), 3-4 one space (1/3), 5 two (1/6), 6 all four (1/6).
    assert chances["no_unrest"] == Fraction(1, 3) and chances["unrest"] == Fraction(2, 3)
    assert chances["unrest_spaces:1"] == Fraction(1, 3)
    assert chances["unrest_spaces:2"] == Fraction(1, 6)
    assert chances["unrest_spaces:4"] == Fraction(1, 6)
    values = oe.exact(BookOfCommonPrayer(catholic_home_spaces=4)).expected_values()
    # 1/3 * 1 + 1/6 * 2 + 1/6 * 4 = 4/3.
    assert values["unrest_spaces"]["mean"] == pytest.approx(4 / 3, abs=1e-12)
    # One Catholic space left: "two" and "all" put one in unrest.
    assert _fractions(BookOfCommonPrayer(catholic_home_spaces=1))["unrest_spaces:1"] == Fraction(
        2, 3
    )
    with pytest.raises(OddsEngineError, match="Cranmer uncommitted"):
        BookOfCommonPrayer(cranmer_committed=True)
    with pytest.raises(OddsEngineError, match="Henry VIII married to Anne Boleyn"):
        BookOfCommonPrayer(anne_boleyn_married=False)
    # England's home spaces on the map, Calais included, are 12.
    with pytest.raises(OddsEngineError, match=r"catholic_home_spaces must be 0\.\.12"):
        BookOfCommonPrayer(catholic_home_spaces=13)


@pytest.mark.rule("28.1", "24", cites="24: Six Wives from turn 2 first reaches Ask for Divorce")
@pytest.mark.parametrize("turn", [1, 2, 3])
def test_book_of_common_prayer_is_not_in_play_before_turn_4(capsys, turn):
    # 24: Six Wives is played from turn 2, one advance a turn; its first play reaches Ask
    # for Divorce, and the Papal divorce comes in the Diplomacy phase, before that turn's
    # Action phase: Anne Boleyn is married on turn 3 at the earliest. Her marriage starts
    # the English Reformation "the next turn" (Cranmer enters then), and 28.1 needs
    # Cranmer uncommitted: turn 4 at the earliest.
    with pytest.raises(OddsEngineError, match="turn 4 at the earliest"):
        BookOfCommonPrayer(turn=turn)
    refused(capsys, ["card-roll", "book-of-common-prayer", "--turn", str(turn)],
            ["Book of Common Prayer", f"turn {turn}", "Cranmer", "§28.1"])  # fmt: skip


@pytest.mark.rule("28.1")
def test_book_of_common_prayer_is_in_play_from_turn_4():
    # The first turn 24 allows (above): 1-2 nothing, so the die gives unrest 4/6.
    assert _fractions(BookOfCommonPrayer(turn=4))["unrest"] == Fraction(2, 3)


@pytest.mark.rule("28.3")
def test_fountain_of_youth_removes_an_explorer_on_4_to_6():
    chances = _fractions(FountainOfYouth("france"))
    # 4-6 (1/2), then one of Cartier, Roberval, Verrazano at random (1/3 each): 1/6.
    assert chances["explorer_removed"] == Fraction(1, 2)
    assert chances["removed:Cartier"] == Fraction(1, 6)
    fewer = _fractions(FountainOfYouth("france", removed="Cartier, Roberval"))
    assert fewer["removed:Verrazano"] == Fraction(1, 2)
    with pytest.raises(OddsEngineError, match="an exploration of the power underway"):
        FountainOfYouth(exploration_underway=False)
    with pytest.raises(OddsEngineError, match="unknown power"):
        FountainOfYouth("papacy")


@pytest.mark.rule("28.4")
def test_threat_to_power():
    chances = _fractions(ThreatToPower("Charles Brandon"))
    assert chances == {"out_for_game": Fraction(1, 2), "out_for_turn": Fraction(1, 2)}
    with pytest.raises(OddsEngineError, match="cannot target Charles V"):
        ThreatToPower("Charles V")
    with pytest.raises(OddsEngineError, match="the leader not captured"):
        ThreatToPower("Montmorency", captured=True)


# -- both doors, every card ----------------------------------------------------------------

SPECS = [
    BookOfCommonPrayer(catholic_home_spaces=5),
    Michelangelo(),
    FountainOfYouth("hapsburg", turn=3),
    ThreatToPower("ibrahim"),
    RoughWooing(2, 1),
    Chateaux(florence_french=True),
    CityStateRebels(units=3),
    CouncilOfTrent("Loyola, Pole", "Calvin, Knox", turn=6),
    AndreaDoria(piracy_vp=2),
]


@pytest.mark.rule("28")
@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.kind)
def test_monte_carlo_agrees_with_the_exact_answer_and_repeats(spec):
    exact = oe.exact(spec)
    assert sum(exact.p[name] for name in exact.outcome_names) == pytest.approx(1, abs=1e-12)
    sampled = oe.simulate(spec, trials=100_000, seed=11)
    assert_within_sigmas(sampled, exact)
    again = oe.simulate(spec, trials=100_000, seed=11)
    assert again.p == sampled.p
    assert KINDS[spec.kind].spec is type(spec)
    assert set(spec.describe()) >= {"card", "number", "turn"}
    assert spec.title() and spec.describe_lines()


# -- the cards as records ------------------------------------------------------------------


@pytest.mark.rule("28")
def test_every_card_record_names_its_kind_and_its_conditions_are_spec_fields():
    specs = {type(spec).record.slug: type(spec) for spec in SPECS}
    for slug, record in CARD_ROLLS.items():
        assert record.slug == slug and card_roll(record.number) is record
        spec_class = specs.get(slug) or (KINDS[slug].spec if slug in KINDS else None)
        if spec_class is None:  # Huguenot Raiders: a field of the riches' specs
            assert slug == "huguenot-raiders"
            continue
        fields = {field.name for field in dataclasses.fields(spec_class)}
        assert {condition.field for condition in record.conditions} <= fields, slug
        assert "turn" in fields
    with pytest.raises(OddsEngineError, match="did you mean 'rough-wooing'"):
        card_roll("rough-woing")


@pytest.mark.rule("28")
@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.kind)
def test_a_card_s_flag_conditions_are_declared_from_its_record(spec):
    # RULES.md §28: each condition of a card's record is an input under the conditions'
    # heading whose default is what the card needs; the other value is refused in the
    # record's words, a value that is not True or False as such.
    from oddsengine.card_rolls.card_roll import CONDITIONS
    from oddsengine.declaration import options_of

    declared = {item.name: item for item in options_of(type(spec))}
    for condition in type(spec).record.conditions:
        item = declared[condition.field]
        assert item.group == CONDITIONS
        if condition.below is not None:  # the chateau VP: a count, fewer than 6
            continue
        assert item.default is condition.required
        assert item.value == ("yes-no" if condition.required else "flag")
        with pytest.raises(OddsEngineError, match=re.escape(condition.words)):
            dataclasses.replace(spec, **{condition.field: not condition.required})
        with pytest.raises(OddsEngineTypeError, match="must be True or False, not 'yes'"):
            dataclasses.replace(spec, **{condition.field: "yes"})


@pytest.mark.rule("28")
def test_a_card_roll_is_named_in_code_only_by_its_record():
    from oddsengine.combat.fleets import find_naval_leader

    names = set()
    for record in CARD_ROLLS.values():
        names.add(record.slug)
        try:
            find_naval_leader(record.name)  # Andrea Doria is a naval leader too
        except OddsEngineError:
            names.add(record.name.lower())
    # The registry names each card roll's kind, the book's contents the kinds each page
    # covers, and the religious cards' records (RULES.md §19) the events whose attempts
    # they are; the records say everything else.
    allowed = {
        "oddsengine/card_rolls/records.py",
        "oddsengine/kinds/card_rolls.py",
        "oddsengine/faces/book/contents.py",
        "oddsengine/religion/cards.py",
    }
    found = modules_naming(names, ROOT, but_all=True)
    outside = {name: modules - allowed for name, modules in found.items() if modules - allowed}
    assert outside == {}

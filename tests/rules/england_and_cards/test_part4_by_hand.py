"""Part IV asked as a user asks it (RULES.md §24-§30): each question worked out by hand
from the rules, in fractions with the arithmetic beside it, then asked both through the
command line (``--exact --fractions --format json``) and through Python (``oe.exact`` of
the spec), which must both give the hand value; and the questions the rules make
impossible, each refused in one line with exit 2.

Notation: ``a`` is Anne Boleyn's line, ``m`` Jane Seymour's modified roll (die + 1: 2, 3, 4,
5 at 1/6 each and 6 at 2/6, §25.4), a taken line walks up to the first free one (§30.1);
"healthy" is a 6 on the chart, "sickly" a highest 5, "Mary + Elizabeth" a highest 4, "Mary
only" a highest 3 or less (§26). A die hits on 5-6 (1/3); P(k of n) = C(n,k) 2^(n-k) / 3^n.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from conftest import refused, run_cli

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
from oddsengine.card_rolls.riches import RichesRoll
from oddsengine.card_rolls.riches_turn import RichesTurn
from oddsengine.card_rolls.sack_of_rome import SackOfRome
from oddsengine.errors import OddsEngineError
from oddsengine.results.fractions import exact_fractions

F = Fraction
Heirs, MaryI = oe.Heirs, oe.MaryI


def _case(argv: str, spec, key: str, hand: Fraction):
    """One question: its command line (after ``oddsengine``), its Python spec (built when
    the test runs), the answer's key (``p:NAME`` a chance, ``e:NAME`` an expected value)
    and the hand value."""
    return pytest.param(argv.split("|"), spec, key, hand, id=f"{argv.replace('|', ' ')} {key}")


def _cli_value(capsys, argv, key):
    status, out, err = run_cli(capsys, *argv, "--exact", "--fractions", "--format", "json")
    assert status == 0, err
    answer = json.loads(out)
    kind, name = key.split(":", 1)
    if kind == "p":
        return Fraction(answer["fractions"][name])
    return answer["expected"][name]["mean"]


def _python_value(spec, key):
    result = oe.exact(spec())
    kind, name = key.split(":", 1)
    if kind == "p":
        return exact_fractions(result)[name]
    return result.expected_values()[name]["mean"]


def _agrees(found, hand: Fraction) -> bool:
    if isinstance(found, Fraction):
        return found == hand
    return found == pytest.approx(float(hand), abs=1e-12)


def _check(capsys, argv, spec, key, hand):
    from_cli = _cli_value(capsys, argv, key)
    from_python = _python_value(spec, key)
    assert _agrees(from_cli, hand), (argv, key, from_cli, hand)
    assert _agrees(from_python, hand), (key, from_python, hand)


# -- the chart and the heirs (§24, §25, §29, §30.1-§30.8) ------------------------------------

# fmt: off
HEIRS = [
    # 25: an empty chart, no modifier: each line 1/6; 1-3 give Mary alone (26): 3/6.
    _case("heirs|--marriages|1", lambda: Heirs(marriages=1), "p:healthy_edward", F(1, 6)),
    _case("heirs|--marriages|1", lambda: Heirs(marriages=1), "p:mary_only", F(1, 2)),
    # 25.5: 5 VP on a 5 or a 6 (2/6), else 2 VP on a 4 (1/6): 10/6 + 2/6 = 2.
    _case("heirs|--marriages|1", lambda: Heirs(marriages=1), "e:vp", F(2)),
    # 29 row 2: a = 6 (1/6) ends it; a = 1..4 with m = 6 (2/6 each); a = 5 with m = 5 -> 6
    # or 6 (3/6): 1/6 + (4 * 2/6 + 3/6) / 6 = 6/36 + 11/36 = 17/36.
    _case("heirs|--marriages|2", lambda: Heirs(marriages=2), "p:healthy_edward", F(17, 36)),
    # highest 5: a = 1, 2, 3 with m = 5 (1 face each); a = 4 with m = 4 -> 5 or 5 (2);
    # a = 5 with m = 2, 3, 4 (3): (1 + 1 + 1 + 2 + 3) / 36 = 8/36 = 2/9.
    _case("heirs|--marriages|2", lambda: Heirs(marriages=2), "p:sickly_edward", F(2, 9)),
    # highest 3 or less: a = 1 with m = 2, 3 (2); a = 2 with m = 2 -> 3, 3 (2); a = 3 with
    # m = 2 (1): 5/36.
    _case("heirs|--marriages|2", lambda: Heirs(marriages=2), "p:mary_only", F(5, 36)),
    # a 4 on the chart: a = 4 (6 faces); a = 1, 2, 5 with m = 4 (1 each); a = 3 with m = 3 -> 4
    # or 4 (2): (6 + 3 + 2) / 36 = 11/36.
    _case("heirs|--marriages|2", lambda: Heirs(marriages=2), "p:elizabeth_born", F(11, 36)),
    # Edward born 17/36 + 8/36 = 25/36, Elizabeth without him 6/36:
    # 5 * 25/36 + 2 * 6/36 = 137/36 (29: 3.806).
    _case("heirs|--marriages|2", lambda: Heirs(marriages=2), "e:vp", F(137, 36)),
    # 29 row 3: the 16/36 of charts left after two marriages go on; Cleves' plain die reaches
    # 6 on a 6, or on a 5 when 5 is taken (the 5/36 charts holding a 5 and no 4):
    # 17/36 + 5/36 * 2/6 + 11/36 * 1/6 = 102/216 + 10/216 + 11/216 = 123/216 = 41/72 (56.94%).
    _case("heirs|--marriages|3", lambda: Heirs(marriages=3), "p:healthy_edward", F(41, 72)),
    # 29 rows 4 and 5 (62.42%, 5.79% Mary + Elizabeth, 0 Mary only, 44.91%, E[VP] 4.826;
    # 64.42% = 5009/7776, 46.97% = 913/1944, 5.000): 62.42% = 809/1296 and 5.79% = 25/432.
    _case("heirs|--marriages|4", lambda: Heirs(marriages=4), "p:healthy_edward", F(809, 1296)),
    _case("heirs|--marriages|4", lambda: Heirs(marriages=4), "p:mary_elizabeth", F(25, 432)),
    # 25.7: four rolls without Edward hold 1, 2, 3 and so a 4: Mary alone cannot remain.
    _case("heirs|--marriages|4", lambda: Heirs(marriages=4), "p:mary_only", F(0)),
    # 4.826: 5 * (809/1296 + sickly 412/1296) + 2 * 75/1296 = (6105 + 150)/1296 = 695/144.
    _case("heirs|--marriages|4", lambda: Heirs(marriages=4), "e:vp", F(695, 144)),
    _case("heirs", lambda: Heirs(), "p:healthy_edward", F(5009, 7776)),
    _case("heirs", lambda: Heirs(), "p:elizabeth_born", F(913, 1944)),
    # 25.7: with all five wives Edward is always born: 5 VP every game.
    _case("heirs", lambda: Heirs(), "p:edward_born", F(1)),
    _case("heirs", lambda: Heirs(), "e:vp", F(5)),
    # From a chart in play: Anne rolled a 2, Jane next. m = 2 -> 3 or 3 (2/6) Mary alone;
    # 4 (1/6); 5 (1/6); 6 (2/6): healthy 1/3, Mary alone 1/3; VP 5 * 3/6 + 2 * 1/6 = 17/6.
    _case("heirs|--used|2|--marriages|1", lambda: Heirs(used=(2,), marriages=1),
          "p:healthy_edward", F(1, 3)),
    _case("heirs|--used|2|--marriages|1", lambda: Heirs(used=(2,), marriages=1),
          "p:mary_only", F(1, 3)),
    _case("heirs|--used|2|--marriages|1", lambda: Heirs(used=(2,), marriages=1), "e:vp",
          F(17, 6)),
    # Anne rolled a 4 (Elizabeth): m = 2, 3 keep 4 highest (2/6); m = 4 -> 5 or 5 (2/6)
    # sickly; 6 (2/6). VP: 5 * 4/6 + 2 * 2/6 = 4.
    _case("heirs|--used|4|--wife|jane-seymour|--marriages|1",
          lambda: Heirs(used=(4,), wife="jane-seymour", marriages=1), "p:mary_elizabeth",
          F(1, 3)),
    _case("heirs|--used|4|--wife|jane-seymour|--marriages|1",
          lambda: Heirs(used=(4,), wife="jane-seymour", marriages=1), "e:vp", F(4)),
    # Anne rolled a 5: m = 5 -> 6 or 6 (3/6) healthy; m = 4 (1/6) gives Elizabeth too.
    _case("heirs|--used|5|--marriages|1", lambda: Heirs(used=(5,), marriages=1),
          "p:healthy_edward", F(1, 2)),
    _case("heirs|--used|5|--marriages|1", lambda: Heirs(used=(5,), marriages=1),
          "p:elizabeth_born", F(1, 6)),
    # Anne of Cleves after 1 and 3 (plain die): 1 -> 2, 2 (Mary alone, 2/6); 3 -> 4, 4
    # (2/6); 5; 6. VP: 5 * 2/6 + 2 * 2/6 = 7/3.
    _case("heirs|--used|1,3|--marriages|1", lambda: Heirs(used=(1, 3), marriages=1),
          "p:mary_only", F(1, 3)),
    _case("heirs|--used|1,3|--marriages|1", lambda: Heirs(used=(1, 3), marriages=1), "e:vp",
          F(7, 3)),
    # Katherine Parr after 1, 2, 3, 5 (25.6): 1..4 walk to 4 (4/6), 5 -> 6 or 6 (2/6).
    _case("heirs|--used|1,2,3,5|--marriages|1", lambda: Heirs(used=(1, 2, 3, 5), marriages=1),
          "p:healthy_edward", F(1, 3)),
    # 30.5 consequence: Elizabeth is born only on the 4: 4/6.
    _case("heirs|--used|1,2,3,5|--marriages|1", lambda: Heirs(used=(1, 2, 3, 5), marriages=1),
          "p:elizabeth_born", F(2, 3)),
    # 30.5 guarantee: Elizabeth counts as born after Parr's roll, whatever it is: 1.
    _case("heirs|--used|1,2,3,5|--marriages|1|--parr-both|guarantee",
          lambda: Heirs(used=(1, 2, 3, 5), marriages=1, parr_both="guarantee"),
          "p:elizabeth_born", F(1)),
    # ... and moves no ruler: healthy still 2/6.
    _case("heirs|--used|1,2,3,5|--marriages|1|--parr-both|guarantee",
          lambda: Heirs(used=(1, 2, 3, 5), marriages=1, parr_both="guarantee"),
          "p:healthy_edward", F(1, 3)),
    # From the start under guarantee: 913/1944 plus the Parr rolls that miss the 4. Parr
    # finds {1,2,3,4} or {1,2,3,5} (25.6), 29 row 4's "Mary + Elizabeth" 5.79% = 25/432 and
    # "sickly Edward only" 3.09% = 5/162 = 40/1296; from {1,2,3,5} a 5 or 6 gives 6:
    # 913/1944 + 40/1296 * 2/6 = 913/1944 + 20/1944 = 933/1944 = 311/648.
    _case("heirs|--parr-both|guarantee", lambda: Heirs(parr_both="guarantee"),
          "p:elizabeth_born", F(311, 648)),
    # 30.1 lower walk: a repeated line goes down, so Jane reaches 6 only on m = 6:
    # 1/6 + 5/6 * 2/6 = 16/36 = 4/9 (29: 44.44%).
    _case("heirs|--walk|lower|--marriages|2", lambda: Heirs(walk="lower", marriages=2),
          "p:healthy_edward", F(4, 9)),
    # Lower walk after Anne's 5: m = 5 -> 4 (with m = 4: Elizabeth, 2/6); 6 only on m = 6.
    _case("heirs|--walk|lower|--used|5|--marriages|1",
          lambda: Heirs(walk="lower", used=(5,), marriages=1), "p:healthy_edward",
          F(1, 3)),
    _case("heirs|--walk|lower|--used|5|--marriages|1",
          lambda: Heirs(walk="lower", used=(5,), marriages=1), "p:elizabeth_born",
          F(1, 3)),
    # Lower walk with nothing free below (§30.1 in the docs): Parr after 1, 2, 3, 4 takes
    # the first free line above: 1..5 give 5, 6 gives 6.
    _case("heirs|--walk|lower|--used|1,2,3,4|--marriages|1",
          lambda: Heirs(walk="lower", used=(1, 2, 3, 4), marriages=1), "p:sickly_edward",
          F(5, 6)),
    # 29's comparison: the lower walk after Parr, 61.15% = 1585/2592.
    _case("heirs|--walk|lower", lambda: Heirs(walk="lower"), "p:healthy_edward",
          F(1585, 2592)),
    # 24, 30.7: Kathryn Howard draws England a card whenever she is married: the chart is
    # unfinished after three marriages in 53/216 of games (the 16/36 charts left after two,
    # each going on unless Cleves makes a 6 or the missing heir:
    # {1,2} 1*5/6, {1,3} 5/6, {1,4} 3/6, {1,5} 3/6, {2,3} 3*5/6, {2,4} 2*3/6, {2,5} 2*3/6,
    # {3,4} 3*2/6, {3,5} 2*2/6 = 53/6 in 36ths = 53/216).
    _case("heirs", lambda: Heirs(), "e:cards_drawn", F(53, 216)),
    # With the Protestant ally England also draws at Cleves' marriage (4/9 of games: the
    # 16/36 left after two): 96/216 + 53/216 = 149/216.
    _case("heirs|--protestant-ally", lambda: Heirs(protestant_ally=True), "e:cards_drawn",
          F(149, 216)),
    # Marriages: Anne 1, Jane 5/6 (no 6 from Anne), Cleves 4/9, Howard 53/216, Parr
    # 25/432 + 5/162 = 115/1296 (above): (1296 + 1080 + 576 + 318 + 115)/1296 = 3385/1296.
    _case("heirs", lambda: Heirs(), "e:marriages", F(3385, 1296)),
]
# fmt: on


@pytest.mark.rule("24", "25", "29", "30.1", "30.5", "30.7", "30.8")
@pytest.mark.parametrize("argv, spec, key, hand", HEIRS)
def test_the_heirs_by_hand(capsys, argv, spec, key, hand):
    _check(capsys, argv, spec, key, hand)


# -- the succession (§26, §30.4, §30.9) -----------------------------------------------------

# fmt: off
TIMELINE = [
    # 26, 25.7: four plays and the flirtatious bonus always give Edward; Mary follows a
    # sickly one on turn 7: 2767/7776 (35.58%).
    _case("heirs|--timeline", lambda: Heirs(timeline=True), "p:mary_from_turn:7",
          F(2767, 7776)),
    _case("heirs|--timeline", lambda: Heirs(timeline=True), "p:mary_from_turn:6", F(0)),
    _case("heirs|--timeline", lambda: Heirs(timeline=True), "e:mary_turn", F(7)),
    # Five plays (the divorce on turn 3) end on the same chart: Parr is the last wife.
    _case("heirs|--timeline|--marriages-before-heir|5",
          lambda: Heirs(timeline=True, marriages_before_heir=5), "p:mary_rules",
          F(2767, 7776)),
    # Three plays, the bonus on top: no Edward is the chart {1,2,4} after three (5/216:
    # 1,2,4 1/216; 1,4,2 2/216 (Cleves' 1 walks to 2); 2,4,1 1/216; 4,2,1 1/216) or {1,2,3,4}
    # with the 3 among the first three (25/432 less {1,2,4} then 3, 5/216 * 3/6):
    # 5/216 + 25/432 - 5/432 = 30/432 = 5/72 (26: 6.94% on turn 6).
    _case("heirs|--timeline|--marriages-before-heir|3",
          lambda: Heirs(timeline=True, marriages_before_heir=3), "p:mary_from_turn:6",
          F(5, 72)),
    # 26: 31.79% on turn 7 = 103/324; E[turn] = (6 * 5/72 + 7 * 103/324) / (251/648)
    # = 1712/251 (6.82).
    _case("heirs|--timeline|--marriages-before-heir|3",
          lambda: Heirs(timeline=True, marriages_before_heir=3), "e:mary_turn",
          F(1712, 251)),
    # Two plays: no Edward after two is 11/36 = 66/216; the charts holding a 3 marry once
    # more and leave no Edward with {1,3} 4/6, {2,3} (3/36) 4/6, {3,4} (3/36) 2/6:
    # 66/216 - (1 * 2 + 3 * 2 + 3 * 4)/216 = 46/216 = 23/108 (26: 21.30% on turn 6).
    _case("heirs|--timeline|--marriages-before-heir|2",
          lambda: Heirs(timeline=True, marriages_before_heir=2), "p:mary_from_turn:6",
          F(23, 108)),
    # Sickly after two 48/216; {3,5} (2/36) loses 2/6 to a 6; {1,3}, {2,3} gain a 5 on 1/6,
    # {3,4} on 3/6: 48/216 - 4/216 + (1 + 3 + 9)/216 = 57/216 = 19/72 (26: 26.39%).
    _case("heirs|--timeline|--marriages-before-heir|2",
          lambda: Heirs(timeline=True, marriages_before_heir=2), "p:mary_from_turn:7",
          F(19, 72)),
    # E[turn] = (6 * 46 + 7 * 57) / 103 = 675/103 (6.55).
    _case("heirs|--timeline|--marriages-before-heir|2",
          lambda: Heirs(timeline=True, marriages_before_heir=2), "e:mary_turn",
          F(675, 103)),
    # One play: Anne 1, 2, 4 (3/6) or a 3 and Jane's bonus without 5 or 6 (m = 2, 3 -> 4,
    # 4: 3/6): 3/6 + 1/6 * 3/6 = 7/12.
    _case("heirs|--timeline|--marriages-before-heir|1",
          lambda: Heirs(timeline=True, marriages_before_heir=1), "p:mary_from_turn:6",
          F(7, 12)),
    # 30.9 with q = 1/2 a turn and no marriage: Mary's card, in the deck from turn 6, is
    # played on turn 6, 7, 8, 9 with 1/2, 1/4, 1/8, 1/16; after turn 9 she never rules.
    _case("heirs|--timeline|--marriages-before-heir|0|--heir-draw|0.5",
          lambda: Heirs(timeline=True, marriages_before_heir=0, heir_draw=0.5),
          "p:mary_rules", F(15, 16)),
    # E[turn] = (6/2 + 7/4 + 8/8 + 9/16) / (15/16) = (101/16) / (15/16) = 101/15.
    _case("heirs|--timeline|--marriages-before-heir|0|--heir-draw|0.5",
          lambda: Heirs(timeline=True, marriages_before_heir=0, heir_draw=0.5),
          "e:mary_turn", F(101, 15)),
    # Three plays, q = 1/2: no Edward (5/72) and Mary's card played at once on turn 6:
    # 5/72 * 1/2 = 5/144.
    _case("heirs|--timeline|--marriages-before-heir|3|--heir-draw|0.5",
          lambda: Heirs(timeline=True, marriages_before_heir=3, heir_draw=0.5),
          "p:mary_from_turn:6", F(5, 144)),
    # Turn 7: Mary's card late a turn (5/72 * 1/4), or a sickly Edward (103/324) crowned on
    # turn 6 (1/2) and Mary's card, entering on turn 7, played at once (1/2):
    # 5/288 + 103/1296 = 45/2592 + 206/2592 = 251/2592.
    _case("heirs|--timeline|--marriages-before-heir|3|--heir-draw|0.5",
          lambda: Heirs(timeline=True, marriages_before_heir=3, heir_draw=0.5),
          "p:mary_from_turn:7", F(251, 2592)),
]
# fmt: on


@pytest.mark.rule("26", "30.4", "30.9")
@pytest.mark.parametrize("argv, spec, key, hand", TIMELINE)
def test_the_succession_by_hand(capsys, argv, spec, key, hand):
    _check(capsys, argv, spec, key, hand)


@pytest.mark.rule("24", "30.4")
def test_one_more_marriage_by_hand(capsys):
    # From the start, the fifth marriage: E[VP] after five 5 less after four 695/144 =
    # 25/144 (0.174), against Six Wives' 5 CP: 5/144 VP a CP (0.035).
    status, out, err = run_cli(capsys, "heirs", "--card-value", "--format", "json")
    assert status == 0, err
    (row,) = json.loads(out)
    assert row["difference"] == pytest.approx(25 / 144, abs=1e-9)
    assert row["vp_per_cp"] == pytest.approx(5 / 144, abs=1e-9)
    # After Anne's 2, Jane's marriage: 0 VP now, 17/6 after (above): +17/6, 17/30 a CP.
    status, out, err = run_cli(capsys, "heirs", "--used", "2", "--marriages", "1",
                               "--card-value", "--format", "json")  # fmt: skip
    assert status == 0, err
    (row,) = json.loads(out)
    assert row["difference"] == pytest.approx(17 / 6, abs=1e-9)
    assert row["vp_per_cp"] == pytest.approx(17 / 30, abs=1e-9)


# -- England under Mary I (§27, §30.10) -----------------------------------------------------

# fmt: off
MARY_I = [
    # 27: each card impulse, 1-3 (1/2) gives the Papacy the card: binomial(n, 1/2).
    _case("mary-i|--impulses|3", lambda: MaryI(impulses=3), "p:taken:0", F(1, 8)),
    _case("mary-i|--impulses|3", lambda: MaryI(impulses=3), "p:taken:2", F(3, 8)),
    # 27: 1 - 1/8 = 7/8 (87.5%); 1 - 1/32 = 31/32 (96.9%); n/2 on average.
    _case("mary-i|--impulses|3", lambda: MaryI(impulses=3), "p:at_least:1", F(7, 8)),
    _case("mary-i|--impulses|5", lambda: MaryI(impulses=5), "p:at_least:1", F(31, 32)),
    _case("mary-i|--impulses|5", lambda: MaryI(impulses=5), "e:taken", F(5, 2)),
    # The most impulses asked: 1 - 2^-40.
    _case("mary-i|--impulses|40", lambda: MaryI(impulses=40), "p:at_least:1",
          1 - F(1, 2**40)),
    # 27 step 2, 30.10: the Mandatory Event rolls nothing, four cards roll: all four 1/16.
    _case("mary-i|--card-cp|2,3,4,mandatory,5",
          lambda: MaryI(cards=(2, 3, 4, "mandatory", 5)), "p:taken:4", F(1, 16)),
    # Burn Books from the 2, 4 and 5 CP cards (1 or 2 CP; 4+ both): all three 1/8.
    _case("mary-i|--card-cp|2,3,4,mandatory,5",
          lambda: MaryI(cards=(2, 3, 4, "mandatory", 5)), "p:burn_books:3", F(1, 8)),
    # Debates from the 3, 4 and 5 CP cards: none 1/8.
    _case("mary-i|--card-cp|2,3,4,mandatory,5",
          lambda: MaryI(cards=(2, 3, 4, "mandatory", 5)), "p:debates:0", F(1, 8)),
    # Kept: the Mandatory Event and half the other four: 1 + 4/2 = 3.
    _case("mary-i|--card-cp|2,3,4,mandatory,5",
          lambda: MaryI(cards=(2, 3, 4, "mandatory", 5)), "e:kept", F(3)),
    # 1 CP cards at four impulses: Burn Books binomial(4, 1/2), two of them 6/16; no debate.
    _case("mary-i|--card-cp|1|--impulses|4", lambda: MaryI(impulses=4, cards=(1,)),
          "p:burn_books:2", F(3, 8)),
    _case("mary-i|--card-cp|1|--impulses|4", lambda: MaryI(impulses=4, cards=(1,)),
          "p:debates:0", F(1)),
    # Only Mandatory Events shown: nothing is rolled, nothing taken.
    _case("mary-i|--card-cp|mandatory|--impulses|3",
          lambda: MaryI(impulses=3, cards=("mandatory",)), "p:taken:0", F(1)),
]
# fmt: on


@pytest.mark.rule("27", "30.10")
@pytest.mark.parametrize("argv, spec, key, hand", MARY_I)
def test_mary_i_by_hand(capsys, argv, spec, key, hand):
    _check(capsys, argv, spec, key, hand)


# -- the card rolls (§28, §30.13-§30.18) ----------------------------------------------------

# fmt: off
CARD_ROLLS = [
    # 28.1: 1-2 nothing, 3-4 one space, 5 two, 6 all: unrest on 3-6, 4/6.
    _case("card-roll|book-of-common-prayer", lambda: BookOfCommonPrayer(), "p:unrest",
          F(2, 3)),
    # Four Catholic spaces: 1/3 * 1 + 1/6 * 2 + 1/6 * 4 = 4/3.
    _case("card-roll|book-of-common-prayer|--catholic-home-spaces|4|--turn|4",
          lambda: BookOfCommonPrayer(catholic_home_spaces=4, turn=4), "e:unrest_spaces",
          F(4, 3)),
    # Two left: 1/3 * 1 + 1/6 * 2 + 1/6 * 2 = 1.
    _case("card-roll|book-of-common-prayer|--catholic-home-spaces|2",
          lambda: BookOfCommonPrayer(catholic_home_spaces=2), "e:unrest_spaces", F(1)),
    # None left: the die finds no Catholic space.
    _case("card-roll|book-of-common-prayer|--catholic-home-spaces|0",
          lambda: BookOfCommonPrayer(catholic_home_spaces=0), "p:unrest_spaces:0",
          F(1)),
    # 28.2: 2d6 >= 8 in 5 + 4 + 3 + 2 + 1 = 15 of 36 = 5/12; >= 10 in 6/36 = 1/6; mean 7.
    _case("card-roll|michelangelo|--turn|4", lambda: Michelangelo(turn=4), "p:cp_at_least:8",
          F(5, 12)),
    _case("card-roll|michelangelo|--turn|9", lambda: Michelangelo(turn=9),
          "p:cp_at_least:10", F(1, 6)),
    _case("card-roll|michelangelo", lambda: Michelangelo(), "e:cp", F(7)),
    # 28.3: 4-6 (1/2), then one of the six Hapsburg explorers of the random pool: 1/12 each.
    _case("card-roll|fountain-of-youth", lambda: FountainOfYouth(), "p:removed:Magellan",
          F(1, 12)),
    # Magellan already gone: one of five, 1/2 * 1/5 = 1/10.
    _case("card-roll|fountain-of-youth|--removed|Magellan",
          lambda: FountainOfYouth(removed=("Magellan",)), "p:removed:Orellana",
          F(1, 10)),
    # France's three all gone: the die removes no one.
    _case("card-roll|fountain-of-youth|--power|france|--removed|Cartier,Roberval,Verrazano",
          lambda: FountainOfYouth("france", removed=("Cartier", "Roberval", "Verrazano")),
          "p:explorer_removed", F(0)),
    # 28.4: 4-6 for the rest of the game: 1/2.
    _case("card-roll|threat-to-power|--leader|Montmorency",
          lambda: ThreatToPower("Montmorency"), "p:out_for_game", F(1, 2)),
    # 28.5, 30.13: England needs e - f >= 2 - (units difference); a die difference k comes
    # in 6 - |k| of 36 ways. Equal units: 4+3+2+1 = 10/36 = 5/18.
    _case("card-roll|rough-wooing|--english-units|2|--french-units|2",
          lambda: RoughWooing(2, 2), "p:success", F(5, 18)),
    # -2: e - f >= 4 in 2 + 1 = 3/36 = 1/12 (28.5: 8.33%).
    _case("card-roll|rough-wooing|--english-units|0|--french-units|2",
          lambda: RoughWooing(0, 2), "p:success", F(1, 12)),
    # +4: e - f >= -2 in 36 - (1 + 2 + 3) = 30/36 = 5/6 (28.5: 83.33%).
    _case("card-roll|rough-wooing|--english-units|4|--french-units|0",
          lambda: RoughWooing(4, 0), "p:success", F(5, 6)),
    # -3: only (6, 1), 1/36; -4: never; +7: always.
    _case("card-roll|rough-wooing|--english-units|0|--french-units|3",
          lambda: RoughWooing(0, 3), "p:success", F(1, 36)),
    _case("card-roll|rough-wooing|--english-units|0|--french-units|4",
          lambda: RoughWooing(0, 4), "p:success", F(0)),
    _case("card-roll|rough-wooing|--english-units|7|--french-units|0",
          lambda: RoughWooing(7, 0), "p:success", F(1)),
    # 30.13 both readings at +2: margin 2 needs e - f >= 0, 21/36 = 7/12; margin 3 needs
    # e - f >= 1, 15/36 = 5/12.
    _case("card-roll|rough-wooing|--english-units|3|--french-units|1",
          lambda: RoughWooing(3, 1), "p:success", F(7, 12)),
    _case("card-roll|rough-wooing|--english-units|3|--french-units|1|--margin|3",
          lambda: RoughWooing(3, 1, margin=3), "p:success", F(5, 12)),
    # 28.6: modifier 0, die 1-6: 5-7 on 5, 6; 3-4 on 3, 4; 2 or less on 1, 2: VP 4/6.
    _case("card-roll|chateaux|--modifier|0", lambda: Chateaux(modifier=0), "p:vp", F(2, 3)),
    # Draws: 1 * 2/6 + 1 * 2/6 + 2 * 2/6 = 8/6 = 4/3.
    _case("card-roll|chateaux|--modifier|0", lambda: Chateaux(modifier=0), "e:cards_drawn",
          F(4, 3)),
    # Modifier +1, totals 2-7: 2 (draw 2 discard 1: +1), 3-4 (+0), 5-7 (+1): 4/6 = 2/3.
    _case("card-roll|chateaux|--modifier|1", lambda: Chateaux(modifier=1), "e:cards_gained",
          F(2, 3)),
    # -1 and -2 (a home space lost, enemies in one): totals -2..3, VP only on 3: 1/6.
    _case("card-roll|chateaux|--home-space-lost|--enemy-in-home",
          lambda: Chateaux(home_space_lost=True, enemy_in_home=True), "p:vp", F(1, 6)),
    # 30.17: +2 +1 +2 +1 = +6, no cap: totals 7-12, the 8+ row on 2-6, 5/6.
    _case("card-roll|chateaux|--milan-french|--florence-french|--italian-keys|--tournament",
          lambda: Chateaux(milan_french=True, florence_french=True, italian_keys=True,
                           tournament=True), "p:row:8_or_more", F(5, 6)),
    # +2 -2: 0, as above: 2/3.
    _case("card-roll|chateaux|--milan-french|--enemy-in-home",
          lambda: Chateaux(milan_french=True, enemy_in_home=True), "p:vp", F(2, 3)),
    # 28.9: two units go with 2+ hits: 1 - (32 + 80)/243 = 131/243.
    _case("card-roll|city-state-rebels|--units|2", lambda: CityStateRebels(2),
          "p:key_retaken", F(131, 243)),
    # Units lost min(hits, 2): 80/243 + 2 * 131/243 = 342/243 = 38/27.
    _case("card-roll|city-state-rebels|--units|2", lambda: CityStateRebels(2),
          "e:units_eliminated", F(38, 27)),
    # Five units need all five hits: 1/243; six cannot all go; none: retaken at once.
    _case("card-roll|city-state-rebels|--units|5", lambda: CityStateRebels(5),
          "p:key_retaken", F(1, 243)),
    _case("card-roll|city-state-rebels|--units|6", lambda: CityStateRebels(6),
          "p:key_retaken", F(0)),
    _case("card-roll|city-state-rebels|--units|0", lambda: CityStateRebels(0),
          "p:key_retaken", F(1)),
    # 28.10: one die each: the Papacy wins on (hit, miss) 1/3 * 2/3 = 2/9; equal 5/9.
    _case("card-roll|council-of-trent|--papal-dice|1|--protestant-dice|1",
          lambda: CouncilOfTrent(papal_dice=1, protestant_dice=1), "p:draw", F(5, 9)),
    # 10 v 7 (28.10: 59.96%, 22.03%): sum over i > j of P(i of 10) P(j of 7)
    # = 77433379/3^17; mean net 10/3 - 7/3 = 1.
    _case("card-roll|council-of-trent|--papal-dice|10|--protestant-dice|7",
          lambda: CouncilOfTrent(papal_dice=10, protestant_dice=7), "p:papal_wins",
          F(77433379, 129140163)),
    _case("card-roll|council-of-trent|--papal-dice|10|--protestant-dice|7",
          lambda: CouncilOfTrent(papal_dice=10, protestant_dice=7), "p:protestant_wins",
          F(28450336, 129140163)),
    # Loyola 4 + Faber 3 + Canisius 3 against Luther 4 + Melanchthon 3: the same 10 v 7.
    _case("card-roll|council-of-trent|--papal-debaters|Loyola,Faber,Canisius"
          "|--protestant-debaters|Luther,Melanchthon|--turn|6",
          lambda: CouncilOfTrent(("Loyola", "Faber", "Canisius"), ("Luther", "Melanchthon"),
                                 turn=6), "p:papal_wins", F(77433379, 129140163)),
    # 30.18: 3 dice against none, one eligible space: a flip on 1+ hits, 1 - 8/27 = 19/27.
    _case("card-roll|council-of-trent|--papal-dice|3|--protestant-dice|0|--papal-eligible|1",
          lambda: CouncilOfTrent(papal_dice=3, protestant_dice=0, papal_eligible=1),
          "e:papal_flips", F(19, 27)),
    # 28.11: 3 dice; with 2 piracy VP the loss is min(hits, 2): 12/27 + 2 * 7/27 = 26/27.
    _case("card-roll|andrea-doria|--piracy-vp|2", lambda: AndreaDoria(2),
          "e:piracy_vp_removed", F(26, 27)),
    _case("card-roll|andrea-doria|--piracy-vp|2", lambda: AndreaDoria(2),
          "p:piracy_vp_reduced", F(19, 27)),
    # None to take: nothing changes.
    _case("card-roll|andrea-doria|--piracy-vp|0", lambda: AndreaDoria(0),
          "e:piracy_vp_removed", F(0)),
]
# fmt: on


@pytest.mark.rule("28", "30.13", "30.17", "30.18")
@pytest.mark.parametrize("argv, spec, key, hand", CARD_ROLLS)
def test_the_card_rolls_by_hand(capsys, argv, spec, key, hand):
    _check(capsys, argv, spec, key, hand)


# fmt: off
SACK_AND_RICHES = [
    # 28.8: 4 mercenaries (4 dice) against 1 regular (2 dice), ties to the Papacy:
    # (4 * 65 + 4 * 33 + 1 * 9) / 729 = 401/729 (55.0%).
    _case("sack-of-rome|--attacker|hapsburg: 4M|--papal-regulars|1",
          lambda: SackOfRome("hapsburg: 4M", papal_regulars=1), "p:attacker_wins",
          F(401, 729)),
    # No regulars: 1 die; 2/3 * 65/81 + 1/3 * 33/81 = 163/243 (28.8: 67.1%).
    _case("sack-of-rome|--attacker|hapsburg: 4M|--papal-regulars|0",
          lambda: SackOfRome("hapsburg: 4M", papal_regulars=0), "p:attacker_wins",
          F(163, 243)),
    # St Peter's holds 3: it loses 3 when sacked: 3 * 401/729 = 401/243.
    _case("sack-of-rome|--attacker|hapsburg: 4M|--papal-regulars|1|--st-peters-cp|3",
          lambda: SackOfRome("hapsburg: 4M", papal_regulars=1, st_peters_cp=3),
          "e:st_peters_cp_lost", F(401, 243)),
    # 30.15 on: 6 units + Alva's 1 = 7 dice against 4: sum over i > j = 36721/59049 (62.19%);
    # off: 6 dice against 4, 10655/19683 (28.8: 54.1%).
    _case("sack-of-rome|--attacker|hapsburg: 5M 1R Duke of Alva|--papal-regulars|3",
          lambda: SackOfRome("hapsburg: 5M 1R Duke of Alva", papal_regulars=3),
          "p:attacker_wins", F(36721, 59049)),
    _case("sack-of-rome|--attacker|hapsburg: 5M 1R Duke of Alva|--papal-regulars|3"
          "|--no-sack-leader-dice",
          lambda: SackOfRome("hapsburg: 5M 1R Duke of Alva", papal_regulars=3,
                             sack_leader_dice=False), "p:attacker_wins",
          F(10655, 19683)),
    # 28.7: the Inca give a card on all but a 7 (a Galleon, without Galleons): 5/6; each of
    # two Raiders steals on 5-6: kept 5/6 * (2/3)^2 = 10/27, stolen 5/6 * 5/9 = 25/54.
    _case("riches|--column|inca|--raiders|france,england|--turn|4",
          lambda: RichesRoll("inca", raiders=("france", "england"), turn=4), "p:card_kept",
          F(10, 27)),
    _case("riches|--column|inca|--raiders|france,england|--turn|4",
          lambda: RichesRoll("inca", raiders=("france", "england"), turn=4), "p:card_stolen",
          F(25, 54)),
    # Aztec: no card on a 6 (NE) or a 7 (Galleon): 5/36 + 6/36 = 11/36.
    _case("riches|--column|aztec", lambda: RichesRoll("aztec"), "p:no_card", F(11, 36)),
    # Maya: no card only on the 7: 6/36.
    _case("riches|--column|maya", lambda: RichesRoll("maya"), "p:no_card", F(1, 6)),
    # 30.16: a colony with Plantations rolls 2d6 + 1: Elim on 2-3 (3/36), NE on 4-6 -> 5-7
    # (3 + 4 + 5), Galleon on 7 -> 8 (6): no card (3 + 12 + 6)/36 = 7/12.
    _case("riches|--column|colony|--plantations", lambda: RichesRoll("colony", plantations=True),
          "p:no_card", F(7, 12)),
    # Potosi, Plantations and Galleons: a card on 6+ -> 7+ (26 of 36): 13/18.
    _case("riches|--column|potosi|--plantations|--galleons",
          lambda: RichesRoll("potosi", plantations=True, galleons=True), "p:card_kept",
          F(13, 18)),
    # 30.14: the Inca with Galleons always give a card; the French Raider dies on 1 or 2
    # (Galleons): 1/3, steals on 5-6: 1/3.
    _case("riches|--column|inca|--galleons|--raiders|france",
          lambda: RichesRoll("inca", galleons=True, raiders=("france",)), "p:card_stolen",
          F(1, 3)),
    # A turn of the Inca and a colony: 5/6 + (9-12: 4+3+2+1 = 10/36) = 10/9 cards.
    _case("riches|--holdings|inca,colony", lambda: RichesTurn(holdings=("inca", "colony")),
          "e:cards_received", F(10, 9)),
]
# fmt: on


@pytest.mark.rule("28.7", "28.8", "30.14", "30.15", "30.16")
@pytest.mark.parametrize("argv, spec, key, hand", SACK_AND_RICHES)
def test_the_sack_of_rome_and_the_riches_by_hand(capsys, argv, spec, key, hand):
    _check(capsys, argv, spec, key, hand)


# -- what the rules make impossible ---------------------------------------------------------

# fmt: off
IMPOSSIBLE = [
    # 25.4: each line holds one marker; 25: lines 1..6 only.
    ("heirs|--used|1,1", lambda: Heirs(used=(1, 1)), "listed twice"),
    ("heirs|--used|7", lambda: Heirs(used=(7,)), "1..6"),
    ("heirs|--used|0", lambda: Heirs(used=(0,)), "1..6"),
    # 24: Katherine Parr ends the track; no roll after a 6 or with both heirs born.
    ("heirs|--marriages|6", lambda: Heirs(marriages=6), "Katherine Parr"),
    ("heirs|--marriages|-1", lambda: Heirs(marriages=-1), "-1"),
    ("heirs|--used|1,2,3,5|--marriages|2", lambda: Heirs(used=(1, 2, 3, 5), marriages=2),
     "Katherine Parr"),
    ("heirs|--used|6|--marriages|1", lambda: Heirs(used=(6,), marriages=1), "a 6"),
    ("heirs|--used|4,5|--marriages|1", lambda: Heirs(used=(4, 5), marriages=1), "both"),
    # 24: the rolls stop at 4 and 5 together, so a 6 cannot follow them.
    ("heirs|--used|4,5,6", lambda: Heirs(used=(4, 5, 6)), "no 3 marriages"),
    # 24: one result per wife married.
    ("heirs|--used|1|--wife|kathryn-howard", lambda: Heirs(used=(1,), wife="kathryn-howard"),
     "kathryn-howard"),
    ("heirs|--timeline|--heir-draw|1.5", lambda: Heirs(timeline=True, heir_draw=1.5),
     "heir_draw"),
    ("mary-i|--impulses|-1", lambda: MaryI(impulses=-1), "impulses"),
    ("mary-i|--card-cp|7", lambda: MaryI(cards=(7,)), "1..6"),
    # 28.2, 28.5, 28.10, 28.7: a card asked before it enters the deck.
    ("card-roll|michelangelo|--turn|3", lambda: Michelangelo(turn=3), "turn 4"),
    ("card-roll|michelangelo|--turn|10", lambda: Michelangelo(turn=10), "1..9"),
    ("card-roll|rough-wooing|--turn|4", lambda: RoughWooing(turn=4), "turn 5"),
    ("card-roll|council-of-trent|--turn|5", lambda: CouncilOfTrent(turn=5), "turn 6"),
    ("riches|--column|inca|--raiders|france|--turn|3",
     lambda: RichesRoll("inca", raiders=("france",), turn=3), "turn 4"),
    # 24, 28.1: Anne Boleyn on turn 3 at the earliest, Cranmer the turn after.
    ("card-roll|book-of-common-prayer|--turn|3", lambda: BookOfCommonPrayer(turn=3),
     "turn 4 at the earliest"),
    # The cards' conditions.
    ("card-roll|book-of-common-prayer|--cranmer-committed",
     lambda: BookOfCommonPrayer(cranmer_committed=True), "Cranmer uncommitted"),
    ("card-roll|rough-wooing|--edward-born|no", lambda: RoughWooing(edward_born=False),
     "Edward VI"),
    ("card-roll|threat-to-power|--captured", lambda: ThreatToPower(captured=True),
     "not captured"),
    ("card-roll|chateaux|--chateau-vp|6", lambda: Chateaux(chateau_vp=6), "fewer than 6"),
    ("card-roll|city-state-rebels|--under-siege", lambda: CityStateRebels(under_siege=True),
     "not under siege"),
    ("card-roll|fountain-of-youth|--exploration-underway|no",
     lambda: FountainOfYouth(exploration_underway=False), "exploration"),
    # 28.10: up to 4 Papal and 2 Protestant debaters.
    ("card-roll|council-of-trent|--protestant-debaters|Luther,Melanchthon,Bucer|--turn|6",
     lambda: CouncilOfTrent(protestant_debaters=("Luther", "Melanchthon", "Bucer"), turn=6),
     "at most 2"),
    # Negative counts.
    ("card-roll|rough-wooing|--english-units|-1", lambda: RoughWooing(-1, 0), "english_units"),
    ("card-roll|city-state-rebels|--units|-1", lambda: CityStateRebels(-1), "units"),
    ("card-roll|andrea-doria|--piracy-vp|-1", lambda: AndreaDoria(-1), "piracy_vp"),
    # 28.8: more mercenaries than Papal regulars, and a non-Papal stack.
    ("sack-of-rome|--attacker|hapsburg: 1M|--papal-regulars|1",
     lambda: SackOfRome("hapsburg: 1M", papal_regulars=1), "more mercenaries"),
    ("sack-of-rome|--attacker|hapsburg: 4M|--papal-regulars|-1",
     lambda: SackOfRome("hapsburg: 4M", papal_regulars=-1), "papal_regulars"),
]
# fmt: on


@pytest.mark.rule("24", "25", "26", "27", "28")
@pytest.mark.parametrize(
    "argv, spec, words", IMPOSSIBLE, ids=[argv.replace("|", " ") for argv, _, _ in IMPOSSIBLE]
)
def test_what_the_rules_make_impossible_is_refused(capsys, argv, spec, words):
    line = refused(capsys, argv.split("|"), [words])
    assert line.startswith("oddsengine ")
    with pytest.raises(OddsEngineError, match=words.replace(".", r"\.")):
        spec()

"""The explorer's Part III engagements (issues 31 and 32): each shows the exact odds of its
kind under the kind's own outcome names, the choices its records allow (the debaters in
play in a zone at a turn, the explorers of a power), and a command line that really runs
and gives the same figures."""

from __future__ import annotations

import html
import json
import re
import shlex
from fractions import Fraction

import pytest

pytest.importorskip("ipywidgets")

import oddsengine as oe  # noqa: E402
from oddsengine.cli import main  # noqa: E402


def _explorer(engagement, **values):
    """The calculator of ``engagement`` with ``values`` set: a kind offered from its
    declaration names its controls ``KIND.OPTION`` (``reformation.protestant_dice``)."""
    calculator = oe.explore(engagement)
    for key, value in values.items():
        calculator.controls[_key(calculator, engagement, key)].value = value
    return calculator


def _key(calculator, engagement, key):
    """The control ``key`` of ``engagement``: ``KIND.OPTION`` where it has one, else the
    key itself (another kind's ``KIND.OPTION``, a run's own control)."""
    declared = f"{engagement}.{key}"
    return declared if declared in calculator.controls else key


def _control(calculator, key):
    return calculator.controls[_key(calculator, calculator.controls["engagement"].value, key)]


def _printed(calculator, capsys) -> dict:
    """What the calculator's own command line prints as JSON, run in-process."""
    shown = re.search(r"same as: <code[^>]*>(.*)</code>", calculator.command.value)
    words = shlex.split(html.unescape(re.sub(r"<[^>]+>", "", shown.group(1))))
    assert words[0] == "oddsengine"
    assert shlex.join(words) == calculator.command_line
    capsys.readouterr()
    assert main([*words[1:], "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


def _same_as_command(calculator, capsys) -> dict:
    assert calculator.error is None, calculator.error
    printed = _printed(calculator, capsys)
    assert printed["p"] == pytest.approx(dict(calculator.result.p), abs=1e-12)
    return printed


def _visible(calculator, key) -> bool:
    return _control(calculator, key).layout.display != "none"


def _offered(calculator, key) -> list:
    control = _control(calculator, key)
    if hasattr(control, "allowed_tags"):
        return list(control.allowed_tags)
    return [value for _, value in control.options]


def test_every_part_three_kind_is_an_engagement():
    from oddsengine.faces.explore import ENGAGEMENTS

    for name in (
        "reformation",
        "counter-reformation",
        "attempts",
        "debate",
        "diet",
        "voyage",
        "conquest",
    ):
        assert name in ENGAGEMENTS, name


def test_a_reformation_from_dice_counts(capsys):
    # 1 die against 1, the Protestant wins ties (RULES.md §17): he succeeds when his die
    # is at least the Papal die, 1 + 2 + ... + 6 = 21 of the 36 pairs.
    calculator = _explorer("reformation", protestant_dice=1, papal_dice=1, ties="protestant")
    assert calculator.result.p["success"] == pytest.approx(21 / 36, abs=1e-12)
    assert "success" in calculator.odds.value and "failure" in calculator.odds.value
    assert calculator.command_line == (
        "oddsengine reformation --protestant-dice 1 --papal-dice 1 --exact"
    )
    _same_as_command(calculator, capsys)
    # The Papacy wins ties: the Protestant must beat the Papal die, 0+1+...+5 = 15/36.
    _control(calculator, "ties").value = "papacy"
    assert calculator.result.p["success"] == pytest.approx(15 / 36, abs=1e-12)
    assert calculator.command_line.endswith("--ties papacy --exact")
    # The board's controls are not used by dice counts, and the dice's are by a board.
    assert not _visible(calculator, "target") and _visible(calculator, "protestant_dice")
    assert "counter-reformation.augsburg" not in calculator.controls["engagement"].value
    assert not _visible(calculator, "counter-reformation.augsburg")  # another kind's
    _same_as_command(calculator, capsys)


def test_a_reformation_with_the_modifier_and_bonus_dice(capsys):
    # 1 die + Printing Press (+1 die) against 1, Protestant ties: fails only when both of
    # his dice are below the Papal die: sum over p of ((p-1)/6)^2 / 6 = 55/216, so
    # 161/216. With the +1 modifier too, a die of d counts d+1: fails when both are below
    # p-1, sum ((p-2)^+ / 6)^2 / 6 = (0+0+1+4+9+16)/216 = 30/216, so 186/216.
    calculator = _explorer("reformation", printing_press=True)
    assert calculator.result.p["success"] == pytest.approx(161 / 216, abs=1e-12)
    assert "--printing-press" in calculator.command_line
    _same_as_command(calculator, capsys)
    _control(calculator, "modifier").value = 1
    assert calculator.result.p["success"] == pytest.approx(186 / 216, abs=1e-12)
    assert "--modifier 1" in calculator.command_line
    _same_as_command(calculator, capsys)


def test_a_counter_reformation_with_augsburg(capsys):
    # 1 Papal die against 1, the Papacy wins ties, Augsburg takes 1 from the Papal die
    # (§18): a Papal d counts d-1, succeeds when d-1 >= the Protestant die: 0+1+...+5 =
    # 15/36.
    calculator = _explorer("counter-reformation", ties="papacy", augsburg=True)
    assert calculator.result.p["success"] == pytest.approx(15 / 36, abs=1e-12)
    assert not _visible(calculator, "reformation.printing_press")
    assert _visible(calculator, "augsburg")
    assert calculator.command_line.endswith("--ties papacy --augsburg --exact")
    _same_as_command(calculator, capsys)


def _at_least(ours: int, theirs: int) -> Fraction:
    """P(the highest of ``ours`` dice >= the highest of ``theirs``): the sum over the
    highest m of ours of (m^n - (m-1)^n) / 6^n times (m / 6)^k."""
    return sum(
        Fraction(m**ours - (m - 1) ** ours, 6**ours) * Fraction(m**theirs, 6**theirs)
        for m in range(1, 7)
    )


def test_a_reformation_on_a_shipped_board_shows_where_the_dice_come_from(capsys):
    # The 18.3 example (Wittenberg and Brandenburg Protestant): Magdeburg by the 95
    # Theses, 5 Protestant dice from the board + 1 for the Theses against 3 Papal, the
    # Protestant wins ties (in the target zone): P(highest of 6 >= highest of 3).
    calculator = _explorer(
        "reformation", scenario="religion_example", target="Magdeburg", source="95-theses"
    )
    expected = _at_least(6, 3)
    assert calculator.result.p["success"] == pytest.approx(float(expected), abs=1e-12)
    assert "Luther in Wittenberg" in calculator.odds.value
    assert "Papal dice from: Brunswick is Catholic 1" in calculator.odds.value
    assert _visible(calculator, "target") and not _visible(calculator, "protestant_dice")
    assert calculator.command_line == (
        "oddsengine reformation religion_example --space Magdeburg --source 95-theses --exact"
    )
    printed = _same_as_command(calculator, capsys)
    assert printed["spec"]["dice"]["protestant"]["rolled"] == 6
    # The spaces offered are those the source may attempt now (17 step 1): Wittenberg,
    # Protestant already, is not one of them.
    targets = _offered(calculator, "target")
    assert "Magdeburg" in targets and "Wittenberg" not in targets
    # A source of the other side's attempts (set from code) is refused, naming the kind.
    from oddsengine.errors import OddsEngineError
    from oddsengine.faces.explore import build_spec

    values = {**calculator.values(), "reformation.source": "burn-books:german"}
    with pytest.raises(OddsEngineError, match="makes counter-reformation attempts"):
        build_spec(values)


def test_the_board_offers_only_the_sources_of_the_side_attempting():
    calculator = _explorer("counter-reformation", scenario="religion_1517")
    sources = _offered(calculator, "source")
    assert sources[0] == "burn-books:german" and "95-theses" not in sources
    calculator.controls["engagement"].value = "reformation"
    _control(calculator, "scenario").value = "religion_1517"
    sources = _offered(calculator, "source")
    assert sources[0] == "95-theses" and "caraffa" not in sources
    # Only the debaters whose bonus adds a die to this side's attempts, in play on the
    # board's turn (Bucer on turn 1): a Papal debater is not offered.
    debaters = _offered(calculator, "debater")
    assert debaters == ["", "Bucer"]


def test_a_run_of_attempts_on_a_board_compared_with_greedy(capsys):
    from oddsengine.religion.attempt_runs import AttemptRun
    from oddsengine.religion.religious_board import religion_1517_board

    calculator = _explorer(
        "attempts", **{"attempts.scenario": "religion_1517", "attempts.source": "95-theses"}
    )
    assert calculator.error is None, calculator.error
    view = calculator.result
    # The 95 Theses give 5 attempts (§19): P(k flips) for k = 0..5, summing to 1, and
    # the expected flips their mean.
    flips = [view.p[f"flips:{k}"] for k in range(6)]
    assert sum(flips) == pytest.approx(1, abs=1e-12)
    expected = view.expected_values()["flips"]["mean"]
    assert expected == pytest.approx(sum(k * p for k, p in enumerate(flips)), abs=1e-12)
    answer = oe.exact(AttemptRun(religion_1517_board(), "95-theses"))
    assert expected == pytest.approx(answer.optimal.expected_flips, abs=1e-12)
    assert answer.greedy.expected_flips <= expected + 1e-12
    # The first target's odds by hand: its node's dice counts, the Protestant's ties
    # (in the zone), 1 bonus die of the Theses already counted in the node.
    node = answer.optimal.tree
    assert node["target"] == answer.optimal.first_target == "Brandenburg"
    assert node["ties"] == "protestant"
    dice = node["dice"]
    assert node["p_success"] == pytest.approx(
        float(_at_least(dice["protestant"], dice["papal"])), abs=1e-12
    )
    assert set(view.compared) == {"optimal", "greedy"}
    assert calculator.command_line == (
        "oddsengine attempts religion_1517 --source 95-theses --exact"
    )
    printed = _printed(calculator, capsys)
    assert printed["expected"]["flips"] == pytest.approx(expected, abs=1e-12)
    assert printed["policy"]["first_target"] == "Brandenburg"
    for k in range(6):
        assert printed["p"][f"flips:{k}"] == pytest.approx(flips[k], abs=1e-12)
    greedy = printed["compare"]["greedy"]
    assert greedy["expected"]["flips"] == pytest.approx(
        sum(k * p for k, p in enumerate(view.compared["greedy"])), abs=1e-12
    )


def test_a_run_shows_each_space_and_its_policy_tree_as_the_command_line_prints_them(capsys):
    calculator = _explorer(
        "attempts", **{"attempts.scenario": "religion_1517", "attempts.source": "95-theses"}
    )
    # Under the odds and the chart, where a combat shows its survivors.
    shown = html.unescape(re.sub(r"<[^>]+>", "\n", calculator.survivors.value))
    capsys.readouterr()
    assert main(["attempts", "religion_1517", "--source", "95-theses"]) == 0
    printed = capsys.readouterr().out
    for heading in (
        "Chance each space ends Protestant (optimal policy):",
        "The optimal policy, next target after each outcome (depth 3):",
    ):
        # The section as the command line prints it, line for line.
        section = printed.split(heading + "\n")[1].split("\n\n")[0].strip("\n")
        assert heading in shown and section in shown, heading
    assert "  Brandenburg: 68.50% (Protestant 4 dice v Papal 4, protestant wins ties)" in shown
    assert "first target             Brandenburg Brandenburg" in shown  # the policies
    # The tree's depth is a control: deeper, the command line says so.
    calculator.controls["attempts.depth"].value = 1
    assert "--depth 1" in calculator.command_line
    assert "if success:" not in html.unescape(calculator.survivors.value)


def test_a_run_s_policy_and_objective_are_choices():
    calculator = _explorer("attempts", **{"attempts.scenario": "religion_1517"})
    policy, objective = (
        calculator.controls[f"attempts.{name}"] for name in ("policy", "objective")
    )
    assert type(policy).__name__ == type(objective).__name__ == "Combobox"
    assert list(policy.options) == ["optimal", "greedy"]
    # The objectives the run can give: at least 1..5 flips of the 95 Theses' 5 attempts,
    # and each space it can turn (§19).
    offered = list(objective.options)
    assert offered[:2] == ["flips", "electorates"] and "at-least:5" in offered
    assert "at-least:6" not in offered and "space:Mainz" in offered
    assert "space:Wittenberg" not in offered  # Protestant already
    objective.value = "at-least:5"
    assert calculator.error is None and "--objective at-least:5" in calculator.command_line
    sources = [value for _, value in calculator.controls["attempts.source"].options]
    assert sources[0] == "95-theses"


def test_a_run_shown_under_the_greedy_policy(capsys):
    calculator = _explorer(
        "attempts",
        **{"attempts.scenario": "religion_example", "attempts.source": "95-theses"},
    )
    calculator.controls["attempts.policy"].value = "greedy"
    assert calculator.error is None, calculator.error
    assert "--policy greedy" in calculator.command_line
    printed = _printed(calculator, capsys)
    assert printed["headline_policy"] == "greedy"
    for name, p in calculator.result.p.items():
        assert printed["p"][name] == pytest.approx(p, abs=1e-12)
    calculator.controls["attempts.policy"].value = "fastest"
    assert calculator.result is None and "unknown policy" in calculator.error


def _hits(dice: int, k: int) -> Fraction:
    """P(k hits on ``dice`` dice hitting on 5-6): C(n, k) 2^(n-k) / 3^n."""
    from math import comb

    return Fraction(comb(dice, k) * 2 ** (dice - k), 3**dice)


def test_a_debate_of_the_2017_example(capsys):
    # 20 step 4: Eck 3 + 3 + 1 (his bonus) = 7 dice; step 5: committed Carlstadt 1 + 1 =
    # 2 dice; hits on 5-6. Papal win in round 1: more hits, sum over b of P(B = b)
    # P(A >= b + 1) = 15619/19683 (79.4%); burnt (step 8): a difference of 2 or more,
    # sum over b of P(B = b) P(A >= b + 2) = 10579/19683 (53.7%).
    def beats(by):
        return sum(_hits(2, b) * sum(_hits(7, a) for a in range(b + by, 8)) for b in range(3))

    assert (beats(1), beats(2)) == (Fraction(15619, 19683), Fraction(10579, 19683))
    calculator = _explorer(
        "debate", zone="german", initiator="papacy", turn=1, committed=("Carlstadt",)
    )
    _control(calculator, "attacker").value = "Eck"
    _control(calculator, "defender").value = "Carlstadt"
    assert calculator.error is None, calculator.error
    p = calculator.result.p
    assert p["round_1:papal_wins"] == pytest.approx(15619 / 19683, abs=1e-12)
    assert p["burnt:Carlstadt"] == pytest.approx(10579 / 19683, abs=1e-12)
    assert "papal_wins" in calculator.odds.value
    assert calculator.command_line == (
        "oddsengine debate --zone german --initiator papacy --turn 1 --attacker Eck "
        "--defender Carlstadt --committed Carlstadt --exact"
    )
    _same_as_command(calculator, capsys)


def test_a_debate_offers_the_debaters_in_play_for_its_zone_and_turn():
    from oddsengine.religion.records import religion_facts

    facts = religion_facts()
    calculator = _explorer("debate", zone="german", initiator="papacy", turn=1)

    def offered(key):
        return _offered(calculator, key)

    # Turn 1 in the German zone: the Papal debaters entered by turn 1 attack, the German
    # Protestant debaters entered by then defend (20 step 2).
    attackers = offered("attacker")
    assert attackers[0] == "random"
    assert set(attackers[1:]) == {d.name for d in facts.debaters_of("papal") if d.in_play(1)}
    defenders = offered("defender")
    assert defenders[:2] == ["best", "uncommitted"]  # nobody is committed yet
    german = {
        d.name for d in facts.debaters_of("protestant") if d.zone == "german" and d.in_play(1)
    }
    assert set(defenders[2:]) == german
    # The committed are picked from the debaters in play there, as tags: no free text.
    assert hasattr(_control(calculator, "committed"), "allowed_tags")
    assert set(offered("committed")) == set(attackers[1:]) | german
    later = [d for d in facts.debaters_of("papal") if d.entry_turn and d.entry_turn > 1]
    assert later and all(d.name not in attackers for d in later)
    _control(calculator, "turn").value = max(d.entry_turn for d in later)
    assert set(d.name for d in later) <= set(offered("attacker"))
    # A committed debater does not attack (he is committed): he leaves the attackers.
    _control(calculator, "committed").value = ["Eck"]
    assert "Eck" not in offered("attacker")
    # Mary I acts only in an English debate the Papacy calls; Augsburg only against a
    # Papal initiator (23.11): elsewhere hidden and not written.
    assert not _visible(calculator, "england_ruler") and _visible(calculator, "augsburg")
    _control(calculator, "zone").value = "english"
    assert _visible(calculator, "england_ruler")
    _control(calculator, "initiator").value = "protestant"
    assert not _visible(calculator, "england_ruler") and not _visible(calculator, "augsburg")


def test_a_debate_the_rules_refuse_is_a_line():
    # No French Protestant debater has entered on turn 1: the rules refuse the debate.
    calculator = _explorer("debate", zone="french", initiator="papacy", turn=1)
    assert calculator.result is None
    assert "Refused" in calculator.odds.value and "french" in calculator.error.lower()


def test_a_debate_with_mary_i_and_a_card(capsys):
    calculator = _explorer(
        "debate",
        zone="english",
        initiator="papacy",
        turn=6,
        england_ruler="mary-i",
        cards=["papal-inquisition"],
    )
    assert calculator.error is None, calculator.error
    assert "--england-ruler mary-i" in calculator.command_line
    assert "--card papal-inquisition" in calculator.command_line
    _same_as_command(calculator, capsys)


def test_the_diet_of_worms(capsys):
    # 1 CP each: the Protestant rolls 5 dice, the Catholics 2, hits on 5-6 (RULES.md
    # §21); the Protestant wins with more hits: sum over c of P(c) P(p > c) with
    # P(c) = C(2,c) 2^(2-c) / 9 and P(p = k) = C(5,k) 2^(5-k) / 243: 1419/2187.
    wins = sum(_hits(2, c) * sum(_hits(5, k) for k in range(c + 1, 6)) for c in range(3))
    assert wins == Fraction(1419, 2187)
    calculator = _explorer(
        "diet", **{"diet.protestant_cp": 1, "diet.papal_cp": 1, "diet.hapsburg_cp": 1}
    )
    assert calculator.result.p["protestant_wins"] == pytest.approx(1419 / 2187, abs=1e-12)
    assert calculator.command_line == (
        "oddsengine diet --protestant-cp 1 --papal-cp 1 --hapsburg-cp 1 --exact"
    )
    _same_as_command(calculator, capsys)


def test_a_voyage_of_magellan(capsys):
    # Magellan (+4) circumnavigates 676/1296 (issue 31's figure; by hand in
    # tests/test_religion_voyage.py).
    calculator = _explorer("voyage", **{"voyage.power": ["hapsburg"]})
    calculator.controls["voyage.explorer"].value = "Magellan"
    assert calculator.result.p["circumnavigation"] == pytest.approx(676 / 1296, abs=1e-12)
    assert calculator.command_line == (
        "oddsengine voyage --power hapsburg --explorer Magellan --exact"
    )
    _same_as_command(calculator, capsys)
    calculator.controls["voyage.mercator"].value = True
    calculator.controls["voyage.claimed"].value = ["great-lakes"]
    assert "--mercator --claimed great-lakes" in calculator.command_line
    _same_as_command(calculator, capsys)


def test_the_discoveries_and_conquests_are_picked_as_tags():
    from oddsengine.religion.new_world import conquests, discoveries

    calculator = _explorer("voyage")
    claimed = calculator.controls["voyage.claimed"]
    assert type(claimed).__name__ == "TagsInput"
    assert list(claimed.allowed_tags) == [claim.slug for claim in discoveries()]
    calculator.controls["engagement"].value = "conquest"
    conquered = calculator.controls["conquest.claimed"]
    assert type(conquered).__name__ == "TagsInput" and conquered.description == "conquered"
    assert list(conquered.allowed_tags) == [claim.slug for claim in conquests()]
    conquered.value = ["maya", "aztecs"]
    assert calculator.command_line.endswith("--claimed maya,aztecs --exact")


def test_a_voyage_offers_the_explorers_of_its_power():
    calculator = _explorer("voyage", **{"voyage.power": ["france"]})
    offered = [value for _, value in calculator.controls["voyage.explorer"].options]
    assert offered[0] == "random" and "Cartier" in offered and "Magellan" not in offered
    calculator.controls["voyage.explorer"].value = "Cartier"
    calculator.controls["voyage.power"].value = ["hapsburg"]
    assert calculator.controls["voyage.explorer"].value == "random"  # not Hapsburg's
    assert calculator.error is None


def test_several_powers_sail_a_turn_s_voyages(capsys):
    # Two powers picked: the turn's voyages, resolved best explorer first (RULES.md §22),
    # each explorer drawn from his power's pool; the same as the command line's.
    calculator = _explorer("voyage", **{"voyage.power": ["france", "hapsburg"]})
    assert calculator.error is None, calculator.error
    assert calculator.result.spec.kind == "voyages"
    assert calculator.command_line == "oddsengine voyage --power france,hapsburg --exact"
    _same_as_command(calculator, capsys)


def test_a_conquest_by_cortez(capsys):
    # Cortez (+4) on 2d6 (RULES.md §22): killed on 6 or less (2d6 = 2): 1/36; Maya on 9
    # (2d6 = 5): 4/36; Inca on 11+ (2d6 >= 7): 21/36. Smallpox (+2): Inca on 2d6 >= 5,
    # 30/36.
    calculator = _explorer("conquest", **{"conquest.power": "hapsburg"})
    calculator.controls["conquest.conquistador"].value = "Cortez"
    p = calculator.result.p
    assert (p["killed"], p["conquest:Maya"], p["conquest:Inca"]) == pytest.approx(
        (1 / 36, 4 / 36, 21 / 36), abs=1e-12
    )
    _same_as_command(calculator, capsys)
    calculator.controls["conquest.smallpox"].value = True
    assert calculator.result.p["conquest:Inca"] == pytest.approx(30 / 36, abs=1e-12)
    assert calculator.command_line.endswith("--conquistador Cortez --smallpox --exact")
    _same_as_command(calculator, capsys)
    calculator.controls["conquest.power"].value = "england"
    offered = [value for _, value in calculator.controls["conquest.conquistador"].options]
    assert "Cortez" not in offered
    assert calculator.controls["conquest.conquistador"].value == "random"


def test_the_flips_are_charted_by_number():
    from oddsengine.faces._explore_chart import distribution

    calculator = _explorer("diet")
    bars = distribution(calculator.result, "flips:")
    assert bars["exact chance"] == pytest.approx(
        [calculator.result.p[f"flips:{k}"] for k in range(len(bars["exact chance"]))]
    )
    assert calculator.chart.value[:4] == b"\x89PNG"
    calculator.controls["engagement"].value = "attempts"
    assert set(distribution(calculator.result, "flips:")) == {"optimal", "greedy"}
    assert calculator.chart.value[:4] == b"\x89PNG"


def test_switching_back_keeps_the_combat_engagements_whole():
    calculator = _explorer("debate")
    calculator.controls["engagement"].value = "battle"
    assert calculator.error is None
    assert calculator.command_line.startswith("oddsengine battle --attacker")
    assert not _visible(calculator, "debate.zone") and _visible(calculator, "attacker")


_PART_THREE = ("reformation", "counter-reformation", "attempts", "debate", "diet", "voyage",
               "conquest")  # fmt: skip


@pytest.mark.parametrize("engagement", _PART_THREE)
def test_every_control_of_a_part_three_engagement_is_laid_out(engagement):
    from oddsengine.faces._explore_questions import entry

    calculator = oe.explore(engagement)
    placed = {id(widget) for widget in _placed(calculator.widget)}
    record = entry(engagement)
    for key in record.controls:
        assert id(calculator.controls[key]) in placed, key
    shown = [key for key in record.controls if _visible(calculator, key)]
    assert shown, engagement
    # The force boxes of the combats are not shown: these kinds take no force.
    for box in ("attacker", "defender"):
        assert calculator.controls[box].layout.display == "none", box
    assert calculator.error is None, calculator.error


def _placed(widget) -> list:
    return [widget, *(w for child in getattr(widget, "children", ()) for w in _placed(child))]


def test_values_of_the_wrong_kind_are_refused_naming_the_key():
    from oddsengine.errors import OddsEngineError
    from oddsengine.faces.explore import build_spec

    with pytest.raises(OddsEngineError, match="protestant_dice must be a whole number"):
        build_spec({"engagement": "reformation", "reformation.protestant_dice": "3"})
    with pytest.raises(OddsEngineError, match="smallpox must be True or False"):
        build_spec({"engagement": "conquest", "conquest.smallpox": 1})
    with pytest.raises(OddsEngineError, match="committed must be a list of names"):
        build_spec(
            {"engagement": "debate", "debate.zone": "german", "debate.initiator": "papacy",
             "debate.turn": 1, "debate.committed": "Eck"}
        )  # fmt: skip
    # Given to build_spec, a count the rules refuse is refused in words; the calculator's
    # box holds the declared range (0..50 dice) and keeps a value set from code in it.
    with pytest.raises(OddsEngineError, match="at most 50"):
        build_spec({"engagement": "reformation", "reformation.protestant_dice": 60})
    calculator = _explorer("reformation", protestant_dice=60)
    assert _control(calculator, "protestant_dice").value == 50
    # A value the rules refuse set from code is a line, not raised.
    calculator = _explorer("reformation", ties="papacy", modifier=1)
    assert calculator.result is None and "only in the target zone" in calculator.error
    assert "Refused" in calculator.odds.value and calculator.command_line == ""


def test_the_board_box_is_offered_for_each_engagement_anew():
    # A run needs a board; an attempt may be from dice counts: each keeps its own board.
    calculator = _explorer("reformation")
    assert _control(calculator, "scenario").value == ""
    assert ("(none)", "") in list(_control(calculator, "scenario").options)
    calculator.controls["engagement"].value = "attempts"
    assert "" not in [value for _, value in calculator.controls["attempts.scenario"].options]
    assert calculator.controls["attempts.scenario"].value == "religion_1517"
    calculator.controls["engagement"].value = "reformation"
    assert _control(calculator, "scenario").value == ""
    assert calculator.command_line.startswith("oddsengine reformation --protestant-dice")
    _control(calculator, "scenario").value = "religion_1517"
    assert calculator.command_line.startswith("oddsengine reformation religion_1517 --space")


def test_the_board_s_what_ifs_are_more_options(capsys):
    # A what-if is an option most questions leave alone: shown when more options are
    # asked for, read either way (Erfurt, a neighbour of Magdeburg, made Protestant: one
    # Protestant die more and one Papal die less, RULES.md §17 steps 2 and 6).
    calculator = _explorer("reformation", scenario="religion_example", target="Magdeburg")
    assert not _visible(calculator, "protestant") and _visible(calculator, "(more)")
    _control(calculator, "(more)").value = True
    assert _visible(calculator, "protestant")
    before = [calculator.result.spec.dice_rolled(side) for side in ("protestant", "papal")]
    _control(calculator, "protestant").value = ["Erfurt"]
    after = [calculator.result.spec.dice_rolled(side) for side in ("protestant", "papal")]
    assert after == [before[0] + 1, before[1] - 1]
    assert "--protestant Erfurt" in calculator.command_line
    _same_as_command(calculator, capsys)


def test_a_debate_offers_the_cards_and_pools_that_may_be_played_there():
    from oddsengine.religion.records import religion_facts

    caraffa = religion_facts().debater("Caraffa").entry_turn
    calculator = _explorer("debate", zone="german", initiator="papacy", turn=1)

    def offered(key):
        return _offered(calculator, key)

    # Turn 1: Caraffa is not in play, so no Papal Inquisition (it commits him); the Papal
    # events call the debate, so a Protestant initiator plays none of them; Here I Stand
    # puts Luther in a German debate only (20 step 3).
    assert offered("cards") == ["leipzig-debate", "thomas-more", "here-i-stand"]
    _control(calculator, "turn").value = caraffa
    assert "papal-inquisition" in offered("cards")
    _control(calculator, "initiator").value = "protestant"
    assert offered("cards") == ["here-i-stand"]
    _control(calculator, "zone").value = "english"
    assert offered("cards") == []
    # The defender's pools offered hold a debater: nobody committed, no "committed".
    calculator = _explorer("debate", zone="german", initiator="papacy", turn=1)
    assert "committed" not in offered("defender")
    _control(calculator, "committed").value = ["Carlstadt"]
    assert {"committed", "uncommitted"} <= set(offered("defender"))
    # A Papal event and Here I Stand together (one card each side), as the command line
    # takes them; Leipzig Debate's bar is offered only with the card.
    assert not _visible(calculator, "bar")
    _control(calculator, "cards").value = ["leipzig-debate", "here-i-stand"]
    assert calculator.error is None, calculator.error
    assert "--card leipzig-debate,here-i-stand" in calculator.command_line
    assert _visible(calculator, "bar") and _visible(calculator, "luther_policy")


def test_leipzig_debate_against_an_empty_committed_pool_is_refused_in_a_line(capsys):
    # Leipzig Debate's pick or bar leaves no committed Protestant to defend: refused, as
    # the same debate without the card is, with exit 2 and no traceback.
    from oddsengine.errors import OddsEngineError
    from oddsengine.religion.debate import Debate

    with pytest.raises(OddsEngineError, match="no committed debater"):
        Debate("german", "papacy", turn=1, defender="committed", cards=("leipzig-debate",))
    arguments = ["debate", "--zone", "german", "--initiator", "papacy", "--turn", "1",
                 "--defender", "committed", "--card", "leipzig-debate", "--exact"]  # fmt: skip
    assert main(arguments) == 2
    error = capsys.readouterr().err
    assert "no committed debater" in error and "Traceback" not in error

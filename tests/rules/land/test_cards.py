"""Every card of RULES.md §8, checked against values computed by hand, and every refusal."""

from fractions import Fraction
from math import comb

import pytest

from oddsengine import (
    Assault,
    FieldBattle,
    OddsEngineError,
    Policies,
    RuleOptions,
    exact,
    find_card,
    parse_cards,
    simulate,
)


def pmf(dice, chance=Fraction(1, 3)):
    return [comb(dice, k) * chance**k * (1 - chance) ** (dice - k) for k in range(dice + 1)]


def convolve(first, second):
    total = [Fraction(0)] * (len(first) + len(second) - 1)
    for i, a in enumerate(first):
        for j, b in enumerate(second):
            total[i + j] += a * b
    return total


def p_greater(first, second):
    return sum(a * b for i, a in enumerate(first) for j, b in enumerate(second) if i > j)


def test_card_names_and_numbers():
    assert find_card("30").name == "Tercios"
    assert [card.number for card in parse_cards("tercios,field-artillery")] == [30, 25]
    assert [card.slug for card in parse_cards("30,25")] == ["tercios", "field-artillery"]
    with pytest.raises(OddsEngineError, match="unknown card 'terci'; did you mean tercios"):
        find_card("terci")
    with pytest.raises(OddsEngineError, match="card #99 does not change a land combat"):
        find_card("99")


def test_arquebusiers_add_two_dice_in_a_field_battle_only():
    # 24: +2 dice.
    assert FieldBattle("france: 1R", "hapsburg: 1R", ["arquebusiers"]).attacker_dice == 3
    with pytest.raises(OddsEngineError, match="Arquebusiers cannot be played in an assault"):
        Assault("4R", "hapsburg: 1R", ["arquebusiers"])


@pytest.mark.parametrize(("power", "dice"), [("france", 3), ("ottoman", 3), ("england", 2)])
def test_field_artillery_adds_three_dice_for_france_and_the_ottomans(power, dice):
    # 25: +2 dice; +3 if France or the Ottomans play it.
    battle = FieldBattle(f"{power}: 1R", "hapsburg: 1R", ["field-artillery"])
    assert battle.attacker_dice == 1 + dice


def test_siege_mining_adds_three_assault_dice():
    # 28: +3 dice for the attacker in an assault.
    assert Assault("4R", "hapsburg: 1R", ["siege-mining"]).attacker_dice == 2 + 3
    with pytest.raises(OddsEngineError, match="belongs to an assault"):
        FieldBattle("4R", "hapsburg: 1R", ["siege-mining"])


@pytest.mark.rule("8", cites="field of its :class:`CardRule` in :data:`CARD_RULES`")
def test_hapsburg_tercios_add_three_dice_hitting_on_four_to_six():
    # 30: 1 die at 1/3 plus 3 dice at 1/2 against the defender's 2 dice.
    battle = FieldBattle("hapsburg: 1R", "france: 1R", ["tercios"])
    attacker = convolve(pmf(1), pmf(3, Fraction(1, 2)))
    expected = p_greater(attacker, pmf(2))
    assert exact(battle).p["attacker_wins"] == pytest.approx(float(expected), abs=1e-12)


def test_tercios_against_three_hapsburg_regulars_takes_three_dice():
    battle = FieldBattle("france: 2R", "hapsburg: 3R", ["tercios"])
    assert battle.defender_dice == 3 + 1 - 3
    with pytest.raises(OddsEngineError, match="at least 3 Hapsburg regulars"):
        FieldBattle("france: 2R", "hapsburg: 2R", ["tercios"])


@pytest.mark.rule("8", cites="field of its :class:`CardRule` in :data:`CARD_RULES`")
def test_janissaries_when_it_changes_the_outcome():
    # 1: +5 dice after seeing both rolls. 1 die against 2: the Ottomans lose unless they
    # roll 1 hit against 0; they then play the card, and win if 5 more dice beat d - a.
    battle = FieldBattle("ottoman: 1R", "hapsburg: 1R", ["janissaries"])
    attacker, defender, extra = pmf(1), pmf(2), pmf(5)
    wins, spent = Fraction(0), Fraction(0)
    for a, pa in enumerate(attacker):
        for d, pd in enumerate(defender):
            if a > d:
                wins += pa * pd
            else:
                spent += pa * pd
                wins += pa * pd * sum(pe for e, pe in enumerate(extra) if a + e > d)
    result = exact(battle)
    assert result.p["attacker_wins"] == pytest.approx(float(wins), abs=1e-12)
    assert result.p["card_spent:janissaries"] == pytest.approx(float(spent), abs=1e-12)
    always = exact(
        FieldBattle(
            "ottoman: 1R",
            "hapsburg: 1R",
            ["janissaries"],
            policies=Policies(post_roll={"janissaries": "always"}),
        )
    )
    assert always.p["card_spent:janissaries"] == pytest.approx(1.0)


def test_janissaries_are_ottoman_only():
    with pytest.raises(OddsEngineError, match="only the Ottomans play it"):
        FieldBattle("france: 2R", "hapsburg: 2R", ["janissaries"])


@pytest.mark.rule("8", cites="field of its :class:`CardRule` in :data:`CARD_RULES`")
def test_siege_artillery_after_a_missed_assault_roll():
    # 35: +2 attacker dice hitting on 3-6. 4R against 1R: 2 dice against 2. Success needs
    # a hit; after a miss (4/9) the artillery is played and hits with 1 - (1/3)^2.
    result = exact(Assault("4R", "hapsburg: 1R", ["siege-artillery"]))
    assert result.p["success"] == pytest.approx(5 / 9 + 4 / 9 * 8 / 9, abs=1e-12)
    assert result.p["card_spent:siege-artillery"] == pytest.approx(4 / 9, abs=1e-12)
    by_another_power = exact(Assault("4R", "hapsburg: 1R", responses=["siege-artillery"]))
    assert by_another_power.p["success"] == pytest.approx(result.p["success"])


def test_siege_artillery_needs_its_supply_line():
    with pytest.raises(OddsEngineError, match="at most 4 land spaces"):
        Assault("4R", "hapsburg: 1R", ["siege-artillery"], siege_artillery_supply=False)


@pytest.mark.rule("8", cites="field of its :class:`CardRule` in :data:`CARD_RULES`")
def test_surprise_attack_fires_first():
    # 29: the attacker's die is rolled first; a hit kills the only defender, who then
    # rolls nothing (attacker wins, 1/3); a miss lets the defender roll its 2 dice, and
    # 0 hits cannot beat them.
    battle = FieldBattle("france: 1R", "hapsburg: 1R", ["surprise-attack"])
    assert exact(battle).p["attacker_wins"] == pytest.approx(1 / 3, abs=1e-12)
    # Played by the defender: 2 dice first; the attacker survives with (2/3)^2 and
    # then needs 1 hit against 0.
    defending = FieldBattle("france: 1R", "hapsburg: 1R", [], ["surprise-attack"])
    assert exact(defending).p["attacker_wins"] == pytest.approx(4 / 9 * 1 / 3, abs=1e-12)
    with pytest.raises(OddsEngineError, match="one side only"):
        FieldBattle("france: 1R", "hapsburg: 1R", ["surprise-attack"], ["surprise-attack"])


def test_mercenaries_bribed_switch_half_rounded_up():
    # 26: 3 mercenaries -> 2 change sides.
    battle = FieldBattle("france: 2R", "hapsburg: 1R 3M", ["mercenaries-bribed"])
    assert (battle.attacker_units, battle.defender_units) == (4, 2)
    assert (battle.attacker_dice, battle.defender_dice) == (4, 3)
    with pytest.raises(OddsEngineError, match="against the Ottomans"):
        FieldBattle("france: 2M", "ottoman: 2R", ["mercenaries-bribed"])
    with pytest.raises(OddsEngineError, match="by the Ottomans"):
        FieldBattle("ottoman: 2R", "france: 2M", ["mercenaries-bribed"])


@pytest.mark.rule("8", cites="recounted by the assault rules")
def test_field_battle_cards_in_an_assault_follow_the_rule_option():
    # Default: the originals allow them, with dice recounted by the assault rules.
    assault = Assault("france: 3R", "hapsburg: 1R 1M", ["mercenaries-bribed"])
    assert (assault.attacker_units, assault.defender_units) == (4, 1)
    assert assault.attacker_dice == 2  # ceil(4 / 2)
    with pytest.raises(OddsEngineError, match="cards_as_printed"):
        Assault(
            "france: 3R",
            "hapsburg: 1R 1M",
            ["mercenaries-bribed"],
            options=RuleOptions(cards_as_printed=True),
        )
    with pytest.raises(OddsEngineError, match="cards_as_printed"):
        Assault(
            "4R", "hapsburg: 1R", ["surprise-attack"], options=RuleOptions(cards_as_printed=True)
        )


def test_mercenaries_grow_restless():
    # 27: attacking mercenaries leave; with 3R against 2R the assault still happens.
    assault = Assault("3R 2M L0", "hapsburg: 2R", [], ["mercenaries-grow-restless"])
    assert assault.attacker_units == 3 and assault.attacker_dice == 2
    # 2R 2M against 2R: the besiegers no longer outnumber the garrison: no assault.
    broken = exact(Assault("2R 2M", "hapsburg: 2R", [], ["mercenaries-grow-restless"]))
    assert broken.p["siege_broken"] == 1.0 and broken.p["assault_prevented"] == 1.0
    with pytest.raises(OddsEngineError, match="only the besieged power"):
        Assault("3R 2M L0", "hapsburg: 2R", ["mercenaries-grow-restless"])


@pytest.mark.parametrize(
    ("attacker", "card", "expected_mercenaries"),
    [
        ("hapsburg: 2R", "landsknechts", 4),
        ("france: 2R", "landsknechts", 2),
        ("france: 2R", "swiss-mercenaries", 4),
        ("england: 2R", "swiss-mercenaries", 2),
    ],
)
def test_landsknechts_and_swiss_mercenaries(attacker, card, expected_mercenaries):
    # 33 and 36: the card player's mercenaries before the battle.
    defender = "ottoman: 2R" if "ottoman" not in attacker else "hapsburg: 2R"
    if attacker.startswith("hapsburg"):
        defender = "france: 2R"
    battle = FieldBattle(attacker, defender, [card])
    assert battle._sides[0].force.mercenaries == expected_mercenaries


def test_ottoman_landsknechts_eliminate_two_enemy_mercenaries():
    battle = FieldBattle("ottoman: 3R", "hapsburg: 1R 3M", ["landsknechts"])
    assert battle.defender_units == 2


def test_landsknechts_before_an_assault_only_by_the_active_power():
    # 33: +4 Hapsburg mercenaries in the space; RULES.md §7: only 2 of them fit the
    # leaderless formation of 4 that assaults, the other 2 stand by with the besiegers.
    assault = Assault("hapsburg: 2R", "france: 1R", ["landsknechts"])
    assert assault.attacker_units == 4
    assert assault.besiegers_standing_by.notation() == "hapsburg: 2M"
    assert Assault("hapsburg: 2R Ferdinand", "france: 1R", ["landsknechts"]).attacker_units == 6
    with pytest.raises(OddsEngineError, match="only the active power"):
        Assault("hapsburg: 3R", "france: 1R", [], ["landsknechts"])


def test_foul_weather_cancels_the_engagement():
    # 31: the move or assault does not happen this impulse.
    result = exact(Assault("4R", "hapsburg: 1R", [], ["foul-weather"]))
    assert result.p["cancelled"] == 1.0 and result.p["success"] == 0.0
    assert (
        simulate(
            FieldBattle("4R", "hapsburg: 1R", responses=["foul-weather"]), trials=1000, seed=1
        ).p["cancelled"]
        == 1.0
    )
    with pytest.raises(OddsEngineError, match="by the active power"):
        FieldBattle("4R", "hapsburg: 1R", ["foul-weather"])


def test_gout_keeps_the_best_leader_out():
    # 32: Suleiman stays behind; Ibrahim's 1 counts.
    battle = FieldBattle("ottoman: 4R Suleiman Ibrahim", "hapsburg: 3R", [], ["gout"])
    assert battle.attacker_dice == 4 + 1
    with pytest.raises(OddsEngineError, match="without an army leader"):
        FieldBattle("ottoman: 4R", "hapsburg: 3R", [], ["gout"])


def test_roxelana_lets_suleiman_assault_at_once():
    # 42: in the same impulse as the siege (RULES.md §7, issue 9 item 9).
    assault = Assault(
        "ottoman: 4R Suleiman", "hapsburg: 3R", ["roxelana"], siege_laid_this_impulse=True
    )
    assert assault.attacker_dice == 2 + 2
    with pytest.raises(OddsEngineError, match="Suleiman's formation"):
        Assault("ottoman: 4R Ibrahim", "hapsburg: 1R", ["roxelana"])


@pytest.mark.rule("8", cites="field of its :class:`CardRule` in :data:`CARD_RULES`")
def test_roxelana_needs_the_space_under_siege():
    # RULES.md §7: the space must still be under siege - the besiegers outnumber the
    # garrison - even with Roxelana; an unbesieged fortress is refused with the reason.
    message = (
        r"3 besieging land units do not outnumber the garrison of 3, so the space is not "
        r"under siege \(15\)\. Roxelana \(card #42\) does not lift this requirement"
    )
    with pytest.raises(OddsEngineError, match=message):
        Assault("ottoman: 3R Suleiman", "hapsburg: 3R", ["roxelana"], siege_laid_this_impulse=True)


def test_treachery_takes_the_space_when_the_besiegers_still_outnumber():
    # 105: after the assault, if the besiegers outnumber the garrison, it is eliminated.
    plain = exact(Assault("4R", "hapsburg: 2R"))
    treachery = exact(Assault("4R", "hapsburg: 2R", ["treachery"]))
    assert treachery.p["success"] == pytest.approx(
        plain.p["success"] + plain.p["siege_continues"], abs=1e-12
    )
    assert treachery.p["taken_by_treachery"] == pytest.approx(plain.p["siege_continues"])
    assert treachery.p["siege_continues"] == 0.0


def test_responses_are_limited_to_cards_other_powers_can_play():
    with pytest.raises(OddsEngineError, match="list it with the attacker's or the defender's"):
        FieldBattle("4R", "hapsburg: 1R", responses=["tercios"])


def test_gout_target_is_a_policy():
    policies = Policies(gout_target="ibrahim")
    battle = FieldBattle(
        "ottoman: 4R Suleiman Ibrahim", "hapsburg: 3R", [], ["gout"], policies=policies
    )
    assert battle.attacker_dice == 4 + 2  # Suleiman still leads
    with pytest.raises(OddsEngineError, match="not with the attacking force"):
        FieldBattle("ottoman: 4R Suleiman", "hapsburg: 3R", [], ["gout"], policies=policies)


@pytest.mark.rule("8", cites="field of its :class:`CardRule` in :data:`CARD_RULES`")
def test_treachery_outcome_fields_agree():
    # 105: 4R (2 dice) against 2R with Ferdinand (2 + 1 + 1 = 4 dice). Taken by assault
    # with 2 hits while the 4 attackers are not all killed; otherwise taken by treachery
    # while the besiegers still outnumber: 4 - d > 2 - a. success counts both ways;
    # taken_by_treachery is the part taken by the card.
    result = exact(Assault("4R", "hapsburg: 2R Ferdinand", ["treachery"]))
    attacker, defender = pmf(2), pmf(4)
    by_assault = attacker[2] * (1 - defender[4])
    by_treachery = attacker[0] * sum(defender[:2]) + attacker[1] * sum(defender[:3])
    assert result.p["success"] == pytest.approx(float(by_assault + by_treachery), abs=1e-12)
    assert result.p["taken_by_treachery"] == pytest.approx(float(by_treachery), abs=1e-12)
    assert result.p["siege_continues"] == 0.0
    states = result.states
    taken = states["outcome"] == "success"
    assert all(taken[states["taken_by_treachery"]])
    assert all(states["defender_survivors"][taken] == 0)
    assert list(states["defender_leaders_captured"]) == list(taken)


def test_treachery_ignores_supply_and_blockade():
    # 105: no line-of-communication or naval requirement. Same odds as in
    # test_treachery_takes_the_space_when_the_besiegers_still_outnumber: 211/243.
    result = exact(
        Assault(
            "4R",
            "hapsburg: 2R",
            ["treachery"],
            line_of_communication=False,
            defender_squadrons_adjacent=2,
            defender_squadrons_in_port=1,
        )
    )
    assert result.p["success"] == pytest.approx(211 / 243, abs=1e-12)
    assert result.p["taken_by_treachery"] == pytest.approx(184 / 243, abs=1e-12)


@pytest.mark.parametrize("where", ["defender_cards", "responses"])
def test_foul_weather_cannot_stop_treachery(where):
    with pytest.raises(OddsEngineError, match="cannot be played against Treachery!"):
        Assault("4R", "hapsburg: 2R", ["treachery"], **{where: ["foul-weather"]})


def test_treachery_counts_every_besieger():
    # 6R without a leader: 4 assault (2 dice) and cannot take 3R by assault; by
    # treachery whenever 6 - d > 3 - a: 689/729 (tests/rules/land/test_assault_formation.py).
    result = exact(Assault("6R", "hapsburg: 3R", ["treachery"]))
    assert result.p["success"] == pytest.approx(689 / 729, abs=1e-12)
    assert result.p["taken_by_treachery"] == pytest.approx(689 / 729, abs=1e-12)


def test_treachery_on_the_command_line_agrees_with_itself(capsys):
    import json

    from oddsengine.cli import main

    status = main(
        [
            "assault",
            "--attacker",
            "4R",
            "--defender",
            "hapsburg: 2R",
            "--attacker-cards",
            "treachery",
            "--no-line-of-communication",
            "--exact",
            "--format",
            "json",
        ]
    )
    payload = json.loads(capsys.readouterr().out)
    assert status == 0
    assert payload["p"]["success"] == pytest.approx(211 / 243, abs=1e-12)
    assert payload["p"]["taken_by_treachery"] == pytest.approx(184 / 243, abs=1e-12)
    assert payload["p"]["siege_continues"] == 0.0


def test_roxelana_with_a_stack_and_its_refusals():
    # 42: Suleiman commands 12: 12R of 14R assault in the impulse the siege was laid,
    # ceil(12 / 2) + 2 = 8 dice.
    assault = Assault(
        "ottoman: 14R Suleiman", "hapsburg: 4R", ["roxelana"], siege_laid_this_impulse=True
    )
    assert assault.attacker_dice == 8
    with pytest.raises(OddsEngineError, match="Gout keeps Suleiman out"):
        Assault("ottoman: 8R Suleiman Ibrahim", "hapsburg: 2R", ["roxelana"], ["gout"])
    with pytest.raises(OddsEngineError, match="is not his"):
        Assault(
            "ottoman: 8R Suleiman Ibrahim",
            "hapsburg: 2R",
            ["roxelana"],
            policies=Policies(assault_formation="6R Ibrahim"),
        )


def test_roxelana_on_an_unbesieged_fortress_is_refused_on_one_line(capsys):
    from oddsengine.cli import main

    with pytest.raises(SystemExit) as exited:
        raise SystemExit(
            main(
                [
                    "assault",
                    "--attacker",
                    "ottoman: 2R Suleiman",
                    "--defender",
                    "hapsburg: 2R",
                    "--attacker-cards",
                    "roxelana",
                    "--siege-laid-this-impulse",
                ]
            )
        )
    err = capsys.readouterr().err
    assert exited.value.code == 2 and err.count("\n") == 1
    assert "not under siege" in err and "Roxelana" in err

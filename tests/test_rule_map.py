"""Where each rule of RULES.md is applied and where it is tested.

Read :data:`RULE_MAP` as a table: the section of RULES.md, the rule, the module that
applies it (a comment there cites the rule section), and the tests that check it against
hand-computed values. The tests below keep the table true: every cited module holds the
citation, every named test exists, and every section of RULES.md has a row.
"""

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT.parent / "shared" / "rules" / "RULES.md"

#: (RULES.md section, rule, module applying it, citation found in that module, tests).
#: A row whose module is None names a section the engine does not apply yet.
RULE_MAP = [
    # §1 Leaders and formations (5.1)
    (
        "1",
        "only the best battle rating counts",
        "oddsengine/combat/forces.py",
        "(5.1)",
        ["test_forces.py::test_only_the_best_battle_rating_counts"],
    ),
    (
        "1",
        "a formation holds 4 units, or the two best command ratings",
        "oddsengine/combat/forces.py",
        "RULES.md §1",
        [
            "test_forces.py::test_command_capacity_of_a_formation",
            "test_forces.py::test_formation_too_large_for_its_leaders_is_refused",
        ],
    ),
    (
        "1",
        "the limit binds what moves or assaults, not what stands",
        "oddsengine/combat/formations.py",
        "RULES.md §1",
        [
            "test_assault_formation.py::test_fourteen_regulars_with_ibrahim_against_two",
            "test_move_rules.py::test_a_stack_larger_than_a_formation_intercepts_with_one_formation",
            "test_move_rules.py::test_a_joining_garrison_does_not_count_against_the_formation_limit",
        ],
    ),
    (
        "1",
        "a leader's name is read within the force's power (two Charles, two Henrys)",
        "oddsengine/combat/leaders.py",
        "RULES.md §1",
        [
            "test_forces.py::test_a_shared_given_name_is_the_leader_of_the_force_power",
            "test_forces.py::test_a_shared_given_name_without_a_power_is_refused_with_both_leaders",
            "test_forces.py::test_an_unknown_leader_lists_the_leaders_of_the_force_power",
            "test_records.py::test_leaders_have_the_ratings_of_the_rules",
        ],
    ),
    # §2 A move into a space (13.1)
    (
        "2",
        "entry rules: own, independent, enemy or allied spaces; units of other powers",
        "oddsengine/moves/move.py",
        "13.1",
        [
            "test_move_rules.py::test_entries_the_rules_forbid_are_refused",
            "test_move_rules.py::test_an_independent_space_may_be_entered_without_a_war",
            "test_move_rules.py::test_units_of_an_enemy_s_ally_count_as_enemies_and_may_intercept",
        ],
    ),
    (
        "2",
        "units that lost a battle or laid a siege this impulse may not move",
        "oddsengine/moves/_move_declaration.py",
        "13.1: units that lost a field battle or laid a siege",
        ["test_move_rules.py::test_units_that_fought_or_laid_a_siege_this_impulse_may_not_move"],
    ),
    (
        "2",
        "a leader alone in an unfortified space that enemy land units enter is captured",
        "oddsengine/moves/_move_defence.py",
        "13.3 / 13.1",
        [
            "test_move_rules.py::test_a_leader_alone_in_an_unfortified_space_is_captured_without_a_battle"
        ],
    ),
    # §3 Interception (13.2, original 001)
    (
        "3",
        "2d6 + best rating, +1/-1 Ottoman cavalry, 9 or more",
        "oddsengine/combat/rolls.py",
        "13.2 step 2",
        [
            "test_rolls.py::test_vienna_interception_is_15_in_36",
            "test_rolls.py::test_interception_modifiers",
        ],
    ),
    (
        "3",
        "who may intercept: adjacent, no pass, not besieged, once per impulse",
        "oddsengine/moves/_move_declaration.py",
        "13.2: adjacent, and not across a pass",
        [
            "test_move.py::test_no_interception_across_a_pass_by_besieged_or_already_tried_units",
            "test_move.py::test_only_the_destination_power_or_its_allies_may_intercept",
            "test_move_rules.py::test_a_move_into_its_own_unbesieged_fortified_space_cannot_be_intercepted",
        ],
    ),
    (
        "3",
        "no interception into a space whose units are besieged (relief included)",
        "oddsengine/moves/_move_declaration.py",
        "13.2 (original 001): nobody may intercept",
        [
            "test_move_rules.py::test_no_interception_of_a_relief_force_into_a_besieged_space",
            "test_move_rules.py::test_no_interception_into_a_space_the_mover_besieges",
        ],
    ),
    (
        "3",
        "impulse order; once one power succeeds no other power tries",
        "oddsengine/moves/_move_tree.py",
        "13.2 (original 001): once one power succeeds",
        ["test_move.py::test_one_power_succeeding_stops_other_powers_but_not_its_own_other_spaces"],
    ),
    (
        "3",
        "the intercepting force moves as one formation",
        "oddsengine/moves/_move_declaration.py",
        "13.2 / 5.1",
        ["test_move_rules.py::test_a_stack_larger_than_a_formation_intercepts_with_one_formation"],
    ),
    # §4 Avoid battle (13.3)
    (
        "4",
        "2d6 + rating of the units leaving, automatic after a lost battle",
        "oddsengine/combat/rolls.py",
        "13.3: automatic success",
        [
            "test_rolls.py::test_avoid_battle_uses_the_same_cavalry_modifiers",
            "test_rolls.py::test_avoid_battle_is_automatic_after_a_lost_battle",
        ],
    ),
    (
        "4",
        "destination: not where the mover came from, not enemy or neutral",
        "oddsengine/moves/_move_rules.py",
        "13.3",
        [
            "test_move.py::test_avoid_battle_roll_and_destination",
            "test_move.py::test_vienna_defender_options_if_the_interception_fails",
        ],
    ),
    (
        "4",
        "each power separately in impulse order; some or all units",
        "oddsengine/moves/_move_defence.py",
        "tries to avoid battle in impulse order (13.3)",
        [
            "test_move_rules.py::test_allied_defenders_avoid_battle_separately",
            "test_move_rules.py::test_partial_avoid_battle",
        ],
    ),
    (
        "4",
        "a leader alone may not avoid battle",
        "oddsengine/combat/rolls.py",
        "13.3: a leader alone may not avoid battle",
        [
            "test_move_rules.py::test_a_leader_alone_may_not_avoid_battle",
            "test_move_rules.py::test_a_leader_alone_in_a_fortified_space_withdraws_inside",
        ],
    ),
    # §5 Withdrawal (13.4) and siege (15)
    (
        "5",
        "withdraw: fortified, controlled by the defender or an ally, 4 or fewer, all or none",
        "oddsengine/moves/_move_defence.py",
        "13.4: a fortified space of the defenders or an ally",
        [
            "test_move.py::test_up_to_four_units_withdraw_into_the_fortification_the_loser_controls",
            "test_move_rules.py::test_allied_defenders_withdraw_together",
        ],
    ),
    (
        "5",
        "going back is a retreat; moving on is an option",
        "oddsengine/moves/_move_tree.py",
        "13.4 option 2: going back is a retreat",
        [
            "test_move_rules.py::test_going_back_after_a_withdrawal",
            "test_move_rules.py::test_going_back_is_a_retreat_with_no_legal_space_the_formation_is_eliminated",
            "test_move_rules.py::test_moving_on_after_a_withdrawal_is_a_policy",
        ],
    ),
    (
        "5",
        "siege when the mover outnumbers those inside; at most 4 inside",
        "oddsengine/moves/_move_tree.py",
        "15 / 14 step 12",
        [
            "test_move.py::test_vienna_best_defence_is_to_withdraw",
            "test_situation.py::test_more_than_four_units_inside_a_fortification_are_refused",
        ],
    ),
    (
        "5",
        "a siege breaks when the besiegers no longer outnumber (15.3)",
        "oddsengine/combat/assault.py",
        "15.3",
        [
            "test_assault_rules.py::test_failure_keeps_the_siege_only_while_the_besiegers_outnumber",
            "test_siege.py::test_siege_breaks_when_besiegers_no_longer_outnumber",
        ],
    ),
    # §6 Field battle (14)
    (
        "6",
        "dice: land units + best rating, +1 for the defender",
        "oddsengine/combat/field_battle.py",
        "14 steps 2-3",
        [
            "test_battle_rules.py::test_dice_counts_of_the_vienna_battle",
            "test_move.py::test_vienna_battle_after_interception_is_10_dice_against_13",
        ],
    ),
    (
        "6",
        "more hits wins, a tie goes to the defender",
        "oddsengine/combat/_combat.py",
        "14 step 8",
        ["test_battle_rules.py::test_one_regular_against_one_regular"],
    ),
    (
        "6",
        "both wiped out: more dice keeps one unit",
        "oddsengine/combat/_combat.py",
        "14 step 9",
        [
            "test_battle_rules.py::test_both_wiped_out_the_side_with_more_dice_keeps_one_unit",
            "test_battle_rules.py::test_equal_dice_when_both_are_wiped_out_favours_the_defender",
        ],
    ),
    (
        "6",
        "allies split losses, the odd one by a die roll",
        "oddsengine/combat/combat_spec.py",
        "14 step 9",
        [
            "test_allies.py::test_odd_loss_goes_either_way_with_even_chances",
            "test_move_rules.py::test_only_the_controlling_power_goes_inside_allies_retreat",
        ],
    ),
    (
        "6",
        "leaders of a side with no land units are captured",
        "oddsengine/combat/field_battle.py",
        "14 step 10",
        ["test_battle_rules.py::test_leaders_of_a_wiped_out_side_are_captured"],
    ),
    (
        "6",
        "the winner in a fortified space besieges or retreats",
        "oddsengine/moves/_move_tree.py",
        "14 step 12",
        ["test_move.py::test_relief_of_a_siege_is_a_battle_against_the_besiegers"],
    ),
    (
        "6",
        "in a move, whose leaders are captured: the mover's or the defenders'",
        "oddsengine/moves/_move_tree.py",
        "14 step 10",
        ["test_move.py::test_leaders_captured_says_whose"],
    ),
    # §6.1 Retreat (14.1)
    (
        "6.1",
        "retreat spaces: no unrest, no enemy, not sea, not neutral or non-allied",
        "oddsengine/moves/_move_rules.py",
        "14.1",
        [
            "test_move.py::test_losing_defender_may_not_retreat_to_where_the_enemy_came_from",
            "test_move.py::test_retreat_goes_to_the_space_with_most_friendly_units",
        ],
    ),
    (
        "6.1",
        "the losing attacker goes back where it came from, or is eliminated",
        "oddsengine/moves/_move_tree.py",
        "14.1: a losing attacker must retreat",
        [
            "test_move.py::test_losing_attacker_goes_back_where_it_came_from",
            "test_move.py::test_losing_attacker_without_a_legal_space_is_eliminated_and_leaders_captured",
        ],
    ),
    (
        "6.1",
        "only the controlling power puts up to 4 inside; leaders never follow a group "
        "with no retreat",
        "oddsengine/moves/_move_tree.py",
        "14.1: only the power controlling",
        [
            "test_move_rules.py::test_only_the_controlling_power_goes_inside_allies_retreat",
            "test_move_rules.py::test_leaders_go_inside_rather_than_with_a_group_that_cannot_retreat",
        ],
    ),
    # §6.2 Relief of a siege (15.2)
    (
        "6.2",
        "relief: garrison may join; inside on a tied loss (policies)",
        "oddsengine/moves/_move_tree.py",
        "15.2",
        [
            "test_move_rules.py::test_relief_force_goes_inside_on_a_tied_loss",
            "test_move_rules.py::test_garrison_joins_the_relief_battle",
        ],
    ),
    (
        "6.2",
        "a besieged garrison of the relieving side is listed in every end state",
        "oddsengine/moves/_move_tree.py",
        "15.2",
        ["test_what_if.py::test_end_states_list_a_besieged_garrison_of_the_mover_side"],
    ),
    # §7 Assault (15.1, original 000)
    (
        "7",
        "requirements: earlier siege, one per impulse, LOC, naval",
        "oddsengine/combat/assault.py",
        "15.1 requireme",
        [
            "test_assault_rules.py::test_assaults_the_rules_forbid_are_refused",
            "test_assault_rules.py::test_more_attacker_squadrons_lift_the_naval_requirement",
        ],
    ),
    (
        "7",
        "attacker dice: one per two infantry against a garrison, rounded up",
        "oddsengine/combat/assault.py",
        "15.1 step 3",
        [
            "test_assault_rules.py::test_dice_against_a_garrison",
            "test_assault_rules.py::test_a_garrison_of_cavalry_alone_still_halves_the_attacker",
        ],
    ),
    (
        "7",
        "defender dice: infantry + rating + 1; an empty fortress rolls 1",
        "oddsengine/combat/assault.py",
        "15.1 step 4",
        ["test_assault_rules.py::test_empty_fortress"],
    ),
    (
        "7",
        "success and failure",
        "oddsengine/combat/_combat.py",
        "15.1 success",
        [
            "test_assault_rules.py::test_success_needs_a_surviving_attacker",
            "test_assault_rules.py::test_nine_regulars_with_suleiman_against_four_with_ferdinand",
        ],
    ),
    (
        "7",
        "one formation of the besieging stack assaults",
        "oddsengine/combat/formations.py",
        "15.1",
        [
            "test_assault_formation.py::test_units_standing_by_keep_the_siege",
            "test_assault_formation.py::test_after_gout_the_strongest_legal_formation_assaults",
        ],
    ),
    # §8 Cards
    (
        "8",
        "every combat card of the table",
        "oddsengine/combat/cards.py",
        "#",
        [
            "test_cards.py::test_janissaries_when_it_changes_the_outcome",
            "test_cards.py::test_hapsburg_tercios_add_three_dice_hitting_on_four_to_six",
            "test_cards.py::test_surprise_attack_fires_first",
            "test_cards.py::test_siege_artillery_after_a_missed_assault_roll",
            "test_cards.py::test_treachery_outcome_fields_agree",
            "test_cards.py::test_roxelana_needs_the_space_under_siege",
            "test_reference_agreement.py::test_assault_matches_brute_force",
        ],
    ),
    (
        "8",
        "rule option cards_as_printed",
        "oddsengine/combat/options.py",
        "cards_as_printed",
        ["test_cards.py::test_field_battle_cards_in_an_assault_follow_the_rule_option"],
    ),
    (
        "8",
        "who may play each card, where: asked of the card's own checks",
        "oddsengine/faces/records.py",
        "RULES.md §8",
        ["test_records.py::test_cards_say_who_plays_them_where"],
    ),
    (
        "8",
        "a card's value without it, with it and the difference, at sea and abroad too",
        "oddsengine/results/card_value.py",
        "RULES.md §8",
        [
            "test_card_value.py::test_foul_weather_has_the_same_sign_in_text_and_csv",
            "test_card_value.py::test_card_values_at_sea_and_abroad_read_the_card_effects",
        ],
    ),
    # §9 Policies
    (
        "9",
        "casualty order, post-roll cards, defender response, interception, retreat",
        "oddsengine/combat/options.py",
        "casualty",
        [
            "test_battle_rules.py::test_casualty_order_shapes_the_survivors",
            "test_move.py::test_probabilities_sum_to_one_for_every_policy",
            "test_move.py::test_retreat_goes_to_the_space_with_most_friendly_units",
        ],
    ),
    # Part II: naval combat, piracy and foreign wars (issue 12)
    (
        "11",
        "naval dice: 2 a squadron, 1 a corsair, best rating; +1 only in a port",
        "oddsengine/combat/naval.py",
        "16.2: 2 dice per squadron",
        [
            "test_naval.py::test_dice_two_per_squadron_one_per_corsair_plus_best_rating",
            "test_naval.py::test_defender_die_only_in_port",
        ],
    ),
    (
        "11",
        "more hits wins, a tie goes to the defender",
        "oddsengine/combat/naval.py",
        "16.2: a tie goes to the defender",
        ["test_naval.py::test_a_tie_goes_to_the_defender"],
    ),
    (
        "11",
        "losses (a) pairs sink squadrons, (b) corsairs, (c) the loser's odd hit",
        "oddsengine/combat/naval.py",
        "16.2 (c)",
        [
            "test_naval.py::test_loss_order_of_rules_section_11",
            "test_naval.py::test_barbary_coast_example",
        ],
    ),
    (
        "11",
        "both sides sunk: more dice keep one unit, the defender on equal dice",
        "oddsengine/combat/naval.py",
        "16.2: both sides wiped out",
        [
            "test_naval.py::test_both_wiped_out_equal_dice_the_defender_keeps_a_squadron",
            "test_naval.py::test_both_wiped_out_more_dice_keeps_a_unit_even_for_the_loser",
        ],
    ),
    (
        "11",
        "retreat: in a port the attacker leaves, at sea the loser; none, ships lost",
        "oddsengine/combat/naval.py",
        "16.2 retreat",
        [
            "test_naval.py::test_a_loser_at_sea_with_no_retreat_loses_its_ships",
            "test_naval.py::test_in_port_the_attacker_always_leaves",
        ],
    ),
    (
        "11",
        "naval interception and avoid battle: 2d6 + rating >= 9, not from a port",
        "oddsengine/combat/naval.py",
        "16.1 step 5",
        [
            "test_naval.py::test_naval_roll_two_dice_plus_rating_nine_or_more",
            "test_naval.py::test_naval_avoid_battle_never_from_a_port",
        ],
    ),
    (
        "11",
        "cards at sea: Arquebusiers, Janissaries +4, Professional Rowers +3 / +-2",
        "oddsengine/combat/cards.py",
        "RULES.md §11",
        [
            "test_naval.py::test_janissaries_add_four_dice_at_sea",
            "test_naval.py::test_professional_rowers_add_three_dice_for_either_side",
            "test_naval.py::test_rowers_spent_only_when_it_turns_the_roll",
            "test_naval.py::test_card_refusals",
        ],
    ),
    (
        "12",
        "anti-piracy dice; each hit sinks a corsair",
        "oddsengine/combat/piracy.py",
        "16.4 step 1",
        [
            "test_piracy.py::test_anti_piracy_dice_by_squadrons_and_fortresses",
            "test_piracy.py::test_ionian_sea_example",
        ],
    ),
    (
        "12",
        "piracy dice: 1 or 2 by corsairs left and ports, + piracy rating",
        "oddsengine/combat/piracy.py",
        "16.4 step 2",
        ["test_piracy.py::test_piracy_dice"],
    ),
    (
        "12",
        "awards chosen by the target, spread evenly (a policy)",
        "oddsengine/combat/piracy.py",
        "16.4 step 3",
        [
            "test_piracy.py::test_award_split_policy",
            "test_piracy.py::test_awards_follow_the_policy_in_results",
        ],
    ),
    (
        "13",
        "an attempt: no defender's die, no retreat, 1 CP",
        "oddsengine/combat/foreign_war.py",
        "21.7: no defender's extra die",
        [
            "test_foreign_war.py::test_no_defender_die_and_equal_dice_leave_the_foreign_side_a_unit",
            "test_foreign_war.py::test_no_retreat_survivors_stay_for_the_next_attempt",
        ],
    ),
    (
        "13",
        "both sides wiped out: more dice keep a unit, the foreign side on equal dice",
        "oddsengine/combat/foreign_war.py",
        "21.7 / 14 step 9",
        ["test_foreign_war.py::test_more_dice_keep_a_unit_when_both_sides_are_wiped_out"],
    ),
    # §10 Exact probabilities for checking
    (
        "10",
        "2d6 tables and binomial hits",
        "oddsengine/engines/_draws.py",
        "2d6",
        [
            "test_reference_agreement.py::test_two_dice_rolls_match_brute_force",
            "test_reference_agreement.py::test_field_battle_matches_brute_force",
        ],
    ),
]


def _sections_of_rules() -> set[str]:
    text = RULES.read_text(encoding="utf-8")
    return set(re.findall(r"^#{2,3} (\d+(?:\.\d+)?)\. ", text, flags=re.MULTILINE))


def _test_names(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}


APPLIED = [row for row in RULE_MAP if row[2] is not None]


@pytest.mark.parametrize("row", APPLIED, ids=lambda row: f"{row[0]}:{row[1][:40]}")
def test_each_rule_is_cited_where_it_is_applied(row):
    _, _, module, citation, _ = row
    assert citation in (ROOT / module).read_text(encoding="utf-8"), (module, citation)


@pytest.mark.parametrize("row", APPLIED, ids=lambda row: f"{row[0]}:{row[1][:40]}")
def test_each_rule_has_tests_that_exist(row):
    tests = row[4]
    assert tests
    for test in tests:
        filename, _, name = test.partition("::")
        assert name in _test_names(ROOT / "tests" / filename), test


@pytest.mark.skipif(not RULES.exists(), reason="the shared rules are not beside the project")
def test_every_section_of_the_rules_has_a_row():
    mapped = {row[0] for row in RULE_MAP}
    missing = sorted(_sections_of_rules() - mapped, key=lambda s: [int(p) for p in s.split(".")])
    assert not missing, f"sections of RULES.md with no row: {missing}"

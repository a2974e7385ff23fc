"""Where each rule of RULES.md is applied and where it is tested.

Read :data:`RULE_MAP` as a table: the section of RULES.md, the rule, the module that
applies it (a comment there cites the rule section), and the tests that check it against
hand-computed values. The tests below keep the table true: every cited module holds the
citation, every named test exists, and every section of RULES.md has a row. A citation is
a tag: its words occur in the package once, in the named module, and no two rows share
one, so the map fails when a rule moves to another module or is written twice.
"""

import ast
import re
from pathlib import Path

import pytest
from conftest import ROOT

RULES = ROOT.parent / "shared" / "rules" / "RULES.md"

#: (RULES.md section, rule, module applying it, citation found in that module, tests).
#: A row whose module is None names a section the engine does not apply yet.
RULE_MAP = [
    # §1 Leaders and formations (5.1)
    (
        "1",
        "only the best battle rating counts",
        "oddsengine/combat/forces.py",
        "Only the best battle rating counts (5.1)",
        ["test_forces.py::test_only_the_best_battle_rating_counts"],
    ),
    (
        "1",
        "a formation holds 4 units, or the two best command ratings",
        "oddsengine/combat/forces.py",
        "Refuse a force too large to ``action`` as one formation (RULES.md §1)",
        [
            "test_forces.py::test_command_capacity_of_a_formation",
            "test_forces.py::test_formation_too_large_for_its_leaders_is_refused",
            "test_move_rules_by_hand.py::test_the_command_limit_of_a_moving_formation",
            "test_move_rules_by_hand.py::test_a_moving_formation_over_the_command_limit_is_refused",
        ],
    ),
    (
        "1",
        "the limit binds what moves or assaults, not what stands",
        "oddsengine/combat/formations.py",
        "Which part of a stack acts as one formation (RULES.md §1 and §7",
        [
            "test_assault_formation.py::test_fourteen_regulars_with_ibrahim_against_two",
            "test_move_rules.py::test_a_stack_larger_than_a_formation_intercepts_with_one_formation",
            "test_move_rules.py::test_a_joining_garrison_does_not_count_against_the_formation_limit",
            "test_move_rules_by_hand.py::test_a_defending_stack_larger_than_a_formation_fights_whole",
            "test_move_rules_by_hand.py::test_avoiding_units_may_exceed_one_formation",
            "test_interception_by_hand.py::test_an_interceptor_without_a_leader_sends_four_units",
            "test_move_corners_by_hand.py::test_besiegers_larger_than_a_formation_all_defend_against_a_relief",
        ],
    ),
    (
        "1",
        "a leader leads only a force of a power he serves: Maurice, the Renegade",
        "oddsengine/combat/leaders.py",
        "RULES.md §1: a leader leads only the forces of a power he serves.",
        [
            "test_leaders_serve_their_powers.py::"
            "test_maurice_leads_no_force_of_a_power_he_does_not_serve",
            "test_leaders_serve_their_powers.py::"
            "test_maurice_leads_the_protestants_and_after_card_60_the_hapsburgs",
            "test_leaders_serve_their_powers.py::"
            "test_the_renegade_serves_the_major_power_that_places_it",
        ],
    ),
    (
        "1",
        "a leader's name is read within the force's power (two Charles, two Henrys)",
        "oddsengine/combat/leaders.py",
        "Given names shared by leaders of different powers",
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
        "13.1 who may move, and where",
        [
            "test_move_rules.py::test_entries_the_rules_forbid_are_refused",
            "test_move_rules.py::test_an_independent_space_may_be_entered_without_a_war",
            "test_move_rules.py::test_units_of_an_enemy_s_ally_count_as_enemies_and_may_intercept",
            "test_move_corners_by_hand.py::test_an_ally_relieves_a_besieged_allys_fortress",
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
            "test_move_rules.py::test_a_leader_alone_in_an_unfortified_space_is_captured_without_a_battle",
            "test_move_rules_by_hand.py::test_units_avoid_and_leave_their_leader_alone_in_the_open",
        ],
    ),
    (
        "2",
        "a leader alone does not close an unfortified space to a retreat or avoid battle",
        "oddsengine/moves/_move_rules.py",
        "Leaders alone in an unfortified space do not count",
        [
            "test_move_corners_by_hand.py::test_a_beaten_defender_retreats_onto_a_lone_enemy_leader_and_captures_him",
            "test_move_corners_by_hand.py::test_units_avoiding_battle_onto_a_lone_enemy_leader_capture_him",
        ],
    ),
    # §3 Interception (13.2, original 001)
    (
        "3",
        "2d6 + best rating, +1/-1 Ottoman cavalry, 9 or more",
        "oddsengine/combat/rolls.py",
        "13.2 step 2 / 13.3: 2d6 + modifiers of 9 or more succeeds",
        [
            "test_rolls.py::test_vienna_interception_is_15_in_36",
            "test_rolls.py::test_interception_modifiers",
            "test_interception_by_hand.py::test_ottoman_cavalry_adds_one_to_an_interception",
            "test_interception_by_hand.py::test_interceptors_lose_one_against_ottoman_cavalry",
            "test_interception_by_hand.py::test_the_vienna_example_of_the_original",
            "test_move_corners_by_hand.py::test_cavalry_left_behind_gives_the_interceptor_no_minus_one",
            "test_move_corners_by_hand.py::test_avoid_battle_with_a_leader",
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
            "test_interception_by_hand.py::test_stacks_that_may_not_intercept",
            "test_interception_by_hand.py::test_a_leader_alone_does_not_intercept",
            "test_move_corners_by_hand.py::test_the_besiegers_may_intercept_out_of_their_siege",
            "test_original_rules_by_hand.py::test_a_retreating_army_is_not_intercepted",
            "test_original_rules_by_hand.py::test_only_a_power_at_war_with_the_mover_intercepts",
            "test_original_rules_by_hand.py::test_besiegers_who_leave_are_not_intercepted_by_the_garrison",
        ],
    ),
    (
        "3",
        "not against a move into the mover's own unbesieged fortified space (not an ally's)",
        "oddsengine/moves/_move_declaration.py",
        "no interception of a move into the mover's own fortified",
        [
            "test_move_rules.py::test_a_move_into_its_own_unbesieged_fortified_space_cannot_be_intercepted",
            "test_move_corners_by_hand.py::test_a_move_into_its_own_unfortified_space_may_be_intercepted",
        ],
    ),
    (
        "3",
        "into a space holding land units, only their power or its allies intercept",
        "oddsengine/moves/_move_declaration.py",
        "Only the power of the units in the destination (or its ally) may",
        [
            "test_move.py::test_only_the_destination_power_or_its_allies_may_intercept",
            "test_move_corners_by_hand.py::test_no_interception_by_a_non_ally_of_the_units_in_the_destination",
        ],
    ),
    (
        "3",
        "not into a space controlled by a power neither enemy nor ally of the interceptor",
        "oddsengine/moves/_move_declaration.py",
        "not into a space of a power neither enemy nor ally",
        [
            "test_move_corners_by_hand.py::test_interception_into_a_space_of_a_power_neither_enemy_nor_ally",
            "test_move_corners_by_hand.py::test_a_third_power_intercepts_into_an_empty_space_only_of_its_enemy_or_ally",
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
        [
            "test_move.py::test_one_power_succeeding_stops_other_powers_but_not_its_own_other_spaces",
            "test_interception_by_hand.py::test_two_stacks_of_one_power_both_try",
            "test_interception_by_hand.py::test_several_powers_intercept_in_impulse_order",
        ],
    ),
    (
        "3",
        "one attempt per space, whichever power stands there (original 001 step 4)",
        "oddsengine/moves/_move_declaration.py",
        "no second attempt from a space already chosen",
        [
            "test_original_rules_by_hand.py::test_one_attempt_from_a_space_even_with_two_powers_there"
        ],
    ),
    (
        "3",
        "the intercepting force moves as one formation",
        "oddsengine/moves/_move_declaration.py",
        "13.2 / 5.1",
        [
            "test_move_rules.py::test_a_stack_larger_than_a_formation_intercepts_with_one_formation",
            "test_move_corners_by_hand.py::test_a_leader_intercepts_with_a_formation_of_his_command",
            "test_move_corners_by_hand.py::test_the_two_best_leaders_bound_the_intercepting_formation",
        ],
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
            "test_move_rules_by_hand.py::test_partial_avoid_battle_the_leader_stays",
            "test_move_rules_by_hand.py::test_avoid_battle_against_ottoman_cavalry",
            "test_move_rules_by_hand.py::test_ottoman_cavalry_adds_one_to_avoid_battle",
        ],
    ),
    (
        "4",
        "destination: not where the mover came from, not enemy or neutral",
        "oddsengine/moves/_move_rules.py",
        "Spaces the defenders in ``destination`` may avoid battle to (13.3)",
        [
            "test_move.py::test_avoid_battle_roll_and_destination",
            "test_move.py::test_vienna_defender_options_if_the_interception_fails",
            "test_move_rules_by_hand.py::test_avoid_battle_destinations_the_rules_forbid",
            "test_move_corners_by_hand.py::test_avoid_battle_to_spaces_held_or_controlled_by_an_ally",
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
            "test_move_rules_by_hand.py::test_three_allied_powers_one_avoids_automatically_one_tries",
            "test_move_rules_by_hand.py::test_controlling_power_avoids_and_its_ally_fights_alone_and_retreats",
            "test_move_rules_by_hand.py::test_an_ally_avoids_with_part_of_its_units",
        ],
    ),
    (
        "4",
        "a leader alone may not avoid battle",
        "oddsengine/combat/rolls.py",
        "a leader alone (no land units with him) may not avoid battle",
        [
            "test_move_rules.py::test_a_leader_alone_may_not_avoid_battle",
            "test_move_rules.py::test_a_leader_alone_in_a_fortified_space_withdraws_inside",
        ],
    ),
    (
        "4",
        "every defending power may avoid; when all succeed the mover enters an empty space",
        "oddsengine/moves/_move_defence.py",
        "13.3: every defender avoided battle",
        [
            "test_whole_move_rules.py::test_both_allied_powers_avoid_battle_and_the_mover_enters_an_empty_space",
            "test_whole_move_rules.py::test_when_one_ally_avoids_the_other_fights_alone",
            "test_whole_move_rules.py::test_both_allies_avoiding_agrees_with_monte_carlo",
            "test_whole_move_rules.py::test_besiegers_that_all_avoid_battle_break_the_siege",
            "test_move_rules_by_hand.py::test_three_allied_powers_all_avoid_battle",
            "test_three_allied_defenders.py::test_three_powers_all_avoid_battle",
            "test_three_allied_defenders.py::test_two_of_three_powers_avoid_battle",
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
            "test_move_rules_by_hand.py::test_partial_avoid_then_four_left_withdraw",
            "test_move_rules_by_hand.py::test_partial_avoid_leaving_five_may_not_withdraw",
            "test_move_rules_by_hand.py::test_five_units_may_not_withdraw",
            "test_move_rules_by_hand.py::test_allied_defenders_with_five_units_may_not_withdraw",
            "test_move_rules_by_hand.py::test_no_withdrawal_once_an_interception_succeeded",
            "test_move_rules_by_hand.py::test_no_withdrawal_in_an_unfortified_space",
            "test_move_corners_by_hand.py::test_an_ally_of_the_controller_alone_in_its_fortress",
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
            "test_move_rules_by_hand.py::test_going_back_to_a_space_of_a_non_ally_is_no_retreat",
            "test_move_rules_by_hand.py::test_going_back_into_enemy_units_is_no_retreat",
            "test_move_rules_by_hand.py::test_four_movers_against_four_inside_go_back",
        ],
    ),
    (
        "5",
        "an independent fortified space is besieged like an enemy's; own and allied held",
        "oddsengine/moves/_move_tree.py",
        "or an independent fortified space (a key or fortress no power holds",
        [
            "test_independent_fortified.py::test_an_empty_independent_key_is_besieged",
            "test_independent_fortified.py::test_a_landing_that_wins_at_independent_tunis_lays_the_siege",
            "test_independent_fortified.py::test_an_own_fortified_space_is_held_not_besieged",
            "test_independent_fortified.py::test_an_unfortified_independent_space_is_entered_and_held",
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
            "test_move_rules_by_hand.py::test_four_units_with_two_leaders_withdraw_and_five_movers_besiege",
            "test_move_corners_by_hand.py::test_cavalry_counts_for_the_siege_after_a_withdrawal",
            "test_move_corners_by_hand.py::test_losing_interceptors_in_their_own_fortress_go_inside",
            "test_original_rules_by_hand.py::test_an_ally_joins_a_siege_only_if_it_outnumbers_the_garrison_itself",
        ],
    ),
    (
        "5",
        "a siege breaks when the besiegers no longer outnumber (15.3)",
        "oddsengine/combat/assault.py",
        "15.1 step 11, 15.3: after a failure the siege holds",
        [
            "test_assault_rules.py::test_failure_keeps_the_siege_only_while_the_besiegers_outnumber",
            "test_siege.py::test_siege_breaks_when_besiegers_no_longer_outnumber",
            "test_assault_corners_by_hand.py::test_two_garrison_leaders_give_only_the_best_rating",
            "test_assault_corners_by_hand.py::test_besieging_cavalry_alone_rolls_only_the_rating",
            "test_assault_corners_by_hand.py::test_campaign_of_three_against_one_over_two_impulses",
        ],
    ),
    (
        "5",
        "after a lost relief battle the siege breaks when the besiegers no longer outnumber",
        "oddsengine/moves/_move_tree.py",
        "15.3 after a lost relief battle (15.2)",
        [
            "test_whole_move_rules.py::test_relief_that_goes_inside_on_a_tie_breaks_the_siege",
            "test_whole_move_rules.py::test_the_example_of_the_issue_two_go_inside_two_besiegers_left",
            "test_whole_move_rules.py::test_besiegers_with_no_legal_retreat_are_eliminated_and_their_leaders_captured",
            "test_move.py::test_relief_of_a_siege_is_a_battle_against_the_besiegers",
            "test_retreat_and_relief_by_hand.py::test_a_single_relief_unit_going_inside_on_a_tie_breaks_the_siege",
            "test_retreat_and_relief_by_hand.py::test_besiegers_broken_with_no_legal_retreat_are_eliminated_with_their_leader",
            "test_retreat_and_relief_by_hand.py::test_relief_loses_on_fewer_hits_and_only_the_besiegers_losses_count",
        ],
    ),
    (
        "5",
        "allied defenders that withdrew together are besieged together",
        "oddsengine/moves/siege_campaign.py",
        "13.4: allied defenders that withdrew together are besieged together",
        [
            "test_allied_siege.py::test_the_move_lays_a_siege_of_both_allied_powers",
            "test_allied_siege.py::test_the_first_assault_on_an_allied_garrison_by_hand",
            "test_allied_siege.py::test_siege_after_move_and_plan_play_the_allied_siege",
        ],
    ),
    (
        "5",
        "besieged land units cannot move (original 004, 15)",
        "oddsengine/moves/situation.py",
        "besieged land units may not move until the siege is lifted",
        ["test_original_rules_by_hand.py::test_besieged_units_may_not_move"],
    ),
    (
        "5",
        "ships in a besieged port may move (original 004, 15)",
        "oddsengine/moves/_naval_declaration.py",
        "naval units in a besieged port may move",
        ["test_original_rules_by_hand.py::test_ships_in_a_besieged_port_may_move"],
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
            "test_original_rules_by_hand.py::test_the_vienna_example_choices_had_the_interception_failed",
            "test_move_corners_by_hand.py::test_cavalry_rolls_in_a_field_battle",
        ],
    ),
    (
        "6",
        "more hits wins, a tie goes to the defender",
        "oddsengine/combat/battle.py",
        "14 step 8, 16.2: the side with more hits wins",
        [
            "test_battle_rules.py::test_one_regular_against_one_regular",
            "test_state_digits.py::test_two_regulars_against_one_by_hand",
        ],
    ),
    (
        "6",
        "both wiped out: more dice keeps one unit",
        "oddsengine/combat/battle.py",
        "14 step 9, 16.2, 21.7: both wiped out",
        [
            "test_battle_rules.py::test_both_wiped_out_the_side_with_more_dice_keeps_one_unit",
            "test_battle_rules.py::test_equal_dice_when_both_are_wiped_out_favours_the_defender",
            "test_state_digits.py::test_two_regulars_against_one_by_hand",
            "test_move_corners_by_hand.py::test_both_wiped_out_the_side_with_more_dice_keeps_one_and_may_still_lose",
            "test_move_corners_by_hand.py::test_card_dice_decide_who_keeps_a_unit_when_both_are_wiped_out",
        ],
    ),
    (
        "6",
        "allies split losses, the odd one by a die roll",
        "oddsengine/combat/allied_losses.py",
        "14 step 9: allied powers defending together split their losses evenly",
        [
            "test_allies.py::test_odd_loss_goes_either_way_with_even_chances",
            "test_move_rules.py::test_only_the_controlling_power_goes_inside_allies_retreat",
            "test_three_allied_defenders.py::test_two_powers_split_as_before",
            "test_move_corners_by_hand.py::test_allies_split_losses_and_only_the_controllers_survivors_go_inside",
        ],
    ),
    (
        "6",
        "three or more allies: even shares, each odd loss to a different power by the die",
        "oddsengine/combat/combat_spec.py",
        "the odd losses between allies are decided by a die roll",
        [
            "test_three_allied_defenders.py::test_odd_losses_go_one_to_a_power_each_power_equally_likely",
            "test_three_allied_defenders.py::test_even_shares_whatever_the_die",
            "test_three_allied_defenders.py::test_three_against_three_by_hand",
            "test_three_allied_defenders.py::test_an_assault_on_a_garrison_of_three_powers",
            "test_three_allied_defenders.py::test_monte_carlo_agrees_for_three_allied_powers",
        ],
    ),
    (
        "6",
        "in a move each allied power loses in its casualty order and retreats on its own",
        "oddsengine/moves/_move_battles.py",
        "14 step 9: each allied power's survivors, in its casualty order",
        [
            "test_three_allied_defenders.py::test_each_power_loses_in_its_own_casualty_order",
            "test_three_allied_defenders.py::test_a_move_against_three_powers_with_one_unit_each",
        ],
    ),
    (
        "6",
        "leaders of a side with no land units are captured",
        "oddsengine/combat/field_battle.py",
        'result["attacker_leaders_captured"] = attacker.has_leaders',
        [
            "test_battle_rules.py::test_leaders_of_a_wiped_out_side_are_captured",
            "test_three_allied_defenders.py::test_leaders_are_captured_only_when_the_whole_side_is_gone",
        ],
    ),
    (
        "6",
        "the winner in a fortified space besieges or retreats",
        "oddsengine/moves/_move_tree.py",
        "14 step 12",
        [
            "test_move.py::test_relief_of_a_siege_is_a_battle_against_the_besiegers",
            "test_retreat_and_relief_by_hand.py::test_the_winner_in_a_fortified_space_besieges_only_if_it_outnumbers_those_inside",
            "test_retreat_and_relief_by_hand.py::test_a_winner_that_does_not_outnumber_those_inside_with_nowhere_to_go_is_eliminated",
        ],
    ),
    (
        "6",
        "in a move, whose leaders are captured: the mover's or the defenders'",
        "oddsengine/moves/_move_tree.py",
        "14 step 10 in a move",
        [
            "test_move.py::test_leaders_captured_says_whose",
            "test_move_corners_by_hand.py::test_a_defender_that_wins_with_no_unit_left_loses_its_leader",
            "test_move_corners_by_hand.py::test_a_leader_alone_joined_by_interceptors_fights_with_them",
        ],
    ),
    # §6.1 Retreat (14.1)
    (
        "6.1",
        "retreat spaces: no unrest, no enemy, not sea, not neutral or non-allied",
        "oddsengine/moves/_move_rules.py",
        "Spaces a losing formation may retreat to from ``battle_space`` (14.1)",
        [
            "test_move.py::test_losing_defender_may_not_retreat_to_where_the_enemy_came_from",
            "test_move.py::test_retreat_goes_to_the_space_with_most_friendly_units",
            "test_retreat_and_relief_by_hand.py::test_the_loser_retreats_to_the_space_the_policy_prefers",
            "test_retreat_and_relief_by_hand.py::test_a_loser_with_no_legal_retreat_is_eliminated_and_its_leader_captured",
            "test_move_corners_by_hand.py::test_a_beaten_defender_may_retreat_across_a_pass",
            "test_move_corners_by_hand.py::test_losing_interceptors_retreat_home_not_where_the_mover_came_from",
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
            "test_retreat_and_relief_by_hand.py::test_a_losing_attacker_whose_origin_is_in_unrest_is_eliminated",
            "test_original_rules_by_hand.py::test_the_vienna_example_ends_as_the_text_says",
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
    (
        "6.1",
        "leaders choose freely whether to go inside (policy leaders_inside)",
        "oddsengine/moves/_move_tree.py",
        '14.1: "leaders choose freely"',
        [
            "test_whole_move_rules.py::test_leaders_go_inside_or_retreat_as_the_policy_says",
            "test_whole_move_rules.py::test_best_leaders_choice_is_judged_over_the_horizon",
            "test_whole_move_rules.py::test_best_leaders_choice_holds_at_least_as_well_as_either_fixed_choice",
        ],
    ),
    # §6.2 Relief of a siege (15.2)
    (
        "6.2",
        "relief: garrison may join; inside on a tied loss (policies)",
        "oddsengine/moves/_move_tree.py",
        "15.2: the mover's own units besieged in the destination",
        [
            "test_move_rules.py::test_relief_force_goes_inside_on_a_tied_loss",
            "test_move_rules.py::test_garrison_joins_the_relief_battle",
            "test_retreat_and_relief_by_hand.py::test_the_garrison_joins_the_relief_battle",
            "test_move_corners_by_hand.py::test_the_garrison_joins_a_relief_and_takes_its_losses_last",
            "test_move_corners_by_hand.py::test_an_allys_garrison_does_not_join_a_relief",
        ],
    ),
    (
        "6.2",
        "a relief that wins on hits breaks the siege, even with no unit left",
        "oddsengine/moves/_move_tree.py",
        "15.2: the relief force won: the siege is broken",
        [
            "test_whole_move_rules.py::test_a_relief_that_wins_on_hits_breaks_the_siege_with_no_survivors",
            "test_retreat_and_relief_by_hand.py::test_a_relief_that_wins_on_hits_with_no_unit_left_breaks_the_siege",
        ],
    ),
    (
        "6.2",
        "a besieged garrison of the relieving side is listed in every end state",
        "oddsengine/moves/_move_tree.py",
        "a garrison of the mover's side besieged",
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
            "test_original_rules_by_hand.py::test_an_empty_fortress_too_is_assaulted_only_an_impulse_after_the_siege",
        ],
    ),
    (
        "7",
        "attacker dice: one per two infantry against a garrison, rounded up",
        "oddsengine/combat/assault.py",
        "15.1 step 3: one die per regular or mercenary",
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
            "test_original_rules_by_hand.py::test_a_surviving_cavalry_unit_is_a_surviving_attacker",
        ],
    ),
    (
        "7",
        "one formation of the besieging stack assaults",
        "oddsengine/combat/formations.py",
        "assaults (15.1) and the rest stand by",
        [
            "test_assault_formation.py::test_units_standing_by_keep_the_siege",
            "test_assault_formation.py::test_after_gout_the_strongest_legal_formation_assaults",
        ],
    ),
    (
        "7",
        "the naval requirement: no defending squadron adjacent, more squadrons than the port's",
        "oddsengine/combat/assault.py",
        "15.1 requirements: a line of communication, and no naval blockade",
        [
            "test_assault_corners_by_hand.py::test_each_requirement_of_15_1_refuses_on_its_own",
            "test_assault_corners_by_hand.py::test_more_squadrons_than_the_port_holds_lift_the_blockade",
            "test_original_rules_by_hand.py::test_corsairs_of_the_defender_do_not_blockade_the_port",
        ],
    ),
    (
        "7",
        "leaders: captured when the space falls, displaced when every attacker died",
        "oddsengine/combat/assault.py",
        "15.1 step 11: if every attacking unit died",
        [
            "test_assault_corners_by_hand.py::test_a_leader_alone_inside_rolls_his_rating_and_the_defender_die",
            "test_assault_corners_by_hand.py::test_garrison_cavalry_rolls_nothing_but_must_be_killed",
        ],
    ),
    # §8 Cards
    (
        "8",
        "every combat card of the table",
        "oddsengine/combat/cards.py",
        "field of its :class:`CardRule` in :data:`CARD_RULES`",
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
        "recounted by the assault rules",
        ["test_cards.py::test_field_battle_cards_in_an_assault_follow_the_rule_option"],
    ),
    (
        "8",
        "who may play each card, where: asked of the card's own checks",
        "oddsengine/faces/records.py",
        "Who may play a card is asked of",
        ["test_records.py::test_cards_say_who_plays_them_where"],
    ),
    (
        "8",
        "a card's value without it, with it and the difference, at sea and abroad too",
        "oddsengine/questions/card_value.py",
        "For each card of RULES.md §8 that the rules allow",
        [
            "test_card_value.py::test_foul_weather_has_the_same_sign_in_text_and_csv",
            "test_card_value.py::test_card_values_at_sea_and_abroad_read_the_card_effects",
        ],
    ),
    (
        "8",
        "Roxelana: Suleiman's formation assaults at once; Gout keeping him out leaves none",
        "oddsengine/combat/assault.py",
        "42: Suleiman's formation assaults; Gout (32)",
        [
            "test_assault_corners_by_hand.py::test_roxelana_lets_a_stack_of_fourteen_assault_at_once",
            "test_assault_corners_by_hand.py::test_equal_numbers_are_no_siege_and_no_assault",
        ],
    ),
    (
        "8",
        "Treachery! ignores the line of communication and the blockade",
        "oddsengine/combat/assault.py",
        "105: Treachery! ignores the line-of-communication and naval requirements",
        [
            "test_assault_corners_by_hand.py::test_treachery_counts_the_units_standing_by",
            "test_assault_corners_by_hand.py::test_treachery_after_the_whole_formation_dies_leaves_the_space",
        ],
    ),
    (
        "8",
        "Landsknechts and Swiss Mercenaries before an assault: the active power only",
        "oddsengine/combat/cards.py",
        "33, 36 (15.1 step 2): before an assault only the active power",
        [
            "test_assault_corners_by_hand.py::test_cards_refused_in_an_assault",
            "test_assault_corners_by_hand.py::test_landsknechts_fill_the_formation_of_a_leaderless_stack",
            "test_assault_corners_by_hand.py::test_ottoman_landsknechts_strip_the_garrison_of_two_mercenaries",
        ],
    ),
    (
        "8",
        "Surprise Attack: a side with no unit left after the first fire rolls nothing",
        "oddsengine/combat/_combat.py",
        "29: nothing to roll if none survive",
        [
            "test_assault_corners_by_hand.py::test_surprise_attack_that_wipes_out_the_garrison_meets_no_answer",
            "test_assault_corners_by_hand.py::test_surprise_attack_by_the_garrison_in_an_assault",
        ],
    ),
    (
        "8",
        "Siege Artillery needs an LOC of at most 4 land spaces, under Treachery! too",
        "oddsengine/combat/assault.py",
        "35: an LOC of at most 4 land spaces is an LOC",
        [
            "test_assault_corners_by_hand.py::test_siege_artillery_needs_its_line_of_communication",
            "test_assault_corners_by_hand.py::test_treachery_does_not_lift_the_line_of_communication_of_siege_artillery",
            "test_assault_corners_by_hand.py::test_siege_artillery_played_by_another_power_needs_the_supply_on_the_command_line",
        ],
    ),
    # §9 Policies
    (
        "9",
        "casualty order, post-roll cards, defender response, interception, retreat",
        "oddsengine/combat/options.py",
        "Read a casualty order",
        [
            "test_battle_rules.py::test_casualty_order_shapes_the_survivors",
            "test_move.py::test_probabilities_sum_to_one_for_every_policy",
            "test_move.py::test_retreat_goes_to_the_space_with_most_friendly_units",
        ],
    ),
    (
        "9",
        "how often a foreign war's post-roll card was spent is reported",
        "oddsengine/combat/foreign_war.py",
        "RULES.md §9: how often the post-roll card was actually spent is reported",
        ["test_foreign_war.py::test_how_often_janissaries_are_spent_is_reported"],
    ),
    (
        "9",
        "post-roll cards always or if it changes the outcome, spent figure, battle/assault/sea",
        "oddsengine/combat/combat_spec.py",
        "RULES.md §9: how often each post-roll card was actually spent, by its policy.",
        [
            "test_policies_by_hand.py::test_janissaries_in_a_field_battle_by_policy_on_every_face",
            "test_policies_by_hand.py::test_siege_artillery_in_an_assault_by_policy",
            "test_policies_by_hand.py::test_professional_rowers_in_a_naval_battle_by_policy",
            "test_policies_by_hand.py::test_janissaries_in_a_foreign_war_by_policy",
        ],
    ),
    (
        "9",
        "a move reports how often the post-roll card of its field battle was spent",
        "oddsengine/moves/_move_battles.py",
        "RULES.md §9: the post-roll cards (Janissaries) report whether each cell spent them",
        ["test_policies_by_hand.py::test_janissaries_in_a_move_are_reported_spent"],
    ),
    (
        "9",
        "a move's casualty orders and post-roll policy in the scenario file",
        "oddsengine/moves/scenario_file.py",
        "RULES.md §9: the casualty order of each side and the post-roll card policy",
        [
            "test_policies_by_hand.py::test_a_moves_casualty_order_from_the_api_the_file_and_the_command_line",
            "test_policies_by_hand.py::test_janissaries_in_a_move_are_reported_spent",
            "test_policies_by_hand.py::test_a_bad_policy_in_a_scenario_file_is_refused_by_name",
        ],
    ),
    (
        "9",
        "a move's casualty orders and post-roll policy on the command line",
        "oddsengine/cli/_move_commands.py",
        "the field battle's policies given on the command line (RULES.md §9)",
        [
            "test_policies_by_hand.py::test_a_moves_casualty_order_from_the_api_the_file_and_the_command_line",
            "test_policies_by_hand.py::test_janissaries_in_a_move_are_reported_spent",
        ],
    ),
    (
        "9",
        "a siege's casualty orders and post-roll policy on the command line",
        "oddsengine/cli/_siege_commands.py",
        "The assaults' policies (RULES.md §9)",
        [
            "test_policies_by_hand.py::test_siege_artillery_policy_in_a_siege_campaign",
            "test_policies_by_hand.py::test_casualty_orders_in_a_siege_campaign",
        ],
    ),
    (
        "9",
        "the siege a move lays keeps the move's casualty orders",
        "oddsengine/moves/siege_campaign.py",
        "RULES.md §9: the casualty order chosen for each side holds for the whole",
        ["test_policies_by_hand.py::test_a_siege_after_a_move_keeps_the_moves_casualty_order"],
    ),
    (
        "9",
        "the retreat destination among the legal ones: the first legal space listed, one no "
        "retreat reaches passed over with a note, a list of such spaces only refused",
        "oddsengine/moves/_move_rules.py",
        "A ``prefer:`` list is a standing order, the first legal space listed (RULES.md §9), so",
        [
            "test_policies_by_hand.py::test_the_retreat_goes_to_the_legal_space_the_policy_names",
            "test_policies_by_hand.py::"
            "test_a_retreat_preference_no_retreat_can_reach_is_passed_over_by_name",
            "test_retreat_lists_by_hand.py::"
            "test_a_list_with_spaces_no_retreat_reaches_is_followed_and_names_them",
            "test_retreat_lists_by_hand.py::"
            "test_a_list_that_names_no_reachable_space_is_refused_naming_each",
            "test_retreat_lists_by_hand.py::"
            "test_a_what_if_that_makes_a_space_unreachable_keeps_the_list",
        ],
    ),
    (
        "9",
        "a naval retreat location among the legal ones; one not adjacent passed over with "
        "a note, a list of such locations only refused",
        "oddsengine/moves/_naval_declaration.py",
        "RULES.md §9, §14: the retreating player picks among legal locations, all",
        [
            "test_policies_by_hand.py::"
            "test_a_naval_retreat_goes_where_the_policy_names_or_is_refused_by_name",
            "test_retreat_lists_by_hand.py::test_a_naval_retreat_list_with_a_location_not_adjacent",
        ],
    ),
    (
        "9",
        "the defender's response and the stacks that intercept",
        "oddsengine/moves/_move_declaration.py",
        "RULES.md §9: the user chooses which stacks intercept, and with which units.",
        [
            "test_policies_by_hand.py::test_the_defenders_response_by_policy",
            "test_policies_by_hand.py::test_which_stacks_intercept_by_policy",
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
            "test_naval_combat_by_hand.py::test_naval_loss_order_cell_by_cell",
            "test_naval_combat_by_hand.py::test_barbary_coast_worked_example_of_16_2",
            "test_naval_combat_by_hand.py::test_naval_battles_whole_by_hand",
        ],
    ),
    (
        "11",
        "both sides sunk: more dice keep one unit, the defender on equal dice",
        "oddsengine/combat/naval.py",
        "16.2: the side that keeps a unit keeps a squadron if it had one",
        [
            "test_naval.py::test_both_wiped_out_equal_dice_the_defender_keeps_a_squadron",
            "test_naval.py::test_both_wiped_out_more_dice_keeps_a_unit_even_for_the_loser",
            "test_naval_combat_by_hand.py::test_naval_both_wiped_out_more_dice_keep_one_unit",
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
        "oddsengine/combat/naval_rolls.py",
        "16.1 step 5: only in a sea zone, never in a port",
        [
            "test_naval.py::test_naval_roll_two_dice_plus_rating_nine_or_more",
            "test_naval.py::test_naval_avoid_battle_never_from_a_port",
        ],
    ),
    (
        "11",
        "cards at sea: Arquebusiers, Janissaries +4, Professional Rowers +3 / +-2",
        "oddsengine/combat/cards.py",
        "RULES.md §11: at sea, combat cards",
        [
            "test_naval.py::test_janissaries_add_four_dice_at_sea",
            "test_naval.py::test_professional_rowers_add_three_dice_for_either_side",
            "test_naval.py::test_rowers_spent_only_when_it_turns_the_roll",
            "test_naval.py::test_card_refusals",
            "test_naval_combat_by_hand.py::test_janissaries_add_four_dice_at_sea_for_the_ottomans",
            "test_naval_combat_by_hand.py::test_professional_rowers_add_three_dice_for_either_side",
            "test_naval_combat_by_hand.py::test_professional_rowers_two_either_way_on_a_naval_roll",
        ],
    ),
    (
        "11",
        "Professional Rowers: not in piracy",
        "oddsengine/combat/piracy.py",
        "RULES.md §11: Professional Rowers, not in piracy",
        ["test_piracy_and_foreign_wars_by_hand.py::test_professional_rowers_are_refused_in_piracy"],
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
            "test_piracy_and_foreign_wars_by_hand.py::test_the_award_order_is_taken_by_the_even_spread_on_the_command_line",
        ],
    ),
    (
        "12",
        "at most 10 piracy VP in a game; an impossible award is not chosen",
        "oddsengine/combat/piracy.py",
        "16.4: at most 10 piracy VP in a game",
        [
            "test_piracy_and_foreign_wars_by_hand.py::test_piracy_awards_spread_evenly_over_the_possible_ones",
            "test_piracy_and_foreign_wars_by_hand.py::test_four_piracy_hits_give_two_vp_a_squadron_and_a_card",
            "test_piracy_and_foreign_wars_by_hand.py::test_ionian_sea_worked_example_of_16_4",
        ],
    ),
    (
        "12",
        "Foul Weather stops a piracy action",
        "oddsengine/combat/piracy.py",
        "Another power played a card that stops the action (Foul Weather",
        ["test_piracy_and_foreign_wars_by_hand.py::test_foul_weather_stops_a_piracy_action"],
    ),
    (
        "13",
        "an attempt: no defender's die, no retreat, 1 CP",
        "oddsengine/combat/foreign_war.py",
        "21.7: no defender's extra die",
        [
            "test_foreign_war.py::test_no_defender_die_and_equal_dice_leave_the_foreign_side_a_unit",
            "test_foreign_war.py::test_no_retreat_survivors_stay_for_the_next_attempt",
            "test_battle_resolution.py::test_a_foreign_war_attempt_is_a_field_battle_without_the_extra_die",
        ],
    ),
    (
        "13",
        "both sides wiped out: more dice keep a unit, the foreign side on equal dice",
        "oddsengine/combat/foreign_war.py",
        "(the foreign side on equal dice)",
        [
            "test_foreign_war.py::test_more_dice_keep_a_unit_when_both_sides_are_wiped_out",
            "test_battle_resolution.py::test_both_wiped_out_counts_post_roll_dice_for_every_kind",
            "test_piracy_and_foreign_wars_by_hand.py::test_foreign_wars_attempt_after_attempt",
        ],
    ),
    (
        "13",
        "the cards' forces: Egypt 3 v 3, Persia 5 v 4, Ireland 4 v 3 (or 4 Irish)",
        "oddsengine/combat/war_cards.py",
        "4 Irish if France or the Hapsburgs play it",
        [
            "test_piracy_and_foreign_wars_by_hand.py::test_revolt_in_egypt_one_attempt",
            "test_piracy_and_foreign_wars_by_hand.py::test_war_in_persia_one_attempt",
            "test_piracy_and_foreign_wars_by_hand.py::test_foreign_wars_attempt_after_attempt",
        ],
    ),
    (
        "13",
        "won when no foreign unit is left; a post-roll card plays for it (both wiped out)",
        "oddsengine/combat/foreign_war.py",
        "21.7, RULES.md §13: the war is won when no foreign unit is left",
        [
            "test_piracy_and_foreign_wars_by_hand.py::test_janissaries_in_a_foreign_war_win_when_both_sides_are_wiped_out",
            "test_foreign_war.py::test_janissaries_by_default_only_when_they_can_end_the_war",
        ],
    ),
    (
        "13",
        "no attempt with no unit on the card; survivors stay; units built before later attempts",
        "oddsengine/combat/foreign_war.py",
        "21.7: no unit on the card, no attempt",
        [
            "test_piracy_and_foreign_wars_by_hand.py::test_a_war_with_no_unit_left_stops",
            "test_piracy_and_foreign_wars_by_hand.py::test_revolt_in_egypt_two_attempts_and_the_cp_spent",
            "test_piracy_and_foreign_wars_by_hand.py::test_reinforcements_are_built_on_the_card_before_later_attempts",
        ],
    ),
    (
        "5",
        "reinforcements join the besiegers only of the besieging power",
        "oddsengine/moves/siege_campaign.py",
        "15: the besieging stack",
        ["test_entry_point_refusals.py::test_siege_reinforcements_of_another_power_are_refused"],
    ),
    (
        "4",
        "the units chosen to avoid battle matter only to a power that tries to avoid",
        "oddsengine/moves/_move_declaration.py",
        "may avoid (13.3)",
        ["test_unused_options.py::test_a_choice_given_twice_or_never_used_is_refused"],
    ),
    (
        "13",
        "units built on the card before each later attempt: none with a single attempt",
        "oddsengine/cli/_naval_commands.py",
        "21.7: built before each later attempt",
        ["test_unused_options.py::test_an_option_that_does_not_apply_is_refused"],
    ),
    # §14 A naval move on the board (16.1, 16.2)
    (
        "14",
        "adjacency at sea, with the map data's two corrections applied where it is read",
        "oddsengine/moves/board.py",
        "RULES.md §14: the two places where the map data differs",
        [
            "test_sea_board.py::test_the_two_corrections_of_the_map_data",
            "test_sea_board.py::test_zones_with_a_port_between_them_are_not_adjacent",
            "test_sea_board.py::test_adjacency_of_a_port_and_of_a_sea_zone_by_hand",
        ],
    ),
    (
        "14",
        "a fleet enters its own ports, or another power's only with enemy ships in it",
        "oddsengine/moves/sea.py",
        "Whether ``fleet`` may move into ``location`` (§14)",
        [
            "test_sea_board.py::test_ports_a_fleet_may_enter",
            "test_sea_board.py::test_doria_and_the_genoese_and_venetians_never_enter_the_atlantic",
        ],
    ),
    (
        "14",
        "who may intercept a naval move, from where and in what order",
        "oddsengine/moves/sea.py",
        "§14 / 16.1 step 4",
        [
            "test_sea_board.py::test_interceptors_of_the_barbary_coast_move",
            "test_sea_board.py::test_no_interception_into_a_port_or_where_the_mover_already_has_ships",
        ],
    ),
    (
        "14",
        "legal naval avoid-battle and retreat locations",
        "oddsengine/moves/sea.py",
        "§14 / 16.1 step 5",
        [
            "test_sea_board.py::test_naval_avoid_locations_by_hand",
            "test_sea_board.py::test_naval_retreat_locations_by_hand",
        ],
    ),
    (
        "14",
        "a naval move: interception in impulse order, once one power succeeds no other tries",
        "oddsengine/moves/_naval_tree.py",
        "§14: once one power succeeds no other power tries",
        [
            "test_naval_move.py::test_barbary_coast_interceptions_by_hand",
            "test_naval_move.py::test_die_by_die_reference_interception_combat_and_retreat",
        ],
    ),
    (
        "14",
        "avoid battle only without interception and never in a port",
        "oddsengine/moves/_naval_tree.py",
        "§14: avoid battle only when no interception happened, never in a port",
        [
            "test_naval_move.py::test_avoid_battle_to_a_legal_location",
            "test_naval_move.py::test_die_by_die_reference_two_enemy_powers_fought_in_turn",
        ],
    ),
    (
        "14",
        "several enemy powers fought in the mover's order until it loses one",
        "oddsengine/moves/_naval_tree.py",
        "the mover loses one (§14)",
        [
            "test_naval_move.py::test_die_by_die_reference_two_enemy_powers_fought_in_turn",
            "test_naval_move.py::test_fight_order_is_the_movers_choice",
        ],
    ),
    (
        "14",
        "against several powers attacker_wins is winning every fight; won_some_fights the rest",
        "oddsengine/moves/_naval_tree.py",
        "a lost combat ends the move, so the mover won every combat it fought.",
        [
            "test_naval_move_rules_by_hand.py::"
            "test_attacker_wins_is_winning_every_fight_against_several_powers",
            "test_naval_move_rules_by_hand.py::"
            "test_won_some_fights_is_reported_only_where_several_powers_may_be_fought",
        ],
    ),
    (
        "14",
        "port combat: the defender's extra die, the attacker always leaves",
        "oddsengine/moves/_naval_tree.py",
        "§14: after a combat in a port the attacker always leaves",
        [
            "test_naval_move.py::test_a_port_combat_gives_the_defender_a_die_and_the_attacker_always_leaves",
        ],
    ),
    (
        "14",
        "Foul Weather cancels the naval move; ships that lost may not move",
        "oddsengine/moves/naval_move.py",
        "Foul Weather was played: the move is cancelled, nothing moves (§14)",
        [
            "test_naval_move.py::test_foul_weather_cancels_the_naval_move",
            "test_naval_move.py::test_ships_that_lost_a_combat_may_not_move",
        ],
    ),
    (
        "14",
        "the blockade of a port read from the board decides 15.1's naval requirement",
        "oddsengine/moves/siege_campaign.py",
        "RULES.md §7 / §14: the blockade of the port is read from the board",
        [
            "test_blockade.py::test_the_counts_are_read_from_the_port_and_its_sea_zones",
            "test_blockade.py::test_more_attacking_squadrons_lift_the_blockade_of_a_port",
            "test_blockade.py::test_a_blockade_forbids_every_assault",
        ],
    ),
    (
        "14",
        "a plan's courses of a naval move: the action's 1 CP, ranked by a naval outcome",
        "oddsengine/questions/_naval_plans.py",
        "RULES.md §14: the naval move action costs 1 CP",
        [
            "test_plans.py::test_naval_plan_ranks_the_interceptions_by_hand",
            "test_plans.py::test_naval_plan_avoid_battle_or_stay",
        ],
    ),
    (
        "14",
        "a scenario's naval move swept: its fleets, policies and cards, refusals as rows",
        "oddsengine/moves/naval_move_scenario.py",
        "The naval move of a scenario file, with flat parameters (RULES.md §14)",
        [
            "test_naval_move_sweep.py::test_the_shipped_sweep_plays_every_fleet_and_interception_by_hand",
            "test_naval_move_sweep.py::test_a_scenario_the_rules_refuse_is_a_row_with_the_reason",
        ],
    ),
    (
        "14",
        "successful interceptors join in the destination, with their power's ships there, as "
        "one defending stack; the ships there then may not avoid battle",
        "oddsengine/moves/_naval_tree.py",
        "§14: successful interceptors join in the destination as one stack",
        [
            "test_naval_move_rules_by_hand.py::test_interceptors_join_the_ships_there_as_one_defending_stack",
            "test_naval_move_rules_by_hand.py::test_avoid_battle_only_when_no_interception_succeeded",
        ],
    ),
    (
        "14",
        "naval avoid battle: all the power's ships there leave together, at sea only",
        "oddsengine/moves/_naval_tree.py",
        "§14: all the power's ships there leave together",
        ["test_naval_move_rules_by_hand.py::test_avoid_battle_at_sea_only_and_where_to"],
    ),
    (
        "14",
        "naval leaders move with ships of their power: one whose ships all leave goes with them",
        "oddsengine/moves/_naval_declaration.py",
        "one whose ships all",
        [
            "test_naval_move_rules_by_hand.py::test_a_naval_leader_whose_ships_all_leave_goes_with_them"
        ],
    ),
    # §15 Naval transport (16.3)
    (
        "15",
        "from a port through adjacent zones holding own ships to a port: at most 5 units, "
        "2 CP and enough to land, no enemy ships in the landing port, not besieged",
        "oddsengine/moves/transport.py",
        "(RULES §15)",
        [
            "test_transport.py::test_the_requirements_of_15_are_refused_with_the_reason",
            "test_transport.py::test_every_zone_crossed_holds_ships_of_the_moving_power",
            "test_transport.py::test_no_landing_in_a_port_holding_enemy_ships",
            "test_transport.py::test_a_besieged_formation_stays",
            "test_transport.py::test_the_landing_port_obeys_the_entry_rules_of_13_1",
        ],
    ),
    (
        "15",
        "no interception at sea; the landing is a move into the port (land interception, "
        "avoid battle, withdrawal, field battle, siege)",
        "oddsengine/moves/transport.py",
        "§15: the formation enters the port from the last sea zone",
        [
            "test_transport.py::test_a_landing_by_hand_interception_times_battle_times_elimination",
            "test_transport.py::test_shipped_transports_are_found_by_name",
        ],
    ),
    (
        "15",
        "no way back across the sea: a lost battle, or going back, eliminates the formation "
        "and captures its leaders, unless it may move on by land",
        "oddsengine/moves/_move_tree.py",
        "RULES.md §15 (16.3)",
        [
            "test_transport.py::test_a_landing_by_hand_interception_times_battle_times_elimination",
            "test_transport.py::test_tunis_a_lost_battle_loses_the_formation_and_captures_charles_v",
            "test_transport.py::test_the_way_back_after_a_withdrawal_is_the_sea_unless_it_may_move_on",
        ],
    ),
    (
        "15",
        "Foul Weather stops a transport (1 CP lost); CP spent = zones crossed + 1",
        "oddsengine/moves/transport.py",
        "§15: 1 CP per sea zone crossed and 1 to land",
        [
            "test_transport.py::test_foul_weather_stops_the_transport_for_one_cp",
            "test_transport.py::test_cli_reports_the_cp_spent_and_the_transported_formation_lost",
        ],
    ),
    (
        "15",
        "after landing, moving on by land needs a land neighbour of the port and 1 CP more",
        "oddsengine/moves/transport.py",
        "§15 / 13.4: moving on by land needs a land neighbour of the port and 1 CP more",
        [
            "test_transport_rules_by_hand.py::test_moving_on_by_land_needs_a_cp_left",
            "test_transport_rules_by_hand.py::test_going_back_across_the_sea_is_impossible",
        ],
    ),
    (
        "15",
        "a landing won without outnumbering those inside retreats by land to a legal space, "
        "else the formation is lost (14 step 12)",
        "oddsengine/moves/_move_tree.py",
        "14 step 12: otherwise it retreats to any legal adjacent space",
        [
            "test_transport_rules_by_hand.py::test_a_won_battle_without_outnumbering_may_retreat_by_land",
            "test_transport_rules_by_hand.py::test_a_won_battle_without_outnumbering_those_inside_loses_the_formation",
        ],
    ),
    # §16 The religious board (18.2, 21.6)
    (
        "16",
        "the language zones; a space may be in none (Breslau, Prague)",
        "oddsengine/religion/records.py",
        "16: the five language zones",
        ["test_religion_records_commands.py::test_language_zones_of_the_95_theses_targets"],
    ),
    # §17 A Reformation attempt (18.3)
    (
        "17",
        "the highest die of each side; higher wins, ties to the side that wins them",
        "oddsengine/religion/attempt_odds.py",
        "§17 step 7 / §18: higher wins; a tie goes to the side that wins ties",
        [
            "test_religion_attempts.py::test_the_95_theses_targets_by_hand",
            "test_religion_attempts.py::test_both_exact_paths_match_the_die_by_die_reference",
        ],
    ),
    (
        "17",
        "the +1 modifier on every Protestant die (Calvin's Institutes, Full Bible)",
        "oddsengine/religion/attempt_odds.py",
        "§17 step 4 / §18: the modifier on every die moves the highest die with it",
        ["test_religion_attempts.py::test_the_modifier_makes_a_six_a_seven"],
    ),
    (
        "17",
        "the modifier only in the target zone, where the Protestant wins ties",
        "oddsengine/religion/attempts.py",
        "§17 step 1: only a space in the target zone gives the +1 modifier",
        ["test_religion_attempts.py::test_refusals_name_the_problem"],
    ),
    (
        "17",
        "at least 1 die; bonus dice (Printing Press, 95 Theses, a debater) added after it",
        "oddsengine/religion/attempts.py",
        "§17 step 3: Printing Press, the 95 Theses and one debater's bonus",
        [
            "test_religion_attempts.py::test_bonus_dice_are_added_and_reported",
            "test_religion_attempts.py::test_zero_dice_roll_the_minimum_and_say_so",
        ],
    ),
    (
        "17",
        "a modified 6 in the target zone succeeds at once (never changing the chance)",
        "oddsengine/religion/attempts.py",
        "§17 step 5 / §18: a modified 6 succeeds at once where the attempting side wins",
        ["test_religion_attempts.py::test_automatic_success_never_changes_the_chance"],
    ),
    # §18 A Counter-Reformation attempt (18.4)
    (
        "18",
        "Augsburg Confession: -1 on every Papal die; Papal ties under Paul III or Julius III",
        "oddsengine/religion/attempts.py",
        "−1 on every Papal die with Augsburg Confession (§18), else 0.",
        [
            "test_religion_attempts.py::test_augsburg_takes_one_from_every_papal_die",
            "test_religion_attempts.py::test_automatic_success_never_changes_the_chance",
        ],
    ),
    (
        "18",
        "a Papal debater's bonus: 1 or 2 dice",
        "oddsengine/religion/attempts.py",
        "§18: 1 or 2 Papal dice where a debater's bonus applies.",
        ["test_religion_attempts.py::test_bonus_dice_are_added_and_reported"],
    ),
    # §23 Readings for Part III (2-4: the attempts)
    (
        "23",
        "reading 2: under Augsburg a 1 becomes 0, not raised; reading 4: the minimum of 1 "
        "applies to the base count",
        "oddsengine/religion/attempts.py",
        "made 0 by Augsburg is not raised (§23 reading 2)",
        [
            "test_religion_attempts.py::test_augsburg_takes_one_from_every_papal_die",
            "test_religion_attempts.py::test_zero_dice_roll_the_minimum_and_say_so",
        ],
    ),
    # §10 Exact probabilities for checking
    (
        "10",
        "2d6 tables and binomial hits",
        "oddsengine/draws.py",
        "Distribution of the total of 2d6",
        [
            "test_reference_agreement.py::test_two_dice_rolls_match_brute_force",
            "test_reference_agreement.py::test_field_battle_matches_brute_force",
        ],
    ),
    # §20 Theological debates (18.5), with the readings §23.10-14
    (
        "20",
        "the attacker rolls value + 3 dice (Eck +1; Gardiner +1 in England; Mary I doubles)",
        "oddsengine/religion/debate_rules.py",
        "dice = value + ATTACK_DICE  # 20 step 4",
        [
            "test_religion_debate.py::test_2017_example_eck_against_committed_carlstadt",
            "test_religion_debate.py::test_mary_augsburg_and_cards_add_dice",
        ],
    ),
    (
        "20",
        "the defender rolls value + 1 if committed, value + 2 if not; hits on 5-6",
        "oddsengine/religion/debate_rules.py",
        "20 step 5, 23.10: the other side's debater rolls value + 1 if already committed",
        [
            "test_religion_debate.py::test_2017_example_eck_against_committed_carlstadt",
            "test_religion_debate.py::test_2017_example_luther_put_in_uncommitted_by_here_i_stand",
        ],
    ),
    (
        "20",
        "Here I Stand puts Luther in for the Protestant debater, committed or not",
        "oddsengine/religion/debate_tree.py",
        "20 step 3: Here I Stand puts Luther in for the drawn Protestant",
        [
            "test_religion_debate.py::test_2017_example_luther_put_in_uncommitted_by_here_i_stand",
            "test_religion_debate.py::test_here_i_stand_best_is_at_least_as_good_as_first_chance_for_the_protestant",
        ],
    ),
    (
        "20",
        "the winner flips the hit difference (Aleander +1); a loser exceeded is burnt or "
        "disgraced, his value in VP to the winner",
        "oddsengine/religion/debate_tree.py",
        "A decisive difference ``d`` flips ``|d|`` spaces (plus Aleander's one, 20 step 7)",
        [
            "test_religion_debate.py::test_2017_example_eck_against_committed_carlstadt",
            "test_religion_debate.py::test_second_round_by_hand_aleander_against_melanchthon",
        ],
    ),
    (
        "20",
        "Campeggio, losing, ignores the result on 5-6",
        "oddsengine/religion/debate_tree.py",
        "20 step 7: Campeggio, losing, ignores the result on 5-6 (a disgrace too).",
        ["test_religion_debate.py::test_campeggio_ignores_a_lost_result_on_5_6"],
    ),
    (
        "23",
        "23.10: round 2 draws both sides from their uncommitted debaters, else the committed",
        "oddsengine/religion/debate_tree.py",
        "23.10: round 2's matchups after round 1 (both sides draw from their uncommitted",
        [
            "test_religion_debate.py::test_second_round_by_hand_aleander_against_melanchthon",
            "test_religion_debate.py::test_naive_reference_agrees_with_exact_and_monte_carlo",
        ],
    ),
    (
        "23",
        "23.11: card dice (Thomas More, Papal Inquisition, Augsburg) in both rounds",
        "oddsengine/religion/debate_rules.py",
        "# 23.11: card dice apply to the initiator's roll in both rounds.",
        ["test_religion_debate.py::test_mary_augsburg_and_cards_add_dice"],
    ),
    (
        "23",
        "23.12: a debater's bonus acts only when he enters the round uncommitted",
        "oddsengine/religion/debate_rules.py",
        "23.12: a debater's bonus acts only when he enters the round uncommitted",
        ["test_religion_debate.py::test_campeggio_ignores_a_lost_result_on_5_6"],
    ),
    (
        "23",
        "23.13-14: burning compares the hit difference; flips capped by the eligible spaces",
        "oddsengine/religion/debate_tree.py",
        "at most ``eligible`` (23.14), to the winner",
        ["test_religion_debate.py::test_eligible_caps_the_flips"],
    ),
    # §16 The religious board (18.2, 21.6)
    (
        "16",
        "stacks' religious alignment by power and the English ruler; lone leaders none",
        "oddsengine/religion/religious_board.py",
        "16: Ottoman regulars and cavalry, and lone leaders, count for none",
        ["test_religion_board_by_hand.py::test_english_units_follow_the_ruler"],
    ),
    (
        "16",
        "an electorate's first conversion places its regulars, not after the League",
        "oddsengine/religion/religious_board.py",
        "conversion to Protestant places its regulars from the display (16)",
        [
            "test_religion_board_by_hand.py::test_an_electorate_brings_its_regulars_once",
            "test_religion_board_by_hand.py::test_a_two_attempt_run_by_hand_where_the_best_single_odds_are_not_best",
        ],
    ),
    (
        "16",
        "a port is linked to the other ports of its sea zone for eligibility",
        "oddsengine/religion/religious_board.py",
        "16: ports on one sea zone are linked (23.5: unrest too)",
        [
            "test_religion_board_by_hand.py::test_the_same_counts_from_the_1517_board_with_brandenburg_turned"
        ],
    ),
    (
        "16",
        "the language zones, the set-up, the electorates, read and checked once",
        "oddsengine/religion/records.py",
        "Every inconsistency raises :class:`ReligionDataError`",
        ["test_religion_board_by_hand.py::test_the_rulebook_example_counts_come_out_of_the_board"],
    ),
    # §17-§18 on the board: eligibility and dice counted from the map
    (
        "17",
        "dice from the board: neighbours by normal connection, none in unrest",
        "oddsengine/religion/religious_board.py",
        "17 step 2 (Protestant) and step 6 (Papal): neighbours by normal connection",
        [
            "test_religion_board_by_hand.py::test_the_rulebook_example_counts_come_out_of_the_board",
            "test_religion_board_by_hand.py::test_a_pass_counts_for_eligibility_not_for_dice",
            "test_religion_board_by_hand.py::test_unrest_gives_no_die_and_makes_no_neighbour_eligible",
        ],
    ),
    (
        "17",
        "each space at most once per impulse",
        "oddsengine/religion/religious_board.py",
        "has been targeted already this impulse (17 step 1)",
        ["test_religion_board_by_hand.py::test_a_space_targeted_already_this_impulse_is_refused"],
    ),
    (
        "18",
        "a Counter-Reformation from the board: Papal ties only in zone under Paul III",
        "oddsengine/religion/run_model.py",
        'ties = "papacy" if (in_zone and self.wins_ties_in_zone) else "protestant"  # 18',
        [
            "test_religion_board_by_hand.py::test_a_counter_reformation_attempt_by_hand",
            "test_religion_board_by_hand.py::test_a_counter_reformation_outside_its_zone_gives_the_protestant_ties",
        ],
    ),
    # §19 Runs of attempts
    (
        "19",
        "the sources of attempts: count, target zone, dice",
        "oddsengine/religion/attempt_sources.py",
        "19: the sources with no zone of their own",
        [
            "test_religion_board_by_hand.py::test_carlstadt_targets_the_german_zone_only",
            "test_religion_board_by_hand.py::test_the_rulebook_example_counts_come_out_of_the_board",
        ],
    ),
    (
        "19",
        "the optimal policy of a run, memoised on the state; greedy and an order beside it",
        "oddsengine/engines/attempt_runs_exact.py",
        "so the best choice is a decision over states, memoised on the state,",
        [
            "test_religion_board_by_hand.py::test_a_two_attempt_run_by_hand_where_the_best_single_odds_are_not_best",
            "test_religion_board_by_hand.py::test_a_given_order_is_a_standing_order",
            "test_religion_board_by_hand.py::test_an_objective_at_least_two",
            "test_religion_board_by_hand.py::test_a_monte_carlo_run_agrees_with_the_exact_enumeration",
        ],
    ),
    (
        "19",
        "a run's states counted before its search: eligible spaces stay eligible until "
        "targeted, so the sets of flips reached and their failed targets give the count",
        "oddsengine/religion/run_model.py",
        "17 step 1, 18: a space stays eligible until it is targeted (flips only open)",
        [
            "test_religion_sweeps.py::test_the_count_of_a_two_attempt_run_by_hand",
            "test_religion_sweeps.py::test_the_count_before_searching_is_the_states_searched",
            "test_religion_sweeps.py::test_six_attempts_on_thirty_spaces_are_refused_at_once",
        ],
    ),
    (
        "20",
        "a debate's flips land on the eligible spaces, zone first, then elsewhere",
        "oddsengine/religion/religious_board.py",
        "The spaces a debate's or the Diet's winner could flip one after another (§20",
        ["test_religion_board_by_hand.py::test_what_a_debate_or_the_diet_can_flip_on_the_board"],
    ),
    (
        "20",
        "a debate's winner flips in the zone while eligible spaces remain, then anywhere; "
        "the spaces and their chances on a scenario's board (23.14)",
        "oddsengine/religion/board_flips.py",
        "20 step 7: in the debate's zone while eligible ones remain there",
        [
            "test_religion_board_flips.py::test_a_debate_flips_in_its_zone_first_then_anywhere",
            "test_religion_board_flips.py::test_a_debate_on_the_example_caps_the_papal_flips_at_two",
            "test_religion_board_flips.py::test_each_winner_has_its_own_cap",
        ],
    ),
    # §23 Readings for Part III
    (
        "23",
        "23.4: the minimum of 1 die before bonus dice",
        "oddsengine/religion/religious_board.py",
        "(23.4: before any bonus die)",
        ["test_religion_board_by_hand.py::test_a_pass_counts_for_eligibility_not_for_dice"],
    ),
    (
        "23",
        "23.5: a space in unrest makes no neighbour eligible",
        "oddsengine/religion/religious_board.py",
        "23.5: a space in unrest makes no neighbour eligible",
        [
            "test_religion_board_by_hand.py::test_unrest_gives_no_die_and_makes_no_neighbour_eligible"
        ],
    ),
    (
        "23",
        "23.8: each of Carlstadt's failures puts unrest at once",
        "oddsengine/religion/run_model.py",
        "23.8: each of Carlstadt's failures puts unrest on its target at once",
        ["test_religion_board_by_hand.py::test_carlstadt_failures_put_unrest"],
    ),
    # §21 The Diet of Worms (18.1)
    (
        "21",
        "the Protestant rolls its card's CP + 4 dice",
        "oddsengine/religion/diet.py",
        "21: the Protestant rolls its card's CP + 4 dice",
        ["test_religion_diet.py::test_the_diet_rolls_cp_plus_four_against_the_catholic_total"],
    ),
    (
        "21",
        "the Hapsburgs' and the Papacy's hits are added, hits on 5-6",
        "oddsengine/religion/diet.py",
        "21: the Hapsburgs' and the Papacy's hits added",
        [
            "test_religion_diet.py::test_a_diet_cell_by_hand",
            "test_religion_diet.py::test_only_the_catholic_total_counts",
            "test_religion_diet.py::test_the_exact_engine_matches_the_die_by_die_reference",
        ],
    ),
    (
        "21",
        "more hits flips the difference; equal hits nothing (a cap, 23.14)",
        "oddsengine/religion/diet.py",
        "21: more hits flips that many spaces; 23.14: no more than are eligible",
        [
            "test_religion_diet.py::test_a_diet_cell_by_hand",
            "test_religion_diet.py::test_the_flips_are_capped_by_the_eligible_spaces",
        ],
    ),
    (
        "21",
        "the Diet's flips: German-zone spaces, each adjacent to one of the winner's "
        "influence, the spaces just flipped counting (23.14 on a board)",
        "oddsengine/religion/board_flips.py",
        "21: a German-zone space of the other influence adjacent",
        [
            "test_religion_board_flips.py::test_the_diet_flips_a_chain_of_adjacent_german_spaces",
            "test_religion_board_flips.py::test_the_diet_on_the_example_turns_back_two_spaces_at_most",
            "test_religion_board_flips.py::test_the_diet_where_the_german_zone_offers_fewer_spaces_than_the_hits",
        ],
    ),
    # §22 New World voyages (20.2, 20.3)
    (
        "22",
        "an explorer or conquistador drawn at random from the power's pool",
        "oddsengine/religion/voyage.py",
        "22: drawn at random from the pool",
        [
            "test_religion_voyage.py::test_voyages_match_the_die_by_die_reference",
            "test_religion_voyage.py::test_conquests_match_the_die_by_die_reference",
        ],
    ),
    (
        "22",
        "exploration: 2d6 + value, +2 Mercator's Map, -1 Uncharted; 4 or less lost, 5-6 nothing",
        "oddsengine/religion/new_world.py",
        "22: 2d6 + value, +2 Mercator's Map, -1 on the power's first exploration (Uncharted)",
        [
            "test_religion_voyage.py::test_the_20_2_example_orellana_discovers_the_mississippi",
            "test_religion_voyage.py::test_magellan_by_hand",
            "test_religion_voyage.py::test_cartier_with_mercator_by_hand",
        ],
    ),
    (
        "22",
        "7-9: that discovery, or the next unclaimed one below it (none open: nothing, 23.15)",
        "oddsengine/religion/new_world.py",
        "22: 7-9, that number's discovery, or the next unclaimed one below it",
        [
            "test_religion_voyage.py::test_the_20_2_example_orellana_discovers_the_mississippi",
            "test_religion_voyage.py::test_everything_claimed_gives_nothing_and_the_explorer_returns",
        ],
    ),
    (
        "22",
        "10+: the choice of the most expected VP, the Pacific Strait counted (23.15)",
        "oddsengine/religion/new_world.py",
        "23.15: expected VP of each choice, in 36ths",
        [
            "test_religion_voyage.py::test_magellan_by_hand",
            "test_religion_voyage.py::test_a_weak_explorer_takes_the_amazon_at_ten_or_more",
        ],
    ),
    (
        "22",
        "circumnavigation: the Strait claimed first, 2d6 + value (+2 Mercator, never Uncharted)",
        "oddsengine/religion/new_world.py",
        "22 (a): the Pacific Strait is claimed (if unclaimed) before the circumnavigation roll",
        [
            "test_religion_voyage.py::test_magellan_by_hand",
            "test_religion_voyage.py::test_cartier_with_mercator_by_hand",
        ],
    ),
    (
        "22",
        "conquest: 2d6 + value, +2 Smallpox; 6 or less killed, 7-8 nothing, 9+ a conquest",
        "oddsengine/religion/new_world.py",
        "22: 6 or less, killed",
        [
            "test_religion_voyage.py::test_a_conquest_with_smallpox_by_hand",
            "test_religion_voyage.py::test_an_english_conquest_marker_by_hand",
        ],
    ),
    (
        "22",
        "a turn's voyages: best explorer first, ties England, France, Hapsburg",
        "oddsengine/religion/voyage_turn.py",
        "best explorer first (his printed value)",
        [
            "test_religion_voyage.py::test_a_turn_resolves_the_best_explorer_first_ties_england_france_hapsburg",
            "test_religion_voyage.py::test_a_turn_matches_the_naive_chain",
        ],
    ),
    # §23 Readings for Part III (23.14, 23.15; the other readings are the attempts' and
    # the debates')
    (
        "23",
        "23.14 flips capped by the eligible spaces; 23.15 nothing when every lower number is "
        "claimed, the choice at 10+ by expected VP with the Pacific Strait counted",
        "oddsengine/religion/new_world.py",
        "23.15: with no conquest open at or below the roll, nothing (back to the pool)",
        [
            "test_religion_diet.py::test_the_flips_are_capped_by_the_eligible_spaces",
            "test_religion_voyage.py::test_everything_claimed_gives_nothing_and_the_explorer_returns",
            "test_religion_voyage.py::test_a_conquest_with_smallpox_by_hand",
            "test_religion_voyage.py::test_a_weak_explorer_takes_the_amazon_at_ten_or_more",
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


def test_each_citation_is_a_tag_of_one_place():
    citations = [row[3] for row in APPLIED]
    assert len(set(citations)) == len(citations), "two rows share a citation"
    sources = {
        str(path.relative_to(ROOT)): path.read_text(encoding="utf-8")
        for path in (ROOT / "oddsengine").rglob("*.py")
    }
    for _, _, module, citation, _ in APPLIED:
        where = sorted(name for name, text in sources.items() if citation in text)
        assert where == [module], (citation, where)


@pytest.mark.parametrize("row", APPLIED, ids=lambda row: f"{row[0]}:{row[1][:40]}")
def test_each_rule_has_tests_that_exist(row):
    tests = row[4]
    assert tests
    for test in tests:
        filename, _, name = test.partition("::")
        (path,) = (ROOT / "tests").rglob(filename)
        assert name in _test_names(path), test


@pytest.mark.skipif(not RULES.exists(), reason="the shared rules are not beside the project")
def test_every_section_of_the_rules_has_a_row():
    mapped = {row[0] for row in RULE_MAP}
    missing = sorted(_sections_of_rules() - mapped, key=lambda s: [int(p) for p in s.split(".")])
    assert not missing, f"sections of RULES.md with no row: {missing}"

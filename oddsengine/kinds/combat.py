"""The kinds of Parts I and II of the rules: combat on land and at sea, piracy, foreign wars,
the siege campaign and the moves played out (the specs of :mod:`oddsengine.combat` and
:mod:`oddsengine.moves`), in the order the faces list them.

Examples
--------
>>> [kind.name for kind in COMBAT_KINDS][:5]
['battle', 'assault', 'intercept', 'avoid', 'naval']
"""

from __future__ import annotations

from oddsengine.combat.kind_options import (
    ASSAULT_OPTIONS,
    BATTLE_OPTIONS,
    FOREIGN_WAR_OPTIONS,
    NAVAL_BATTLE_OPTIONS,
    NAVAL_ROLL_OPTIONS,
)
from oddsengine.kinds.record import Kind
from oddsengine.moves.battle_policies import MOVE_POLICIES, SIEGE_POLICIES
from oddsengine.moves.scenario_board import AFTER_MOVE

__all__ = ["COMBAT_KINDS"]

_ATTACK = {"attacker": "the attacking force", "defender": "the defending force"}
_WINS = {"attacker_wins": "the attacker wins", "defender_wins": "the defender wins"}
_AT_SEA = {"attacker": "the attacking fleet", "defender": "the defending fleet"}
#: The shared options of a combat whose answer holds both sides' survivors and whose
#: sides play cards.
_COMBAT = ("engine", "survivors", "card-value")
#: What a move or a naval move takes: a scenario's board, survivors and end states listed.
_READ_FROM_A_BOARD = ("engine", "survivors", "board", "end-states")

#: The kinds of combat, campaigns and moves (rules 13-16, 21.7).
COMBAT_KINDS: tuple[Kind, ...] = (
    Kind("battle", "oddsengine.combat.engagements:FieldBattle", "attacker_wins",
         ("attacker", "defender"), "field battle, rule 14", "Field battle",
         sweep=True, table=True, needed_help=(1, ""),
         role_words=_ATTACK,
         outcome_words=_WINS,
         card_engagement="battle", options=BATTLE_OPTIONS, takes=_COMBAT),
    Kind("assault", "oddsengine.combat.engagements:Assault", "success",
         ("attacker", "defender"), "assault, rule 15.1", "Assault", sweep=True, table=True,
         success_words="the assault takes the space", needed_help=(2, ""),
         role_words=_ATTACK,
         card_engagement="assault", options=ASSAULT_OPTIONS, takes=_COMBAT),
    Kind("intercept", "oddsengine.combat.rolls:Interception", "success",
         ("interceptor", "mover"), "interception, rule 13.2", "Interception",
         sweep=True, table=True, success_words="the interception succeeds",
         default_sides=("4R L0..2", "ottoman: 3R 0..1C"), fixed_chart=True,
         role_words={"interceptor": "the intercepting force", "mover": "the moving force"}),
    Kind("avoid", "oddsengine.combat.rolls:AvoidBattle", "success",
         ("defender", "attacker"), "avoid battle, rule 13.3", "Avoid battle",
         sweep=True, table=True, success_words="the force avoids battle",
         default_sides=("4R L0..2", "ottoman: 3R 0..1C"), fixed_chart=True,
         role_words=_ATTACK),
    Kind("naval", "oddsengine.combat.naval:NavalBattle", "attacker_wins",
         ("attacker", "defender"), "naval battle, rule 16.2", "Naval battle",
         sweep=True, table=True, role_words=_AT_SEA,
         needed_options=("in_port",), needed_help=(5, " ('?Sq Doria', '?Co')"),
         outcome_words=_WINS,
         card_combat="naval-battle", options=NAVAL_BATTLE_OPTIONS, takes=_COMBAT),
    # The naval rolls are the --naval forms of intercept and avoid (16.1).
    Kind("naval-intercept", "oddsengine.combat.naval_rolls:NavalInterception", "success",
         ("interceptor",), "naval interception, rule 16.1", "Naval interception", sweep=True,
         success_words="the naval interception succeeds", card_combat="naval-roll",
         command="intercept", options=NAVAL_ROLL_OPTIONS),
    Kind("naval-avoid", "oddsengine.combat.naval_rolls:NavalAvoidBattle", "success",
         ("defender",), "naval avoid battle, rule 16.1", "Naval avoid battle", sweep=True,
         success_words="the fleet avoids battle", card_combat="naval-roll", command="avoid",
         options=NAVAL_ROLL_OPTIONS),
    Kind("piracy", "oddsengine.combat.piracy:Piracy", "success", ("pirates",),
         "piracy, rule 16.4", "Piracy", sweep=True, success_words="the piracy succeeds",
         card_combat="piracy"),
    Kind("siege-campaign", "oddsengine.moves.siege_campaign:SiegeCampaign", None,
         ("besiegers", "garrison"), "siege campaign, rules 15, 15.1, 15.3", "Siege campaign",
         command="siege", by_step=("taken_by_impulse_", "taken"),
         needed_help=(3, ""),
         role_words={"besiegers": "the besieging force", "garrison": "the garrison",
                     "reinforcements": "units joining the besiegers"},
         card_engagement="assault", options=(AFTER_MOVE, *SIEGE_POLICIES)),
    Kind("foreign-war", "oddsengine.combat.foreign_war:ForeignWar", "won", ("force",),
         "foreign war, rule 21.7", "Foreign war", sweep=True,
         needed_options=("war", "foreign", "cards", "reinforcements"),
         needed_help=(7, " (--war, --force '?R', --within attempts)"),
         role_words={"force": "the major power's units and leaders"},
         outcome_words={"won": "the war is won"}, by_step=("won_by:", "won"),
         card_combat="foreign-war", options=FOREIGN_WAR_OPTIONS, takes=("engine", "card-value"),
         trials=200_000),
    Kind("move", "oddsengine.moves.move:Move", "mover_in_control", (),
         "a move played out, rules 13-15", "Move",
         needed_options=("scenario", "stack", "control", "besieged", "defender_policy"),
         needed_help=(4, ""),
         outcome_words={"mover_in_control": "the moving force holds the space"},
         takes=_READ_FROM_A_BOARD, options=MOVE_POLICIES),
    Kind("naval-move", "oddsengine.moves.naval_move:NavalMove", "mover_in_destination", (),
         "a naval move played out, rules 16.1-16.2 (RULES.md §14)", "Naval move",
         needed_options=("scenario", "fleet", "defender_policy"),
         needed_help=(6, " (SCENARIO, --fleet)"),
         takes=(*_READ_FROM_A_BOARD, "vary")),
    Kind("naval-move-scenario", "oddsengine.moves.naval_move_scenario:NavalMoveScenario",
         "mover_in_destination", (), "a scenario file's naval move swept, rules 16.1-16.2 "
         "(RULES.md §14)", "Naval move", sweep=True),
)  # fmt: skip

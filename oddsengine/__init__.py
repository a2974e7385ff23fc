"""Exact and Monte Carlo odds for the land combat of *Here I Stand*.

The top-level namespace holds what an analyst needs: forces and leaders, the engagements
(:class:`FieldBattle`, :class:`Assault`, :class:`Interception`, :class:`AvoidBattle`),
cards, options and policies, and the two engines (:func:`exact`, :func:`simulate`) with
:func:`compare` to put their answers side by side. The combats of Part II of the rules have
their specs beside them: fleets, :class:`NavalBattle`, :class:`NavalInterception`,
:class:`NavalAvoidBattle`, :class:`Piracy` and :class:`ForeignWar`; a naval move on the board
is a :class:`NavalMove` over a :class:`Situation` holding :class:`FleetStack` fleets.

Examples
--------
>>> import oddsengine as oe
>>> assault = oe.Assault("9R Suleiman", "4R Ferdinand")
>>> round(oe.exact(assault).p["success"], 4)
0.1733
"""

from oddsengine.combat.cards import CARDS, Card, find_card, parse_cards
from oddsengine.combat.engagements import Assault, FieldBattle
from oddsengine.combat.fleets import Fleet, parse_fleet
from oddsengine.combat.forces import Force, parse_force
from oddsengine.combat.foreign_war import ForeignWar
from oddsengine.combat.leaders import LEADERS, Leader, find_leader
from oddsengine.combat.naval import NavalAvoidBattle, NavalBattle, NavalInterception
from oddsengine.combat.options import Policies, RuleOptions
from oddsengine.combat.piracy import Piracy
from oddsengine.combat.rolls import AvoidBattle, Interception
from oddsengine.engines.exact import exact
from oddsengine.engines.exact_grid import exact_results
from oddsengine.engines.foreign_war import exact_foreign_war, simulate_foreign_war
from oddsengine.engines.montecarlo import simulate, simulate_many
from oddsengine.engines.move_montecarlo import simulate_move
from oddsengine.engines.siege import exact_campaign, simulate_campaign
from oddsengine.errors import OddsEngineError
from oddsengine.faces.book import write_book
from oddsengine.faces.explore import explore
from oddsengine.faces.naval_move_table import (
    naval_move_courses,
    naval_move_needed,
    naval_move_table,
)
from oddsengine.faces.needed_table import needed_table
from oddsengine.faces.refusals import RefusedScenariosWarning
from oddsengine.faces.sweep import Sweep, sweep
from oddsengine.faces.tables import odds_table
from oddsengine.kinds import register_kind
from oddsengine.moves.move import Move
from oddsengine.moves.naval_move import NavalMove
from oddsengine.moves.scenario_file import load_move, load_naval_move
from oddsengine.moves.siege_campaign import SiegeCampaign
from oddsengine.moves.situation import FleetStack, Situation, Stack
from oddsengine.moves.transport import NavalTransport
from oddsengine.questions.needed import needed
from oddsengine.questions.plans import Course, Plan, compare_plans
from oddsengine.results.card_value import card_value
from oddsengine.results.compare import compare
from oddsengine.results.result import Result

__version__ = "0.1.0"

__all__ = [
    "Assault",
    "AvoidBattle",
    "CARDS",
    "Card",
    "Course",
    "FieldBattle",
    "Fleet",
    "FleetStack",
    "ForeignWar",
    "Force",
    "Interception",
    "LEADERS",
    "Leader",
    "Move",
    "NavalAvoidBattle",
    "NavalBattle",
    "NavalInterception",
    "NavalMove",
    "NavalTransport",
    "OddsEngineError",
    "Piracy",
    "Plan",
    "Policies",
    "RefusedScenariosWarning",
    "Result",
    "RuleOptions",
    "SiegeCampaign",
    "Situation",
    "Stack",
    "Sweep",
    "register_kind",
    "card_value",
    "compare",
    "compare_plans",
    "exact",
    "exact_campaign",
    "exact_foreign_war",
    "exact_results",
    "explore",
    "find_card",
    "find_leader",
    "load_move",
    "load_naval_move",
    "needed",
    "naval_move_courses",
    "naval_move_needed",
    "naval_move_table",
    "needed_table",
    "parse_cards",
    "parse_fleet",
    "parse_force",
    "simulate",
    "simulate_campaign",
    "simulate_foreign_war",
    "simulate_many",
    "simulate_move",
    "odds_table",
    "sweep",
    "write_book",
    "__version__",
]

"""Exact and Monte Carlo odds for the land combat of *Here I Stand*.

The top-level namespace holds what an analyst needs: forces and leaders, the engagements
(:class:`FieldBattle`, :class:`Assault`, :class:`Interception`, :class:`AvoidBattle`),
cards, options and policies, and the two engines (:func:`exact`, :func:`simulate`) with
:func:`compare` to put their answers side by side. The combats of Part II of the rules have
their specs beside them: fleets, :class:`NavalBattle`, :class:`NavalInterception`,
:class:`NavalAvoidBattle`, :class:`Piracy` and :class:`ForeignWar`.

Examples
--------
>>> import oddsengine as oe
>>> assault = oe.Assault("9R Suleiman", "4R Ferdinand")
>>> round(oe.exact(assault).p["success"], 4)
0.1733
"""

from .book import write_book
from .card_value import card_value
from .cards import CARDS, Card, find_card, parse_cards
from .compare import compare
from .engagements import Assault, FieldBattle
from .errors import OddsEngineError
from .exact import exact
from .explore import explore
from .fleets import Fleet, parse_fleet
from .forces import Force, parse_force
from .foreign_war import ForeignWar, exact_foreign_war, simulate_foreign_war
from .kinds import register_kind
from .leaders import LEADERS, Leader, find_leader
from .montecarlo import simulate, simulate_many
from .move import Move
from .move_simulation import simulate_move
from .naval import NavalAvoidBattle, NavalBattle, NavalInterception
from .needed import needed
from .needed_table import needed_table
from .options import Policies, RuleOptions
from .piracy import Piracy
from .plans import Course, Plan, compare_plans
from .results import Result
from .rolls import AvoidBattle, Interception
from .scenario_file import load_move
from .siege import SiegeCampaign, exact_campaign, simulate_campaign
from .situation import Situation, Stack
from .sweep import Sweep
from .tables import odds_table

__version__ = "0.1.0"

__all__ = [
    "Assault",
    "AvoidBattle",
    "CARDS",
    "Card",
    "Course",
    "FieldBattle",
    "Fleet",
    "ForeignWar",
    "Force",
    "Interception",
    "LEADERS",
    "Leader",
    "Move",
    "NavalAvoidBattle",
    "NavalBattle",
    "NavalInterception",
    "OddsEngineError",
    "Piracy",
    "Plan",
    "Policies",
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
    "explore",
    "find_card",
    "find_leader",
    "load_move",
    "needed",
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
    "write_book",
    "__version__",
]

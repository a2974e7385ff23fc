"""Exact and Monte Carlo odds for *Here I Stand*: combat on land and at sea, moves, sieges,
the religious struggle and the New World.

The top-level namespace holds what an analyst needs: forces and leaders, the engagements
(:class:`FieldBattle`, :class:`Assault`, :class:`Interception`, :class:`AvoidBattle`),
cards, options and policies, and the two engines (:func:`exact`, :func:`simulate`) with
:func:`compare` to put their answers side by side. The combats of Part II of the rules have
their specs beside them: fleets, :class:`NavalBattle`, :class:`NavalInterception`,
:class:`NavalAvoidBattle`, :class:`Piracy` and :class:`ForeignWar`; a naval move on the board
is a :class:`NavalMove` over a :class:`Situation` holding :class:`FleetStack` fleets. Part III
has its own: :class:`ReformationAttempt` and :class:`CounterReformationAttempt` from dice
counts, :class:`AttemptRun` (a run of attempts on a :class:`ReligiousBoard`, played
optimally), :class:`Debate`, :class:`DietOfWorms`, :class:`Voyage`, :class:`Conquest` and
:class:`VoyageTurn`. Part IV's England has :class:`Heirs` (Henry VIII's marriages on the
Pregnancy Chart and the succession) and :class:`MaryI` (the Papacy's rolls under Mary I).

Examples
--------
>>> import oddsengine as oe
>>> assault = oe.Assault("9R Suleiman", "4R Ferdinand")
>>> round(oe.exact(assault).p["success"], 4)
0.1733
"""

#: Where each public name lives: its module is imported on first use (PEP 562), so that
#: ``import oddsengine`` costs next to nothing and a command loads only what it answers with.
_LOCATIONS = {
    "CARDS": "oddsengine.combat.cards",
    "Card": "oddsengine.combat.cards",
    "find_card": "oddsengine.combat.cards",
    "parse_cards": "oddsengine.combat.cards",
    "Assault": "oddsengine.combat.engagements",
    "FieldBattle": "oddsengine.combat.engagements",
    "Fleet": "oddsengine.combat.fleets",
    "parse_fleet": "oddsengine.combat.fleets",
    "Force": "oddsengine.combat.forces",
    "parse_force": "oddsengine.combat.forces",
    "ForeignWar": "oddsengine.combat.foreign_war",
    "LEADERS": "oddsengine.combat.leaders",
    "Leader": "oddsengine.combat.leaders",
    "find_leader": "oddsengine.combat.leaders",
    "NavalAvoidBattle": "oddsengine.combat.naval_rolls",
    "NavalBattle": "oddsengine.combat.naval",
    "NavalInterception": "oddsengine.combat.naval_rolls",
    "Policies": "oddsengine.combat.options",
    "RuleOptions": "oddsengine.combat.options",
    "Piracy": "oddsengine.combat.piracy",
    "AvoidBattle": "oddsengine.combat.rolls",
    "Interception": "oddsengine.combat.rolls",
    "exact": "oddsengine.engines.exact",
    "exact_results": "oddsengine.engines.exact_grid",
    "exact_foreign_war": "oddsengine.engines.foreign_war",
    "simulate_foreign_war": "oddsengine.engines.foreign_war",
    "simulate": "oddsengine.engines.montecarlo",
    "simulate_many": "oddsengine.engines.montecarlo",
    "simulate_move": "oddsengine.engines.move_montecarlo",
    "exact_campaign": "oddsengine.engines.siege",
    "simulate_campaign": "oddsengine.engines.siege",
    "OddsEngineError": "oddsengine.errors",
    "write_book": "oddsengine.faces.book",
    "explore": "oddsengine.faces.explore",
    "naval_move_courses": "oddsengine.faces.naval_move_table",
    "naval_move_needed": "oddsengine.faces.naval_move_table",
    "naval_move_table": "oddsengine.faces.naval_move_table",
    "needed_table": "oddsengine.faces.needed_table",
    "odds_table": "oddsengine.faces.tables",
    "NeededKind": "oddsengine.kinds",
    "register_kind": "oddsengine.kinds",
    "Move": "oddsengine.moves.move",
    "NavalMove": "oddsengine.moves.naval_move",
    "load_move": "oddsengine.moves.scenario_file",
    "load_naval_move": "oddsengine.moves.scenario_file",
    "SiegeCampaign": "oddsengine.moves.siege_campaign",
    "FleetStack": "oddsengine.moves.situation",
    "Situation": "oddsengine.moves.situation",
    "Stack": "oddsengine.moves.situation",
    "AttemptRun": "oddsengine.religion.attempt_runs",
    "ReformationAttempt": "oddsengine.religion.attempts",
    "CounterReformationAttempt": "oddsengine.religion.attempts",
    "ReligiousBoard": "oddsengine.religion.religious_board",
    "load_religious_board": "oddsengine.religion.religion_scenario",
    "DietOfWorms": "oddsengine.religion.diet",
    "Voyage": "oddsengine.religion.voyage",
    "Conquest": "oddsengine.religion.voyage",
    "VoyageTurn": "oddsengine.religion.voyage_turn",
    "Heirs": "oddsengine.england.heirs",
    "MaryI": "oddsengine.england.mary_i",
    "NavalTransport": "oddsengine.moves.transport",
    "card_value": "oddsengine.questions.card_value",
    "needed": "oddsengine.questions.needed",
    "Course": "oddsengine.questions.plans",
    "Plan": "oddsengine.questions.plans",
    "compare_plans": "oddsengine.questions.plans",
    "debate_card_value": "oddsengine.questions.debate_cards",
    "Debate": "oddsengine.religion.debate",
    "compare": "oddsengine.results.compare",
    "Result": "oddsengine.results.result",
    "RefusedScenariosWarning": "oddsengine.sweeps.refusals",
    "Sweep": "oddsengine.sweeps.sweep",
    "sweep": "oddsengine.sweeps.sweep",
}

__version__ = "0.1.0"

__all__ = [
    "Assault",
    "AvoidBattle",
    "CARDS",
    "Card",
    "Course",
    "CounterReformationAttempt",
    "Debate",
    "FieldBattle",
    "Fleet",
    "FleetStack",
    "ForeignWar",
    "Force",
    "Heirs",
    "Interception",
    "LEADERS",
    "Leader",
    "MaryI",
    "AttemptRun",
    "Conquest",
    "DietOfWorms",
    "Move",
    "NavalAvoidBattle",
    "NavalBattle",
    "NavalInterception",
    "NavalMove",
    "NavalTransport",
    "NeededKind",
    "OddsEngineError",
    "Piracy",
    "Plan",
    "Policies",
    "ReformationAttempt",
    "RefusedScenariosWarning",
    "ReligiousBoard",
    "Result",
    "RuleOptions",
    "SiegeCampaign",
    "Situation",
    "Stack",
    "Sweep",
    "Voyage",
    "VoyageTurn",
    "register_kind",
    "card_value",
    "compare",
    "compare_plans",
    "debate_card_value",
    "exact",
    "exact_campaign",
    "exact_foreign_war",
    "exact_results",
    "explore",
    "find_card",
    "find_leader",
    "load_move",
    "load_naval_move",
    "load_religious_board",
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


def __getattr__(name):
    """Import the module that defines ``name`` when it is first asked for."""
    location = _LOCATIONS.get(name)
    if location is None:
        raise AttributeError(f"module 'oddsengine' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(location), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted({*globals(), *_LOCATIONS})

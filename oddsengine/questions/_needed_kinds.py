"""The kinds of :func:`oddsengine.questions.needed.needed`: battle, assault, siege and move on land;
naval battles and foreign wars (RULES.md Part II).

Each kind is a :class:`~oddsengine.kinds.NeededKind` record, which the search reads by the
kind's name (:data:`oddsengine.questions.needed_kinds.SHIPPED`): how to build the question
from the forces of one candidate, the chance of every event it reports, and the event
each side wants.
"""

from __future__ import annotations

import math

from oddsengine.combat.unit_types import LAND_LETTERS, NAVAL_LETTERS
from oddsengine.errors import OddsEngineError
from oddsengine.kinds import KINDS, NeededKind
from oddsengine.results.result import Z95

#: Monte Carlo: trials of the first round for one candidate (more are added to reach the
#: precision).
_FIRST_ROUND = 50_000


def _trials_for(precision: float) -> int:
    """Trials that bound the 95% half-width of any probability by ``precision``."""
    return math.ceil((Z95 / (2 * precision)) ** 2)


def _combat_chances(question, method, precision, seed) -> dict:
    from oddsengine.engines.exact import exact
    from oddsengine.engines.montecarlo import simulate

    if method == "exact":
        result = exact(question)
    else:
        result = simulate(question, trials=_FIRST_ROUND, seed=seed, precision=precision)
    return _combat_events(question, result)


def _combat_exact_batch(questions) -> list[dict]:
    """:func:`_combat_chances` by the exact engine for many questions at once (the same
    numbers: :func:`~oddsengine.engines.exact_grid.exact_results`)."""
    from oddsengine.engines.exact_grid import exact_results

    return [
        _combat_events(question, result)
        for question, result in zip(questions, exact_results(questions), strict=True)
    ]


def _combat_events(question, result) -> dict:
    chances = dict(result.p)
    if "success" in chances and question.kind == "assault":
        # The garrison holds when the assault does not succeed (15.1 steps 10-11).
        chances["held"] = 1.0 - chances["success"]
    return chances


def _build_battle(forces, within, **parameters):
    from oddsengine.combat.engagements import FieldBattle

    return FieldBattle(forces.get("attacker"), forces.get("defender"), **parameters)


def _build_assault(forces, within, **parameters):
    from oddsengine.combat.engagements import Assault

    return Assault(forces.get("attacker"), forces.get("defender"), **parameters)


def _build_siege(forces, within, **parameters):
    from oddsengine.moves.siege_campaign import SiegeCampaign

    return SiegeCampaign(
        forces.get("besiegers"),
        forces.get("garrison"),
        within,
        reinforcements=forces.get("reinforcements"),
        **parameters,
    )


def _campaign_chances(campaign, method, precision, seed) -> dict:
    from oddsengine.engines.siege import exact_campaign, simulate_campaign

    if method == "exact":
        result = exact_campaign(campaign)
    else:
        result = simulate_campaign(campaign, trials=_trials_for(precision), seed=seed)
    taken = float(result.taken_by[-1])
    return {"taken": taken, "held": 1.0 - taken, "broken": float(result.broken_by[-1])}


def _build_move(forces, within, scenario=None, **overrides):
    from oddsengine.moves.option_use import check_options_used
    from oddsengine.moves.scenario_file import move_with_options
    from oddsengine.moves.what_if import with_what_ifs

    if scenario is None:
        raise OddsEngineError("needed move: give the scenario (a .toml file or an example name)")
    control = overrides.pop("control", None)
    besieged = overrides.pop("besieged", ())
    move, given = _scenario_move(move_with_options, scenario, overrides)
    move = with_what_ifs(move, stacks=forces.get("stacks", {}), control=control, besieged=besieged)
    # The options given are checked on each candidate's board (oddsengine.moves.option_use):
    # a candidate where one applies to nothing is refused, as the single run refuses it.
    check_options_used(move, given)
    return (move, within)


def _scenario_move(load_move, scenario, overrides):
    """``load_move(scenario, **overrides)`` (the move, and the options given), read once
    for all the candidates of a search.

    Every candidate starts from the same scenario (a whole move, its tree built to check
    it): the last one read is kept, keyed by the scenario, the file's size and time of
    change (a file edited between two searches is read again) and the overrides.
    """
    import os

    try:
        status = os.stat(scenario)
        stamp = (status.st_size, status.st_mtime_ns)
    except (OSError, TypeError, ValueError):
        stamp = None  # a shipped example, by name
    key = (str(scenario), stamp, repr(sorted(overrides.items())))
    if _LAST_SCENARIO_MOVE.get("key") != key:
        _LAST_SCENARIO_MOVE.clear()
        _LAST_SCENARIO_MOVE.update(key=key, move=load_move(scenario, **overrides))
    return _LAST_SCENARIO_MOVE["move"]


#: The scenario's move last read by :func:`_build_move` (see :func:`_scenario_move`).
_LAST_SCENARIO_MOVE: dict = {}


def _move_chances(question, method, precision, seed) -> dict:
    from oddsengine.engines.exact import exact
    from oddsengine.engines.move_montecarlo import simulate_move
    from oddsengine.engines.siege import exact_campaign, simulate_campaign
    from oddsengine.moves.holding import campaign_after_move

    move, within = question
    if method == "exact":
        result = exact(move)
    else:
        result = simulate_move(move, trials=_FIRST_ROUND, seed=seed, precision=precision)
    chances = dict(result.p)
    in_control = chances["mover_in_control"]
    chances["held"] = 1.0 - in_control
    # The mover neither controls nor besieges the space at the end of the move.
    chances["repelled"] = 1.0 - in_control - chances["besieging"]
    if within is not None:
        taken = in_control
        if chances["besieging"] > 0:
            campaign = campaign_after_move(move, within)
            if method == "exact":
                siege = exact_campaign(campaign)
            else:
                siege = simulate_campaign(campaign, trials=_trials_for(precision), seed=seed)
            taken += float(siege.taken_by[-1])
        chances["taken"] = taken
        chances["held"] = 1.0 - taken
    return chances


def _move_default_event(question, role, within) -> str:
    from oddsengine.moves.board import load_board

    move, _ = question
    space = role.partition(":")[2]
    if load_board().space(space).name != move.origin:
        return "held" if within is not None else "repelled"
    if within is not None:
        return "taken"
    # 15: a move into an enemy fortified space at best lays a siege.
    return "besieging" if load_board().space(move.destination).is_fortified else "mover_in_control"


_LAND_UNITS = LAND_LETTERS  # the unit-type records' letters


# The search reads each record by its kind's name (oddsengine.questions.needed_kinds); the
# kind gives each its name and, where the record gives none, its caption rule.

BATTLE = NeededKind(
    KINDS["battle"].roles,
    _LAND_UNITS,
    _build_battle,
    _combat_chances,
    lambda question, role, within: f"{role}_wins",
    exact_batch=_combat_exact_batch,
)
ASSAULT = NeededKind(
    KINDS["assault"].roles,
    _LAND_UNITS,
    _build_assault,
    _combat_chances,
    lambda question, role, within: "success" if role == "attacker" else "held",
    exact_batch=_combat_exact_batch,
)
SIEGE = NeededKind(
    ("besiegers", "garrison", "reinforcements"),
    _LAND_UNITS,
    _build_siege,
    _campaign_chances,
    lambda question, role, within: "held" if role == "garrison" else "taken",
    within="required",
)
MOVE = NeededKind(
    ("stacks",),
    _LAND_UNITS,
    _build_move,
    _move_chances,
    _move_default_event,
    within="optional",
)


# -- Part II: naval battles and foreign wars ---------------------------------------------

#: §11: the naval units a ``?`` may count (``"?Sq Doria"``, ``"?Co"``).
_NAVAL_UNITS = NAVAL_LETTERS


def _build_naval(forces, within, **parameters):
    from oddsengine.combat.naval import NavalBattle

    return NavalBattle(forces.get("attacker"), forces.get("defender"), **parameters)


def _build_foreign_war(forces, within, war=None, **parameters):
    from oddsengine.combat.foreign_war import ForeignWar
    from oddsengine.combat.war_cards import WARS

    if war is None:
        raise OddsEngineError("needed foreign-war: give the war (" + ", ".join(WARS) + ")")
    # 21.7: ``within`` is the number of attempts (one per impulse, 1 CP each).
    return ForeignWar(war, forces.get("force"), horizon=within, **parameters)


def _foreign_war_chances(war, method, precision, seed) -> dict:
    from oddsengine.engines.foreign_war import exact_foreign_war, simulate_foreign_war

    if method == "exact":
        result = exact_foreign_war(war)
    else:
        result = simulate_foreign_war(war, trials=_trials_for(precision), seed=seed)
    # ``won`` is ``won_by:K`` at the horizon K; every ``won_by:k`` may be asked for.
    return dict(result.p)


def _build_naval_move(forces, within, scenario=None, **overrides):
    from oddsengine.moves.naval_move import NavalMove
    from oddsengine.moves.scenario_file import read_naval_move
    from oddsengine.moves.what_if import with_fleets_placed

    if scenario is None:
        raise OddsEngineError(
            "needed naval-move: give the scenario (a .toml file or an example name)"
        )
    situation, arguments = read_naval_move(scenario)
    arguments.update(overrides)
    fleets = forces.get("fleets", {})
    situation, moves_whole = with_fleets_placed(situation, arguments["origin"], fleets)
    if moves_whole:
        arguments["units"] = None  # RULES.md §14: the whole new stack moves
    return (NavalMove(situation, **arguments), within)


def _naval_move_chances(question, method, precision, seed) -> dict:
    from oddsengine.engines.exact import exact
    from oddsengine.engines.move_montecarlo import simulate_move

    move, _ = question
    if method == "exact":
        return dict(exact(move).p)
    return dict(simulate_move(move, trials=_FIRST_ROUND, seed=seed, precision=precision).p)


def _naval_move_default_event(question, role, within) -> str:
    from oddsengine.moves.board import load_board

    move, _ = question
    location = load_board().space(role.partition(":")[2]).name
    # The mover wants to stand in the destination; anyone else to beat it.
    return "mover_in_destination" if location == move.origin else "defender_wins"


NAVAL = NeededKind(
    ("attacker", "defender"),
    _NAVAL_UNITS,
    _build_naval,
    _combat_chances,
    lambda question, role, within: f"{role}_wins",
    ratings=False,  # naval leaders are named (Doria, Barbarossa, Dragut), not rated
    exact_batch=_combat_exact_batch,
    rule="naval combat, RULES.md §11 (16.2)",
)
NAVAL_MOVE = NeededKind(
    ("fleets",),
    _NAVAL_UNITS,
    _build_naval_move,
    _naval_move_chances,
    _naval_move_default_event,
    ratings=False,
)
FOREIGN_WAR = NeededKind(
    ("force",),
    _LAND_UNITS,
    _build_foreign_war,
    _foreign_war_chances,
    lambda question, role, within: "won",
    within="required",
    within_unit="attempt",  # 21.7: one attempt per impulse, 1 CP each
    rule="foreign wars, RULES.md §13 (21.7)",
)

"""The kinds of :func:`oddsengine.questions.needed.needed`: battle, assault, siege and move on land;
naval battles and foreign wars (RULES.md Part II).

Each kind is a :class:`~oddsengine.questions.needed.NeededKind` record: how to build the question
from the forces of one candidate, the chance of every event it reports, and the event each
side wants.
"""

from __future__ import annotations

import math
from dataclasses import replace

from oddsengine.errors import OddsEngineError
from oddsengine.kinds import KINDS
from oddsengine.questions.needed import NeededKind
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
    from oddsengine.moves.siege import SiegeCampaign

    return SiegeCampaign(
        forces.get("besiegers"),
        forces.get("garrison"),
        within,
        reinforcements=forces.get("reinforcements"),
        **parameters,
    )


def _campaign_chances(campaign, method, precision, seed) -> dict:
    from oddsengine.moves.siege import exact_campaign, simulate_campaign

    if method == "exact":
        result = exact_campaign(campaign)
    else:
        result = simulate_campaign(campaign, trials=_trials_for(precision), seed=seed)
    taken = float(result.taken_by[-1])
    return {"taken": taken, "held": 1.0 - taken, "broken": float(result.broken_by[-1])}


def _build_move(forces, within, scenario=None, **overrides):
    from oddsengine.combat.forces import parse_force
    from oddsengine.moves.scenario_file import load_move
    from oddsengine.moves.situation import Stack

    if scenario is None:
        raise OddsEngineError("needed move: give the scenario (a .toml file or an example name)")
    move = _scenario_move(load_move, scenario, overrides)
    stacks = list(move.situation.stacks)
    units = move.units
    for space, text in forces.get("stacks", {}).items():
        present = [s for s in stacks if s.space.lower() == str(space).strip().lower()]
        power = present[0].power if len(present) == 1 else None
        force = parse_force(text, power=power)
        same = [s for s in present if s.power == force.power]
        if same:
            stack = replace(same[0], force=force)
            stacks[stacks.index(same[0])] = stack
        else:
            stack = Stack(space, force)
            stacks.append(stack)
        if stack.space == move.origin and stack.power == move.power:
            units = None  # the whole new stack moves
    situation = replace(move.situation, stacks=tuple(stacks))
    move = replace(move, situation=situation, units=units)
    return (move, within)


def _scenario_move(load_move, scenario, overrides):
    """``load_move(scenario, **overrides)``, read once for all the candidates of a search.

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
    from oddsengine.moves.holding import campaign_after_move
    from oddsengine.moves.move_simulation import simulate_move
    from oddsengine.moves.siege import exact_campaign, simulate_campaign

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


_LAND_UNITS = {"r": "regulars", "m": "mercenaries", "c": "cavalry"}


def land_kinds() -> list[NeededKind]:
    """The records of battle, assault, siege and move."""
    return [
        NeededKind(
            "battle",
            KINDS["battle"].rule,
            KINDS["battle"].roles,
            _LAND_UNITS,
            _build_battle,
            _combat_chances,
            lambda question, role, within: f"{role}_wins",
            exact_batch=_combat_exact_batch,
        ),
        NeededKind(
            "assault",
            KINDS["assault"].rule,
            KINDS["assault"].roles,
            _LAND_UNITS,
            _build_assault,
            _combat_chances,
            lambda question, role, within: "success" if role == "attacker" else "held",
            exact_batch=_combat_exact_batch,
        ),
        NeededKind(
            "siege",
            KINDS["siege-campaign"].rule,
            ("besiegers", "garrison", "reinforcements"),
            _LAND_UNITS,
            _build_siege,
            _campaign_chances,
            lambda question, role, within: "held" if role == "garrison" else "taken",
            within="required",
        ),
        NeededKind(
            "move",
            KINDS["move"].rule,
            ("stacks",),
            _LAND_UNITS,
            _build_move,
            _move_chances,
            _move_default_event,
            within="optional",
        ),
    ]


# -- Part II: naval battles and foreign wars ---------------------------------------------

#: §11: the naval units a ``?`` may count (``"?Sq Doria"``, ``"?Co"``).
_NAVAL_UNITS = {"sq": "squadrons", "co": "corsairs"}


def _build_naval(forces, within, **parameters):
    from oddsengine.combat.naval import NavalBattle

    return NavalBattle(forces.get("attacker"), forces.get("defender"), **parameters)


def _build_foreign_war(forces, within, war=None, **parameters):
    from oddsengine.combat.foreign_war import WARS, ForeignWar

    if war is None:
        raise OddsEngineError("needed foreign-war: give the war (" + ", ".join(WARS) + ")")
    # 21.7: ``within`` is the number of attempts (one per impulse, 1 CP each).
    return ForeignWar(war, forces.get("force"), horizon=within, **parameters)


def _foreign_war_chances(war, method, precision, seed) -> dict:
    from oddsengine.combat.foreign_war import exact_foreign_war, simulate_foreign_war

    if method == "exact":
        result = exact_foreign_war(war)
    else:
        result = simulate_foreign_war(war, trials=_trials_for(precision), seed=seed)
    # ``won`` is ``won_by:K`` at the horizon K; every ``won_by:k`` may be asked for.
    return dict(result.p)


def sea_and_war_kinds() -> list[NeededKind]:
    """The records of naval battles and foreign wars (RULES.md Part II)."""
    return [
        NeededKind(
            "naval",
            "naval combat, RULES.md §11 (16.2)",
            ("attacker", "defender"),
            _NAVAL_UNITS,
            _build_naval,
            _combat_chances,
            lambda question, role, within: f"{role}_wins",
            ratings=False,  # naval leaders are named (Doria, Barbarossa, Dragut), not rated
            exact_batch=_combat_exact_batch,
        ),
        NeededKind(
            "foreign-war",
            "foreign wars, RULES.md §13 (21.7)",
            ("force",),
            _LAND_UNITS,
            _build_foreign_war,
            _foreign_war_chances,
            lambda question, role, within: "won",
            within="required",
        ),
    ]

"""The campaign protocol: questions played out step by step by an engine of their own
(siege campaigns, foreign wars, whole moves and naval moves, plans, Henry's heirs),
answered through the same two doors as a single combat, :func:`oddsengine.exact` and
:func:`oddsengine.simulate`.

A campaign kind registers a :class:`CampaignEngines` record for its spec class: its
exact engine (or None when the draw plan answers exactly, as for a move), its Monte Carlo
and that Monte Carlo's default trials. The doors check the run's arguments once
(:func:`~oddsengine.engines.run_arguments.check_run`) before they hand a campaign over, so
every engine refuses the same bad arguments with the same message. The kinds of the layers
below (``combat/``, ``moves/``, ``religion/``, ``england/``, ``card_rolls/``) are registered
here, by the name of their spec class, and their engines imported the first time one is
asked: a single combat's answer imports no move, siege or war module. A kind of a higher
layer (plans, in
``questions/``) registers itself with :func:`register_campaign`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from oddsengine.errors import OddsEngineError

__all__ = ["CampaignEngines", "campaign_engines", "class_engines", "register_campaign"]


# eq=False: one record per kind, registered and read, never compared (identity is its
# equality), so no __eq__ or __hash__ is generated for it.
@dataclass(frozen=True, eq=False)
class CampaignEngines:
    """How the doors answer one kind of campaign.

    Parameters
    ----------
    simulate : callable
        ``simulate(spec, trials, seed)``, or with ``precision=`` and ``max_trials=`` when
        ``takes_precision``; the run's arguments arrive already checked.
    default_trials : int
        Trials when none are asked for.
    exact : callable or None
        ``exact(spec)``; None when the spec's draw plan is its exact answer.
    takes_precision : bool
        Whether the Monte Carlo runs to a precision target.
    """

    simulate: Callable
    default_trials: int
    exact: Callable | None = None
    takes_precision: bool = False

    def run(self, spec, trials, seed, precision, max_trials):
        """The Monte Carlo answer, the trials already checked."""
        if self.takes_precision:
            return self.simulate(spec, trials, seed, precision=precision, max_trials=max_trials)
        if precision is not None:
            raise OddsEngineError(
                f"a {type(spec).__name__} is played for a fixed number of trials: "
                "give trials, not a precision target"
            )
        return self.simulate(spec, trials, seed)


_CAMPAIGNS: dict[type, CampaignEngines] = {}

#: What :func:`campaign_engines` found for each class of spec asked so far (None for a
#: single engagement's): the doors ask it of every spec, a search thousands of times.
_FOUND: dict[type, CampaignEngines | None] = {}


def register_campaign(spec_class: type, engines: CampaignEngines) -> None:
    """Answer ``spec_class`` through the doors with ``engines`` (its subclasses too)."""
    _CAMPAIGNS[spec_class] = engines
    _FOUND.clear()  # a subclass found with no engines may have some now


def campaign_engines(spec) -> CampaignEngines | None:
    """The engines of ``spec``'s campaign kind, or None for a single engagement.

    Examples
    --------
    >>> from oddsengine import FieldBattle, ForeignWar
    >>> campaign_engines(FieldBattle("2R", "2R")) is None
    True
    >>> campaign_engines(ForeignWar("egypt", "3R")).default_trials
    100000
    """
    return class_engines(type(spec))


def class_engines(kind: type) -> CampaignEngines | None:
    """The engines of the campaign kind whose specs are of the class ``kind``, or None for
    a single engagement's (what a face reads before it has a spec: whether the kind's
    Monte Carlo takes a precision target, whether its answer is one draw plan).

    Examples
    --------
    >>> from oddsengine import ForeignWar
    >>> class_engines(ForeignWar).takes_precision
    False
    """
    try:
        return _FOUND[kind]
    except KeyError:
        pass
    found = None
    for spec_class in kind.__mro__:
        engines = _CAMPAIGNS.get(spec_class)
        if engines is None:
            engines = _engines_below(spec_class)
        if engines is not None:
            found = engines
            break
    _FOUND[kind] = found
    return found


def _engines_below(spec_class: type) -> CampaignEngines | None:
    """The engines of a campaign kind of the layers below, registered on first use (a spec
    of the class exists, so its module is already imported), or None."""
    engines_of = _BELOW.get(f"{spec_class.__module__}.{spec_class.__qualname__}")
    if engines_of is None:
        return None
    engines = engines_of()
    register_campaign(spec_class, engines)
    return engines


def _simulate_move(move, trials, seed, *, precision, max_trials):
    from oddsengine.engines.move_montecarlo import simulate_move

    return simulate_move(move, trials, seed, precision=precision, max_trials=max_trials)


def _simulate_naval_move_scenario(scenario, trials, seed, *, precision, max_trials):
    """A scenario file's naval move swept (``naval-move-scenario``) played out as the naval
    move it stands for: the move kernel on that move's streams, so that a sweep row gives
    at a seed the numbers ``naval-move`` and ``oe.simulate`` of the move give (its own
    draw plan, keyed by the sweep's spec, gave other numbers); the answer's spec is the
    scenario asked."""
    from dataclasses import replace

    result = _simulate_move(
        scenario.naval_move, trials, seed, precision=precision, max_trials=max_trials
    )
    return replace(result, spec=scenario)


def _siege_campaign_engines() -> CampaignEngines:
    from oddsengine.engines.siege import CAMPAIGN_TRIALS, exact_campaign, simulate_campaign

    return CampaignEngines(simulate_campaign, CAMPAIGN_TRIALS, exact_campaign)


def _foreign_war_engines() -> CampaignEngines:
    from oddsengine.engines.foreign_war import WAR_TRIALS, exact_foreign_war, simulate_foreign_war

    return CampaignEngines(simulate_foreign_war, WAR_TRIALS, exact_foreign_war)


def _debate_engines() -> CampaignEngines:
    from oddsengine.engines.debate import DEBATE_TRIALS, exact_debate, simulate_debate

    return CampaignEngines(simulate_debate, DEBATE_TRIALS, exact_debate, takes_precision=True)


def _voyage_turn_engines() -> CampaignEngines:
    from oddsengine.engines.voyage_turn import (
        TURN_TRIALS,
        exact_voyage_turn,
        simulate_voyage_turn,
    )

    return CampaignEngines(
        simulate_voyage_turn, TURN_TRIALS, exact_voyage_turn, takes_precision=True
    )


def _heirs_engines() -> CampaignEngines:
    from oddsengine.engines.heirs import HEIRS_TRIALS, exact_heirs, simulate_heirs

    return CampaignEngines(simulate_heirs, HEIRS_TRIALS, exact_heirs, takes_precision=True)


def _riches_turn_engines() -> CampaignEngines:
    from oddsengine.engines.riches_turn import RICHES_TRIALS, simulate_riches_turn

    # The exact answer is the spec's draw plan (its chain): exact=None.
    return CampaignEngines(simulate_riches_turn, RICHES_TRIALS, takes_precision=True)


def _move_engines() -> CampaignEngines:
    from oddsengine.engines.run_arguments import DEFAULT_TRIALS

    return CampaignEngines(_simulate_move, DEFAULT_TRIALS, takes_precision=True)


def _naval_move_scenario_engines() -> CampaignEngines:
    from oddsengine.engines.run_arguments import DEFAULT_TRIALS

    # The exact answer is its draw plan's, the naval move's (exact=None).
    return CampaignEngines(_simulate_naval_move_scenario, DEFAULT_TRIALS, takes_precision=True)


def _attempt_run_engines() -> CampaignEngines:
    from oddsengine.engines.attempt_runs_exact import solve_run
    from oddsengine.engines.attempt_runs_montecarlo import RUN_TRIALS, simulate_run

    return CampaignEngines(simulate_run, RUN_TRIALS, solve_run, takes_precision=True)


def _attempts_scenario_engines() -> CampaignEngines:
    from oddsengine.engines.attempt_runs_exact import exact_scenario
    from oddsengine.engines.attempt_runs_montecarlo import RUN_TRIALS, simulate_scenario

    return CampaignEngines(simulate_scenario, RUN_TRIALS, exact_scenario, takes_precision=True)


#: The campaign kinds of ``combat/``, ``moves/``, ``religion/``, ``england/`` and
#: ``card_rolls/``, by the
#: full name of their spec class.
_BELOW: dict[str, Callable[[], CampaignEngines]] = {
    "oddsengine.moves.siege_campaign.SiegeCampaign": _siege_campaign_engines,
    "oddsengine.combat.foreign_war.ForeignWar": _foreign_war_engines,
    "oddsengine.moves.move.Move": _move_engines,
    # A naval move is played out by the move kernel too: the same numbers at a seed from
    # Python as from the command line.
    "oddsengine.moves.naval_move.NavalMove": _move_engines,
    "oddsengine.moves.naval_move_scenario.NavalMoveScenario": _naval_move_scenario_engines,
    "oddsengine.religion.attempt_runs.AttemptRun": _attempt_run_engines,
    "oddsengine.religion.attempt_scenarios.AttemptsScenario": _attempts_scenario_engines,
    "oddsengine.religion.debate.Debate": _debate_engines,
    "oddsengine.religion.voyage_turn.VoyageTurn": _voyage_turn_engines,
    "oddsengine.england.heirs.Heirs": _heirs_engines,
    "oddsengine.card_rolls.riches_turn.RichesTurn": _riches_turn_engines,
}

"""The courses of a plan that starts from a naval move (RULES.md §14).

A plan whose scenario holds a ``[naval_move]`` (and no land ``[move]``) compares courses
of that naval move: the defender's choice to avoid battle or stay, who intercepts, the
retreat, the cards. Each course is one naval move solved exactly (or by Monte Carlo) and
ranked by the chance of the plan's goal, a naval outcome: by default the mover ending in
its destination for the attacker's courses and the defender winning a battle for the
defender's (``goal = "OUTCOME"`` in ``[plan]`` names another outcome of the naval move,
``goal = "not:OUTCOME"`` the chance that it does not happen).
A naval move has no siege after it: a course may not carry siege keys.
"""

from __future__ import annotations

import math

from oddsengine.errors import OddsEngineError
from oddsengine.results.result import Z95

__all__ = [
    "NAVAL_CHANCES",
    "NAVAL_COURSE_KEYS",
    "NAVAL_GOALS",
    "naval_move_row",
    "naval_summary_lines",
]

#: Course file keys that only a naval move reads, and its parameters they set.
NAVAL_COURSE_KEYS = {
    "responses": "responses",
    "policy": "post_roll_policy",
    "rowers": "rowers",
    "rowers_roll": "rowers_roll",
    "fight_order": "fight_order",
}
#: Course parameters a naval move shares with a land move.
_SHARED = {
    "defender_policy",
    "retreat_policy",
    "interception_policy",
    "attacker_cards",
    "defender_cards",
}
#: The default goal of each side's courses.
NAVAL_GOALS = {"attacker": "mover_in_destination", "defender": "defender_wins"}
#: The chances of a naval move that are read side by side, in their order: a course's row
#: reports them (and ``cancelled``), a naval move table's text shows them (the JSON keys of
#: `naval-move`'s ``p``).
NAVAL_CHANCES = (
    "intercepted",
    "avoided_battle",
    "naval_battle",
    "attacker_wins",
    "defender_wins",
    "mover_in_destination",
    "mover_retreats",
    "mover_eliminated",
)
#: The naval outcomes a course's row reports.
_REPORTED = (*NAVAL_CHANCES, "cancelled")
#: RULES.md §14: the naval move action costs 1 CP.
NAVAL_MOVE_CP = 1


def _naval_parameters(course) -> dict:
    """A course's parameters of the naval move; refuse those of a land move or a siege."""
    if course.siege:
        key = sorted(course.siege)[0]
        raise OddsEngineError(
            f"{key} applies to a siege, and a naval move lays none (RULES.md §14)"
        )
    land_only = sorted(set(course.move) - _SHARED - set(NAVAL_COURSE_KEYS.values()))
    if land_only:
        raise OddsEngineError(f"{land_only[0]} applies to a land move, not to a naval move")
    return dict(course.move)


def naval_move_row(plan, course, method, trials, seed) -> dict:
    """One course of a naval plan played out: its outcomes, the goal, CP and ships lost."""
    from oddsengine.engines.exact import exact
    from oddsengine.engines.move_montecarlo import simulate_move
    from oddsengine.moves.scenario_file import load_naval_move

    move = load_naval_move(plan.scenario, **_naval_parameters(course))
    result = exact(move) if method == "exact" else simulate_move(move, trials=trials, seed=seed)
    p = result.p
    goal = plan.goal or NAVAL_GOALS[plan.side]
    outcome = goal.removeprefix("not:")  # "not:mover_eliminated": the chance it does not happen
    if outcome not in p:
        raise OddsEngineError(
            f"goal {goal!r} is no outcome of this naval move (nor not:OUTCOME); its "
            "outcomes are " + ", ".join(name for name in p if ":" not in name)
        )
    losses = result.expected_losses()
    enemy = sum(
        losses[label]["mean"] for label, _, _ in move.loss_groups if label in move.involved_powers
    )
    choice = move.describe()["defender_choice"]
    choice = "; ".join(f"{power}: {what}" for power, what in choice.items()) or None
    row = {"course": course.name, "choice": choice}
    row.update({name: float(p[name]) for name in _REPORTED})
    chance = float(p[outcome]) if outcome == goal else 1.0 - float(p[outcome])
    row.update(
        goal=goal,
        goal_chance=chance,
        # §14: Foul Weather cancels the move, and its 1 CP is lost all the same.
        expected_cp=float(NAVAL_MOVE_CP),
        attacker_losses=float(losses["mover"]["mean"]),
        defender_losses=float(enemy),
        goal_stderr=0.0 if method == "exact" else math.sqrt(chance * (1 - chance) / trials),
    )
    # RULES.md §9: what the course's orders name that the move passes over, for the plan's
    # notes (compare_plans takes it off the row).
    return {**row, "notes": move.notes} if move.notes else row


def naval_summary_lines(comparison, rows) -> list[str]:
    """The ranked table of a naval plan as lines of text (``rows``: plain records)."""
    plan = comparison.plan
    goal = plan.goal or NAVAL_GOALS[plan.side]
    width = min(max(20, *(len(row["course"]) + 2 for row in rows)), 42)
    lines = [
        f"{'rank':<5}{'course':<{width}}{goal:>22}{'CP':>7}{'ships lost A/D':>16}",
    ]
    for rank, row in enumerate(rows, start=1):
        losses = f"{row['attacker_losses']:.2f}/{row['defender_losses']:.2f}"
        lines.append(
            f"{rank:<5}{row['course'][: width - 1]:<{width}}{row['goal_chance']:>22.2%}"
            f"{row['expected_cp']:>7.2f}{losses:>16}"
        )
        details = (
            f"intercepted {row['intercepted']:.1%}, avoided {row['avoided_battle']:.1%}, "
            f"battle {row['naval_battle']:.1%}, mover retreats {row['mover_retreats']:.1%}, "
            f"sunk {row['mover_eliminated']:.1%}"
        )
        if row["choice"]:
            details += f"; defender: {row['choice']}"
        if comparison.trials:
            details += f"; ± {Z95 * row['goal_stderr']:.2%} (95%)"
        lines.append(" " * 5 + details)
    return lines

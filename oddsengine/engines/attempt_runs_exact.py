"""The exact engine of a run of attempts (RULES.md §19): the optimal policy searched over
the states of the run, and every outcome of a fixed policy enumerated.

The state of a run is the set of spaces targeted and the set flipped (Carlstadt's unrest
follows from them), so the best choice is a decision over states, memoised on the state,
not on the path: the value of a state is the best, over the targets eligible there, of the
chance-weighted values of the two states an attempt leads to. A fixed policy then gives at
most ``2 ** attempts`` outcomes, enumerated exactly.

Examples
--------
>>> from oddsengine.religion.religious_board import ReligiousBoard
>>> from oddsengine.religion.attempt_runs import AttemptRun
>>> answer = solve_run(AttemptRun(ReligiousBoard(protestant=["Stettin"],
...     electorate_display=["Brandenburg"]), "treatise:german"))
>>> answer.optimal.first_target, answer.greedy.first_target
('Brandenburg', 'Lübeck')
"""

from __future__ import annotations

from oddsengine.errors import OddsEngineError
from oddsengine.religion.run_model import MAX_SEARCH_STATES as _LIMIT
from oddsengine.religion.run_model import bits, popcount, too_large_to_search
from oddsengine.results.run_answer import PolicyOutcome, RunAnswer

__all__ = [
    "solve_run",
    "exact_scenario",
    "policy_of",
    "search_run",
    "first_targets",
    "end_states",
    "order_notes",
]

#: Values closer than this are a tie between two targets (then: the higher single chance,
#: then the board's order).
TIE = 1e-12

#: The most states the optimal search visits: a run whose states surely exceed it is
#: refused before the search (:meth:`~oddsengine.religion.run_model.RunModel.search_states`),
#: and the search refuses a run that exceeds it all the same; beyond it a fixed policy's
#: Monte Carlo answers (a few million states is about a minute of Python).
MAX_SEARCH_STATES = _LIMIT

#: The searches of the runs answered lately, by run (an answer asked again, a Monte Carlo
#: of the optimal policy after its exact answer).
_SEARCHES: dict = {}
_SEARCHES_KEPT = 64


def terminal_value(run):
    """The objective as a function of the spaces flipped at the end of a run."""
    model = run.model
    objective = run.objective
    if objective == "flips":
        return popcount
    if objective == "electorates":
        return lambda flipped: popcount(flipped & model.electorates)
    kind, _, argument = objective.partition(":")
    if kind == "at-least":
        k = int(argument)
        return lambda flipped: 1.0 if popcount(flipped) >= k else 0.0
    bit = model.bit[argument]
    return lambda flipped: 1.0 if flipped & bit else 0.0


def search_run(run) -> tuple[dict, dict]:
    """The optimal policy's value and choice in every state it meets: ``(values,
    choice)``, each keyed by ``(targeted, flipped)`` bit masks."""
    key = run
    found = _SEARCHES.get(key)
    if found is not None:
        return found
    model = run.model
    # Refused at once when its states surely exceed the limit, before any search.
    why = too_large_to_search(model, run.source.attempts, MAX_SEARCH_STATES)
    if why is not None:
        raise OddsEngineError(why)
    terminal = terminal_value(run)
    values: dict = {}
    choice: dict = {}

    def refuse():
        raise OddsEngineError(
            f"the run of {run.source.attempts} attempts has more than "
            f"{MAX_SEARCH_STATES:,} states to search: play a fixed policy instead, answered "
            "exactly without a search (--policy greedy, or order:SPACE,...) or rolled die by "
            "die (--policy greedy --monte-carlo)"
        )

    entered = 0  # the states met so far (those still being searched are not kept yet)

    def value(targeted: int, flipped: int, left: int) -> float:
        nonlocal entered
        key = (targeted, flipped)
        found = values.get(key)
        if found is not None:
            return found
        entered += 1
        if entered > MAX_SEARCH_STATES:  # this state is one too many
            refuse()
        options = model.eligible(targeted, flipped) if left else []
        if not options:
            values[key] = best = terminal(flipped)
            return best
        best, best_target, best_chance = -1.0, None, -1.0
        for target in options:
            bit = 1 << target
            p = model.chance(target, targeted, flipped)[0]
            worth = p * value(targeted | bit, flipped | bit, left - 1) + (1 - p) * value(
                targeted | bit, flipped, left - 1
            )
            if worth > best + TIE or (abs(worth - best) <= TIE and p > best_chance):
                best, best_target, best_chance = worth, target, p
        values[key] = best
        choice[key] = best_target
        return best

    value(0, 0, run.source.attempts)
    if len(_SEARCHES) >= _SEARCHES_KEPT:
        _SEARCHES.clear()
    _SEARCHES[key] = values, choice
    return values, choice


def policy_of(run, name: str):
    """The policy ``name`` of ``run`` as a function of the state ``(targeted, flipped)``:
    the index of its next target, or None (no eligible space)."""
    model = run.model

    def greedy(targeted: int, flipped: int):
        # the best single chance now; a tie: the first by name
        options = model.eligible(targeted, flipped)
        if not options:
            return None
        return max(
            sorted(options, key=lambda i: model.names[i]),
            key=lambda i: model.chance(i, targeted, flipped)[0],
        )

    if name == "greedy":
        return greedy
    if name == "order":
        listed = [model.index[space] for space in run.order if space in model.index]

        def ordered(targeted: int, flipped: int):
            # a standing order: the first listed space still eligible, then greedy
            options = set(model.eligible(targeted, flipped))
            for index in listed:
                if index in options:
                    return index
            return greedy(targeted, flipped)

        return ordered
    choice = search_run(run)[1]
    return lambda targeted, flipped: choice.get((targeted, flipped))


def evaluate_policy(run, name: str, policy) -> PolicyOutcome:
    """Every outcome of a fixed policy (at most ``2 ** attempts``), exactly; refused, before
    it takes minutes, past :data:`MAX_SEARCH_STATES` attempts made in all its branches."""
    model = run.model
    terminal = terminal_value(run)
    attempts = run.source.attempts
    flips = [0.0] * (attempts + 1)
    spaces: dict[str, float] = {}
    total = 0.0
    made = 0  # the attempts of every branch so far
    listed = {model.index[space] for space in run.order if space in model.index}
    standing = name.startswith("order")
    passed = 0.0  # the chance that some attempt found no listed space eligible

    def walk(targeted, flipped, left, weight, fell_back=False):
        nonlocal total, made, passed
        target = policy(targeted, flipped) if left else None
        if target is not None:
            made += 1
            if made > MAX_SEARCH_STATES:
                raise OddsEngineError(
                    f"the {name} policy's run of {attempts} attempts has more than "
                    f"{MAX_SEARCH_STATES:,} branches to enumerate: roll it die by die "
                    "(--monte-carlo)"
                )
        if target is None:
            flips[popcount(flipped)] += weight
            for i in bits(flipped):
                spaces[model.names[i]] = spaces.get(model.names[i], 0.0) + weight
            total += weight * terminal(flipped)
            passed += weight if fell_back else 0.0
            return {}
        fell_back = fell_back or (standing and target not in listed)
        p, protestant_dice, papal_dice, ties = model.chance(target, targeted, flipped)
        bit = 1 << target
        node = {
            "target": model.names[target],
            "p_success": p,
            "dice": {"protestant": protestant_dice, "papal": papal_dice},
            "ties": ties,
        }
        node["success"] = walk(targeted | bit, flipped | bit, left - 1, weight * p, fell_back)
        node["failure"] = walk(targeted | bit, flipped, left - 1, weight * (1 - p), fell_back)
        return node

    tree = walk(0, 0, attempts, 1.0)
    notes = () if tree else ("no space may be targeted: the run makes no attempt",)
    if standing:
        first = tree.get("target")
        notes += order_notes(run, passed, first=None if first in run.order else first)
    expected = sum(k * p for k, p in enumerate(flips))
    ordered = dict(sorted(spaces.items(), key=lambda item: (-item[1], item[0])))
    return PolicyOutcome(
        name,
        expected,
        tuple(flips),
        ordered,
        tree.get("target"),
        total,
        tree,
        notes,
        run.source.side,
    )


def order_notes(run, passed: float | None = None, *, first: str | None = None) -> tuple:
    """What a run's standing order could not use and what the run did instead: one note
    for each listed space no attempt can reach (:attr:`AttemptRun.unused_order`, passed
    over), and one for the attempts that found no listed space eligible and took the best
    single chance (as greedy): ``first``, the first attempt's target when it was one of
    them, and ``passed``, the chance that some attempt was (the exact enumeration gives
    it; a Monte Carlo, None, states the rule only)."""
    written = "order:" + ",".join(run.order)
    notes = tuple(f"{written}: {space} passed over: {reason}" for space, reason in run.unused_order)
    if first is not None:
        notes += (
            f"{written}: no listed space is eligible at the start: the first attempt takes "
            f"the best single chance instead (as greedy), {first}, and so does every later "
            "attempt that finds none",
        )
    elif passed is None:
        notes += (
            f"{written}: whenever no listed space is eligible, the attempt takes the best "
            "single chance instead (as greedy)",
        )
    elif passed > TIE:
        notes += (
            f"{written}: in {100 * passed:.2f}% of runs some attempt found no listed space "
            "eligible and took the best single chance instead (as greedy)",
        )
    return notes


def solve_run(run, policy: str | None = None) -> RunAnswer:
    """The optimal policy of ``run``, exactly, with greedy (and the run's order) beside it:
    the exact engine behind :func:`oddsengine.exact` for an
    :class:`~oddsengine.religion.attempt_runs.AttemptRun`.

    ``policy`` is the one the answer is about (default: the run's). A fixed one (greedy,
    order) needs no search: its outcomes are enumerated whatever the run's size, and the
    optimal policy is set beside it only when its search fits in
    :data:`MAX_SEARCH_STATES` (else left out, with a note). The optimal policy of a run too
    large to search is refused, naming the fixed policies.

    Examples
    --------
    >>> from oddsengine.religion.religion_scenario import load_religious_board
    >>> from oddsengine.religion.attempt_runs import AttemptRun
    >>> board = load_religious_board("religion_1517", protestant=["Genoa", "Calais"])
    >>> answer = solve_run(AttemptRun(board, "a-mighty-fortress", policy="greedy"))
    >>> answer.optimal is None, answer.greedy.first_target, len(answer.notes)
    (True, 'Brandenburg', 1)
    """
    policy = run.policy if policy is None else policy
    attempts = run.source.attempts
    searched = (
        policy == "optimal" or too_large_to_search(run.model, attempts, MAX_SEARCH_STATES) is None
    )
    optimal, states, notes = None, None, ()
    if searched:
        values, _ = search_run(run)
        optimal = evaluate_policy(run, "optimal", policy_of(run, "optimal"))
        states = len(values)
    else:
        notes = (
            f"the optimal policy is not compared: the run of {attempts} attempts has more "
            f"than {MAX_SEARCH_STATES:,} states to search (the {policy} policy needs none)",
        )
    greedy = evaluate_policy(run, "greedy", policy_of(run, "greedy"))
    order = None
    if run.order:
        order = evaluate_policy(run, "order:" + ",".join(run.order), policy_of(run, "order"))
    return RunAnswer(run, optimal, greedy, order, states, policy, notes)


def exact_scenario(scenario) -> PolicyOutcome:
    """Every outcome of an :class:`~oddsengine.religion.attempt_scenarios.AttemptsScenario`
    under its policy, exactly (the optimal one searched first): the exact engine behind
    :func:`oddsengine.exact` (and a sweep) for it.

    Examples
    --------
    >>> from oddsengine.religion.attempt_scenarios import AttemptsScenario
    >>> outcome = exact_scenario(AttemptsScenario("religion_1517", "95-theses",
    ...                                           policy="greedy"))
    >>> outcome.policy, round(sum(outcome.flips), 12)
    ('greedy', 1.0)
    """
    run = scenario.run
    return evaluate_policy(run, scenario.policy_name, policy_of(run, run.policy))


def first_targets(run) -> list[dict]:
    """Every eligible first target of ``run``: its dice, tie side and chance, and the
    objective expected when the run opens there and then plays optimally (the best is the
    optimal policy's first target), best first."""
    model = run.model
    values, _ = search_run(run)
    terminal = terminal_value(run)
    attempts = run.source.attempts

    def value(targeted, flipped, left):
        found = values.get((targeted, flipped))
        if found is not None:
            return found
        # a state the optimal policy never reaches: search it from here
        options = model.eligible(targeted, flipped) if left else []
        if not options:
            return terminal(flipped)
        best = -1.0
        for target in options:
            bit = 1 << target
            p = model.chance(target, targeted, flipped)[0]
            best = max(
                best,
                p * value(targeted | bit, flipped | bit, left - 1)
                + (1 - p) * value(targeted | bit, flipped, left - 1),
            )
        return best

    rows = []
    for target in model.eligible(0, 0):
        bit = 1 << target
        p, protestant_dice, papal_dice, ties = model.chance(target, 0, 0)
        opened = p * value(bit, bit, attempts - 1) + (1 - p) * value(bit, 0, attempts - 1)
        rows.append(
            {
                "target": model.names[target],
                "p_success": p,
                "protestant_dice": protestant_dice,
                "papal_dice": papal_dice,
                "ties": ties,
                "value_if_opened_here": opened,
            }
        )
    return sorted(rows, key=lambda row: (-row["value_if_opened_here"], row["target"]))


def end_states(run, policy: str = "optimal") -> list[tuple[tuple, tuple, float]]:
    """The ends of ``run`` under a policy: ``(spaces flipped, spaces put in unrest,
    chance)`` for each (at most ``2 ** attempts``)."""
    model = run.model
    choose = policy_of(run, policy)
    found = []

    def walk(targeted, flipped, left, weight):
        target = choose(targeted, flipped) if left else None
        if target is None:
            unrest = model.unrest_mask(targeted, flipped) & ~model.unrest0
            found.append(
                (
                    tuple(model.names[i] for i in bits(flipped)),
                    tuple(model.names[i] for i in bits(unrest)),
                    weight,
                )
            )
            return
        p = model.chance(target, targeted, flipped)[0]
        bit = 1 << target
        walk(targeted | bit, flipped | bit, left - 1, weight * p)
        walk(targeted | bit, flipped, left - 1, weight * (1 - p))

    walk(0, 0, run.source.attempts, 1.0)
    return found

"""Scenarios of the naval by-hand tests of RULES.md §14 (a naval move) and §15 (naval
transport): a situation at sea at war with the Hapsburgs, a refusal that must be one line
naming its rule, and the probability of the end states that match."""

import pytest

from oddsengine.errors import OddsEngineError
from oddsengine.moves.situation import FleetStack, Situation

HAPSBURG_WAR = [("ottoman", "hapsburg")]


def sea(fleets, wars=HAPSBURG_WAR, stacks=(), **changes):
    return Situation(
        list(stacks),
        fleets=[FleetStack(space, fleet, *rest) for space, fleet, *rest in fleets],
        wars=wars,
        control={"Algiers": "ottoman", "Tunis": "ottoman", **changes.pop("control", {})},
        **changes,
    )


def refused(build, *words):
    with pytest.raises(OddsEngineError) as caught:
        build()
    message = str(caught.value)
    assert "\n" not in message
    for word in words:
        assert word in message, message
    return message


def end_probability(result, **wanted):
    return sum(
        p
        for index, p in enumerate(result.probabilities)
        if all(result.states[name][index] == value for name, value in wanted.items())
    )

"""A sweep kind made of a scenario file and flat parameters, answered as the spec it builds
from them (a naval move, a religious attempt): what the engines and the faces read is that
spec's own, its description headed by the scenario.

Examples
--------
>>> from oddsengine.moves.naval_move_scenario import NavalMoveScenario
>>> scenario = NavalMoveScenario("barbary_coast")
>>> scenario.draw_plan() is not None, scenario.title() == scenario.naval_move.title()
(True, True)
"""

from __future__ import annotations

from oddsengine.errors import OddsEngineTypeError, shown

__all__ = ["ScenarioAnswers", "check_scenario"]


def check_scenario(scenario) -> None:
    """Refuse a scenario that is no text naming a file or a shipped example."""
    if not isinstance(scenario, str) or not scenario.strip():
        raise OddsEngineTypeError(f"scenario must be a scenario file, not {shown(scenario)}")


class ScenarioAnswers:
    """What the engines and the faces read of a scenario kind: the built spec's own.

    A subclass has a ``scenario`` field and gives :attr:`built`, the spec it stands for.
    """

    @property
    def built(self):
        """The spec the scenario and its parameters build."""
        raise NotImplementedError

    @property
    def event_names(self) -> tuple[str, ...]:
        return self.built.event_names

    def draw_plan(self):
        return self.built.draw_plan()

    def outcome_columns(self, values) -> dict:
        return self.built.outcome_columns(values)

    def describe(self) -> dict:
        return {"scenario": self.scenario, **self.built.describe()}

    def title(self) -> str:
        return self.built.title()

    def describe_lines(self) -> list[str]:
        return self.built.describe_lines()

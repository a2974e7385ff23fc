"""Courses of religious actions compared (RULES.md §19): each course a sequence of runs of
attempts (a treatise, Carlstadt's treatise, Printing Press and then a treatise ...), each
run played optimally on the board the runs before it left, the courses ranked by the
spaces they turn.

A plan file names its scenario and its courses::

    [plan]
    title = "The Protestant's first impulse"
    scenario = "religion_1517"

    [[course]]
    name = "a treatise in the German zone"
    actions = ["treatise:german"]

    [[course]]
    name = "Printing Press, then a treatise"
    actions = ["printing-press", "treatise:german"]

Each action is a new action on the board (nothing is "targeted already"), after the flips
(and Carlstadt's unrest) of the ones before; after the Printing Press event every later
Reformation attempt has its +1 die (§17 step 3). Each run plays its own optimal policy for
the plan's objective; a run does not play for the runs after it (the reading stated in
docs/rules/part3-religion.md, "Runs of attempts").

Examples
--------
>>> comparison = compare_religious_plan(load_religious_plan("religion_first_impulse_plan"))
>>> [row["course"] for row in comparison.rows][:1]
['Printing Press, then a treatise in the German zone']
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from oddsengine.errors import OddsEngineError, shown

__all__ = [
    "ReligiousCourse",
    "ReligiousPlan",
    "ReligiousComparison",
    "is_religious_plan",
    "load_religious_plan",
    "compare_religious_plan",
]

#: The most actions one course may chain.
MAX_ACTIONS = 4


@dataclass(frozen=True)
class ReligiousCourse:
    """A course: its name and its actions (sources of attempts, in order)."""

    name: str
    actions: tuple[str, ...]


@dataclass(frozen=True)
class ReligiousPlan:
    """Courses of religious actions on one board."""

    title: str
    board: object
    courses: tuple[ReligiousCourse, ...]
    objective: str = "flips"


@dataclass(frozen=True)
class ReligiousComparison:
    """The courses ranked: per course the expected flips and P(k flips)."""

    plan: ReligiousPlan
    rows: tuple[dict, ...]

    def render(self, output_format: str = "table") -> str:
        """The comparison as a text table, JSON or CSV."""
        if output_format == "json":
            import json

            return (
                json.dumps(
                    {
                        "kind": "religious-plan",
                        "title": self.plan.title,
                        "method": "exact",
                        "objective": self.plan.objective,
                        "courses": list(self.rows),
                    },
                    indent=2,
                    ensure_ascii=False,
                )
                + "\n"
            )
        most = max(len(row["p"]) for row in self.rows)
        if output_format == "csv":
            header = "course,actions,expected_flips," + ",".join(f"flips:{k}" for k in range(most))
            lines = [header]
            for row in self.rows:
                values = [row["p"].get(f"flips:{k}", 0.0) for k in range(most)]
                lines.append(
                    f'"{row["course"]}","{" then ".join(row["actions"])}",'
                    f"{row['expected']['flips']!r}," + ",".join(map(repr, values))
                )
            return "\n".join(lines) + "\n"
        width = max(len(row["course"]) for row in self.rows) + 2
        lines = [
            self.plan.title,
            "Method: exact (each run played optimally for "
            f"{self.plan.objective}, on the board the runs before it left)",
            "",
        ]
        lines.append(
            f"{'course':<{width}}{'expected flips':>15}"
            + "".join(f"{'P(' + str(k) + ')':>9}" for k in range(most))
        )
        for row in self.rows:
            lines.append(
                f"{row['course']:<{width}}{row['expected']['flips']:>15.3f}"
                + "".join(f"{100 * row['p'].get(f'flips:{k}', 0.0):>8.2f}%" for k in range(most))
            )
        return "\n".join(lines) + "\n"


def is_religious_plan(data: dict) -> bool:
    """Whether a plan file's data is a plan of religious actions (its courses have
    ``actions``)."""
    courses = data.get("course", [])
    return isinstance(courses, list) and any(
        isinstance(course, dict) and "actions" in course for course in courses
    )


def load_religious_plan(path) -> ReligiousPlan:
    """Read a plan of religious actions (a file, or a shipped example by name).

    Raises
    ------
    OddsEngineError
        Naming the file and the key.
    """
    from oddsengine.questions.plans import find_plan, refuse_a_scenario_file
    from oddsengine.religion.attempt_sources import attempt_source
    from oddsengine.religion.cards import card_of_source
    from oddsengine.religion.religion_scenario import load_religious_board
    from oddsengine.toml_file import read_toml

    found = find_plan(path)
    data = read_toml(found, "plan file")
    label = str(found)
    extra = set(data) - {"plan", "course"}
    if extra:
        refuse_a_scenario_file(label, data)
        raise OddsEngineError(
            f"{label}: unknown table {sorted(extra)[0]!r}; a plan has [plan] and [[course]]"
        )
    settings = data.get("plan", {})
    if not isinstance(settings, dict):
        raise OddsEngineError(f"{label}: plan: must be a table")
    for key in settings:
        if key not in ("title", "scenario", "objective"):
            raise OddsEngineError(
                f"{label}: plan.{key}: unknown key of a religious plan (title, scenario, objective)"
            )
    if "scenario" not in settings or not isinstance(settings["scenario"], str):
        raise OddsEngineError(f"{label}: plan.scenario: name the religious board in quotes")
    board = load_religious_board(settings["scenario"])
    courses = []
    entries = data.get("course", [])
    if not isinstance(entries, list) or not entries:
        raise OddsEngineError(f"{label}: give at least one [[course]]")
    names, sides = set(), {}
    for index, entry in enumerate(entries, start=1):
        key = f"course[{index}]"
        if not isinstance(entry, dict) or set(entry) - {"name", "actions"}:
            raise OddsEngineError(f"{label}: {key}: a course has a name and actions only")
        name, actions = entry.get("name"), entry.get("actions")
        if not isinstance(name, str) or not name.strip():
            raise OddsEngineError(f"{label}: {key}.name: give the course a name in quotes")
        if name in names:
            raise OddsEngineError(f"{label}: {key}.name: {name!r} is used twice")
        names.add(name)
        if (
            not isinstance(actions, list)
            or not actions
            or not all(isinstance(a, str) for a in actions)
        ):
            raise OddsEngineError(f"{label}: {key}.actions: a list of sources in quotes")
        if len(actions) > MAX_ACTIONS:
            raise OddsEngineError(f"{label}: {key}.actions: at most {MAX_ACTIONS} actions")
        played = set()
        for action in actions:
            try:
                source = attempt_source(action)
            except OddsEngineError as error:
                raise OddsEngineError(f"{label}: {key}.actions: {error}") from None
            card = card_of_source(source.name)
            if card is not None and card.slug in played:
                # A card is played once (the deck holds one of each).
                raise OddsEngineError(
                    f"{label}: {key}.actions: {action} plays {card.name}, played already in "
                    "this course: a card is played once"
                )
            if card is not None:
                played.add(card.slug)
            sides.setdefault(source.side, action)
            if len(sides) > 1:
                # The courses are ranked by the spaces they turn: one side's, to compare.
                raise OddsEngineError(
                    f"{label}: {key}.actions: {action} is the {source.side}'s, and "
                    f"{sides[_other(source.side)]} the {_other(source.side)}'s: a plan "
                    "compares one side's courses"
                )
        courses.append(ReligiousCourse(name, tuple(actions)))
    objective = settings.get("objective", "flips")
    if not isinstance(objective, str):
        raise OddsEngineError(f"{label}: plan.objective: {shown(objective)} is not a name")
    title = settings.get("title", label)
    if not isinstance(title, str):
        raise OddsEngineError(f"{label}: plan.title: give the title in quotes, not {shown(title)}")
    return ReligiousPlan(title, board, tuple(courses), objective)


def _other(side: str) -> str:
    return "papacy" if side == "protestant" else "protestant"


def compare_religious_plan(plan: ReligiousPlan) -> ReligiousComparison:
    """Play every course out exactly and rank them by their expected flips."""
    rows = [_course_row(plan, course) for course in plan.courses]
    rows.sort(key=lambda row: -row["expected"]["flips"])
    return ReligiousComparison(plan, tuple(rows))


def _course_row(plan: ReligiousPlan, course: ReligiousCourse) -> dict:
    from oddsengine.engines.attempt_runs_exact import end_states
    from oddsengine.religion.attempt_runs import AttemptRun
    from oddsengine.religion.cards import card_of_source

    # the boards a course may leave, with their chance and the flips so far
    states = {(plan.board, 0): 1.0}
    for action in course.actions:
        following: dict = {}
        for (board, flips), weight in states.items():
            try:
                run = AttemptRun(board, action, objective=plan.objective)
            except OddsEngineError as error:  # on the board the actions before it left
                raise OddsEngineError(f"course {course.name!r}: {action}: {error}") from None
            for flipped, unrest, p in end_states(run):
                after = board
                for space in flipped:
                    after = after.converted(
                        space, to="protestant" if run.source.side == "protestant" else "catholic"
                    )
                for space in unrest:
                    after = after.with_unrest(space)
                # 17 step 3: a card whose effect lasts the turn is in effect for the
                # later actions (Printing Press's die)
                card = card_of_source(run.source.name)
                if card is not None and card.lasts_the_turn and card.slug not in after.this_turn:
                    after = replace(after, this_turn=(*after.this_turn, card.slug))
                # §19: the debaters the source commits (Carlstadt's, Calvin's treatise) stay
                # committed for the later actions, which may not commit them again
                committing = tuple(
                    name for name in run.source.debaters if name not in after.committed
                )
                if committing:
                    after = replace(after, committed=(*after.committed, *committing))
                key = (after, flips + len(flipped))
                following[key] = following.get(key, 0.0) + weight * p
        states = following
    distribution: dict[int, float] = {}
    for (_, flips), weight in states.items():
        distribution[flips] = distribution.get(flips, 0.0) + weight
    most = max(distribution)
    p = {f"flips:{k}": distribution.get(k, 0.0) for k in range(most + 1)}
    expected = sum(k * value for k, value in distribution.items())
    return {
        "course": course.name,
        "actions": list(course.actions),
        "expected": {"flips": expected},
        "p": p,
    }

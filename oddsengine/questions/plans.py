"""Plans compared over a horizon: courses of action played out for several impulses.

A plan is a question (a move from a scenario, or a siege already laid), a horizon of
impulses and several *courses*: the defender's response to the move (fight, withdraw,
avoid battle to a space, or the best of them judged over the horizon), the besieger's
reinforcements and when it starts to assault, the cards it plays. :func:`compare_plans`
plays every course out, the move with :func:`oddsengine.exact` (or
:func:`oddsengine.simulate_move`) and the siege that follows with
:func:`oddsengine.exact_campaign` (or :func:`oddsengine.simulate_campaign`), and ranks the
courses by the chance that the side whose plans they are reaches its goal: the space taken
by the end of the horizon (attacker) or still held (defender).

A plan whose scenario holds a ``[naval_move]`` compares courses of that naval move
(RULES.md §14; :mod:`oddsengine.questions._naval_plans`): the course keys are the naval
move's (``defender``, ``interception``, ``retreat``, cards, ``rowers``, ``rowers_roll``,
``fight_order``, ``responses``, ``policy``) and ``[plan] goal`` names the naval outcome
that ranks them (``oddsengine/examples/tyrrhenian_sea_plan.toml``).

Plan files are TOML, read with :mod:`tomllib` (nothing in them is executed)::

    [plan]
    title = "Vienna: the Hapsburg response"
    horizon = 3                 # impulses of assaults after the move (or the siege)
    side = "defender"           # whose courses these are: ranks by "held" (or "attacker")
    scenario = "vienna"         # a move: a scenario file (relative to this file) or example
    # besiegers = "9R Suleiman" # ... or a siege already laid
    # garrison = "hapsburg: 4R Ferdinand"
    method = "exact"            # or "monte-carlo" (with trials and seed)

    [[course]]
    name = "fight"
    defender = "fight"          # move keys: defender, retreat, interception,
                                # attacker_cards, defender_cards (the field battle),
                                # avoiding_units, after_withdrawal, leaders_inside
    [[course]]
    name = "wait for 4R, then assault"
    schedule = [[3, "4R"]]      # siege keys: schedule, reinforcements, assault_from,
    assault_from = 3            # assault_cards, garrison_cards (the first assault)
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from oddsengine.engines.campaigns import CampaignEngines, register_campaign
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown
from oddsengine.questions._naval_plans import NAVAL_COURSE_KEYS, naval_move_row
from oddsengine.questions.plan_comparison import PlanComparison
from oddsengine.toml_file import read_toml

__all__ = ["Course", "Plan", "PlanComparison", "compare_plans", "load_plan"]

_MOVE_KEYS = {
    "defender": "defender_policy",
    "retreat": "retreat_policy",
    "interception": "interception_policy",
    "attacker_cards": "attacker_cards",
    "defender_cards": "defender_cards",
    "avoiding_units": "avoiding_units",
    "after_withdrawal": "after_withdrawal",
    "leaders_inside": "leaders_inside",
}
_SIEGE_KEYS = {
    "schedule": "schedule",
    "reinforcements": "reinforcements",
    "assault_from": "assault_from",
    "assault_cards": "attacker_cards",
    "garrison_cards": "defender_cards",
}
_PLAN_KEYS = {
    "title",
    "horizon",
    "side",
    "scenario",
    "besiegers",
    "garrison",
    "method",
    "trials",
    "seed",
    "goal",
}
_SIDES = ("attacker", "defender")


@dataclass(frozen=True)
class Course:
    """One course of action: a name, move parameters and siege parameters.

    Parameters
    ----------
    name : str
    move : dict
        Parameters of :class:`~oddsengine.moves.move.Move` that replace the scenario's
        (``defender_policy``, ``attacker_cards``, ...).
    siege : dict
        Parameters of :class:`~oddsengine.moves.siege_campaign.SiegeCampaign` (``schedule``,
        ``reinforcements``, ``assault_from``, ``attacker_cards``, ``defender_cards``).
    """

    name: str
    move: dict = field(default_factory=dict)
    siege: dict = field(default_factory=dict)

    def __post_init__(self):
        if not isinstance(self.name, str) or not self.name.strip():
            raise OddsEngineTypeError(f"a course needs a name (text), not {shown(self.name)}")
        moves = [*_MOVE_KEYS.values(), *NAVAL_COURSE_KEYS.values()]
        for part, known in (("move", moves), ("siege", _SIEGE_KEYS.values())):
            value = getattr(self, part)
            if not isinstance(value, dict) or not all(isinstance(key, str) for key in value):
                raise OddsEngineTypeError(
                    f"course {self.name!r}: {part} must be a dict of parameters, not {shown(value)}"
                )
            unknown = sorted(set(value) - set(known))
            if unknown:
                raise OddsEngineTypeError(
                    f"course {self.name!r}: unknown {part} parameter {unknown[0]!r}; the "
                    f"parameters are {', '.join(sorted(set(known)))}"
                )

    @classmethod
    def from_entry(cls, entry: dict, label: str = "course") -> Course:
        """A course from a plan file's ``[[course]]`` table (file keys, see the module)."""
        if not isinstance(entry, dict):
            raise OddsEngineError(f"{label}: write each course as a [[course]] table")
        move_keys = {**_MOVE_KEYS, **NAVAL_COURSE_KEYS}  # a naval move's own keys too
        unknown = set(entry) - {"name"} - set(move_keys) - set(_SIEGE_KEYS)
        if unknown:
            raise OddsEngineError(
                f"{label}: unknown key {sorted(unknown)[0]!r}; the keys are name, "
                + ", ".join([*move_keys, *_SIEGE_KEYS])
            )
        name = entry.get("name")
        if not isinstance(name, str) or not name.strip():
            raise OddsEngineError(f"{label}: every course needs a name")
        move = {move_keys[key]: value for key, value in entry.items() if key in move_keys}
        siege = {_SIEGE_KEYS[key]: value for key, value in entry.items() if key in _SIEGE_KEYS}
        if "schedule" in siege:
            if not isinstance(siege["schedule"], list):
                raise OddsEngineTypeError(
                    f"{label}.schedule: write the arrivals as a list of [IMPULSE, FORCE], not "
                    f"{shown(siege['schedule'])}"
                )
            siege["schedule"] = tuple(_schedule_entry(item, label) for item in siege["schedule"])
        return cls(name.strip(), move, siege)


def _schedule_entry(item, label) -> tuple:
    if isinstance(item, dict) and set(item) == {"impulse", "force"}:
        return (item["impulse"], item["force"])
    if isinstance(item, list) and len(item) == 2:
        return tuple(item)
    raise OddsEngineError(
        f"{label}.schedule: write each arrival as [IMPULSE, FORCE] or "
        f'{{impulse = 3, force = "4R"}}, not {item!r}'
    )


@dataclass(frozen=True)
class Plan:
    """Courses of action compared over a horizon.

    Parameters
    ----------
    courses : sequence of Course
    horizon : int
        Impulses of assaults after the move (or from the siege given).
    side : {"attacker", "defender"}
        Whose courses these are: the ranking is by the chance the space is taken by the
        end of the horizon (attacker) or still held then (defender).
    scenario : str or Path, optional
        The move that starts the plan (a scenario file or example name)...
    besiegers, garrison : str, optional
        ... or the siege that starts it.
    title : str
    goal : str, optional
        A plan starting from a naval move (RULES.md §14): the naval outcome whose chance
        ranks the courses (:mod:`oddsengine.questions._naval_plans`).
    """

    courses: tuple[Course, ...]
    horizon: int
    side: str = "attacker"
    scenario: object = None
    besiegers: str | None = None
    garrison: str | None = None
    title: str = ""
    goal: str | None = None

    def __post_init__(self):
        from oddsengine.moves.holding import check_horizon

        if isinstance(self.courses, (str, dict)) or not hasattr(self.courses, "__iter__"):
            raise OddsEngineTypeError(
                f"courses must be a list of Course, not {shown(self.courses)}"
            )
        object.__setattr__(self, "courses", tuple(self.courses))
        for course in self.courses:
            if not isinstance(course, Course):
                raise OddsEngineTypeError(
                    f"a plan's courses are Course objects, not {shown(course)}"
                )
        for name in ("title", "side", "besiegers", "garrison", "goal"):
            value = getattr(self, name)
            if value is not None and not isinstance(value, str):
                raise OddsEngineTypeError(f"{name} must be text, not {shown(value)}")
        for name in ("besiegers", "garrison"):  # read now: a plan that cannot run is refused
            if getattr(self, name) is not None:
                from oddsengine.combat.forces import parse_force

                parse_force(getattr(self, name))
        if self.scenario is not None and not isinstance(self.scenario, (str, Path)):
            raise OddsEngineTypeError(
                f"scenario must be a scenario file or an example name, not {shown(self.scenario)}"
            )
        if not self.courses:
            raise OddsEngineError("a plan needs at least one course")
        names = [course.name for course in self.courses]
        if len(set(names)) != len(names):
            raise OddsEngineError("two courses of the plan have the same name")
        check_horizon(self.horizon)
        if self.side not in _SIDES:
            raise OddsEngineError(f"side must be attacker or defender, not {self.side!r}")
        has_siege = self.besiegers is not None or self.garrison is not None
        if (self.scenario is None) == (not has_siege) or (
            has_siege and (self.besiegers is None or self.garrison is None)
        ):
            raise OddsEngineError(
                "a plan starts from a move (scenario) or from a siege (besiegers and "
                "garrison), one of the two"
            )
        if has_siege:
            for course in self.courses:
                if course.move:
                    key = sorted(course.move)[0]
                    raise OddsEngineError(
                        f"course {course.name!r}: {key} applies to a move, and this plan "
                        "starts from a siege"
                    )

        if self.goal is not None and not self.goal.strip():  # not silently the default
            raise OddsEngineError(
                "goal is empty: name an outcome of the naval move, or leave it out"
            )
        if self.goal is not None and not self.starts_with_naval_move:
            raise OddsEngineError("goal applies to a plan that starts from a naval move")

    @property
    def starts_with_move(self) -> bool:
        return self.scenario is not None

    @cached_property
    def starts_with_naval_move(self) -> bool:
        """Whether the scenario asks about a naval move (RULES.md §14), not a land move."""
        if not self.starts_with_move:
            return False  # a plan from a siege reads no scenario (nor imports its reader)
        from oddsengine.moves.scenario_file import scenario_action

        return scenario_action(self.scenario) == "naval_move"


def find_plan(name_or_path) -> Path:
    """A plan file's path: a path as given, or a plan shipped in ``oddsengine/examples``
    by name (``"vienna_siege_plan"``)."""
    from oddsengine.shipped import shipped_path

    if not isinstance(name_or_path, (str, os.PathLike)):
        raise OddsEngineTypeError(
            f"a plan is a Plan, a plan file or an example name, not {shown(name_or_path)}"
        )
    if isinstance(name_or_path, str) and not name_or_path.strip():  # Path("") is "."
        raise OddsEngineError(
            "no plan named: give a .toml file or an example name, e.g. vienna_siege_plan"
        )
    path = Path(name_or_path)
    if path.exists() or path.suffix == ".toml" or len(path.parts) > 1:
        return path
    shipped = shipped_path("examples", f"{name_or_path}.toml")
    return shipped if shipped.is_file() else path


def _shipped_plans_offered(path: Path) -> str:
    """For a name that is not a path: the closest shipped plans, then all of them (plans
    only, not the scenarios or sweeps beside them)."""
    if path.suffix == ".toml" or len(path.parts) > 1:
        return ""
    import difflib

    from oddsengine.moves.scenario_reader import scenario_names

    plans = scenario_names(("plan",))
    close = difflib.get_close_matches(path.name, plans, n=3, cutoff=0.6)
    hint = f"; did you mean {', '.join(map(repr, close))}?" if close else ";"
    return f"{hint} shipped plans: {', '.join(plans)}"


#: The table that makes a file a scenario, and the command that answers it.
_SCENARIO_COMMANDS = {
    "naval_move": "oddsengine naval-move {name}",
    "move": "oddsengine move {name}",
    "religion": "oddsengine attempts {name} --source SOURCE",
}


def refuse_a_scenario_file(path, data: dict) -> None:
    """Refuse a scenario file given where a plan file is asked for, naming the command that
    answers it; return when ``data`` is not a scenario file.

    Raises
    ------
    OddsEngineError
        When ``data`` has no [[course]] table but a scenario's [move], [naval_move] or
        [religion].
    """
    if "course" in data:
        return
    for table, command in _SCENARIO_COMMANDS.items():
        if table in data:
            raise OddsEngineError(
                f"{path} is a scenario file, not a plan file (a plan has [plan] and [[course]] "
                f"tables, a scenario [{table}]): answer it with "
                f"{command.format(name=Path(str(path)).stem)}, or name it in a plan's [plan] "
                "scenario"
            )


def load_plan(path) -> tuple[Plan, dict]:
    """Read a plan file (or a shipped example plan, by name); return the plan and its
    engine settings (``method``, ``trials``, ``seed``).

    Raises
    ------
    OddsEngineError
        Naming the file and the key, on a malformed file.
    """
    path = find_plan(path)
    if isinstance(path, Path) and not path.exists():
        raise OddsEngineError(f"{path}: no such plan file{_shipped_plans_offered(path)}")
    # One safe reader: regular files only (no FIFO, folder or device), size-limited,
    # UTF-8, no deep nesting.
    data = read_toml(path, "plan file")
    extra = set(data) - {"plan", "course"}
    if extra:
        refuse_a_scenario_file(path, data)
        raise OddsEngineError(f"{path}: unknown table {sorted(extra)[0]!r} (plan, course)")
    settings = data.get("plan")
    if not isinstance(settings, dict):
        raise OddsEngineError(f"{path}: missing [plan] (horizon, scenario or siege)")
    unknown = set(settings) - _PLAN_KEYS
    if unknown:
        raise OddsEngineError(
            f"{path}: plan: unknown key {sorted(unknown)[0]!r}; the keys are "
            + ", ".join(sorted(_PLAN_KEYS))
        )
    if "horizon" not in settings:
        raise OddsEngineError(f"{path}: plan.horizon: missing (impulses to play)")
    entries = data.get("course", [])
    if not isinstance(entries, list) or not entries:
        raise OddsEngineError(f"{path}: no [[course]]: list the courses to compare")
    courses = [
        Course.from_entry(entry, f"{path}: course[{index}]")
        for index, entry in enumerate(entries, start=1)
    ]
    scenario = settings.get("scenario")
    if isinstance(scenario, str) and scenario.endswith(".toml"):
        scenario = (path.parent / scenario) if not Path(scenario).is_absolute() else scenario
    try:
        plan = Plan(
            courses,
            settings["horizon"],
            side=settings.get("side", "attacker"),
            scenario=scenario,
            besiegers=settings.get("besiegers"),
            garrison=settings.get("garrison"),
            title=settings.get("title", ""),
            goal=settings.get("goal"),
        )
    except OddsEngineError as error:
        raise OddsEngineError(f"{path}: {error}") from None
    engine = {key: settings[key] for key in ("method", "trials", "seed") if key in settings}
    given = [key for key in ("trials", "seed") if key in engine]
    if engine.get("method", "exact") == "exact" and given:  # the exact engine ignores them
        raise OddsEngineError(
            f'{path}: plan.{given[0]}: is for method = "monte-carlo"; this plan is exact'
        )
    return plan, engine


def compare_plans(plan, method: str = "exact", trials: int = 100_000, seed=None):
    """Play every course of ``plan`` out over its horizon and rank them.

    Parameters
    ----------
    plan : Plan, str or Path
        A :class:`Plan`, or a plan file (whose ``method``, ``trials`` and ``seed`` are
        used unless given here).
    method : {"exact", "monte-carlo"}
    trials : int
        Monte Carlo trials for the move and for the siege of each course.
    seed : int, optional
        Monte Carlo seed (a fresh one is drawn and reported when None); every course
        uses the same seed.

    Returns
    -------
    PlanComparison

    Examples
    --------
    >>> plan = Plan(
    ...     [Course("assault every impulse"),
    ...      Course("wait for 4R at impulse 2", siege={"schedule": [(2, "4R")],
    ...                                                "assault_from": 2})],
    ...     horizon=3, besiegers="5R Suleiman", garrison="hapsburg: 4R Ferdinand")
    >>> comparison = compare_plans(plan)
    >>> comparison.ranking
    ['wait for 4R at impulse 2', 'assault every impulse']
    """
    from oddsengine.engines.run_arguments import MAX_TRIALS, check_run

    if not isinstance(plan, Plan):
        plan, settings = load_plan(plan)
        method = settings.get("method", method)
        trials = settings.get("trials", trials)
        seed = settings.get("seed", seed)
    if method not in ("exact", "monte-carlo"):
        raise OddsEngineError(f"method must be exact or monte-carlo, not {method!r}")
    trials, _, seed = check_run(trials, MAX_TRIALS, seed, None)
    seed = seed if method == "monte-carlo" else None
    if plan.starts_with_naval_move:
        play = naval_move_row
    else:  # a naval plan has no use for the land rows: they are loaded only here
        from oddsengine.questions._course_rows import move_row, siege_row

        play = move_row if plan.starts_with_move else siege_row
    rows, notes = [], []
    for course in plan.courses:
        try:
            row = play(plan, course, method, trials, seed)
        except OddsEngineError as error:
            raise OddsEngineError(f"course {course.name!r}: {error}") from None
        notes += [f"course {course.name!r}: {note}" for note in row.pop("notes", ())]
        rows.append(row)
    goal = "held" if plan.side == "defender" else f"taken_by_impulse_{plan.horizon}"
    if plan.starts_with_naval_move:
        goal = "goal_chance"
    # Best first: the goal's chance falling, then the CP rising; ties keep the plan's order.
    ranked = sorted(rows, key=lambda row: (-row[goal], row["expected_cp"]))
    return PlanComparison(
        plan,
        method,
        tuple(ranked),
        trials=trials if method == "monte-carlo" else None,
        seed=seed,
        notes=tuple(notes),
    )


def _simulate_plan(plan, trials, seed) -> PlanComparison:
    """A plan's Monte Carlo through :func:`oddsengine.simulate`."""
    return compare_plans(plan, "monte-carlo", trials, seed)


# The plans are campaigns: exact(plan) and simulate(plan, trials, seed) compare them.
register_campaign(Plan, CampaignEngines(_simulate_plan, 100_000, exact=compare_plans))

"""The explorer's run of attempts on a board played optimally (RULES.md §19), which it
offers after the Reformation attempt (:data:`FURTHER`), and the controls of the Part III
engagements that are not built from a declaration: the run's and the voyages' and
conquests' (those are built in :mod:`oddsengine.faces._explore_new_world`). A
Reformation or Counter-Reformation attempt and a theological debate are offered from their
declarations (:mod:`oddsengine.faces._explore_declared`).

The run's :class:`~oddsengine.kinds.ExplorerEntry` names its controls' maker here
(``widgets``: one for all of them), the choices one control offers given the others
(``offer``: the sources a board allows), its spec builder (``build``), its command-line
words (``words``) and the view of its answer (``answer``). What the calculator shows is
what the command line answers: the same spec, through the same exact engine.
"""

from __future__ import annotations

from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown
from oddsengine.kind_entries import ExplorerEntry

__all__ = [
    "FURTHER",
    "RunView",
    "checked_values",
    "offered_pairs",
    "attempts",
    "attempts_offer",
    "attempts_words",
    "run_view",
    "widgets",
]

#: The powers that sail.
_POWERS = ("hapsburg", "england", "france")
#: Where this module's functions are, as an explorer entry names them.
_HERE = "oddsengine.faces._explore_religion:"


def widgets(module) -> dict:
    """The controls of the Part III engagements, by the key their builders read."""
    narrow = {"description_width": "68px"}

    def box(kind, **options):
        layout = module.Layout(width=options.pop("width", "178px"), margin="1px 2px")
        return kind(style=options.pop("style", narrow), layout=layout, **options)

    def flag(description):
        return module.Checkbox(
            description=description,
            indent=False,
            layout=module.Layout(width="auto", margin="1px 8px"),
        )

    def choice(description, options, **extra):
        return box(module.Dropdown, options=options, description=description, **extra)

    def names(description):
        return box(
            module.SelectMultiple,
            options=[],
            rows=2,
            description=description,
            width="250px",
            style={"description_width": "80px"},
        )

    boards = _boards()
    return {
        "board": choice("board", [(b, b) for b in boards], width="220px"),
        "source": choice("source", [("95-theses", "95-theses")], width="300px"),
        "bonus_debater": box(
            module.Text, description="debater", placeholder="(none)", continuous_update=False
        ),
        "run_policy": box(
            module.Text, value="optimal", description="policy", continuous_update=False
        ),
        "objective": box(
            module.Text, value="flips", description="objective", continuous_update=False
        ),
        "power": choice("power", list(_POWERS)),
        "voyage_explorer": choice("explorer", [("random", "random")]),
        "uncharted": flag("Uncharted"),
        "mercator": flag("Mercator's Map"),
        "claimed": names("claimed"),
        "conquistador": choice(
            "conquistador",
            [("random", "random")],
            width="250px",
            style={"description_width": "86px"},
        ),
        "smallpox": flag("Smallpox"),
        "conquered": names("conquered"),
    }


#: The kind of value each control of these engagements takes (the widgets give them; values
#: set from code are checked before any is read, the key named).
_FLAGS = ("uncharted", "mercator", "smallpox")
_NAMES = ("claimed", "conquered")


def checked_values(values) -> dict:
    """``values``, its flags and lists of names refused in words when of the wrong kind."""
    for key in _FLAGS:
        if not isinstance(values.get(key, False), bool):
            raise OddsEngineTypeError(f"{key} must be True or False, not {shown(values[key])}")
    for key in _NAMES:
        value = values.get(key, ())
        if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
            raise OddsEngineTypeError(f"{key} must be a list of names, not {shown(value)}")
    return values


def _text(values, key: str) -> str:
    from oddsengine.faces._explore_questions import control_text

    return control_text(values, key).strip()


def _boards() -> list[str]:
    """The shipped scenarios with a religious board."""
    from oddsengine.religion.religion_scenario import shipped_boards

    return list(shipped_boards()[1:])


def offered_pairs(names) -> list[tuple[str, str]]:
    """Options of a list of choices, each shown by its own name."""
    return [(name, name) for name in names]


def _board_of(values):
    """The religious board chosen (a shipped one; the first when none is)."""
    from oddsengine.religion.religion_scenario import load_religious_board

    return load_religious_board(values.get("board") or _boards()[0])


def _sources(values, side: str | None) -> list[str]:
    """The sources of attempts of ``side`` (``"protestant"``, ``"papacy"`` or None: both)
    that the chosen board allows (its turn, reformers and debaters), as ``--source`` takes
    them, the board's default first (:func:`~oddsengine.religion.board_checks.
    legal_sources`): the explorer offers no question the command line would refuse."""
    from oddsengine.religion.board_checks import legal_sources

    return legal_sources(_board_of(values), side)


# -- a run of attempts on a board (RULES.md §19) --------------------------------------------


def attempts_offer(values) -> dict:
    """The shipped religious boards (a run needs one) and the sources of attempts the board
    chosen allows."""
    return {
        "board": offered_pairs(_boards()),
        "source": offered_pairs(_sources(values, None)),
    }


def _policy(values) -> tuple[str, tuple]:
    """The policy shown first and a given order (``order:A,B``), as ``attempts --policy``
    reads them."""
    from oddsengine.moves.board import load_board

    text = _text(values, "run_policy") or "optimal"
    if text in ("optimal", "greedy"):
        return text, ()
    if text.startswith("order:"):
        spaces = [part.strip() for part in text[len("order:") :].split(",") if part.strip()]
        if spaces:
            return "order", tuple(load_board().space(space).name for space in spaces)
    raise OddsEngineError(
        f"unknown policy {shown(text)}; use optimal, greedy or order:SPACE,SPACE..."
    )


def attempts(values, forces, cards, post_roll):
    """An :class:`~oddsengine.religion.attempt_runs.AttemptRun` of ``source`` on the chosen
    board, its optimal policy maximising ``objective``, compared with greedy (and the
    order given)."""
    checked_values(values)
    from oddsengine.religion.attempt_runs import AttemptRun
    from oddsengine.religion.religion_scenario import load_religious_board

    board = load_religious_board(values.get("board") or _boards()[0])
    headline, order = _policy(values)
    return AttemptRun(
        board,
        values.get("source") or _sources(values, None)[0],
        debater=_text(values, "bonus_debater") or None,
        objective=_text(values, "objective") or "flips",
        order=order,
        policy=headline,
    )


def attempts_words(values) -> list[str]:
    """``SCENARIO --source SOURCE``, and ``--policy``, ``--objective``, ``--debater`` when
    they are not the command's defaults."""
    words = [
        values.get("board") or _boards()[0],
        "--source",
        values.get("source") or _sources(values, None)[0],
    ]
    for key, option, default in (
        ("run_policy", "--policy", "optimal"),
        ("objective", "--objective", "flips"),
        ("bonus_debater", "--debater", ""),
    ):
        text = _text(values, key)
        if text and text != default:
            words += [option, text]
    return words


class _RunSpec:
    """What the calculator says of a run: its title and lines (first targets, expected
    flips of each policy)."""

    kind = "attempts"

    def __init__(self, answer, headline: str):
        self._answer, self._headline = answer, headline

    def title(self) -> str:
        source = self._answer.run.source
        word = "Reformation" if source.side == "protestant" else "Counter-Reformation"
        return (
            f"{source.name}: {source.attempts} {word} attempts, the {self._headline} "
            f"policy (RULES.md §19)"
        )

    def describe_lines(self) -> list[str]:
        outcomes = _outcomes(self._answer)
        lines = [
            f"{name}: expected flips {outcome.expected_flips:.4f}, first target "
            f"{outcome.first_target or '-'}"
            for name, outcome in outcomes.items()
        ]
        objective = self._answer.run.objective
        if objective != "flips":
            lines.append(f"objective of the optimal policy: {objective}")
        optimal = self._answer.optimal
        notes = [*self._answer.notes]
        notes += [note for outcome in outcomes.values() for note in outcome.notes]
        if optimal is not None:
            notes += optimal.notes
        return [*lines, *dict.fromkeys(notes)]


def _outcomes(answer) -> dict:
    return answer.outcomes()


class RunView:
    """A run's exact answer as the calculator shows a result: the chance of each number
    of flips (``p["flips:K"]``) under the policy shown first, its expected flips, and the
    distribution of each policy for the chart (``compared``).

    Attributes
    ----------
    answer : RunAnswer
    p : dict
    compared : dict of str to list of float
    """

    states: dict = {}

    def __init__(self, answer, headline: str = "optimal"):
        self.answer = answer
        outcomes = _outcomes(answer)
        shown_ = outcomes[headline]
        self.spec = _RunSpec(answer, headline)
        self.p = {f"flips:{k}": value for k, value in enumerate(shown_.flips)}
        self.outcome_names = tuple(self.p)
        self.compared = {name: list(outcome.flips) for name, outcome in outcomes.items()}
        self._expected = shown_.expected_flips

    def expected_losses(self) -> dict:
        return {}

    def expected_values(self) -> dict:
        return {"flips": {"mean": self._expected, "stderr": 0.0}}


def run_view(answer) -> RunView:
    """The :class:`RunView` of an exact answer to a run of attempts, the run's own policy
    shown first."""
    return RunView(answer, answer.run.policy)


#: The engagements the explorer offers of its own, by the kind each follows in its list:
#: the run of attempts on a board (RULES.md §19), the ``attempts`` command's question,
#: after the Reformation attempt.
FURTHER = {
    "reformation": (
        (
            "attempts",
            "Run of attempts (board)",
            "attempts",
            ExplorerEntry(
                ("(none)", "(none)"),
                ("", ""),
                (None, None),
                controls=("board", "source", "run_policy", "objective", "bonus_debater"),
                build=_HERE + "attempts",
                words=_HERE + "attempts_words",
                widgets=_HERE + "widgets",
                offer=_HERE + "attempts_offer",
                answer=_HERE + "run_view",
                chart="flips:",
            ),
        ),
    ),
}

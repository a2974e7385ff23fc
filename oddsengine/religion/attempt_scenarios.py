"""A scenario file's religious board with flat parameters: its attempts as sweep kinds.

Three kinds read the ``[religion]`` table of a scenario file (a file or a shipped one,
``religion_1517``) and take the what-ifs of the command line as parameters
(``protestant``, ``unrest``, ``reformers``: spaces added to the file's, written as one text
of names separated by commas; ``this_turn``: cards in effect this turn, added likewise;
``""`` adds nothing):

- ``reformation-scenario`` and ``counter-reformation-scenario``: one attempt on ``space``
  by ``source``, its dice counted from the board (RULES.md §17, §18), what
  ``oddsengine reformation SCENARIO --space S --source SOURCE`` answers;
- ``attempts-scenario``: a run of attempts (RULES.md §19) under one policy (``optimal``,
  ``greedy`` or ``order:SPACE,SPACE``), its objective and a committed debater, what
  ``oddsengine attempts SCENARIO --source SOURCE --policy P --objective O`` answers. A
  sweep table holds, for each scenario, the rows ``expected.flips``, ``p.flips:K``,
  ``p.protestant:SPACE`` (``p.catholic:SPACE`` for Counter-Reformation runs) and
  ``policy.first_target:SPACE`` (the space the policy aims first, with the chance that
  attempt succeeds): the names of the ``attempts`` command's JSON.

A sweep file::

    kind = "attempts-scenario"

    [fixed]
    scenario = "religion_1517"
    source = "95-theses"

    [grid]
    this_turn = ["", "printing-press"]
    policy = ["optimal", "greedy"]

A scenario the rules refuse (a space that may not be attempted, a debater not in play, an
optimal search too large to run) is a refused row with the reason, as in every sweep.

Examples
--------
>>> from oddsengine import exact
>>> attempt = ReformationScenario("religion_example", "Lübeck")
>>> round(exact(attempt).p["success"] * 15552)
10073
>>> run = AttemptsScenario("religion_example", "treatise:german", policy="greedy")
>>> run.outcome_names
('p.flips:0', 'p.flips:1', 'p.flips:2')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown
from oddsengine.scenario_answers import ScenarioAnswers, check_scenario

__all__ = ["AttemptsScenario", "CounterReformationScenario", "ReformationScenario"]

#: The what-ifs of a board: spaces (or cards) added to the scenario file's.
_WHAT_IFS = ("protestant", "unrest", "reformers", "this_turn")


def _listed(value, name) -> tuple[str, ...]:
    """Names given as a tuple or as one text separated by commas (``""`` or ``()``: none;
    an empty name among others, ``"Leipzig,"``, is refused)."""
    if isinstance(value, str):
        value = () if not value.strip() else tuple(value.split(","))
    if not isinstance(value, (tuple, list)) or not all(isinstance(item, str) for item in value):
        raise OddsEngineTypeError(f"{name} must be names separated by commas, not {shown(value)}")
    if any(not item.strip() for item in value):
        raise OddsEngineError(f"{name}: an empty name in {shown(value)}")
    return tuple(item.strip() for item in value)


def _text(value, name, default: str = "") -> str:
    if value is None:
        return default
    if not isinstance(value, str):
        raise OddsEngineTypeError(f"{name} must be text, not {shown(value)}")
    return value.strip() or default


def _checked_scenario(spec) -> None:
    check_scenario(spec.scenario)
    for name in _WHAT_IFS:
        object.__setattr__(spec, name, _listed(getattr(spec, name), name))
    from oddsengine.religion.attempt_sources import PLACARDS_ATTEMPTS
    from oddsengine.religion.cards import AFFAIR_OF_THE_PLACARDS

    placards = spec.placards_attempts
    if isinstance(placards, bool) or not isinstance(placards, int):
        raise OddsEngineTypeError(f"placards_attempts must be 3 or 4, not {shown(placards)}")
    if placards not in PLACARDS_ATTEMPTS:
        raise OddsEngineError(
            f"placards_attempts: {AFFAIR_OF_THE_PLACARDS.name} makes {PLACARDS_ATTEMPTS[0]} "
            f"attempts (§19) or {PLACARDS_ATTEMPTS[1]} (the card text), not {shown(placards)}"
        )


def _board(spec):
    """The scenario's religious board with the what-ifs added."""
    from dataclasses import replace

    from oddsengine.religion.religion_scenario import load_religious_board

    board = load_religious_board(
        spec.scenario, protestant=spec.protestant, unrest=spec.unrest, reformers=spec.reformers
    )
    if spec.this_turn:
        cards = tuple(dict.fromkeys((*board.this_turn, *spec.this_turn)))
        board = replace(board, this_turn=cards)  # the board checks the cards again
    return board


@dataclass(frozen=True)
class _BoardAttemptScenario(ScenarioAnswers):
    """One attempt on a scenario's board (RULES.md §17, §18), with flat parameters.

    Parameters
    ----------
    scenario : str
        A scenario file with a ``[religion]`` table, or a shipped one's name.
    space : str
        The target.
    source : str
        What makes the attempt (``95-theses``, ``treatise:german``, ``burn-books:german``
        ...; ``""``: the board's default, as the command line's: the 95 Theses on turn 1
        and ``treatise:german`` later for a Reformation, ``burn-books:german`` for a
        Counter-Reformation, :func:`~oddsengine.religion.board_checks.default_source`).
    debater : str
        A bonus debater committed (``""``: none).
    protestant, unrest, reformers, this_turn : str or tuple of str
        What-ifs added to the file's (``""``: none).
    placards_attempts : {3, 4}
        Affair of the Placards' attempts (§19).
    """

    scenario: str
    space: str
    source: str = ""
    debater: str = ""
    protestant: tuple[str, ...] = ()
    unrest: tuple[str, ...] = ()
    reformers: tuple[str, ...] = ()
    this_turn: tuple[str, ...] = ()
    placards_attempts: int = 3

    outcome_names = ("success", "failure")
    #: Who attempts.
    _attempting = ""

    def __post_init__(self):
        _checked_scenario(self)
        if not isinstance(self.space, str) or not self.space.strip():
            raise OddsEngineTypeError(f"space must be a space's name, not {shown(self.space)}")
        object.__setattr__(self, "source", _text(self.source, "source"))
        object.__setattr__(self, "debater", _text(self.debater, "debater"))
        self.attempt  # noqa: B018 - built now: an attempt the rules refuse is refused here

    @cached_property
    def attempt(self):
        """The :class:`~oddsengine.religion.attempts.ReformationAttempt` (or
        Counter-Reformation attempt) counted from the board, as every face counts it
        (:meth:`~oddsengine.religion.attempts.ReformationAttempt.on_board`)."""
        from oddsengine.religion.attempt_sources import attempt_source
        from oddsengine.religion.attempts import CounterReformationAttempt, ReformationAttempt

        if self.source:
            side = attempt_source(self.source, placards_attempts=self.placards_attempts).side
            if side != self._attempting:
                kind = "reformation" if side == "protestant" else "counter-reformation"
                raise OddsEngineError(
                    f"{attempt_source(self.source).name} makes {kind} attempts: sweep "
                    f"{kind}-scenario"
                )
        spec = ReformationAttempt if self._attempting == "protestant" else CounterReformationAttempt
        return spec.on_board(
            _board(self),
            self.space,
            self.source,
            placards_attempts=self.placards_attempts,
            debater=self.debater,
        )

    # What the engines and the faces read: the attempt's own (ScenarioAnswers).
    @property
    def built(self):
        return self.attempt


@dataclass(frozen=True)
class ReformationScenario(_BoardAttemptScenario):
    """A Reformation attempt on a scenario's board (RULES.md §17): the sweep kind
    ``reformation-scenario``; see :class:`_BoardAttemptScenario` for the parameters.

    Examples
    --------
    >>> attempt = ReformationScenario("religion_1517", "Magdeburg", this_turn="printing-press")
    >>> attempt.attempt.dice_rolled("protestant"), attempt.attempt.printing_press  # 3 + 1 + 1
    (5, True)
    """

    kind = "reformation-scenario"
    _attempting = "protestant"


@dataclass(frozen=True)
class CounterReformationScenario(_BoardAttemptScenario):
    """A Counter-Reformation attempt on a scenario's board (RULES.md §18): the sweep kind
    ``counter-reformation-scenario``; see :class:`_BoardAttemptScenario`.

    Examples
    --------
    >>> CounterReformationScenario("religion_example", "Wittenberg").attempt.source
    'burn-books:german'
    """

    kind = "counter-reformation-scenario"
    _attempting = "papacy"


@dataclass(frozen=True)
class AttemptsScenario:
    """A run of attempts on a scenario's board (RULES.md §19) under one policy, with flat
    parameters: the sweep kind ``attempts-scenario``.

    Parameters
    ----------
    scenario : str
        A scenario file with a ``[religion]`` table, or a shipped one's name.
    source : str
        What gives the attempts (``95-theses``, ``treatise:german``, ``carlstadt`` ...).
    policy : str
        ``optimal`` (searched exactly, the default), ``greedy`` (the best single chance
        each time) or ``order:SPACE,SPACE`` (the first listed space still eligible, then
        greedy).
    objective : str
        What the optimal policy maximises: ``flips`` (default), ``at-least:K``,
        ``space:SPACE``, ``electorates``.
    debater : str
        A bonus debater committed for the run (``""``: none).
    protestant, unrest, reformers, this_turn : str or tuple of str
        What-ifs added to the file's (``""``: none).
    placards_attempts : {3, 4}
        Affair of the Placards' attempts (§19).

    Notes
    -----
    The exact engine enumerates every outcome of the policy (the optimal one searched
    first: a run whose states surely exceed the search's limit is refused when the
    scenario is built, with the reason); the Monte Carlo plays the policy with every die
    rolled (the optimal one as searched).

    Examples
    --------
    >>> from oddsengine import exact
    >>> answer = exact(AttemptsScenario("religion_1517", "95-theses"))
    >>> answer.first_target, round(answer.expected_flips, 3)
    ('Brandenburg', 3.75)
    """

    scenario: str
    source: str
    policy: str = "optimal"
    objective: str = "flips"
    debater: str = ""
    protestant: tuple[str, ...] = ()
    unrest: tuple[str, ...] = ()
    reformers: tuple[str, ...] = ()
    this_turn: tuple[str, ...] = ()
    placards_attempts: int = 3

    kind = "attempts-scenario"
    #: It has an exact engine of its own (the policy's outcomes enumerated).
    exact_available = True

    def __post_init__(self):
        _checked_scenario(self)
        if not isinstance(self.source, str) or not self.source.strip():
            raise OddsEngineTypeError(
                f"source must be a source of attempts, not {shown(self.source)}"
            )
        object.__setattr__(self, "policy", _text(self.policy, "policy", "optimal"))
        object.__setattr__(self, "objective", _text(self.objective, "objective", "flips"))
        object.__setattr__(self, "debater", _text(self.debater, "debater"))
        run = self.run
        if run.policy == "optimal":
            from oddsengine.religion.run_model import too_large_to_search

            why = too_large_to_search(run.model, run.source.attempts)
            if why is not None:
                raise OddsEngineError(why)

    @cached_property
    def run(self):
        """The :class:`~oddsengine.religion.attempt_runs.AttemptRun` this scenario stands
        for (its ``policy`` the one played)."""
        from oddsengine.religion.attempt_runs import AttemptRun

        return AttemptRun(
            _board(self),
            self.source,
            debater=self.debater or None,
            objective=self.objective,
            placards_attempts=self.placards_attempts,
            policy=self.policy,  # order:SPACE,SPACE read by the run
        )

    @property
    def policy_name(self) -> str:
        """The policy as the answers name it (``optimal``, ``greedy``, ``order:A,B``)."""
        run = self.run
        return "order:" + ",".join(run.order) if run.policy == "order" else run.policy

    @property
    def outcome_names(self) -> tuple[str, ...]:
        """``p.flips:K`` for every K: exclusive and exhaustive."""
        return tuple(f"p.flips:{k}" for k in range(self.run.source.attempts + 1))

    @property
    def event_names(self) -> tuple[str, ...]:
        """The rows every answer holds besides the outcomes."""
        return ("expected.flips",)

    def describe(self) -> dict:
        return {"scenario": self.scenario, "policy": self.policy_name, **self.run.describe()}

    def title(self) -> str:
        source = self.run.source
        return f"{source.name}: {source.attempts} attempts, {self.policy_name} policy"

    def describe_lines(self) -> list[str]:
        return [self.title() + " (RULES.md §19)"]

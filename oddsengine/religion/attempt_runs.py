"""A run of attempts on a scenario's religious board (RULES.md §19): the optimal policy
computed exactly (the expected flips, P(k flips), the chance each space turns, the next
target after each outcome), beside "best single odds each time" and a given order; or a
fixed policy played with every die rolled.

As a question (:class:`AttemptRun`): the board, the source of the attempts, a committed
bonus debater, what the optimal policy maximises, a given order to compare and the policy
a Monte Carlo plays.

An action or event gives several attempts; the player picks each target after seeing the
earlier results, and every flip changes the eligibility and the dice of the spaces around
it (an electorate's first conversion adds its regulars, §16; Carlstadt's failures put
unrest, §17 step 7). Its exact engine searches the optimal policy over the states of the
run (:mod:`oddsengine.engines.attempt_runs_exact`), its Monte Carlo plays a fixed policy
with every die rolled (:mod:`oddsengine.engines.attempt_runs_montecarlo`); both are
reached through :func:`oddsengine.exact` and :func:`oddsengine.simulate`.

Examples
--------
>>> from oddsengine import exact
>>> from oddsengine.religion.religious_board import religion_1517_board
>>> answer = exact(AttemptRun(religion_1517_board(), "95-theses"))
>>> answer.optimal.first_target, round(answer.optimal.expected_flips, 3)
('Brandenburg', 3.75)
>>> round(answer.greedy.expected_flips, 3) <= round(answer.optimal.expected_flips, 3)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from oddsengine.declaration import option
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown
from oddsengine.religion.attempt_sources import (
    PLACARDS_ATTEMPTS,
    SOURCE_NAMES,
    AttemptSource,
    attempt_source,
)
from oddsengine.religion.cards import AFFAIR_OF_THE_PLACARDS
from oddsengine.religion.religion_scenario import RELIGIOUS_BOARD_REQUIRED
from oddsengine.religion.religious_board import ReligiousBoard
from oddsengine.religion.run_model import RunModel

__all__ = ["OBJECTIVES", "POLICIES", "MAX_DEPTH", "AttemptRun", "split_policy"]

#: What the optimal policy maximises (default ``flips``: the expected number of flips).
OBJECTIVES = ("flips", "at-least:K", "space:SPACE", "electorates")
#: The policies: ``optimal`` (searched exactly), ``greedy`` (the best single chance each
#: time), ``order`` (the first space of the run's order still eligible, then greedy).
POLICIES = ("optimal", "greedy", "order")
#: How deep a policy tree may be shown (attempts after the first).
MAX_DEPTH = 12


def split_policy(text) -> tuple[str, tuple[str, ...]]:
    """A policy as the command line writes it (``optimal``, ``greedy`` or a standing order
    ``order:SPACE,SPACE``) as (policy, order).

    Examples
    --------
    >>> split_policy("order:Mainz, Trier")
    ('order', ('Mainz', 'Trier'))
    """
    if not isinstance(text, str):
        raise OddsEngineTypeError(f"policy must be a policy's name, not {shown(text)}")
    text = text.strip()
    if text in POLICIES:
        return text, ()
    if text.startswith("order:"):
        spaces = tuple(part.strip() for part in text[len("order:") :].split(",") if part.strip())
        if spaces:
            return "order", spaces
        raise OddsEngineError("policy order: names its spaces: order:SPACE,SPACE")
    raise OddsEngineError(
        f"unknown policy {shown(text)}; use optimal, greedy or order:SPACE,SPACE..."
    )


@dataclass(frozen=True)
class AttemptRun:
    """A run of attempts on the board (RULES.md §19).

    Parameters
    ----------
    board : ReligiousBoard
    source : str or AttemptSource
        ``95-theses``, ``treatise:german``, ``carlstadt`` ... (:func:`attempt_source`),
        checked against the board: its turn, the reformer it needs, the debaters it
        commits (:func:`~oddsengine.religion.board_checks.why_source_not_on`).
    debater : str or None
        A bonus debater committed for the run (Bucer, Cop, Contarini, Faber ...): his die
        goes to every qualifying attempt (23.9).
    objective : str
        What the optimal policy maximises: ``flips`` (the expected number, the default),
        ``at-least:K`` (the chance of K flips or more), ``space:S`` (the chance that S
        turns), ``electorates`` (the expected electorates turned). One the run cannot
        give is refused, naming why: a space outside the religious struggle, of the
        attempting side already or out of every attempt's reach; more flips than the
        attempts, or than the spaces they can reach.
    order : sequence of str
        A standing order to compare: each attempt takes the first listed space still
        eligible, and the best single chance (as ``greedy``) whenever none is. Any space
        of the board may be listed (only an unknown name, or one listed twice, is
        refused); one that no attempt can reach is passed over (:attr:`unused_order`),
        and the answer's notes say which, and what the run did instead.
    placards_attempts : {3, 4}
        Affair of the Placards' attempts (a rule option, §19).
    policy : {"optimal", "greedy", "order"} or str
        The policy a Monte Carlo plays and the exact answer is about (it gives all of them;
        a fixed one needs no search, so the optimal one is left out when its search would
        be too large); ``"order:SPACE,SPACE"`` is the order policy with its order.
    depth : int
        How deep the answer's policy tree is shown (0..12 attempts; the answer holds it
        whole). Not part of the question: runs that differ only in it are equal, and draw
        the same numbers.

    Its inputs are declared on its fields (:mod:`oddsengine.declaration`): the command
    line's ``attempts SCENARIO --source ...`` and the explorer's run of attempts are built
    from them, on the board of a scenario (:meth:`on_board`).
    """

    board: ReligiousBoard
    source: object = option(
        "what gives the attempts, one the board allows (its turn, reformers, debaters): "
        + ", ".join(SOURCE_NAMES),
        rule="§19",
        value="choice",
        required=True,
        metavar="SOURCE",
        offer="sources_offered",
    )
    debater: str | None = option(
        "a bonus debater committed for the run (his die where it applies: Bucer, Cop, "
        "Contarini, Faber ...)",
        rule="§19, 23.9",
        value="choice",
        default=None,
        metavar="NAME",
        offer="debaters_offered",
    )
    objective: str = option(
        "what the optimal policy maximises: at-least:K (the chance of K flips or more), "
        "space:SPACE (the chance it turns), or the expected number of spaces or of "
        "electorates turned, one of",
        rule="§19",
        value="choice",
        choices=("flips", "electorates"),
        typed=True,
        default="flips",
        metavar="OBJECTIVE",
        offer="objectives_offered",
        exact_only=True,
    )
    order: tuple = ()
    placards_attempts: int = option(
        f"{AFFAIR_OF_THE_PLACARDS.name}' attempts: {PLACARDS_ATTEMPTS[0]} as RULES.md §19 "
        f"gives them, {PLACARDS_ATTEMPTS[1]} as the card text does",
        rule="§19",
        default=3,
        low=3,
        high=4,
        label="placards",
    )
    policy: str = option(
        "the policy shown first, the others compared beside it: greedy plays the best "
        "single odds each time, order:SPACE,SPACE is a standing order (the first listed "
        "space still eligible, else greedy's choice; the notes name the spaces it could not "
        "use); one of",
        rule="§19",
        value="choice",
        choices=("optimal", "greedy"),
        typed=True,
        default="optimal",
        metavar="POLICY",
    )
    depth: int = option(
        "how deep the policy tree is shown (attempts)",
        default=3,
        low=0,
        high=MAX_DEPTH,
        exact_only=True,
        compare=False,
    )

    kind = "attempts"
    #: Its answer is summed in floats over the search's states: no exact fractions.
    fractions_available = False
    #: A run is asked on a scenario's board (RULES.md §16): the scenario is required.
    scenario_board = RELIGIOUS_BOARD_REQUIRED

    def __post_init__(self):
        if not isinstance(self.board, ReligiousBoard):
            raise OddsEngineTypeError(f"board must be a ReligiousBoard, not {shown(self.board)}")
        if isinstance(self.policy, str) and self.policy.strip().startswith("order:"):
            policy, order = split_policy(self.policy)
            if self.order:
                raise OddsEngineError(
                    "give the order once: in the policy (order:SPACE,SPACE) or as order"
                )
            object.__setattr__(self, "policy", policy)
            object.__setattr__(self, "order", order)
        if isinstance(self.depth, bool) or not isinstance(self.depth, int):
            raise OddsEngineTypeError(f"depth must be a whole number, not {shown(self.depth)}")
        if not 0 <= self.depth <= MAX_DEPTH:
            raise OddsEngineError(f"depth must be 0..{MAX_DEPTH}, not {self.depth}")
        source = self.source
        if not isinstance(source, AttemptSource):
            source = attempt_source(source, placards_attempts=self.placards_attempts)
        elif (
            isinstance(self.placards_attempts, bool)
            or self.placards_attempts not in PLACARDS_ATTEMPTS
        ):
            raise OddsEngineError(
                f"placards_attempts is 3 or 4, not {shown(self.placards_attempts)}"
            )
        object.__setattr__(self, "source", source)
        from oddsengine.religion.board_checks import why_source_not_on

        why = why_source_not_on(self.board, source)
        if why is not None:
            raise OddsEngineError(why)
        if self.debater is not None and (
            not isinstance(self.debater, str) or not self.debater.strip()
        ):
            raise OddsEngineTypeError(
                f"debater must be a debater's name (None: no debater), not {shown(self.debater)}"
            )
        object.__setattr__(self, "objective", _checked_objective(self.objective))
        object.__setattr__(self, "order", _checked_order(self.order))
        if not isinstance(self.policy, str) or self.policy not in POLICIES:
            split_policy(self.policy)  # refused, in the words of the policies it takes
        if self.policy == "order" and not self.order:
            raise OddsEngineError("the policy 'order' needs an order of spaces")
        _ = self.bonus  # refuse a debater who cannot give his bonus now
        why = _why_not_objective(self)
        if why is not None:
            raise OddsEngineError(f"objective {self.objective}: {why}")

    @classmethod
    def on_board(cls, board, source, **inputs) -> AttemptRun:
        """The run of ``source`` on ``board`` with the other inputs (``policy`` as the
        command line writes it: ``order:SPACE,SPACE`` too), as every face builds it."""
        return cls(board, source, **inputs)

    def ignored_options(self) -> dict:
        """The inputs given that this run would not read, with why."""
        if self.source.name.startswith(AFFAIR_OF_THE_PLACARDS.slug):
            return {}
        return {"placards_attempts": f"is for --source {AFFAIR_OF_THE_PLACARDS.slug} only"}

    # -- what the explorer offers, given the other inputs -------------------------------

    @staticmethod
    def _board_of(values):
        from oddsengine.religion.religion_scenario import load_religious_board, shipped_boards

        return load_religious_board(values.get("scenario") or shipped_boards()[0])

    @classmethod
    def _source_of(cls, values, board):
        from oddsengine.religion.board_checks import legal_sources

        return values.get("source") or legal_sources(board)[0]

    @classmethod
    def sources_offered(cls, values) -> list[str]:
        """The sources of attempts the chosen board allows, its default first."""
        from oddsengine.religion.board_checks import legal_sources

        return legal_sources(cls._board_of(values))

    @classmethod
    def debaters_offered(cls, values) -> list[str]:
        """The debaters whose bonus adds a die to the chosen source's attempts on the board
        (in play, uncommitted; 19, 23.9)."""
        from oddsengine.religion.records import religion_facts

        board = cls._board_of(values)
        source = attempt_source(cls._source_of(values, board))
        offered = []
        for debater in religion_facts().debaters.values():
            try:
                _debater_bonus(board, source, debater.name)
            except OddsEngineError:
                continue
            offered.append(debater.name)
        return offered

    @classmethod
    def objectives_offered(cls, values) -> list[str]:
        """What the optimal policy may maximise on the board: the flips, the electorates,
        at least K flips for each K the run can reach, and each space it can turn."""
        board = cls._board_of(values)
        run = cls(board, cls._source_of(values, board))
        model = run.model
        reach = sorted(
            model.names[index]
            for index in model.reach(run.source.attempts)
            if model.allowed & model.bit[model.names[index]]
        )
        side = "protestant" if run.source.side == "protestant" else "catholic"
        spaces = [name for name in reach if board.influence(name) not in (side, "none")]
        most = min(run.source.attempts, len(reach))
        return [
            "flips",
            "electorates",
            *(f"at-least:{k}" for k in range(1, most + 1)),
            *(f"space:{name}" for name in spaces),
        ]

    # -- the question in words ----------------------------------------------------------

    def title(self) -> str:
        """The run in one line: its source, its attempts, their zone and dice."""
        source = self.source
        kind = "Reformation" if source.side == "protestant" else "Counter-Reformation"
        zones = "all zones" if len(source.target_zones) == 5 else "/".join(source.target_zones)
        extras = []
        if source.bonus_dice:
            extras.append(f"+{source.bonus_dice} die each")
        if source.modifier:
            extras.append(f"+{source.modifier} on each Protestant die in the zone")
        if source.unrest_on_failure:
            extras.append("a failure puts unrest on its target")
        return (
            f"{source.name}: {source.attempts} {kind} attempts, target zone {zones}"
            + (f" ({'; '.join(extras)})" if extras else "")
            + " (RULES.md §19)"
        )

    def describe_lines(self) -> list[str]:
        """What the optimal policy maximises, in words."""
        return [
            f"Objective of the optimal policy: {self.objective}"
            + (" (the expected number of spaces turned)" if self.objective == "flips" else "")
        ]

    @cached_property
    def unused_order(self) -> tuple[tuple[str, str], ...]:
        """The spaces of :attr:`order` that no attempt of the run can ever target, each
        with the reason: ``((space, reason), ...)``. A standing order passes over them
        (and takes the best single chance whenever no listed space is eligible)."""
        model, source, board = self.model, self.source, self.board
        reach = model.reach(source.attempts)
        side = "Protestant" if source.side == "protestant" else "Catholic"
        found = []
        for name in self.order:
            index = model.index.get(name)
            if index is None:
                reason = f"{name} is a sea zone: only land spaces hold religious influence (16)"
            elif board.influence(name) == "none":
                reason = f"{name} is an Ottoman home space: it never converts (16)"
            elif not model.allowed & model.bit[name]:
                reason = f"{name} is outside what {source.name} may target (§19)"
            elif board.influence(name) == side.lower():
                reason = f"{name} is {side} already"
            elif index not in reach:
                reason = (
                    f"{name} is not eligible, nor within reach of {source.attempts} attempts of "
                    f"{source.name}"
                )
            else:
                continue
            found.append((name, reason))
        return tuple(found)

    def describe(self) -> dict:
        """The run as plain data, for JSON output."""
        return {
            "source": self.source.describe(),
            "debater": self.debater,
            "objective": self.objective,
            "order": list(self.order),
            "board": {
                "protestant": list(self.board.protestant),
                "unrest": list(self.board.unrest),
                "turn": self.board.turn,
            },
        }

    @cached_property
    def bonus(self) -> dict:
        """The committed debater's bonus: the spaces it applies to and its dice."""
        if self.debater is None:
            return {}
        return _debater_bonus(self.board, self.source, self.debater)

    @cached_property
    def model(self) -> RunModel:
        """The run's board as bit masks (:class:`~oddsengine.religion.run_model.RunModel`)."""
        return RunModel(self.board, self.source, self.bonus)


def _checked_order(order) -> tuple[str, ...]:
    """A run's order: spaces of the board, each once (a standing order: one no attempt can
    reach is passed over, said in the notes; only a name that is no space is refused)."""
    from oddsengine.moves.board import load_board
    from oddsengine.religion.board_fields import each_once

    return each_once(
        (order,) if isinstance(order, str) else order,
        "order",
        lambda name: load_board().space(name).name,
        a_list="a list of spaces",
        a_name="a space is a name",
    )


def _why_not_objective(run) -> str | None:
    """Why the run's objective asks what the run cannot give (a space it can never turn,
    more flips than the spaces it can reach), or None."""
    objective, source, model = run.objective, run.source, run.model
    if objective.startswith("at-least:"):
        wanted = int(objective[len("at-least:") :])
        if wanted > source.attempts:
            return (
                f"the {source.attempts} attempts of {source.name} turn at most "
                f"{source.attempts} spaces (23.6: no space is targeted twice)"
            )
        reach = len(model.reach(source.attempts))
        if wanted > reach:
            if not reach:
                return (
                    f"the {source.attempts} attempts of {source.name} can reach no space on "
                    "this board: no flip is possible"
                )
            return (
                f"the {source.attempts} attempts of {source.name} can reach only {reach} "
                f"space{'s' if reach != 1 else ''} on this board: ask for at most {reach}"
            )
        return None
    if not objective.startswith("space:"):
        return None
    name = objective[len("space:") :]
    side = "protestant" if source.side == "protestant" else "catholic"
    if run.board.influence(name) == "none":
        why = f"{name} is an Ottoman home space, outside the religious struggle (16)"
    elif run.board.influence(name) == side:
        why = f"{name} is {side.capitalize()} already: the run cannot turn it"
    elif model.index[name] not in model.reach(source.attempts):
        why = (
            f"{name} is out of reach of the {source.attempts} attempts of {source.name} "
            "(no attempt can target it)"
        )
    else:
        return None
    return f"{why}; name a space the run can turn"


def _checked_objective(objective) -> str:
    if not isinstance(objective, str):
        raise OddsEngineTypeError(f"objective must be a name, not {shown(objective)}")
    text = objective.strip().lower()
    if text in ("flips", "electorates"):
        return text
    kind, _, argument = text.partition(":")
    if kind == "at-least":
        if not argument.isdigit() or not 1 <= int(argument) <= 30:
            raise OddsEngineError(f"objective at-least:K needs K in 1..30, not {shown(argument)}")
        return f"at-least:{int(argument)}"
    if kind == "space":
        from oddsengine.moves.board import load_board

        space = load_board().space(objective.strip().partition(":")[2].strip())
        if space.is_sea:
            raise OddsEngineError(f"objective: {space.name} is a sea zone")
        return f"space:{space.name}"
    raise OddsEngineError(
        f"unknown objective {shown(objective)}; use one of {', '.join(OBJECTIVES)}"
    )


def _debater_bonus(board: ReligiousBoard, source: AttemptSource, name: str) -> dict:
    """The spaces a committed bonus debater's die applies to, and its dice (19, 23.9), as
    his bonus's record says (:mod:`oddsengine.religion.debater_bonuses`)."""
    from oddsengine.moves.board import load_board
    from oddsengine.religion.debater_bonuses import bonus_of
    from oddsengine.religion.records import religion_facts

    facts = religion_facts()
    try:
        debater = facts.debater(name)
    except KeyError:
        raise OddsEngineError(f"unknown debater {shown(name)}") from None
    bonus = bonus_of(debater.name)
    wanted = "reformation" if source.side == "protestant" else "counter-reformation"
    if bonus.attempt_kind != wanted:
        raise OddsEngineError(
            f"{debater.name}'s bonus does not add a die to "
            + ("Reformation" if source.side == "protestant" else "Counter-Reformation")
            + f" attempts ({debater.bonus})"
        )
    if debater.name in board.committed:
        raise OddsEngineError(f"{debater.name} is committed already: his bonus is spent")
    why = board.why_not_in_play(debater.name)
    if why is not None:
        raise OddsEngineError(f"{debater.name} is not in play on turn {board.turn}: he {why}")
    if source.english_bonuses_only and debater.zone != "english":
        raise OddsEngineError(
            f"the English treatise takes English debaters' bonuses only, not {debater.name}'s"
        )
    spaces = _bonus_spaces(board, bonus)
    model_bits = 0
    names = [space.name for space in load_board() if space.is_land]
    for i, space in enumerate(names):
        if space in spaces:
            model_bits |= 1 << i
    return {"mask": model_bits, "dice": bonus.attempt_dice, "debater": debater.name}


def _bonus_spaces(board: ReligiousBoard, bonus) -> set:
    """The targets a bonus debater's die goes to (19, 23.9: within 2 spaces counts every
    land connection): around a space or a leader, a power's home spaces, the electorates."""
    from oddsengine.moves.board import load_board
    from oddsengine.religion.records import religion_facts

    if bonus.within_two_of:
        return set(board.within(bonus.within_two_of, 2))
    if bonus.within_two_of_leader:
        where = board.where_is(bonus.within_two_of_leader)
        if where is None:
            raise OddsEngineError(
                f"{bonus.debater}'s bonus counts from {bonus.within_two_of_leader}, who is not "
                "on the map"
            )
        return set(board.within(where, 2))
    if bonus.home_spaces_of:
        homes = set(bonus.home_spaces_of)
        return {s.name for s in load_board() if s.is_land and set(s.home_powers) & homes}
    if bonus.electorates:
        return set(religion_facts().electorates)
    raise OddsEngineError(f"{bonus.debater}'s bonus is not modelled")  # pragma: no cover

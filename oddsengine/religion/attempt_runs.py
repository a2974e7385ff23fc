"""A run of attempts on the board (RULES.md §19), as a question: the board, the source of
the attempts, a committed bonus debater, what the optimal policy maximises, a given order
to compare and the policy a Monte Carlo plays.

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

from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown
from oddsengine.religion.attempt_sources import AttemptSource, attempt_source
from oddsengine.religion.religious_board import ReligiousBoard
from oddsengine.religion.run_model import RunModel

__all__ = ["OBJECTIVES", "POLICIES", "AttemptRun"]

#: What the optimal policy maximises (default ``flips``: the expected number of flips).
OBJECTIVES = ("flips", "at-least:K", "space:SPACE", "electorates")
#: The policies: ``optimal`` (searched exactly), ``greedy`` (the best single chance each
#: time), ``order`` (the first space of the run's order still eligible, then greedy).
POLICIES = ("optimal", "greedy", "order")

#: 19: the debater bonuses that add a die to attempts, as (centre, distance) or home
#: powers, and the dice (Faber: +2 against an electorate).
_WITHIN_TWO = {
    "Bucer": "Strasburg",
    "Zwingli": "Zürich",
    "Oekolampadius": "Basel",
    "Farel": "Geneva",
    "Cop": "Paris",
    "Cranmer": "London",
    "Canisius": "Regensburg",
}
_HOMES = {"Latimer": ("england",), "Wishart": ("scotland",), "Knox": ("england", "scotland")}


@dataclass(frozen=True)
class AttemptRun:
    """A run of attempts on the board (RULES.md §19).

    Parameters
    ----------
    board : ReligiousBoard
    source : str or AttemptSource
        ``95-theses``, ``treatise:german``, ``carlstadt`` ... (:func:`attempt_source`).
    debater : str or None
        A bonus debater committed for the run (Bucer, Cop, Contarini, Faber ...): his die
        goes to every qualifying attempt (23.9).
    objective : str
        What the optimal policy maximises: ``flips`` (the expected number, the default),
        ``at-least:K`` (the chance of K flips or more), ``space:S`` (the chance that S
        turns), ``electorates`` (the expected electorates turned).
    order : sequence of str
        A given order to compare: each attempt takes the first listed space still
        eligible, and "best single odds" once none is.
    placards_attempts : {3, 4}
        Affair of the Placards' attempts (a rule option, §19).
    policy : {"optimal", "greedy", "order"}
        The policy a Monte Carlo plays and the exact answer is about (it gives all of them;
        a fixed one needs no search, so the optimal one is left out when its search would
        be too large).
    """

    board: ReligiousBoard
    source: object
    debater: str | None = None
    objective: str = "flips"
    order: tuple = ()
    placards_attempts: int = 3
    policy: str = "optimal"

    def __post_init__(self):
        if not isinstance(self.board, ReligiousBoard):
            raise OddsEngineTypeError(f"board must be a ReligiousBoard, not {shown(self.board)}")
        source = self.source
        if not isinstance(source, AttemptSource):
            source = attempt_source(source, placards_attempts=self.placards_attempts)
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "objective", _checked_objective(self.objective))
        order = (self.order,) if isinstance(self.order, str) else tuple(self.order)
        from oddsengine.moves.board import load_board

        names = []
        for name in order:
            space = load_board().space(name)
            if space.is_sea:
                raise OddsEngineError(f"order: {space.name} is a sea zone")
            if space.name in names:
                raise OddsEngineError(f"order: {space.name} is listed twice")
            names.append(space.name)
        object.__setattr__(self, "order", tuple(names))
        if self.policy not in POLICIES:
            raise OddsEngineError(
                f"unknown policy {shown(self.policy)}; use one of {', '.join(POLICIES)}"
            )
        if self.policy == "order" and not names:
            raise OddsEngineError("the policy 'order' needs an order of spaces")
        _ = self.bonus  # refuse a debater who cannot give his bonus now
        objective = self.objective
        if objective.startswith("at-least:") and int(objective[9:]) > source.attempts:
            raise OddsEngineError(
                f"objective {objective}: the {source.attempts} attempts of {source.name} "
                f"turn at most {source.attempts} spaces (23.6: no space is targeted twice)"
            )
        if names and not set(names) - set(self.never_targeted):
            raise OddsEngineError(
                "order: no space listed can be targeted by this run ("
                + "; ".join(
                    f"{name}: not within reach of {source.attempts} attempts" for name in names
                )
                + "): list a space it may target"
            )

    @cached_property
    def never_targeted(self) -> tuple[str, ...]:
        """The spaces of :attr:`order` no attempt of the run can ever target (not eligible,
        and not within reach of its attempts: :meth:`RunModel.reach`); a standing order
        passes over them."""
        model = self.model
        reach = model.reach(self.source.attempts)
        return tuple(name for name in self.order if model.index[name] not in reach)

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


def _checked_objective(objective) -> str:
    if not isinstance(objective, str):
        raise OddsEngineError(f"objective must be a name, not {shown(objective)}")
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
    """The spaces a committed bonus debater's die applies to (19, 23.9)."""
    from oddsengine.moves.board import load_board
    from oddsengine.religion.records import religion_facts

    facts = religion_facts()
    try:
        debater = facts.debater(name)
    except KeyError:
        raise OddsEngineError(f"unknown debater {shown(name)}") from None
    wanted = "reformation_die" if source.side == "protestant" else "counter_reformation_die"
    if debater.bonus_use != wanted:
        raise OddsEngineError(
            f"{debater.name}'s bonus does not add a die to "
            + ("Reformation" if source.side == "protestant" else "Counter-Reformation")
            + f" attempts ({debater.bonus})"
        )
    if debater.name in board.committed:
        raise OddsEngineError(f"{debater.name} is committed already: his bonus is spent")
    in_play = (
        debater.in_play(board.turn)
        if debater.entry_turn is not None
        else ("Cranmer" in dict(board.reformers))
    )
    if not in_play:
        raise OddsEngineError(f"{debater.name} is not in play on turn {board.turn}")
    if source.english_bonuses_only and debater.zone != "english":
        raise OddsEngineError(
            f"the English treatise takes English debaters' bonuses only, not {debater.name}'s"
        )
    board_spaces = [space for space in load_board() if space.is_land]
    dice = 1
    if debater.name in _WITHIN_TWO:
        spaces = board.within(_WITHIN_TWO[debater.name], 2)
    elif debater.name in _HOMES:
        homes = _HOMES[debater.name]
        spaces = {s.name for s in board_spaces if set(s.home_powers) & set(homes)}
    elif debater.name == "Contarini":
        where = board.where_is("Charles V")
        if where is None:
            raise OddsEngineError("Contarini's bonus counts from Charles V, who is not on the map")
        spaces = board.within(where, 2)
    elif debater.name == "Faber":
        spaces, dice = set(facts.electorates), 2  # +2 dice against an electorate
    else:  # pragma: no cover - every die-giving debater of the data is listed above
        raise OddsEngineError(f"{debater.name}'s bonus is not modelled")
    model_bits = 0
    names = [space.name for space in board_spaces]
    for i, space in enumerate(names):
        if space in spaces:
            model_bits |= 1 << i
    return {"mask": model_bits, "dice": dice, "debater": debater.name}

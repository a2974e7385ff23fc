"""One attempt on the board (RULES.md §17, §18): the dice each side rolls counted from the
map, with where every die comes from, the tie side, the modifier and the exact chance.

Examples
--------
>>> from oddsengine.religion.religion_scenario import load_religious_board
>>> attempt = board_attempt(load_religious_board("religion_example"), "Magdeburg", "95-theses")
>>> attempt.protestant_dice, attempt.papal_dice, attempt.ties
(6, 3, 'protestant')
>>> attempt.success_fraction
Fraction(8377769, 10077696)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from oddsengine.errors import OddsEngineError
from oddsengine.religion.attempt_odds import success_chance
from oddsengine.religion.attempt_runs import AttemptRun
from oddsengine.religion.cards import fields_played
from oddsengine.religion.religious_board import MINIMUM_DIE_REASON, DieSource

__all__ = ["BoardAttempt", "board_attempt", "board_attempt_spec"]


@dataclass(frozen=True)
class BoardAttempt:
    """An attempt on one space of the board, its dice and its chance."""

    target: str
    source: str
    attempting: str
    protestant_dice: int
    papal_dice: int
    ties: str
    modifier: int
    in_target_zone: bool
    sources: tuple[DieSource, ...]
    #: The board's own dice (before the bonus dice and the minimum of 1), as
    #: :meth:`ReligiousBoard.attempt_dice` counts them.
    board_sources: tuple[DieSource, ...]
    success: float
    success_fraction: Fraction


def board_attempt(board, target: str, source, *, debater: str | None = None) -> BoardAttempt:
    """The attempt ``source`` makes on ``target`` now.

    Parameters
    ----------
    board : ReligiousBoard
    target : str
    source : str or AttemptSource
        ``95-theses``, ``treatise:german``, ``burn-books:german`` ...
    debater : str, optional
        A bonus debater committed (his die where it applies).

    Raises
    ------
    OddsEngineError
        A target the source may not attempt now, with the reason (not adjacent, already
        Protestant, targeted already this impulse, outside the source's zone).
    """
    return _attempt_of(board, target, AttemptRun(board, source, debater=debater))


def _attempt_of(board, target: str, run) -> BoardAttempt:
    """The attempt of ``run``'s source on ``target`` (the run's model read once)."""
    from oddsengine.moves.board import load_board

    model, source = run.model, run.source
    name = load_board().space(target).name
    why = board.why_not_target(name, source.side)
    if why is None and not model.allowed & model.bit[name]:
        why = (
            f"{name} is outside what {source.name} may target ("
            + (
                ", ".join(source.only_spaces)
                if source.only_spaces
                else f"the {'/'.join(source.target_zones)} zone"
            )
            + ", §19)"
        )
    if why is not None:
        raise OddsEngineError(f"{name} cannot be targeted by {source.name}: {why}")
    index = model.index[name]
    p, protestant_dice, papal_dice, ties = model.chance(index, 0, 0)
    counted = board.attempt_dice(name, source.side)
    board_sources = tuple(die for die in counted.sources if die.reason != MINIMUM_DIE_REASON)
    sources = list(counted.sources)
    side = "protestant" if source.side == "protestant" else "papal"
    if source.bonus_dice:
        sources.append(DieSource(side, source.bonus_dice, f"{source.name}: +1 die an attempt"))
    for card, dice in model.turn_dice:
        sources.append(DieSource(side, dice, f"{card.name} played this turn"))
    if model.bonus_mask & model.bit[name]:
        sources.append(DieSource(side, model.bonus_dice, f"{run.bonus['debater']}'s bonus"))
    in_zone = bool(model.in_zone & model.bit[name])
    modifier = model.modifier_at(index)
    if source.side == "protestant":
        exact = success_chance(
            "protestant", protestant_dice, papal_dice, ties, modifier, fraction=True
        )
    else:
        exact = success_chance("papacy", papal_dice, protestant_dice, ties, modifier, fraction=True)
    return BoardAttempt(
        name,
        source.name,
        source.side,
        protestant_dice,
        papal_dice,
        ties,
        modifier,
        in_zone,
        tuple(sources),
        board_sources,
        p,
        exact,
    )


def board_attempt_spec(
    board, target: str, source, *, debater: str | None = None, default_source: bool = False
):
    """The :class:`~oddsengine.religion.attempts.ReformationAttempt` (or
    :class:`~oddsengine.religion.attempts.CounterReformationAttempt`) of ``source`` on
    ``target``, its dice counted from the board with their sources (left-out neighbours as
    sources of 0 dice), its tie side, modifier and bonus dice from the board and the source:
    what both engines answer, in every output format. ``default_source`` marks a source
    taken by default, not named (:func:`~oddsengine.religion.board_checks.default_source`):
    the output says so.

    Examples
    --------
    >>> from oddsengine import exact
    >>> from oddsengine.religion.religion_scenario import load_religious_board
    >>> spec = board_attempt_spec(load_religious_board("religion_example"), "Lübeck",
    ...                           "95-theses")
    >>> spec.dice_rolled("protestant"), spec.dice_rolled("papal"), spec.ties
    (3, 3, 'protestant')
    >>> round(exact(spec).p["success"] * 15552)
    10073
    """
    from oddsengine.religion.attempts import CounterReformationAttempt, ReformationAttempt

    run = AttemptRun(board, source, debater=debater)
    model = run.model
    attempt = _attempt_of(board, target, run)
    sources = [(die.side, die.dice, die.reason) for die in attempt.board_sources]
    counted = {
        side: sum(dice for its, dice, _ in sources if its == side)
        for side in ("protestant", "papal")
    }
    applies = bool(debater) and bool(model.bonus_mask & model.bit[attempt.target])
    common = dict(
        protestant_dice=counted["protestant"],
        papal_dice=counted["papal"],
        ties=attempt.ties,
        dice_sources=tuple(sources),
        target=attempt.target,
        source=run.source.name,
        default_source=default_source,
        debater=run.bonus["debater"] if applies else "",
    )
    # 17 step 3, 18: the cards in effect, as the spec's fields: those of the board's turn
    # and the source's own card (the 95 Theses' die, Printing Press's).
    own = run.source.card or run.source.name
    kind = "reformation" if run.source.side == "protestant" else "counter-reformation"
    played = fields_played(kind, (*board.this_turn, own))
    if run.source.side == "protestant":
        return ReformationAttempt(modifier=attempt.modifier, **played, **common)
    return CounterReformationAttempt(**played, **common)

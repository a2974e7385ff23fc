"""The choices a theological debate's inputs leave each other (RULES.md §20, 23.11): the
debaters in play in its zone at its turn who may attack, defend, be committed or be
barred, and the cards that may be played in it. The explorer offers them
(:attr:`Option.offer <oddsengine.declaration.Option>` of
:class:`~oddsengine.religion.debate.Debate`'s fields), so that it asks no question the
rules refuse.

Each function takes the debate's other inputs by option name (``zone``, ``initiator``,
``turn``, ``committed``, ``cards``...; a ``scenario`` names a board, whose turn and
committed debaters count) and returns the choices, the input's default first.

Examples
--------
>>> attackers({"zone": "german", "initiator": "papacy", "turn": 1})
('random', 'Eck', 'Campeggio', 'Aleander', 'Tetzel', 'Cajetan')
>>> cards({"zone": "german", "initiator": "protestant", "turn": 1})
('here-i-stand',)
"""

from __future__ import annotations

from oddsengine.religion.debate_inputs import DEBATE_CARDS
from oddsengine.religion.records import religion_facts

__all__ = ["attackers", "defenders", "committed", "in_play", "cards", "bars"]


def _setting(values: dict) -> tuple[str, bool, int, set]:
    """The zone, whether the Papacy initiates, the turn and the debaters committed (the
    board's and those named)."""
    from oddsengine.religion.religion_scenario import board_of_inputs

    board = board_of_inputs(values)
    turn = board.turn if board is not None else int(values.get("turn") or 1)
    committed = {*(board.committed if board is not None else ()), *values.get("committed", ())}
    return values.get("zone") or "german", values.get("initiator") == "papacy", turn, committed


def _pools(zone: str, turn: int) -> dict:
    """20 step 2: the debaters in play in the zone, by side (the Papal debaters debate in
    every zone)."""
    pools = {"papal": [], "protestant": []}
    for debater in religion_facts().debaters.values():
        if debater.in_play(turn) and debater.zone in (zone, "any"):
            pools[debater.side].append(debater.name)
    return pools


def _sides(values: dict) -> tuple[list, list, set]:
    """The initiator's debaters in play, the other side's, and the committed."""
    zone, papal, turn, committed = _setting(values)
    pools = _pools(zone, turn)
    own, other = ("papal", "protestant") if papal else ("protestant", "papal")
    return pools[own], pools[other], committed


def attackers(values: dict) -> tuple[str, ...]:
    """``random`` and the initiator's uncommitted debaters in play (20 step 2: an attacker
    is uncommitted)."""
    own, _, committed = _sides(values)
    return ("random", *(name for name in own if name not in committed))


def defenders(values: dict) -> tuple[str, ...]:
    """``best``, the pools of the other side that hold a debater (``committed``,
    ``uncommitted``; 20 step 3) and its debaters in play."""
    _, other, committed = _sides(values)
    pools = [
        pool
        for pool, held in (("committed", True), ("uncommitted", False))
        if any((name in committed) == held for name in other)
    ]
    return ("best", *pools, *other)


def committed(values: dict) -> tuple[str, ...]:
    """The debaters in play in the zone who may be named committed: both sides', less
    those the board commits already (named once)."""
    from oddsengine.religion.religion_scenario import board_of_inputs

    zone, _, turn, _ = _setting(values)
    board = board_of_inputs(values)
    on_board = set(board.committed) if board is not None else set()
    pools = _pools(zone, turn)
    return tuple(name for name in (*pools["papal"], *pools["protestant"]) if name not in on_board)


def in_play(values: dict) -> tuple[str, ...]:
    """Every debater who may be in play by the turn: those entered by it, and those whose
    entry depends on play (Cranmer's group)."""
    _, _, turn, _ = _setting(values)
    return tuple(
        debater.name
        for debater in religion_facts().debaters.values()
        if debater.entry_turn is None or debater.entry_turn <= turn
    )


def cards(values: dict) -> tuple[str, ...]:
    """The debate cards that may be played here (RULES.md §20): the Papal events call it
    (the Papacy initiates), Papal Inquisition commits an uncommitted Caraffa in play, and
    Here I Stand puts Luther, in play, in a German debate (20 step 3)."""
    zone, papal, turn, committed = _setting(values)
    pools = _pools(zone, turn)
    offered = []
    for card in DEBATE_CARDS:
        if card == "here-i-stand":
            if zone == "german" and "Luther" in pools["protestant"]:
                offered.append(card)
        elif papal and (
            card != "papal-inquisition"
            or ("Caraffa" in pools["papal"] and "Caraffa" not in committed)
        ):
            offered.append(card)
    return tuple(offered)


def bars(values: dict) -> tuple[str, ...]:
    """None, or a Protestant debater of the zone in play whom Leipzig Debate bars (20 step
    3)."""
    zone, _, turn, _ = _setting(values)
    return ("", *_pools(zone, turn)["protestant"])

"""The fields of a :class:`~oddsengine.religion.religious_board.ReligiousBoard`, each
checked and spelt as the board keeps it (RULES.md §16): spaces of the map (land, each
once), the reformers and their spaces, the rulers, the turn, the cards in effect, the
Electorate display, the committed debaters. What the fields say of each other (a
committed debater in play, a Protestant electorate off the display) is
:func:`~oddsengine.religion.board_checks.check_board`.

Examples
--------
>>> land_spaces(["wittenberg", "Brandenburg"], "protestant")
('Wittenberg', 'Brandenburg')
>>> choice_of("Mary I", ("henry-viii", "mary-i"), "English ruler")
'mary-i'
"""

from __future__ import annotations

from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown

__all__ = ["checked_fields", "land_spaces", "choice_of"]


def land_spaces(values, what: str) -> tuple[str, ...]:
    """Land spaces of the map, each once, in the map's spelling; ``what`` names the list."""
    from oddsengine.moves.board import load_board

    if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
        raise OddsEngineTypeError(f"{what} must be a list of spaces, not {shown(values)}")
    board, names = load_board(), []
    for value in values:
        if not isinstance(value, str):
            raise OddsEngineTypeError(f"{what}: a space is a name in quotes, not {shown(value)}")
        space = board.space(value)
        if space.is_sea:
            raise OddsEngineError(f"{what}: {space.name} is a sea zone, not a land space")
        if space.name in names:
            raise OddsEngineError(f"{what}: {space.name} is listed twice")
        names.append(space.name)
    return tuple(names)


def _sequence(values, what: str) -> tuple:
    """``values`` as a tuple, refused in words when it is no list (a text, a number)."""
    if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
        raise OddsEngineTypeError(f"{what} must be a list, not {shown(values)}")
    return tuple(values)


def choice_of(value, allowed: tuple[str, ...], what: str) -> str:
    """One of ``allowed``, written in any case, with spaces or underscores for hyphens."""
    text = (
        value.strip().lower().replace(" ", "-").replace("_", "-")
        if isinstance(value, str)
        else value
    )
    if not isinstance(text, str) or text not in allowed:
        raise OddsEngineError(f"unknown {what} {shown(value)}; use one of {', '.join(allowed)}")
    return text


def _reformers(value) -> tuple[tuple[str, str], ...]:
    """The reformers on the map as sorted ``(reformer, space)`` pairs (a board is
    hashable), from a mapping or pairs."""
    from oddsengine.religion.religious_board import REFORMERS

    reformers = value
    if isinstance(reformers, tuple | list) and all(
        isinstance(pair, tuple | list) and len(pair) == 2 for pair in reformers
    ):
        reformers = dict(reformers)
    if not isinstance(reformers, dict):
        raise OddsEngineTypeError(
            f"reformers must map a reformer to his space, not {shown(reformers)}"
        )
    lower = tuple(reformer.lower() for reformer in REFORMERS)
    placed = {}
    for name, space in reformers.items():
        reformer = REFORMERS[lower.index(choice_of(name, lower, "reformer"))]
        if reformer in placed:
            raise OddsEngineError(f"reformers: {reformer} is named twice")
        (where,) = land_spaces([space], f"reformers.{reformer}")
        placed[reformer] = where
    return tuple(sorted(placed.items()))


def checked_fields(board) -> dict:
    """The board's fields, checked one by one, as the board keeps them."""
    from oddsengine.moves.situation import Stack
    from oddsengine.religion.board_checks import committed_debaters
    from oddsengine.religion.records import LAST_TURN, religion_facts
    from oddsengine.religion.religious_board import (
        ENGLAND_RULERS,
        PAPAL_RULERS,
        THIS_TURN_CARDS,
    )

    facts = religion_facts()
    protestant = land_spaces(board.protestant, "protestant")
    for name in protestant:
        if name in facts.never_convert:
            raise OddsEngineError(
                f"protestant: {name} is an Ottoman home space: it never converts (16)"
            )
    universities = land_spaces(board.universities, "universities")
    for name in universities:
        # 16: a university is founded on a Catholic space and stays when the space turns
        # Protestant (it makes that space a Counter-Reformation target, 18); only a space
        # that never converts can hold none.
        if name in facts.never_convert:
            raise OddsEngineError(
                f"universities: {name} is an Ottoman home space: it never converts, and "
                "holds no Jesuit university (16)"
            )
    turn = board.turn
    if not isinstance(turn, int) or isinstance(turn, bool) or not 1 <= turn <= LAST_TURN:
        raise OddsEngineError(f"turn must be a whole number 1..{LAST_TURN}, not {shown(turn)}")
    this_turn = tuple(
        choice_of(card, THIS_TURN_CARDS, "card in effect this turn")
        for card in _sequence(board.this_turn, "this_turn")
    )
    if len(set(this_turn)) != len(this_turn):
        raise OddsEngineError("this_turn: a card is listed twice")
    display = land_spaces(board.electorate_display, "electorate_display")
    for name in display:
        if name not in facts.electorate_regulars:
            raise OddsEngineError(
                f"electorate_display: {name} is not an electorate; the electorates are "
                + ", ".join(facts.electorates)
            )
    if not isinstance(board.schmalkaldic_league, bool):
        raise OddsEngineTypeError(
            f"schmalkaldic_league must be True or False, not {shown(board.schmalkaldic_league)}"
        )
    stacks = _sequence(board.stacks, "stacks")
    for stack in stacks:
        if not isinstance(stack, Stack):
            raise OddsEngineTypeError(f"stacks must be Stack instances, not {shown(stack)}")
    return {
        "protestant": tuple(sorted(protestant)),
        "unrest": land_spaces(board.unrest, "unrest"),
        "universities": universities,
        "reformers": _reformers(board.reformers),
        "stacks": stacks,
        "england_ruler": choice_of(board.england_ruler, ENGLAND_RULERS, "English ruler"),
        "papal_ruler": choice_of(board.papal_ruler, PAPAL_RULERS, "Papal ruler"),
        "this_turn": this_turn,
        "electorate_display": display,
        "targeted": land_spaces(board.targeted, "targeted"),
        "committed": committed_debaters(board.committed),
    }

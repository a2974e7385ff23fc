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

A list of names, each once, is read by :func:`each_once` wherever a field or an option
holds one (the board's lists, a debate's debaters, a run's standing order).
"""

from __future__ import annotations

from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown

__all__ = ["checked_fields", "each_once", "land_spaces", "choice_of"]


def each_once(
    values,
    what: str,
    spelt,
    *,
    a_list: str = "a list of names",
    a_name: str = "a name is text",
    twice: str = "is listed twice",
    error=OddsEngineError,
    type_error=OddsEngineTypeError,
) -> tuple[str, ...]:
    """The names a list gives, each as ``spelt`` spells it, each once: a value that is no
    list, an item that is no text and a name given twice are refused, each refusal naming
    ``what`` (and the name given twice).

    Parameters
    ----------
    values : iterable of str
    what : str
        The field or the option the list fills.
    spelt : callable
        ``spelt(value)``: the name as the records or the map spell it (refusing an
        unknown one in its own words).
    a_list, a_name, twice : str
        The words of the refusals: what the list must be, what one of its items must be,
        what a name given twice is.
    error, type_error : type
        What a name given twice raises, and what a value of the wrong type raises.

    Examples
    --------
    >>> each_once(["eck", "Carlstadt"], "committed", str.title)
    ('Eck', 'Carlstadt')
    >>> each_once(["eck", "Eck"], "committed", str.title, twice="is named twice")
    Traceback (most recent call last):
    ...
    oddsengine.errors.OddsEngineError: committed: Eck is named twice
    """
    if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
        raise type_error(f"{what} must be {a_list}, not {shown(values)}")
    names = []
    for value in values:
        if not isinstance(value, str):
            raise type_error(f"{what}: {a_name}, not {shown(value)}")
        name = spelt(value)
        if name in names:
            raise error(f"{what}: {name} {twice}")
        names.append(name)
    return tuple(names)


def land_spaces(values, what: str) -> tuple[str, ...]:
    """Land spaces of the map, each once, in the map's spelling; ``what`` names the list."""
    from oddsengine.moves.board import load_board

    board = load_board()

    def land(value: str) -> str:
        space = board.space(value)
        if space.is_sea:
            raise OddsEngineError(f"{what}: {space.name} is a sea zone, not a land space")
        return space.name

    return each_once(
        values, what, land, a_list="a list of spaces", a_name="a space is a name in quotes"
    )


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

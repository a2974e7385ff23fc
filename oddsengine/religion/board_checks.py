"""What the religious board says a question may name (RULES.md §16-§21): the one place
where a debater, a source of attempts and an objective are checked against the board's
turn, reformers, committed debaters and spaces, for every face (the command line, Python,
sweeps and the explorer read these checks, through the specs that call them).

- A debater is in play once his entry turn has come (debaters.csv); Cranmer's group
  (Cranmer, Coverdale, Latimer) enters with Cranmer on the map.
- A board's committed debaters are each named once and in play; a Protestant electorate
  has no regulars left on the Electorate display (16, 23.7: they arrive on its first
  conversion), unless the Schmalkaldic League has been played.
- A source of attempts is played on its turn (the 95 Theses on turn 1), with the reformer
  it needs on the map (the English treatise: Cranmer), and the debaters it commits
  (Carlstadt, Calvin, Cajetan, Caraffa, Marburg Colloquy's two) in play and uncommitted.

Examples
--------
>>> from oddsengine.religion.religious_board import religion_1517_board
>>> from oddsengine.religion.attempt_sources import attempt_source
>>> board = religion_1517_board()
>>> why_source_not_on(board, attempt_source("calvin"))
'calvin commits Calvin, who enters on turn 4 (the board is at turn 1): he gives no attempts yet'
>>> default_source(board, "protestant"), default_source(board.converted("Mainz"), "papacy")
('95-theses', 'burn-books:german')
>>> [name for name in legal_sources(board, "protestant")][:3]
['95-theses', 'treatise:german', 'treatise:french']
"""

from __future__ import annotations

from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown

__all__ = [
    "check_board",
    "committed_debaters",
    "why_not_in_play",
    "why_ruler_not_yet",
    "why_source_not_on",
    "default_source",
    "legal_sources",
]

#: RULES.md §26: the first turn each of Henry VIII's heirs may rule England (the heirs'
#: cards enter the deck on turn 6; Elizabeth I not before turn 7).
_FIRST_TURN_OF_RULER = {"edward-vi": 6, "mary-i": 6, "elizabeth-i": 7}

#: The reformer whose arrival brings the debaters of variable entry (Cranmer's group, 8.2).
_VARIABLE_ENTRY_WITH = "Cranmer"


def _board(board):
    from oddsengine.religion.religious_board import ReligiousBoard

    if not isinstance(board, ReligiousBoard):
        raise OddsEngineTypeError(f"board must be a ReligiousBoard, not {shown(board)}")
    return board


def _facts():
    from oddsengine.religion.records import religion_facts

    return religion_facts()


def committed_debaters(values) -> tuple[str, ...]:
    """The debaters of a board's ``committed`` list, spelt as the records spell them;
    an unknown name or one listed twice is refused."""
    from oddsengine.religion.board_fields import each_once

    facts = _facts()
    return each_once(
        values,
        "committed",
        lambda value: facts.named_debater(value, "committed").name,
        a_list="a list of debaters",
        a_name="a debater is a name",
        twice="is listed twice (a debater is committed once)",
    )


def why_not_in_play(board, debater: str) -> str | None:
    """Why the debater named is not in play on ``board``, or None when he is: his entry
    turn is after the board's (debaters.csv), or he enters with Cranmer, who is not on
    the map (the turn after Henry VIII marries Anne Boleyn, 8.2)."""
    _board(board)
    if not isinstance(debater, str):
        raise OddsEngineTypeError(f"a debater is a name, not {shown(debater)}")
    facts = _facts()
    record = facts.named_debater(debater)
    if record.entry_turn is None:
        if _VARIABLE_ENTRY_WITH in dict(board.reformers):
            return None
        if record.name == _VARIABLE_ENTRY_WITH:  # the debater enters as the reformer
            return "is not on the map (add him to the reformers)"
        return "enters with Cranmer, who is not on the map (add him to the reformers)"
    if record.entry_turn > board.turn:
        return f"enters on turn {record.entry_turn} (the board is at turn {board.turn})"
    return None


def why_ruler_not_yet(england_ruler: str, turn: int) -> str | None:
    """Why ``england_ruler`` cannot rule England on ``turn``, or None when he or she may
    (RULES.md §26: Henry VIII rules until an heir's card, played from turn 6; Elizabeth I
    not before turn 7).

    >>> why_ruler_not_yet("mary-i", 3)
    'mary-i rules from turn 6 at the earliest (§26), not on turn 3'
    """
    first = _FIRST_TURN_OF_RULER.get(england_ruler, 1)
    if turn < first:
        return f"{england_ruler} rules from turn {first} at the earliest (§26), not on turn {turn}"
    return None


def check_board(board) -> None:
    """Refuse a board whose fields contradict each other: a committed debater not in play
    (20: only a debater in play is ever committed), a Protestant electorate whose regulars
    are still on the Electorate display before the Schmalkaldic League (16, 23.7: they are
    placed on its first conversion)."""
    for name in board.committed:
        why = why_not_in_play(board, name)
        if why is not None:
            raise OddsEngineError(f"committed: {name} is not in play: he {why}")
    why = why_ruler_not_yet(board.england_ruler, board.turn)
    if why is not None:
        raise OddsEngineError(f"england_ruler: {why}")
    if board.schmalkaldic_league:
        return
    for name in board.electorate_display:
        if name in board.protestant:
            raise OddsEngineError(
                f"electorate_display: {name} is Protestant, so its regulars left the display "
                f"on its first conversion (16): take {name} off the display (a what-if "
                "--protestant places them)"
            )


def why_source_not_on(board, source) -> str | None:
    """Why ``source`` (an :class:`~oddsengine.religion.attempt_sources.AttemptSource`)
    cannot give its attempts on ``board``, or None when it can (RULES.md §19): its turn,
    the reformer it needs, the debaters it commits (in play, not committed already)."""
    from oddsengine.religion.attempt_sources import AttemptSource

    _board(board)
    if not isinstance(source, AttemptSource):
        raise OddsEngineTypeError(f"source must be an AttemptSource, not {shown(source)}")
    if source.turn is not None and board.turn != source.turn:
        return (
            f"{source.name} is played on turn {source.turn} only (§19), and the board is at "
            f"turn {board.turn}: name another source ({default_source(board, source.side)})"
        )
    if source.reformer and source.reformer not in dict(board.reformers):
        placed = ", ".join(name for name, _ in board.reformers) or "none"
        return (
            f"{source.name} needs {source.reformer} on the map (§19); the board's reformers: "
            f"{placed} (add him with --reformer {source.reformer}, or [religion] reformers)"
        )
    for name in source.debaters:
        # A debater's own attempts, or a card's that commits him (Book of Common Prayer
        # needs Cranmer uncommitted, §28.1).
        cannot = "the card cannot be played yet" if source.card else "he gives no attempts yet"
        spent = "the card needs him uncommitted" if source.card else "his bonus is spent"
        why = why_not_in_play(board, name)
        if why is not None:
            return f"{source.name} commits {name}, who {why}: {cannot}"
        if name in board.committed:
            return (
                f"{source.name} commits {name}, who is committed already ({spent}): take him "
                "off the board's committed debaters to ask it"
            )
    return None


def default_source(board, side: str) -> str:
    """The source of one attempt when none is named (``reformation`` and
    ``counter-reformation`` with a scenario, their sweep kinds): for the Protestant the
    95 Theses on turn 1, a Publish Treatise in the German zone after it; for the Papacy
    Burn Books in the German zone. Each is legal on every board of its turn."""
    _board(board)
    if side not in ("protestant", "papacy"):
        raise OddsEngineError(f"side is 'protestant' or 'papacy', not {shown(side)}")
    if side == "papacy":
        return "burn-books:german"
    from oddsengine.religion.cards import NINETY_FIVE_THESES

    return NINETY_FIVE_THESES.slug if board.turn == 1 else "treatise:german"


def legal_sources(board, side: str | None = None) -> list[str]:
    """Every source of attempts the command line names that ``board`` allows, of ``side``
    (``"protestant"``, ``"papacy"`` or None: both), each zone of a zoned source written
    out (``treatise:german``), the default first: what the explorer offers. Marburg
    Colloquy is offered with each pair of German debaters it may commit."""
    from oddsengine.religion.attempt_sources import attempt_source, source_texts

    _board(board)
    if side not in (None, "protestant", "papacy"):
        raise OddsEngineError(f"side is 'protestant', 'papacy' or None, not {shown(side)}")
    offered = []
    for text in source_texts(board):
        source = attempt_source(text)
        if side in (None, source.side) and why_source_not_on(board, source) is None:
            offered.append(text)
    first = [default_source(board, each) for each in ("protestant", "papacy")]
    return sorted(offered, key=lambda text: first.index(text) if text in first else 2)

"""The cards that change a land combat (RULES.md §8) and how they are named."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from .errors import OddsEngineError, shown

__all__ = ["Card", "CARDS", "find_card", "parse_cards"]


@dataclass(frozen=True)
class Card:
    """A card of the deck that changes a land combat.

    Parameters
    ----------
    number : int
        The card number.
    name : str
        The printed title.
    timing : str
        ``"combat"`` (declared in steps 4-5 of a combat), ``"response"`` (played in
        another power's action), ``"post-roll"`` (after seeing both rolls) or ``"event"``.

    Examples
    --------
    >>> find_card("tercios")
    Card(number=30, name='Tercios', timing='combat')
    >>> find_card("35").slug
    'siege-artillery'
    """

    number: int
    name: str
    timing: str

    @property
    def slug(self) -> str:
        """The card's name as written on the command line and in JSON keys."""
        return re.sub(r"[^a-z0-9]+", "-", self.name.lower()).strip("-")

    def __str__(self) -> str:
        return f"{self.name} (card #{self.number})"


CARDS: dict[str, Card] = {
    card.slug: card
    for card in (
        Card(1, "Janissaries", "post-roll"),
        Card(24, "Arquebusiers", "combat"),
        Card(25, "Field Artillery", "combat"),
        Card(26, "Mercenaries Bribed", "combat"),
        Card(27, "Mercenaries Grow Restless", "response"),
        Card(28, "Siege Mining", "combat"),
        Card(29, "Surprise Attack", "combat"),
        Card(30, "Tercios", "combat"),
        Card(31, "Foul Weather", "response"),
        Card(32, "Gout", "response"),
        Card(33, "Landsknechts", "response"),
        Card(35, "Siege Artillery", "post-roll"),
        Card(36, "Swiss Mercenaries", "response"),
        Card(42, "Roxelana", "event"),
        Card(105, "Treachery!", "event"),
    )
}

_BY_NUMBER = {card.number: card for card in CARDS.values()}


def find_card(name: str | int | Card) -> Card:
    """Return the card called ``name`` (a title, a slug such as ``field-artillery``, or a
    card number such as ``25`` or ``#25``).

    Raises
    ------
    OddsEngineError
        If no land-combat card has that name or number.
    """
    if isinstance(name, Card):
        return name
    if isinstance(name, bool) or not isinstance(name, (str, int)):
        raise OddsEngineError(f"a card is a name or a number, not {shown(name)}")
    text = name.strip().lower().lstrip("#") if isinstance(name, str) else None
    if isinstance(name, int) or (text.isascii() and text.isdigit()):
        # Card numbers have at most three digits: a longer number is not converted.
        number = name if isinstance(name, int) else int(text) if len(text) <= 4 else None
        card = _BY_NUMBER.get(number)
        if card is None:
            small = number is not None and abs(number) < 10**4
            written = f"#{number}" if small else f"number {shown(name)}"
            raise OddsEngineError(
                f"card {written} does not change a land combat; known cards: "
                + ", ".join(f"#{known}" for known in sorted(_BY_NUMBER))
            )
        return card
    slug = re.sub(r"[^a-z0-9]+", "-", text).strip("-")
    card = CARDS.get(slug)
    if card is None:
        close = difflib.get_close_matches(slug, list(CARDS), n=2, cutoff=0.6)
        hint = f"; did you mean {' or '.join(close)}?" if close else ""
        raise OddsEngineError(f"unknown card {shown(name)}{hint}")
    return card


def parse_cards(text: str | None) -> tuple[Card, ...]:
    """Read a comma-separated list of cards (``"tercios,field-artillery"`` or ``"30,25"``).

    Examples
    --------
    >>> [card.number for card in parse_cards("tercios, 25")]
    [30, 25]
    """
    if text is None or not str(text).strip():
        return ()
    cards = tuple(find_card(part) for part in str(text).split(",") if part.strip())
    seen = set()
    for card in cards:
        if card in seen:
            raise OddsEngineError(f"{card} is listed twice")
        seen.add(card)
    return cards

"""A card of the deck as every card record names it: its number and printed title, written
``"Title (card #N)"``. The combat cards (:class:`~oddsengine.combat.card_types.Card`), the
cards whose events roll dice (:class:`~oddsengine.card_rolls.records.CardRollRecord`) and
the religious cards (:class:`~oddsengine.religion.record_types.ReligiousCard`) start from it.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["DeckCard"]


@dataclass(frozen=True)
class DeckCard:
    """A card of the deck.

    Parameters
    ----------
    number : int
        The card number.
    name : str
        The printed title.

    Examples
    --------
    >>> str(DeckCard(30, "Tercios"))
    'Tercios (card #30)'
    """

    number: int
    name: str

    def __str__(self) -> str:
        return f"{self.name} (card #{self.number})"

"""The odds book's contents: its pages in their order, the kinds each covers, and why the
book gives no page to the other kinds it ships.

This is the book's own layout, in the book's layer: the registry of kinds
(:mod:`oddsengine.kinds`) says what a kind is, not where the book shows it. A kind
registered from outside the package may name pages of its own in its record
(:attr:`Kind.book_pages <oddsengine.kinds.Kind>`); a kind ``oddsengine table`` offers that
no page covers gets a generic page of its odds table
(:func:`~oddsengine.faces.book._pages.odds_table_page`).

Examples
--------
>>> [page.build.__name__ for page in CONTENTS][:4]
['assaults', 'battles', 'rolls', 'sieges']
>>> covering("intercept").build.__name__
'rolls'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from oddsengine.faces.book._card_roll_pages import card_rolls
from oddsengine.faces.book._debate_pages import debates
from oddsengine.faces.book._england_pages import heirs
from oddsengine.faces.book._new_world_pages import diet, voyages
from oddsengine.faces.book._pages import assaults, battles, cards, needed, rolls, sieges
from oddsengine.faces.book._religion_board_pages import theses_opening
from oddsengine.faces.book._religion_pages import attempts
from oddsengine.faces.book._sack_and_riches_pages import sack_and_riches
from oddsengine.faces.book._sea_pages import foreign_wars, naval, piracy

__all__ = ["BookPage", "CONTENTS", "WITHOUT_PAGE", "covering"]


@dataclass(frozen=True)
class BookPage:
    """One page of the book: its builder and the kinds it covers.

    Parameters
    ----------
    build : callable
        ``build(version, quick)`` returns the page
        (:class:`~oddsengine.faces.book._pages.Page`).
    kinds : tuple of str
        The registered kinds the page answers; empty for a page across kinds (the card
        values, the units needed).
    """

    build: Callable
    kinds: tuple[str, ...] = ()


#: The book's pages, in the order of its contents: page N is at place N among the pages
#: a kind from outside names (:attr:`Kind.book_pages <oddsengine.kinds.Kind>`).
CONTENTS: tuple[BookPage, ...] = (
    # Part I: land combat (rules 13-15).
    BookPage(assaults, ("assault",)),
    BookPage(battles, ("battle",)),
    BookPage(rolls, ("intercept", "avoid")),
    BookPage(sieges, ("siege-campaign",)),
    BookPage(cards),  # the combat cards, in battles and assaults
    BookPage(needed),  # the units needed, in battles and assaults
    # Part II: at sea and abroad (rules 16, 21.7).
    BookPage(naval, ("naval",)),
    BookPage(piracy, ("piracy",)),
    BookPage(foreign_wars, ("foreign-war",)),
    # Part III: the religious struggle and the New World (RULES.md §16-§23).
    BookPage(attempts, ("reformation", "counter-reformation")),
    BookPage(debates, ("debate",)),
    BookPage(diet, ("diet",)),
    BookPage(voyages, ("voyage", "conquest")),
    BookPage(theses_opening, ("attempts", "attempts-scenario")),
    # Part IV: Henry VIII's heirs and England under Mary I (RULES.md §24-§27, §29).
    BookPage(heirs, ("heirs", "mary-i")),
    # Part IV, the card rolls (RULES.md §28): the card events, then the Sack of Rome and
    # the New World riches.
    BookPage(
        card_rolls,
        (
            "rough-wooing",
            "chateaux",
            "michelangelo",
            "council-of-trent",
            "city-state-rebels",
            "andrea-doria",
            "book-of-common-prayer",
            "threat-to-power",
            "fountain-of-youth",
        ),
    ),
    BookPage(sack_and_riches, ("sack-of-rome", "riches", "riches-turn")),
)

#: The kinds the package ships that no page covers, and why.
WITHOUT_PAGE: dict[str, str] = {
    "naval-intercept": "one roll of 2d6 + the best naval battle rating, 9 or more (rule "
    "16.1): the sum the interception page gives by rating",
    "naval-avoid": "one roll of 2d6 + the best naval battle rating, 9 or more (rule 16.1): "
    "the sum the interception page gives by rating",
    "move": "a move played out depends on a scenario's map, stacks and policies: a "
    "question, not a table of odds",
    "naval-move": "a naval move played out depends on a scenario's sea zones and fleets: a "
    "question, not a table of odds",
    "naval-move-scenario": "a scenario file's naval move swept: a scenario's question",
    "reformation-scenario": "a scenario's Reformation attempt is one cell of the attempts "
    "page, by its dice",
    "counter-reformation-scenario": "a scenario's Counter-Reformation attempt is one cell "
    "of the attempts page, by its dice",
    "voyages": "a turn's explorations depend on which explorers each power sends; the New "
    "World page gives each voyage",
}


def covering(kind: str) -> BookPage | None:
    """The page of :data:`CONTENTS` that covers the kind called ``kind``, or None."""
    return next((page for page in CONTENTS if kind in page.kinds), None)

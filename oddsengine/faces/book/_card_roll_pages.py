"""The odds book's page of the card rolls (RULES.md §28.1-§28.6, §28.9-§28.11, with the
readings §30.13, §30.17 and §30.18): what a player asks of each card whose event rolls dice,
each answer computed with the exact engine and shown with its exact fraction where it is a
short one (see ``_pages`` for the page type). Its sections are built by
``_card_contest_sections`` and ``_card_dice_sections``, in their words
(``_card_roll_words``). A card is named, numbered and dated by its
record (:mod:`oddsengine.card_rolls.records`, read from its spec's ``record``), never here.
The riches and the card that sacks Rome have their own page (``_sack_and_riches_pages``).
"""

from __future__ import annotations

from oddsengine.faces.book._card_contest_sections import chateaux, council_of_trent, rough_wooing
from oddsengine.faces.book._card_dice_sections import (
    andrea_doria,
    book_of_common_prayer,
    city_state_rebels,
    michelangelo,
    one_die,
)
from oddsengine.faces.book._html import on_page_html
from oddsengine.faces.book._pages import Page

#: The page's file name: its sections' links name it.
SLUG = "card-rolls"


def card_rolls(version: str, quick: bool) -> Page:
    """The page of the card rolls of RULES.md §28 (the riches and the card that sacks Rome
    apart).

    The quick book has the same page: its figures take a fraction of a second.
    """
    from oddsengine.card_rolls.contests import Chateaux, RoughWooing
    from oddsengine.card_rolls.council_of_trent import CouncilOfTrent
    from oddsengine.card_rolls.die_events import (
        BookOfCommonPrayer,
        FountainOfYouth,
        Michelangelo,
        ThreatToPower,
    )
    from oddsengine.card_rolls.hit_events import AndreaDoria, CityStateRebels

    # Each section: the cards it answers (their specs, which name their records) and its
    # builder, in the order a player asks.
    sections = (
        ((RoughWooing,), rough_wooing),
        ((Chateaux,), chateaux),
        ((Michelangelo,), michelangelo),
        ((CouncilOfTrent,), council_of_trent),
        ((CityStateRebels,), city_state_rebels),
        ((AndreaDoria,), andrea_doria),
        ((BookOfCommonPrayer,), book_of_common_prayer),
        ((ThreatToPower, FountainOfYouth), one_die),
    )
    names = [spec.record.name for specs, _ in sections for spec in specs]
    page = Page(
        SLUG,
        "The card rolls",
        "Card rolls",
        "What each card that rolls dice gives: " + ", ".join(names) + ".",
        [
            "Each section is one card: what its event rolls, as RULES.md §28 states it, "
            "then its table. A chance is shown as a percentage; where it is a short "
            "fraction, the column 'exact' gives that fraction too.",
            "Every figure is computed exactly from the dice, none by simulation. Darker "
            "cells are likelier. A card's conditions (its entry turn, Edward VI born, "
            "Francis I ruling...) are taken as met.",
        ],
    )
    links = [
        (specs[0].record.slug, ", ".join(spec.record.name for spec in specs))
        for specs, _ in sections
    ]
    page.body.append(on_page_html(SLUG, links))
    for specs, build in sections:
        build(page, version, *(spec.record for spec in specs))
    return page

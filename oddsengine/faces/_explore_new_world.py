"""The explorer's engagements of voyages of exploration and conquests (RULES.md §22): each
kind's :class:`~oddsengine.kinds.ExplorerEntry` names its builder, its
command-line words and, for a voyage and a conquest, the choices offered given the power
(its explorers, its conquistadors or conquest markers) here; their controls are made with
the religious struggle's (:func:`oddsengine.faces._explore_religion.widgets`).
"""

from __future__ import annotations

from oddsengine.faces._explore_religion import checked_values, offered_pairs

__all__ = [
    "conquest",
    "conquest_offer",
    "conquest_words",
    "voyage",
    "voyage_offer",
    "voyage_words",
]

# -- voyages and conquests (RULES.md §22) ----------------------------------------------------


def voyage_offer(values) -> dict:
    """The explorers of the power (random: drawn from its pool) and the discoveries that
    may be claimed already."""
    from oddsengine.religion.new_world import discoveries
    from oddsengine.religion.records import religion_facts

    power = values.get("power") or "hapsburg"
    explorers = religion_facts().explorers_of(power, pool_only=False)
    return {
        "voyage_explorer": offered_pairs(["random", *(each.name for each in explorers)]),
        "claimed": offered_pairs(claim.slug for claim in discoveries()),
    }


def voyage(values, forces, cards, post_roll):
    """A :class:`~oddsengine.religion.voyage.Voyage` of the power's explorer."""
    checked_values(values)
    from oddsengine.religion.voyage import Voyage

    return Voyage(
        values.get("power") or "hapsburg",
        values.get("voyage_explorer") or "random",
        uncharted=bool(values.get("uncharted")),
        mercator=bool(values.get("mercator")),
        claimed=tuple(values.get("claimed", ())),
    )


def voyage_words(values) -> list[str]:
    """``--power --explorer``, and ``--uncharted``, ``--mercator``, ``--claimed``."""
    words = [
        "--power",
        values.get("power") or "hapsburg",
        "--explorer",
        values.get("voyage_explorer") or "random",
    ]
    words += ["--uncharted"] if values.get("uncharted") else []
    words += ["--mercator"] if values.get("mercator") else []
    claimed = values.get("claimed", ())
    return [*words, "--claimed", ",".join(claimed)] if claimed else words


def conquest_offer(values) -> dict:
    """The power's conquistadors (England's and France's markers) and the conquests that
    may be made already."""
    from oddsengine.religion.new_world import conquests
    from oddsengine.religion.records import religion_facts

    power = values.get("power") or "hapsburg"
    pool = religion_facts().conquistadors_of(power)
    return {
        "conquistador": offered_pairs(["random", *(each.name for each in pool)]),
        "conquered": offered_pairs(claim.slug for claim in conquests()),
    }


def conquest(values, forces, cards, post_roll):
    """A :class:`~oddsengine.religion.voyage.Conquest` of the power's conquistador."""
    checked_values(values)
    from oddsengine.religion.voyage import Conquest

    return Conquest(
        values.get("power") or "hapsburg",
        values.get("conquistador") or "random",
        smallpox=bool(values.get("smallpox")),
        claimed=tuple(values.get("conquered", ())),
    )


def conquest_words(values) -> list[str]:
    """``--power --conquistador``, and ``--smallpox``, ``--claimed``."""
    words = [
        "--power",
        values.get("power") or "hapsburg",
        "--conquistador",
        values.get("conquistador") or "random",
    ]
    words += ["--smallpox"] if values.get("smallpox") else []
    conquered = values.get("conquered", ())
    return [*words, "--claimed", ",".join(conquered)] if conquered else words

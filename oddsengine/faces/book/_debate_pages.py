"""The odds book's page of theological debates (RULES.md §20): each Papal attacker against
each Protestant defender of a zone, committed and uncommitted, computed with the exact
engine through the public API (see ``_pages`` for the page type)."""

from __future__ import annotations

from oddsengine.faces.book._html import caption_html, table_html
from oddsengine.faces.book._pages import EXACT, Page

#: The turn of the full page: every debater of fixed entry is in play (Gardiner enters on
#: turn 7); the quick page is turn 1's German zone.
FULL_TURN, QUICK_TURN = 9, 1


def debates(version: str, quick: bool) -> Page:
    import pandas as pd

    import oddsengine as oe
    from oddsengine.religion.debate import Debate
    from oddsengine.religion.records import religion_facts

    page = Page(
        "debates",
        "Theological debates",
        "Debates",
        "The chance the Papacy wins a debate it calls, by Papal attacker and Protestant "
        "defender, in each zone.",
        [
            "Rows are the Papal attacker (value + 3 dice, Eck and Gardiner +1 in their "
            "debates), columns the Protestant defender of the zone (value + 2 dice "
            "uncommitted, + 1 committed); the cell is the chance the Papacy wins the "
            "debate, its second round included: on a tie both sides draw at random from "
            "their uncommitted debaters (RULES.md §23.10), nobody else being committed.",
            "Every debater of the turn named in the caption is in play; no card is played; "
            "Aleander's extra flip and Campeggio's die change the flips and the result "
            "as their bonuses say.",
        ],
    )
    facts = religion_facts()
    turn = QUICK_TURN if quick else FULL_TURN
    zones = ("german",) if quick else ("german", "french", "english")
    papal = [d.name for d in facts.debaters_of("papal") if d.in_play(turn)]
    rules = "Here I Stand 18.5 (theological debates; RULES.md §20)"
    for zone in zones:
        defenders = [d.name for d in facts.debaters_of("protestant")
                     if d.zone == zone and d.in_play(turn)]
        for status in ("uncommitted", "committed"):
            values = {
                defender: [
                    oe.exact(Debate(zone, "papacy", turn=turn, attacker=attacker,
                                    defender=defender,
                                    committed=defender if status == "committed" else ()))
                    .p["papal_wins"]
                    for attacker in papal
                ]
                for defender in defenders
            }
            frame = pd.DataFrame(values, index=papal)
            page.body.append(
                table_html(
                    frame,
                    caption_html(
                        f"Chance the Papacy wins a debate in the {zone.title()} zone, turn "
                        f"{turn}, against a {status} defender",
                        rules, EXACT, version,
                    ),
                    corner="attacker \\ defender",
                )
            )
    return page

"""The odds book's page of theological debates (RULES.md §20): each Papal attacker against
each Protestant defender of a zone, committed and uncommitted, computed with the exact
engine through the public API (see ``_pages`` for the page type)."""

from __future__ import annotations

from oddsengine.faces.book._pages import EXACT, Page, book_page

#: The turn of the full page: every debater of fixed entry is in play (Gardiner enters on
#: turn 7); the quick page is turn 1's German zone.
FULL_TURN, QUICK_TURN = 9, 1
_ARTICLE = {"uncommitted": "an", "committed": "a"}


@book_page(
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
def debates(page: Page, version: str, quick: bool) -> None:
    import pandas as pd

    import oddsengine as oe
    from oddsengine.religion.debate import Debate
    from oddsengine.religion.records import religion_facts

    facts = religion_facts()
    turn = QUICK_TURN if quick else FULL_TURN
    zones = ("german",) if quick else ("german", "french", "english")
    papal = [d.name for d in facts.debaters_of("papal") if d.in_play(turn)]
    rules = "Here I Stand 18.5 (theological debates; RULES.md §20)"
    panels = []
    for zone in zones:
        defenders = [
            d.name for d in facts.debaters_of("protestant") if d.zone == zone and d.in_play(turn)
        ]
        for status in ("uncommitted", "committed"):
            values = {
                defender: [
                    oe.exact(
                        Debate(
                            zone,
                            "papacy",
                            turn=turn,
                            attacker=attacker,
                            defender=defender,
                            committed=defender if status == "committed" else (),
                        )
                    ).p["papal_wins"]
                    for attacker in papal
                ]
                for defender in defenders
            }
            frame = pd.DataFrame(values, index=papal)
            if zone == "german":
                panels.append((f"{status} defender", _by_value(frame, facts)))
            page.table(
                frame,
                f"Chance the Papacy wins a debate in the {zone.title()} zone, turn "
                f"{turn}, against {_ARTICLE[status]} {status} defender",
                rules,
                EXACT,
                version,
                corner="attacker \\ defender",
            )
    page.line_chart(
        "german",
        panels,
        "chance the Papacy wins a German debate against the defender's value",
        "One panel for an uncommitted defender, one for a committed one; one line per Papal "
        "attacker of a distinct value (Eck with his bonus); each point the mean over the "
        "defenders of that value.",
        xlabel="the Protestant defender's value",
        ylabel="chance the Papacy wins",
        title=f"Debates in the German zone, turn {turn}",
        legend_title="attacker",
    )


def _by_value(frame, facts) -> dict:
    """One line per attacker of a distinct debate value (Eck apart, for his bonus): the
    chance the Papacy wins against the mean defender of each value."""
    seen, chosen = set(), []
    for attacker in frame.index:
        value = "Eck" if attacker == "Eck" else facts.debater(attacker).value
        if value not in seen:
            seen.add(value)
            chosen.append(attacker)
    values = sorted({facts.debater(name).value for name in frame.columns})
    lines_ = {}
    for attacker in chosen:
        row = frame.loc[attacker]
        lines_[attacker] = (
            values,
            [
                float(
                    row[
                        [name for name in frame.columns if facts.debater(name).value == value]
                    ].mean()
                )
                for value in values
            ],
        )
    return lines_

"""The pages of the odds book on the Diet of Worms and the New World (RULES.md §21, §22),
each computed with the exact engine through the tables of
:mod:`oddsengine.faces.new_world_tables` (see ``_pages`` for the page type).
"""

from __future__ import annotations

from oddsengine.faces.book._pages import EXACT, Page, book_page
from oddsengine.religion.cards import MERCATORS_MAP, SMALLPOX

_VP = "exact (expected VP shown to 3 decimals)"


@book_page(
    "diet-of-worms",
    "The Diet of Worms",
    "Diet of Worms",
    "Which card to commit at the Diet of Worms: the chance of each result by the "
    "Protestant's CP and the Catholic total.",
    [
        "Rows are the CP of the Protestant's card (it rolls CP + 4 dice), columns the "
        "CP of the Papal and the Hapsburg cards added (their hits are added, so only "
        "the total counts). Hits on 5-6.",
        "The first table is the chance the Protestant wins (more hits: it flips that "
        "many German-zone spaces), the second the chance the Catholics win, the third "
        "the chance of equal hits (nothing happens).",
    ],
)
def diet(page: Page, version: str, quick: bool) -> None:
    from oddsengine.faces.new_world_tables import diet_table

    protestant = range(1, 4) if quick else range(1, 7)
    catholic = range(2, 6) if quick else range(2, 13)
    rules = "Here I Stand 18.1 (the Diet of Worms; RULES.md §21)"
    tables = {}
    for outcome, what in (
        ("protestant_wins", "Chance the Protestant wins the Diet"),
        ("catholic_wins", "Chance the Papacy and the Hapsburgs win"),
        ("draw", "Chance of equal hits (no flip)"),
    ):
        frame = diet_table(outcome, protestant, catholic)
        frame.index = [f"{cp} CP" for cp in frame.index]
        frame.columns = [f"{cp} CP" for cp in frame.columns]
        tables[outcome] = frame
        page.table(
            frame,
            what,
            rules,
            EXACT,
            version,
            corner="Protestant \\ Catholic",
        )
    wins = tables["protestant_wins"]
    page.line_chart(
        "protestant-wins",
        [("", {label: (list(catholic), wins.loc[label].tolist()) for label in wins.index})],
        "the Protestant's chance of winning the Diet against the Catholic CP",
        "One line per CP of the Protestant's card.",
        xlabel="Papal + Hapsburg CP",
        ylabel="chance the Protestant wins",
        title="Diet of Worms: the Protestant's chance, by the cards' CP",
        legend_title="Protestant card",
    )


@book_page(
    "new-world",
    "Voyages to the New World",
    "New World",
    f"Each explorer's and conquistador's chances, with and without {MERCATORS_MAP.name}, "
    f"Uncharted and {SMALLPOX.name}, and the VP each voyage is worth.",
    [
        "An exploration (2 CP) rolls 2d6 + the explorer's value, "
        f"+{MERCATORS_MAP.modifier_on('exploration')} with {MERCATORS_MAP.name}, "
        "-1 on the power's first exploration (Uncharted): 4 or less the explorer is "
        "lost, 5-6 nothing, 7-9 a discovery, 10 or more the choice of the most expected "
        "VP (circumnavigate, counting the Pacific Strait, or the Amazon, or a 1-VP "
        "discovery). Nothing is claimed yet in these tables.",
        "A conquest (4 CP) rolls 2d6 + the conquistador's value, "
        f"+{SMALLPOX.modifier_on('conquest')} with {SMALLPOX.name}: 6 or "
        "less killed, 7-8 nothing, 9 or more a conquest (9 Maya, 10 Aztecs, 11+ Inca). "
        "A row 'random' is the power's draw from its whole pool.",
    ],
)
def voyages(page: Page, version: str, quick: bool) -> None:
    import pandas as pd

    from oddsengine.faces.new_world_tables import conquest_table, voyage_table

    mercator, smallpox = MERCATORS_MAP.name, SMALLPOX.name
    rules = "Here I Stand 20.2-20.3 (voyages; RULES.md §22)"
    explorations = voyage_table(["hapsburg"] if quick else None)
    for power, rows in explorations.groupby("power", sort=False):
        for column, what in (
            ("discovery", "Chance of a discovery"),
            ("circumnavigation", "Chance of a circumnavigation"),
            ("explorer_lost", "Chance the explorer is lost"),
        ):
            frame = rows.pivot(index="explorer", columns="variant", values=column)
            frame = frame.loc[list(dict.fromkeys(rows.explorer)), list(dict.fromkeys(rows.variant))]
            page.table(
                frame,
                f"{what}: {power}",
                rules,
                EXACT,
                version,
                corner="explorer",
            )
        frame = rows.pivot(index="explorer", columns="variant", values="expected_vp")
        frame = frame.loc[list(dict.fromkeys(rows.explorer)), list(dict.fromkeys(rows.variant))]
        page.table(
            frame,
            f"Expected VP of a voyage: {power}",
            rules,
            _VP,
            version,
            corner="explorer",
            cell=lambda v: f"{v:.3f}",
            shade=False,
        )
    # One chart: the expected VP by the explorer's value (the Hapsburgs hold every value
    # from -1 to 4, and a voyage depends on its explorer's value only).
    hapsburg = explorations[
        (explorations.power == "hapsburg") & (explorations.explorer != "random")
    ].sort_values("value", kind="stable")
    by_value = {
        label: (rows.value.astype(int).tolist(), rows.expected_vp.tolist())
        for label, rows in hapsburg.groupby("variant", sort=False)
    }
    page.line_chart(
        "expected-vp",
        [("", by_value)],
        "expected VP of an exploration against the explorer's value",
        f"One line per way of sailing: plain, {mercator}, Uncharted, both.",
        xlabel="explorer's value",
        ylabel="expected VP of an exploration",
        title="Exploration: expected VP by the explorer's value",
        legend_title="voyage",
        percent=False,
    )
    conquered = conquest_table()
    conquered["conquistador"] = conquered["power"] + ": " + conquered["conquistador"]
    conquered["with"] = conquered["smallpox"].map({False: "plain", True: smallpox})
    order = list(dict.fromkeys(conquered.conquistador))
    for column, what, method in (
        ("conquest", "Chance of a conquest", EXACT),
        ("killed", "Chance the conquistador is killed", EXACT),
    ):
        # plain first, as in the table of VP below (a pivot sorts the card's name first)
        frame = conquered.pivot(index="conquistador", columns="with", values=column)
        frame = frame.loc[order, ["plain", smallpox]]
        page.table(
            frame,
            what,
            rules,
            method,
            version,
            corner="conquistador",
        )
    vp = pd.DataFrame(
        {
            "plain": conquered[~conquered.smallpox].set_index("conquistador")["expected_vp"],
            smallpox: conquered[conquered.smallpox].set_index("conquistador")["expected_vp"],
        }
    ).loc[order]
    vp["VP per CP, plain"] = vp["plain"] / 4
    page.table(
        vp,
        "Expected VP of a conquest",
        rules,
        _VP,
        version,
        corner="conquistador",
        cell=lambda v: f"{v:.3f}",
        shade=False,
    )

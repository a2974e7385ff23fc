"""The contests on the odds book's page of the card rolls (RULES.md §28.5, §28.6,
§28.10, readings §30.13, §30.17, §30.18): the cards whose event sets one side's roll
against another's or against a table (Rough Wooing, the Chateaux, the Council of Trent),
each section its text, its table and its chart.
"""

from __future__ import annotations

from oddsengine.faces.book._card_roll_words import (
    card_heading,
    card_rules,
    exact_answer,
    listed,
    signed,
)
from oddsengine.faces.book._html import section_html
from oddsengine.faces.book._pages import EXACT, Page


def rough_wooing(page: Page, version: str, record) -> None:
    """RULES.md §28.5, §30.13: England's d6 + units against France's, by the difference."""
    import pandas as pd

    from oddsengine.card_rolls.contests import RoughWooing

    page.body.append(
        section_html(
            record.slug,
            card_heading(record),
            [
                "England and France each roll a die and add the land and naval units they "
                "control in Scottish home spaces; England wins, and Scotland becomes its "
                "ally, if its total is at least 2 more than France's (§30.13). Only the "
                "difference in units counts: at equal units England wins 5/18 of the time.",
                "The option 'margin 3' reads the card's 'exceeds by 2' as more than 2.",
            ],
        )
    )
    differences = range(-3, 7)
    # RULES.md §30.13: the margin England's total must reach over France's, and the names
    # of its columns (its chance, its fraction) and of its line on the chart.
    margins = {
        2: ("England wins", "exact", "at least 2 more (default)"),
        3: ("with margin 3", "exact, margin 3", "more than 2 more (option)"),
    }
    rows = {}
    curves = {line: (list(differences), []) for *_, line in margins.values()}
    for difference in differences:
        row = {}
        for margin, (chance, exact, line) in margins.items():
            spec = RoughWooing(
                english_units=max(difference, 0),
                french_units=max(-difference, 0),
                margin=margin,
            )
            answer, fractions = exact_answer(spec)
            row[chance], row[exact] = answer.p["success"], fractions["success"]
            curves[line][1].append(answer.p["success"])
        rows[signed(difference)] = row
    frame = pd.DataFrame.from_dict(rows, orient="index")
    page.table_with_fractions(
        frame,
        f"{record.name}: the chance England wins, by its units minus France's in Scotland",
        card_rules(record, readings="§30.13"),
        version,
        corner="English − French units",
        fractions=("exact", "exact, margin 3"),
    )
    page.line_chart(
        record.slug,
        [("", curves)],
        f"the chance England wins ({record.name}) against its lead in units",
        "One line per reading of the margin (§30.13); the default needs at least 2 more.",
        xlabel="English units minus French units in Scotland",
        ylabel="chance England wins",
        title=f"{record.name}: England's chance by its lead in units",
        legend_title="England needs",
        panel_width=5.0,
    )


def chateaux(page: Page, version: str, record) -> None:
    """RULES.md §28.6, §30.17: the Chateau Table by the total modifier."""
    import pandas as pd

    from oddsengine.card_rolls.contests import (
        CHATEAU_MODIFIERS,
        CHATEAU_TABLE,
        LEAST_MODIFIER,
        MOST_MODIFIER,
        Chateaux,
    )

    modifiers = "; ".join(f"{words} {signed(value)}" for _, value, words in CHATEAU_MODIFIERS)
    page.body.append(
        section_html(
            record.slug,
            card_heading(record, ": the Chateau Table"),
            [
                "France rolls a die and adds its modifiers: "
                + modifiers
                + ". The Chateau Table: 8 or more, 1 VP, draw 2 cards then discard 1; 5-7, "
                "1 VP, draw 1; 3-4, 1 VP, draw 1 then discard 1; 2 or less, no VP, draw 2 "
                "then discard 1. The card needs "
                + listed([condition.words for condition in record.conditions])
                + ".",
                "The last three columns are the cards expected to be drawn, discarded and "
                "gained (drawn less discarded).",
            ],
        )
    )
    lines_of_table = _chateau_lines(CHATEAU_TABLE)
    modifiers_range = range(LEAST_MODIFIER, MOST_MODIFIER + 1)
    rows = {}
    curves = {words: (list(modifiers_range), []) for words in lines_of_table.values()}
    # The chart's words in the plain hyphen every font has.
    plain = {words: words.replace("\u2011", "-") for words in lines_of_table.values()}
    for modifier in modifiers_range:
        answer, fractions = exact_answer(Chateaux(modifier=modifier))
        means = answer.expected_values()
        row = {"1 VP": answer.p["vp"], "exact": fractions["vp"]}
        for event, words in lines_of_table.items():
            row[words] = answer.p[event]
            curves[words][1].append(answer.p[event])
        row["drawn"] = means["cards_drawn"]["mean"]
        row["discarded"] = means["cards_discarded"]["mean"]
        row["gained"] = means["cards_gained"]["mean"]
        rows[signed(modifier)] = row
    frame = pd.DataFrame.from_dict(rows, orient="index")

    def cards(mean):
        return f"{mean:.2f}"

    page.table(
        frame,
        f"{record.name}: the chance of a chateau VP, of each line of the Chateau "
        f"Table ({', '.join(plain.values())}), and the cards drawn, discarded and "
        "gained (expected), by the total modifier",
        card_rules(record, readings="§30.17"),
        "exact (chances shown rounded to 2 decimals of a percentage, the chance of "
        "a VP also as a fraction, expected cards to 2 decimals)",
        version,
        corner="modifier",
        columns={
            "exact": str,
            "drawn": cards,
            "discarded": cards,
            "gained": cards,
        },
    )
    page.line_chart(
        record.slug,
        [("", {plain[words]: curve for words, curve in curves.items()})],
        "the chance of each line of the Chateau Table against the modifier",
        "One line per line of the table; every line but '2 or less' gives 1 VP.",
        xlabel="total modifier of the roll",
        ylabel="chance",
        title=f"{record.name}: the line of the Chateau Table reached",
        legend_title="line of the table",
        panel_width=5.0,
    )


def _chateau_lines(table) -> dict:
    """Each line of the Chateau Table (its event's name) in the table's words, from its
    least totals: "8+", "5-7", "3-4", "2 or less" (with a hyphen that does not break a
    header apart)."""
    words = {}
    for above, row in zip((None, *table), table, strict=False):
        if above is None:
            words[row.name] = f"{row.least}+"
        elif row.least is None:
            words[row.name] = f"{above.least - 1} or less"
        else:
            words[row.name] = f"{row.least}\u2011{above.least - 1}"
    return words


def council_of_trent(page: Page, version: str, record) -> None:
    """RULES.md §28.10, §30.18: the Papacy's dice against the Protestant's."""
    import pandas as pd

    import oddsengine as oe
    from oddsengine.card_rolls.council_of_trent import CouncilOfTrent

    page.body.append(
        section_html(
            record.slug,
            card_heading(record),
            [
                "A Mandatory Event. The Papacy commits up to 4 uncommitted debaters, then "
                "the Protestant up to 2, of any zone. Each side rolls as many dice as its "
                "debaters' values add up to (Pole adds a die), hits on 5-6; the side with "
                "more hits converts as many spaces as the difference, equal hits convert "
                "nothing. The Papacy's best four from turn 6 roll 14 dice (Loyola, Pole, "
                "Eck, Faber), the Protestant's best two 8 (Luther, Calvin).",
                "Rows are the Papal dice, columns the Protestant's. On average the Papacy "
                "converts, net, a third of the difference in dice: 10 dice against 7 give "
                "+1 space.",
            ],
        )
    )
    # Up to each side's best commitment.
    papal, protestant = range(4, 15), range(2, 9)
    outcomes = {
        "papal_wins": "the Papacy converts spaces",
        "protestant_wins": "the Protestant converts spaces",
        "draw": "equal hits: nothing is converted",
    }
    chances = {outcome: {f"{dice} dice": {} for dice in papal} for outcome in outcomes}
    for dice in papal:
        for against in protestant:
            answer = oe.exact(CouncilOfTrent(papal_dice=dice, protestant_dice=against))
            for outcome in outcomes:
                chances[outcome][f"{dice} dice"][f"{against} dice"] = answer.p[outcome]
    for outcome, words in outcomes.items():
        frame = pd.DataFrame.from_dict(chances[outcome], orient="index")
        page.table(
            frame,
            f"{record.name}: the chance {words}, by the Papal dice (rows) and the "
            "Protestant dice (columns)",
            card_rules(record, readings="§30.18"),
            EXACT,
            version,
            corner="Papal \\ Protestant",
        )
    wins = pd.DataFrame.from_dict(chances["papal_wins"], orient="index")
    page.line_chart(
        record.slug,
        [
            (
                "",
                {
                    column.removesuffix(" dice"): (list(papal), list(wins[column]))
                    for column in wins.columns
                },
            )
        ],
        f"the chance the Papacy converts ({record.name}) against its dice",
        "One line per number of Protestant dice.",
        xlabel="Papal dice",
        ylabel="chance the Papacy converts",
        title=f"{record.name}: the chance the Papacy converts spaces",
        legend_title="Protestant dice",
        panel_width=5.0,
    )

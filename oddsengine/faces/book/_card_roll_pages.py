"""The odds book's page of the card rolls (RULES.md §28.1-§28.6, §28.9-§28.11, with the
readings §30.13, §30.17 and §30.18): what a player asks of each card whose event rolls dice,
each answer computed with the exact engine and shown with its exact fraction where it is a
short one (see ``_pages`` for the page type). A card is named, numbered and dated by its
record (:mod:`oddsengine.card_rolls.records`, read from its spec's ``record``), never here.
The riches and the card that sacks Rome have their own page (``_sack_and_riches_pages``).
"""

from __future__ import annotations

from oddsengine.faces.book._html import caption_html, on_page_html, section_html, table_html
from oddsengine.faces.book._pages import EXACT, Page, lines

#: The page's file name: its sections' links name it.
SLUG = "card-rolls"
#: Said in the caption of a table that gives fractions beside its percentages.
WITH_FRACTIONS = "exact (shown rounded to 2 decimals of a percentage, and as a fraction)"


def _exact(spec):
    """The exact answer to ``spec`` and its chances as fractions."""
    import oddsengine as oe
    from oddsengine.results.fractions import exact_fractions

    answer = oe.exact(spec)
    return answer, exact_fractions(answer)


def _heading(record, words: str = "") -> str:
    """A section's heading: the card's name, number and entry turn, then ``words``."""
    when = f", from turn {record.entry_turn}" if (record.entry_turn or 1) > 1 else ""
    return f"{record.name} (card #{record.number}{when}){words}"


def _rules(*records, readings: str = "") -> str:
    """A caption's rules: each card's number and name, its edition, its section of RULES.md,
    then the readings of §30 it follows (``"§30.13"``)."""
    cards = " and ".join(f"#{record.number}, {record.name}" for record in records)
    editions = {record.edition for record in records if record.edition}
    sections = [f"§{record.rule}" for record in records] + ([readings] if readings else [])
    edition = "".join(f"{edition}; " for edition in sorted(editions))
    plural = "s" if len(records) > 1 else ""
    return f"Here I Stand card{plural} {cards} ({edition}RULES.md {', '.join(sections)})"


def _listed(words, last: str = "and") -> str:
    """Words listed as a sentence does: "a, b and c"."""
    return ", ".join(words[:-1]) + f" {last} {words[-1]}" if len(words) > 1 else words[0]


def _signed(number: int) -> str:
    """A difference with its sign: "−2", "0", "+3" (a minus sign, not a hyphen)."""
    return f"+{number}" if number > 0 else f"−{-number}" if number < 0 else "0"


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
        ((RoughWooing,), _rough_wooing),
        ((Chateaux,), _chateaux),
        ((Michelangelo,), _michelangelo),
        ((CouncilOfTrent,), _council_of_trent),
        ((CityStateRebels,), _city_state_rebels),
        ((AndreaDoria,), _andrea_doria),
        ((BookOfCommonPrayer,), _book_of_common_prayer),
        ((ThreatToPower, FountainOfYouth), _one_die),
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


def _rough_wooing(page: Page, version: str, record) -> None:
    """RULES.md §28.5, §30.13: England's d6 + units against France's, by the difference."""
    import pandas as pd

    from oddsengine.card_rolls.contests import RoughWooing

    page.body.append(
        section_html(
            record.slug,
            _heading(record),
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
            answer, fractions = _exact(spec)
            row[chance], row[exact] = answer.p["success"], fractions["success"]
            curves[line][1].append(answer.p["success"])
        rows[_signed(difference)] = row
    frame = pd.DataFrame.from_dict(rows, orient="index")
    page.body.append(
        table_html(
            frame,
            caption_html(
                f"{record.name}: the chance England wins, by its units minus France's in Scotland",
                _rules(record, readings="§30.13"),
                WITH_FRACTIONS,
                version,
            ),
            corner="English − French units",
            columns={"exact": str, "exact, margin 3": str},
        )
    )
    page.chart(
        record.slug,
        lines(
            [("", curves)],
            xlabel="English units minus French units in Scotland",
            ylabel="chance England wins",
            title=f"{record.name}: England's chance by its lead in units",
            legend_title="England needs",
            panel_width=5.0,
        ),
        f"Line chart: the chance England wins ({record.name}) against its lead in units",
        "One line per reading of the margin (§30.13); the default needs at least 2 more.",
    )


def _chateaux(page: Page, version: str, record) -> None:
    """RULES.md §28.6, §30.17: the Chateau Table by the total modifier."""
    import pandas as pd

    from oddsengine.card_rolls.contests import (
        CHATEAU_MODIFIERS,
        CHATEAU_TABLE,
        LEAST_MODIFIER,
        MOST_MODIFIER,
        Chateaux,
    )

    modifiers = "; ".join(f"{words} {_signed(value)}" for _, value, words in CHATEAU_MODIFIERS)
    page.body.append(
        section_html(
            record.slug,
            _heading(record, ": the Chateau Table"),
            [
                "France rolls a die and adds its modifiers: "
                + modifiers
                + ". The Chateau Table: 8 or more, 1 VP, draw 2 cards then discard 1; 5-7, "
                "1 VP, draw 1; 3-4, 1 VP, draw 1 then discard 1; 2 or less, no VP, draw 2 "
                "then discard 1. The card needs "
                + _listed([condition.words for condition in record.conditions])
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
        answer, fractions = _exact(Chateaux(modifier=modifier))
        means = answer.expected_values()
        row = {"1 VP": answer.p["vp"], "exact": fractions["vp"]}
        for event, words in lines_of_table.items():
            row[words] = answer.p[event]
            curves[words][1].append(answer.p[event])
        row["drawn"] = means["cards_drawn"]["mean"]
        row["discarded"] = means["cards_discarded"]["mean"]
        row["gained"] = means["cards_gained"]["mean"]
        rows[_signed(modifier)] = row
    frame = pd.DataFrame.from_dict(rows, orient="index")

    def cards(mean):
        return f"{mean:.2f}"

    page.body.append(
        table_html(
            frame,
            caption_html(
                f"{record.name}: the chance of a chateau VP, of each line of the Chateau "
                f"Table ({', '.join(plain.values())}), and the cards drawn, discarded and "
                "gained (expected), by the total modifier",
                _rules(record, readings="§30.17"),
                "exact (chances shown rounded to 2 decimals of a percentage, the chance of "
                "a VP also as a fraction, expected cards to 2 decimals)",
                version,
            ),
            corner="modifier",
            columns={
                "exact": str,
                "drawn": cards,
                "discarded": cards,
                "gained": cards,
            },
        )
    )
    page.chart(
        record.slug,
        lines(
            [("", {plain[words]: curve for words, curve in curves.items()})],
            xlabel="total modifier of the roll",
            ylabel="chance",
            title=f"{record.name}: the line of the Chateau Table reached",
            legend_title="line of the table",
            panel_width=5.0,
        ),
        "Line chart: the chance of each line of the Chateau Table against the modifier",
        "One line per line of the table; every line but '2 or less' gives 1 VP.",
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


def _michelangelo(page: Page, version: str, record) -> None:
    """RULES.md §28.2: 2d6 CP to St Peter's."""
    import pandas as pd

    from oddsengine.card_rolls.die_events import Michelangelo

    answer, fractions = _exact(Michelangelo())
    mean = answer.expected_values()["cp"]["mean"]
    page.body.append(
        section_html(
            record.slug,
            _heading(record),
            [
                "As the event, the Papacy adds 2d6 CP to St Peter's at once: "
                f"{mean:.0f} CP on average; 8 or more 5/12 of the time, 10 or more 1/6.",
            ],
        )
    )
    rows = {}
    for cp in range(2, 13):
        at_least = f"cp_at_least:{cp}"
        rows[str(cp)] = {
            "exactly": answer.p[f"cp:{cp}"],
            "exact": fractions[f"cp:{cp}"],
            "at least": answer.p.get(at_least, 1.0),
            "exact, at least": fractions.get(at_least, 1),
        }
    frame = pd.DataFrame.from_dict(rows, orient="index")
    page.body.append(
        table_html(
            frame,
            caption_html(
                f"{record.name}: the chance of each number of CP added to St Peter's, and "
                "of at least that many",
                _rules(record),
                WITH_FRACTIONS,
                version,
            ),
            corner="CP",
            columns={"exact": str, "exact, at least": str},
        )
    )


def _council_of_trent(page: Page, version: str, record) -> None:
    """RULES.md §28.10, §30.18: the Papacy's dice against the Protestant's."""
    import pandas as pd

    import oddsengine as oe
    from oddsengine.card_rolls.council_of_trent import CouncilOfTrent

    page.body.append(
        section_html(
            record.slug,
            _heading(record),
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
        page.body.append(
            table_html(
                frame,
                caption_html(
                    f"{record.name}: the chance {words}, by the Papal dice (rows) and the "
                    "Protestant dice (columns)",
                    _rules(record, readings="§30.18"),
                    EXACT,
                    version,
                ),
                corner="Papal \\ Protestant",
            )
        )
    wins = pd.DataFrame.from_dict(chances["papal_wins"], orient="index")
    page.chart(
        record.slug,
        lines(
            [
                (
                    "",
                    {
                        column.removesuffix(" dice"): (list(papal), list(wins[column]))
                        for column in wins.columns
                    },
                )
            ],
            xlabel="Papal dice",
            ylabel="chance the Papacy converts",
            title=f"{record.name}: the chance the Papacy converts spaces",
            legend_title="Protestant dice",
            panel_width=5.0,
        ),
        f"Line chart: the chance the Papacy converts ({record.name}) against its dice",
        "One line per number of Protestant dice.",
    )


def _hits_table(answer, fractions, dice: int, at_least: bool = True):
    """The chance of exactly k hits of ``dice`` dice, k = 0..dice, and of at least k."""
    import pandas as pd

    rows = {}
    for k in range(dice + 1):
        rows[str(k)] = {"exactly": answer.p[f"hits:{k}"], "exact": fractions[f"hits:{k}"]}
        if at_least:
            more = [f"hits:{more}" for more in range(k, dice + 1)]
            rows[str(k)]["at least"] = sum(answer.p[name] for name in more)
            rows[str(k)]["exact, at least"] = sum(fractions[name] for name in more)
    return pd.DataFrame.from_dict(rows, orient="index")


def _city_state_rebels(page: Page, version: str, record) -> None:
    """RULES.md §28.9: 5 dice against the units of a captured key."""
    import pandas as pd

    from oddsengine.card_rolls.hit_events import CityStateRebels

    page.body.append(
        section_html(
            record.slug,
            _heading(record),
            [
                "Against a captured key not under siege, the rebels roll 5 dice, hits on "
                "5-6: 5/3 hits on average. Each hit eliminates one land or naval unit there; "
                "with none left, the key returns to its home power (or its major ally), "
                "which adds 1 regular, and the leaders there are captured.",
            ],
        )
    )
    answer, fractions = _exact(CityStateRebels())
    rules = _rules(record)
    page.body.append(
        table_html(
            _hits_table(answer, fractions, CityStateRebels.DICE, at_least=False),
            caption_html(
                f"{record.name}: the chance of each number of hits of the rebels' 5 dice",
                rules,
                WITH_FRACTIONS,
                version,
            ),
            corner="hits",
            columns={"exact": str},
        )
    )
    rows = {}
    for units in range(1, CityStateRebels.DICE + 2):
        held, shown = _exact(CityStateRebels(units=units))
        # More units than dice: never retaken, 5/3 units eliminated, whatever their number.
        label = f"{units} or more" if units > CityStateRebels.DICE else str(units)
        rows[label] = {
            "key retaken": held.p["key_retaken"],
            "exact": shown["key_retaken"],
            "units eliminated": held.expected_values()["units_eliminated"]["mean"],
        }
    page.body.append(
        table_html(
            pd.DataFrame.from_dict(rows, orient="index"),
            caption_html(
                f"{record.name}: the chance the key is retaken, and the units expected to "
                "be eliminated, by the units at the key",
                rules,
                "exact (chances shown rounded to 2 decimals of a percentage, and as a "
                "fraction; expected units to 2 decimals)",
                version,
            ),
            corner="units at the key",
            columns={"exact": str, "units eliminated": lambda mean: f"{mean:.2f}"},
        )
    )


def _andrea_doria(page: Page, version: str, record) -> None:
    """RULES.md §28.11: 3 dice against the Ottoman piracy VP."""
    from oddsengine.card_rolls.hit_events import AndreaDoria

    answer, fractions = _exact(AndreaDoria())
    page.body.append(
        section_html(
            record.slug,
            _heading(record, ": its second use"),
            [
                "The card's second use rolls 3 dice against the Ottoman piracy VP; each "
                "hit (5-6) takes 1 off, not below 0: 1 VP on average, 19/27 of a VP when the "
                "Ottomans hold only 1, 26/27 when they hold 2.",
            ],
        )
    )
    page.body.append(
        table_html(
            _hits_table(answer, fractions, AndreaDoria.DICE),
            caption_html(
                f"{record.name}: the chance of exactly and of at least k hits of its 3 "
                "dice (piracy VP taken off)",
                _rules(record),
                WITH_FRACTIONS,
                version,
            ),
            corner="hits",
            columns={"exact": str, "exact, at least": str},
        )
    )


def _book_of_common_prayer(page: Page, version: str, record) -> None:
    """RULES.md §28.1: the unrest die after the four Reformation attempts."""
    import pandas as pd

    from oddsengine.card_rolls.die_events import BookOfCommonPrayer
    from oddsengine.moves.board import load_board

    # England's home spaces on the map, Calais included (RULES.md §28.1).
    everything = sum("england" in space.home_powers for space in load_board())
    page.body.append(
        section_html(
            record.slug,
            _heading(record),
            [
                f"It {record.entry_words}. With Cranmer uncommitted, four Reformation "
                "attempts in English home spaces (the attempts page gives each), then one "
                "die: 1-2 nothing, 3-4 unrest on one Catholic English home space, 5 on two, "
                "6 on all of them; the player of the event picks the spaces. Rows are the "
                f"English home spaces, Calais included ({everything} in all), still Catholic "
                "after the attempts.",
            ],
        )
    )
    rows = {}
    for catholic in (1, 2, 3, 4, 6, 8, everything):
        answer, fractions = _exact(BookOfCommonPrayer(catholic_home_spaces=catholic))
        spaces = {
            int(name.rpartition(":")[2]): answer.p[name]
            for name in answer.p
            if name.startswith("unrest_spaces:")
        }
        mean = sum(k * fractions[f"unrest_spaces:{k}"] for k in spaces)
        rows[str(catholic)] = {
            "no unrest": answer.p["no_unrest"],
            "1 space": spaces.get(1, 0.0),
            "2 spaces": spaces.get(2, 0.0),
            "3 or more (all)": sum(p for k, p in spaces.items() if k >= 3),
            "spaces expected": mean,
        }
    page.body.append(
        table_html(
            pd.DataFrame.from_dict(rows, orient="index"),
            caption_html(
                f"{record.name}: the chance of unrest on none, 1, 2 or more Catholic "
                "English home spaces, and the spaces expected, by the Catholic home spaces "
                "left",
                _rules(record),
                "exact (chances shown rounded to 2 decimals of a percentage, the spaces "
                "expected as a fraction)",
                version,
            ),
            corner="Catholic home spaces",
            columns={"spaces expected": str},
        )
    )


def _one_die(page: Page, version: str, threat_card, fountain_card) -> None:
    """RULES.md §28.3, §28.4: one die each, against a leader or an explorer."""
    import pandas as pd

    from oddsengine.card_rolls.die_events import FountainOfYouth, ThreatToPower
    from oddsengine.combat.powers import power_adjective
    from oddsengine.religion.voyage import POWERS

    targets = threat_card.targets
    page.body.append(
        section_html(
            threat_card.slug,
            f"{threat_card.name}, {fountain_card.name}",
            [
                f"{_heading(threat_card)} targets "
                + _listed(targets, "or")
                + ", if not captured: one die, 1-3 he is out for the rest of the turn, 4-6 "
                "for the rest of the game.",
                f"{_heading(fountain_card)} cancels an exploration underway; then one "
                "die, 4-6 removes one of that power's explorers, picked at random, from the "
                "game. Each explorer's chance is shown for the power's whole pool; an "
                "explorer already gone leaves a smaller pool and a larger chance.",
            ],
        )
    )
    rows = {}

    def add(words, answer, fractions, name):
        rows[words] = {"chance": answer.p[name], "exact": fractions[name]}

    answer, fractions = _exact(ThreatToPower())
    for outcome, words in (("out_for_game", "game"), ("out_for_turn", "turn")):
        add(f"{threat_card.name}: out for the rest of the {words}", answer, fractions, outcome)
    for power in sorted(POWERS, key=lambda power: power != "hapsburg"):
        fountain = FountainOfYouth(power=power)
        answer, fractions = _exact(fountain)
        if power == "hapsburg":  # the chance an explorer goes is the die's, whatever the pool
            words = f"{fountain_card.name}: an explorer removed"
            add(words, answer, fractions, "explorer_removed")
        words = (
            f"{fountain_card.name}: a given {power_adjective(power)} explorer "
            f"({len(fountain.pool)} in the pool)"
        )
        add(words, answer, fractions, f"removed:{fountain.pool[0]}")
    page.body.append(
        table_html(
            pd.DataFrame.from_dict(rows, orient="index"),
            caption_html(
                f"{threat_card.name} and {fountain_card.name}: the chance of each result",
                _rules(threat_card, fountain_card),
                WITH_FRACTIONS,
                version,
            ),
            corner="card: result",
            columns={"exact": str},
            text_rows=True,
        )
    )

"""The odds book's page of the Sack of Rome and the New World riches (RULES.md §28.7, §28.8,
with the readings §30.14-§30.16): the chance the Papacy loses Rome by the sacking stack's
dice and the Papal regulars, each column's roll on the New World Riches Table, and a
Hapsburg turn's cards with the Raiders in play, computed with the exact engine (see
``_pages`` for the page type). A card is named and numbered by its record
(:mod:`oddsengine.card_rolls.records`), never here."""

from __future__ import annotations

from oddsengine.faces.book._html import on_page_html, section_html
from oddsengine.faces.book._pages import EXACT, Page

#: The page's file name: its sections' links name it.
SLUG = "sack-and-riches"
#: The Papal regulars in Rome the Sack's tables go up to.
MOST_REGULARS = 3
#: A Hapsburg turn's holdings, as the riches tables' rows give them (the quick book the
#: first three): (words, holdings in the order they roll).
HOLDINGS = (
    ("1 colony", ("colony",)),
    ("2 colonies", ("colony", "colony")),
    ("Aztec", ("aztec",)),
    ("Aztec, 2 colonies", ("aztec", "colony", "colony")),
    ("Inca, Aztec, Potosi, colony", ("inca", "aztec", "potosi", "colony")),
)
#: The Raiders in play that the tables and the chart count (RULES.md §30.14's order).
RAIDERS = {0: (), 1: ("france",), 2: ("france", "england"), 3: ("france", "england", "protestant")}


def sack_and_riches(version: str, quick: bool) -> Page:
    """The page of the Sack of Rome and the New World riches."""
    from oddsengine.card_rolls.riches import RAIDERS_CARD
    from oddsengine.card_rolls.sack_of_rome import SackOfRome

    sack = SackOfRome.record
    page = Page(
        SLUG,
        f"The {sack.name} and the New World riches",
        "Sack, riches",
        "The chance the Papacy loses Rome by the sacking stack's dice and the Papal "
        "regulars, each column's roll on the New World Riches Table, and a Hapsburg turn's "
        "cards kept and stolen with the Raiders in play.",
        [
            f"Two card rolls that play out over more than one die: the {sack.name} is a "
            "field battle, and the New World riches roll once per colony and conquest, "
            "each card then facing the Raiders in play.",
            "Every figure is computed exactly from the dice, none by simulation. Darker "
            f"cells are likelier; a grey dash marks a {sack.name} the rules refuse.",
        ],
    )
    # Each section: its anchor, its link's words, its heading, its builder and its card.
    sections = (
        (sack.slug, sack.name, f"The {sack.name} (card #{sack.number})", _sack_of_rome, sack),
        ("riches", "One riches roll", "New World riches: one roll", _riches_columns,
         RAIDERS_CARD),
        ("riches-turn", "A turn with the Raiders",
         "New World riches: a Hapsburg turn with the Raiders", _riches_turn, RAIDERS_CARD),
    )  # fmt: skip
    page.body.append(on_page_html(SLUG, [(anchor, link) for anchor, link, *_ in sections]))
    for anchor, _, heading, build, card in sections:
        build(page, version, quick, anchor, heading, card)
    return page


def _sack_rules(sack) -> str:
    """The rules of the Sack's captions: rule 21.5 and the card (RULES.md §28.8, §30.15)."""
    return f"Here I Stand 21.5, card #{sack.number}, {sack.name} (RULES.md §{sack.rule}, §30.15)"


def _riches_rules(raiders) -> str:
    """The rules of the riches' captions: rule 20.4 and the Raiders' card (RULES.md §28.7,
    §30.14, §30.16)."""
    return (
        f"Here I Stand 20.4, card #{raiders.number}, {raiders.name} (RULES.md §{raiders.rule}, "
        "§30.14, §30.16)"
    )


def _dice(dice: int) -> str:
    return f"{dice} {'dice' if dice != 1 else 'die'}"


def _regulars(regulars: int, short: bool = False) -> str:
    """A column of the Sack's tables (``short``: a line of its chart, under the legend's
    title): the Papal regulars and the dice they roll."""
    dice = _dice(regulars + 1)  # RULES.md §28.8: regulars + 1 dice, 1 with none
    if short:
        return f"{regulars} ({dice})"
    return f"{regulars} regular{'s' * (regulars != 1)} ({dice})"


def _sack_of_rome(page: Page, version: str, quick: bool, anchor: str, heading: str, sack) -> None:
    """RULES.md §28.8, §30.15: P(the Papacy loses) by the stack's dice and the regulars."""
    import pandas as pd

    import oddsengine as oe
    from oddsengine.card_rolls.sack_of_rome import SackOfRome
    from oddsengine.results.fractions import exact_fractions

    page.body.append(
        section_html(
            anchor,
            heading,
            [
                "A single non-Papal stack in an Italian-zone space holding more mercenaries "
                "than the Papal regulars in Rome fights a field battle in Rome, the whole "
                "stack (no formation limit) against the Papal regulars only. The stack rolls "
                "a die per unit plus its best leader's battle rating (§30.15); the Papacy "
                "rolls its regulars + 1 and wins ties. If the Papacy loses, St Peter's loses "
                "5 CP and the sacker takes 1 of 2 cards drawn from the Papal hand: 5 times "
                "the chance below in CP, and that chance in cards, on average.",
                "Only the dice count: the first table's rows are the stack's dice, whatever "
                "units and leader give them. A grey dash marks a stack that cannot sack: its "
                "dice are no more than the Papal regulars, so neither are its mercenaries. "
                "Combat cards are left out.",
            ],
        )
    )
    regulars = range(MOST_REGULARS + 1)
    dice_rows = range(1, 7) if quick else range(1, 11)
    chances, fractions = {}, {}
    for dice in dice_rows:
        label = _dice(dice)
        chances[label], fractions[label] = {}, {}
        for papal in regulars:
            column = _regulars(papal)
            if dice <= papal:  # RULES.md §28.8: more mercenaries than Papal regulars
                chances[label][column] = fractions[label][column] = None
                continue
            answer = oe.exact(SackOfRome(f"hapsburg: {dice}M", papal_regulars=papal))
            chances[label][column] = answer.p["attacker_wins"]
            fractions[label][column] = exact_fractions(answer)["attacker_wins"]
    frame = pd.DataFrame.from_dict(chances, orient="index")
    page.table(
        frame,
        f"{sack.name}: the chance the Papacy loses, by the stack's dice (rows) and "
        "the Papal regulars in Rome (columns)",
        _sack_rules(sack),
        EXACT,
        version,
        corner="stack's dice \\ Papal",
    )
    page.fractions_table(
        pd.DataFrame.from_dict(fractions, orient="index"),
        f"{sack.name}: the same chances as exact fractions",
        _sack_rules(sack),
        version,
        corner="stack's dice \\ Papal",
    )
    stacks = {
        "4M": ("4M", True),
        "4M, Duke of Alva (1)": ("4M Duke of Alva", True),
        "4M, Charles V (2)": ("4M Charles V", True),
        "4M, Charles V, units only": ("4M Charles V", False),
    }
    leaders = {
        words: {
            _regulars(papal): oe.exact(
                SackOfRome(f"hapsburg: {stack}", papal_regulars=papal, sack_leader_dice=leader_dice)
            ).p["attacker_wins"]
            for papal in regulars
        }
        for words, (stack, leader_dice) in stacks.items()
    }
    page.table(
        pd.DataFrame.from_dict(leaders, orient="index"),
        f"{sack.name}: what a leader (his battle rating) adds to 4 mercenaries "
        "(4M), the chance the Papacy loses; units only: the §30.15 option, no "
        "leader's dice",
        _sack_rules(sack),
        EXACT,
        version,
        corner="the stack \\ Papal",
        text_rows=True,
    )
    page.line_chart(
        sack.slug,
        [
            (
                "",
                {
                    _regulars(papal, short=True): (
                        list(dice_rows),
                        [float("nan") if p is None else p for p in frame[_regulars(papal)]],
                    )
                    for papal in regulars
                },
            )
        ],
        f"the chance the Papacy loses ({sack.name}) against the stack's dice",
        "One line per number of Papal regulars in Rome; a cross marks a stack too weak to sack.",
        xlabel="the stack's dice (units + leader's battle rating)",
        ylabel="chance the Papacy loses",
        title=f"{sack.name}: the chance the Papacy loses Rome",
        legend_title="Papal regulars",
        gap_label="cannot sack",
        panel_width=5.0,
    )


#: The results of the New World Riches Table, in the words of its columns.
_RESULT_WORDS = {
    "result:depleted": "Depleted",
    "result:card": "Card",
    "result:galleon": "Galleon",
    "result:no_effect": "nothing",
    "result:eliminated": "Elim",
}


def _riches_columns(
    page: Page, version: str, quick: bool, anchor: str, heading: str, raiders_card
) -> None:
    """RULES.md §28.7, §30.16: each column's result, with and without Galleons and
    Plantations."""
    import pandas as pd

    import oddsengine as oe
    from oddsengine.card_rolls.riches import COLONY_COLUMNS, COLUMNS, RichesRoll
    from oddsengine.results.fractions import exact_fractions

    page.body.append(
        section_html(
            anchor,
            heading,
            [
                "In the Card Draw phase every colony and conquest rolls 2d6 on its column of "
                "the New World Riches Table (Potosi on its own column). Depleted gives a card "
                "and sends the conquest to the Bonus VP box; Card gives a card; Galleon gives "
                "a card only to a power with Galleons; Elim sends a conquest to the Bonus VP "
                "box and removes a colony. Plantations adds 1 to colony and Potosi rolls (a "
                "13 reads 12). Colonial Governor makes the roll a Card, Native Uprising an "
                "Elim.",
                "The last columns: the chance the roll gives a card without Galleons and "
                "with them, and the chance the holding is lost.",
            ],
        )
    )
    rows, fractions_rows = {}, {}
    for column in COLUMNS:
        for plantations in (False, True) if column in COLONY_COLUMNS else (False,):
            name = "Potosi" if column == "potosi" else column.capitalize()
            label = f"{name}, Plantations" if plantations else name
            plain = oe.exact(RichesRoll(column=column, plantations=plantations))
            galleons = oe.exact(RichesRoll(column=column, plantations=plantations, galleons=True))
            shown = exact_fractions(plain)
            with_galleons = exact_fractions(galleons)
            rows[label] = {words: plain.p[event] for event, words in _RESULT_WORDS.items()}
            rows[label] |= {
                "a card": plain.p["card_kept"],
                "a card, Galleons": galleons.p["card_kept"],
                "holding lost": plain.p["holding_lost"],
            }
            fractions_rows[label] = {words: shown[event] for event, words in _RESULT_WORDS.items()}
            fractions_rows[label] |= {
                "a card": shown["card_kept"],
                "a card, Galleons": with_galleons["card_kept"],
                "holding lost": shown["holding_lost"],
            }
    page.table(
        pd.DataFrame.from_dict(rows, orient="index"),
        "New World riches: the chance of each result of one roll, by column, and of a card",
        _riches_rules(raiders_card),
        EXACT,
        version,
        corner="column",
        text_rows=True,
    )
    page.fractions_table(
        pd.DataFrame.from_dict(fractions_rows, orient="index"),
        "New World riches: the same chances as exact fractions",
        _riches_rules(raiders_card),
        version,
        corner="column",
        text_rows=True,
    )


def _riches_turn(
    page: Page, version: str, quick: bool, anchor: str, heading: str, raiders_card
) -> None:
    """RULES.md §28.7, §30.14: a Hapsburg turn's cards kept and stolen, by the Raiders."""
    import pandas as pd

    import oddsengine as oe
    from oddsengine.card_rolls.riches_turn import RichesTurn

    page.body.append(
        section_html(
            anchor,
            heading,
            [
                "Each card the Hapsburgs receive from the New World faces every Raider in "
                f"play, French, then English, then Protestant ({raiders_card.name} puts one in "
                "play). A Raider rolls a die: 1, it is eliminated; 2, eliminated if the "
                "Hapsburgs have Galleons; 5, it steals the card and retires; 6, it steals the "
                "card and stays. Once a card is stolen, no later Raider rolls for it. A "
                "Raider eliminated or retired rolls for no later card of the turn.",
                "Rows are the Hapsburg holdings, without Galleons and with them. The cards "
                "are expected numbers; 'a card stolen' (one or more) and 'the Raider lost' "
                "are chances; 'Raiders lost', of two, is an expected number.",
            ],
        )
    )
    holdings = HOLDINGS[:3] if quick else HOLDINGS
    means = {raiders: {} for raiders in (1, 2)}
    curves = {words: (list(RAIDERS), []) for words, _ in holdings}
    for words, held in holdings:
        for galleons in (False, True):
            label = f"{words}, Galleons" if galleons else words
            for count, raiders in RAIDERS.items():
                answer = oe.exact(RichesTurn(holdings=held, galleons=galleons, raiders=raiders))
                expected = answer.expected_values()
                if not galleons:
                    curves[words][1].append(expected["cards_kept"]["mean"])
                if count not in means:
                    continue
                row = {
                    "cards received": expected["cards_received"]["mean"],
                    "kept": expected["cards_kept"]["mean"],
                    "stolen": expected["cards_stolen"]["mean"],
                    "a card stolen": answer.p["any_stolen"],
                }
                lost = [answer.p[f"raider_{fate}:{raider}"] for raider in raiders
                        for fate in ("eliminated", "retired")]  # fmt: skip
                if count == 1:
                    row["the Raider lost"] = sum(lost)
                else:
                    row["Raiders lost"] = expected["raiders_lost"]["mean"]
                means[count][label] = row

    def number(mean):
        return f"{mean:.3f}"

    numbers = {name: number for name in ("cards received", "kept", "stolen", "Raiders lost")}
    for count, what in (
        (1, f"one Raider ({raiders_card.name})"),
        (2, "two Raiders (French, English)"),
    ):
        page.table(
            pd.DataFrame.from_dict(means[count], orient="index"),
            f"A Hapsburg turn's New World cards with {what}: the cards received, "
            "kept and stolen (expected), the chance a card is stolen"
            + (" and the Raider lost" if count == 1 else ", the Raiders lost (expected)"),
            _riches_rules(raiders_card),
            "exact (chances shown rounded to 2 decimals of a percentage, expected "
            "cards to 3 decimals)",
            version,
            corner="Hapsburg holdings",
            columns=numbers,
            text_rows=True,
        )
    page.line_chart(
        "riches-turn",
        [("", curves)],
        "the expected New World cards the Hapsburgs keep against the Raiders in play",
        "One line per set of Hapsburg holdings, without Galleons; the Raiders roll French, "
        "then English, then Protestant.",
        xlabel="Raiders in play",
        ylabel="cards the Hapsburgs keep",
        title="New World riches: the Hapsburg cards kept in a turn, by the Raiders",
        legend_title="Hapsburg holdings",
        percent=False,
        panel_width=5.0,
    )

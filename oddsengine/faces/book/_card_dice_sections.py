"""The dice a card rolls on its own, on the odds book's page of the card rolls (RULES.md
§28.1-§28.4, §28.9, §28.11): Michelangelo's CP, the hits of the City-State Rebels and of
Andrea Doria, the Book of Common Prayer's unrest die, A Threat to Power and the Fountain
of Youth, each section its text and its table.
"""

from __future__ import annotations

from oddsengine.faces.book._card_roll_words import (
    card_heading,
    card_rules,
    exact_answer,
    listed,
)
from oddsengine.faces.book._html import section_html
from oddsengine.faces.book._pages import Page


def michelangelo(page: Page, version: str, record) -> None:
    """RULES.md §28.2: 2d6 CP to St Peter's."""
    import pandas as pd

    from oddsengine.card_rolls.die_events import Michelangelo

    answer, fractions = exact_answer(Michelangelo())
    mean = answer.expected_values()["cp"]["mean"]
    page.body.append(
        section_html(
            record.slug,
            card_heading(record),
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
    page.table_with_fractions(
        frame,
        f"{record.name}: the chance of each number of CP added to St Peter's, and "
        "of at least that many",
        card_rules(record),
        version,
        corner="CP",
        fractions=("exact", "exact, at least"),
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


def city_state_rebels(page: Page, version: str, record) -> None:
    """RULES.md §28.9: 5 dice against the units of a captured key."""
    import pandas as pd

    from oddsengine.card_rolls.hit_events import CityStateRebels

    page.body.append(
        section_html(
            record.slug,
            card_heading(record),
            [
                "Against a captured key not under siege, the rebels roll 5 dice, hits on "
                "5-6: 5/3 hits on average. Each hit eliminates one land or naval unit there; "
                "with none left, the key returns to its home power (or its major ally), "
                "which adds 1 regular, and the leaders there are captured.",
            ],
        )
    )
    answer, fractions = exact_answer(CityStateRebels())
    rules = card_rules(record)
    page.table_with_fractions(
        _hits_table(answer, fractions, CityStateRebels.DICE, at_least=False),
        f"{record.name}: the chance of each number of hits of the rebels' 5 dice",
        rules,
        version,
        corner="hits",
        fractions=("exact",),
    )
    rows = {}
    for units in range(1, CityStateRebels.DICE + 2):
        held, shown = exact_answer(CityStateRebels(units=units))
        # More units than dice: never retaken, 5/3 units eliminated, whatever their number.
        label = f"{units} or more" if units > CityStateRebels.DICE else str(units)
        rows[label] = {
            "key retaken": held.p["key_retaken"],
            "exact": shown["key_retaken"],
            "units eliminated": held.expected_values()["units_eliminated"]["mean"],
        }
    page.table(
        pd.DataFrame.from_dict(rows, orient="index"),
        f"{record.name}: the chance the key is retaken, and the units expected to "
        "be eliminated, by the units at the key",
        rules,
        "exact (chances shown rounded to 2 decimals of a percentage, and as a "
        "fraction; expected units to 2 decimals)",
        version,
        corner="units at the key",
        columns={"exact": str, "units eliminated": lambda mean: f"{mean:.2f}"},
    )


def andrea_doria(page: Page, version: str, record) -> None:
    """RULES.md §28.11: 3 dice against the Ottoman piracy VP."""
    from oddsengine.card_rolls.hit_events import AndreaDoria

    answer, fractions = exact_answer(AndreaDoria())
    page.body.append(
        section_html(
            record.slug,
            card_heading(record, ": its second use"),
            [
                "The card's second use rolls 3 dice against the Ottoman piracy VP; each "
                "hit (5-6) takes 1 off, not below 0: 1 VP on average, 19/27 of a VP when the "
                "Ottomans hold only 1, 26/27 when they hold 2.",
            ],
        )
    )
    page.table_with_fractions(
        _hits_table(answer, fractions, AndreaDoria.DICE),
        f"{record.name}: the chance of exactly and of at least k hits of its 3 "
        "dice (piracy VP taken off)",
        card_rules(record),
        version,
        corner="hits",
        fractions=("exact", "exact, at least"),
    )


def book_of_common_prayer(page: Page, version: str, record) -> None:
    """RULES.md §28.1: the unrest die after the four Reformation attempts."""
    import pandas as pd

    from oddsengine.card_rolls.die_events import BookOfCommonPrayer
    from oddsengine.moves.board import load_board

    # England's home spaces on the map, Calais included (RULES.md §28.1).
    everything = sum("england" in space.home_powers for space in load_board())
    page.body.append(
        section_html(
            record.slug,
            card_heading(record),
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
        answer, fractions = exact_answer(BookOfCommonPrayer(catholic_home_spaces=catholic))
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
    page.table(
        pd.DataFrame.from_dict(rows, orient="index"),
        f"{record.name}: the chance of unrest on none, 1, 2 or more Catholic "
        "English home spaces, and the spaces expected, by the Catholic home spaces "
        "left",
        card_rules(record),
        "exact (chances shown rounded to 2 decimals of a percentage, the spaces "
        "expected as a fraction)",
        version,
        corner="Catholic home spaces",
        columns={"spaces expected": str},
    )


def one_die(page: Page, version: str, threat_card, fountain_card) -> None:
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
                f"{card_heading(threat_card)} targets "
                + listed(targets, "or")
                + ", if not captured: one die, 1-3 he is out for the rest of the turn, 4-6 "
                "for the rest of the game.",
                f"{card_heading(fountain_card)} cancels an exploration underway; then one "
                "die, 4-6 removes one of that power's explorers, picked at random, from the "
                "game. Each explorer's chance is shown for the power's whole pool; an "
                "explorer already gone leaves a smaller pool and a larger chance.",
            ],
        )
    )
    rows = {}

    def add(words, answer, fractions, name):
        rows[words] = {"chance": answer.p[name], "exact": fractions[name]}

    answer, fractions = exact_answer(ThreatToPower())
    for outcome, words in (("out_for_game", "game"), ("out_for_turn", "turn")):
        add(f"{threat_card.name}: out for the rest of the {words}", answer, fractions, outcome)
    for power in sorted(POWERS, key=lambda power: power != "hapsburg"):
        fountain = FountainOfYouth(power=power)
        answer, fractions = exact_answer(fountain)
        if power == "hapsburg":  # the chance an explorer goes is the die's, whatever the pool
            words = f"{fountain_card.name}: an explorer removed"
            add(words, answer, fractions, "explorer_removed")
        words = (
            f"{fountain_card.name}: a given {power_adjective(power)} explorer "
            f"({len(fountain.pool)} in the pool)"
        )
        add(words, answer, fractions, f"removed:{fountain.pool[0]}")
    page.table_with_fractions(
        pd.DataFrame.from_dict(rows, orient="index"),
        f"{threat_card.name} and {fountain_card.name}: the chance of each result",
        card_rules(threat_card, fountain_card),
        version,
        corner="card: result",
        fractions=("exact",),
        text_rows=True,
    )

"""The odds book's page of Part IV (RULES.md §24-§27, §29): Henry VIII's heirs wife by
wife, the succession on the timeline of §26, what one more Six Wives of Henry VIII is worth
against its 5 CP, and England under Mary I, each computed with the exact engine through
the public API (see ``_pages`` for the page type)."""

from __future__ import annotations

from oddsengine.faces.book._pages import Page, book_page

#: The rules of the chain and of the succession, as the captions cite them.
_CHART_RULES = (
    "Here I Stand 21.3 (Henry's marital status track and the Pregnancy Chart; RULES.md "
    "§24, §25, §29)"
)
_TIMELINE_RULES = "Here I Stand 21.3, 6.2 (succession; RULES.md §26, §30.9)"
_MARY_RULES = "Here I Stand 21.3 (England under Mary I; RULES.md §27)"
#: The columns of the table after each wife (§29's), in its order, with their headers.
_MARRIAGE_COLUMNS = {
    "healthy_edward": "healthy Edward",
    "sickly_edward_elizabeth": "sickly Edward + Elizabeth",
    "sickly_edward_only": "sickly Edward only",
    "mary_elizabeth": "Mary I + Elizabeth",
    "mary_only": "Mary I only",
    "elizabeth_born": "Elizabeth born",
}
#: §26's table: England's marriages before the heir's card on turn 6 (the rows' labels;
#: the guide says what each is).
_BEFORE_HEIR = {5: "5", 4: "4 (default)", 3: "3", 2: "2"}


@book_page(
    "heirs",
    "Henry VIII's heirs and England under Mary I",
    "Henry's heirs",
    "Who follows Henry VIII after each wife, the succession turn by turn, what one more "
    "Six Wives is worth against its 5 CP, and how often the Papacy takes England's "
    "cards under Mary I.",
    [
        "Henry marries at most five wives, in the order of his marital status track "
        "(§24): Anne Boleyn, Jane Seymour, Anne of Cleves, Kathryn Howard, Katherine "
        "Parr. Each marriage is one die on the Pregnancy Chart, +1 for Jane Seymour; a "
        "result already on the chart moves up to the first free line (§25). No wife is "
        "married after a 6, or once Edward and Elizabeth are both born.",
        "The first table reads after each wife, from the game's start: the chance of "
        "each line of succession (§26: the highest result decides; 6 a healthy Edward, "
        "5 a sickly Edward, 4 Mary I then Elizabeth, 3 or less Mary I alone), the "
        "chance Elizabeth is born, and England's expected heir VP (5 if Edward is born, "
        "else 2 if Elizabeth is). The second table gives the same chances as exact "
        "fractions.",
        "The timeline table is §26's: England plays Six Wives every turn from turn 2 "
        "(turn 2 reaches Ask for Divorce), the flirtatious bonus on top, and each "
        "heir's card is played in the turn it enters the deck. Its rows are England's "
        "marriages before the heir's card on turn 6: 5, the Papal divorce on turn 3 "
        "then Six Wives on turns 3-6; 4, Six Wives on turns 3-6 (the default); 3, the "
        "heir's card played first in turn 6; 2, England stops after two marriages.",
        "The Six Wives tables set the event of Six Wives of Henry VIII against its other "
        "use, 5 CP: the expected heir VP without that marriage and with it, and the VP "
        "the event adds for each CP given up.",
        "Under Mary I (§27), each English impulse with a card other than a Mandatory "
        "Event rolls a die: on 1-3 the Papacy takes the card (Burn Books in the English "
        "zone with a 1-2 CP card, a debate in England with 3 CP, both with 4 or more) "
        "and England's impulse ends. A pass rolls nothing.",
        "Darker cells are likelier.",
    ],
)
def heirs(page: Page, version: str, quick: bool) -> None:
    """The page of Henry VIII's heirs and England under Mary I."""
    _chart(page, _after_each_wife(page, version))
    _timeline(page, version)
    _six_wives(page, version)
    _mary_i(page, version, impulses=4 if quick else 8)


def _after_each_wife(page: Page, version: str):
    """§29's table, in percentages and as fractions; returns the chances for the chart."""
    import pandas as pd

    import oddsengine as oe
    from oddsengine.england.heirs import Heirs
    from oddsengine.england.pregnancy_chart import WIFE_NAMES
    from oddsengine.questions.heirs_table import marriage_table
    from oddsengine.results.fractions import exact_fractions

    table = marriage_table(Heirs())
    index = [f"{after} {WIFE_NAMES[after - 1]}" for after in table["after"]]
    frame = table[list(_MARRIAGE_COLUMNS)].rename(columns=_MARRIAGE_COLUMNS)
    frame.index = index
    frame["expected heir VP"] = list(table["expected.vp"])
    page.table_with_numbers(
        frame,
        "Henry VIII's heirs after each wife, from the game's start",
        _CHART_RULES,
        version,
        ("expected heir VP",),
        words="expected VP",
        decimals=3,  # §29 writes 3.806
        corner="after wife",
    )
    fractions = [exact_fractions(oe.exact(Heirs(marriages=k))) for k in table["after"]]
    exact = pd.DataFrame(
        {
            header: [str(shown[name]) for shown in fractions]
            for name, header in _MARRIAGE_COLUMNS.items()
        },
        index=index,
    )
    page.fractions_table(
        exact,
        "The same chances as exact fractions",
        _CHART_RULES,
        version,
        corner="after wife",
    )
    return table


def _timeline(page: Page, version: str) -> None:
    """§26's table: the succession by England's marriages before the turn-6 heir card."""
    import pandas as pd

    import oddsengine as oe
    from oddsengine.england.heirs import Heirs

    rows = {}
    for before, label in _BEFORE_HEIR.items():
        answer = oe.exact(Heirs(timeline=True, marriages_before_heir=before))
        p = answer.p
        turn = answer.expected_values().get("mary_turn")
        rows[label] = {
            "healthy Edward": p["healthy_edward"],
            "Edward born": p["edward_born"],
            "Elizabeth born": p["elizabeth_born"],
            "Mary I rules": p["mary_rules"],
            "Mary I from turn 6": p.get("mary_from_turn:6", 0.0),
            "Mary I from turn 7": p.get("mary_from_turn:7", 0.0),
            "Elizabeth I rules": p["elizabeth_rules"],
            "expected turn Mary I takes the throne": None if turn is None else turn["mean"],
        }
    frame = pd.DataFrame.from_dict(rows, orient="index")
    page.table_with_numbers(
        frame,
        "The succession by England's marriages before the heir's card on turn 6 "
        "(the heir's card played the turn it enters the deck)",
        _TIMELINE_RULES,
        version,
        ("expected turn Mary I takes the throne",),
        words="the turn",
        decimals=2,
        corner="marriages before the heir",
    )


def _six_wives(page: Page, version: str) -> None:
    """What the last play of Six Wives adds in expected heir VP, wife by wife and on the
    timeline, against its 5 CP."""
    import pandas as pd

    from oddsengine.england.heirs import Heirs
    from oddsengine.england.pregnancy_chart import WIFE_NAMES
    from oddsengine.questions.switch_value import switch_value

    def worth(questions: dict) -> pd.DataFrame:
        rows = {}
        for label, question in questions.items():
            (value,) = switch_value(question).to_dict("records")
            rows[label] = {
                "heir VP without": value["without_card"],
                "with": value["with_card"],
                "difference": value["difference"],
                "VP per CP": value["vp_per_cp"],
            }
        return pd.DataFrame.from_dict(rows, orient="index")

    vp = {
        "heir VP without": lambda v: f"{v:.3f}",
        "with": lambda v: f"{v:.3f}",
        "difference": lambda v: f"{v:+.3f}",
        "VP per CP": lambda v: f"{v:+.4f}",
    }
    method = "exact (expected VP shown to 3 decimals, VP per CP to 4)"
    rules = "Here I Stand 21.3 (Six Wives of Henry VIII, 5 CP; RULES.md §24, §25)"
    by_wife = worth(
        {f"{k} {WIFE_NAMES[k - 1]}": Heirs(marriages=k) for k in range(1, len(WIFE_NAMES) + 1)}
    )
    page.table(
        by_wife,
        "Six Wives of Henry VIII against its 5 CP: the heir VP one marriage fewer, "
        "with the marriage, and what each CP given up buys, wife by wife from the "
        "game's start",
        rules,
        method,
        version,
        corner="the marriage to",
        cell=str,
        columns=vp,
    )
    on_timeline = worth(
        {
            label: Heirs(timeline=True, marriages_before_heir=before)
            for before, label in _BEFORE_HEIR.items()
        }
    )
    page.table(
        on_timeline,
        "Six Wives of Henry VIII against its 5 CP on the timeline: the last play "
        "before the heir's card",
        "Here I Stand 21.3, 6.2 (Six Wives of Henry VIII, 5 CP; the succession; RULES.md §24-§26)",
        method,
        version,
        corner="marriages before the heir",
        cell=str,
        columns=vp,
    )


def _mary_i(page: Page, version: str, impulses: int) -> None:
    """§27: the Papacy's takes over 1..``impulses`` English card impulses."""
    import pandas as pd

    import oddsengine as oe
    from oddsengine.england.mary_i import MaryI

    most = 4
    rows, curves = {}, {f"at least {k}": ([], []) for k in range(1, most + 1)}
    for n in range(1, impulses + 1):
        answer = oe.exact(MaryI(impulses=n))
        row = {"none": answer.p["taken:0"]}
        for k in range(1, most + 1):
            # None of n impulses can give more than n takes: a chance of 0, not a refusal.
            chance = answer.p.get(f"at_least:{k}", 0.0)
            row[f"at least {k}"] = chance
            curves[f"at least {k}"][0].append(n)
            curves[f"at least {k}"][1].append(chance)
        row["expected taken"] = answer.expected_values()["taken"]["mean"]
        rows[str(n)] = row
    frame = pd.DataFrame.from_dict(rows, orient="index")
    page.table_with_numbers(
        frame,
        "England under Mary I: the chance the Papacy takes none, or at least k, of "
        "England's card impulses",
        _MARY_RULES,
        version,
        ("expected taken",),
        words="the expected number",
        decimals=1,
        corner="impulses \\ taken",
    )
    page.line_chart(
        "mary-i",
        [("", curves)],
        "the chance the Papacy takes at least k cards against England's impulses",
        "One line per number of cards taken; each impulse with a card is taken on 1-3 (1/2).",
        xlabel="England's card impulses under Mary I",
        ylabel="chance the Papacy takes",
        title="Mary I: the chance the Papacy takes at least k of England's cards",
        legend_title="cards taken",
    )


def _chart(page: Page, table) -> None:
    """The chart's odds after each wife: the lines of succession, and the heirs born."""
    from oddsengine.england.pregnancy_chart import WIFE_NAMES

    wives = list(table["after"])
    ticks = {after: WIFE_NAMES[after - 1] for after in wives}
    rulers = {
        "healthy Edward": table["healthy_edward"],
        "sickly Edward": table["sickly_edward_elizabeth"] + table["sickly_edward_only"],
        "Mary I + Elizabeth": table["mary_elizabeth"],
        "Mary I only": table["mary_only"],
    }
    page.line_chart(
        "after-each-wife",
        [("", {name: (wives, list(p)) for name, p in rulers.items()})],
        "the chance of each line of succession after each of Henry's wives",
        "One line per line of succession (the highest result on the chart); after Katherine "
        "Parr Edward is always born.",
        xlabel="after the marriage to",
        ylabel="chance",
        title="Henry VIII's heirs after each wife",
        legend_title="the highest result",
        xticks=ticks,
    )

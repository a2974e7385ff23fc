"""The odds book's page of the religious struggle's attempts (RULES.md §17, §18): the
single-attempt tables by dice counts, for both tie sides, with the +1 modifier and with
Augsburg Confession, computed with the exact engine through the public API."""

from __future__ import annotations

from oddsengine import kinds
from oddsengine.faces.book._pages import EXACT, Page, book_page
from oddsengine.religion.cards import AUGSBURG_CONFESSION, CALVINS_INSTITUTES

#: The tables of the page: (title, kind, fixed parameters, rules).
_TABLES = (
    ("Reformation attempt, the Protestant wins ties (a target in the attempt's target zone)",
     "reformation", {"ties": "protestant"}, "RULES.md §17"),
    ("Reformation attempt, the Papacy wins ties (outside the target zone, or a space in no "
     "zone)", "reformation", {"ties": "papacy"}, "RULES.md §17, §23 reading 1"),
    ("Reformation attempt with +1 on every Protestant die "
     f"({CALVINS_INSTITUTES.name}, a Full Bible translation; in the target zone)",
     "reformation", {"ties": "protestant", "modifier": 1}, "RULES.md §17 step 4"),
    ("Counter-Reformation attempt, the Protestant wins ties", "counter-reformation",
     {"ties": "protestant"}, "RULES.md §18"),
    ("Counter-Reformation attempt, the Papacy wins ties (its target zone under Paul III or "
     "Julius III)", "counter-reformation", {"ties": "papacy"}, "RULES.md §18, §23 reading 3"),
    (f"Counter-Reformation attempt under {AUGSBURG_CONFESSION.name} "
     f"({AUGSBURG_CONFESSION.counter_reformation_modifier} on every Papal die), the "
     "Protestant wins ties", "counter-reformation", {"ties": "protestant", "augsburg": True},
     "RULES.md §18, §23 reading 2"),
)  # fmt: skip


@book_page(
    "religious-attempts",
    "Reformation and Counter-Reformation attempts",
    "Religious attempts",
    "The chance one Reformation or Counter-Reformation attempt converts its target, by "
    "the dice of both sides, for both tie sides, with the +1 modifier and with "
    f"{AUGSBURG_CONFESSION.name}.",
    [
        "Count each side's dice as the rulebook says (§17 steps 2-3 and 6: neighbours, "
        "reformers or universities, stacks, then the bonus dice); each side keeps its "
        "highest die and the higher wins. The attempting side's dice give the rows.",
        "Ties decide much: in its target zone the attempting Protestant wins them, "
        "elsewhere (and in a space in no zone) the Papacy does; the Papacy wins them in "
        "a Counter-Reformation attempt only in its target zone under Paul III or "
        "Julius III.",
        "The automatic success on a modified 6 never changes these chances: it applies "
        "only where the attempting side wins ties, and there a 6 already ties or beats "
        "any die.",
        "Darker cells are likelier.",
    ],
)
def attempts(page: Page, version: str, quick: bool) -> None:
    """The page of Reformation and Counter-Reformation attempts."""
    import oddsengine as oe

    attacker, defender = ("1..3", "1..2") if quick else ("1..8", "1..6")
    panels = []
    for title, kind, fixed, rules in _TABLES:
        rows_role, columns_role = kinds.kind_of(kind).roles
        grid = {rows_role: attacker, columns_role: defender}
        table = oe.odds_table(kind, grid[rows_role], grid[columns_role], **fixed)
        frame = table.probability
        page.table(
            frame,
            f"Chance of success: {title}",
            f"Here I Stand: {rules}",
            EXACT,
            version,
            corner=f"{rows_role.replace('_', ' ')} \\ {columns_role.replace('_', ' ')}",
        )
        if kind == "reformation" and len(panels) < 2:
            curves = {
                str(column): ([int(label) for label in frame.index], frame[column])
                for column in frame.columns
            }
            panels.append((title.split(" (")[0].replace("Reformation attempt, ", ""), curves))
    page.line_chart(
        "reformation",
        panels,
        "chance a Reformation attempt succeeds against the Protestant dice",
        "One line per count of Papal dice; one panel where the Protestant wins ties, one "
        "where the Papacy does.",
        xlabel="Protestant dice",
        ylabel="chance of success",
        title="Reformation attempt: chance of success",
        legend_title="Papal dice",
    )

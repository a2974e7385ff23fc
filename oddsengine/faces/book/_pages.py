"""The pages of the odds book, each computed with the exact engine through the public API.

Every builder takes ``quick`` (a small grid, for tests) and returns a :class:`Page`: the
tables and charts of one subject and a short reading guide in plain language. A page whose
opening words are fixed declares them once with :func:`book_page`, above the function that
fills it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import partial, wraps

from oddsengine import kinds
from oddsengine.faces.book._charts import bars, line_panels
from oddsengine.faces.book._html import caption_html, percent, table_html

#: Said in every caption of an exact table.
EXACT = "exact (shown rounded to 2 decimals of a percentage)"
#: Said in the caption of a table that gives fractions beside its percentages.
WITH_FRACTIONS = "exact (shown rounded to 2 decimals of a percentage, and as a fraction)"


@dataclass
class Page:
    """One page: its file name (``slug``), titles, guide, HTML parts and charts."""

    slug: str
    title: str
    short: str
    summary: str
    guide: list[str]
    body: list[str] = field(default_factory=list)
    charts: dict = field(default_factory=dict)

    def table(self, frame, what: str, rules: str, method: str, version: str, **options) -> None:
        """Add a table to the body under its caption.

        Parameters
        ----------
        frame : pandas.DataFrame
            The cells, rows by their labels.
        what, rules, method, version : str
            The caption (:func:`caption_html`): what the cells are, the rules, the method
            and precision, the version.
        **options
            How the cells are shown (:func:`table_html`: ``corner``, ``cell``, ``shade``,
            ``columns``, ``text_rows``).
        """
        self.body.append(table_html(frame, caption_html(what, rules, method, version), **options))

    def fractions_table(self, frame, what: str, rules: str, version: str, **options) -> None:
        """Add the table that writes the chances of the table before it as exact fractions:
        each cell as it is, unshaded, the method "exact" (:meth:`table`'s arguments)."""
        self.table(frame, what, rules, "exact", version, cell=str, shade=False, **options)

    def table_with_fractions(
        self, frame, what: str, rules: str, version: str, fractions: tuple, **options
    ) -> None:
        """Add a table of exact chances whose columns ``fractions`` write them as fractions
        beside the percentages of the others, its method saying so (:meth:`table`'s
        arguments)."""
        columns = dict.fromkeys(fractions, str)
        self.table(frame, what, rules, WITH_FRACTIONS, version, columns=columns, **options)

    def table_with_numbers(
        self,
        frame,
        what: str,
        rules: str,
        version: str,
        numbers: tuple,
        *,
        words: str,
        decimals: int,
        **options,
    ) -> None:
        """Add a table of exact chances whose columns ``numbers`` are other figures (an
        expected value, a turn), shown to ``decimals`` decimals, its method naming them in
        ``words`` (:meth:`table`'s arguments)."""
        method = (
            f"exact (chances shown rounded to 2 decimals of a percentage, {words} to {decimals})"
        )
        columns = dict.fromkeys(numbers, lambda number: f"{number:.{decimals}f}")
        self.table(frame, what, rules, method, version, columns=columns, **options)

    def chart(self, name: str, figure, alt: str, caption: str) -> None:
        """Add a chart, saved as ``img/<slug>-<name>.png``, and its place in the body.

        ``figure`` is a matplotlib figure, or a function of ``narrow`` (from
        :meth:`line_chart`) that draws it wide and, for a phone, narrow
        (``img/<slug>-<name>-narrow.png``).
        """
        from oddsengine.faces.book._html import figure_html

        filename = f"{self.slug}-{name}.png"
        narrow = None
        if callable(figure):
            narrow = f"{self.slug}-{name}-narrow.png"
            self.charts[narrow] = figure(narrow=True)
            figure = figure(narrow=False)
        self.charts[filename] = figure
        self.body.append(figure_html(f"img/{filename}", alt, caption, narrow and f"img/{narrow}"))

    def line_chart(self, name: str, panels, shows: str, caption: str, **options) -> None:
        """Add a line chart of ``panels`` (:func:`line_panels`, with ``options``), drawn
        wide and narrow, as :meth:`chart` adds it; its alternative text is "Line chart: "
        and ``shows`` (what the lines show against what)."""
        self.chart(name, partial(line_panels, panels, **options), f"Line chart: {shows}", caption)


def book_page(slug: str, title: str, short: str, summary: str, guide: list[str]):
    """Make a page builder of a function that fills a page: the page opens with these
    words (:class:`Page`'s fields of the same names) and the function adds its tables
    and charts.

    The function is ``fill(page, version, quick)``; the builder, under its name, is
    ``build(version, quick)`` and returns the page, as the book's contents call it. Each
    build opens a new page, with its own copy of the guide.
    """

    def decorate(fill):
        @wraps(fill)
        def build(version: str, quick: bool) -> Page:
            page = Page(slug, title, short, summary, list(guide))
            fill(page, version, quick)
            return page

        return build

    return decorate


def _dash_guide(table, what: str) -> str:
    """The reading guide's sentence on grey dashes, from the refusals in the tables: how
    many cells, and each distinct reason once (counts written N)."""
    import re

    cells = table.to_long_frame()
    refused = cells[cells["status"] == "refused"]
    if refused.empty:
        return f"The rules allow every {what} in these tables: no cell is a dash."
    reasons = []
    for reason in refused["reason"]:
        reason = re.sub(r"^[a-z -]+ refused: ", "", str(reason)).rstrip(".")
        reason = re.sub(r"(?<![(.\d])\b\d+\b(?![.\d)])", "N", reason)
        if reason not in reasons:
            reasons.append(reason)
    because = "; ".join(reasons)
    article = "an" if what[0] in "aeiou" else "a"
    return (
        f"A grey dash (and a cross under a chart's axis) marks {article} {what} the rules "
        "refuse: "
        f"{len(refused)} of {len(cells)} cells here, because {because}."
    )


def _precision(method: str) -> str:
    """The method of a table, with the precision shown when it is exact."""
    return EXACT if method == "exact" else method


def _units(label: str) -> int:
    """The regulars of a row label such as ``"3R L1"``."""
    return int(label.split("R")[0].split(":")[-1])


def _odds_table_page(page, kind, rows, columns, *, what, rules, version, legend, every=1):
    """Tables (one per leader rating) and a chart of one panel per leader rating."""
    import warnings

    import oddsengine as oe
    from oddsengine.sweeps.refusals import RefusedScenariosWarning

    with warnings.catch_warnings():
        # The page marks the cells the rules refuse and says why in its guide.
        warnings.simplefilter("ignore", RefusedScenariosWarning)
        table = oe.odds_table(kind, rows, columns)
    page.guide.insert(1, _dash_guide(table, kinds.title(kind).lower()))
    panels = []
    for title, frame in table.sections():
        named = f"{what}; {title}" if title else what  # one section: no leader rating
        page.table(
            frame,
            named,
            rules,
            _precision(table.method_text()),
            version,
            corner=f"{table.roles[0]} \\ {table.roles[1]}",
        )
        lines = {
            f"{legend} {column}": ([_units(label) for label in frame.index], frame[column])
            for column in list(frame.columns)[::every]
        }
        panels.append((title, lines))
    return panels


def odds_table_page(name: str, version: str, quick: bool) -> Page:
    """The page of a kind with no page of its own (its record names none): its odds
    table, rows by its first role and columns by its second, from the templates its
    record's ``default_sides`` give (else regulars against regulars), and a chart of it."""
    kind = kinds.kind_of(name)
    first, second = (*kind.roles, "")[:2]
    chance = kinds.outcome_words(kind.headline, name) or str(kind.headline).replace("_", " ")
    page = Page(
        name,
        kind.title,
        kind.title,
        f"The chance {chance}, by the forces of both sides ({kind.rule}).",
        [
            f"Rows are the {first}'s forces, columns the {second}'s; the cell is the chance "
            f"{chance}.",
            "Darker cells are likelier.",
        ],
    )
    generic = ("1..3R", "1..2R") if quick else ("1..8R", "1..6R")
    rows, columns = kind.default_sides or generic
    panels = _odds_table_page(
        page,
        name,
        rows,
        columns,
        what=f"Chance {chance}",
        rules=f"Here I Stand: {kind.rule}",
        version=version,
        legend=second,
    )
    page.line_chart(
        "odds",
        panels,
        f"chance {chance} against the {first}'s units",
        f"One line per force of the {second}.",
        xlabel=f"{first}'s units",
        ylabel=f"chance {chance}",
        title=f"{kind.title}: chance {chance}",
        legend_title=f"{second}'s forces",
    )
    return page


# -- land combat -----------------------------------------------------------------------


@book_page(
    "assaults",
    "Assaults",
    "Assaults",
    "The chance an assault takes the space, by garrison, attacking units and the "
    "attacker's leader rating.",
    [
        "Each table is one leader rating of the attacker. Find the attacking regulars on "
        "the left and the garrison across the top: the cell is the chance the space falls "
        "in this one assault.",
        "Darker cells are likelier.",
        "Each assault is one roll of the dice; a siege that goes on for several impulses "
        "is on the siege page.",
    ],
)
def assaults(page: Page, version: str, quick: bool) -> None:
    rows, columns = ("1..6R L0..1", "1..2R") if quick else ("1..10R L0..2", "1..4R")
    panels = _odds_table_page(
        page,
        "assault",
        rows,
        columns,
        what="Chance the assault takes the space",
        rules="Here I Stand 15.1 (assault)",
        version=version,
        legend="garrison",
    )
    page.line_chart(
        "by-units",
        panels,
        "chance an assault takes the space against attacking regulars",
        "One panel per leader rating of the attacker; one line per garrison. Missing points "
        "are assaults the rules refuse.",
        xlabel="attacking regulars",
        ylabel="chance the space is taken",
        title="Chance an assault takes the space, by garrison and leader rating",
        legend_title="defenders",
    )


@book_page(
    "battles",
    "Field battles",
    "Field battles",
    "The chance the attacker wins a field battle, by the units of both sides and the "
    "attacker's leader rating.",
    [
        "Each table is one leader rating of the attacker, against a defender with no "
        "leader. Rows are the attacker's regulars, columns the defender's; the cell is "
        "the chance the attacker wins the battle (the defender wins ties).",
        "Darker cells are likelier.",
    ],
)
def battles(page: Page, version: str, quick: bool) -> None:
    rows, columns = ("1..4R L0..1", "1..3R") if quick else ("1..10R L0..2", "1..8R")
    panels = _odds_table_page(
        page,
        "battle",
        rows,
        columns,
        what="Chance the attacker wins the field battle",
        rules="Here I Stand 14 (field battle)",
        version=version,
        legend="defender",
        every=1 if quick else 2,
    )
    page.line_chart(
        "by-units",
        panels,
        "chance the attacker wins against attacking regulars",
        "One panel per leader rating of the attacker; one line per defending force.",
        xlabel="attacking regulars",
        ylabel="chance the attacker wins",
        title="Chance the attacker wins a field battle, by defenders and leader rating",
        legend_title="defenders",
    )


@book_page(
    "interception",
    "Interception and avoid battle",
    "Interception",
    "The chance of a successful interception or avoid battle, by leader rating and "
    "Ottoman cavalry.",
    [
        "Both rolls are 2d6 plus the best battle rating of the units trying, plus 1 when "
        "the Ottomans try with cavalry, minus 1 when another power tries against a "
        "formation with Ottoman cavalry; 9 or more succeeds.",
        "So the numbers of units do not matter: only the leader's rating and the "
        "cavalry. Read the row of the best rating among the units trying.",
    ],
)
def rolls(page: Page, version: str, quick: bool) -> None:
    import pandas as pd

    import oddsengine as oe

    ratings = range(0, 2 if quick else 3)  # 5.1: a battle rating is 0, 1 or 2

    def leader(rating):
        return f" L{rating}" if rating else ""

    cases = {
        "no cavalry": ("hapsburg: 4R{}", "ottoman: 4R"),
        "Ottomans try with cavalry (+1)": ("ottoman: 3R 1C{}", "hapsburg: 4R"),
        "against Ottoman cavalry (−1)": ("hapsburg: 4R{}", "ottoman: 3R 1C"),
    }
    line_sets = {}
    # The kinds drawn by leader rating and Ottoman cavalry: interception and avoid battle.
    for kind in (kind for kind in kinds.table_kinds() if kind.fixed_chart):
        name, roll = kind.title.lower(), kind.spec
        values = {
            case: [oe.exact(roll(trying.format(leader(m)), other)).p["success"] for m in ratings]
            for case, (trying, other) in cases.items()
        }
        frame = pd.DataFrame(values, index=[f"rating {m}" for m in ratings])
        rule = f"{kind.rule.rpartition('rule ')[2]} ({name})"  # "13.2 (interception)"
        page.table(
            frame,
            f"Chance of a successful {name}, by the best battle rating",
            f"Here I Stand {rule}",
            EXACT,
            version,
            corner="battle rating \\ cavalry",
        )
        line_sets[name] = {case: (list(ratings), values[case]) for case in cases}
    page.line_chart(
        "by-rating",
        list(line_sets.items()),
        "chance of success against battle rating",
        "The same roll for both: one line per cavalry case.",
        xlabel="best battle rating of the units trying",
        ylabel="chance of success",
        title="Interception and avoid battle: 2d6 + rating ± cavalry, 9 or more",
    )


@book_page(
    "sieges",
    "Siege campaigns by impulse",
    "Sieges",
    "The chance a besieged space has fallen by each impulse, assaulting every impulse.",
    [
        "The besiegers assault once per impulse with their strongest legal formation, "
        "for as long as the siege lasts. Each column is a garrison; each row an impulse; "
        "the cell is the chance the space has fallen by then (it only grows).",
        "The chance the siege is broken instead (the besiegers lost or eliminated) is in "
        "the second table of each besieger.",
    ],
)
def sieges(page: Page, version: str, quick: bool) -> None:
    import pandas as pd

    import oddsengine as oe

    besiegers = ["ottoman: 9R Suleiman"] + ([] if quick else ["hapsburg: 7R Duke of Alva"])
    garrisons = range(1, 3 if quick else 5)
    horizon = 3 if quick else 6
    panels = []
    for stack in besiegers:
        defender = "hapsburg" if stack.startswith("ottoman") else "france"
        results = {
            f"{g}R": oe.exact_campaign(
                oe.SiegeCampaign(stack, f"{defender}: {g}R", horizon=horizon)
            )
            for g in garrisons
        }
        index = [f"impulse {k}" for k in range(1, horizon + 1)]
        for field_name, what in (("taken_by", "taken"), ("broken_by", "broken")):
            frame = pd.DataFrame(
                {name: getattr(result, field_name) for name, result in results.items()},
                index=index,
            )
            page.table(
                frame,
                f"Besiegers {stack} against a {defender} garrison: chance the "
                f"siege is {what} by each impulse",
                "Here I Stand 15, 15.1, 15.3 (siege and assault)",
                EXACT,
                version,
                corner="impulse \\ garrison",
            )
        panels.append(
            (
                f"{stack} against {defender}",
                {
                    name: (range(1, horizon + 1), result.taken_by)
                    for name, result in results.items()
                },
            )
        )
    page.line_chart(
        "by-impulse",
        panels,
        "chance the space has fallen against impulse",
        "One panel per besieging stack; one line per garrison.",
        xlabel="impulse",
        ylabel="chance the space has fallen",
        title="Siege campaigns: chance the space has fallen by each impulse",
        legend_title="garrison (regulars)",
    )


@book_page(
    "cards",
    "Card values",
    "Cards",
    "How much each combat card changes a side's chance, in reference battles.",
    [
        "For each combat the tables list every card a side may still play, with the "
        "change it makes to that side's chance of winning (for an assault: of taking or "
        "holding the space), in percentage points.",
        "Each row gives the side's chance without the card, with it, and the "
        "difference: the card's value. A positive value helps the side that plays the "
        "card. A card played by the defender (a response card) shows its value to the "
        "defender.",
    ],
)
def cards(page: Page, version: str, quick: bool) -> None:
    import oddsengine as oe

    combats = [oe.Assault("ottoman: 9R Suleiman", "hapsburg: 4R Ferdinand")]
    if not quick:
        combats += [
            oe.FieldBattle("ottoman: 6R 2C Suleiman", "hapsburg: 5R Charles V"),
            oe.FieldBattle("france: 5R Francis I", "hapsburg: 5R Charles V"),
        ]
    for number, spec in enumerate(combats, start=1):
        table = oe.card_value(spec)
        # The side's chance without the card and with it, and the value once, as a
        # number: no column repeating it as a sentence.
        frame = table.set_index("card")[["side", "without_card", "with_card", "value"]]
        frame.columns = ["side", "without", "with", "value"]
        page.table(
            frame,
            f"Card values: {spec.title()}",
            "Here I Stand 8 (combat cards), with 14 and 15.1",
            EXACT + "; pp = percentage points",
            version,
            corner="card",
            cell=str,
            shade=False,
            columns={
                "without": percent,
                "with": percent,
                "value": lambda value: f"{100 * value:+.2f} pp",
            },
        )
        page.chart(
            f"combat-{number}",
            partial(
                bars,
                [
                    f"{card} ({side})"
                    for card, side in zip(table["card"], table["side"], strict=True)
                ],
                list(100 * table["value"]),
                groups=list(table["side"]),
                xlabel="change in the side's chance (percentage points)",
                title=spec.title(),
            ),
            f"Bar chart of card values in {spec.title()}",
            "Colour and hatching tell the side that plays the card.",
        )


@book_page(
    "needed",
    "Units needed for 50%, 75% and 90%",
    "Units needed",
    "The smallest number of regulars that reaches a 50%, 75% or 90% chance.",
    [
        "Each row is a defending force; each column a target chance. The cell is the "
        "smallest number of regulars the attacker needs to reach it, with the chance "
        "that number actually gives in brackets.",
    ],
)
def needed(page: Page, version: str, quick: bool) -> None:
    import pandas as pd

    import oddsengine as oe

    targets = [0.5, 0.75, 0.9]
    questions = [
        ("assault", "ottoman: ?R Suleiman", f"hapsburg: 1..{2 if quick else 4}R"),
        ("battle", "ottoman: ?R Suleiman", f"hapsburg: 2..{3 if quick else 8}R"),
    ]
    panels = []
    unreached = 0
    for kind, attacker, defender in questions:
        table = oe.needed_table(kind, targets=targets, attacker=attacker, defender=defender)
        unreached += int(table.values[targets].isna().sum().sum())
        cells = pd.DataFrame(index=table.values.index)
        for target in targets:
            cells[f"{target:.0%}"] = [
                None if pd.isna(value) else f"{int(value)} ({percent(p)})"
                for value, p in zip(table.values[target], table.p[target], strict=True)
            ]
        page.table(
            cells,
            f"{table.question}: the smallest number giving at least the target "
            f"chance that {kinds.outcome_words(table.event, kind) or table.event}",
            f"Here I Stand, {table.rule}",
            EXACT,
            version,
            corner=f"{table.role} \\ target",
        )
        sizes = [_units(label) for label in table.values.index]
        panels.append(
            (
                f"{kind}: {attacker}",
                {
                    f"{target:.0%}": (
                        sizes,
                        [math.nan if pd.isna(v) else float(v) for v in table.values[target]],
                    )
                    for target in targets
                },
            )
        )
    page.line_chart(
        "units-needed",
        panels,
        "regulars needed against defending regulars",
        "One line per target chance; a line stops where no legal force reaches it.",
        xlabel="defending regulars",
        ylabel="regulars needed",
        title="Regulars needed to reach each target chance",
        legend_title="target",
        percent=False,
        gap_label="no legal force reaches it",
    )
    # The guide says what the dashes of these tables mean, and only if there are any.
    page.guide.append(
        f"A grey dash means no legal force reaches the target ({unreached} cells here: a "
        "leader commands only so many units in one formation)."
        if unreached
        else "Every target here is reached by a legal force: no cell is a dash."
    )


#: The land pages, in the order of the contents (the naval ones are in ``_sea_pages``).
LAND_BUILDERS = (assaults, battles, rolls, sieges, cards, needed)

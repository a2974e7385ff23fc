"""The odds book's page of religion on the board: the 95 Theses opening (RULES.md §17, §19),
every first target with its odds and what opening there is worth, the optimal order, and
P(k flips) of the optimal policy against best single odds each time."""

from __future__ import annotations

from oddsengine.faces.book._html import percent
from oddsengine.faces.book._pages import EXACT, Page

__all__ = ["theses_opening"]


def theses_opening(version: str, quick: bool) -> Page:
    """The page "the 95 Theses opening", from the shipped board ``religion_1517``."""
    import pandas as pd

    from oddsengine import exact
    from oddsengine.engines.attempt_runs_exact import first_targets
    from oddsengine.faces.religion_plots import plot_eligible_spaces
    from oddsengine.religion.attempt_runs import AttemptRun
    from oddsengine.religion.cards import NINETY_FIVE_THESES as THESES
    from oddsengine.religion.religion_scenario import load_religious_board

    board = load_religious_board("religion_1517")
    run = AttemptRun(board, THESES.slug)
    answer = exact(run)
    optimal, greedy = answer.optimal, answer.greedy
    page = Page(
        "theses",
        f"The {THESES.words} opening",
        THESES.words,
        f"Five attempts from Wittenberg: open on {optimal.first_target}; the optimal order "
        f"expects {optimal.expected_flips:.3f} spaces.",
        [
            f"{THESES.name} make five Reformation attempts in the German zone, each with "
            "one die more (RULES.md §19). Each attempt rolls both sides' dice and compares the "
            "highest: the Protestant wins ties in the German zone, the Papacy elsewhere (§17).",
            "The first table lists every space the first attempt may target, its dice, its "
            "chance, and the spaces expected in all if the run opens there and then plays "
            "optimally. The best opening is not always the likeliest: an electorate's first "
            "conversion brings its regulars, a Protestant stack for every later attempt "
            "around it (§16).",
            "The second table sets the optimal policy (searched exactly over every state of "
            "the run) beside the simple one of taking the best single chance each time.",
        ],
    )
    rows = first_targets(run)
    frame = pd.DataFrame(
        {
            "dice (Protestant v Papal)": [
                f"{row['protestant_dice']} v {row['papal_dice']}" for row in rows
            ],
            "ties": [row["ties"] for row in rows],
            "chance": [percent(row["p_success"]) for row in rows],
            "expected spaces if opened here": [
                f"{row['value_if_opened_here']:.3f}" for row in rows
            ],
        },
        index=[row["target"] for row in rows],
    )
    page.table(
        frame,
        f"Every first target of the {THESES.words} on the 1517 board",
        "Here I Stand, RULES.md §16, §17, §19",
        EXACT,
        version,
        corner="target",
        cell=str,
        shade=False,
    )
    flips = pd.DataFrame(
        {
            "optimal": [percent(p) for p in optimal.flips],
            "best single odds": [percent(p) for p in greedy.flips],
        },
        index=[f"{k} flips" for k in range(len(optimal.flips))],
    )
    flips.loc["expected spaces"] = [f"{optimal.expected_flips:.3f}", f"{greedy.expected_flips:.3f}"]
    flips.loc["first target"] = [optimal.first_target, greedy.first_target]
    page.table(
        flips,
        "P(k spaces turned) by the five attempts: the optimal order against the "
        "best single chance each time",
        "Here I Stand, RULES.md §19",
        EXACT,
        version,
        corner="",
        cell=str,
        shade=False,
    )
    order = _main_line(optimal.tree)
    page.body.append(
        "<p>The optimal order while every attempt succeeds: " + " → ".join(order) + ".</p>"
    )

    def figure(narrow: bool):
        from matplotlib.figure import Figure

        # On a phone the picture is shown about 360 px wide, on a laptop 960: discs and
        # words larger than the plot's own keep every name legible (9 px or more).
        fig = Figure(figsize=(5.0, 5.6) if narrow else (7, 7), layout="constrained")
        plot_eligible_spaces(board, THESES.slug, ax=fig.subplots(), scale=1.7 if narrow else 1.25)
        return fig

    page.chart(
        "first-targets",
        figure,
        "The spaces around Wittenberg, each first target shaded by its chance",
        "The first attempt's targets, shaded by their chance (a graph of the "
        "connections, rings by distance from the Protestant space: not the map).",
    )
    return page


def _main_line(tree: dict) -> list[str]:
    names = []
    while tree:
        names.append(tree["target"])
        tree = tree.get("success") or {}
    return names

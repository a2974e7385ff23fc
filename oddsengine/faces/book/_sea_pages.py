"""The pages of the odds book on Part II of the rules: naval battles, piracy and foreign
wars, each computed with the exact engine through the public API (see ``_pages`` for the
page type and the land pages).
"""

from __future__ import annotations

from oddsengine.faces.book._pages import EXACT, Page, book_page


@book_page(
    "naval",
    "Naval battles",
    "Naval battles",
    "The chance an attacking Ottoman fleet wins a naval battle, by squadrons and "
    "admiral, at sea and against a port.",
    [
        "Rows are the attacking squadrons, columns the Ottoman admiral (none, Dragut or "
        "Barbarossa); the cell is the chance the attacker wins the naval battle against "
        "the Hapsburg fleet named in the caption.",
        "The second table is the same fleet attacking the Hapsburgs in port.",
    ],
)
def naval(page: Page, version: str, quick: bool) -> None:
    import pandas as pd

    import oddsengine as oe

    squadrons = range(1, 4 if quick else 7)
    leaders = ("", "Dragut", "Barbarossa")
    defender = "hapsburg: 3Sq"
    panels = []
    for in_port in (False, True):
        values = {
            (leader or "no admiral"): [
                oe.exact(
                    oe.NavalBattle(f"ottoman: {n}Sq {leader}".strip(), defender, in_port=in_port)
                ).p["attacker_wins"]
                for n in squadrons
            ]
            for leader in leaders
        }
        frame = pd.DataFrame(values, index=[f"{n}Sq" for n in squadrons])
        where = "in port" if in_port else "at sea"
        page.table(
            frame,
            f"Chance the Ottoman attacker wins against {defender}, {where}",
            "Here I Stand 16.2 (naval combat; RULES.md §11)",
            EXACT,
            version,
            corner="squadrons \\ admiral",
        )
        panels.append((where, {name: (list(squadrons), v) for name, v in values.items()}))
    page.line_chart(
        "by-squadrons",
        panels,
        "chance the attacker wins a naval battle against squadrons",
        "One panel at sea, one in port; one line per admiral.",
        xlabel="attacking Ottoman squadrons",
        ylabel="chance the attacker wins",
        title=f"Naval battles against {defender}",
        legend_title="admiral",
    )


@book_page(
    "piracy",
    "Piracy",
    "Piracy",
    "The chance of at least one piracy hit and the expected VP, by corsairs and defence.",
    [
        "Rows are the corsairs in the sea zone (no pirate leader), columns the defence: "
        "the target's squadrons in the zone, squadrons in adjacent ports or zones, and "
        "adjacent fortresses. The first table is the chance of at least one piracy hit, "
        "the second the expected piracy VP (the target choosing its awards by the "
        "default policy).",
        "The defence rolls first (2 dice per squadron in the zone, 1 per adjacent "
        "squadron or fortress) and each hit sinks a corsair; if any remain they roll 2 "
        "piracy dice (1 if only one corsair is left) against a target with two ports on "
        "the zone.",
    ],
)
def piracy(page: Page, version: str, quick: bool) -> None:
    import pandas as pd

    import oddsengine as oe

    corsairs = range(1, 3 if quick else 6)
    defences = ((0, 0, 0), (1, 1, 1)) if quick else ((0, 0, 0), (0, 1, 1), (1, 1, 1), (2, 2, 1))
    results = {
        defence: [
            oe.exact(
                oe.Piracy(
                    f"ottoman: {n}Co",
                    zone_squadrons=defence[0],
                    adjacent_squadrons=defence[1],
                    adjacent_fortresses=defence[2],
                    target_ports=2,
                )
            )
            for n in corsairs
        ]
        for defence in defences
    }
    names = {d: f"{d[0]} in zone, {d[1]} adj. Sq, {d[2]} adj. fort." for d in defences}
    index = [f"{n}Co" for n in corsairs]
    success = pd.DataFrame(
        {names[d]: [r.p["success"] for r in rs] for d, rs in results.items()}, index=index
    )
    vp = pd.DataFrame(
        {names[d]: [r.expected_values()["vp"]["mean"] for r in rs] for d, rs in results.items()},
        index=index,
    )
    rules = "Here I Stand 16.4 (piracy; RULES.md §12)"
    page.table(
        success,
        "Chance of at least one piracy hit",
        rules,
        EXACT,
        version,
        corner="corsairs \\ defence",
    )
    page.table(
        vp,
        "Expected piracy VP",
        rules,
        "exact (shown to 3 decimals)",
        version,
        corner="corsairs \\ defence",
        cell=lambda value: f"{value:.3f}",
    )
    page.line_chart(
        "success",
        [("", {names[d]: (list(corsairs), success[names[d]]) for d in defences})],
        "chance of a piracy hit against corsairs",
        "One line per defence.",
        xlabel="corsairs",
        ylabel="chance of at least one hit",
        title="Piracy: chance of at least one hit, by corsairs and defence",
        legend_title="defence",
    )


@book_page(
    "foreign-wars",
    "Foreign wars",
    "Foreign wars",
    "The chance a foreign war is won by each attempt.",
    [
        "Each column is a war card with the force the card calls for (no leader, no "
        "card); each row an attempt (one per impulse, 1 CP each). The cell is the chance "
        "the war has been won by then.",
        "The last two rows: the chance the war still goes on after the last attempt, "
        "and the chance it has stalled (no units of the major power left on the card, "
        "with no reinforcements modelled).",
    ],
)
def foreign_wars(page: Page, version: str, quick: bool) -> None:
    import pandas as pd

    import oddsengine as oe
    from oddsengine.combat.war_cards import WAR_CHOICES, WARS

    horizon = 3 if quick else 6
    # 21.7 (RULES.md §13): each war against the units its card calls for (Persia 5,
    # Egypt 3, Ireland 4), read from the war records.
    wars = [
        (key, f"{WARS[key].power}: {WARS[key].units}R")
        for key in WAR_CHOICES[: 1 if quick else None]
    ]
    columns, war_lines = {}, {}
    for war, force in wars:
        result = oe.exact_foreign_war(oe.ForeignWar(war, force, horizon=horizon))
        won_by = [result.p[f"won_by:{k}"] for k in range(1, horizon + 1)]
        name = f"{war.capitalize()}: {force}"
        columns[name] = won_by + [result.p["continues"], result.p["stalled"]]
        war_lines[name] = (list(range(1, horizon + 1)), won_by)
    frame = pd.DataFrame(
        columns,
        index=[f"won by attempt {k}" for k in range(1, horizon + 1)] + ["continues", "stalled"],
    )
    page.table(
        frame,
        "Chance the foreign war is won by each attempt",
        "Here I Stand 21.7 (foreign wars; RULES.md §13)",
        EXACT,
        version,
        corner="attempt \\ war",
    )
    page.line_chart(
        "by-attempt",
        [("", war_lines)],
        "chance a foreign war is won against attempts",
        "One line per war card and force.",
        xlabel="attempt",
        ylabel="chance the war is won",
        title="Foreign wars: chance the war is won by each attempt",
        legend_title="war",
    )


#: The naval pages, in the order of the contents.
SEA_BUILDERS = (naval, piracy, foreign_wars)

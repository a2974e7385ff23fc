"""Charts of naval combat, piracy and foreign wars (matplotlib, imported only when a
chart is drawn). All values are exact.

Every function takes ``ax=None`` (a new figure when None), draws on the Axes and returns
it; none calls ``plt.show()``. Probabilities are shown in percent.

- :func:`plot_naval_odds`: naval battle odds by attacking squadrons, one line per naval
  leader.
- :func:`plot_piracy_value`: expected piracy VP per CP by corsairs, one line per defence
  and pirate leader.
- :func:`plot_foreign_wars`: P(war won within k attempts) for each foreign war.
"""

from __future__ import annotations

from oddsengine.combat.powers import power_adjective
from oddsengine.faces.chart_axes import chart_docstring, new_axes, percent_axis
from oddsengine.faces.palette import MARKERS, series_style

__all__ = ["plot_naval_odds", "plot_piracy_value", "plot_foreign_wars"]


@chart_docstring
def plot_naval_odds(
    defender="hapsburg: 3Sq",
    squadrons=range(1, 7),
    leaders=("", "Dragut", "Barbarossa"),
    *,
    power="ottoman",
    in_port=False,
    ax=None,
    title=None,
):
    """P(attacker wins a naval battle) by attacking squadrons, one line per leader.

    Parameters
    ----------
    defender : Fleet or str
    squadrons : iterable of int
        Squadrons of the attacking fleet.
    leaders : iterable of str
        Naval leaders of the attacking fleet ("" for none).
    power : str
        The attacking power.
    in_port : bool
    {ax, title}

    {returns the axes}

    Examples
    --------
    >>> ax = plot_naval_odds(squadrons=range(1, 4))
    >>> len(ax.lines)
    3
    """
    from oddsengine.combat.naval import NavalBattle
    from oddsengine.engines.exact import exact

    squadrons = list(squadrons)
    ax = new_axes(ax)
    for index, leader in enumerate(leaders):
        chances = [
            exact(NavalBattle(f"{power}: {count}Sq {leader}".strip(), defender, in_port=in_port)).p[
                "attacker_wins"
            ]
            for count in squadrons
        ]
        # Squadrons are whole numbers: a step through each marked value.
        ax.plot(
            squadrons,
            chances,
            drawstyle="steps-mid",
            **series_style(index),
            label=leader or "no leader",
        )
    battle = NavalBattle(f"{power}: 1Sq", defender, in_port=in_port)
    ax.set_xlabel(f"attacking {power_adjective(power)} squadrons")
    ax.set_ylabel("chance the attacker wins")
    percent_axis(ax.yaxis)
    ax.set_ylim(0, 1)
    ax.grid(True, alpha=0.3)
    ax.legend(loc="upper left", title="naval leader")
    where = "in port" if in_port else "at sea"
    ax.set_title(
        title or f"Naval battle {where} (rule 16.2) against {battle.defender.notation()}, exact"
    )
    return ax


@chart_docstring
def plot_piracy_value(
    corsairs=range(1, 6),
    defences=((0, 0, 0), (0, 1, 1), (1, 1, 1), (2, 2, 1)),
    leaders=("", "Barbarossa", "Dragut"),
    *,
    target_ports=2,
    ax=None,
    title=None,
):
    """Expected piracy VP per CP by corsairs, one line per defence and leader.

    Parameters
    ----------
    corsairs : iterable of int
    defences : iterable of (zone squadrons, adjacent squadrons, adjacent fortresses)
    leaders : iterable of str
        The pirate leader ("" for none).
    target_ports : int
    {ax, title}

    {returns the axes}

    Examples
    --------
    >>> ax = plot_piracy_value(corsairs=range(1, 3), defences=((0, 0, 0),), leaders=("",))
    >>> [round(float(value), 4) for value in ax.lines[0].get_ydata()]
    [0.1667, 0.2778]
    """
    from matplotlib.ticker import MaxNLocator

    from oddsengine.combat.piracy import Piracy
    from oddsengine.engines.exact import exact

    corsairs = list(corsairs)
    ax = new_axes(ax, size=(10, 4.8))
    styles = ("-", "--", ":", "-.")
    for index, leader in enumerate(leaders):
        for defence_index, (zone, adjacent, fortresses) in enumerate(defences):
            values = [
                exact(
                    Piracy(
                        f"ottoman: {count}Co {leader}".strip(),
                        zone_squadrons=zone,
                        adjacent_squadrons=adjacent,
                        adjacent_fortresses=fortresses,
                        target_ports=target_ports,
                    )
                ).expected_values()["vp_per_cp"]["mean"]
                for count in corsairs
            ]
            dice = 2 * zone + adjacent + fortresses
            ax.plot(
                corsairs,
                values,
                marker=MARKERS[defence_index % len(MARKERS)],
                linestyle=styles[defence_index % len(styles)],
                color=series_style(index)["color"],
                label=f"{leader or 'no leader'}, {dice} anti-piracy dice",
            )
    ax.set_xlabel("corsairs in the sea zone")
    ax.set_ylabel("expected piracy VP per CP")
    ax.grid(True, alpha=0.3)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    # Beside the chart: the lines fill the whole plotting area.
    ax.legend(
        fontsize=8, loc="upper left", bbox_to_anchor=(1.02, 1), borderaxespad=0, frameon=False
    )
    ax.set_title(title or f"Piracy (rule 16.4): what 2 CP buy ({target_ports} target ports), exact")
    return ax


@chart_docstring
def plot_foreign_wars(wars=None, *, horizon=8, ax=None, title=None):
    """P(war won within k attempts) for each foreign war, exact.

    Parameters
    ----------
    wars : sequence of ForeignWar, optional
        Default: each war with the units its card calls for and no leader.
    horizon : int
        Attempts shown when ``wars`` is not given.
    {ax, title}

    {returns the axes}

    Examples
    --------
    >>> ax = plot_foreign_wars(horizon=3)
    >>> len(ax.lines)
    3
    """
    from oddsengine.combat.foreign_war import ForeignWar
    from oddsengine.combat.war_cards import WARS
    from oddsengine.engines.exact import exact

    if wars is None:
        wars = [ForeignWar(name, f"{card.units}R", horizon=horizon) for name, card in WARS.items()]
    ax = new_axes(ax)
    for index, war in enumerate(wars):
        p = exact(war).p
        attempts = list(range(1, war.horizon + 1))
        ax.step(
            attempts,
            [p[f"won_by:{k}"] for k in attempts],
            where="mid",
            **series_style(index),
            label=f"{war.card.name}: {war.force.notation()} vs {war.foreign}",
        )
    ax.set_xlabel("attempts (1 CP each)")
    ax.set_ylabel("chance the war is won")
    percent_axis(ax.yaxis)
    ax.set_ylim(0, 1)
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8, loc="lower right")
    ax.set_title(title or "Foreign wars (rule 21.7): chance each is won within k attempts, exact")
    return ax

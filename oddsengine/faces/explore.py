"""An interactive calculator for Jupyter: :func:`explore`.

Plain ipywidgets (no lab-only extension), so it works the same in JupyterLab and the
classic notebook: pick the engagement, the forces, leaders, cards and policies, and the
exact odds, the survivors and a chart follow every change. Whatever the rules refuse is
shown as a line of text in the calculator, never raised.

Needs the ``jupyter`` extra: ``pip install "oddsengine[jupyter]"``.
"""

from __future__ import annotations

import html
import io

from oddsengine.combat.cards import CARD_EFFECTS, CARDS, post_roll_slugs
from oddsengine.combat.cards import POST_ROLL_CARDS as LAND_POST_ROLL_CARDS
from oddsengine.combat.engagements import Assault, FieldBattle
from oddsengine.combat.fleets import NAVAL_LEADERS
from oddsengine.combat.leaders import LEADERS
from oddsengine.combat.naval import NavalBattle
from oddsengine.combat.options import POST_ROLL_POLICIES, Policies
from oddsengine.combat.piracy import Piracy
from oddsengine.combat.rolls import AvoidBattle, Interception
from oddsengine.engines.exact import exact
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown

__all__ = ["ENGAGEMENTS", "Explorer", "POST_ROLL_CARDS", "build_spec", "explore"]

#: The engagements the calculator offers: key, label, the two roles and default forces.
ENGAGEMENTS = {
    "battle": (
        "Field battle",
        ("attacker", "defender"),
        ("ottoman: 6R 2C Suleiman", "hapsburg: 5R Charles V"),
    ),
    "assault": (
        "Assault",
        ("attacker", "garrison"),
        ("ottoman: 9R Suleiman", "hapsburg: 4R Ferdinand"),
    ),
    "intercept": (
        "Interception",
        ("interceptor", "mover"),
        ("hapsburg: 4R Ferdinand", "ottoman: 5R 1C Ibrahim Pasha"),
    ),
    "avoid": (
        "Avoid battle",
        ("avoiding", "attacker"),
        ("france: 3R Montmorency", "hapsburg: 4R Duke of Alva"),
    ),
    "naval": (
        "Naval battle",
        ("attacker", "defender"),
        ("ottoman: 4Sq Barbarossa", "hapsburg: 3Sq Andrea Doria"),
    ),
    "piracy": ("Piracy", ("pirates", "(none)"), ("ottoman: 3Co Dragut", "")),
}

#: Cards a naval battle takes (RULES.md §11), read from the card records; the land cards
#: come from :data:`CARDS`.
NAVAL_CARDS = tuple(
    dict.fromkeys(effect.slug for effect in CARD_EFFECTS if effect.combat == "naval-battle")
)

#: The cards played after seeing the roll, whose play is a policy (RULES.md §9, §11), read
#: from the card records.
POST_ROLL_CARDS = {
    "land": LAND_POST_ROLL_CARDS,
    "naval": post_roll_slugs("naval-battle"),
}


def _letters(order) -> str:
    """A casualty order as the letters the controls show (``"MRC"``)."""
    return "".join(kind[0].upper() for kind in order)


_NO_CARDS_ENGAGEMENTS = ("intercept", "avoid", "piracy")


def _with_leaders(force: str, leaders) -> str:
    """The force notation with the chosen leaders appended (``"ottoman: 4R Suleiman"``)."""
    return " ".join([force.strip(), *leaders]).strip()


#: The kind of value each key of :func:`build_spec` takes.
_TEXT_KEYS = ("engagement", "attacker", "defender", "post_roll", "attacker_casualty_order",
              "defender_casualty_order")  # fmt: skip
_LIST_KEYS = ("attacker_leaders", "defender_leaders", "attacker_cards", "defender_cards")
_COUNT_KEYS = ("zone_squadrons", "adjacent_squadrons", "adjacent_fortresses", "target_ports")
_FLAG_KEYS = ("in_port", "lost_battle_this_impulse")


def _check_value_types(values) -> None:
    """Refuse values of the wrong kind before any is read, naming the key."""
    if not isinstance(values, dict):
        raise OddsEngineTypeError(f"build_spec takes a dict of values, not {shown(values)}")
    for key, value in values.items():
        if key in _TEXT_KEYS and not isinstance(value, str) and (value, key) != (None, "post_roll"):
            raise OddsEngineTypeError(f"{key} must be text, not {shown(value)}")
        if key in _LIST_KEYS and (
            not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value)
        ):
            raise OddsEngineTypeError(f"{key} must be a list of names, not {shown(value)}")
        if key in _COUNT_KEYS and (isinstance(value, bool) or not isinstance(value, int)):
            raise OddsEngineTypeError(f"{key} must be a whole number, not {shown(value)}")
        if key in _FLAG_KEYS and not isinstance(value, bool):
            raise OddsEngineTypeError(f"{key} must be True or False, not {shown(value)}")


def build_spec(values: dict):
    """The spec the calculator solves for a set of control values.

    Parameters
    ----------
    values : dict
        ``engagement`` (a key of :data:`ENGAGEMENTS`), ``attacker``/``defender`` (force or
        fleet notation of the first and second role), and optionally
        ``attacker_leaders``/``defender_leaders`` (names), ``attacker_cards``/
        ``defender_cards`` (card slugs), ``post_roll`` (the policy of every chosen card
        played after the roll, :data:`POST_ROLL_CARDS`),
        ``attacker_casualty_order``/``defender_casualty_order`` (``"MRC"``), ``in_port``,
        ``lost_battle_this_impulse`` and the piracy counts ``zone_squadrons``,
        ``adjacent_squadrons``, ``adjacent_fortresses``, ``target_ports``.

    Returns
    -------
    spec
        A :class:`FieldBattle`, :class:`Assault`, :class:`Interception`,
        :class:`AvoidBattle`, :class:`NavalBattle` or :class:`Piracy`.

    Raises
    ------
    OddsEngineError
        When the rules refuse the choice.

    Examples
    --------
    >>> spec = build_spec({"engagement": "assault", "attacker": "9R Suleiman",
    ...                    "defender": "4R Ferdinand"})
    >>> type(spec).__name__
    'Assault'
    """
    _check_value_types(values)
    kind = values.get("engagement", "battle")
    if kind not in ENGAGEMENTS:
        raise OddsEngineError(f"no engagement {kind!r}; use one of " + ", ".join(ENGAGEMENTS))
    first = _with_leaders(values.get("attacker", ""), values.get("attacker_leaders", ()))
    second = _with_leaders(values.get("defender", ""), values.get("defender_leaders", ()))
    cards = {
        "attacker_cards": tuple(values.get("attacker_cards", ())),
        "defender_cards": tuple(values.get("defender_cards", ())),
    }
    chosen = cards["attacker_cards"] + cards["defender_cards"]
    after_roll = POST_ROLL_CARDS["naval" if kind == "naval" else "land"]
    policy = values.get("post_roll") or POST_ROLL_POLICIES[0]
    post_roll = {slug: policy for slug in chosen if slug in after_roll}
    if kind in ("battle", "assault"):
        default = Policies()
        policies = Policies(
            attacker_casualty_order=values.get("attacker_casualty_order")
            or default.attacker_casualty_order,
            defender_casualty_order=values.get("defender_casualty_order")
            or default.defender_casualty_order,
            post_roll=post_roll,
        )
        engagement = FieldBattle if kind == "battle" else Assault
        return engagement(first, second, policies=policies, **cards)
    if kind == "naval":
        return NavalBattle(
            first, second, in_port=bool(values.get("in_port")), post_roll=post_roll, **cards
        )
    if any(chosen):
        raise OddsEngineError(f"no card is played in {ENGAGEMENTS[kind][0].lower()} here")
    if kind == "intercept":
        return Interception(first, second)
    if kind == "avoid":
        return AvoidBattle(
            first, second, lost_battle_this_impulse=bool(values.get("lost_battle_this_impulse"))
        )
    return Piracy(
        first,
        zone_squadrons=int(values.get("zone_squadrons", 0)),
        adjacent_squadrons=int(values.get("adjacent_squadrons", 0)),
        adjacent_fortresses=int(values.get("adjacent_fortresses", 0)),
        target_ports=int(values.get("target_ports", 1)),
    )


def _percent(p: float) -> str:
    return f"{100 * p:.4f}%"


def _odds_html(result) -> str:
    """The outcome probabilities, expected losses and survivors as small HTML tables."""
    rows = "".join(
        f'<tr><td class="outcome">{html.escape(name)}</td>'
        f'<td class="p" style="text-align:right">{_percent(p)}</td></tr>'
        for name, p in result.p.items()
    )
    parts = [
        f"<b>{html.escape(result.spec.title())}</b><br>Method: exact",
        f'<table class="odds"><tr><th>outcome</th><th>chance</th></tr>{rows}</table>',
    ]
    losses = result.expected_losses()
    if losses:
        parts.append(
            "<p>"
            + "; ".join(f"expected {side} losses {v['mean']:.3f}" for side, v in losses.items())
            + "</p>"
        )
    for name, value in result.expected_values().items():
        parts.append(f"<p>expected {html.escape(name)}: {value['mean']:.3f}</p>")
    parts.append(_survivors_html(result))
    return "".join(parts)


def _survivors_html(result) -> str:
    if "attacker_survivors" not in result.states:
        return "<p>No units are lost in this roll.</p>"
    joint = result.survivors()
    lines = []
    for side, marginal in (
        ("attacker", joint.sum(axis=1)),
        ("defender", joint.sum(axis=0)),
    ):
        cells = "".join(f"<td>{int(k)}: {_percent(p)}</td>" for k, p in marginal.items() if p > 0)
        lines.append(f'<tr><th class="survivors">{side} survivors</th>{cells}</tr>')
    return '<table class="survivors">' + "".join(lines) + "</table>"


def _chart_png(result) -> bytes:
    """A chart of the result: survivors for a combat, outcome chances for a roll."""
    from matplotlib.figure import Figure
    from matplotlib.ticker import PercentFormatter

    from oddsengine.faces.plots import plot_survivors

    figure = Figure(figsize=(5.5, 3.2), dpi=100, layout="constrained")
    ax = figure.subplots()
    if "attacker_survivors" in result.states:
        plot_survivors(result, ax=ax)
    else:
        names = list(result.outcome_names)
        chances = [result.p[name] for name in names]
        # Okabe-Ito blue and orange: safe for colour-blind readers.
        ax.bar(names, chances, color=["#0072B2", "#E69F00"][: len(names)] or None)
        ax.set_ylim(0, 1)
        ax.yaxis.set_major_formatter(PercentFormatter(1.0))
        ax.set_ylabel("chance")
        ax.set_title(result.spec.title(), fontsize=9)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")
    return buffer.getvalue()


class Explorer:
    """The calculator's widgets and its latest answer.

    Attributes
    ----------
    controls : dict of str to ipywidgets.Widget
        Every input, by the key :func:`build_spec` takes.
    odds : ipywidgets.HTML
        The exact odds, the expected losses and the survivors (or the refusal, in words).
    chart : ipywidgets.Image
        A PNG chart of the answer.
    result : Result or None
        The latest answer; None while the rules refuse the choice.
    error : str or None
        The latest refusal.
    widget : ipywidgets.Box
        The whole calculator, for ``display``.
    """

    def __init__(self, engagement: str = "battle"):
        import ipywidgets as widgets

        self.result = None
        self.error = None
        land_cards = [(card.name, slug) for slug, card in CARDS.items()]
        self.controls = {
            "engagement": widgets.Dropdown(
                options=[(label, key) for key, (label, _, _) in ENGAGEMENTS.items()],
                value=engagement,
                description="Engagement",
            ),
            "attacker": widgets.Text(description="Attacker"),
            "attacker_leaders": widgets.SelectMultiple(description="leaders", rows=4),
            "attacker_cards": widgets.SelectMultiple(
                options=land_cards, description="cards", rows=4
            ),
            "attacker_casualty_order": widgets.Text(
                value=_letters(Policies().attacker_casualty_order), description="losses"
            ),
            "defender": widgets.Text(description="Defender"),
            "defender_leaders": widgets.SelectMultiple(description="leaders", rows=4),
            "defender_cards": widgets.SelectMultiple(
                options=land_cards, description="cards", rows=4
            ),
            "defender_casualty_order": widgets.Text(
                value=_letters(Policies().defender_casualty_order), description="losses"
            ),
            "post_roll": widgets.Dropdown(options=POST_ROLL_POLICIES, description="post-roll"),
            "in_port": widgets.Checkbox(description="defender in port"),
            "lost_battle_this_impulse": widgets.Checkbox(description="lost a battle this impulse"),
            "zone_squadrons": widgets.BoundedIntText(min=0, max=99, description="zone Sq"),
            "adjacent_squadrons": widgets.BoundedIntText(min=0, max=99, description="adj. Sq"),
            "adjacent_fortresses": widgets.BoundedIntText(min=0, max=99, description="adj. forts"),
            "target_ports": widgets.BoundedIntText(value=1, min=0, max=99, description="ports"),
        }
        self.odds = widgets.HTML()
        self.chart = widgets.Image(format="png")
        self._updating = False
        side = {
            "attacker": [
                "attacker",
                "attacker_leaders",
                "attacker_cards",
                "attacker_casualty_order",
            ],
            "defender": [
                "defender",
                "defender_leaders",
                "defender_cards",
                "defender_casualty_order",
            ],
        }
        extras = [
            "post_roll",
            "in_port",
            "lost_battle_this_impulse",
            "zone_squadrons",
            "adjacent_squadrons",
            "adjacent_fortresses",
            "target_ports",
        ]
        inputs = widgets.VBox(
            [
                self.controls["engagement"],
                widgets.HBox(
                    [
                        widgets.VBox([self.controls[key] for key in side["attacker"]]),
                        widgets.VBox([self.controls[key] for key in side["defender"]]),
                    ]
                ),
                widgets.HBox([self.controls[key] for key in extras[:3]]),
                widgets.HBox([self.controls[key] for key in extras[3:]]),
            ]
        )
        self.widget = widgets.VBox([inputs, widgets.HBox([self.odds, self.chart])])
        self.controls["engagement"].observe(self._engagement_changed, names="value")
        for key, control in self.controls.items():
            if key != "engagement":
                control.observe(self._changed, names="value")
        self._engagement_changed()

    # -- reactions ---------------------------------------------------------------------

    def values(self) -> dict:
        """The current control values, as :func:`build_spec` takes them."""
        return {key: control.value for key, control in self.controls.items()}

    def _engagement_changed(self, change=None):
        kind = self.controls["engagement"].value
        _, roles, defaults = ENGAGEMENTS[kind]
        naval = kind in ("naval", "piracy")
        self._updating = True
        try:
            for key, role, force in zip(("attacker", "defender"), roles, defaults, strict=True):
                self.controls[key].description = role
                self.controls[key].value = force
                leaders = self.controls[f"{key}_leaders"]
                leaders.value = ()
                leaders.options = list(NAVAL_LEADERS if naval else LEADERS)
                cards = self.controls[f"{key}_cards"]
                cards.value = ()
                cards.options = (
                    [(slug.replace("-", " ").title(), slug) for slug in NAVAL_CARDS]
                    if kind == "naval"
                    else [(card.name, slug) for slug, card in CARDS.items()]
                )
            shown = {
                "defender": kind != "piracy",
                "defender_leaders": kind != "piracy",
                "attacker_cards": kind not in _NO_CARDS_ENGAGEMENTS,
                "defender_cards": kind not in _NO_CARDS_ENGAGEMENTS,
                "post_roll": kind not in _NO_CARDS_ENGAGEMENTS,
                "attacker_casualty_order": kind in ("battle", "assault"),
                "defender_casualty_order": kind in ("battle", "assault"),
                "in_port": kind == "naval",
                "lost_battle_this_impulse": kind == "avoid",
                "zone_squadrons": kind == "piracy",
                "adjacent_squadrons": kind == "piracy",
                "adjacent_fortresses": kind == "piracy",
                "target_ports": kind == "piracy",
            }
            for key, visible in shown.items():
                self.controls[key].layout.display = None if visible else "none"
        finally:
            self._updating = False
        self.update()

    def _changed(self, change=None):
        if not self._updating:
            self.update()

    def update(self):
        """Solve the current choice exactly and show it (or show why it is refused)."""
        try:
            self.result = exact(build_spec(self.values()))
        except OddsEngineError as error:
            self.result, self.error = None, str(error)
            self.odds.value = f'<p class="refused"><b>Refused:</b> {html.escape(str(error))}</p>'
            self.chart.value = b""
            return
        self.error = None
        self.odds.value = _odds_html(self.result)
        self.chart.value = _chart_png(self.result)

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)


def explore(engagement: str = "battle") -> Explorer:
    """An interactive calculator of exact odds, for Jupyter.

    Parameters
    ----------
    engagement : {"battle", "assault", "intercept", "avoid", "naval", "piracy"}
        The engagement shown first; another can be picked in the calculator.

    Returns
    -------
    Explorer
        Displays itself as the last expression of a cell; its ``controls`` can also be set
        from code, and ``result`` holds the latest exact answer.

    Raises
    ------
    OddsEngineError
        When ipywidgets is not installed (the ``jupyter`` extra).

    Examples
    --------
    >>> import oddsengine as oe
    >>> calculator = oe.explore("assault")  # doctest: +SKIP
    >>> calculator.controls["attacker"].value = "ottoman: 9R Suleiman"  # doctest: +SKIP
    >>> round(calculator.result.p["success"], 4)  # doctest: +SKIP
    """
    if not isinstance(engagement, str):
        raise OddsEngineTypeError(f"engagement must be text, not {shown(engagement)}")
    if engagement not in ENGAGEMENTS:
        raise OddsEngineError(
            f"no engagement {shown(engagement)} to explore; use one of " + ", ".join(ENGAGEMENTS)
        )
    try:
        import ipywidgets  # noqa: F401
    except ImportError:
        raise OddsEngineError(
            'the calculator needs ipywidgets: pip install "oddsengine[jupyter]"'
        ) from None
    return Explorer(engagement)

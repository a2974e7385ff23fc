"""An interactive calculator for Jupyter: :func:`explore`.

Plain ipywidgets (no lab-only extension), so it works the same in JupyterLab and the
classic notebook: pick the engagement (a single combat, a whole move, a siege campaign,
a foreign war, or one of the religious struggle and the New World: a Reformation or
Counter-Reformation attempt, a run of attempts on a board, a theological debate, the Diet
of Worms, a voyage, a conquest), the forces, leaders, cards and policies (or the
debaters, explorers and dice those offer, read from their records), and the exact odds,
the survivors, a chart and the equivalent command line follow every change (a typed value
once Enter is pressed or the box is left). Each side is offered only the leaders and cards
the records allow it; whatever the rules refuse (including what is typed) is shown as a
line of text in the calculator, never raised, and no odds are shown for it.

The chart is a PNG of a fixed size shown at its own size (never stretched): beside the
odds when the notebook is wide, under them when it is narrow, and scaled down with its
aspect kept below its own width.

Needs the ``jupyter`` extra: ``pip install "oddsengine[jupyter]"``.
"""

from __future__ import annotations

import shlex

from oddsengine import kinds
from oddsengine.combat.options import POST_ROLL_POLICIES, Policies
from oddsengine.combat.war_cards import DEFAULT_WAR, WARS
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown
from oddsengine.faces._explore_campaigns import examples
from oddsengine.faces._explore_chart import CHART_PIXELS, Chart
from oddsengine.faces._explore_html import command_html, odds_html, refusal_html, survivors_html
from oddsengine.faces._explore_questions import (
    ENGAGEMENTS,
    POST_ROLL_CARDS,
    build_spec,
    command_words,
    entry,
    leaders_in_text,
    offered_cards,
    offered_leaders,
    side_force,
    side_of_role,
    side_power,
    solve,
    takes_cards,
    unit_group,
    with_leaders,
)

__all__ = ["CHART_PIXELS", "ENGAGEMENTS", "Explorer", "POST_ROLL_CARDS", "build_spec", "explore"]


def _letters(order) -> str:
    """A casualty order as the letters the controls show (``"MRC"``)."""
    return "".join(kind[0].upper() for kind in order)


#: What a saved calculator says where its widgets are not drawn.
_FALLBACK = (
    "oddsengine calculator (oe.explore): run this cell in Jupyter to pick the engagement, "
    "forces, leaders and cards and see the exact odds and the chart."
)


class Explorer:
    """The calculator's widgets and its latest answer.

    Attributes
    ----------
    controls : dict of str to ipywidgets.Widget
        Every input, by the key :func:`build_spec` takes.
    odds : ipywidgets.HTML
        The exact odds and the expected losses, under the dice each side rolls and the
        formation that fights (the command line's lines), or the refusal, in words.
    survivors : ipywidgets.HTML
        The chance of each number of survivors of each side (empty while refused).
    chart : ipywidgets.Image
        A PNG chart of the answer, :data:`CHART_PIXELS` in size; hidden (and empty) while
        the rules refuse the choice.
    command : ipywidgets.HTML
        The command line that gives the same answer (``same as: oddsengine ...``), broken
        between arguments only.
    command_line : str
        That command line as text, ready for a shell (empty while refused).
    swap : ipywidgets.Button
        Swaps the forces, leaders, cards and casualty orders of the two sides.
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
        self.command_line = ""
        self._updating = False
        self._kind = None
        # The forces last typed, by the side they belong to (see side_of_role), for each
        # kind of unit: a switch of engagement keeps what still applies.
        self._typed = {}
        self.controls = self._make_controls(widgets, engagement)
        # The odds take their own width up to a column's, so the chart fits beside them
        # when there is room and wraps under them when there is not.
        self.odds = widgets.HTML(layout=widgets.Layout(flex="1 1 260px", max_width="520px"))
        width, height = CHART_PIXELS
        self.chart = widgets.Image(
            format="png",
            layout=widgets.Layout(
                width=f"{width}px",
                max_width="100%",
                height="auto",
                object_fit="contain",
                # No margin: a widget's own 2 px on each side of a chart as wide as the
                # output ran past it, and the output showed a scrollbar under it.
                margin="0",
            ),
        )
        self._chart = Chart()
        self.survivors = widgets.HTML()
        self.command = widgets.HTML()
        self.swap = widgets.Button(description="swap sides", icon="exchange")
        self.swap.on_click(lambda _: self.swap_sides())
        self.widget = self._layout(widgets)
        self.controls["engagement"].observe(self._engagement_changed, names="value")
        for key, control in self.controls.items():
            if key != "engagement":
                control.observe(self._changed, names="value")
        self._engagement_changed()

    # -- building ----------------------------------------------------------------------

    @staticmethod
    def _make_controls(widgets, engagement):
        order = _letters(Policies().attacker_casualty_order)

        # A typed value counts when Enter is pressed or the box is left, not at every
        # key: a force half typed is not solved, refused and drawn on the way.
        def text(**options):
            return widgets.Text(continuous_update=False, **options)

        # Two sides fit side by side in a notebook with its file browser open (1000 px):
        # narrow labels, and the boxes take their column's width.
        narrow = {"description_width": "64px"}

        def fill():
            return widgets.Layout(width="262px", margin="1px 2px")

        def side(name, label):
            return {
                name: text(description=label, style=narrow, layout=fill()),
                f"{name}_leaders": widgets.SelectMultiple(
                    description="leaders", rows=3, style=narrow, layout=fill()
                ),
                # Two rows of cards: the odds and the chart keep the first screen.
                f"{name}_cards": widgets.SelectMultiple(
                    description="cards", rows=2, style=narrow, layout=fill()
                ),
                f"{name}_casualty_order": text(
                    value=order,
                    description=f"{name[:3]}. losses",
                    style={"description_width": "72px"},
                    layout=_narrow_box(),
                ),
            }

        own = {}  # the controls of the kinds that make their own (a debate's zone ...)
        for where in dict.fromkeys(entry(name).widgets for name in ENGAGEMENTS):
            for key, control in (kinds.named(where)(widgets) if where else {}).items():
                own.setdefault(key, control)
        return {
            "engagement": widgets.Dropdown(
                options=[(label, key) for key, (label, _, _) in ENGAGEMENTS.items()],
                value=engagement,
                description="Engagement",
                style={"description_width": "initial"},  # the whole word, not "Engagem..."
            ),
            **side("attacker", "Attacker"),
            **side("defender", "Defender"),
            "post_roll": widgets.Dropdown(
                options=POST_ROLL_POLICIES,
                description="post-roll",
                style={"description_width": "64px"},
                layout=widgets.Layout(width="250px"),
            ),
            "in_port": widgets.Checkbox(description="defender in port"),
            "lost_battle_this_impulse": widgets.Checkbox(description="lost a battle this impulse"),
            "zone_squadrons": widgets.BoundedIntText(min=0, max=99, description="zone Sq"),
            "adjacent_squadrons": widgets.BoundedIntText(min=0, max=99, description="adj. Sq"),
            "adjacent_fortresses": widgets.BoundedIntText(min=0, max=99, description="adj. forts"),
            "target_ports": widgets.BoundedIntText(value=1, min=0, max=99, description="ports"),
            "scenario": widgets.Combobox(
                value="vienna",
                options=examples("move"),
                description="scenario",
                continuous_update=False,
            ),
            "defender_policy": text(value="best", description="defender"),
            # A move's what-ifs on the board, as --stack and --control take them.
            "stacks": text(
                description="stacks",
                placeholder="Linz=hapsburg: 4R Charles V; ...",
                layout=widgets.Layout(width="100%"),
            ),
            "control": text(description="control", placeholder="Linz=hapsburg; ..."),
            # A naval move's, as --fleet takes them.
            "fleets": text(
                description="fleets",
                placeholder="Tyrrhenian Sea=hapsburg: 3Sq Andrea Doria; ...",
                layout=widgets.Layout(width="100%"),
            ),
            "war": widgets.Dropdown(
                options=[(card.name, key) for key, card in WARS.items()],
                value=DEFAULT_WAR,
                description="war",
            ),
            "foreign": widgets.BoundedIntText(min=0, max=10, description="foreign units"),
            "horizon": widgets.BoundedIntText(value=3, min=1, max=50, description="horizon"),
            "reinforcements": text(description="reinforce"),
            "reinforcements_per_attempt": widgets.BoundedIntText(
                min=0, max=10, description="build R"
            ),
            **own,
        }

    def _layout(self, widgets):
        def wrap():
            # overflow visible: a box of the default overflow shows a scrollbar for the
            # pixel or two a chart's line box adds below it.
            return widgets.Layout(
                flex_flow="row wrap", align_items="flex-start", overflow="visible"
            )

        controls = self.controls
        sides = [
            widgets.VBox(
                [controls[key] for key in (name, f"{name}_leaders", f"{name}_cards")],
                layout=widgets.Layout(width="270px", margin="0 4px 0 0"),
            )
            for name in ("attacker", "defender")
        ]
        # Every other control (a move's defender_policy too: not a side's box).
        of_sides = {
            f"{name}{part}"
            for name in ("attacker", "defender")
            for part in ("", "_leaders", "_cards", "_casualty_order")
        }
        extras = [key for key in controls if key != "engagement" and key not in of_sides]
        orders = [controls[f"{name}_casualty_order"] for name in ("attacker", "defender")]
        self._extras = widgets.Box([*orders, *(controls[key] for key in extras)], layout=wrap())
        return widgets.VBox(
            [
                widgets.Box([controls["engagement"], self.swap], layout=wrap()),
                widgets.Box(sides, layout=wrap()),
                self._extras,
                # The odds and the chart in the first screen of the cell, then the
                # survivors by number (the chart's bars in figures) and the command line.
                widgets.Box([self.odds, self.chart], layout=wrap()),
                self.survivors,
                self.command,
            ],
            layout=widgets.Layout(overflow="visible"),
        )

    # -- reactions ---------------------------------------------------------------------

    def values(self) -> dict:
        """The current control values, as :func:`build_spec` takes them."""
        return {key: control.value for key, control in self.controls.items()}

    def _unit_group(self, kind):
        return unit_group(kind)

    def _remember_forces(self):
        kind = self._kind
        if kind is None:
            return
        typed = self._typed.setdefault(self._unit_group(kind), {})
        if entry(kind).scenarios:  # a move's or a naval move's file, each its own
            typed["scenario"] = self.controls["scenario"].value
        for key, side, default in zip(
            ("attacker", "defender"), side_of_role(kind), ENGAGEMENTS[kind][2], strict=True
        ):
            if side is None:
                continue
            value = self.controls[key].value
            leaders = self.controls[f"{key}_leaders"].value
            # The default force, its leaders in the list, is not a force typed.
            if value != default and with_leaders(value, leaders) != default:
                typed[side], typed[f"{side}_leaders"] = value, leaders
            else:
                typed.pop(side, None)
                typed.pop(f"{side}_leaders", None)
            # Cards belong to an engagement: each kind keeps its own, and a kind not yet
            # seen starts with those of the last one that it offers too.
            cards = self.controls[f"{key}_cards"].value
            typed[f"{side}_cards"] = typed[f"{side}_cards@{kind}"] = cards

    def _engagement_changed(self, change=None):
        self._remember_forces()
        kind = self.controls["engagement"].value
        _, roles, defaults = ENGAGEMENTS[kind]
        typed = self._typed.get(self._unit_group(kind), {})
        self._updating = True
        try:
            chosen = {}
            for key, role, default, side in zip(
                ("attacker", "defender"), roles, defaults, side_of_role(kind), strict=True
            ):
                self.controls[key].description = role
                text = typed.get(side, default)
                leaders = typed.get(f"{side}_leaders", ())
                # The leaders the force holds are the list's (a default force's too).
                split = leaders_in_text(kind, text, self.controls["war"].value)
                if split is not None:
                    text, named = split
                    leaders = tuple(dict.fromkeys((*leaders, *named)))
                self.controls[key].value = text
                chosen[f"{key}_leaders"] = leaders
                chosen[f"{key}_cards"] = typed.get(
                    f"{side}_cards@{kind}", typed.get(f"{side}_cards", ())
                )
            self._kind = kind
            self._offer_scenarios(kind, typed)
            # A new engagement keeps only the choices it offers too.
            self._offer(chosen, only_offered=True)
            self._show_controls(kind)
            self._offer_own(kind)
        finally:
            self._updating = False
        self.update()

    def _offer_scenarios(self, kind, typed):
        """Offer the shipped examples of ``kind``'s table (its record's ``scenarios``), and
        keep the scenario last chosen for it (else its first example)."""
        table = entry(kind).scenarios
        if not table:
            return
        offered = examples(table)
        control = self.controls["scenario"]
        control.options = offered
        chosen = typed.get("scenario")
        if chosen is None:
            chosen = control.value if control.value in offered else offered[0]
        control.value = chosen

    def _show_controls(self, kind):
        # What a kind shows is read from its record: its boxes (a role of "(none)" has no
        # force), whether cards are played in it, whether it is a land combat (casualty
        # orders) and its own controls.
        record = entry(kind)
        land_combat = bool(getattr(kinds.KINDS.get(kind), "card_engagement", ""))
        with_cards = takes_cards(kind)
        first, two_sides = record.roles[0] != "(none)", record.roles[1] != "(none)"
        shown = {
            "attacker": first,
            "attacker_leaders": first,
            "defender": two_sides,
            "defender_leaders": two_sides,
            "attacker_cards": with_cards,
            "defender_cards": with_cards and two_sides,
            "post_roll": with_cards,
            "attacker_casualty_order": land_combat,
            "defender_casualty_order": land_combat,
        }
        for key in self.controls:
            if key != "engagement" and key not in shown:
                shown[key] = key in record.controls
        for key, visible in shown.items():
            self.controls[key].layout.display = None if visible else "none"
        # The kind's own controls in its record's order (a debate's zone first).
        first = [self.controls[f"{name}_casualty_order"] for name in ("attacker", "defender")]
        first += [self.controls[key] for key in record.controls]
        children = list(self._extras.children)
        if children[: len(first)] != first:
            self._extras.children = [*first, *(c for c in children if c not in first)]
        self.swap.layout.display = None if two_sides else "none"

    def _offer_own(self, kind):
        """The choices the kind's record offers given the other controls (its ``offer``),
        a choice no longer offered replaced by the first that is (offered again until none
        is); and the controls these values leave unused hidden."""
        record = entry(kind)
        if not record.offer:
            return
        for _ in range(4):
            try:
                offered = kinds.named(record.offer)(self.values())
            except (OddsEngineError, TypeError, ValueError):  # refused in words by update()
                return
            hidden = offered.pop("(hidden)", ())
            changed = [self._take_offer(self.controls[key], new) for key, new in offered.items()]
            for key in record.controls:
                self.controls[key].layout.display = "none" if key in hidden else None
            if not any(changed):
                return

    @staticmethod
    def _take_offer(control, options) -> bool:
        """Offer ``options`` (label, value) on ``control``; whether its value changed."""
        before, known = control.value, [value for _, value in options]
        if hasattr(control, "allowed_tags"):  # names as tags: those offered, each once
            if list(control.allowed_tags) != known:
                control.value = [tag for tag in control.value if tag in known]
                control.allowed_tags = known
        elif hasattr(control, "ensure_option"):  # a box that takes typing: suggestions
            control.options = known
        elif list(control.options) != list(options):
            control.options = options
            if isinstance(before, tuple):  # a list of names keeps those still offered
                control.value = tuple(value for value in before if value in known)
            elif known and hasattr(control, "index"):  # what is typed in a box stays
                control.value = before if before in known else known[0]
        return control.value != before

    def _offer(self, chosen=None, only_offered=False):
        """Offer each side the leaders and cards the records allow it against the other
        side. A choice already made stays when the forces change (and is refused in words
        if it no longer applies); ``only_offered`` keeps only the choices offered."""
        kind = self._kind
        war = self.controls["war"].value
        texts = [self._force_text(key, chosen) for key in ("attacker", "defender")]
        powers = [side_power(kind, text, war) for text in texts]
        # While a force does not read, its cards are those of its power with no units.
        forces = tuple(
            side_force(kind, text, war) or (power and side_force(kind, f"{power}: 0R"))
            for text, power in zip(texts, powers, strict=True)
        )
        for role, key in enumerate(("attacker", "defender")):
            leaders = offered_leaders(kind, powers[role])
            for part, offered in (
                ("leaders", [(name, name) for name in leaders]),
                ("cards", offered_cards(kind, role, forces, war)),
            ):
                control = self.controls[f"{key}_{part}"]
                wanted = control.value if chosen is None else chosen.get(f"{key}_{part}", ())
                known = {value for _, value in offered}
                kept = [value for value in wanted if value in known or not only_offered]
                control.options = offered + [(value, value) for value in kept if value not in known]
                control.value = tuple(kept)

    def _force_text(self, key, chosen=None):
        """The force of a side as the spec reads it: the text and the chosen leaders."""
        leaders = self.controls[f"{key}_leaders"].value
        if chosen is not None:
            leaders = chosen.get(f"{key}_leaders", ())
        return with_leaders(self.controls[key].value, leaders)

    def _changed(self, change=None):
        if self._updating:
            return
        offer_anew = (
            "war",
            *(
                f"{side}{part}"
                for side in ("attacker", "defender")
                for part in ("", "_leaders", "_cards")
            ),
        )
        if change is not None and change["owner"] in [self.controls[k] for k in offer_anew]:
            self._updating = True
            try:
                for key in ("attacker", "defender"):
                    if change["owner"] is self.controls[key]:
                        self._take_leaders(key)
                self._offer()
            finally:
                self._updating = False
        if entry(self._kind).offer:
            self._updating = True
            try:
                self._offer_own(self._kind)
            finally:
                self._updating = False
        self.update()

    def _take_leaders(self, key):
        """A force typed is the side's whole force: its units stay in the text and its
        named leaders become the leader list's choice (none if it names none), so the list
        shows, and edits, every leader the force holds, each once."""
        split = leaders_in_text(self._kind, self.controls[key].value, self.controls["war"].value)
        text, names = split if split is not None else (self.controls[key].value, ())
        control = self.controls[f"{key}_leaders"]
        known = {value for _, value in control.options}
        control.options = list(control.options) + [(n, n) for n in names if n not in known]
        control.value = names
        self.controls[key].value = text

    def swap_sides(self):
        """Swap the two sides' forces, leaders, cards and casualty orders."""
        controls = self.controls
        pairs = [
            (name, "defender" + name[len("attacker") :])
            for name in controls
            if name.startswith("attacker")
        ]
        values = {name: controls[name].value for pair in pairs for name in pair}
        swapped = {}
        for first, second in pairs:
            swapped[first], swapped[second] = values[second], values[first]
        self._updating = True
        try:
            for name, value in swapped.items():
                if not name.endswith(("_leaders", "_cards")):
                    controls[name].value = value
            self._offer(swapped)
        finally:
            self._updating = False
        self.update()

    def update(self):
        """Solve the current choice exactly and show it (or show why it is refused)."""
        values = self.values()
        record = entry(values["engagement"])
        try:
            result = solve(build_spec(values))
            if record.answer:  # an answer that is not a Result (a run of attempts)
                result = kinds.named(record.answer)(result)
        except OddsEngineError as error:
            self.result, self.error = None, " ".join(str(error).split())
            self.odds.value = refusal_html(self.error)
            self.chart.layout.display = "none"
            self.chart.value = b""
            self.survivors.value = ""
            self.command.value = self.command_line = ""
            return
        self.result, self.error = result, None
        self.odds.value = odds_html(result)
        self.chart.value = self._chart.png(result, record.chart)
        self.chart.layout.display = None
        self.survivors.value = survivors_html(result)
        words = command_words(values)
        self.command_line = shlex.join(words)
        self.command.value = command_html(words)

    def _ipython_display_(self):
        from IPython.display import display

        # The widget, and in words for where no widget is drawn (a saved notebook read on
        # a page, a terminal): what it is and that it runs in Jupyter, not its repr.
        bundle = dict(self.widget._repr_mimebundle_())
        bundle["text/plain"] = _FALLBACK
        display(bundle, raw=True)


def _narrow_box():
    """The layout of a small text box (a casualty order)."""
    import ipywidgets as widgets

    return widgets.Layout(width="145px")


def explore(engagement: str = "battle") -> Explorer:
    """An interactive calculator of exact odds, for Jupyter.

    Parameters
    ----------
    engagement : str
        The engagement shown first, a key of :data:`ENGAGEMENTS` (``"battle"``,
        ``"assault"``, ``"intercept"``, ``"avoid"``, ``"naval"``, ``"piracy"``,
        ``"siege-campaign"``, ``"foreign-war"``, ``"move"``, ``"naval-move"``,
        ``"reformation"``, ``"counter-reformation"``, ``"attempts"``, ``"debate"``,
        ``"diet"``, ``"voyage"``, ``"conquest"``); another can be picked in the
        calculator.

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

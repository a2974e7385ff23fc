"""The explorer's engagements of the kinds that declare their inputs
(:mod:`oddsengine.declaration`): each option a control made from its declaration, the
spec built from the controls as the command line builds it, and the "same as" command
line written from the same declaration. A kind registered from outside the package is
offered with no line of explorer code.

Each control's key is ``"KIND.OPTION"`` (``"heirs.marriages"``): the kinds share the
calculator, and a name one kind gives a count may be another's choice.

Examples
--------
>>> key("heirs", "marriages")
'heirs.marriages'
"""

from __future__ import annotations

from oddsengine.declaration import NEEDS_BOARD, options_of, spec_of
from oddsengine.kind_entries import ExplorerEntry

__all__ = ["key", "declared_entry", "widgets", "build", "words", "offer"]

_HERE = "oddsengine.faces._explore_declared:"


def key(kind: str, name: str) -> str:
    """The control key of option ``name`` of ``kind``."""
    return f"{kind}.{name}"


def _options(kind):
    """The options the explorer offers: all but those that read a scenario's board (the
    calculator asks its questions without one)."""
    return tuple(
        item
        for item in (*kind.options, *options_of(kind.spec))
        if item.board != NEEDS_BOARD and not item.positional
    )


def declared_entry(kind) -> ExplorerEntry:
    """The explorer entry of a declared kind: no force boxes, a control per option."""
    return ExplorerEntry(
        ("(none)", "(none)"),
        ("", ""),
        (None, None),
        controls=tuple(key(kind.name, item.name) for item in _options(kind)),
        build=_HERE + "build",
        words=_HERE + "words",
        widgets=_HERE + "widgets",
        offer=_HERE + "offer",
        chart=kind.distribution,
    )


def _declared_kinds():
    """The declared kinds the explorer offers from their declaration: those with no entry
    of their own and a command of their own (not the form of another's, ``--naval``)."""
    from oddsengine.faces.explore_layouts import layout_of
    from oddsengine.kinds import KINDS

    return [
        kind
        for kind in KINDS.values()
        if layout_of(kind) is None and kind.command == kind.name and kind.declared
    ]


def _widget(module, item):
    """The control of one option, by its kind of value."""
    style = {"description_width": "96px"}
    layout = module.Layout(width="250px", margin="1px 2px")
    common = dict(description=item.shown_label, tooltip=item.said, style=style)
    if item.value in ("flag", "yes-no"):
        return module.Checkbox(
            value=bool(item.default),
            indent=False,
            description=item.shown_label,
            tooltip=item.said,
            layout=module.Layout(width="auto", margin="1px 8px"),
        )
    if item.value == "count" and item.default is None and not item.required:
        # An optional count (a cap): empty is "not given", as on the command line.
        return module.Text(placeholder="(none)", continuous_update=False, layout=layout, **common)
    if item.value == "count":
        low = item.low if item.low is not None else 0
        high = item.high if item.high is not None else 99
        value = item.default if isinstance(item.default, int) else low
        return module.BoundedIntText(value=value, min=low, max=high, layout=layout, **common)
    if item.value == "number":
        return module.FloatText(value=item.default or 0.0, layout=layout, **common)
    if item.value == "choice" and item.choices:
        options = list(item.choices)
        value = item.default if item.default in options else options[0]
        return module.Dropdown(options=options, value=value, layout=layout, **common)
    if item.value == "names":
        # The names the option takes, as tags: a name from its list, or typed.
        return module.TagsInput(
            value=list(item.default or ()),
            allowed_tags=list(item.choices),
            allow_duplicates=False,
            layout=module.Layout(width="100%"),
        )
    return module.Text(
        value="" if item.default is None else str(item.default),
        continuous_update=False,
        layout=layout,
        **common,
    )


def widgets(module) -> dict:
    """The controls of every declared kind's options, by :func:`key`."""
    return {
        key(kind.name, item.name): _widget(module, item)
        for kind in _declared_kinds()
        for item in _options(kind)
    }


def _values(values: dict) -> dict:
    """The option values of the engagement ``values`` names, by option name: those given
    (a text box left empty is not given)."""
    from oddsengine.kinds import kind_of

    kind = kind_of(values["engagement"])
    found = {}
    for item in _options(kind):
        value = values.get(key(kind.name, item.name))
        if value is None or (value == "" and item.value not in ("flag", "yes-no")):
            continue
        if item.value == "names":
            value = tuple(value)
        elif item.value == "count" and isinstance(value, str):  # an optional count typed
            value = item.parse(value)
        found[item.name] = value
    return found


def build(values, forces, cards, post_roll):
    """The spec of a declared kind from the calculator's controls (its class called with
    its options, as the command line calls it)."""
    from oddsengine.kinds import kind_of

    kind = kind_of(values["engagement"])
    return spec_of(kind.spec, _values(values))


def words(values) -> list[str]:
    """The command line's options that ask the same question (after the command)."""
    from oddsengine.declaration import command_words
    from oddsengine.kinds import kind_of

    kind = kind_of(values["engagement"])
    return command_words(kind.command, kind.spec, _values(values), kind.options)[1:]


def offer(values) -> dict:
    """The choices each option with an ``offer`` leaves given the others (its spec
    class's ``offer`` method), by control key."""
    from oddsengine.kinds import kind_of

    kind = kind_of(values["engagement"])
    offered = {}
    for item in _options(kind):
        if item.offer:
            choices = getattr(kind.spec, item.offer)(_values(values))
            offered[key(kind.name, item.name)] = [(str(choice), choice) for choice in choices]
    return offered

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

from oddsengine.declaration import BOARD_GIVES, NEEDS_BOARD, options_of, spec_of, spec_on_board
from oddsengine.kind_entries import ExplorerEntry

__all__ = ["key", "declared_entry", "widgets", "build", "words", "offer"]

_HERE = "oddsengine.faces._explore_declared:"


def key(kind: str, name: str) -> str:
    """The control key of option ``name`` of ``kind``."""
    return f"{kind}.{name}"


def _board(kind) -> tuple:
    """The scenario option of the board ``kind`` is asked on (a box of the shipped boards),
    for a kind that takes one; its what-ifs are the command line's."""
    if "board" not in kind.takes:
        return ()
    return kind.spec.scenario_board.options[:1]


def _options(kind):
    """The options the explorer offers: the board's scenario, for a kind asked on one, and
    the kind's inputs but those that read a board beyond it (its what-ifs, a flip order)."""
    return (
        *_board(kind),
        *(
            item
            for item in (*kind.options, *options_of(kind.spec))
            if item.board != NEEDS_BOARD and not item.positional
        ),
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
    """The kinds offered from their declaration: those with no entry of their own whose
    command asks them (a sub-command's, a kind its command's options choose), not the
    form of another's (:func:`~oddsengine.kind_commands.is_form`)."""
    from oddsengine.kind_commands import declared_commands

    return [
        kind for kinds in declared_commands().values() for kind in kinds if kind.explorer is None
    ]


def _widget(module, item):
    """The control of one option, by its kind of value: its label as wide as its words
    (at most 96 px), its box as wide as what it takes (a count narrower than a choice), so
    that a kind's controls share their rows."""
    label = min(96, 7 * len(item.shown_label) + 10)
    style = {"description_width": f"{label}px"}

    def box(width: int):
        return module.Layout(width=f"{label + width}px", margin="1px 2px")

    layout = box(120)
    common = dict(description=item.shown_label, tooltip=item.said, style=style)
    if item.value in ("flag", "flag-names", "yes-no"):  # the explorer applies it to all it may
        return module.Checkbox(
            value=bool(item.default),
            indent=False,
            description=item.shown_label,
            tooltip=item.said,
            layout=module.Layout(width="auto", margin="1px 4px"),
        )
    if item.value == "count" and item.default is None and not item.required:
        # An optional count (a cap): empty is "not given", as on the command line.
        return module.Text(placeholder="(none)", continuous_update=False, layout=box(80), **common)
    if item.value == "count":
        low = item.low if item.low is not None else 0
        high = item.high if item.high is not None else 99
        value = item.default if isinstance(item.default, int) else low
        return module.BoundedIntText(value=value, min=low, max=high, layout=box(80), **common)
    if item.value == "number":
        return module.FloatText(value=item.default or 0.0, layout=box(80), **common)
    if item.value == "choice" and item.typed:  # its choices offered, others typed
        return module.Combobox(
            value=str(item.default or ""),
            options=[str(choice) for choice in item.choices],
            ensure_option=False,
            continuous_update=False,
            layout=layout,
            **common,
        )
    if item.value == "choice" and (item.choices or item.offer):
        # Its choices, or those its offer leaves (filled when the calculator offers them);
        # an input not required may be left out: "(none)".
        options = [(str(choice), choice) for choice in item.choices]
        if not options:
            options = [(str(item.default), item.default)] if item.default else []
        if not item.required and item.default is None:
            options.insert(0, ("(none)", ""))
        if not options:  # filled by its offer
            return module.Dropdown(options=[], layout=layout, **common)
        value = item.default if item.default in dict(options).values() else options[0][1]
        return module.Dropdown(options=options, value=value, layout=layout, **common)
    if item.value == "names":
        # The names the option takes, as tags: a name from its list (or those its offer
        # leaves), or typed.
        default = item.default or ()
        return module.TagsInput(
            value=[default] if isinstance(default, str) else list(default),
            allowed_tags=list(item.choices),
            allow_duplicates=False,
            description=item.shown_label,
            tooltip=item.said,
            placeholder=item.shown_label,  # what the box takes, while it holds no tag
            layout=module.Layout(width="150px", margin="1px 2px"),  # its tags wrap inside
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
        if item.value == "names" or (item.value == "flag-names" and not isinstance(value, bool)):
            value = tuple(value)
        elif item.value == "count" and isinstance(value, str):  # an optional count typed
            value = item.parse(value)
        found[item.name] = value
    return found


def build(values, forces, cards, post_roll):
    """The spec of a declared kind from the calculator's controls (its class called with
    its options, as the command line calls it; on the board chosen, its ``on_board``)."""
    from oddsengine.errors import OddsEngineError
    from oddsengine.kinds import kind_of

    kind = kind_of(values["engagement"])
    found = _values(values)
    board = _board(kind)
    scenario = found.pop(board[0].name, None) if board else None
    if scenario is None:
        if board and board[0].required:
            raise OddsEngineError(f"choose the {board[0].shown_label} the question is asked on")
        return spec_of(kind.spec, found)
    for item in _options(kind):
        if item.board == BOARD_GIVES and item.name in found:
            raise OddsEngineError(
                f"{item.shown_label} comes from the board: leave it empty (or choose no board)"
            )
    return spec_on_board(kind.spec, scenario, found)


def words(values) -> list[str]:
    """The command line's words that ask the same question, after the command: a
    sub-command's name first (``rough-wooing --english-units 3``), and for a kind that its
    command's options choose, an option that chooses it, even at its default
    (``--holdings colony``: :mod:`oddsengine.kind_commands`)."""
    import dataclasses

    from oddsengine.declaration import command_words
    from oddsengine.kind_commands import command_path, deciding_options
    from oddsengine.kinds import kind_of

    kind = kind_of(values["engagement"])
    given = _values(values)
    path = command_path(kind)
    written = [
        *path[1:],
        *command_words(path[0], kind.spec, given, (*_board(kind), *kind.options))[1:],
    ]
    deciding = deciding_options(kind)
    if deciding and not {item.flag_name for item in deciding} & set(written):
        first = dataclasses.replace(deciding[0], required=True)
        written += first.words_of(given.get(first.name, first.default))
    return written


def offer(values) -> dict:
    """The choices each option with an ``offer`` leaves given the others (its spec
    class's ``offer`` method), by control key."""
    from oddsengine.kinds import kind_of

    kind = kind_of(values["engagement"])
    offered = {}
    for item in _options(kind):
        if item.offer:
            offer = item.offer if callable(item.offer) else getattr(kind.spec, item.offer)
            choices = list(offer(_values(values)))
            if not item.required and item.default is None and "" not in choices:
                choices.insert(0, "")  # it may be left out: "(none)"
            offered[key(kind.name, item.name)] = [
                (str(choice) or "(none)", choice) for choice in choices
            ]
    return offered

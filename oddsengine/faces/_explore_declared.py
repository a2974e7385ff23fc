"""The explorer's engagements of the kinds that declare their inputs
(:mod:`oddsengine.declaration`): each option a control made from its declaration, the
spec built from the controls as the command line builds it, and the "same as" command
line written from the same declaration. A kind registered from outside the package is
offered with no line of explorer code.

Each control's key is ``"KIND.OPTION"`` (``"heirs.marriages"``): the kinds share the
calculator, and a name one kind gives a count may be another's choice. A kind asked on a
board (its record's ``board`` group, the board its spec class names) has the board's
controls too: the board (none, or a shipped scenario) and its what-ifs; the inputs that
read a board are shown with one, those a board gives without one. An option with an
``offer`` is a list of the choices the other inputs leave it (the debaters in play in a
zone at a turn, the sources a board allows): a drop-down, or tags for several names. The
inputs the question would ignore (the spec's ``ignored_options()``) are hidden and not
read, and those most questions leave alone (``Option.more``) are shown when "more" is
ticked.

Examples
--------
>>> key("heirs", "marriages")
'heirs.marriages'
"""

from __future__ import annotations

import functools

from oddsengine.declaration import NEEDS_BOARD, options_of, spec_of, spec_on_board
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown
from oddsengine.kind_entries import ExplorerEntry

__all__ = ["MORE", "key", "declared_entry", "widgets", "build", "words", "offer"]

_HERE = "oddsengine.faces._explore_declared:"
#: The name of a kind's "more options" switch, in its control's key.
MORE = "(more)"


def key(kind: str, name: str) -> str:
    """The control key of option ``name`` of ``kind``."""
    return f"{kind}.{name}"


def _board_options(kind) -> tuple:
    """The options of the board ``kind`` is asked on (its scenario first, then its
    what-ifs), for a kind that takes one."""
    if "board" not in kind.takes:
        return ()
    return kind.spec.scenario_board.options


def _options(kind) -> tuple:
    """The options the explorer offers, in the order it shows them: the board's scenario,
    then those most questions change, then the others (:attr:`Option.more`). A positional
    input of the kind's own (a scenario file a spec reads itself) is not offered."""
    board = _board_options(kind)
    offered = [
        item
        for item in (*board, *kind.options, *options_of(kind.spec))
        if not item.positional or item in board
    ]
    return tuple(sorted(offered, key=lambda item: (not item.positional, item.more)))


def _controls(kind) -> tuple:
    """The keys of ``kind``'s controls: its options', the "more options" switch before the
    options it shows."""
    options = _options(kind)
    keys = [key(kind.name, item.name) for item in options if not item.more]
    if any(item.more for item in options):
        keys.append(key(kind.name, MORE))
        keys += [key(kind.name, item.name) for item in options if item.more]
    return tuple(keys)


def declared_entry(kind) -> ExplorerEntry:
    """The explorer entry of a declared kind: no force boxes, a control per option."""
    return ExplorerEntry(
        ("(none)", "(none)"),
        ("", ""),
        (None, None),
        controls=_controls(kind),
        build=_HERE + "build",
        words=_HERE + "words",
        widgets=_HERE + "widgets",
        offer=_HERE + "offer",
        chart=kind.distribution,
    )


def _declared_kinds():
    """The kinds offered from their declaration: those with no layout of their own
    (:func:`~oddsengine.faces.explore_layouts.layout_of`) whose command asks them (a
    sub-command's, a kind its command's options choose), not the form of another's
    (:func:`~oddsengine.kind_commands.is_form`)."""
    from oddsengine.faces.explore_layouts import layout_of
    from oddsengine.kind_commands import declared_commands

    return [
        kind for kinds in declared_commands().values() for kind in kinds if layout_of(kind) is None
    ]


def _label(choice) -> str:
    """How a choice is shown: ``(none)`` for the empty one."""
    return "(none)" if choice in ("", None) else str(choice)


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
        options = [(_label(choice), choice) for choice in item.choices]
        if not options:
            options = [(_label(item.default), item.default)] if item.default else []
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
    start = item.example if item.default is None else item.default
    if isinstance(start, (tuple, list)):  # cards, written as the command line takes them
        start = ",".join(map(str, start))
    return module.Text(
        value="" if start is None else str(start),
        continuous_update=False,
        layout=layout,
        **common,
    )


def widgets(module) -> dict:
    """The controls of every declared kind's options, by :func:`key`, and each kind's
    "more options" switch where it has options under it."""
    controls = {}
    for kind in _declared_kinds():
        for item in _options(kind):
            controls[key(kind.name, item.name)] = _widget(module, item)
        if key(kind.name, MORE) in _controls(kind):
            controls[key(kind.name, MORE)] = module.Checkbox(
                value=False,
                indent=False,
                description="more",
                tooltip="more options: those most questions leave at their default",
                layout=module.Layout(width="auto", margin="1px 4px"),
            )
    return controls


def _typed(item, value, where: str):
    """``value`` of a control as its option reads it; a value set from code of the wrong
    kind is refused, the control named (the spec checks the rest, as it checks a value
    given in Python)."""
    if item.value == "names" or (item.value == "flag-names" and not isinstance(value, bool)):
        if isinstance(value, str) or not isinstance(value, (list, tuple)):
            raise OddsEngineTypeError(f"{where} must be a list of names, not {shown(value)}")
        if not all(isinstance(name, str) for name in value):
            raise OddsEngineTypeError(f"{where} must be a list of names, not {shown(value)}")
        return tuple(value)
    if item.value in ("flag", "flag-names", "yes-no") and not isinstance(value, bool):
        raise OddsEngineTypeError(f"{where} must be True or False, not {shown(value)}")
    if item.value == "count" and isinstance(value, str):
        if item.default is None and not item.required:  # an optional count, typed
            return item.parse(value)
        raise OddsEngineTypeError(f"{where} must be a whole number, not {shown(value)}")
    return value


def _reads(item, board: bool) -> bool:
    """Whether the question reads ``item`` with a board (``board``) or without one: an
    input that reads a board only with one, an input a board gives only without one."""
    if item.board == NEEDS_BOARD:
        return board
    return not (board and item.supplied_by_board)


def _inputs(values: dict) -> tuple:
    """The kind of the engagement ``values`` names and the inputs its controls give, by
    option name: those the question reads, and not at their default (the same question as
    leaving them out); a text box left empty is not given."""
    from oddsengine.kinds import kind_of

    kind = kind_of(values["engagement"])
    board = _board_options(kind)
    chosen = bool(board) and bool(values.get(key(kind.name, board[0].name)))
    found = {}
    for item in _options(kind):
        value = values.get(key(kind.name, item.name))
        if value is None or (value == "" and item.value not in ("flag", "yes-no")):
            continue
        if not _reads(item, chosen):
            continue
        value = _typed(item, value, item.name)
        if value == () and not item.default:  # no names: as not given
            continue
        if value != item.default or item.required_with(chosen):
            found[item.name] = value
    return kind, found


@functools.lru_cache(maxsize=16)
def _spec(name: str, inputs: tuple):
    """The spec of kind ``name`` for ``inputs`` (``(name, value)`` pairs), as the command
    line builds it: its class's (:func:`~oddsengine.declaration.spec_of`), or on the
    board chosen (:func:`~oddsengine.declaration.spec_on_board`)."""
    from oddsengine.kinds import kind_of

    kind = kind_of(name)
    given = dict(inputs)
    board = _board_options(kind)
    scenario = given.pop(board[0].name, None) if board else None
    if scenario is None:
        if board and board[0].required:
            raise OddsEngineError(f"choose the {board[0].shown_label} the question is asked on")
        return spec_of(kind.spec, given)
    return spec_on_board(kind.spec, scenario, given)


def _question(values: dict) -> tuple:
    """The kind, the inputs it reads and its spec: an input the spec would ignore
    (``ignored_options()``) is left out, as the command line refuses it."""
    kind, inputs = _inputs(values)
    spec = _spec(kind.name, tuple(inputs.items()))
    ignored = getattr(spec, "ignored_options", None)
    if ignored is not None and set(ignored()) & set(inputs):
        inputs = {name: value for name, value in inputs.items() if name not in ignored()}
        spec = _spec(kind.name, tuple(inputs.items()))
    return kind, inputs, spec


def build(values, forces, cards, post_roll):
    """The spec of a declared kind from the calculator's controls (its class called with
    its options, as the command line calls it; on the board chosen, its ``on_board``)."""
    return _question(values)[2]


def words(values) -> list[str]:
    """The command line's words that ask the same question, after the command: a
    sub-command's name first (``rough-wooing --english-units 3``), and for a kind that its
    command's options choose, an option that chooses it, even at its default
    (``--holdings colony``: :mod:`oddsengine.kind_commands`)."""
    import dataclasses

    from oddsengine.declaration import command_words
    from oddsengine.kind_commands import command_path, deciding_options

    kind, given, _ = _question(values)
    path = command_path(kind)
    written = [
        *path[1:],
        *command_words(path[0], kind.spec, given, (*_board_options(kind), *kind.options))[1:],
    ]
    deciding = deciding_options(kind)
    if deciding and not {item.flag_name for item in deciding} & set(written):
        first = dataclasses.replace(deciding[0], required=True)
        written += first.words_of(given.get(first.name, first.default))
    return written


def _offered(kind, item, inputs: dict) -> list:
    """The choices ``item`` is offered given the other ``inputs``: its offer's (a method
    of the spec class, or a function), with the empty one first where it may be left out
    (``(none)``)."""
    offer = item.offer if callable(item.offer) else getattr(kind.spec, item.offer)
    choices = list(offer(inputs))
    if item.value == "choice" and not item.required and item.default is None:
        if "" not in choices:
            choices.insert(0, "")
    return choices


def offer(values) -> dict:
    """The choices each option with an ``offer`` leaves given the others (a list of
    ``(label, choice)``, by control key), and the controls hidden (``"(hidden)"``): the
    inputs the question does not read (a board's without one, those a board gives with
    one, those the spec would ignore) and, unless asked, the options under "more"."""
    kind, inputs = _inputs(values)
    board = _board_options(kind)
    chosen = bool(board) and board[0].name in inputs
    hidden = [key(kind.name, item.name) for item in _options(kind) if not _reads(item, chosen)]
    try:
        spec = _spec(kind.name, tuple(inputs.items()))
    except (OddsEngineError, TypeError, ValueError):  # refused in words by update()
        spec = None
    ignored = getattr(spec, "ignored_options", None)
    hidden += [key(kind.name, name) for name in (ignored() if ignored is not None else ())]
    if not values.get(key(kind.name, MORE)):
        hidden += [key(kind.name, item.name) for item in _options(kind) if item.more]
    offered = {"(hidden)": tuple(hidden)}
    for item in _options(kind):
        if item.offer and key(kind.name, item.name) not in hidden:
            choices = _offered(kind, item, inputs)
            offered[key(kind.name, item.name)] = [(_label(choice), choice) for choice in choices]
    return offered

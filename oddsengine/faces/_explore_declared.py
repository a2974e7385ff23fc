"""The explorer's engagements of the kinds that declare their inputs
(:mod:`oddsengine.declaration`): each option a control made from its declaration, the
spec built from the controls as the command line builds it, and the "same as" command
line written from the same declaration. A kind registered from outside the package is
offered with no line of explorer code.

Each control's key is ``"KIND.OPTION"`` (``"heirs.marriages"``): the kinds share the
calculator, and a name one kind gives a count may be another's choice. A kind that takes
a scenario's board (its record's ``board`` group) has the board's controls too: the
board (none, or a shipped scenario), and its what-ifs; the inputs that read a board are
shown with one, those a board gives without one. An option with an ``offer`` is a list of
the choices the other inputs leave it (the debaters in play in a zone at a turn, the
sources a board allows): a drop-down, or tags for several names. The inputs the question
would ignore (the spec's ``ignored_options()``) are hidden and not read, and those most
questions leave alone (``Option.more``) are shown when "more" is ticked.

Examples
--------
>>> key("heirs", "marriages")
'heirs.marriages'
"""

from __future__ import annotations

import functools

from oddsengine.declaration import NEEDS_BOARD, command_words, options_of
from oddsengine.errors import OddsEngineTypeError, shown
from oddsengine.kind_entries import ExplorerEntry

__all__ = ["MORE", "key", "declared_entry", "widgets", "build", "words", "offer"]

_HERE = "oddsengine.faces._explore_declared:"
#: The name of a kind's "more options" switch, in its control's key.
MORE = "(more)"


def key(kind: str, name: str) -> str:
    """The control key of option ``name`` of ``kind``."""
    return f"{kind}.{name}"


def _board_options(kind) -> tuple:
    """The board's options of a kind that takes one (its scenario first)."""
    if "board" not in kind.takes:
        return ()
    from oddsengine.religion.religion_scenario import BOARD_OPTIONS

    return BOARD_OPTIONS


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
    from oddsengine.kinds import KINDS

    return [kind for kind in KINDS.values() if kind.explorer is None and kind.declared]


def _label(choice) -> str:
    """How a choice is shown: ``(none)`` for the empty one."""
    return "(none)" if choice in ("", None) else str(choice)


def _widget(module, item):
    """The control of one option, by its kind of value."""
    # Three to a row beside the file browser (1000 px), as the other engagements' controls;
    # a short label leaves its value the room (a board's or a source's name).
    style = {"description_width": f"{max(40, 7 * len(item.shown_label) + 6)}px"}
    layout = module.Layout(width="180px", margin="1px 2px")
    common = dict(description=item.shown_label, tooltip=item.words, style=style)
    if item.value == "flag":
        return module.Checkbox(
            value=bool(item.default),
            indent=False,
            description=item.shown_label,
            tooltip=item.words,
            layout=module.Layout(width="auto", margin="1px 8px"),
        )
    if item.value == "names":
        return _labelled_tags(module, item)
    if item.offer or (item.value == "choice" and item.choices):
        # A list of what the other inputs leave (filled by the offer), or of its choices.
        choices = item.choices if not item.offer else (item.default,)
        options = [(_label(choice), choice) for choice in choices]
        value = item.default if item.default in choices else choices[0]
        return module.Dropdown(options=options, value=value, layout=layout, **common)
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
    return module.Text(
        value="" if item.default is None else str(item.default),
        continuous_update=False,
        layout=layout,
        **common,
    )


def _labelled_tags(module, item):
    """Names as tags, those offered (or its choices) each once, after the option's label:
    one box whose ``value`` and ``allowed_tags`` are its tags' (ipywidgets' TagsInput
    shows no description of its own)."""
    import traitlets

    class LabelledTags(module.HBox):
        value = traitlets.List()
        allowed_tags = traitlets.List()

    tags = module.TagsInput(
        value=list(item.default or ()),
        allowed_tags=list(item.choices),
        allow_duplicates=False,
        placeholder="add",
        tooltip=item.words,
        layout=module.Layout(flex="1 1 auto", min_width="0"),
    )
    label = module.Label(item.shown_label, layout=module.Layout(margin="0 2px", flex="0 0 auto"))
    box = LabelledTags(
        [label, tags],
        value=list(tags.value),
        allowed_tags=list(tags.allowed_tags),
        # As wide as another control; names added wrap inside it.
        layout=module.Layout(width="172px", margin="1px 2px", align_items="center"),
    )
    traitlets.link((box, "value"), (tags, "value"))
    traitlets.link((box, "allowed_tags"), (tags, "allowed_tags"))
    return box


def widgets(module) -> dict:
    """The controls of every declared kind's options, by :func:`key`."""
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
                layout=module.Layout(width="auto", margin="1px 8px"),
            )
    return controls


def _typed(item, value, where: str):
    """``value`` of a control as its option reads it; a value set from code of the wrong
    kind is refused, the control named (the spec checks the rest, as it checks a value
    given in Python)."""
    if item.value == "names":
        if isinstance(value, str) or not isinstance(value, (list, tuple)):
            raise OddsEngineTypeError(f"{where} must be a list of names, not {shown(value)}")
        if not all(isinstance(name, str) for name in value):
            raise OddsEngineTypeError(f"{where} must be a list of names, not {shown(value)}")
        return tuple(value)
    if item.value == "flag" and not isinstance(value, bool):
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
    options = _options(kind)
    board = bool(values.get(key(kind.name, "scenario"))) and bool(_board_options(kind))
    found = {}
    for item in options:
        value = values.get(key(kind.name, item.name))
        if value is None or (value == "" and item.value != "flag") or not _reads(item, board):
            continue
        value = _typed(item, value, item.name)
        if value == () and not item.default:  # no names: as not given
            continue
        if value != item.default or item.required_with(board):
            found[item.name] = value
    return kind, found


@functools.lru_cache(maxsize=16)
def _spec(name: str, inputs: tuple):
    """The spec of kind ``name`` for ``inputs`` (``(name, value)`` pairs): the command
    line's (its class's ``from_options``, or its ``on_board`` with a scenario's board)."""
    from oddsengine.kinds import kind_of

    kind = kind_of(name)
    given = dict(inputs)
    scenario = given.pop("scenario", None)
    if scenario is None:
        return getattr(kind.spec, "from_options", kind.spec)(**given)
    from oddsengine.religion.religion_scenario import load_religious_board

    what_ifs = {item.name: given.pop(item.name, ()) for item in _board_options(kind)[1:]}
    return kind.spec.on_board(load_religious_board(scenario, **what_ifs), **given)


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
    its options, or its ``on_board`` with a board, as the command line calls it)."""
    return _question(values)[2]


def words(values) -> list[str]:
    """The command line's options that ask the same question (after the command)."""
    kind, inputs, _ = _question(values)
    extra = (*_board_options(kind), *kind.options)
    return command_words(kind.command, kind.spec, inputs, extra)[1:]


def _offered(kind, item, inputs: dict) -> list:
    """The choices ``item`` is offered given the other ``inputs``: its offer's (a method
    of the spec class, or a function)."""
    offer = item.offer if callable(item.offer) else getattr(kind.spec, item.offer)
    return list(offer(inputs))


def offer(values) -> dict:
    """The choices each option with an ``offer`` leaves given the others (a list of
    ``(label, choice)``, by control key), and the controls hidden (``"(hidden)"``): the
    inputs the question does not read (a board's without one, those a board gives with
    one, those the spec would ignore) and, unless asked, the options under "more"."""
    from oddsengine.errors import OddsEngineError

    kind, inputs = _inputs(values)
    board = "scenario" in inputs
    hidden = [key(kind.name, item.name) for item in _options(kind) if not _reads(item, board)]
    try:
        spec = _spec(kind.name, tuple(inputs.items()))
    except OddsEngineError:  # refused in words by update(); nothing more to hide
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

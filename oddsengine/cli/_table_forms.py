"""``oddsengine table KIND`` for a kind laid out its own way
(:data:`~oddsengine.faces.table_forms.TABLE_FORMS`: ``table debate``): the options of its
form added from the kind's declaration, read, and refused for the other kinds."""

from __future__ import annotations

from oddsengine.errors import OddsEngineError

__all__ = ["add_form_options", "has_form", "form_table", "refuse_form_options"]

#: The table command's options of the combat cards, which a form of its own does not read.
_COMBAT_CARDS = ("attacker_cards", "defender_cards", "responses", "cards_as_printed")


def add_form_options(table) -> None:
    """The options of each form (its heading, then its kind's declared inputs and its
    own), each flag once."""
    from oddsengine.cli._declared_commands import add_option
    from oddsengine.faces.table_forms import TABLE_FORMS, form_options

    added = set()
    for kind, form in TABLE_FORMS.items():
        group = table.add_argument_group(form.heading)
        for option in form_options(kind):
            if option.flag_name not in added:
                add_option(group, option)
                added.add(option.flag_name)


def has_form(kind: str) -> bool:
    """Whether ``table KIND`` is laid out its own way."""
    from oddsengine.faces.table_forms import TABLE_FORMS

    return kind in TABLE_FORMS


def _given(arguments, option) -> bool:
    return option.name in getattr(arguments, "given", ()) and getattr(
        arguments, option.name, None
    ) not in (None, False)


def form_table(arguments, method: str):
    """The table of ``arguments.kind``'s own form, with ``method`` (every cell exact, or
    Monte Carlo): the combat cards' options refused, and a required input missing."""
    from oddsengine.faces.table_forms import TABLE_FORMS, form_options
    from oddsengine.kinds import kind_of

    what = f"table {arguments.kind}"
    for name in _COMBAT_CARDS:
        if getattr(arguments, name, None):
            raise OddsEngineError(f"{what} takes no --{name.replace('_', '-')}: a combat card's")
    values = {}
    for option in form_options(arguments.kind):
        if _given(arguments, option):
            values[option.name] = getattr(arguments, option.name)
        elif option.required:
            raise OddsEngineError(f"{what} needs {option.flag_name}")
    rows, columns = kind_of(arguments.kind).roles
    return TABLE_FORMS[arguments.kind].make(
        values,
        getattr(arguments, rows),
        getattr(arguments, columns),
        method,
        arguments.precision or 0.005,
        arguments.seed,
    )


def refuse_form_options(arguments) -> None:
    """A kind laid out as a grid of templates: refuse the options of the forms of other
    kinds (``--zone`` is table debate's)."""
    from oddsengine.faces.table_forms import TABLE_FORMS, form_options

    for kind in TABLE_FORMS:
        for option in form_options(kind):
            if _given(arguments, option):
                raise OddsEngineError(
                    f"table {arguments.kind} takes no {option.flag_name}: it is an option of "
                    f"table {kind}"
                )

"""The check of a kind's record before :func:`~oddsengine.kinds.register_kind` adds it: a
record the faces could not read is refused when it is registered, with one
:class:`~oddsengine.errors.OddsEngineError` naming the field, not later by a table, a plot
or the command line.

What is checked is the record's shape, not what the kind means: its name (a word of
letters, digits, ``-`` and ``_``, not a kind the package ships nor a shipped kind's
command), its spec (a frozen dataclass, the class itself, meeting the
:class:`~oddsengine.kinds.Engagement` protocol; or where it lives, ``"module:Class"``,
imported only when it is used), each field of the record by its type, the roles (fields
of the spec; two of them for ``table``), and the headline (one of the spec's outcomes when
the class names them; when none is given, the first of them, as the record says).

Examples
--------
>>> from oddsengine import Assault
>>> check_record("siege-assault", Assault, {"headline": "success"})["headline"]
'success'
>>> check_record("siege-assault", Assault, {})["headline"]  # the first outcome
'success'
>>> check_record("siege assault", Assault, {})
Traceback (most recent call last):
...
oddsengine.errors.OddsEngineError: a kind's name is one word of letters, digits, '-' and ...
"""

from __future__ import annotations

import dataclasses
import re

from oddsengine.combat.combat_spec import CombatSpec
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown, unknown_name

__all__ = ["ENGAGEMENT_MEMBERS", "ARGUMENT_COMMANDS", "check_record"]

#: What a spec class must give (the :class:`~oddsengine.kinds.Engagement` protocol).
ENGAGEMENT_MEMBERS = (
    "kind",
    "outcome_names",
    "event_names",
    "draw_plan",
    "outcome_columns",
    "describe",
    "title",
    "describe_lines",
)
#: The shipped commands whose options a registered kind's command may take (its record's
#: ``arguments``), with the spec class whose fields that command gives (``battle``: those
#: of a land combat).
ARGUMENT_COMMANDS = {"battle": CombatSpec}

_NAME = re.compile(r"[a-z][a-z0-9_-]*")
_WHERE = re.compile(r"[A-Za-z_][\w.]*:[A-Za-z_]\w*")

_TEXT = {
    "rule",
    "title",
    "success_words",
    "command",
    "card_engagement",
    "card_combat",
    "arguments",
    "distribution",
}
_FLAGS = {"sweep", "table", "fixed_chart"}
_TEXTS = {"roles", "default_sides", "by_step", "needed_options", "takes"}
_WORDS = {"role_words", "outcome_words"}


def _refuse(name: str, field: str, what: str, value) -> None:
    raise OddsEngineTypeError(f"kind {name!r}: {field} must be {what}, not {shown(value)}")


def _check_name(name, built_in) -> None:
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        error = OddsEngineError if isinstance(name, str) else OddsEngineTypeError
        raise error(
            "a kind's name is one word of letters, digits, '-' and '_' (e.g. "
            f"'siege-assault'), not {shown(name)}"
        )
    for kind in built_in.values():
        if name in (kind.name, kind.command):
            raise OddsEngineError(
                f"{name!r} is a kind the package ships ({kind.rule}): register a new kind "
                "under a name of its own"
            )


def _check_spec(name: str, spec_class) -> None:
    if isinstance(spec_class, str):
        if not _WHERE.fullmatch(spec_class):
            _refuse(name, "spec_class", "a spec dataclass or 'module:Class'", spec_class)
        return
    if not isinstance(spec_class, type) or not dataclasses.is_dataclass(spec_class):
        raise OddsEngineTypeError(
            f"kind {name!r}: {shown(spec_class)} is not a spec dataclass (give the class "
            "itself, a frozen dataclass meeting the Engagement protocol)"
        )
    if not spec_class.__dataclass_params__.frozen:
        raise OddsEngineTypeError(
            f"kind {name!r}: {spec_class.__name__} is not frozen: a spec cannot change once "
            "built (@dataclass(frozen=True))"
        )
    missing = [member for member in ENGAGEMENT_MEMBERS if not hasattr(spec_class, member)]
    if missing:
        raise OddsEngineTypeError(
            f"kind {name!r}: {spec_class.__name__} does not meet the Engagement protocol: "
            f"it has no {', '.join(missing)}"
        )


def _check_types(name: str, record: dict) -> None:
    from oddsengine.kind_entries import ExplorerEntry, NeededKind

    for field, value in record.items():
        if field in _TEXT and not isinstance(value, str):
            _refuse(name, field, "text", value)
        elif field in _FLAGS and not isinstance(value, bool):
            _refuse(name, field, "True or False", value)
        elif field in _TEXTS and not (
            isinstance(value, tuple) and all(isinstance(item, str) for item in value)
        ):
            _refuse(name, field, "a tuple of texts", value)
        elif field in _WORDS and not (
            isinstance(value, dict)
            and all(isinstance(key, str) and isinstance(words, str) for key, words in value.items())
        ):
            _refuse(name, field, "a dict of texts by name", value)
    trials = record.get("trials", 0)
    if isinstance(trials, bool) or not isinstance(trials, int) or trials < 0:
        _refuse(name, "trials", "a number of trials (0: the engines' default)", trials)
    headline = record.get("headline")
    if headline is not None and not isinstance(headline, str):
        _refuse(name, "headline", "an outcome's name or None", headline)
    needed = record.get("needed")
    if not (
        needed is None
        or isinstance(needed, NeededKind)
        or (isinstance(needed, str) and _WHERE.fullmatch(needed))
    ):
        _refuse(name, "needed", "a NeededKind, 'module:NAME' or None", needed)
    from oddsengine.declaration import SHARED_GROUPS, Option

    options = record.get("options", ())
    if not (isinstance(options, tuple) and all(isinstance(item, Option) for item in options)):
        _refuse(name, "options", "a tuple of Option", options)
    for group in record.get("takes", ()):
        if group not in SHARED_GROUPS:
            raise unknown_name(
                "group of options",
                group,
                SHARED_GROUPS,
                where=f"kind {name!r}: takes",
                plural="groups of options",
            )
    explorer = record.get("explorer")
    if explorer is not None and not isinstance(explorer, ExplorerEntry):
        _refuse(name, "explorer", "an ExplorerEntry or None", explorer)
    for field, size in (("default_sides", 2), ("by_step", 2)):
        if len(record.get(field, ())) not in (0, size):
            _refuse(name, field, f"empty or {size} texts", record[field])
    help_entry = record.get("needed_help", ())
    if not (
        isinstance(help_entry, tuple)
        and (
            not help_entry
            or (len(help_entry) == 2 and isinstance(help_entry[0], int | float))
            and isinstance(help_entry[1], str)
        )
    ):
        _refuse(name, "needed_help", "empty or (place, words)", help_entry)
    pages = record.get("book_pages", ())
    if not isinstance(pages, tuple) or not all(
        isinstance(page, tuple)
        and len(page) == 2
        and isinstance(page[0], int | float)
        and (callable(page[1]) or isinstance(page[1], str) and _WHERE.fullmatch(page[1]))
        for page in pages
    ):
        _refuse(name, "book_pages", "a tuple of (place, builder or 'module:function')", pages)


def _check_fields(name: str, spec_class, record: dict) -> None:
    """What the record says of the spec: its roles and arguments are fields of the spec,
    its headline one of its outcomes (where the class names them)."""
    roles = record.get("roles", ())
    if record.get("table") and len(roles) != 2:
        _refuse(name, "roles", "two spec fields for a table (rows, then columns)", roles)
    if isinstance(spec_class, str):
        return
    fields = [item.name for item in dataclasses.fields(spec_class)]
    for role in roles:
        if role not in fields:
            raise unknown_name("spec field", role, fields, where=f"kind {name!r}: roles")
    arguments = record.get("arguments", "")
    if arguments:
        if arguments not in ARGUMENT_COMMANDS:
            raise unknown_name(
                "command", arguments, ARGUMENT_COMMANDS, where=f"kind {name!r}: arguments"
            )
        given = dataclasses.fields(ARGUMENT_COMMANDS[arguments])
        lacking = [item.name for item in given if item.name not in fields]
        if lacking:
            raise OddsEngineTypeError(
                f"kind {name!r}: the options of {arguments} give {', '.join(lacking)}, which "
                f"{spec_class.__name__} does not take"
            )
    outcomes = getattr(spec_class, "outcome_names", None)
    if not isinstance(outcomes, tuple) or not outcomes:
        if record.get("headline") is None and record.get("table"):
            raise OddsEngineError(
                f"kind {name!r}: a table shows its headline, and {spec_class.__name__} names "
                "its outcomes only once built: give headline"
            )
        return
    headline = record.get("headline")
    if headline is None:
        record["headline"] = outcomes[0]  # the record's own default: the first outcome
    elif headline not in outcomes:
        raise unknown_name("outcome", headline, outcomes, where=f"kind {name!r}: headline")


def check_record(name, spec_class, record: dict, built_in=None) -> dict:
    """The record of the kind ``name`` checked (its headline filled in), or refused.

    Parameters
    ----------
    name : str
    spec_class : type or str
    record : dict
        The other fields of its :class:`~oddsengine.kinds.Kind`.
    built_in : mapping of str to Kind, optional
        The kinds the package ships, by name: neither their names nor their commands may
        be taken.

    Returns
    -------
    dict
        ``record``, with ``headline`` the first outcome when it gave none.

    Raises
    ------
    OddsEngineError
        Naming the field (:class:`~oddsengine.errors.OddsEngineTypeError` for a value of
        the wrong type).
    """
    from oddsengine.kinds import Kind

    _check_name(name, built_in or {})
    _check_spec(name, spec_class)
    fields = [item.name for item in dataclasses.fields(Kind) if item.name != "spec_class"]
    for field in record:
        if field not in fields or field == "name":
            raise OddsEngineTypeError(
                str(unknown_name("field", field, fields[1:], where=f"kind {name!r}"))
            )
    record = dict(record)
    _check_types(name, record)
    _check_fields(name, spec_class, record)
    command = record.get("command", "")
    if command:
        _check_name(command, built_in or {})
    return record

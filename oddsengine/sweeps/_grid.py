"""A sweep's parameters: checking their types, counting the scenarios, expanding the grid
and building each scenario's spec.

Everything here runs before a sweep does any work: a value of the wrong type, an empty
scenario or a grid larger than :data:`MAX_SCENARIOS` is refused with one
:class:`~oddsengine.errors.OddsEngineError` before the first scenario is answered.
"""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import json
import math
import re
from functools import lru_cache

import numpy as np

from oddsengine.combat.cards import POST_ROLL_CARDS
from oddsengine.combat.options import POST_ROLL_POLICIES, Policies, RuleOptions
from oddsengine.errors import OddsEngineError, shown
from oddsengine.sweeps._settings import Candidate, kind_name
from oddsengine.sweeps.templates import is_template, parse_count_template, parse_template

__all__ = [
    "MAX_SCENARIOS",
    "POLICY_PARAMETERS",
    "known_parameters",
    "check_parameters",
    "count_scenarios",
    "expand_mapping",
    "count_fields",
    "candidates",
    "build_spec",
    "describe",
]

#: The most scenarios one sweep may hold (a million answers is hours of work and a table
#: of tens of millions of rows; split a larger question into several sweeps).
MAX_SCENARIOS = 1_000_000

POLICY_PARAMETERS = ("attacker_casualty_order", "defender_casualty_order")
_POST_ROLL_SUFFIX = "_policy"
#: One policy parameter per land card played after the roll, read from the card records
#: (``janissaries_policy``, ``siege_artillery_policy``).
_POST_ROLL_PARAMETERS = tuple(
    f"{slug.replace('-', '_')}{_POST_ROLL_SUFFIX}" for slug in POST_ROLL_CARDS
)
_RANGE = re.compile(r"(\d+)\s*\.\.\s*(\d+)")


def known_parameters(spec_class) -> set[str]:
    """The parameter names a sweep of ``spec_class`` takes."""
    names = {item.name for item in dataclasses.fields(spec_class) if item.init}
    if "options" in names:
        names |= {item.name for item in dataclasses.fields(RuleOptions)}
    if "policies" in names:
        names |= set(POLICY_PARAMETERS) | set(_POST_ROLL_PARAMETERS)
    return names


def _field_types(spec_class) -> dict[str, str]:
    types = {item.name: str(item.type) for item in dataclasses.fields(spec_class)}
    types.update({item.name: str(item.type) for item in dataclasses.fields(RuleOptions)})
    return types


def _expected(spec_class, name):
    """``(types, words)`` a value of parameter ``name`` must be, or None if any will do."""
    if name in POLICY_PARAMETERS:
        return (str, tuple), 'a casualty order such as "regulars,mercenaries,cavalry" or "MRC"'
    if name in _POST_ROLL_PARAMETERS:
        return (str,), f"a policy name ({', '.join(sorted(POST_ROLL_POLICIES))})"
    annotation = _field_types(spec_class).get(name, "").removesuffix(" | None")
    if annotation == "bool":
        return (bool, np.bool_), "true or false"
    if annotation == "int":
        return (int, np.integer), "a whole number"
    if annotation == "str":
        return (str,), "text"
    if annotation == "tuple[str, ...]":
        return (str,), 'an order written as text, such as "vp,squadrons,cards"'
    if annotation == "tuple[tuple[str, str], ...]":
        return (str,), "policies written as text: CARD=POLICY pairs separated by commas"
    if "Fleet" in annotation:
        from oddsengine.combat.fleets import Fleet

        return (str, Fleet), 'a fleet written as text, such as "ottoman: 2Sq 1Co"'
    if "Force" in annotation:
        from oddsengine.combat.forces import Force

        return (str, Force), 'a force written as text, such as "4R L1"'
    if annotation == "RuleOptions":
        return (RuleOptions,), "RuleOptions (or give its fields: cards_as_printed)"
    if annotation == "Policies":
        return (Policies,), (
            "Policies (or give attacker_casualty_order, defender_casualty_order, "
            f"{', '.join(_POST_ROLL_PARAMETERS)})"
        )
    if "Card" in annotation:
        from oddsengine.combat.cards import find_card

        return (str, tuple), f'card names, such as "{find_card(28).slug}" ("" for none)'
    return None


def _check_value(spec_class, name, value, where) -> None:
    if isinstance(value, dict):
        raise OddsEngineError(f"{where}: {name} cannot be a table of values")
    if isinstance(value, list):
        raise OddsEngineError(f"{where}: {name} cannot hold a list inside a list")
    if isinstance(value, int) and shown(value).startswith("a number of about"):
        # Too long for Python to print (sys.get_int_max_str_digits; a TOML file reads it
        # as toml_file reads any such integer): no parameter takes it, and a scenario's
        # key and columns print their values, so it is its key's bad value here.
        raise OddsEngineError(f"{where}: {name} is far too large: {shown(value)}")
    expected = _expected(spec_class, name)
    if expected is None:
        return
    if name in count_fields(spec_class) and isinstance(value, str):
        return  # a count or a range of counts, read (and refused) when the grid expands
    types, words = expected
    wrong = not isinstance(value, types) or (
        isinstance(value, bool | np.bool_) and bool not in types
    )
    if wrong:
        raise OddsEngineError(f"{where}: {name} must be {words}, not {shown(value)}")


def check_parameters(spec_class, mapping, where: str) -> None:
    """Refuse a mapping that is not a table of known parameters with values of the right
    type (a list of values is an axis)."""
    if not isinstance(mapping, dict):
        raise OddsEngineError(f"{where} must be a table of parameter = value, not {mapping!r}")
    known = known_parameters(spec_class)
    kind = str(getattr(spec_class, "kind", spec_class.__name__))
    for name, value in mapping.items():
        if name not in known:
            raise OddsEngineError(
                f"unknown {kind} parameter {name!r}; known: " + ", ".join(sorted(known))
            )
        for item in value if isinstance(value, list) else [value]:
            _check_value(spec_class, name, item, where)


def check_required(spec_class, mapping, where: str) -> None:
    """Refuse a scenario that lacks a parameter its spec cannot do without."""
    missing = [
        item.name
        for item in dataclasses.fields(spec_class)
        if item.default is dataclasses.MISSING
        and item.default_factory is dataclasses.MISSING
        and item.init
        and item.name not in mapping
    ]
    if missing:
        raise OddsEngineError(f"{where} has no {' and no '.join(missing)}")


def _template_size(text: str) -> int:
    """Forces a template stands for, counted from its text without building them."""
    count = 1
    for low, high in _RANGE.findall(text):
        if max(len(low), len(high)) > 4000:  # past what int() reads: counted as 10^4000
            count *= 10**4000
        else:
            count *= max(int(high) - int(low) + 1, 1)
    return count


def count_scenarios(spec_class, mapping) -> int:
    """How many scenarios ``mapping`` expands to (before duplicates are removed)."""
    forces = force_fields(spec_class) | count_fields(spec_class)
    count = 1
    for name, value in mapping.items():
        if name in forces and isinstance(value, str) and is_template(value):
            count *= _template_size(value)
        elif isinstance(value, list):
            count *= len(value)
    return count


def force_fields(spec_class) -> set[str]:
    """The fields of ``spec_class`` that take a force or a fleet (either may be a
    template)."""
    return {
        item.name
        for item in dataclasses.fields(spec_class)
        if "Force" in str(item.type) or "Fleet" in str(item.type)
    }


@lru_cache(maxsize=64)
def count_fields(spec_class) -> frozenset[str]:
    """The whole-number fields of ``spec_class`` that give the rows or the columns of its
    kind's odds table (an attempt's ``protestant_dice`` and ``papal_dice``, RULES.md §17):
    a sweep may give each as a count or a range of counts (``"1..8"``)."""
    from oddsengine.kinds import KINDS

    kind = KINDS.get(getattr(spec_class, "kind", None))
    if not isinstance(getattr(spec_class, "kind", None), str) or kind is None:
        return frozenset()
    annotations = {item.name: str(item.type) for item in dataclasses.fields(spec_class)}
    # A count that may be left out (the Council of Trent's dice, given or read from its
    # debaters) is a count where a table gives it.
    counts = ("int", "int | None")
    return frozenset(role for role in kind.roles if annotations.get(role) in counts)


def column_value(value):
    """A parameter value as stored in a table column (lists become comma lists, numpy
    numbers Python ones)."""
    if isinstance(value, (list, tuple)):
        return ",".join(str(item) for item in value)
    if isinstance(value, np.generic):
        return value.item()
    return value


def expand_mapping(mapping: dict, forces: set[str], counts=frozenset(), limit: int = 10**6):
    """Yield ``(parameters, columns)`` for every combination of the mapping's axes; a
    field of ``counts`` given as text is a count or a range of counts (at most
    ``limit``), each value an int."""
    axes = []
    for name, value in mapping.items():
        if name in counts and isinstance(value, str):
            template = parse_count_template(value, name, limit)
            numbers = [int(label) for label, _ in template.combinations()]
            options = [({name: number}, {name: number}) for number in numbers]
        elif name in forces and is_template(value):
            template = parse_template(value)
            options = []
            for label, values in template.combinations():
                columns = {name: label, **{f"{name}_{axis}": v for axis, v in values.items()}}
                options.append(({name: label}, columns))
        elif isinstance(value, list):
            if not value:
                raise OddsEngineError(f"the list of values of {name!r} is empty")
            options = [({name: column_value(item)}, {name: column_value(item)}) for item in value]
        else:
            options = [({name: column_value(value)}, {name: column_value(value)})]
        axes.append(options)
    for combination in itertools.product(*axes):
        parameters, columns = {}, {}
        for part_parameters, part_columns in combination:
            parameters.update(part_parameters)
            columns.update(part_columns)
        yield parameters, columns


#: What json.dumps(..., sort_keys=True, default=str) does, made once for every scenario's
#: key (the keys are stored in output files: they must not change).
_IDENTITY_ENCODER = json.JSONEncoder(sort_keys=True, default=str)


def _key(kind: str, parameters: dict, settings: dict) -> str:
    identity = _IDENTITY_ENCODER.encode(
        {"kind": kind, "parameters": parameters, "settings": settings}
    )
    return hashlib.blake2b(identity.encode(), digest_size=10).hexdigest()


def candidates(spec_class, mappings, settings: dict, seed) -> list[Candidate]:
    """Every scenario of ``mappings`` (the grid and each explicit scenario, with the fixed
    parameters), in order and once each, before its spec is built: its parameters, its
    columns and its keys (``settings`` and the seed: the key holds what decides the
    numbers, the seed only for Monte Carlo)."""
    kind, forces, counts = kind_name(spec_class), force_fields(spec_class), count_fields(spec_class)
    found, keys = [], set()
    for mapping in mappings:
        for parameters, columns in expand_mapping(mapping, forces, counts):
            key = _key(kind, parameters, {**settings, "seed": None})
            if key in keys:
                continue  # the same scenario again: answered once
            keys.add(key)
            sampled = _key(kind, parameters, {**settings, "seed": seed})
            found.append(Candidate(parameters, columns, key, sampled))
    return found


@lru_cache(maxsize=64)
def _field_names(data_class: type) -> frozenset[str]:
    # A class's fields are fixed: read once, not for every scenario of a sweep.
    return frozenset(item.name for item in dataclasses.fields(data_class))


def build_spec(spec_class, parameters: dict):
    """The spec of one scenario; the rules' refusal is raised as OddsEngineError."""
    spec_fields = _field_names(spec_class)
    option_fields = _field_names(RuleOptions)
    arguments, options, orders, post_roll = {}, {}, {}, {}
    for name, value in parameters.items():
        if name in spec_fields:
            arguments[name] = value
        elif name in option_fields:
            options[name] = value
        elif name in POLICY_PARAMETERS:
            if value not in ("", None):
                orders[name] = value
        elif name.endswith(_POST_ROLL_SUFFIX):
            if value not in ("", None):
                post_roll[name[: -len(_POST_ROLL_SUFFIX)].replace("_", "-")] = value
    if isinstance(arguments.get("post_roll"), str):  # a naval battle's "card=policy,..."
        arguments["post_roll"] = _card_policies(arguments["post_roll"])
    if options:
        arguments["options"] = RuleOptions(**options)
    if orders or post_roll:
        arguments["policies"] = Policies(post_roll=post_roll, **orders)
    return spec_class(**arguments)


def _card_policies(text: str) -> dict:
    """``"janissaries=always, professional-rowers=always"`` as a dict of card to policy."""
    policies = {}
    for part in filter(None, (piece.strip() for piece in text.split(","))):
        card, equals, policy = part.partition("=")
        if not equals or card.strip() in policies:
            raise OddsEngineError(
                f"post_roll {text!r}: write CARD=POLICY pairs, each card once, separated by commas"
            )
        policies[card.strip()] = policy.strip()
    return policies


def describe(parameters: dict) -> str:
    return ", ".join(f"{name}={value!r}" for name, value in parameters.items())


def format_count(count: int) -> str:
    """``12,345``, or ``about 10^30`` for a count past any use.

    Examples
    --------
    >>> format_count(12345), format_count(10**30)
    ('12,345', 'about 10^30')
    """
    if count > 10**12:
        return f"about 10^{int(math.log10(count))}"
    return f"{count:,}"

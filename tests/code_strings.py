"""What the guards of the records read in the package's code: the string literals of a
module but its docstrings (a docstring is words, a string in code a branch: a card, a card
roll or a leader who changes sides is named only in its record), and the functions a
record's ``WHERE_IT_ACTS`` names, each of which must read its field. Read by
tests/specs/test_card_records.py, tests/specs/test_religious_card_records.py,
tests/rules/england_and_cards/test_card_rolls.py and
tests/rules/land/test_leaders_serve_their_powers.py."""

from __future__ import annotations

import ast
import importlib
import inspect
import re
from pathlib import Path


def code_strings(path: Path, *, but=(), but_all: bool = False) -> list[str]:
    """The string literals of the module at ``path`` that are not docstrings, in the order
    of its syntax tree.

    Parameters
    ----------
    path : Path
    but : collection of str
        Strings left out (names that are a contract elsewhere: a spec field, a JSON key).
    but_all : bool
        Leave out the module's ``__all__`` (the names of its classes and functions).
    """
    tree = ast.parse(path.read_text(encoding="utf-8"))
    words = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                words.add(id(first.value))
        if but_all and isinstance(node, ast.Assign):
            if any(isinstance(target, ast.Name) and target.id == "__all__"
                   for target in node.targets):  # fmt: skip
                words |= {id(item) for item in ast.walk(node.value)}
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
        and id(node) not in words and node.value not in but
    ]  # fmt: skip


def modules_naming(names, root: Path, *, but=(), but_all: bool = False) -> dict:
    """Where the package names each of ``names`` in code: ``{name: {module path}}`` for
    every name (lower case) that a module under ``root / "oddsengine"`` writes in a string
    literal that is not a docstring (:func:`code_strings`, with ``but`` and ``but_all``),
    as a word of its own (not inside a longer slug or identifier)."""
    patterns = {
        name: re.compile(rf"(?<![a-z_-]){re.escape(name)}(?![a-z_])") for name in set(names)
    }
    found: dict = {}
    for path in sorted((root / "oddsengine").rglob("*.py")):
        module = str(path.relative_to(root))
        for text in code_strings(path, but=but, but_all=but_all):
            for name, pattern in patterns.items():
                if pattern.search(text.lower()):
                    found.setdefault(name, set()).add(module)
    return found


def named_function(target: str):
    """The function ``module:qualified.name`` names (a property: its getter; a partial:
    its function), as a record's ``WHERE_IT_ACTS`` names where a field acts."""
    module_name, _, qualified = target.partition(":")
    found = importlib.import_module(module_name)
    for part in qualified.split("."):
        found = getattr(found, part)
    return getattr(found, "fget", getattr(found, "func", found))


def fields_not_read(where_it_acts: dict) -> list[tuple[str, str]]:
    """``(field, function)`` for each function ``where_it_acts`` names for a field that
    does not read it: ``record.<field>``, ``self.<field>`` or ``"<field>"`` in its source."""
    return [
        (name, target)
        for name, targets in where_it_acts.items()
        for target in targets
        if not re.search(rf'(\.{name}\b|"{name}")', inspect.getsource(named_function(target)))
    ]

"""The string literals a module's code holds, as the guards that a name stands only in its
record read them (tests/specs/test_card_records.py, test_religious_card_records.py,
tests/rules/england_and_cards/test_card_rolls.py, tests/rules/land/
test_leaders_serve_their_powers.py): a docstring is words, a string in code a branch."""

from __future__ import annotations

import ast
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

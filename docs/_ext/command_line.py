"""The ``command-line-reference`` directive: every command's ``--help``, read from the parser.

The reference is generated, never written by hand: it walks
:func:`oddsengine.cli.build_parser` and writes each command's help as argparse formats it,
so the page says what ``oddsengine COMMAND --help`` says. Each command gets a section titled
``oddsengine COMMAND`` and the label ``cli-COMMAND`` for cross-references.
"""

from __future__ import annotations

import argparse
import os

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

#: The width the help is formatted to (argparse reads it from the environment).
COLUMNS = "88"


def commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """The sub-commands of ``parser`` by name, in the order they were registered."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def help_text(parser: argparse.ArgumentParser) -> str:
    """What ``--help`` prints for ``parser``, at a fixed width."""
    before = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = COLUMNS
    try:
        return parser.format_help()
    finally:
        if before is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = before


class CommandLineReference(SphinxDirective):
    """Write the help of the program and of each of its commands."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        from oddsengine.cli import build_parser

        parser = build_parser()
        found = [nodes.literal_block(text=help_text(parser), language="text")]
        for name, command in commands(parser).items():
            section_id = f"cli-{name}"
            section = nodes.section(ids=[section_id], names=[section_id])
            section += nodes.title(text=f"oddsengine {name}")
            section += nodes.literal_block(text=help_text(command), language="text")
            self.state.document.note_explicit_target(section)
            found.append(section)
        return found


def setup(app):
    app.add_directive("command-line-reference", CommandLineReference)
    return {"parallel_read_safe": True, "parallel_write_safe": True}

"""Every command-line option explains itself, and the help reads cleanly."""

import argparse

from conftest import ROOT

from oddsengine.cli import build_parser


def _parsers(parser, path=("oddsengine",)):
    """Yield (command path, parser) for the parser and every subcommand below it."""
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _parsers(sub, (*path, name))


PARSERS = list(_parsers(build_parser()))


def help_of(action) -> str | None:
    """An option's help as --help writes it (a help given as a function is called then)."""
    return action.help() if callable(action.help) else action.help


def test_every_command_is_walked():
    assert len(PARSERS) > 5


def test_every_option_has_help():
    missing = {
        " ".join(path): [
            action.option_strings or action.dest
            for action in parser._actions
            if not isinstance(action, (argparse._HelpAction, argparse._SubParsersAction))
            and not (help_of(action) or "").strip()
        ]
        for path, parser in PARSERS
    }
    assert not {command: options for command, options in missing.items() if options}


def test_help_output_has_no_doubled_percent():
    doubled = [" ".join(path) for path, parser in PARSERS if "%%" in parser.format_help()]
    assert not doubled


def test_docs_and_help_agree_on_cards_as_printed():
    docs = ROOT / "docs"
    guide = " ".join((docs / "guide" / "combat.md").read_text().split())
    rules = " ".join((docs / "rules" / "part1-land.md").read_text().split())
    for path, parser in PARSERS:
        for action in parser._actions:
            if "--cards-as-printed" in action.option_strings:
                help_text = help_of(action)
                assert "field battles only, as printed" in help_text, path
                assert "also in assaults" in help_text, path
    assert "`--cards-as-printed` (Mercenaries Bribed and Surprise Attack in field battles only" in (
        guide
    )
    assert "the option keeps them to field battles" in rules

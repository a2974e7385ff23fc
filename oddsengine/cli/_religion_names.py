"""The name options of the religious struggle's and the New World's commands (a debater,
a source, a space, a power, an explorer...): an empty name, or an empty entry of a list
written with commas (``--power 'england,'``), is refused where the option is read, never
taken for "not given"."""

from __future__ import annotations

import argparse

from oddsengine.errors import shown

__all__ = ["a_name", "names"]


def a_name(text: str) -> str:
    """One name, not empty (argparse's ``type``: its refusal names the option)."""
    if not text.strip():
        raise argparse.ArgumentTypeError(
            "an empty name: name one, or leave the option out for its default"
        )
    return text


def names(text: str) -> str:
    """Names separated by commas, none of them empty; returned as written."""
    if any(not part.strip() for part in text.split(",")):
        raise argparse.ArgumentTypeError(
            f"an empty name in {shown(text)}: separate names by single commas, with none left empty"
        )
    return text


a_name.__name__ = "name"  # argparse names a type in its refusals
names.__name__ = "names"

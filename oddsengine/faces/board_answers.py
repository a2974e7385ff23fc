"""How the command line lays out the answers of the kinds read from a board, each kind's
own layout (the registry holds facts; a face keeps its layouts):

- the end states a move's answer lists, the likeliest first (the ``end-states`` group of
  a kind's ``takes``: ``--states N``): a line each under the text table, a record each in
  the JSON answer (``end_states``); :data:`END_STATES` says, by kind, where its records
  come from and how a line shows one (a land move names the garrison, the leaders
  captured and the leaders' choice after a lost battle; a naval move the other fleets);
- the tables that answer one question for every value of a template (the ``vary`` group:
  ``--vary``), :data:`VARY_TABLES`: what ``--vary`` takes, the table it makes and how its
  text shows it. A naval move (RULES.md §14) is answered for every fleet of a template in
  place of a power's ships in a location
  (:func:`~oddsengine.faces.naval_move_table.naval_move_table`).

Examples
--------
>>> from oddsengine import exact, load_move
>>> lines = end_state_text("move", exact(load_move("vienna")), 2).splitlines()
>>> lines[1]
'Most likely end states (exact):'
>>> lines[2].split(";")[0]
'   58.3333%  besieging          mover Vienna: ottoman: 7R 1C Suleiman Ibrahim Pasha'
>>> table, varied = VARY_TABLES["naval-move"].make(
...     "barbary_coast", ["Tyrrhenian Sea=hapsburg: 1..2Sq Doria"]
... )
>>> varied, [round(value, 4) for value in table["defender_wins"]]
(['Tyrrhenian Sea'], [0.2643, 0.3326])
>>> VARY_TABLES["naval-move"].text(table, varied).splitlines()[1].split()[:5]
['hapsburg:', '1Sq', 'Doria', 'ok', '69.91%']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from oddsengine.errors import OddsEngineError, shown
from oddsengine.results.output import without_float_noise

__all__ = [
    "DEFAULT_STATES",
    "END_STATES",
    "EndStates",
    "VARY_TABLES",
    "VARY_TRIALS",
    "VaryTable",
    "end_state_payloads",
    "end_state_text",
]

#: End states listed when ``--states`` is not given.
DEFAULT_STATES = 10
#: How a line names the leaders' choice after a lost battle (14.1, ``--leaders-inside``).
_LEADERS_CHOICE = {"with-units": "; leaders went inside", "retreat": "; leaders retreated"}


class EndStates(NamedTuple):
    """How a kind's end states are listed.

    Parameters
    ----------
    records : callable
        ``records(result, count)``: the ``count`` likeliest end states as plain records.
    line : callable
        ``line(record)``: one record as a line of the text answer.
    """

    records: Callable
    line: Callable


def _move_records(result, count) -> list[dict]:
    from oddsengine.moves.move_records import end_state_records

    return end_state_records(result, count)


def _captured_words(record) -> str:
    """``"; captured: mover's Suleiman; defenders' Ferdinand"``, or nothing."""
    parts = [
        f"{whose} {record[column]}"
        for whose, column in (("mover's", "attacker_captured"), ("defenders'", "defender_captured"))
        if record[column]
    ]
    return f"; captured: {'; '.join(parts)}" if parts else ""


def _move_line(record) -> str:
    return (
        f"  {record['probability']:>9.4%}  {record['outcome']:<18} "
        f"mover {record['mover_end']}; defenders {record['defenders_end']}"
        + (f"; garrison {record['garrison_end']}" if record["garrison_end"] else "")
        + _captured_words(record)
        + _LEADERS_CHOICE.get(record["leaders_inside"], "")
        + "\n"
    )


def _naval_records(result, count) -> list[dict]:
    from oddsengine.moves.naval_move import naval_end_state_records

    return naval_end_state_records(result, count)


def _naval_line(record) -> str:
    return (
        f"  {record['probability']:>9.4%}  {record['outcome']:<20} "
        f"mover {record['mover_end']}; others {record['fleets_end']}\n"
    )


#: The layout of the end states of each kind that lists them, by kind.
END_STATES = {
    "move": EndStates(_move_records, _move_line),
    "naval-move": EndStates(_naval_records, _naval_line),
}


def end_state_payloads(kind: str, results, count: int) -> list[dict]:
    """Each result's JSON answer with its ``count`` likeliest end states (``end_states``;
    an exact answer's figures to 15 significant digits, as its own)."""
    payloads = []
    for result in results:
        payload = result.to_dict()
        rows = END_STATES[kind].records(result, count)
        payload["end_states"] = without_float_noise(rows) if result.is_exact else rows
        payloads.append(payload)
    return payloads


def end_state_text(kind: str, result, count: int) -> str:
    """The ``count`` likeliest end states of ``result`` as the lines under its text table."""
    layout = END_STATES[kind]
    lines = [layout.line(record) for record in layout.records(result, count)]
    return f"\nMost likely end states ({result.method}):\n" + "".join(lines)


#: The trials of a Monte Carlo table when none are asked.
VARY_TRIALS = 100_000


class VaryTable(NamedTuple):
    """How ``--vary`` tables a kind.

    Parameters
    ----------
    words : str
        The help of ``--vary``.
    metavar : str
        The form of one value of ``--vary`` (``"LOCATION=FLEETS"``).
    make : callable
        ``make(scenario, texts, method=, trials=, seed=, **inputs)``: the table (a
        DataFrame, one row per value) and the names of its varied columns; ``inputs``
        are the kind's other inputs given, by option name.
    text : callable
        ``text(table, varied)``: the table as the text answer shows it.
    """

    words: str
    metavar: str
    make: Callable
    text: Callable


def _naval_move_table(scenario, texts, **run):
    """The naval move table of ``--vary LOCATION=FLEETS`` texts, and its locations."""
    from oddsengine.faces.naval_move_table import naval_move_table
    from oddsengine.moves.board import load_board

    ships = {}
    for text in texts:
        location, equals, template = text.partition("=")
        if not equals or not location.strip() or not template.strip():
            raise OddsEngineError(
                f"--vary takes LOCATION=FLEETS (e.g. 'Tyrrhenian Sea=hapsburg: 1..4Sq Doria'), "
                f"not {shown(text)}"
            )
        location = load_board().space(location.strip()).name
        if location in ships:  # the first would be dropped without a word
            raise OddsEngineError(f"--vary gives {location} twice: one template per location")
        ships[location] = template.strip()
    return naval_move_table(scenario, ships, **run), list(ships)


def _naval_move_text(table, locations: list) -> str:
    """A naval move table as text: chances in percent and expected losses in ships, as
    every other table of the text output (csv and json keep the numbers); a refused row
    shows a dash, and its reason below the table."""
    import pandas as pd

    # The chances a plan's courses report, in their order (csv and json show all).
    from oddsengine.questions._naval_plans import NAVAL_CHANCES

    chances = [name for name in NAVAL_CHANCES if name in table.columns]
    losses = [name for name in table.columns if name.startswith("lost:")]
    shown_table = table[[*locations, "status", *chances, *losses]].copy()
    for names, cell in ((chances, "{:.2%}"), (losses, "{:.3f}")):
        for name in names:
            shown_table[name] = [
                "—" if pd.isna(value) else cell.format(value) for value in table[name]
            ]
    text = shown_table.to_string(index=False) + "\n"
    for _, row in table[table["status"] == "refused"].iterrows():
        text += f"refused {', '.join(str(row[name]) for name in locations)}: {row['reason']}\n"
    return text


#: The ``--vary`` table of each kind that takes one, by kind.
VARY_TABLES = {
    "naval-move": VaryTable(
        "answer the move for every fleet of a template in place of that power's ships "
        "there (e.g. 'Tyrrhenian Sea=hapsburg: 1..4Sq Doria'); repeat for several; one row "
        "per combination",
        "LOCATION=FLEETS",
        _naval_move_table,
        _naval_move_text,
    ),
}

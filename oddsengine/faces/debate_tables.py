"""Odds tables of theological debates (RULES.md §20): each attacker of the initiator
against each defender of the other side, in one zone at one turn, as the odds book shows
them (``oddsengine table debate``).

:func:`debate_table` answers the grid through a sweep of ``kind = "debate"`` (exact by
default, Monte Carlo with intervals under ``method="monte-carlo"``) and returns an
:class:`~oddsengine.faces.tables.OddsTable`, so the table renders as the combat kinds'
do: Markdown, HTML, LaTeX, BBCode, CSV (the grid), long CSV and JSON (every cell). A cell
the rules refuse (an attacker already committed) is a dash, with the reason in the long
formats.
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass

import numpy as np

from oddsengine.errors import OddsEngineError, shown, unknown_name
from oddsengine.faces.odds_table_formats import OddsTable, TableLine
from oddsengine.sweeps.refusals import RefusedScenariosWarning, warn_refused

__all__ = ["debate_table", "DebateTable", "DEFENDER_STATUSES"]

#: How a named defender's status is set in the columns: as ``committed`` says (``given``),
#: or every one ``uncommitted``, ``committed``, or ``both`` (one section each).
DEFENDER_STATUSES = ("given", "uncommitted", "committed", "both")


@dataclass(frozen=True, repr=False)
class DebateTable(OddsTable):
    """An :class:`~oddsengine.faces.tables.OddsTable` of debates: its sections are the
    defender's statuses (with ``both``), its caption names the debate's setting."""

    def sections(self) -> list[tuple[str, object]]:
        parts = []
        for section in dict.fromkeys(line.section for line in self._columns):
            columns = [line.label for line in self._columns if line.section == section]
            rows = [line.label for line in self._rows]
            parts.append((dict(section).get("defender", ""), self.probability.loc[rows, columns]))
        return parts

    def caption(self) -> str:
        what = f"Theological debate: probability of {self.outcome.replace('_', ' ')}"
        settings = "; ".join(
            f"{name.replace('_', ' ')} {value}" for name, value in self.fixed.items()
        )
        return (
            f"{what}. Rows: {self.row_template}; columns: {self.column_template}. "
            f"Rules: Here I Stand, theological debate, RULES.md §20 ({settings}). "
            f"Method: {self.method_text()}."
        )


def _names(value, argument: str) -> list[str] | None:
    if value is None:
        return None
    parts = value.split(",") if isinstance(value, str) else list(value)
    names = [part.strip() for part in parts if isinstance(part, str) and part.strip()]
    if len(names) != len(parts):
        raise OddsEngineError(f"{argument}: {shown(value)} holds an empty or unnamed entry")
    return names


def _in_play(turn, debaters) -> list[str]:
    from oddsengine.religion.records import religion_facts

    facts = religion_facts()
    if debaters is not None:
        return [facts.debater(name).name for name in _names(debaters, "debaters")]
    return [debater.name for debater in facts.debaters.values() if debater.in_play(turn)]


def _sides(zone, initiator, turn, debaters) -> tuple[list[str], list[str]]:
    """The initiator's debaters and the other side's that a debate of the zone can draw
    (20 step 2: the Protestant's of the zone, the Papacy's of every zone)."""
    from oddsengine.religion.records import religion_facts

    facts = religion_facts()
    papal, protestant = [], []
    for name in _in_play(turn, debaters):
        debater = facts.debater(name)
        if debater.side == "papal":
            papal.append(debater.name)
        elif debater.zone == zone:
            protestant.append(debater.name)
    return (papal, protestant) if initiator == "papacy" else (protestant, papal)


def debate_table(
    zone: str,
    initiator: str,
    turn: int,
    *,
    attackers=None,
    defenders=None,
    defender_status: str = "given",
    committed=(),
    outcome: str | None = None,
    method: str = "auto",
    precision: float | None = 0.005,
    trials: int | None = None,
    seed: int | None = None,
    **fixed,
) -> DebateTable:
    """The chance of ``outcome`` for each attacker against each defender of a debate.

    Parameters
    ----------
    zone, initiator, turn
        As for :class:`~oddsengine.religion.debate.Debate`.
    attackers : str or sequence of str, optional
        The rows: debaters of the initiator (or ``random``); by default every one in
        play that is not committed.
    defenders : str or sequence of str, optional
        The columns: debaters of the other side, or pools (``committed``,
        ``uncommitted``, ``best``); by default every one the debate can draw (the
        Protestant's of the zone, or every Papal debater).
    defender_status : {"given", "uncommitted", "committed", "both"}
        A named defender's status: as ``committed`` says, or each one uncommitted (value
        + 2 dice), committed (value + 1), or both (one section each).
    committed : str or sequence of str
        The debaters already committed (the rest of the board).
    outcome : str, optional
        The outcome or event shown (default ``papal_wins``; any name the debate reports:
        ``protestant_wins``, ``second_round``, ``burnt:Carlstadt``, ``flips:2`` ...).
    method, precision, trials, seed
        As for :class:`oddsengine.sweeps.sweep.Sweep`.
    **fixed
        Any other field of the debate, the same in every cell (``cards``, ``augsburg``,
        ``england_ruler``, ``debaters``, ``bonuses``, ``objective``, the policies).

    Examples
    --------
    >>> table = debate_table("german", "papacy", 1, attackers="Eck,Tetzel",
    ...                      defenders="Carlstadt", defender_status="both")
    >>> table.probability.round(4)  # doctest: +NORMALIZE_WHITESPACE
    defender  Carlstadt  Carlstadt (committed)
    attacker
    Eck          0.7692                 0.8431
    Tetzel       0.5630                 0.6662
    """
    import pandas as pd

    from oddsengine.religion.debate import INITIATORS
    from oddsengine.sweeps.sweep import Sweep

    if defender_status not in DEFENDER_STATUSES:
        raise unknown_name(
            "defender status", defender_status, DEFENDER_STATUSES, plural="defender statuses"
        )
    if initiator not in INITIATORS:
        raise unknown_name("initiator", initiator, INITIATORS)
    outcome = "papal_wins" if outcome is None else outcome
    given = set(_names(committed, "committed") or ())
    own, other = _sides(zone, initiator, turn, fixed.get("debaters"))
    rows = _names(attackers, "attackers") or [name for name in own if name not in given]
    columns = _names(defenders, "defenders") or other
    if not rows or not columns:
        raise OddsEngineError(
            f"{'attackers' if not rows else 'defenders'}: no debater to "
            f"table in the {zone} zone on turn {turn}"
        )
    statuses = ("uncommitted", "committed") if defender_status == "both" else (defender_status,)
    pools = {"committed", "uncommitted", "best", "random"}
    cells, lines = [], []
    for status in statuses:
        for defender in columns:
            named = defender.casefold() not in pools
            label = (
                defender
                if status != "committed" or defender_status != "both" or not named
                else f"{defender} (committed)"
            )
            if label in [line.label for line in lines]:
                continue
            section = (("defender", f"{status} defender"),) if defender_status == "both" else ()
            lines.append(TableLine(label, {"defender": defender}, section))
            state = set(given)
            if named and status == "committed":
                state.add(defender)
            elif named and status == "uncommitted":
                state.discard(defender)
            for attacker in rows:
                cells.append((attacker, label, defender, ",".join(sorted(state))))
    scenarios = [
        {"attacker": attacker, "defender": defender, **({"committed": state} if state else {})}
        for attacker, _, defender, state in cells
    ]
    setting = {"zone": zone, "initiator": initiator, "turn": turn, **fixed}
    plan = Sweep(
        "debate",
        scenarios=scenarios,
        fixed=setting,
        method=method,
        precision=precision,
        trials=trials,
        seed=seed,
        on_refused="report",
    )
    with warnings.catch_warnings():  # the table notes its refused cells itself, below
        warnings.simplefilter("ignore", RefusedScenariosWarning)
        frame = plan.run(progress=False)
    ok = frame[frame["status"] == "ok"]
    if len(ok) and outcome not in set(ok["outcome"]):
        raise unknown_name(
            "outcome", outcome, list(dict.fromkeys(ok["outcome"])), where="debate table"
        )
    found = {}
    for record in frame.to_dict("records"):
        state = record.get("committed")
        state = state if isinstance(state, str) else ""
        key = (record["attacker"], record["defender"], state)
        if record["status"] != "ok":
            found.setdefault(key, {"status": "refused", "reason": record["reason"]})
        elif record["outcome"] == outcome:
            found[key] = record
    values = np.full((3, len(rows), len(lines)), np.nan)
    column_at = {line.label: index for index, line in enumerate(lines)}
    long_cells, methods, trial_counts, seeds = [], set(), set(), set()
    for attacker, label, defender, state in cells:
        record = found.get((attacker, defender, state), {"status": "ok"})
        cell = (rows.index(attacker), column_at[label])
        if record["status"] == "ok" and "probability" in record:
            values[(slice(None), *cell)] = (
                record["probability"],
                record["ci95_low"],
                record["ci95_high"],
            )
            methods.add(record["method"])
            if record["method"] == "monte-carlo":
                trial_counts.add(int(record["trials"]))
                seeds.add(int(record["seed"]))
        elif record["status"] == "ok":  # an event this cell cannot have: chance 0
            values[(slice(None), *cell)] = 0.0
            methods.add("exact" if method != "monte-carlo" else "monte-carlo")
        long_cells.append(
            {
                "attacker": attacker,
                "defender": defender,
                "committed": state,
                "outcome": outcome,
                **dict(
                    zip(
                        ("probability", "ci95_low", "ci95_high"),
                        values[(slice(None), *cell)].tolist(),
                        strict=True,
                    )
                ),
                "method": record.get("method"),
                "trials": None
                if record.get("trials") is None
                or (isinstance(record.get("trials"), float) and math.isnan(record["trials"]))
                else int(record["trials"]),
                "status": record["status"],
                "reason": record.get("reason"),
            }
        )
    warn_refused(
        [cell["reason"] for cell in long_cells if cell["status"] == "refused"], len(long_cells)
    )
    frames = [
        pd.DataFrame(part, index=rows, columns=[line.label for line in lines]) for part in values
    ]
    for part in frames:
        part.index.name, part.columns.name = "attacker", "defender"
    side = "Papal" if initiator == "papacy" else "Protestant"
    other_side = "Protestant" if initiator == "papacy" else "Papal"
    status_words = {"given": "as committed says", "both": "uncommitted, then committed"}.get(
        defender_status, defender_status
    )
    shown_fixed = {name: value for name, value in setting.items() if value not in ((), None)}
    if given:
        shown_fixed["committed"] = ",".join(sorted(given))
    return DebateTable(
        "debate",
        outcome,
        f"the {side} attacker",
        f"the {other_side} defender ({status_words})",
        *frames,
        methods=tuple(sorted(methods)),
        precision=plan.precision if "monte-carlo" in methods else None,
        seed=min(seeds) if seeds else None,
        trials=tuple(sorted(trial_counts)),
        fixed=shown_fixed,
        _rows=tuple(TableLine(name, {"attacker": name}, ()) for name in rows),
        _columns=tuple(lines),
        _cells=tuple(long_cells),
    )

"""Tables of measurements, printed as text and written as Markdown."""

from __future__ import annotations

import json
import os
import platform
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["Table", "load_words", "machine_description", "verdict", "write_figures"]


def verdict(passed: bool | None) -> str:
    """``pass``, ``MISS`` or ``-`` (no target)."""
    if passed is None:
        return "-"
    return "pass" if passed else "MISS"


@dataclass
class Table:
    """A titled table with an optional note under it."""

    title: str
    headers: list[str]
    rows: list[list[str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def add(self, *cells) -> None:
        self.rows.append([str(cell) for cell in cells])

    def text(self) -> str:
        widths = [
            max(len(self.headers[column]), *(len(row[column]) for row in self.rows))
            if self.rows
            else len(self.headers[column])
            for column in range(len(self.headers))
        ]

        def line(cells):
            parts = [
                cell.ljust(width) if column == 0 else cell.rjust(width)
                for column, (cell, width) in enumerate(zip(cells, widths, strict=True))
            ]
            return "  ".join(parts).rstrip()

        lines = [self.title, "=" * len(self.title), line(self.headers)]
        lines.append("  ".join("-" * width for width in widths))
        lines.extend(line(row) for row in self.rows)
        lines.extend(self.notes)
        return "\n".join(lines)

    def markdown(self) -> str:
        lines = [f"### {self.title}", ""]
        lines.append("| " + " | ".join(self.headers) + " |")
        lines.append("|" + "|".join(["---"] + ["---:"] * (len(self.headers) - 1)) + "|")
        lines.extend("| " + " | ".join(row) + " |" for row in self.rows)
        if self.notes:
            lines.append("")
            lines.extend(self.notes)
        return "\n".join(lines)


def _cpu_model() -> str:
    try:
        output = subprocess.run(["lscpu"], capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return platform.processor() or "unknown"
    fields = {}
    for line in output.splitlines():
        name, _, value = line.partition(":")
        fields[name.strip()] = value.strip()
    model = fields.get("Model name", "unknown")
    cores = fields.get("CPU(s)", "?")
    return f"{model} ({cores} CPUs)"


def machine_description() -> dict[str, str]:
    """CPU, Python, NumPy and Numba versions, for the header of the results."""
    import numba
    import numpy

    return {
        "CPU": _cpu_model(),
        "Python": platform.python_version(),
        "NumPy": numpy.__version__,
        "Numba": numba.__version__,
        "Numba threads": str(numba.get_num_threads()),
    }


def load_words(load_before, load_after) -> str:
    """The machine's load around a run, as the notes under a table say it: a load above
    the CPU count shares the cores with other work, and every rate falls with it."""
    before = ", ".join(f"{value:.2f}" for value in load_before)
    after = ", ".join(f"{value:.2f}" for value in load_after)
    return (
        f"Load average (1, 5, 15 min) before: {before}; after: {after} (on {os.cpu_count()} "
        "CPUs: a load above that shares the cores with other work, and every rate falls with "
        "it, the baseline's too)"
    )


def write_figures(path, load_before, load_after, figures) -> None:
    """Write a run's figures as JSON (``--json PATH``), with the load around it."""
    record = {"load_before": load_before, "load_after": load_after, "cases": figures}
    Path(path).write_text(json.dumps(record, indent=2))

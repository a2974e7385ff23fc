"""Tables of measurements, printed as text and written as Markdown."""

from __future__ import annotations

import platform
import subprocess
from dataclasses import dataclass, field

__all__ = ["Table", "machine_description", "verdict"]


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

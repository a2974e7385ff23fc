"""A sweep file read: its keys checked, a bare name found among the shipped examples.

A sweep file (TOML) holds a sweep's settings at the top (``kind``, ``method``,
``precision``, ``trials``, ``seed``, ``max_trials``, ``on_refused``), a ``[grid]`` table,
a ``[fixed]`` table and ``[[scenarios]]`` entries (``oddsengine/examples/assault_sweep.toml``);
:meth:`oddsengine.sweeps.sweep.Sweep.from_toml` builds the sweep from what is read here.

Examples
--------
>>> sweep_arguments({"kind": "assault", "grid": {"attacker": "3R"}})["scenarios"]
()
>>> sweep_arguments({"kind": "assault", "trials": 1e6})
Traceback (most recent call last):
...
oddsengine.errors.OddsEngineError: trials must be a whole number, not 1000000.0
"""

from __future__ import annotations

from pathlib import Path

from oddsengine.errors import OddsEngineError
from oddsengine.toml_file import read_toml

__all__ = ["SWEEP_FILE_KEYS", "read_sweep_file", "sweep_arguments"]

#: The keys a sweep file may hold.
SWEEP_FILE_KEYS = (
    "kind",
    "method",
    "precision",
    "trials",
    "seed",
    "max_trials",
    "on_refused",
    "grid",
    "fixed",
    "scenarios",
)


def sweep_arguments(mapping: dict) -> dict:
    """The keyword arguments of a :class:`~oddsengine.sweeps.sweep.Sweep`, from the
    contents of a sweep file: unknown keys, a missing kind, scenarios that are not
    tables and a float count refused."""
    if not isinstance(mapping, dict):
        raise OddsEngineError(f"a sweep file holds a table of settings, not {mapping!r}")
    unknown = set(mapping) - set(SWEEP_FILE_KEYS)
    if unknown:
        raise OddsEngineError(
            f"unknown key(s) {', '.join(sorted(unknown))} in sweep file; known: "
            + ", ".join(SWEEP_FILE_KEYS)
        )
    if "kind" not in mapping:
        raise OddsEngineError("a sweep file needs a kind (battle, assault, intercept...)")
    arguments = dict(mapping)
    scenarios = arguments.get("scenarios", ())
    if not isinstance(scenarios, list | tuple):
        raise OddsEngineError(
            f"scenarios must be [[scenarios]] tables in a sweep file, not {scenarios!r}"
        )
    arguments["scenarios"] = tuple(scenarios)
    for name in ("precision", "trials", "seed", "max_trials"):
        value = arguments.get(name)
        # A TOML float such as 1e6 is not a count of trials nor a seed.
        if name != "precision" and isinstance(value, float):
            raise OddsEngineError(f"{name} must be a whole number, not {value!r}")
    return arguments


def read_sweep_file(path) -> dict:
    """The contents of a sweep file: ``path``, or, for a bare name that is not a file, the
    sweep file of that name shipped in ``oddsengine/examples`` (``"assault_sweep"``), as
    scenario files are found. Only a small regular UTF-8 file is read
    (:func:`oddsengine.toml_file.read_toml`)."""
    return read_toml(_shipped_or_given(path), "sweep file")


def _shipped_or_given(path):
    """``path``, or the shipped example it names when it is a bare name and no file."""
    from oddsengine.shipped import shipped_path

    given = Path(path)
    if given.exists() or len(given.parts) != 1:
        return path
    stem = given.name.removesuffix(".toml")
    shipped = shipped_path("examples", f"{stem}.toml")
    return shipped if shipped.is_file() else path

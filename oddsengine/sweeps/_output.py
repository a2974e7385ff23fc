"""A sweep's table on disk: the tidy frame, its atomic file, and reading it back.

Seeds are 64-bit integers that a float64 cannot hold (2**53 + 1 is not a float), and a
sweep's table also holds rows without a seed (exact and refused scenarios). So the ``seed``
and ``trials`` columns are pandas nullable ``Int64`` from the rows to the file and back,
never float: CSV is read with those columns as text and converted exactly, Parquet keeps
the type.

The file is replaced atomically (a temporary file in the same folder, then
:func:`os.replace`), so it is never half-written; the temporary file is created with mode
0o666 less the user's umask, so a new output gets the permissions any new file would get,
and an output being replaced keeps the permissions it had.
"""

from __future__ import annotations

import math
import os
import re
import secrets
import stat
from pathlib import Path

from oddsengine.errors import OddsEngineError
from oddsengine.results.output import ESTIMATE_COLUMNS

__all__ = [
    "RESULT_COLUMNS",
    "INTEGER_COLUMNS",
    "OutputFile",
    "PARQUET_HINT",
    "read_table",
    "refused_row",
    "result_rows",
    "table_frame",
    "usable_rows",
    "with_parameters",
]

RESULT_COLUMNS = (
    "engagement",
    "status",
    "reason",
    *ESTIMATE_COLUMNS,
    "trials",
    "method",
    "seed",
    "precision_target",
    "version",
    "scenario_key",
)
#: Columns of exact whole numbers, missing where a row has none.
INTEGER_COLUMNS = ("trials", "seed")
_FLOAT_COLUMNS = ("probability", "ci95_low", "ci95_high", "stderr", "precision_target")
_TEXT_COLUMNS = (
    "engagement",
    "status",
    "reason",
    "outcome",
    "kind",
    "method",
    "version",
    "scenario_key",
)
_KEY = re.compile(r"[0-9a-f]{20}")
_PARTIAL_SUFFIX = ".partial"

#: Where pyarrow, for Parquet files, comes from.
PARQUET_HINT = 'pip install "oddsengine[parquet]"'


def _missing(value) -> bool:
    if value is None:
        return True
    try:
        import pandas as pd

        if value is pd.NA:
            return True
    except ImportError:  # pragma: no cover - pandas is a dependency
        pass
    return isinstance(value, float) and math.isnan(value)


def _whole_number(value):
    """An exact int from an int, a numpy integer, or the text of one; None if missing."""
    if value is None or type(value) is int:  # what a sweep's own rows hold
        return value
    if _missing(value):
        return None
    if isinstance(value, str):
        text = value.strip()
        if not text:
            return None
        try:
            return int(text)
        except ValueError:
            return int(float(text))  # written by an older version: already rounded
    if isinstance(value, float):
        return int(value)
    return int(value)


def integer_array(values):
    """A pandas ``Int64`` array of exact whole numbers (missing as ``<NA>``)."""
    import pandas as pd

    values = list(values)
    if set(map(type, values)) <= {int, type(None)}:  # a sweep's own rows: nothing to convert
        return pd.array(values, dtype="Int64")
    return pd.array([_whole_number(value) for value in values], dtype="Int64")


def result_rows(columns, key, kind, result, version) -> list[dict]:
    """The rows of an answered scenario: one per outcome and event of ``result``."""
    # The scenario's columns, then the result's record, then what every row of it shares:
    # the same keys in the same order as updating one dict with each in turn.
    head = {**columns, "engagement": kind, "status": "ok", "reason": None}
    tail = {"precision_target": result.precision_target, "version": version, "scenario_key": key}
    return [{**head, **record, **tail} for record in result.rows()]


def refused_row(columns, key, refusal, kind, version) -> dict:
    """The one row of a scenario the rules refuse, with the reason."""
    row = dict(columns)
    row.update({name: None for name in RESULT_COLUMNS})
    row.update(
        engagement=kind,
        status="refused",
        reason=refusal,
        probability=math.nan,
        version=version,
        scenario_key=key,
    )
    return row


def table_frame(rows, order) -> object:
    """The tidy frame of a sweep's rows, sorted by scenario (``order``: key to position).

    ``seed`` and ``trials`` are built straight from the rows' Python integers, so a row
    without a seed does not turn the others into floats; so are the parameter columns of
    counts with a gap (:func:`_whole_parameters`).
    """
    rows = sorted(rows, key=lambda row: order.get(row["scenario_key"], -1))
    frame = _uniform_table_frame(rows)
    return frame if frame is not None else _records_table_frame(rows)


def _whole_parameters(frame, rows):
    """Parameter columns of counts stay integers: a column of whole numbers with a gap (an
    explicit scenario written without ranges has no ``attacker_regulars``) is a nullable
    ``Int64``, not float64 with NaN."""
    for name in frame.columns:
        if name in RESULT_COLUMNS or frame[name].dtype.kind != "f":
            continue
        values = [row.get(name) for row in rows]
        if set(map(type, values)) <= {int, type(None)}:
            frame[name] = integer_array(values)
    return frame


def _records_table_frame(rows):
    """:func:`table_frame` of sorted ``rows`` of any keys, through their records."""
    import pandas as pd

    frame = pd.DataFrame.from_records(rows)
    if frame.empty:
        return frame
    parameters = [name for name in frame.columns if name not in RESULT_COLUMNS]
    for name in RESULT_COLUMNS:
        if name not in frame.columns:
            frame[name] = None
    frame = frame[parameters + list(RESULT_COLUMNS)]
    for name in INTEGER_COLUMNS:
        frame[name] = integer_array(row.get(name) for row in rows)
    return _whole_parameters(_column_types(frame).reset_index(drop=True), rows)


#: Result columns that pandas infers like the parameters (text, kept as inferred).
_INFERRED_RESULT_COLUMNS = ("engagement", "status", "version", "scenario_key")
#: Text columns whose missing cells are None (see :func:`_column_types`).
_NONE_TEXT_COLUMNS = ("reason", "outcome", "kind", "method")


def _uniform_table_frame(rows):
    """:func:`table_frame` of sorted ``rows`` that all hold the same keys, or None.

    The same frame as ``DataFrame.from_records`` followed by the column order and types of
    :func:`table_frame`, built column by column: pandas infers the parameter columns and
    the inferred text columns from the records as ``from_records`` does, and the other
    result columns are built with their final type straight away. No object is made per
    row (a sweep's rows are many: the garbage collector would count them). None when the
    rows differ in their keys, lack a result column, or hold a value of an unexpected type:
    the caller then takes the general path.
    """
    import numpy as np
    import pandas as pd

    if not rows:
        return None
    keys = rows[0].keys()
    if not keys >= set(RESULT_COLUMNS):
        return None
    try:
        if not all(map(keys.__eq__, map(dict.keys, rows))):
            return None
    except TypeError:  # a record that is not a dict
        return None
    inferred = [name for name in keys if name not in RESULT_COLUMNS]
    inferred += _INFERRED_RESULT_COLUMNS
    typed_values = {
        name: [row[name] for row in rows]
        for name in RESULT_COLUMNS
        if name not in _INFERRED_RESULT_COLUMNS
    }
    columns = {}
    for name in _NONE_TEXT_COLUMNS:
        cells = _text_or_none(typed_values[name])
        if cells is None:
            return None
        columns[name] = pd.Series(cells, dtype=object, copy=False)
    for name in _FLOAT_COLUMNS:
        # Numbers as a sweep's rows hold them (text and the like: the records path).
        if not set(map(type, typed_values[name])) <= {float, int, type(None)}:
            return None
        columns[name] = np.array(typed_values[name], dtype=float)
    for name in INTEGER_COLUMNS:
        columns[name] = integer_array(typed_values[name])
    inferred_frame = pd.DataFrame.from_records(rows, columns=inferred)
    ordered = {name: inferred_frame[name] for name in inferred if name not in RESULT_COLUMNS}
    for name in RESULT_COLUMNS:
        ordered[name] = inferred_frame[name] if name in _INFERRED_RESULT_COLUMNS else columns[name]
    return _whole_parameters(pd.DataFrame(ordered, copy=False), rows)


def _text_or_none(values):
    """An object array of the texts in ``values``, None where one is missing; None if a
    value is neither a plain ``str`` nor missing (pandas may convert such a value, and
    not the same way in every version: the records path decides)."""
    import numpy as np

    cells = np.empty(len(values), dtype=object)
    if set(map(type, values)) <= {str, type(None)}:  # a sweep's own rows
        cells[:] = values
        return cells
    cleaned = [None if _missing(value) else value for value in values]
    if not {type(value) for value in cleaned} <= {str, type(None)}:
        return None
    cells[:] = cleaned
    return cells


def _column_types(frame):
    """Floats for the probabilities; None, not NaN, for missing text."""
    import pandas as pd

    for name in _FLOAT_COLUMNS:
        if name in frame.columns:
            frame[name] = pd.to_numeric(frame[name], errors="coerce").astype(float)
    for name in ("reason", "outcome", "kind", "method"):
        if name in frame.columns:
            frame[name] = frame[name].astype(object).where(frame[name].notna(), None)
    return frame


def _format_of(path: Path) -> str:
    suffix = path.suffix.lower()
    if suffix in (".parquet", ".pq"):
        return "parquet"
    if suffix == ".csv":
        return "csv"
    raise OddsEngineError(f"cannot tell the format of {str(path)!r}: name it .parquet or .csv")


def read_table(path):
    """Read a sweep's output table back, with its column types.

    ``seed`` and ``trials`` come back as exact nullable 64-bit integers (``Int64``), also
    from CSV, where ``pandas.read_csv`` alone would make floats of them (and round the
    seeds) as soon as one row has none. So do the parameter columns of counts that a sweep
    kept as nullable integers (a column written ``1`` with empty cells, not ``1.0``), so
    that a resumed sweep writes the file an uninterrupted one writes.

    Parameters
    ----------
    path : str or Path
        A ``.csv`` or ``.parquet`` file written by a sweep.

    Returns
    -------
    pandas.DataFrame
    """
    import pandas as pd

    path = Path(path)
    if _format_of(path) == "parquet":
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise OddsEngineError(f"reading Parquet needs pyarrow: {PARQUET_HINT}") from None
        frame = pd.read_parquet(path)
    else:
        text = dict.fromkeys(INTEGER_COLUMNS + _TEXT_COLUMNS, str)
        frame = _whole_csv_parameters(
            path, pd.read_csv(path, keep_default_na=False, na_values=[""], dtype=text)
        )
    for name in INTEGER_COLUMNS:
        if name in frame.columns and str(frame[name].dtype) != "Int64":
            frame[name] = integer_array(frame[name])
    return _column_types(frame)


_WHOLE_NUMBER = r"[+-]?[0-9]+"


def _whole_csv_parameters(path, frame):
    """``frame`` (read from the CSV file ``path``) with each parameter column of whole
    numbers with a gap as the sweep wrote it: ``Int64``, not float64 with NaN.

    A column the sweep kept as nullable integers (:func:`_whole_parameters`) is written
    ``1`` and an empty cell; pandas reads it back as ``1.0`` and NaN. The text of the file
    tells it from a column of floats (``1.0``), so that a resumed sweep writes ``1`` again.
    """
    import pandas as pd

    positions = [
        position
        for position, name in enumerate(frame.columns)
        if name not in RESULT_COLUMNS
        and frame[name].dtype.kind == "f"
        and frame[name].isna().any()
        and frame[name].notna().any()
    ]
    if not positions:
        return frame
    cells = pd.read_csv(path, usecols=positions, keep_default_na=False, na_values=[""], dtype=str)
    for position in positions:
        name = frame.columns[position]
        written = cells.iloc[:, positions.index(position)]
        if written.dropna().str.fullmatch(_WHOLE_NUMBER).all():
            frame[name] = integer_array(written)
    return frame


def usable_rows(frame, expected) -> tuple[list[dict], set[str]]:
    """The rows of the whole scenarios in ``frame``, and their keys.

    A scenario is whole when each of its rows is complete and it has every row its spec
    gives (``expected``: key to the set of outcome and event names, or None for a refused
    scenario, which has one row). Rows of a fragment (a scenario cut short by a damaged or
    hand-edited file) are left out, so that the scenario is run again; a row repeated is
    kept once. Keys that are not of this sweep are left in (the caller refuses them).
    """
    records = frame.to_dict("records")
    by_key: dict[str, list[dict]] = {}
    seen = set()
    for row in records:
        key = row.get("scenario_key")
        if _missing(key) or not _KEY.fullmatch(str(key)):
            continue  # a row cut off in the middle
        identity = (key, row.get("outcome"), row.get("status"))
        if identity in seen:
            continue
        seen.add(identity)
        by_key.setdefault(str(key), []).append(row)
    rows, done = [], set()
    for key, group in by_key.items():
        if key in expected and not _whole_scenario(group, expected[key]):
            continue
        rows.extend(group)
        done.add(key)
    return rows, done


def with_parameters(rows, entries) -> list[dict]:
    """``rows`` read back from a file, each showing its scenario's parameters as the sweep
    gives them (``entries``: its scenarios, with their keys and columns): an empty text
    comes back from a CSV file as missing, and the frame of a resumed sweep is the frame of
    an uninterrupted one."""
    shown = {}
    for item in entries:
        shown[item.key] = item.columns
        shown.setdefault(getattr(item, "sampled_key", item.key), item.columns)
    return [
        {**row, **shown[row["scenario_key"]]} if row["scenario_key"] in shown else row
        for row in rows
    ]


def _whole_scenario(group, names) -> bool:
    statuses = {row.get("status") for row in group}
    if names is None:  # refused by the rules: one row
        return statuses == {"refused"} and len(group) == 1
    if statuses != {"ok"}:
        return False
    for row in group:
        if _missing(row.get("outcome")) or _missing(row.get("probability")):
            return False
        if _missing(row.get("method")):
            return False
    return set(names) <= {row["outcome"] for row in group}


class OutputFile:
    """A Parquet or CSV file replaced atomically on every write.

    The path is checked when the object is made, before any work: its folder must exist
    and the path must not be a folder or anything but a regular file (``/dev/full``).
    """

    def __init__(self, path):
        self.path = Path(path)
        self.format = _format_of(self.path)
        if self.format == "parquet":
            try:
                import pyarrow  # noqa: F401
            except ImportError:
                raise OddsEngineError(
                    f"writing Parquet needs pyarrow: {PARQUET_HINT}; or write .csv"
                ) from None
        self.folder = self.path.parent if str(self.path.parent) else Path(".")
        if not self.folder.is_dir():
            raise OddsEngineError(f"cannot write {self.path}: there is no folder {self.folder}")
        if self.path.is_dir():
            raise OddsEngineError(f"cannot write {self.path}: it is a folder")
        if self.path.exists() and not stat.S_ISREG(self.path.stat().st_mode):
            raise OddsEngineError(
                f"cannot write {self.path}: it is not a regular file (a device or a pipe)"
            )

    def read(self):
        try:
            frame = read_table(self.path)
        except Exception as error:  # a damaged file cannot be resumed
            raise OddsEngineError(f"cannot resume from {self.path}: {error}") from None
        if "scenario_key" not in frame.columns:
            # Resumed, it would be replaced by a new table: refused, so nothing is lost.
            raise OddsEngineError(
                f"cannot resume from {self.path}: it is not a sweep table (it has no "
                "scenario_key column); write to a new file, or pass --overwrite to replace it"
            )
        return frame

    def _temporary(self) -> Path:
        """A new empty file beside the output, with the permissions the umask gives."""
        for _ in range(100):
            name = f".{self.path.name}.{secrets.token_hex(4)}{_PARTIAL_SUFFIX}"
            candidate = self.folder / name
            try:
                # Mode 0o666 less the umask, as for any new file (mkstemp would give 0o600).
                descriptor = os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
            except FileExistsError:
                continue
            except OSError as error:
                raise OddsEngineError(f"cannot write {self.path}: {error.strerror}") from None
            os.close(descriptor)
            return candidate
        raise OddsEngineError(
            f"cannot write {self.path}: no free temporary name"
        )  # pragma: no cover

    def check_writable(self) -> None:
        """Refuse, before any work, a folder the sweep could not write its output in."""
        self._temporary().unlink()

    def remove_leftovers(self) -> None:
        """Remove temporary files left by a sweep that was killed while writing."""
        pattern = re.compile(re.escape(f".{self.path.name}.") + r"[0-9a-f]{8}\.partial")
        for leftover in self.folder.glob(f".{self.path.name}.*{_PARTIAL_SUFFIX}"):
            if pattern.fullmatch(leftover.name):
                leftover.unlink(missing_ok=True)

    def write(self, frame) -> None:
        temporary = self._temporary()
        try:
            try:  # a file being replaced keeps the permissions it had
                os.chmod(temporary, stat.S_IMODE(os.stat(self.path).st_mode))
            except FileNotFoundError:
                pass
            if self.format == "parquet":
                frame.to_parquet(temporary, index=False)
            else:
                frame.to_csv(temporary, index=False)
            with open(temporary, "rb") as handle:
                os.fsync(handle.fileno())
            os.replace(temporary, self.path)
        except OSError as error:
            temporary.unlink(missing_ok=True)
            raise OddsEngineError(f"cannot write {self.path}: {error.strerror or error}") from None
        except BaseException:
            temporary.unlink(missing_ok=True)
            raise

"""Writing a file the user names, so that a failed write loses nothing.

An output path may be anything: a missing folder, a folder, a device (``/dev/full``), a
file in ``/proc``. :func:`write_atomically` refuses every path that is not (or would not
become) a regular file before writing anything, writes to a temporary file beside the
target, and renames it into place only once it is complete: a disk that fills up, or an
interrupted write, leaves any earlier file whole.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path

from oddsengine.errors import OddsEngineError

__all__ = ["check_output_path", "write_atomically"]


def check_output_path(path) -> Path:
    """Refuse an output path that cannot be written, before any work; return it.

    Raises
    ------
    OddsEngineError
        The path is empty, its folder does not exist or takes no new file (``/proc``, a
        read-only folder), or it names something other than a regular file (a folder, a
        device, a FIFO).

    Examples
    --------
    >>> check_output_path("/no/such/folder/table.csv")
    Traceback (most recent call last):
    ...
    oddsengine.errors.OddsEngineError: cannot write /no/such/folder/table.csv: ...
    """
    if not str(path):
        raise OddsEngineError("the output needs a file name")
    path = Path(path)
    folder = path.parent
    if not folder.is_dir():
        raise OddsEngineError(f"cannot write {path}: there is no folder {folder}")
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        mode = None
    except OSError as error:
        raise OddsEngineError(f"cannot write {path}: {error.strerror}") from None
    if mode is not None and stat.S_ISDIR(mode):
        raise OddsEngineError(f"cannot write {path}: it is a folder")
    if mode is not None and not stat.S_ISREG(mode):
        raise OddsEngineError(f"cannot write {path}: it is not a regular file")
    _check_folder_takes_a_file(path)
    return path


def _check_folder_takes_a_file(path: Path) -> None:
    """Refuse a folder where the temporary file of :func:`write_atomically` cannot be
    made (``/proc``, a read-only folder): found out now, not after the work."""
    try:
        descriptor, temporary = _temporary_beside(path)
    except OSError as error:
        raise OddsEngineError(
            f"cannot write {path}: {error.strerror or error} in {path.parent}"
        ) from None
    os.close(descriptor)
    os.unlink(temporary)


def _temporary_beside(path: Path) -> tuple[int, str]:
    """A new temporary file in the folder of ``path``, keeping its suffix."""
    return tempfile.mkstemp(prefix=f".{path.name}.", suffix=path.suffix, dir=path.parent)


def write_atomically(path, write: Callable[[str], None]) -> None:
    """Write ``path`` through a temporary file in the same folder, then rename it in place.

    Parameters
    ----------
    path : str or os.PathLike
    write : callable
        Called with the temporary file's name (which keeps the suffix of ``path``, so that
        e.g. matplotlib picks the format from it); it must write the whole content there.

    Raises
    ------
    OddsEngineError
        See :func:`check_output_path`; or the write failed (the message gives the reason),
        in which case ``path`` is as it was.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "table.csv"
    >>> write_atomically(target, lambda name: pathlib.Path(name).write_text("a,b\\n"))
    >>> target.read_text()
    'a,b\\n'
    """
    path = check_output_path(path)
    try:
        descriptor, temporary = _temporary_beside(path)
    except OSError as error:  # the folder changed since the check
        raise OddsEngineError(f"cannot write {path}: {error.strerror or error}") from None
    os.close(descriptor)
    try:
        write(temporary)
        if path.exists():  # keep the permissions of the file replaced
            os.chmod(temporary, stat.S_IMODE(path.stat().st_mode))
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(temporary, 0o666 & ~umask)
        os.replace(temporary, path)
    except OSError as error:
        raise OddsEngineError(f"cannot write {path}: {error.strerror or error}") from None
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)

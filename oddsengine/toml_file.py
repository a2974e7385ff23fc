"""Reading a small TOML file the user names, safely.

A file the user names may be anything: a folder, a symlink loop, a FIFO that nobody writes
to, ``/dev/zero``, text in another encoding, or TOML nested thousands of levels deep.
:func:`read_toml` checks what the path is before reading it, never blocks, reads at most
:data:`MAX_TOML_BYTES`, and refuses everything else with one
:class:`~oddsengine.errors.OddsEngineError` that names the file and the problem. Nothing in
a file is ever executed.
"""

from __future__ import annotations

import os
import stat
import tomllib

from .errors import OddsEngineError

__all__ = ["read_toml", "MAX_TOML_BYTES"]

#: The largest file read: a sweep or scenario file is a few kilobytes.
MAX_TOML_BYTES = 1 << 20


def _read_bytes(path, what: str) -> bytes:
    name = str(path)
    # O_NONBLOCK: opening a FIFO for reading returns at once instead of waiting for a writer.
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
    try:
        descriptor = os.open(path, flags)
    except FileNotFoundError:
        raise OddsEngineError(f"no {what} {name!r}") from None
    except IsADirectoryError:
        raise OddsEngineError(f"{what} {name!r} is a folder, not a file") from None
    except OSError as error:
        raise OddsEngineError(f"cannot open {what} {name!r}: {error.strerror}") from None
    try:
        mode = os.fstat(descriptor).st_mode
        if stat.S_ISDIR(mode):
            raise OddsEngineError(f"{what} {name!r} is a folder, not a file")
        if not stat.S_ISREG(mode):
            raise OddsEngineError(
                f"{what} {name!r} is not a regular file (a pipe, a device or a socket)"
            )
        content = os.read(descriptor, MAX_TOML_BYTES + 1)
        while len(content) <= MAX_TOML_BYTES:
            more = os.read(descriptor, MAX_TOML_BYTES + 1 - len(content))
            if not more:
                break
            content += more
    except OSError as error:
        raise OddsEngineError(f"cannot read {what} {name!r}: {error.strerror}") from None
    finally:
        os.close(descriptor)
    if len(content) > MAX_TOML_BYTES:
        raise OddsEngineError(
            f"{what} {name!r} is larger than {MAX_TOML_BYTES // 1024} KiB; is it the right file?"
        )
    return content


def read_toml(path, what: str = "file") -> dict:
    """Parse the TOML file at ``path``; refuse anything that is not a small UTF-8 TOML file.

    Parameters
    ----------
    path : str, os.PathLike or importlib.resources.abc.Traversable
    what : str
        What the file is, for messages (``"sweep file"``).

    Returns
    -------
    dict

    Raises
    ------
    OddsEngineError
        The file is missing, not a regular file, larger than :data:`MAX_TOML_BYTES`, not
        UTF-8, not valid TOML, or nested too deeply.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "sweep.toml"
    >>> _ = path.write_text('kind = "assault"')
    >>> read_toml(path, "sweep file")
    {'kind': 'assault'}
    >>> read_toml(path.parent, "sweep file")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    oddsengine.errors.OddsEngineError: sweep file '...' is a folder, not a file
    """
    name = str(path)
    if isinstance(path, (str, bytes, os.PathLike)):
        content = _read_bytes(path, what)
    else:  # a resource inside an installed package
        content = path.read_bytes()
    if content[:2] in (b"\xff\xfe", b"\xfe\xff"):
        raise OddsEngineError(f"{what} {name!r} is UTF-16 text: save it as UTF-8")
    try:
        text = content.decode("utf-8")
    except UnicodeDecodeError as error:
        raise OddsEngineError(
            f"{what} {name!r} is not UTF-8 text (byte {error.start}): save it as UTF-8"
        ) from None
    try:
        return tomllib.loads(text.removeprefix("\ufeff"))
    except tomllib.TOMLDecodeError as error:
        raise OddsEngineError(f"{what} {name!r} is not valid TOML: {error}") from None
    except RecursionError:
        raise OddsEngineError(f"{what} {name!r} is nested too deeply") from None

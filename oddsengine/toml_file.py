"""Reading a small TOML file the user names, safely.

A file the user names may be anything: a folder, a symlink loop, a FIFO that nobody writes
to, ``/dev/zero``, text in another encoding, or TOML nested thousands of levels deep.
:func:`read_toml` checks what the path is before reading it, never blocks, reads at most
:data:`MAX_TOML_BYTES`, and refuses everything else with one
:class:`~oddsengine.errors.OddsEngineError` that names the file and the problem. Nothing in
a file is ever executed.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import sys
import tomllib

from oddsengine.errors import OddsEngineError, shown

__all__ = ["read_toml", "read_small_file", "parse_toml", "MAX_TOML_BYTES"]

#: The largest file read: a sweep or scenario file is a few kilobytes.
MAX_TOML_BYTES = 1 << 20


def read_small_file(path, what: str = "file") -> bytes:
    """The bytes of the regular file at ``path``, of at most :data:`MAX_TOML_BYTES`.

    A folder, a FIFO (opened without blocking), a device, a symlink loop, a missing or
    unreadable file or a larger one is refused with one
    :class:`~oddsengine.errors.OddsEngineError` naming ``what`` and the path.

    Examples
    --------
    >>> read_small_file("/dev/zero", "sweep file")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    oddsengine.errors.OddsEngineError: sweep file '/dev/zero' is not a regular file (...)
    """
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
        if error.errno == errno.ELOOP:
            raise OddsEngineError(
                f"{what} {name!r} is a loop of symbolic links, not a file"
            ) from None
        raise OddsEngineError(f"cannot open {what} {name!r}: {error.strerror}") from None
    except ValueError:  # a NUL in the name
        raise OddsEngineError(f"no {what} {shown(name)}") from None
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
        content = read_small_file(path, what)
    else:  # a resource inside an installed package
        content = path.read_bytes()
    return parse_toml(content, f"{what} {name!r}")


def parse_toml(content: bytes, label: str) -> dict:
    """Parse ``content``, TOML in UTF-8 (a byte order mark allowed); ``label`` names its
    source in messages (``"sweep file 'a.toml'"``).

    Examples
    --------
    >>> parse_toml(b'kind = "assault"', "sweep file 'a.toml'")
    {'kind': 'assault'}
    >>> parse_toml(b"kind = ", "sweep file 'a.toml'")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    oddsengine.errors.OddsEngineError: sweep file 'a.toml' is not a valid TOML file (...)
    """
    invalid = f"{label} is not a valid TOML file"
    if content[:2] in (b"\xff\xfe", b"\xfe\xff"):
        raise OddsEngineError(f"{invalid} (UTF-16 text: save it as UTF-8)")
    try:
        text = content.decode("utf-8")
    except UnicodeDecodeError as error:
        raise OddsEngineError(
            f"{invalid} (not UTF-8 text at byte {error.start}: save it as UTF-8)"
        ) from None
    text = text.removeprefix("\ufeff")
    try:
        try:
            return tomllib.loads(text)
        except ValueError as error:
            if isinstance(error, tomllib.TOMLDecodeError):
                raise
            # An integer longer than Python converts from decimal text
            # (sys.get_int_max_str_digits): read as a bad value of its key.
            return tomllib.loads(_long_integers_in_hex(text))
    except tomllib.TOMLDecodeError as error:
        raise OddsEngineError(f"{invalid} ({error})") from None
    except RecursionError:  # tomllib recurses once per level of nesting
        raise OddsEngineError(f"{invalid} (nested too deeply)") from None
    except ValueError:
        raise OddsEngineError(f"{invalid} (a whole number too long to read)") from None


#: A decimal integer value: after ``=``, ``[`` or ``,`` and before the end of the value.
_INTEGER_VALUE = re.compile(r"(?<=[=\[,])(\s*)([+-]?)([0-9][0-9_]*)(?=\s*(?:[,\]}#]|$))", re.M)


def _long_integers_in_hex(text: str) -> str:
    """``text`` with each decimal integer value of more digits than Python reads from text
    rewritten as a hexadecimal one of about the same size (read without that limit), so
    that the key it belongs to refuses it as it refuses any number far too large.

    Examples
    --------
    >>> tomllib.loads(_long_integers_in_hex("units = " + "9" * 5000))["units"].bit_length()
    16609
    """
    limit = sys.get_int_max_str_digits() or float("inf")

    def hexadecimal(match) -> str:
        space, sign, digits = match.groups()
        count = len(digits.replace("_", ""))
        if count <= limit:
            return match.group()
        if sign == "-":  # TOML has no negative hexadecimal: the longest readable one
            return f"{space}-{'9' * int(min(limit, count))}"
        # 5 * 10**(count - 1): a number that shown() calls "of about {count} digits"
        return f"{space}{hex(5 * 10 ** (count - 1))}"

    return _INTEGER_VALUE.sub(hexadecimal, text)

"""Output files: refused before any work when they cannot be written, and written through a
temporary file so that a failed write loses nothing (issue 10, item 2)."""

import errno
import os

import pytest

from oddsengine.errors import OddsEngineError
from oddsengine.faces.output_file import check_output_path, write_atomically


def write_text(text):
    def write(name):
        with open(name, "w", encoding="utf-8") as handle:
            handle.write(text)

    return write


def test_a_file_is_written_and_replaced_whole(tmp_path):
    target = tmp_path / "table.csv"
    write_atomically(target, write_text("first\n"))
    target.chmod(0o600)
    write_atomically(target, write_text("second\n"))
    assert target.read_text() == "second\n"
    assert target.stat().st_mode & 0o777 == 0o600  # the permissions of the file replaced
    assert [entry.name for entry in tmp_path.iterdir()] == ["table.csv"]


def test_a_failed_write_keeps_the_earlier_file(tmp_path):
    target = tmp_path / "table.csv"
    target.write_text("earlier results\n")

    def disk_full(name):
        with open(name, "w", encoding="utf-8") as handle:
            handle.write("half")
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    with pytest.raises(OddsEngineError, match="No space left on device"):
        write_atomically(target, disk_full)
    assert target.read_text() == "earlier results\n"
    assert [entry.name for entry in tmp_path.iterdir()] == ["table.csv"]


@pytest.mark.parametrize(
    "name, words",
    [
        ("missing/table.csv", "there is no folder"),
        (".", "it is a folder"),
        ("", "needs a file name"),
    ],
)
def test_paths_that_cannot_be_written_are_refused_before_any_work(tmp_path, name, words):
    path = str(tmp_path / name) if name else ""
    with pytest.raises(OddsEngineError, match=words):
        check_output_path(path)


@pytest.mark.parametrize("device", ["/dev/full", "/dev/null", "/proc"])
def test_devices_and_system_folders_are_refused(device):
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    with pytest.raises(OddsEngineError, match="cannot write"):
        write_atomically(device, write_text("x"))
    assert not [name for name in os.listdir(os.path.dirname(device)) if ".full." in name]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "out.csv"
    os.mkfifo(fifo)
    with pytest.raises(OddsEngineError, match="not a regular file"):
        check_output_path(fifo)

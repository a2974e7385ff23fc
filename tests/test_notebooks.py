"""The tutorial notebooks run top to bottom in a fresh kernel, with small trial counts.

Each notebook in ``notebooks/`` is copied to a temporary directory and executed there with
nbclient (the committed files and their saved outputs are never touched). The kernel is
the ``python3`` kernel of ipykernel, which jupyter_client starts with the interpreter
running the tests (``sys.executable``), so the notebooks see the same installed package.
``ODDSENGINE_NOTEBOOK_TRIALS`` makes every Monte Carlo run in the notebooks small.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
NOTEBOOK_PATHS = sorted(NOTEBOOKS.glob("*.ipynb"))
#: Monte Carlo trials per run inside the notebooks: enough for the checks they print.
TEST_TRIALS = 20_000
#: Seconds any one cell may take before the test fails.
CELL_TIMEOUT = 90


@pytest.mark.parametrize("path", NOTEBOOK_PATHS, ids=[path.stem for path in NOTEBOOK_PATHS])
def test_notebook_runs_without_errors(path, tmp_path, monkeypatch):
    monkeypatch.setenv("ODDSENGINE_NOTEBOOK_TRIALS", str(TEST_TRIALS))
    monkeypatch.setenv("MPLBACKEND", "module://matplotlib_inline.backend_inline")
    # Silences jupyter_core's notice about moving to platformdirs (a DeprecationWarning,
    # which the test configuration turns into an error).
    monkeypatch.setenv("JUPYTER_PLATFORM_DIRS", "1")
    copy = tmp_path / path.name
    shutil.copyfile(path, copy)
    notebook = nbformat.read(copy, as_version=4)
    client = nbclient.NotebookClient(
        notebook,
        timeout=CELL_TIMEOUT,
        kernel_name="python3",
        resources={"metadata": {"path": str(tmp_path)}},
    )
    client.execute()  # raises CellExecutionError, naming the cell, on any error
    errors = [
        output
        for cell in notebook.cells
        if cell.cell_type == "code"
        for output in cell.get("outputs", [])
        if output.get("output_type") == "error"
    ]
    assert not errors

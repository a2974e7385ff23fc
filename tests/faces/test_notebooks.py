"""The tutorial notebooks run top to bottom in a fresh kernel, with small trial counts.

Each notebook in ``notebooks/`` is copied to a temporary directory and executed there with
nbclient (the committed files and their saved outputs are never touched). The kernel is
the ``python3`` kernel of ipykernel, which jupyter_client starts with the interpreter
running the tests (``sys.executable``), so the notebooks see the same installed package.
``ODDSENGINE_NOTEBOOK_TRIALS`` makes every Monte Carlo run in the notebooks small.
"""

from __future__ import annotations

import re
import shutil

import pytest
from conftest import ROOT

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")

pytestmark = [pytest.mark.slow, pytest.mark.notebooks]

NOTEBOOKS = ROOT / "notebooks"
NOTEBOOK_PATHS = sorted(NOTEBOOKS.glob("*.ipynb"))
#: Monte Carlo trials per run inside the notebooks: enough for the checks they print.
TEST_TRIALS = 20_000
#: Seconds any one cell may take before the test fails.
CELL_TIMEOUT = 90


def test_every_numbered_notebook_is_present():
    assert [path.name for path in NOTEBOOK_PATHS] == [
        "01_quickstart.ipynb",
        "02_assaults_and_sieges.ipynb",
        "03_interception_and_the_vienna_move.ipynb",
        "04_cards.ipynb",
        "05_sweeps_and_publishing.ipynb",
        "06_naval_and_piracy.ipynb",
        "07_planning.ipynb",
        "08_explorer.ipynb",
        "09_naval_moves_and_transport.ipynb",
        "10_the_religious_struggle.ipynb",
        "11_henrys_heirs_and_the_card_rolls.ipynb",
    ]


def test_committed_notebooks_hold_their_plots():
    # Opened on GitHub or in Jupyter, each notebook shows its plots without being run.
    for path in NOTEBOOK_PATHS:
        notebook = nbformat.read(path, as_version=4)
        images = [
            output
            for cell in notebook.cells
            if cell.cell_type == "code"
            for output in cell.get("outputs", [])
            if "image/png" in output.get("data", {})
        ]
        assert images, f"{path.name} was saved without its outputs"


def test_a_saved_calculator_is_a_picture_and_a_line_saying_to_run_it():
    # Read without a kernel (on a page, in an editor), the explorer's notebook shows no
    # widget repr ("VBox(children=...)"): its calculator says in words to run it, and a
    # picture of it as JupyterLab draws it stands beside it.
    path = NOTEBOOKS / "08_explorer.ipynb"
    notebook = nbformat.read(path, as_version=4)
    plain = [
        output["data"]["text/plain"]
        for cell in notebook.cells
        if cell.cell_type == "code"
        for output in cell.get("outputs", [])
        if "text/plain" in output.get("data", {})
    ]
    assert not [text for text in plain if "children=" in text], plain
    assert any("run this cell in Jupyter" in text for text in plain), plain
    markdown = "".join(cell.source for cell in notebook.cells if cell.cell_type == "markdown")
    assert "Run this notebook in Jupyter to use the calculator" in markdown
    pictures = re.findall(r"!\[[^\]]*\]\((images/[^)]+\.png)\)", markdown)
    assert pictures and all((NOTEBOOKS / picture).is_file() for picture in pictures)


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

"""The explorer as a person sees it: JupyterLab in Debian's headless Chromium, at 1000 and
1400 px with the file browser open. From the page and a screenshot: the chart is there,
whole (inside the window and the notebook, never cut), at its own aspect (never stretched
or squashed), not blank; a refusal is words with no image, broken or not.

Set ``ODDSENGINE_SCREENSHOTS`` to a folder to keep the screenshots.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from browser import browser_missing, pixel_spread, set_viewport, start_chromium

from oddsengine.faces.explore import CHART_PIXELS

pytestmark = [pytest.mark.slow, pytest.mark.browser]

CELLS = (
    'import oddsengine as oe\ncalculator = oe.explore("battle")\ncalculator',
    'piracy = oe.explore("piracy")\npiracy',
    'refused = oe.explore("assault")\nrefused.controls["defender"].value = '
    '"hapsburg: 4R Suleiman"\nrefused',
    'naval = oe.explore("naval-move")\nnaval',
    # Part III, switched to from another engagement: a debate and a run of attempts.
    'debate = oe.explore("battle")\ndebate.controls["engagement"].value = "debate"\ndebate',
    'attempts = oe.explore("debate")\nattempts.controls["engagement"].value = "attempts"\nattempts',
    'board = oe.explore("reformation")\n'
    'board.controls["reformation.scenario"].value = "religion_example"\nboard',
    'diet = oe.explore("diet")\ndiet',
    'voyage = oe.explore("conquest")\nvoyage.controls["engagement"].value = "voyage"\nvoyage',
    # A debate's committed debaters and cards picked as tags of those in play there.
    'tags = oe.explore("debate")\ntags.controls["debate.committed"].value = ["Carlstadt"]\n'
    'tags.controls["debate.cards"].value = ["thomas-more", "here-i-stand"]\ntags',
    # Part IV from their declarations: a card roll, and a turn's New World riches.
    'wooing = oe.explore("rough-wooing")\nwooing.controls["rough-wooing.english_units"].value = 3'
    "\nwooing",
    'riches = oe.explore("riches-turn")\n'
    'riches.controls["riches-turn.holdings"].value = ["inca", "colony"]\n'
    'riches.controls["riches-turn.raiders"].value = ["france"]; riches',
)
#: The cells of the Part III engagements, by name (their index in CELLS).
RELIGION = {"debate": 4, "attempts": 5, "reformation": 6, "diet": 7, "voyage": 8}
#: The debate with tags picked: its odds in the first screen (its cards' controls and
#: lines push its chart below), its chart whole.
TAGS = 9
#: The cells of the Part IV engagements, by name.
PART_IV = {"rough-wooing": 10, "riches-turn": 11}
#: The cells after the first four but the debate with tags, each checked as the first is.
FURTHER = {**RELIGION, **PART_IV}


def _missing() -> str | None:
    reason = browser_missing()
    if reason:
        return reason
    try:
        import ipywidgets  # noqa: F401
        import jupyterlab  # noqa: F401
    except ImportError:
        return "jupyterlab and ipywidgets are not installed (pip install -e '.[test]')"
    return None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _notebook(path: Path) -> None:
    cells = [
        {"cell_type": "code", "metadata": {}, "source": source, "outputs": [],
         "execution_count": None}
        for source in CELLS
    ]  # fmt: skip
    notebook = {
        "cells": cells,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                    "language": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }  # fmt: skip
    path.write_text(json.dumps(notebook), encoding="utf-8")


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """A JupyterLab server on a free local port, with its own settings and runtime folders
    (nothing is written to the user's), serving one notebook of calculators."""
    reason = _missing()
    if reason:
        pytest.skip(reason)
    root = tmp_path_factory.mktemp("lab")
    _notebook(root / "explorer.ipynb")
    home = tmp_path_factory.mktemp("lab-home")
    # No offer to fetch news over the page (and no fetching).
    settings = home / "settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text('{"fetchNews": "false"}')
    env = {
        **os.environ,
        "JUPYTER_CONFIG_DIR": str(home / "config"),
        "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
        "IPYTHONDIR": str(home / "ipython"),
        "MPLBACKEND": "module://matplotlib_inline.backend_inline",
    }
    port, token = _free_port(), "oddsengine-test"
    server = subprocess.Popen(
        [
            sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root",
            "--ip=127.0.0.1", f"--port={port}", f"--ServerApp.token={token}",
            f"--ServerApp.root_dir={root}", "--expose-app-in-browser",
            f"--LabApp.user_settings_dir={home / 'settings'}",
            f"--LabApp.workspaces_dir={home / 'workspaces'}",
            "--LabApp.extension_manager=readonly",
        ],
        env=env, cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    pytest.fail("JupyterLab did not start")
                time.sleep(0.5)
        yield f"http://127.0.0.1:{port}/lab/tree/explorer.ipynb?token={token}"
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()


def _poll(driver, script: str, timeout: float):
    """What ``script`` returns once it returns something true, or None after ``timeout``
    seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = driver.execute_script(script)
        if value:
            return value
        time.sleep(0.5)
    return None


def _wait(driver, script: str, timeout: float, what: str):
    value = _poll(driver, script, timeout)
    if not value:
        pytest.fail(f"timed out waiting for {what}")
    return value


def _first_screen(driver, index: int = 0) -> dict:
    """:data:`_FIRST_SCREEN` of cell ``index`` once the layout holds still: two readings a
    half-second apart that agree (a widget that redraws its output, an image that decodes,
    moves what follows it for a moment; a fixed pause is a race on a loaded machine)."""
    before = driver.execute_script(_FIRST_SCREEN, index)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        time.sleep(0.5)
        now = driver.execute_script(_FIRST_SCREEN, index)
        if now == before:
            return now
        before = now
    return before


# The id of the panel showing explorer.ipynb (the main area's widgets, by their path).
_FIND_PANEL = (
    "const panel = Array.from(window.jupyterapp.shell.widgets('main'))"
    ".find(w => w.context && w.context.path === 'explorer.ipynb');"
)
_PANEL = _FIND_PANEL + " return panel ? panel.id : null;"
_KERNEL_IDLE = (
    _FIND_PANEL + " const kernel = panel && panel.sessionContext.session && "
    "panel.sessionContext.session.kernel; return !!kernel && kernel.status === 'idle';"
)

# Whether the notebook's first cell has started: queued or run (its prompt shows "[*]" or a
# number once the run reaches the kernel).
_FIRST_CELL_STARTED = (
    _FIND_PANEL + " const cell = panel && panel.content.widgets[0]; if (!cell) return false;"
    " const prompt = cell.node.querySelector('.jp-InputPrompt');"
    " return !!prompt && /\\[(\\*|\\d+)\\]/.test(prompt.textContent);"
)

# The cell scrolled to the top of the notebook: where its odds table and its chart end,
# and where the notebook's visible part does.
_FIRST_SCREEN = """
const cell = document.querySelectorAll('.jp-Notebook .jp-Cell')[arguments[0] || 0];
cell.scrollIntoView({block: 'start'});
const notebook = cell.closest('.jp-Notebook').getBoundingClientRect();
const odds = cell.querySelector('table.odds').getBoundingClientRect();
const chart = cell.querySelector('.jp-OutputArea img').getBoundingClientRect();
return {top: cell.getBoundingClientRect().top, odds: odds.bottom, chart: chart.bottom,
        bottom: Math.min(notebook.bottom, window.innerHeight)};
"""

_OUTPUTS = """
const areas = [...document.querySelectorAll('.jp-Notebook .jp-Cell .jp-OutputArea')];
return areas.map(area => {
  const images = [...area.querySelectorAll('img')].map(img => {
    const r = img.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width,
            height: r.height, naturalWidth: img.naturalWidth, naturalHeight: img.naturalHeight,
            complete: img.complete, visible: img.offsetParent !== null && r.width > 0};
  });
  const box = area.closest('.jp-Notebook').getBoundingClientRect();
  const inner = area.getBoundingClientRect();
  const wider = [...area.querySelectorAll('*')]
    .filter(e => e.offsetParent !== null && e.getBoundingClientRect().right > inner.right + 1)
    .map(e => e.tagName + '.' + e.className + ' ' + e.getBoundingClientRect().right);
  // A box that scrolls (a scrollbar under a chart), the lists' own boxes apart.
  const scrolled = [...area.querySelectorAll('div')]
    .filter(e => e.offsetParent !== null && ['auto', 'scroll'].some(v =>
      [getComputedStyle(e).overflowX, getComputedStyle(e).overflowY].includes(v)) &&
      (e.scrollHeight > e.clientHeight || e.scrollWidth > e.clientWidth))
    .map(e => e.className + ' ' + e.scrollWidth + 'x' + e.scrollHeight + ' in ' +
         e.clientWidth + 'x' + e.clientHeight);
  // An argument of the command line broken over two lines while it would fit on one.
  const command = area.querySelector('.command');
  const broken = command ? [...command.querySelectorAll('span')]
    .filter(s => s.getBoundingClientRect().height > 1.6 * parseFloat(getComputedStyle(s).lineHeight)
                 && s.scrollWidth < command.clientWidth)
    .map(s => s.textContent) : [];
  return {images: images, text: area.textContent, left: box.left, right: box.right,
          wider: wider.slice(0, 5), widgets: area.querySelectorAll('.jupyter-widgets').length,
          scrolled: scrolled, broken: broken};
});
"""


@pytest.mark.parametrize("width", [1000, 1400])
def test_the_explorer_in_jupyterlab_keeps_its_chart_whole(lab, width, tmp_path):
    driver = start_chromium(tmp_path / "profile", width, 900)
    try:
        set_viewport(driver, width, 900)  # a screen of 900 px, whatever the window's frame
        driver.get(lab)
        _wait(driver, "return !!(window.jupyterapp && window.jupyterapp.shell)", 120, "JupyterLab")
        _wait(
            driver,
            f"return document.querySelectorAll('.jp-Notebook .jp-Cell').length >= {len(CELLS)}",
            120,
            "the notebook",
        )
        # The notebook is found by its path among the main area's widgets, and its cells
        # are run by the panel's id: never through the shell's current widget, which
        # JupyterLab sets from DOM focus events only (in a headless window that has not
        # been clicked it can stay empty, and so would every "current notebook" command).
        panel = _wait(driver, _PANEL, 120, "the notebook's panel")
        _wait(driver, _KERNEL_IDLE, 120, "the kernel")
        run_all = (
            "window.jupyterapp.commands.execute('notebook:run-all-cells', {widgetId: arguments[0]})"
        )
        driver.execute_script(run_all, panel)
        # A run asked for in the moment the new kernel turns idle can be dropped (a CI run
        # waited 180 s on cells that never ran): if the first cell has not started within
        # a minute, the cells are run once more. A run that starts and fails still fails
        # below.
        if not _poll(driver, _FIRST_CELL_STARTED, 60):
            driver.execute_script(run_all, panel)
        driver.execute_script("window.jupyterapp.commands.execute('filebrowser:activate')")
        outputs = _wait(
            driver,
            f"const o = (function(){{{_OUTPUTS}}})(); "
            "return o.length >= 4 && o[0].images.some(i => i.complete && i.naturalWidth) && "
            "o[1].images.some(i => i.complete && i.naturalWidth) && "
            "o[2].text.includes('Refused') && "
            "o[3].images.some(i => i.complete && i.naturalWidth) && "
            f"o.length >= {len(CELLS)} && "
            + " && ".join(
                f"o[{index}].images.some(i => i.complete && i.naturalWidth)"
                for index in (*FURTHER.values(), TAGS)
            )
            + " ? o : null;",
            180,
            "the calculators",
        )
        time.sleep(1)  # let the layout settle before measuring
        folder = os.environ.get("ODDSENGINE_SCREENSHOTS")
        # The first screen of the calculator's cell holds its odds and its chart.
        first = _first_screen(driver)
        if folder:
            Path(folder).mkdir(parents=True, exist_ok=True)
            shot = Path(folder) / f"explorer-{width}-first-screen.png"
            shot.write_bytes(driver.get_screenshot_as_png())
        assert first["odds"] <= first["bottom"] and first["chart"] <= first["bottom"], first
        # So do the Part III engagements' cells, switched to from another engagement, and
        # Part IV's.
        for name, index in FURTHER.items():
            first = _first_screen(driver, index)
            if folder:
                shot = Path(folder) / f"explorer-{width}-{name}.png"
                shot.write_bytes(driver.get_screenshot_as_png())
            assert first["odds"] <= first["bottom"], (name, first)
            assert first["chart"] <= first["bottom"], (name, first)
        first = _first_screen(driver, TAGS)
        if folder:
            shot = Path(folder) / f"explorer-{width}-tags.png"
            shot.write_bytes(driver.get_screenshot_as_png())
        assert first["odds"] <= first["bottom"], ("tags", first)
        for index, image in enumerate(driver.find_elements("css selector", ".jp-OutputArea img")):
            driver.execute_script("arguments[0].scrollIntoView({block: 'end'})", image)
            time.sleep(0.5)
            if folder:
                Path(folder).mkdir(parents=True, exist_ok=True)
                shot = Path(folder) / f"explorer-{width}-{index}.png"
                shot.write_bytes(driver.get_screenshot_as_png())
        areas = driver.find_elements("css selector", ".jp-Notebook .jp-Cell .jp-OutputArea")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", areas[2])
        time.sleep(0.5)
        if folder:
            shot = Path(folder) / f"explorer-{width}-refused.png"
            shot.write_bytes(driver.get_screenshot_as_png())
        outputs = driver.execute_script(_OUTPUTS)
        left_open = not driver.execute_script("return window.jupyterapp.shell.leftCollapsed")
        assert left_open, "the file browser is open"
        viewport = driver.execute_script("return document.documentElement.clientWidth")
        chart_width, chart_height = CHART_PIXELS
        for output in [*outputs[:2], *(outputs[index] for index in (*FURTHER.values(), TAGS))]:
            charts = [image for image in output["images"] if image["visible"]]
            assert len(charts) == 1, output
            chart = charts[0]
            assert (chart["naturalWidth"], chart["naturalHeight"]) == CHART_PIXELS
            # Whole: inside the window and the notebook, never cut at either edge.
            assert 0 <= chart["left"] and chart["right"] <= viewport, chart
            assert output["left"] <= chart["left"] and chart["right"] <= output["right"], output
            # Its own aspect, and at its own size unless the notebook is narrower.
            aspect = chart["width"] / chart["height"]
            assert aspect == pytest.approx(chart_width / chart_height, rel=0.02), chart
            room = output["right"] - output["left"]
            assert chart["width"] >= min(chart_width, room) - 20, (chart, room)
        for image in driver.find_elements("css selector", ".jp-OutputArea img"):
            if image.is_displayed():
                assert pixel_spread(image.screenshot_as_png) > 0.05
        for output in outputs:
            assert not output["wider"], output["wider"]  # nothing runs past the output
            assert not output["scrolled"], output["scrolled"]  # no box scrolls
            assert not output["broken"], output["broken"]  # arguments whole on their line
        refused = outputs[2]
        assert "Refused:" in refused["text"] and "Suleiman" in refused["text"]
        assert not [image for image in refused["images"] if image["visible"]], refused
        assert "same as: oddsengine battle" in outputs[0]["text"]
        # The naval move: its interceptions, as the command line lists them, and its chart.
        assert "Interception from" in outputs[3]["text"], outputs[3]["text"]
        assert "same as: oddsengine naval-move" in outputs[3]["text"]
        assert "same as: oddsengine debate --zone german" in outputs[RELIGION["debate"]]["text"]
        assert "papal_wins" in outputs[RELIGION["debate"]]["text"]
        run = outputs[RELIGION["attempts"]]["text"]
        assert "same as: oddsengine attempts religion_1517" in run and "flips:0" in run
        tags = outputs[TAGS]["text"]
        assert "--committed Carlstadt --card thomas-more,here-i-stand" in tags, tags
        wooing = outputs[PART_IV["rough-wooing"]]["text"]
        assert "same as: oddsengine card-roll rough-wooing --english-units 3" in wooing
        riches = outputs[PART_IV["riches-turn"]]["text"]
        assert "same as: oddsengine riches --holdings inca,colony --raiders france" in riches
    finally:
        driver.quit()
        shutil.rmtree(tmp_path / "profile", ignore_errors=True)

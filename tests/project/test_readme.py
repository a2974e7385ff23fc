"""The README's commands stay true: CI installs as it says and runs its test command, in
tiers that together run every test once."""

import itertools
import re

from conftest import ROOT, TIERS

#: The README's installation, which CI runs verbatim.
INSTALL = 'python3 -m venv .venv && .venv/bin/pip install -q -e ".[test]"'
#: The README's test command, which CI runs as the tiers of conftest.TIERS.
TEST = ".venv/bin/python -m pytest"


def test_ci_installs_as_the_readme_says_and_runs_its_test_command_in_tiers():
    readme = (ROOT / "README.md").read_text()
    ci = (ROOT / ".ci" / "run").read_text()
    assert f"{INSTALL} && {TEST}" in readme
    assert INSTALL in ci
    steps = re.findall(r"^step .*?(\S+ -m pytest)(.*)$", ci, flags=re.MULTILINE)
    assert [command for command, _ in steps] == [TEST] * len(TIERS)
    assert [marks.strip() for _, marks in steps] == [f'-m "{tier}"' for tier in TIERS.values()]


def test_the_tiers_run_every_test_once():
    # conftest refuses a browser or notebook check that is not slow, or is both; every
    # other combination of the marks is chosen by exactly one tier.
    for slow, browser, notebooks in itertools.product((False, True), repeat=3):
        if ((browser or notebooks) and not slow) or (browser and notebooks):
            continue
        marks = {"slow": slow, "browser": browser, "notebooks": notebooks}
        chosen = [name for name, tier in TIERS.items() if eval(tier, {}, marks)]
        assert len(chosen) == 1, (marks, chosen)


def test_readme_main_command_installs_and_runs_an_analysis():
    readme = (ROOT / "README.md").read_text()
    assert "pip install -q . && .venv/bin/oddsengine" in readme


def test_readme_names_the_packages_the_browser_tests_need():
    # The browser tests use the system's Chromium and its driver (tests/browser.py); the
    # README's installation text names the packages, as the skip message and CI do.
    from browser import CHROMEDRIVER, CHROMIUM, browser_missing

    readme = (ROOT / "README.md").read_text()
    install = "apt-get install -y chromium chromium-driver"
    assert install in readme
    assert CHROMIUM in readme and CHROMEDRIVER in readme
    assert install in (ROOT / ".ci" / "run").read_text().replace(" -qq", "")
    assert install in browser_missing(chromium="/nonexistent/chromium")


def test_every_test_path_the_documents_name_exists():
    # Test files move between folders; a path in the README or the docs follows them.
    documents = [ROOT / "README.md", ROOT / "tests" / "README.md", *(ROOT / "docs").rglob("*.md")]
    missing = {}
    for document in documents:
        named = set(re.findall(r"\btests/[\w./-]*\w", document.read_text(encoding="utf-8")))
        if gone := sorted(path for path in named if not (ROOT / path).exists()):
            missing[str(document.relative_to(ROOT))] = gone
    assert not missing

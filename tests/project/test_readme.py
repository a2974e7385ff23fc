"""The README's commands stay true: CI runs exactly the test command it shows."""

from conftest import ROOT


def test_ci_runs_the_readme_test_command():
    readme = (ROOT / "README.md").read_text()
    ci_lines = [
        line.strip()
        for line in (ROOT / ".ci" / "run").read_text().splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]
    test_command = next(line for line in ci_lines if "pytest" in line)
    assert test_command in readme


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

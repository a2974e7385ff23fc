"""Debian's headless Chromium for the tests that look at a page as a person would.

Only the system's browser and driver are used (/usr/bin/chromium, /usr/bin/chromedriver):
with a Service path selenium skips Selenium Manager, so it never looks for, or downloads,
another driver or browser.
"""

from __future__ import annotations

import io
import os

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)


def browser_missing(chromium: str = CHROMIUM, chromedriver: str = CHROMEDRIVER) -> str | None:
    """Why the browser tests cannot run here, or None."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]')"
    for path in (chromium, chromedriver):
        if not (os.path.isfile(path) and os.access(path, os.X_OK)):
            return f"{path} not found: apt-get install -y chromium chromium-driver"
    return None


def start_chromium(profile, width: int = 1280, height: int = 900):
    """A headless Chromium driven by selenium, with a fresh profile in ``profile``."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (*FLAGS, f"--window-size={width},{height}", f"--user-data-dir={profile}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(60)
    # A page behaves as the focused window whatever the window manager (or its absence)
    # says: a headless window that never receives the window system's focus sends no DOM
    # focus events, and JupyterLab learns its current widget from those events only.
    driver.execute_cdp_cmd("Emulation.setFocusEmulationEnabled", {"enabled": True})
    return driver


def set_viewport(driver, width: int, height: int) -> None:
    """Make the page's viewport (not the window) ``width`` by ``height`` CSS pixels."""
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
    )


def pixel_spread(png: bytes) -> float:
    """The standard deviation of a PNG's colour values: near 0 for a blank image."""
    import matplotlib.image

    pixels = matplotlib.image.imread(io.BytesIO(png), format="png")
    return float(pixels[..., :3].std())

"""The images of the README and of the documentation's pages exist and are sharp enough to
read (at least 150 dpi)."""

import re
import struct

import pytest
from conftest import ROOT

PAGES = [ROOT / "README.md"] + sorted(
    page
    for page in (ROOT / "docs").rglob("*.md")
    if not {"_build", "generated", "notebooks"} & set(page.relative_to(ROOT / "docs").parts)
)
#: Each image shown, as a path from the project's root: a page's links are relative to it.
IMAGES = sorted(
    {
        str((page.parent / link).resolve().relative_to(ROOT)).replace(
            "docs/notebooks/", "notebooks/"
        )  # the site's copy of notebooks/
        for page in PAGES
        for link in re.findall(r"!\[[^\]]*\]\(([^)]+\.png)\)", page.read_text())
    }
)


def png_dpi(path):
    """The resolution a PNG records (its pHYs chunk), in dots per inch, or None."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    position = 8
    while position < len(data):
        (length,) = struct.unpack(">I", data[position : position + 4])
        kind = data[position + 4 : position + 8]
        if kind == b"pHYs":
            x, y, unit = struct.unpack(">IIB", data[position + 8 : position + 17])
            assert unit == 1, "pHYs not in pixels per metre"
            return min(x, y) * 0.0254
        position += 12 + length
    return None


def test_the_readme_and_the_docs_show_images():
    readme = (ROOT / "README.md").read_text()
    assert re.search(r"!\[[^\]]*\]\(notebooks/images/[^)]+\.png\)", readme)
    assert len(IMAGES) >= 2


@pytest.mark.parametrize("image", IMAGES)
def test_readme_images_are_at_least_150_dpi(image):
    path = ROOT / image
    assert path.is_file(), f"a page shows {image}, which is missing"
    assert png_dpi(path) >= 150 - 0.5

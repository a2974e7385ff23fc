"""The README's images exist and are sharp enough to read (at least 150 dpi)."""

import re
import struct

import pytest
from conftest import ROOT

IMAGES = re.findall(r"!\[[^\]]*\]\(([^)]+\.png)\)", (ROOT / "README.md").read_text())


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


def test_the_readme_shows_images():
    assert IMAGES


@pytest.mark.parametrize("image", IMAGES)
def test_readme_images_are_at_least_150_dpi(image):
    path = ROOT / image
    assert path.is_file(), f"the README shows {image}, which is missing"
    assert png_dpi(path) >= 150 - 0.5

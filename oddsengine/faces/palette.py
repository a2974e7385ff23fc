"""Colours of the charts and tables, chosen to be read with any colour vision.

No meaning rests on red against green. Lines take the Okabe-Ito palette (distinct under
the common colour-vision deficiencies, and in greyscale with their markers); one-signed
values (probabilities) take a sequential map; signed values (a change in a chance) a
diverging map centred on zero.
"""

from __future__ import annotations

__all__ = [
    "LINE_COLOURS",
    "MARKERS",
    "SIDE_COLOURS",
    "SEQUENTIAL_MAP",
    "DIVERGING_MAP",
    "series_style",
]

#: Okabe-Ito colours for lines and bars, in order (yellow left out: faint on white).
LINE_COLOURS = (
    "#0072B2",  # blue
    "#E69F00",  # orange
    "#009E73",  # bluish green
    "#CC79A7",  # reddish purple
    "#56B4E9",  # sky blue
    "#D55E00",  # vermillion
    "#000000",  # black
)
#: A marker per line, so lines differ in shape as well as colour.
MARKERS = "osD^v<>p"
#: The two sides of a combat: vermillion and blue differ for every colour vision.
SIDE_COLOURS = {"attacker": "#D55E00", "defender": "#0072B2"}
#: Probabilities (0 to 1): dark blue to yellow, uniform in lightness, made for colour
#: vision deficiencies.
SEQUENTIAL_MAP = "cividis"
#: Changes of a chance, negative to positive: orange to purple through white.
DIVERGING_MAP = "PuOr_r"


def series_style(index: int) -> dict:
    """The colour and the marker of the ``index``-th line of a chart, cycling.

    Examples
    --------
    >>> series_style(0), series_style(len(LINE_COLOURS))["color"]
    ({'color': '#0072B2', 'marker': 'o'}, '#0072B2')
    """
    return {
        "color": LINE_COLOURS[index % len(LINE_COLOURS)],
        "marker": MARKERS[index % len(MARKERS)],
    }

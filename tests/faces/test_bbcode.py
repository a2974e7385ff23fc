"""BBCode odds tables use only the tags of BoardGameGeek's "Forum formatting" page."""

import re

import pytest

import oddsengine as oe
from oddsengine.faces.tables import odds_table
from oddsengine.results.bbcode import fixed_width_table

# Their grids hold scenarios the rules refuse, on purpose: the refusal note is tested in
# tests/results/test_refusals.py.
pytestmark = pytest.mark.filterwarnings(
    "ignore::oddsengine.sweeps.refusals.RefusedScenariosWarning"
)

#: Tags the BGG "Forum formatting" wiki page lists (the ones a table could want): bold,
#: italic, underline, strike-through, colour, size, fixed-width, quote, link, rule, centre.
BGG_TAGS = {"b", "i", "u", "-", "color", "size", "c", "quote", "url", "hr", "center"}
TAG = re.compile(r"\[(/?)([^\]=\s]*)(=[^\]]*)?\]")


def tags_of(markup):
    """Every tag of ``markup`` as (closing, name), checking they nest and close."""
    found, open_tags = [], []
    for match in TAG.finditer(markup):
        closing, name = match.group(1) == "/", match.group(2).lower()
        found.append(name)
        if name == "hr":
            continue
        if closing:
            assert open_tags and open_tags.pop() == name, f"[/{name}] closes nothing open"
        else:
            open_tags.append(name)
    assert not open_tags, f"left open: {open_tags}"
    return found


@pytest.fixture(scope="module")
def markups():
    return {
        "odds table": odds_table("assault", "2..5R L0..1", "0..3R").to_bbcode(),
        "odds table with intervals": odds_table(
            "battle", "3..4R", "2..3R", method="monte-carlo", precision=0.05, seed=1
        ).to_bbcode(intervals=True),
        "needed table": oe.needed_table(
            "assault", attacker="?R Suleiman", defender="hapsburg: 1..2R", targets="0.5,0.75"
        ).to_bbcode(),
    }


@pytest.mark.parametrize("name", ["odds table", "odds table with intervals", "needed table"])
def test_only_tags_bgg_lists(markups, name):
    used = set(tags_of(markups[name]))
    assert used <= BGG_TAGS, f"{name}: {used - BGG_TAGS} are not BGG forum tags"
    assert "c" in used  # the table is a fixed-width block


@pytest.mark.parametrize("name", ["odds table", "odds table with intervals", "needed table"])
def test_nothing_bgg_would_strip(markups, name):
    # BGG drops the rest of a post after a "<" followed by anything but a space.
    assert not re.search(r"<\S", markups[name])


def test_columns_line_up_in_the_fixed_width_block():
    block = fixed_width_table(["attacker \\ defender", "1R", "2R"], [["3R", "55.6%", "—"]])
    lines = block.removeprefix("[c]").removesuffix("[/c]").splitlines()
    assert lines == [
        "attacker \\ defender    1R 2R",
        "------------------- ----- --",
        "3R                  55.6%  —",
    ]


def test_cell_text_cannot_open_a_tag():
    block = fixed_width_table(["x", "y"], [["[b]", "<5%"]])
    assert tags_of(block) == ["c", "c"] and "< 5%" in block

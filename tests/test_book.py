"""The odds book: a static site whose every link and image resolves, whose tables carry
their captions, whose numbers follow the rules, and which a real browser renders."""

import os
import re
import shutil
import struct
import time
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path

import pytest

import oddsengine as oe
from oddsengine.cli import main

PAGES = (
    "assaults",
    "battles",
    "interception",
    "sieges",
    "cards",
    "needed",
    "naval",
    "piracy",
    "foreign-wars",
    "religious-attempts",
    "diet-of-worms",
    "new-world",
    "theses",
    "debates",
    # The card rolls with an odds table (RULES.md §28.5, §28.10): the generic page of each.
    "rough-wooing",
    "council-of-trent",
)


class _Page(HTMLParser):
    """The links, images, tables and captions of one page."""

    def __init__(self):
        super().__init__()
        self.links, self.images, self.scripts = [], [], 0
        self.tables, self.captions, self.rows = 0, [], []
        self._caption, self._cells, self._in_cell = None, None, False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "a":
            self.links.append(attrs.get("href"))
        elif tag == "img":
            self.images.append(attrs.get("src"))
        elif tag == "source":  # a chart's narrow drawing, for a phone
            self.images.append(attrs.get("srcset"))
        elif tag == "link" and attrs.get("rel") == "stylesheet":
            self.links.append(attrs.get("href"))
        elif tag == "script":
            self.scripts += 1
        elif tag == "table":
            self.tables += 1
        elif tag == "caption":
            self._caption = []
        elif tag == "tr":
            self._cells = []
        elif tag in ("td", "th") and self._cells is not None:
            self._cells.append("")
            self._in_cell = True

    def handle_endtag(self, tag):
        if tag == "caption":
            self.captions.append("".join(self._caption))
            self._caption = None
        elif tag == "tr":
            self.rows.append(self._cells)
            self._cells = None
        elif tag in ("td", "th"):
            self._in_cell = False

    def handle_data(self, data):
        if self._caption is not None:
            self._caption.append(data)
        elif self._in_cell and self._cells:
            self._cells[-1] += data


def parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


@pytest.fixture(scope="module")
def book(tmp_path_factory):
    directory = tmp_path_factory.mktemp("book")
    index = oe.write_book(directory, quick=True)
    assert index == directory / "index.html"
    return directory


def test_the_index_links_every_page(book):
    links = parse(book / "index.html").links
    for slug in PAGES:
        assert f"{slug}.html" in links
        assert (book / f"{slug}.html").is_file()


def test_every_link_and_image_resolves_to_a_file(book):
    pages = sorted(book.glob("*.html"))
    assert len(pages) == len(PAGES) + 1
    for path in pages:
        page = parse(path)
        assert page.images or path.name == "index.html", path.name
        for target in page.links + page.images:
            assert target and not re.match(r"^[a-z]+:", target), (path.name, target)
            assert (path.parent / target.split("#")[0]).is_file(), (path.name, target)


def test_pages_need_no_script_and_every_table_has_a_full_caption(book):
    version = oe.__version__
    for slug in PAGES:
        text = (book / f"{slug}.html").read_text(encoding="utf-8")
        page = parse(book / f"{slug}.html")
        assert page.scripts == 0 and "javascript:" not in text.lower()
        assert "How to read this page" in text
        assert page.tables >= 1 and len(page.captions) == page.tables, slug
        for caption in page.captions:
            assert "Rules: Here I Stand" in caption, (slug, caption)
            assert "Method: exact" in caption, (slug, caption)
            assert f"oddsengine {version}" in caption, (slug, caption)


def _png_dpi(path: Path) -> float:
    """The resolution a PNG declares in its pHYs chunk, in dots per inch."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    offset = 8
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset : offset + 8])
        if kind == b"pHYs":
            x, y, unit = struct.unpack(">IIB", data[offset + 8 : offset + 17])
            assert unit == 1  # metres
            return min(x, y) * 0.0254
        offset += 12 + length
    raise AssertionError(f"{path.name} declares no resolution")


def test_charts_are_png_at_150_dpi_at_least(book):
    images = sorted((book / "img").glob("*.png"))
    assert len(images) >= len(PAGES)
    for image in images:
        assert _png_dpi(image) >= 149.9, image.name


def _table_rows(page: _Page, caption_words: str):
    """The body rows of the table whose caption contains ``caption_words``."""
    index = next(i for i, caption in enumerate(page.captions) if caption_words in caption)
    tables, current = [], None
    for row in page.rows:
        if row and "\\" in row[0]:  # the header row: its corner reads "rows \\ columns"
            current = []
            tables.append(current)
        elif current is not None:
            current.append(row)
    return tables[index]


def test_interception_and_avoid_follow_the_rule_by_hand(book):
    # RULES.md §3 and §4 (13.2, 13.3): 2d6 + m >= 9, and §10: m=0 -> 10/36, m=1 -> 15/36,
    # m=2 -> 21/36; m=-1 (a non-Ottoman power against Ottoman cavalry, no leader) needs 10
    # or more: 6/36.
    expected = {
        "rating 0": [Fraction(10, 36), Fraction(15, 36), Fraction(6, 36)],
        "rating 1": [Fraction(15, 36), Fraction(21, 36), Fraction(10, 36)],
    }
    page = parse(book / "interception.html")
    for name in ("interception", "avoid battle"):
        rows = _table_rows(page, f"successful {name}")
        assert {row[0]: row[1:] for row in rows} == {
            label: [f"{100 * float(p):.2f}%" for p in chances]
            for label, chances in expected.items()
        }


def test_a_siege_s_first_impulse_is_one_assault(book):
    page = parse(book / "sieges.html")
    rows = _table_rows(page, "is taken by each impulse")
    first = dict(zip(["garrison 1R", "garrison 2R"], rows[0][1:], strict=True))
    for garrison, shown in first.items():
        assault = oe.Assault("ottoman: 9R Suleiman", f"hapsburg: {garrison.split()[1]}")
        assert shown == f"{100 * oe.exact(assault).p['success']:.2f}%"


def test_the_command_writes_the_book_and_refuses_a_file(tmp_path, capsys):
    assert main(["book", "--out", str(tmp_path / "site"), "--quick"]) == 0
    assert f"Wrote {len(PAGES) + 1} pages" in capsys.readouterr().out
    assert (tmp_path / "site" / "index.html").is_file()
    target = tmp_path / "a-file"
    target.write_text("")
    assert main(["book", "--out", str(target)]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "is a file" in error


def test_the_full_book_builds_in_under_a_minute(tmp_path):
    started = time.perf_counter()
    oe.write_book(tmp_path)
    assert time.perf_counter() - started < 60
    assert len(list((tmp_path / "img").glob("*.png"))) >= len(PAGES)


# -- in a real browser ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    from browser import browser_missing, start_chromium

    reason = browser_missing()
    if reason:
        pytest.skip(reason)
    profile = tmp_path_factory.mktemp("chromium-profile")
    driver = start_chromium(profile, 1280, 900)
    yield driver
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)


@pytest.mark.parametrize("width", [390, 1280])
def test_every_page_fits_the_screen_in_a_headless_browser(book, browser, width):
    # A phone (390 px) and a laptop (1280 px): no page is wider than the screen (a wide
    # table scrolls in its own box), every image loads, fits and is not blank, every
    # link leads to a page of the book.
    from browser import pixel_spread, set_viewport

    set_viewport(browser, width, 844)
    for name in ("index", *PAGES):
        browser.get((book / f"{name}.html").as_uri())
        assert "odds book" in browser.title, name
        assert browser.find_element("tag name", "h1").text
        page_width = browser.execute_script("return document.documentElement.scrollWidth")
        assert page_width <= width, (name, width, page_width)
        for image in browser.find_elements("tag name", "img"):
            source, loaded, shown_width, in_picture = browser.execute_script(
                "const i = arguments[0]; i.scrollIntoView(); "
                "return [i.currentSrc, i.complete && i.naturalWidth > 0, "
                "i.getBoundingClientRect().width, i.parentElement.tagName === 'PICTURE'];",
                image,
            )
            assert loaded, (name, source)
            assert 0 < shown_width <= width, (name, source, shown_width)
            if in_picture:  # a chart's narrow drawing on the phone, the wide one elsewhere
                assert source.endswith("-narrow.png") == (width < 600), (name, source)
            assert pixel_spread(image.screenshot_as_png) > 0.02, (name, source)
        for link in browser.find_elements("tag name", "a"):
            target = link.get_attribute("href")
            assert target.startswith("file://"), (name, target)
            assert Path(target[len("file://") :].split("#")[0]).is_file(), (name, target)
        # The stylesheet applied: the page body is not the browser's default serif font.
        family = browser.execute_script("return getComputedStyle(document.body).fontFamily")
        assert "sans-serif" in family, name
        spread = pixel_spread(browser.get_screenshot_as_png())
        assert spread > 0.02, (name, spread)
        folder = os.environ.get("ODDSENGINE_SCREENSHOTS")
        if folder:
            browser.execute_script("window.scrollTo(0, 0)")
            Path(folder, f"book-{name}-{width}.png").write_bytes(browser.get_screenshot_as_png())


def test_without_chromium_the_browser_test_says_how_to_install_it():
    from browser import browser_missing

    reason = browser_missing(chromium="/nonexistent/chromium")
    assert reason and "apt-get install -y chromium chromium-driver" in reason


def test_a_foreign_war_s_first_attempt_follows_the_rule_by_hand(book):
    # RULES.md §13 (21.7): War in Persia, 5 Ottoman units against 4 Persians, a field
    # battle without the defender's extra die: 5 dice against 4. It is won at the first
    # attempt when 4 or 5 of the 5 Ottoman dice hit: 5 * (1/3)^4 * (2/3) + (1/3)^5 = 11/243
    # (were both sides wiped out, the Ottomans, with more dice, keep one unit).
    page = parse(book / "foreign-wars.html")
    rows = _table_rows(page, "foreign war is won")
    assert rows[0] == ["won by attempt 1", f"{100 * float(Fraction(11, 243)):.2f}%"]


def test_each_side_has_one_colour_and_hatching_on_every_chart():
    from matplotlib.colors import to_hex

    from oddsengine.faces.book._charts import bars
    from oddsengine.faces.palette import SIDE_COLOURS

    for groups in (["attacker", "defender"], ["defender", "attacker"]):
        figure = bars(["a", "b"], [1.0, 2.0], groups=groups, xlabel="", title="")
        patches = figure.axes[0].patches
        for patch, side in zip(patches, groups, strict=True):
            assert to_hex(patch.get_facecolor()) == SIDE_COLOURS[side].lower()
            assert (patch.get_hatch() or "") == ("//" if side == "defender" else "")


def test_reading_guides_explain_only_the_dashes_their_tables_have(book):
    def guide(slug):
        text = (book / f"{slug}.html").read_text(encoding="utf-8")
        return text[text.index("How to read") : text.index("</section>")]

    # RULES.md §6 (15): an assault needs a siege, so the besiegers must outnumber the
    # garrison; in the quick book every refused assault is refused for that.
    assaults = guide("assaults")
    assert "do not outnumber the garrison" in assaults and "usually" not in assaults
    assert "no cell is a dash" in guide("battles")
    assert "grey dash" not in guide("battles")


def test_the_card_page_says_each_value_once(book):
    page = parse(book / "cards.html")
    header = next(row for row in page.rows if row and row[0] == "card")
    assert header == ["card", "side", "value"]


def test_a_chart_of_panels_has_a_narrow_drawing_for_a_phone(book):
    text = (book / "assaults.html").read_text(encoding="utf-8")
    assert (
        "<picture><source media='(max-width: 40em)' srcset='img/assaults-by-units-narrow.png'>"
        in text
    )
    assert (book / "img" / "assaults-by-units-narrow.png").is_file()


def test_a_book_that_fails_while_building_leaves_the_directory_as_it_was(tmp_path, monkeypatch):
    # The img/ folder was made, and pages written one by one, before every page was built.
    from oddsengine.errors import OddsEngineError
    from oddsengine.faces import book as book_module

    (tmp_path / "index.html").write_text("earlier\n")

    def failing(version, quick):
        raise OddsEngineError("the page cannot be built")

    monkeypatch.setattr(book_module, "page_builders", lambda: [failing])
    with pytest.raises(OddsEngineError, match="cannot be built"):
        book_module.write_book(tmp_path, quick=True)
    assert [entry.name for entry in tmp_path.iterdir()] == ["index.html"]
    assert (tmp_path / "index.html").read_text() == "earlier\n"

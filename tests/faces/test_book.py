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

pytestmark = pytest.mark.slow

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
    "heirs",
    "card-rolls",
    "sack-and-riches",
)


class _Page(HTMLParser):
    """The links, images, tables and captions of one page."""

    def __init__(self):
        super().__init__()
        self.links, self.images, self.scripts = [], [], 0
        self.tables, self.captions, self.rows = 0, [], []
        self.table_rows = []  # each table's rows, its header first
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
            self.table_rows.append([])
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
            self.table_rows[-1].append(self._cells)
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
def pages():
    """The quick book's pages, built once: their charts are matplotlib figures."""
    from oddsengine.faces.book import build_pages

    return build_pages(quick=True)


@pytest.fixture(scope="module")
def book(tmp_path_factory, pages):
    from oddsengine.faces.book import write_pages

    directory = tmp_path_factory.mktemp("book")
    index = write_pages(directory, pages)
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
    return page.table_rows[index][1:]


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


@pytest.fixture(scope="module")
def full_book(tmp_path_factory):
    """The full book: its folder, its pages and the seconds it took to build and write."""
    from oddsengine.faces.book import build_pages, write_pages

    directory = tmp_path_factory.mktemp("full-book")
    started = time.perf_counter()
    pages = build_pages()
    write_pages(directory, pages)
    return directory, pages, time.perf_counter() - started


def test_the_full_book_builds_in_under_a_minute(full_book):
    directory, _, seconds = full_book
    assert seconds < 60
    assert len(list((directory / "img").glob("*.png"))) >= len(PAGES)


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


@pytest.mark.browser
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
            Path(folder).mkdir(parents=True, exist_ok=True)
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


def test_the_card_page_says_each_value_once_beside_the_chances_it_joins(book):
    # Issue 39: the side's chance without the card and with it, then their difference once.
    page = parse(book / "cards.html")
    header = next(row for row in page.rows if row and row[0] == "card")
    assert header == ["card", "side", "without", "with", "value"]
    rows = _table_rows(page, "Card values: Assault")
    assert rows[0][:2] == ["Treachery!", "attacker"]
    for _, _, without, with_card, value in rows:
        difference = float(with_card.rstrip("%")) - float(without.rstrip("%"))
        assert float(value.removesuffix(" pp")) == pytest.approx(difference, abs=0.011)


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

    earlier = "<title>Contents · Here I Stand odds book</title>\n"  # an earlier book's index
    (tmp_path / "index.html").write_text(earlier)

    def failing(version, quick):
        raise OddsEngineError("the page cannot be built")

    monkeypatch.setattr(book_module, "page_builders", lambda: [failing])
    with pytest.raises(OddsEngineError, match="cannot be built"):
        book_module.write_book(tmp_path, quick=True)
    assert [entry.name for entry in tmp_path.iterdir()] == ["index.html"]
    assert (tmp_path / "index.html").read_text() == earlier


# -- Part IV: Henry VIII's heirs and England under Mary I (issue 41) -------------------------


def _shown(chance: Fraction) -> str:
    """A chance as the book shows it: a percentage to 2 decimals."""
    return f"{100 * float(chance):.2f}%"


def test_the_heirs_page_follows_the_pregnancy_chart_wife_by_wife(book):
    page = parse(book / "heirs.html")
    rows = {row[0]: row[1:] for row in _table_rows(page, "after each wife")}
    assert list(rows) == ["1 Anne Boleyn", "2 Jane Seymour", "3 Anne of Cleves",
                          "4 Kathryn Howard", "5 Katherine Parr"]  # fmt: skip
    # RULES.md §25, after Anne Boleyn: one die, 1..6 at 1/6 each; a 6 is a healthy Edward,
    # a 5 a sickly one (no Elizabeth), a 4 Elizabeth (Mary then Elizabeth), 3 or less Mary
    # alone (1/2); heir VP (§25.5) 5 * 2/6 + 2 * 1/6 = 2.
    sixth = Fraction(1, 6)
    assert rows["1 Anne Boleyn"] == [*map(_shown, (sixth, 0, sixth, sixth, 3 * sixth, sixth)),
                                     "2.000"]  # fmt: skip
    # After Jane Seymour (+1 before the walk, §25, §30.2): a healthy Edward at once (1/6),
    # else Anne's result r in 1..5 (1/6 each) and Jane's modified roll 2, 3, 4, 5 (1/6 each)
    # or 6 (2/6, a 5 or a 6 on her die); a taken line walks up to the next free one, so she
    # reaches 6 on a modified 6, or on a 5 when r = 5:
    # 1/6 + 1/6 * (5 * 2/6 + 1/6) = 6/36 + 11/36 = 17/36.
    healthy = sixth + sixth * (5 * Fraction(2, 6) + sixth)
    assert healthy == Fraction(17, 36)
    # Edward born = 1 - P(no 5 and no 6 on the chart) = 25/36 (sickly Edward 8.33% + 13.89%
    # by §29), Mary + Elizabeth 1/6: heir VP 5 * 25/36 + 2 * 6/36 = 137/36 = 3.806.
    vp = 5 * Fraction(25, 36) + 2 * Fraction(6, 36)
    jane = rows["2 Jane Seymour"]
    assert jane[0] == _shown(healthy) == "47.22%" and jane[-1] == f"{float(vp):.3f}" == "3.806"
    # RULES.md §29's exact figures after all five wives: a healthy Edward 5009/7776, Edward
    # always born (§25.7: no Mary alone, no Mary + Elizabeth), Elizabeth born 913/1944,
    # heir VP 5.
    assert rows["5 Katherine Parr"] == [
        _shown(Fraction(5009, 7776)), _shown(1 - Fraction(5009, 7776)), "0.00%", "0.00%",
        "0.00%", _shown(Fraction(913, 1944)), "5.000",
    ]  # fmt: skip
    # §29's rows in between, as printed there.
    assert [cells[0] for cells in rows.values()][2:4] == ["56.94%", "62.42%"]
    assert rows["4 Kathryn Howard"][1:6] == ["28.70%", "3.09%", "5.79%", "0.00%", "44.91%"]
    fractions = {row[0]: row[1:] for row in _table_rows(page, "exact fractions")}
    assert fractions["2 Jane Seymour"][0] == "17/36"
    assert fractions["5 Katherine Parr"][0] == "5009/7776"
    assert fractions["5 Katherine Parr"][-1] == "913/1944"


def test_the_heirs_page_gives_the_timeline_of_section_26(book):
    page = parse(book / "heirs.html")
    rows = {row[0]: row[1:] for row in _table_rows(page, "The succession by England")}
    # RULES.md §26's table, row by row: healthy Edward, Edward born, Elizabeth born, Mary I
    # rules, Mary from turn 6, from turn 7 (Elizabeth I rules after her), E[Mary's turn].
    four = ["64.42%", "100.00%", "46.97%", "35.58%", "0.00%", "35.58%"]
    assert rows["4 (default)"][:6] == four and rows["5"][:6] == four
    assert rows["4 (default)"][-1] == rows["5"][-1] == "7.00"
    assert rows["3"][:6] == ["61.27%", "93.06%", "44.52%", "38.73%", "6.94%", "31.79%"]
    assert rows["2"][:6] == ["52.31%", "78.70%", "37.50%", "47.69%", "21.30%", "26.39%"]
    # Mary rules from turn 6 when Edward was never born (§26): 1 - 78.70% = 21.30%; her
    # expected turn, given that she rules: (6 * 21.30 + 7 * 26.39) / 47.69 = 6.55.
    assert round((6 * 21.30 + 7 * 26.39) / 47.69, 2) == 6.55 and rows["2"][-1] == "6.55"
    assert round((6 * 6.94 + 7 * 31.79) / 38.73, 2) == 6.82 and rows["3"][-1] == "6.82"


def test_the_heirs_page_weighs_six_wives_against_its_5_cp(book):
    page = parse(book / "heirs.html")
    header = next(table[0] for table in page.table_rows if table[0][0] == "the marriage to")
    assert header == ["the marriage to", "heir VP without", "with", "difference", "VP per CP"]
    rows = {row[0]: row[1:] for row in _table_rows(page, "wife by wife")}
    # RULES.md §24 way 1: the event instead of 5 CP. Jane Seymour's marriage takes the heir
    # VP from 2 (after Anne Boleyn) to 137/36: +65/36 = 1.806, 13/36 = 0.3611 VP per CP.
    gain = Fraction(137, 36) - 2
    assert rows["2 Jane Seymour"] == ["2.000", "3.806", f"+{float(gain):.3f}",
                                      f"+{float(gain / 5):.4f}"]  # fmt: skip
    assert rows["1 Anne Boleyn"][:3] == ["0.000", "2.000", "+2.000"]
    assert rows["5 Katherine Parr"][1] == "5.000"
    # On §26's timeline, four plays already reach every wife (the flirtatious bonus on top):
    # a fifth adds nothing.
    timeline = {row[0]: row[1:] for row in _table_rows(page, "on the timeline")}
    assert timeline["5"] == ["5.000", "5.000", "+0.000", "+0.0000"]


def test_the_heirs_page_counts_the_papacy_s_takes_under_mary_i(book):
    # RULES.md §27: each card impulse is taken on 1-3 (1/2), so k of n is binomial(n, 1/2):
    # at least one of 3 is 1 - 1/8 = 87.5%; of 4, none 1/16, at least 2 is 11/16.
    page = parse(book / "heirs.html")
    rows = {row[0]: row[1:] for row in _table_rows(page, "England under Mary I")}
    assert rows["1"] == ["50.00%", "50.00%", "0.00%", "0.00%", "0.00%", "0.5"]
    assert rows["3"][1] == _shown(1 - Fraction(1, 8)) == "87.50%"
    assert rows["4"] == [_shown(Fraction(1, 16)), _shown(Fraction(15, 16)),
                                  _shown(Fraction(11, 16)), _shown(Fraction(5, 16)),
                                  _shown(Fraction(1, 16)), "2.0"]  # fmt: skip


def test_the_heirs_page_pictures_the_chart_after_each_wife(pages):
    page = next(page for page in pages if page.slug == "heirs")
    assert {"heirs-after-each-wife.png", "heirs-after-each-wife-narrow.png"} <= set(page.charts)
    figure = page.charts["heirs-after-each-wife.png"]
    (ax,) = figure.axes
    assert [label.get_text() for label in ax.get_xticklabels()][0] == "Anne\nBoleyn"
    lines = {line.get_label(): list(line.get_ydata()) for line in ax.get_lines()}
    assert lines["healthy Edward"][1] == pytest.approx(100 * 17 / 36)
    assert lines["healthy Edward"][-1] == pytest.approx(100 * 5009 / 7776)


# -- the book's own layout (issue 39: the registry holds facts, not pointers into faces) ----


def test_every_shipped_kind_is_on_a_page_or_says_why_not():
    from oddsengine.faces.book.contents import CONTENTS, WITHOUT_PAGE
    from oddsengine.kinds import BUILT_IN

    paged = [kind for page in CONTENTS for kind in page.kinds]
    assert len(paged) == len(set(paged)), "a kind on two pages"
    assert set(paged).isdisjoint(WITHOUT_PAGE)
    assert set(paged) | set(WITHOUT_PAGE) == set(BUILT_IN)
    # The card rolls (RULES.md §28) have their pages: none waits for one any more.
    assert {kind for page in CONTENTS[-2:] for kind in page.kinds} == {
        "book-of-common-prayer", "michelangelo", "fountain-of-youth", "threat-to-power",
        "rough-wooing", "chateaux", "city-state-rebels", "council-of-trent", "andrea-doria",
        "sack-of-rome", "riches", "riches-turn",
    }  # fmt: skip
    assert all(reason.strip() for reason in WITHOUT_PAGE.values())
    # The shipped records name no page: the book's layout is the book's.
    assert not [kind.name for kind in BUILT_IN.values() if kind.book_pages]
    for path in sorted((Path(oe.__file__).parent / "kinds").glob("*.py")):
        source = path.read_text(encoding="utf-8")
        assert "faces.book" not in source.replace("oddsengine.faces.book.contents", ""), path


def _extra_page(version, quick):
    from oddsengine.faces.book._pages import Page

    return Page("extra", "Extra", "Extra", "A page of a kind from outside.", ["Read it."])


def test_a_kind_from_outside_places_its_own_page_among_the_book_s():
    # Kind.book_pages: (place, builder or "module:function"), after the book's page of that
    # number (2: the field battles); a table kind with a page of its own gets no generic one.
    from oddsengine.faces.book import page_builders
    from oddsengine.kinds import SPEC_KINDS, register_kind

    register_kind("siege-assault", oe.Assault, table=True, roles=("attacker", "defender"),
                  book_pages=((2, _extra_page), (2.5, "test_book:_extra_page")))  # fmt: skip
    try:
        names = [build.__name__ for build in page_builders()]
    finally:
        del SPEC_KINDS["siege-assault"]
    assert names[:4] == ["assaults", "battles", "_extra_page", "rolls"]
    assert names.count("_extra_page") == 1 and not any("siege-assault" in n for n in names)
    register_kind("siege-assault", oe.Assault, table=True, roles=("attacker", "defender"))
    try:
        assert page_builders()[-1].__name__ == "odds_table_page[siege-assault]"
    finally:
        del SPEC_KINDS["siege-assault"]


# -- what a reader sees on a phone and a laptop (issue 39) ---------------------------------

#: The smallest words a chart may show, in CSS pixels.
LEGIBLE_PX = 9.0

_LAYOUT = """
const boxes = [...document.querySelectorAll('.table-box')].map(box => {
  const b = box.getBoundingClientRect(), c = box.querySelector('caption');
  const r = c.getBoundingClientRect();
  return [c.innerText, r.left - b.left, b.right - r.right, box.scrollWidth > box.clientWidth];
});
const figures = [...document.querySelectorAll('figure')].map(f => {
  const i = f.querySelector('img'); i.scrollIntoView();
  const a = f.getBoundingClientRect(), r = i.getBoundingClientRect();
  return [i.currentSrc.split('/').pop(), r.left - a.left, a.right - r.right, r.width,
          i.naturalWidth, i.complete];
});
return [boxes, figures];
"""


def _smallest_words_pt(figure) -> float:
    """The smallest font size (points) of the words a drawn figure shows."""
    from matplotlib.text import Text

    sizes = [
        text.get_fontsize()
        for text in figure.findobj(Text)
        if text.get_visible() and text.get_text().strip()
    ]
    return min(sizes)


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("size", ["quick", "full"])
def test_captions_charts_and_their_words_fit_a_phone_and_a_laptop(request, browser, size, width):
    # Each caption whole in view inside the box its table scrolls in (the two German debate
    # tables differ only at the end of their captions: committed or uncommitted); each
    # image inside its frame, border included; a chart's smallest words at least 9 px as
    # the reader sees them (its font size at the chart's 150 dpi, times the width the image
    # is shown at over its own).
    from browser import set_viewport

    from oddsengine.faces.book._charts import DPI

    if size == "full":
        book, pages, _ = request.getfixturevalue("full_book")
    else:
        book, pages = request.getfixturevalue("book"), request.getfixturevalue("pages")
    charts = {name: figure for page in pages for name, figure in page.charts.items()}
    set_viewport(browser, width, 844)
    scrolling = 0
    for name in PAGES:
        browser.get((book / f"{name}.html").as_uri())
        boxes, figures = browser.execute_script(_LAYOUT)
        captions = [caption for caption, *_ in boxes]
        assert len(set(captions)) == len(captions), name
        for caption, left, right, scrolls in boxes:
            assert left >= -0.5 and right >= -0.5, (name, width, caption, left, right)
            scrolling += scrolls
        for source, left, right, shown, natural, loaded in figures:
            assert loaded and left >= -0.5 and right >= -0.5, (name, width, source, right)
            # the image's content is its shown width less its 1 px border on each side
            seen = _smallest_words_pt(charts[source]) * DPI / 72 * (shown - 2) / natural
            assert seen >= LEGIBLE_PX, (name, width, source, round(seen, 1))
    if width < 600:
        assert scrolling, "no table scrolls on a phone: the caption check checked nothing"


def test_the_book_speaks_in_words_not_slugs(book):
    # Issue 39: "P(attacker_wins)" is a key, not words; a debate is against "an
    # uncommitted" defender.
    for name in PAGES:
        text = (book / f"{name}.html").read_text(encoding="utf-8")
        assert not re.findall(r"\b[a-z]+_[a-z_]+\b", text), name
        assert "a uncommitted" not in text, name
    needed = parse(book / "needed.html").captions
    assert any("target chance that the attacker wins" in caption for caption in needed)


# -- Part IV: the card rolls (issue 41, RULES.md §28) ---------------------------------------

#: 2d6: the ways (out of 36) of each total.
TWO_DICE = {total: 6 - abs(total - 7) for total in range(2, 13)}


def _labelled(page: _Page, caption_words: str) -> dict:
    """The rows of a table by their label."""
    return {row[0]: row[1:] for row in _table_rows(page, caption_words)}


def _signed(label: str) -> int:
    """A row label such as "−2" or "+3" as a number."""
    return int(label.replace("−", "-"))


def test_the_card_rolls_page_gives_the_rough_wooing_by_the_units(book):
    rows = _labelled(parse(book / "card-rolls.html"), "Rough Wooing: the chance England wins")
    assert list(rows) == ["−3", "−2", "−1", "0", "+1", "+2", "+3", "+4", "+5", "+6"]
    # RULES.md §28.5's printed chances, margin 2 (§30.13), by English minus French units.
    printed = {
        "−2": "8.33%",
        "−1": "16.67%",
        "0": "27.78%",
        "+1": "41.67%",
        "+2": "58.33%",
        "+3": "72.22%",
        "+4": "83.33%",
    }
    assert {label: rows[label][0] for label in printed} == printed
    # England's die e + its units against France's f + theirs: England wins when e - f is
    # at least the margin less its lead in units; 36 pairs of dice.
    for label, (chance, exact, chance_3, exact_3) in rows.items():
        for margin, shown, fraction in ((2, chance, exact), (3, chance_3, exact_3)):
            ways = sum(e - f >= margin - _signed(label) for e in range(1, 7) for f in range(1, 7))
            assert (shown, fraction) == (_shown(Fraction(ways, 36)), str(Fraction(ways, 36)))
    # At equal units: e - f >= 2 in 4 + 3 + 2 + 1 = 10 ways (5/18); more than 2, 3 + 2 + 1.
    assert rows["0"][1] == "5/18" and rows["0"][3] == "1/6"


def test_the_card_rolls_page_reads_the_chateau_table_by_modifier(book):
    rows = _labelled(parse(book / "card-rolls.html"), "Patron of the Arts: the chance of")
    # RULES.md §28.6: modifiers -3 (enemy units in a French home space, a home space lost)
    # up to +6 (Milan, Florence, 3 Italian keys, the Tournament).
    assert list(rows)[0] == "−3" and list(rows)[-1] == "+6"
    # §28.6's printed P(VP), modifier -3 ... +2: 1/6, 1/3, 1/2, 2/3, 5/6, 1.
    printed = dict(
        zip(
            ["−3", "−2", "−1", "0", "+1", "+2"],
            ["1/6", "1/3", "1/2", "2/3", "5/6", "1"],
            strict=True,
        )
    )
    assert {label: rows[label][1] for label in printed} == printed

    # The Chateau Table by hand (§30.17: its top and bottom lines take any total): the
    # line of each total, and the cards it draws then discards.
    def line(total):
        return "8+" if total >= 8 else "5-7" if total >= 5 else "3-4" if total >= 3 else "2-"

    cards = {"8+": (2, 1), "5-7": (1, 0), "3-4": (1, 1), "2-": (2, 1)}
    for label, cells in rows.items():
        lines = [line(die + _signed(label)) for die in range(1, 7)]
        assert cells[0] == _shown(Fraction(6 - lines.count("2-"), 6))
        assert cells[2:6] == [_shown(Fraction(lines.count(name), 6)) for name in cards]
        drawn = Fraction(sum(cards[name][0] for name in lines), 6)
        discarded = Fraction(sum(cards[name][1] for name in lines), 6)
        assert cells[6:] == [f"{float(n):.2f}" for n in (drawn, discarded, drawn - discarded)]
    # At +0: 1-2 draw 2 discard 1, 3-4 draw 1 discard 1, 5-6 draw 1: 8/6 drawn, 4/6 discarded.
    assert rows["0"][6:] == ["1.33", "0.67", "0.67"]


def test_the_card_rolls_page_gives_michelangelo_s_cp(book):
    page = parse(book / "card-rolls.html")
    rows = _labelled(page, "Michelangelo: the chance of each number of CP")
    # RULES.md §28.2: 2d6 CP; each total's ways of 36, and the ways of at least it.
    for total, ways in TWO_DICE.items():
        more = sum(TWO_DICE[t] for t in range(total, 13))
        assert rows[str(total)] == [
            _shown(Fraction(ways, 36)),
            str(Fraction(ways, 36)),
            _shown(Fraction(more, 36)),
            str(Fraction(more, 36)),
        ]
    # §28.2: P(>= 8) = 15/36 = 5/12, P(>= 10) = 6/36 = 1/6, mean 7.
    assert rows["8"][3] == "5/12" and rows["10"][3] == "1/6"
    text = (book / "card-rolls.html").read_text(encoding="utf-8")
    assert "7 CP on average" in text


def test_the_card_rolls_page_gives_the_council_of_trent_by_both_sides_dice(book):
    page = parse(book / "card-rolls.html")
    papal = _labelled(page, "the chance the Papacy converts spaces")
    protestant = _labelled(page, "the chance the Protestant converts spaces")
    nothing = _labelled(page, "equal hits")
    # Rows 4..14 Papal dice (its best four from turn 6: Loyola 4, Pole 3 + 1, Eck 3, Faber
    # 3), columns 2..8 Protestant dice (Luther 4, Calvin 4).
    assert list(papal) == [f"{dice} dice" for dice in range(4, 15)]
    assert len(papal["4 dice"]) == 7
    # RULES.md §28.10: 10 dice against 7, the Papacy converts 59.96%, the Protestant
    # 22.03%, nothing 18.01%.
    column = 7 - 2
    assert [table["10 dice"][column] for table in (papal, protestant, nothing)] == [
        "59.96%",
        "22.03%",
        "18.01%",
    ]
    # 4 dice against 2, equal hits (1/3 a die): P4 = (16, 32, 24, 8, 1)/81, P2 = (4, 4, 1)/9:
    # (16*4 + 32*4 + 24*1)/729 = 216/729 = 8/27.
    assert nothing["4 dice"][0] == _shown(Fraction(8, 27))


def test_the_card_rolls_page_gives_the_rebels_and_andrea_doria_s_hits(book):
    page = parse(book / "card-rolls.html")
    # RULES.md §28.9: 5 dice, k hits with C(5, k) 2^(5-k) of 243 ways: 13.2, 32.9, 32.9,
    # 16.5, 4.1, 0.4%.
    hits = _labelled(page, "hits of the rebels' 5 dice")
    ways = [32, 80, 80, 40, 10, 1]
    assert [hits[str(k)][1] for k in range(6)] == [str(Fraction(n, 243)) for n in ways]
    shown = [round(float(hits[str(k)][0].rstrip("%")), 1) for k in range(6)]
    assert shown == [13.2, 32.9, 32.9, 16.5, 4.1, 0.4]
    # A key of u units is retaken on u hits or more: 2 units, 1 - (32 + 80)/243 = 131/243;
    # 6 or more, never; the units eliminated, min(hits, u): 1 unit, 211/243 = 0.87.
    key = _labelled(page, "the chance the key is retaken")
    assert key["2"][1] == "131/243" and key["1"] == [_shown(Fraction(211, 243)), "211/243", "0.87"]
    assert key["6 or more"] == ["0.00%", "0", "1.67"]  # every hit a unit: 5/3
    # RULES.md §28.11: 3 dice, 0/1/2/3 hits 29.6/44.4/22.2/3.7% = 8/27, 4/9, 2/9, 1/27.
    doria = _labelled(page, "Andrea Doria: the chance of exactly")
    assert [doria[str(k)][1] for k in range(4)] == ["8/27", "4/9", "2/9", "1/27"]
    shown = [round(float(doria[str(k)][0].rstrip("%")), 1) for k in range(4)]
    assert shown == [29.6, 44.4, 22.2, 3.7]
    assert doria["1"][3] == "19/27"  # at least one hit: 1 - 8/27


def test_the_card_rolls_page_gives_the_prayer_book_s_unrest_and_the_one_die_cards(book):
    page = parse(book / "card-rolls.html")
    # RULES.md §28.1: 1-2 nothing, 3-4 one space, 5 two, 6 all: with one Catholic space
    # left, 3-6 put it in unrest (2/3); with all 12, 1/3 + 2/6 + 12/6 = 8/3 expected.
    rows = _labelled(page, "Book of Common Prayer: the chance of unrest")
    assert rows["1"] == ["33.33%", "66.67%", "0.00%", "0.00%", "2/3"]
    assert rows["2"] == ["33.33%", "33.33%", "33.33%", "0.00%", "1"]
    assert rows["12"] == ["33.33%", "33.33%", "16.67%", "16.67%", "8/3"]
    # RULES.md §28.4: 4-6 out for the game, 1-3 for the turn; §28.3: 4-6 removes an
    # explorer of the pool at random: 1/2 * 1/6 of the Hapsburgs' 6, 1/2 * 1/3 of France's 3.
    one_die = _labelled(page, "Threat to Power and Fountain of Youth")
    assert one_die["Threat to Power: out for the rest of the game"] == ["50.00%", "1/2"]
    assert one_die["Fountain of Youth: an explorer removed"] == ["50.00%", "1/2"]
    assert one_die["Fountain of Youth: a given Hapsburg explorer (6 in the pool)"][1] == "1/12"
    assert one_die["Fountain of Youth: a given French explorer (3 in the pool)"][1] == "1/6"


def test_the_sack_of_rome_page_gives_the_papacy_s_chance_of_losing(book):
    page = parse(book / "sack-and-riches.html")
    rows = _labelled(page, "Sack of Rome: the chance the Papacy loses, by")
    columns = [
        "0 regulars (1 die)",
        "1 regular (2 dice)",
        "2 regulars (3 dice)",
        "3 regulars (4 dice)",
    ]
    header = next(t[0] for t in page.table_rows if t[0][1:] == columns)
    assert header[0] == "stack's dice \\ Papal"

    # RULES.md §28.8's eight figures: 4 dice 67.1/55.0/44.4/35.4%, 6 dice 82.4/72.9/63.3/54.1%.
    def tenths(cells):
        return [round(float(cell.rstrip("%")), 1) for cell in cells]

    assert tenths(rows["4 dice"]) == [67.1, 55.0, 44.4, 35.4]
    assert tenths(rows["6 dice"]) == [82.4, 72.9, 63.3, 54.1]
    # 4 dice against the Papacy's 2 (1 regular + 1), who wins ties: the Papacy rolls 0, 1,
    # 2 hits with 4/9, 4/9, 1/9; 4 dice give at least 1, 2, 3 hits with 65/81, 33/81, 9/81:
    # (4*65 + 4*33 + 1*9)/729 = 401/729. Against 1 die: (2*65 + 1*33)/243 = 163/243.
    fractions = _labelled(page, "Sack of Rome: the same chances as exact fractions")
    assert fractions["4 dice"][:2] == ["163/243", "401/729"]
    # A stack needs more mercenaries than the Papal regulars: 1 die sacks only an empty Rome.
    assert rows["1 die"] == [_shown(Fraction(2, 9)), "—", "—", "—"]  # 1/3 * 2/3
    # RULES.md §30.15: a leader's battle rating adds dice; with the option, units only.
    leaders = _labelled(page, "what a leader")
    assert leaders["4M, Charles V (2)"] == rows["6 dice"]
    assert leaders["4M, Duke of Alva (1)"] == rows["5 dice"]
    assert leaders["4M, Charles V, units only"] == leaders["4M"] == rows["4 dice"]


def test_the_riches_page_reads_each_column_of_the_riches_table(book):
    page = parse(book / "sack-and-riches.html")
    rows = _labelled(page, "New World riches: the same chances as exact fractions")

    # RULES.md §28.7's table, by the 2d6 ways of each total (of 36): Depleted, Card,
    # Galleon, nothing, Elim; a card (no Galleons), a card with Galleons, holding lost.
    def ways(*totals):
        return str(Fraction(sum(TWO_DICE[t] for t in totals), 36))

    # Inca: Depleted 2-5, Card 6 and 8-12, Galleon 7; a Depleted conquest is lost.
    assert rows["Inca"] == [
        ways(2, 3, 4, 5),
        ways(6, 8, 9, 10, 11, 12),
        ways(7),
        "0",
        "0",
        "5/6",
        "1",
        ways(2, 3, 4, 5),
    ]
    # A colony: Elim 2-4, nothing 5-7, Galleon 8, Card 9-12; with Plantations +1 (§30.16:
    # 13 reads 12): Elim on 2-3, nothing 4-6, Galleon 7, Card 8-12.
    assert rows["Colony"] == [
        "0",
        ways(9, 10, 11, 12),
        ways(8),
        ways(5, 6, 7),
        ways(2, 3, 4),
        ways(9, 10, 11, 12),
        ways(8, 9, 10, 11, 12),
        ways(2, 3, 4),
    ]
    assert rows["Colony, Plantations"][:5] == [
        "0",
        ways(8, 9, 10, 11, 12),
        ways(7),
        ways(4, 5, 6),
        ways(2, 3),
    ]
    # Potosi on its own column, Plantations: Elim on 2, nothing 3-5, Galleon 6, Card 7-12.
    assert rows["Potosi, Plantations"][:5] == [
        "0",
        ways(7, 8, 9, 10, 11, 12),
        ways(6),
        ways(3, 4, 5),
        ways(2),
    ]
    chances = _labelled(page, "New World riches: the chance of each result")
    assert chances["Inca"][5] == _shown(Fraction(5, 6))


def test_the_riches_page_counts_a_hapsburg_turn_s_cards_with_the_raiders(book):
    page = parse(book / "sack-and-riches.html")
    one = _labelled(page, "cards with one Raider")
    two = _labelled(page, "cards with two Raiders")

    # RULES.md §28.7: a colony gives a card on 9-12 (10/36 = 5/18), with Galleons on 8-12
    # (15/36 = 5/12). A Raider steals it on 5-6 (1/3) and is lost on 1 or 5, with Galleons
    # on 1, 2 or 5: stolen 5/54, kept 10/54, the Raider lost 5/54; with Galleons stolen
    # 5/36, kept 10/36, lost 1/2 * 5/12 = 5/24.
    def shown(*values):
        return [f"{float(value):.3f}" for value in values]

    assert one["1 colony"] == [
        *shown(Fraction(5, 18), Fraction(10, 54), Fraction(5, 54)),
        _shown(Fraction(5, 54)),
        _shown(Fraction(5, 54)),
    ]
    assert one["1 colony, Galleons"][:3] == shown(
        Fraction(5, 12), Fraction(10, 36), Fraction(5, 36)
    )
    assert one["1 colony, Galleons"][4] == _shown(Fraction(5, 24))
    # Two colonies: the Raider rolls for the second card if it gave no first (13/18) or
    # rolled 2-4 or 6 for it (5/18 * 2/3): 49/54; stolen 5/54 * (1 + 49/54) = 515/2916.
    stolen = Fraction(5, 54) * (1 + Fraction(49, 54))
    assert stolen == Fraction(515, 2916)
    assert one["2 colonies"][1:3] == shown(2 * Fraction(5, 18) - stolen, stolen)
    # Two Raiders, French then English (§30.14): one card is stolen unless both miss,
    # 1 - (2/3)^2 = 5/9: 5/18 * 5/9 = 25/162 stolen; each Raider lost on 1 or 5, the
    # English only if the French did not steal (4/6): 5/18 * (1/3 + 4/6 * 1/3) lost.
    assert two["1 colony"] == [
        *shown(Fraction(5, 18), Fraction(20, 162), Fraction(25, 162)),
        _shown(Fraction(25, 162)),
        *shown(Fraction(5, 18) * (Fraction(1, 3) + Fraction(2, 9))),
    ]


def test_the_card_roll_pages_link_their_sections_and_draw_for_a_phone(book, pages):
    for slug in ("card-rolls", "sack-and-riches"):
        text = (book / f"{slug}.html").read_text(encoding="utf-8")
        anchors = re.findall(rf"href='{slug}\.html#([a-z-]+)'", text)
        assert anchors and all(f"<h2 id='{anchor}'>" in text for anchor in anchors), slug
    charts = {name for page in pages for name in page.charts}
    for name in (
        "card-rolls-rough-wooing",
        "card-rolls-chateaux",
        "card-rolls-council-of-trent",
        "sack-and-riches-sack-of-rome",
        "sack-and-riches-riches-turn",
    ):
        assert {f"{name}.png", f"{name}-narrow.png"} <= charts, name
    sack = next(page for page in pages if page.slug == "sack-and-riches")
    (ax,) = sack.charts["sack-and-riches-sack-of-rome.png"].axes
    lines = {line.get_label(): line for line in ax.get_lines()}
    assert list(lines["0 (1 die)"].get_xdata())[3] == 4
    assert lines["0 (1 die)"].get_ydata()[3] == pytest.approx(100 * 163 / 243)

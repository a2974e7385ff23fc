"""HTML of the odds book: tables with captions, figures, pages and the stylesheet.

Plain HTML and CSS only: the book is read from the disk, with no server and no script.
"""

from __future__ import annotations

import math
from html import escape

#: Shown where the rules refuse the engagement (or no legal force reaches a target).
REFUSED_MARK = "—"

STYLESHEET = """\
body { font-family: sans-serif; max-width: 62em; margin: 1em auto; padding: 0 1em;
       color: #1a1a1a; background: #ffffff; line-height: 1.45; }
nav { border-bottom: 1px solid #999; padding-bottom: 0.4em; margin-bottom: 1em; }
nav a { margin-right: 0.9em; white-space: nowrap; }
.table-box { overflow-x: auto; max-width: 100%; margin: 0.4em 0 1.4em 0;
             container-type: inline-size; }
table { border-collapse: collapse; font-size: 0.9em; }
/* A caption is as wide as the box the table scrolls in, never the table: all of it stays
   in view, and in place while the table scrolls under it. */
caption { text-align: left; padding: 0.3em 0; caption-side: top; max-width: 60em;
          max-width: min(60em, 100cqw); position: sticky; left: 0; }
caption .method { display: block; font-size: 0.85em; color: #444; }
th, td { border: 1px solid #999; padding: 2px 7px; text-align: right; }
td { white-space: nowrap; }  /* a figure on one line: "+82.54 pp", "5009/7776" */
th { background: #eeeeee; }
td.refused { background: #dddddd; text-align: center; }
td.text { text-align: left; white-space: normal; }
figure { margin: 1em 0 1.6em 0; }
figure img { box-sizing: border-box; max-width: 100%; height: auto; border: 1px solid #ccc; }
nav { line-height: 1.9; }
@media (max-width: 40em) {
  body { padding: 0 0.5em; }
  table { font-size: 0.8em; }
  th, td { padding: 2px 4px; }
}
figcaption { font-size: 0.9em; color: #333; }
.on-page a { white-space: nowrap; }
h2[id] { font-size: 1.3em; margin-top: 1.6em; border-bottom: 1px solid #ddd; }
th.text { text-align: left; }
.guide { background: #f4f7fb; border-left: 4px solid #0072B2; padding: 0.3em 1em; }
footer { border-top: 1px solid #999; margin-top: 2em; font-size: 0.85em; color: #444; }
"""


def percent(p: float) -> str:
    """A probability as a percentage with two decimals (four of the probability)."""
    if p is None or (isinstance(p, float) and math.isnan(p)):
        return REFUSED_MARK
    return f"{100 * p:.2f}%"


def _shade(p: float) -> str:
    """A light sequential blue (ColorBrewer Blues, safe for colour-blind readers) for a
    probability: darker is likelier; the text stays black on every shade."""
    import matplotlib

    red, green, blue, _ = matplotlib.colormaps["Blues"](0.05 + 0.5 * min(max(p, 0.0), 1.0))
    return f"#{round(red * 255):02x}{round(green * 255):02x}{round(blue * 255):02x}"


def caption_html(what: str, rules: str, method: str, version: str) -> str:
    """A caption: what the cells are, then the rules, the method and precision, the version."""
    return (
        f"<caption><b>{escape(what)}</b><span class='method'>Rules: {escape(rules)}. "
        f"Method: {escape(method)}. oddsengine {escape(version)}.</span></caption>"
    )


def table_html(
    frame,
    caption: str,
    *,
    corner: str = "",
    cell=None,
    shade: bool = True,
    columns=None,
    text_rows: bool = False,
) -> str:
    """A DataFrame as an HTML table under ``caption`` (from :func:`caption_html`).

    ``cell`` formats a value (default :func:`percent`); ``columns`` maps a column to a
    format of its own (an expected value beside chances: never shaded); missing values
    show :data:`REFUSED_MARK` on grey; probabilities are shaded when ``shade``. With
    ``text_rows`` the rows' labels are words, set left as text is, not numbers set right.
    """
    cell = cell or percent
    formats = [(columns or {}).get(column) for column in frame.columns]
    header = "".join(f"<th scope='col'>{escape(str(column))}</th>" for column in frame.columns)
    # A wide table scrolls inside its own box: the page itself never gets wider than
    # the screen (a phone is about 390 px wide).
    lines = [
        "<div class='table-box'><table>",
        caption,
        f"<thead><tr><th scope='col'>{escape(corner)}</th>{header}</tr></thead>",
        "<tbody>",
    ]
    for label, row in frame.iterrows():
        cells = []
        for value, own in zip(row, formats, strict=True):
            missing = value is None or (isinstance(value, float) and math.isnan(value))
            if missing or str(value) in ("<NA>", REFUSED_MARK):
                cells.append(f"<td class='refused'>{REFUSED_MARK}</td>")
            elif own is not None:
                cells.append(f"<td>{escape(own(value))}</td>")
            elif isinstance(value, str):
                cells.append(f"<td class='text'>{escape(value)}</td>")
            elif shade and cell is percent:
                cells.append(f"<td style='background:{_shade(float(value))}'>{cell(value)}</td>")
            else:
                cells.append(f"<td>{escape(cell(value))}</td>")
        row = "<th scope='row' class='text'>" if text_rows else "<th scope='row'>"
        lines.append(f"<tr>{row}{escape(str(label))}</th>{''.join(cells)}</tr>")
    lines += ["</tbody>", "</table></div>"]
    return "\n".join(lines)


#: Screens at most this wide get a chart's narrow drawing (panels one above the other).
NARROW_SCREEN = "(max-width: 40em)"


def figure_html(source: str, alt: str, caption: str, narrow: str | None = None) -> str:
    """An image with its alternative text and a caption; ``narrow``, if given, is the
    drawing shown on a narrow screen (a phone) instead."""
    picture = f"<img src='{escape(source)}' alt='{escape(alt)}'>"
    if narrow is not None:
        picture = (
            f"<picture><source media='{NARROW_SCREEN}' srcset='{escape(narrow)}'>"
            f"{picture}</picture>"
        )
    return f"<figure>{picture}<figcaption>{escape(caption)}</figcaption></figure>"


def on_page_html(slug: str, sections) -> str:
    """Links to the sections of a long page (``sections``: ``(anchor, words)``, the words
    short: a link is kept on one line), each written with the page's own file name so that
    it leads to a file of the book."""
    # A no-break space before each dot: a line never starts with one.
    links = "\u00a0· ".join(
        f"<a href='{escape(slug)}.html#{escape(anchor)}'>{escape(heading)}</a>"
        for anchor, heading in sections
    )
    return f"<p class='on-page'>On this page: {links}</p>"


def section_html(anchor: str, heading: str, paragraphs) -> str:
    """A section's heading (the target of :func:`on_page_html`'s link) and its words."""
    words = "".join(f"<p>{escape(paragraph)}</p>" for paragraph in paragraphs)
    return f"<h2 id='{escape(anchor)}'>{escape(heading)}</h2>{words}"


def page_html(title: str, guide: list[str], body: list[str], pages, version: str) -> str:
    """A whole page: navigation to every page, the reading guide, then the body."""
    links = ["<a href='index.html'>Contents</a>"] + [
        f"<a href='{escape(slug)}.html'>{escape(short)}</a>" for slug, short in pages
    ]
    reading = "".join(f"<p>{escape(paragraph)}</p>" for paragraph in guide)
    return "\n".join(
        [
            "<!DOCTYPE html>",
            "<html lang='en'>",
            "<head>",
            "<meta charset='utf-8'>",
            "<meta name='viewport' content='width=device-width, initial-scale=1'>",
            f"<title>{escape(title)} · Here I Stand odds book</title>",
            "<link rel='stylesheet' href='style.css'>",
            "</head>",
            "<body>",
            f"<nav>{' '.join(links)}</nav>",
            f"<h1>{escape(title)}</h1>",
            f"<section class='guide'><h2>How to read this page</h2>{reading}</section>"
            if reading
            else "",
            *body,
            f"<footer>Computed by oddsengine {escape(version)} from the rules of "
            "<i>Here I Stand</i>. Every chance is exact unless a caption says otherwise."
            "</footer>",
            "</body>",
            "</html>",
            "",
        ]
    )

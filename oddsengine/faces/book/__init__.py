"""The odds book: a static HTML site of published odds, read with no server and no script.

:func:`write_book` (the command ``oddsengine book --out DIR``) writes an index and one page
per subject: assaults, field battles, interception and avoid battle, siege campaigns, card
values, the units needed for 50/75/90%, naval battles, piracy, foreign wars, the religious
attempts, debates, the Diet of Worms, the New World, the 95 Theses opening, Henry VIII's
heirs with England under Mary I, the card rolls, and the Sack of Rome with the New World
riches. Each page
has tables with captions (rules, method, precision, version), PNG charts and a short
reading guide. Everything is computed with the exact engine.

The book lists its own pages, the kinds each covers and their order in
:mod:`~oddsengine.faces.book.contents`; a kind registered from outside may name pages of its
own in its record (``book_pages``), placed among the book's; and a kind ``oddsengine table``
offers that no page covers gets a generic page of its odds table
(:func:`~oddsengine.faces.book._pages.odds_table_page`).
"""

from __future__ import annotations

import os
from functools import partial
from html import escape
from pathlib import Path

from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown
from oddsengine.faces.output_file import check_output_path, write_atomically

__all__ = ["build_pages", "page_builders", "write_book", "write_pages"]


def page_builders() -> list:
    """The page builders of the book, in its order: the pages of its contents
    (:data:`~oddsengine.faces.book.contents.CONTENTS`, page N at place N) and the pages
    a kind's record names (``book_pages``: ``(place, builder)``, after the book's page of
    the same place), each builder once, then a generic odds-table page for each kind
    ``table`` offers that no page covers.

    Examples
    --------
    >>> [build.__name__ for build in page_builders()]  # doctest: +NORMALIZE_WHITESPACE
    ['assaults', 'battles', 'rolls', 'sieges', 'cards', 'needed', 'naval', 'piracy',
     'foreign_wars', 'attempts', 'debates', 'diet', 'voyages', 'theses_opening', 'heirs',
     'card_rolls', 'sack_and_riches']
    """
    from oddsengine import kinds
    from oddsengine.faces.book._pages import odds_table_page
    from oddsengine.faces.book.contents import CONTENTS, covering

    placed = [(place, 0, page.build) for place, page in enumerate(CONTENTS, start=1)]
    for kind in kinds.KINDS.values():
        placed += [(place, 1, kinds.named(where)) for place, where in kind.book_pages]
    placed.sort(key=lambda entry: entry[:2])
    builders = list(dict.fromkeys(build for *_, build in placed))
    for kind in kinds.table_kinds():
        if not kind.book_pages and covering(kind.name) is None:
            generic = partial(odds_table_page, kind.name)
            generic.__name__ = f"odds_table_page[{kind.name}]"
            builders.append(generic)
    return builders


def _index_html(pages, version: str) -> str:
    from oddsengine.faces.book._html import page_html

    items = "".join(
        f"<li><a href='{escape(page.slug)}.html'>{escape(page.title)}</a>: "
        f"{escape(page.summary)}</li>"
        for page in pages
    )
    body = [
        "<p>Exact odds for the dice of <i>Here I Stand</i>, from its combats to Henry "
        "VIII's heirs, computed from the rules with oddsengine. Every page opens with a "
        "reading guide; every table says in its caption which rules it follows, how it was "
        "computed and how precisely it is shown.</p>",
        f"<h2>Contents</h2><ul>{items}</ul>",
    ]
    guide = [
        "Chances are percentages, rounded to two decimals. A grey dash marks a combat the "
        "rules refuse. Charts show the same numbers as the tables.",
    ]
    return page_html(
        "Here I Stand odds book", guide, body, [(p.slug, p.short) for p in pages], version
    )


def write_book(directory, *, quick: bool = False) -> Path:
    """Write the odds book to ``directory`` (created if needed).

    Parameters
    ----------
    directory : str or path
        Where to write ``index.html``, one page per subject, ``style.css`` and ``img/``.
        Files of an earlier book there are replaced; nothing else is touched (a folder
        whose ``index.html``, ``style.css`` or a page's file is not an earlier book's is
        refused).
    quick : bool
        Small grids (about two thirds of the full book's time; for tests and previews) instead
        of the full book.

    Returns
    -------
    pathlib.Path
        The path of ``index.html``.

    Raises
    ------
    OddsEngineTypeError
        When ``directory`` is not a path (``None``, a number).
    OddsEngineError
        When ``directory`` is empty (it would be the current folder), a file, a folder
        holding files of the book's names that are not an earlier book's, or cannot be
        created or written.

    Examples
    --------
    >>> import tempfile, oddsengine as oe
    >>> index = oe.write_book(tempfile.mkdtemp(), quick=True)  # doctest: +SKIP
    >>> index.name  # doctest: +SKIP
    'index.html'
    """
    root = _book_root(directory)  # a folder that takes no file is refused before the work
    # Every page is built before anything is written, so that a run that fails or is
    # stopped while building leaves a directory that was there as it was.
    return write_pages(root, build_pages(quick))


def build_pages(quick: bool = False) -> list:
    """The book's pages (:func:`page_builders`), built and not yet written: each a
    :class:`~oddsengine.faces.book._pages.Page` with its HTML parts and its charts (matplotlib
    figures)."""
    import matplotlib  # noqa: F401  (charts are drawn on Figure objects: no pyplot, no GUI)

    from oddsengine import __version__

    return [build(__version__, quick) for build in page_builders()]


def write_pages(directory, pages) -> Path:
    """Write built ``pages`` (from :func:`build_pages`) as the book in ``directory``, with
    their index and stylesheet; each file whole (through a temporary file) or not at all.
    Returns the path of ``index.html``; refuses a directory as :func:`write_book` does."""
    from oddsengine import __version__
    from oddsengine.faces.book._charts import save
    from oddsengine.faces.book._html import STYLESHEET, page_html

    root = _book_root(directory, [f"{page.slug}.html" for page in pages])
    navigation = [(page.slug, page.short) for page in pages]
    _make_folder(root / "img")
    for page in pages:
        for filename, figure in page.charts.items():
            write_atomically(root / "img" / filename, partial(save, figure))
        html = page_html(page.title, page.guide, page.body, navigation, __version__)
        _write_text(root / f"{page.slug}.html", html)
    _write_text(root / "style.css", STYLESHEET)
    index = root / "index.html"
    _write_text(index, _index_html(pages, __version__))
    return index


def _book_root(directory, pages=()) -> Path:
    """``directory`` made if needed, refused if it is not a folder the book can be written
    to: a file, or a folder holding files of the book's names (``index.html``,
    ``style.css``, ``pages``) that are not an earlier book's."""
    root = _book_folder(directory)
    if root.exists() and not root.is_dir():
        raise OddsEngineError(f"the book needs a directory, but {str(root)!r} is a file")
    if root.is_dir() and not _holds_a_book(root):
        for name in ("index.html", "style.css", *pages):
            if (root / name).exists():
                raise OddsEngineError(
                    f"{str(root)!r} holds {name}, which is not an odds book's, and the book "
                    "would replace it: write the book to a new or empty directory, or over "
                    "an earlier book"
                )
    _make_folder(root)
    check_output_path(root / "index.html")
    return root


#: The end of every book page's title: how an earlier book's index is known.
_BOOK_TITLE = "Here I Stand odds book</title>"


def _holds_a_book(folder: Path) -> bool:
    """Whether ``folder``'s ``index.html`` is an earlier book's (its files may be
    replaced)."""
    try:
        with open(folder / "index.html", "rb") as index:
            head = index.read(4096)
    except OSError:
        return False
    return _BOOK_TITLE in head.decode("utf-8", errors="replace")


def _make_folder(folder: Path) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise OddsEngineError(f"cannot create {str(folder)!r}: {error.strerror or error}") from None


def _write_text(path: Path, text: str) -> None:
    write_atomically(path, lambda name: Path(name).write_text(text, encoding="utf-8"))


def _book_folder(directory) -> Path:
    """``directory`` as a path, refusing a value that is not one and an empty name (which
    would write the book into the current folder)."""
    if isinstance(directory, bool) or not isinstance(directory, (str, os.PathLike)):
        raise OddsEngineTypeError(
            f"write_book: directory must be a folder name or path, not {shown(directory)}"
        )
    if not str(directory).strip():
        raise OddsEngineError("write_book: the directory needs a name (not '')")
    return Path(directory)

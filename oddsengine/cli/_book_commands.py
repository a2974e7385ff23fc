"""``book``: write the odds book, a static HTML site (see :mod:`oddsengine.faces.book`)."""

from __future__ import annotations

import time


def _run_book(arguments):
    from oddsengine.faces.book import write_book

    started = time.perf_counter()
    index = write_book(arguments.out, quick=arguments.quick)
    pages = sorted(index.parent.glob("*.html"))
    print(
        f"Wrote {len(pages)} pages to {index.parent} in {time.perf_counter() - started:.1f} s; "
        f"open {index}"
    )


def register(commands) -> None:
    """Add ``book``."""
    book = commands.add_parser(
        "book",
        help="write the odds book: a static HTML site of exact odds (11-17 s)",
        description="Write an index and one page per subject (assaults, field battles, "
        "interception and avoid battle, siege campaigns, card values, units needed, naval "
        "battles, piracy, foreign wars), with captioned tables, PNG charts and reading "
        "guides. Open index.html in any browser: no server, no JavaScript.",
    )
    book.add_argument(
        "--out", required=True, metavar="DIR", help="directory to write (created if needed)"
    )
    book.add_argument(
        "--quick",
        action="store_true",
        help="small grids: a preview (about two thirds of the full book's 11-17 s)",
    )
    book.set_defaults(run=_run_book)

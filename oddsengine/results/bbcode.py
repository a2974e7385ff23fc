"""Tables for BoardGameGeek's forums, in the tags its "Forum formatting" page lists.

BGG has no table tag: a table is laid out as text in a fixed-width ``[c]`` block, columns
padded with spaces. Headings use ``[b]`` and ``[u]``. A ``<`` followed by anything but a
space makes BGG drop the rest of a post, so it is never written that way.
"""

from __future__ import annotations

__all__ = ["fixed_width_table"]


def fixed_width_table(header, rows) -> str:
    """A ``[c]`` block laying out ``header`` and ``rows`` in aligned columns.

    Parameters
    ----------
    header : sequence of str
        The column headings; the first names the row labels.
    rows : sequence of sequence of str
        One row label and one cell per remaining column.

    Returns
    -------
    str
        ``[c]...[/c]``: the first column aligned left, the others right, a rule of dashes
        under the header.

    Examples
    --------
    >>> print(fixed_width_table(["attacker", "1R", "2R"], [["3R", "72.4%", "50.1%"]]))
    [c]attacker    1R    2R
    -------- ----- -----
    3R       72.4% 50.1%[/c]
    """
    table = [[_safe(cell) for cell in line] for line in [header, *rows]]
    widths = [max(len(line[column]) for line in table) for column in range(len(header))]

    def render(line):
        cells = [line[0].ljust(widths[0])]
        cells += [cell.rjust(width) for cell, width in zip(line[1:], widths[1:], strict=True)]
        return " ".join(cells).rstrip()

    lines = [render(table[0]), " ".join("-" * width for width in widths)]
    lines += [render(line) for line in table[1:]]
    return "[c]" + "\n".join(lines) + "[/c]"


def _safe(text) -> str:
    """Cell text that BGG shows as written: no tag brackets, no ``<`` before a character."""
    text = str(text).replace("[", "(").replace("]", ")")
    return text.replace("<", "< ").replace("<  ", "< ")

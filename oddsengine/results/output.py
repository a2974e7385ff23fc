"""Output formats, written once: a result type renders itself as a table of text, JSON or
CSV, and every command's ``--format`` calls :meth:`Rendered.render`.

A result type inherits :class:`Rendered` and gives ``summary()`` (the text table),
``to_dict()`` (the JSON payload) and ``to_frame()`` (the rows of the CSV); it overrides
:meth:`Rendered.to_csv` if its CSV is not the frame as pandas writes it.

Examples
--------
>>> from oddsengine import FieldBattle, exact
>>> result = exact(FieldBattle("3R", "hapsburg: 2R"))
>>> header = result.render("csv").splitlines()[0].split(",")
>>> header[:3], header[-2:]
(['outcome', 'kind', 'probability'], ['expected_cp_lost_attacker', 'expected_cp_lost_defender'])
>>> result.render("json").startswith('{\\n  "kind": "battle"')
True
"""

from __future__ import annotations

import math

from oddsengine.errors import OddsEngineError

__all__ = [
    "ESTIMATE_COLUMNS",
    "EXACT_DECIMALS",
    "mean_and_error",
    "value_words",
    "FORMATS",
    "FORUM_FORMATS",
    "Rendered",
    "percent_decimals",
    "without_float_noise",
]

#: The formats every result renders.
FORMATS = ("table", "json", "csv")

#: The forum formats a single combat result renders besides (``to_markdown``,
#: ``to_bbcode``): the ``--format`` of the combat commands.
FORUM_FORMATS = ("markdown", "bbcode")

#: The columns of one chance, in a result's rows and a sweep's table alike: the outcome
#: or event, which of the two it is, and its probability with its 95% interval and
#: standard error.
ESTIMATE_COLUMNS = ("outcome", "kind", "probability", "ci95_low", "ci95_high", "stderr")

#: Decimals of a percentage in a text table for an exact probability (JSON and CSV hold
#: every digit).
EXACT_DECIMALS = 4


def percent_decimals(stderr: float | None) -> int:
    """The decimals of a percentage that a standard error supports: the error shown with
    two significant digits, and the estimate and its interval to the same decimal
    (at most :data:`EXACT_DECIMALS`; exactly that for an exact value, ``stderr`` None).

    Examples
    --------
    >>> percent_decimals(0.000378)  # 0.0378%: shown as 0.038%
    3
    >>> percent_decimals(0.0041)  # 0.41%
    2
    >>> percent_decimals(0.0), percent_decimals(None)
    (4, 4)
    """
    if not stderr or not math.isfinite(stderr) or stderr <= 0:
        return EXACT_DECIMALS
    leading = math.floor(math.log10(stderr * 100))
    return min(EXACT_DECIMALS, max(0, 1 - leading))


#: Names in a reported value's name that are written in capitals.
_ACRONYMS = {"vp": "VP", "cp": "CP"}


def value_words(name: str) -> str:
    """A reported value's name (``"vp:england"``, ``"vp_per_cp"``) in words, for a text
    table: the JSON and CSV keep the name.

    Examples
    --------
    >>> value_words("vp:england"), value_words("vp_per_cp"), value_words("protestant_hits")
    ('VP of England', 'VP per CP', 'protestant hits')
    >>> value_words("cards_stolen_by:france")
    'cards stolen by France'

    """
    what, _, whose = name.partition(":")
    words = " ".join(_ACRONYMS.get(word, word) for word in what.split("_"))
    if whose:  # "cards stolen by" + France; "VP" of England
        joint = " " if words.endswith((" by", " of", " to", " from")) else " of "
        words += joint + whose[:1].upper() + whose[1:]
    return words


def mean_and_error(mean: float, stderr: float | None, z: float) -> str:
    """A mean, and for a Monte Carlo one its 95% half-width (``z`` standard errors), to
    the decimals that show two significant digits of the half-width (at least 3).

    Examples
    --------
    >>> mean_and_error(1.996, 0.0081, 1.96), mean_and_error(0.446, 0.00019, 1.96)
    ('1.996 ± 0.016', '0.44600 ± 0.00037')
    >>> mean_and_error(2.0, None, 1.96)
    '2.000'
    """
    if not stderr:
        return f"{mean:.3f}"
    half = z * stderr
    places = min(8, max(3, 1 - math.floor(math.log10(half))))
    return f"{mean:.{places}f} ± {half:.{places}f}"


#: Significant digits an exact answer keeps in JSON: a sum of a few thousand products in
#: double precision is good to about 15, and the digits after it are the noise of the
#: order of summation (``0.9999999999999999`` for a certain event).
EXACT_DIGITS = 15


def without_float_noise(data):
    """``data`` (JSON-ready: dicts, lists, numbers, text) with every float written to
    :data:`EXACT_DIGITS` significant digits, for exact answers.

    Examples
    --------
    >>> without_float_noise({"p": [0.9999999999999999, 0.41666666666666713, 0.0, 2]})
    {'p': [1.0, 0.416666666666667, 0.0, 2]}
    """
    if isinstance(data, float):
        return float(f"{data:.{EXACT_DIGITS}g}") if math.isfinite(data) else data
    if isinstance(data, dict):
        return {key: without_float_noise(value) for key, value in data.items()}
    if isinstance(data, (list, tuple)):
        return [without_float_noise(value) for value in data]
    return data


def _caption_and_body(text: str) -> tuple[str, str]:
    """The first line of an answer's text and the rest, without blank lines around it."""
    caption, _, body = text.strip("\n").partition("\n")
    return caption, body.strip("\n")


class Rendered:
    """What a result type renders from its ``summary()``, ``to_dict()`` and ``to_frame()``."""

    def to_csv(self) -> str:
        """The CSV text of :meth:`to_frame`, without the index."""
        return self.to_frame().to_csv(index=False)

    def to_markdown(self) -> str:
        """The answer for a forum post in Markdown: the first line of its text in bold, the
        rest as the text shows it, in a fixed-width block that keeps its columns aligned.
        Result types with tables of their own write them instead (a single combat's
        :class:`~oddsengine.results.result.Result`, a run of attempts)."""
        caption, body = _caption_and_body(self.summary())
        return f"**{caption}**\n" + (f"\n```\n{body}\n```\n" if body else "")

    def to_bbcode(self) -> str:
        """The answer for BoardGameGeek's forums: the first line of its text in ``[b]``, the
        rest in a fixed-width ``[c]`` block (see :meth:`to_markdown`)."""
        caption, body = _caption_and_body(self.summary())
        return f"[b]{caption}[/b]\n" + (f"[c]{body}[/c]\n" if body else "")

    def render(self, form: str) -> str:
        """The result as ``form`` (one of :data:`FORMATS` or :data:`FORUM_FORMATS`), ending
        with a newline.

        Parameters
        ----------
        form : {"table", "json", "csv", "markdown", "bbcode"}
            ``markdown`` and ``bbcode`` for a forum post (:meth:`to_markdown`,
            :meth:`to_bbcode`).

        Returns
        -------
        str
        """
        if form == "json":
            import json  # imported by the formats that write it, not by every answer

            return json.dumps(self.to_dict(), indent=2) + "\n"
        if form == "csv":
            return self.to_csv()
        if form == "table":
            return self.summary() + "\n"
        if form in FORUM_FORMATS:
            return getattr(self, f"to_{form}")()
        raise OddsEngineError(f"unknown format {form!r}; use one of " + ", ".join(FORMATS))

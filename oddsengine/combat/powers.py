"""The powers of the game and the names they go by."""

from __future__ import annotations

from oddsengine.errors import OddsEngineError, shown

__all__ = [
    "MAJOR_POWERS",
    "MINOR_POWERS",
    "POWERS",
    "normalise_power",
    "power_adjective",
    "power_and_pieces",
    "power_with_article",
]

MAJOR_POWERS = ("ottoman", "hapsburg", "england", "france", "papacy", "protestant")
MINOR_POWERS = ("genoa", "hungary", "scotland", "venice")
#: Every power that can own land units, plus ``independent`` for independent key garrisons.
POWERS = MAJOR_POWERS + MINOR_POWERS + ("independent",)
_CANONICAL_POWERS = frozenset(POWERS)

_ALIASES = {
    "ottomans": "ottoman",
    "turks": "ottoman",
    "hapsburgs": "hapsburg",
    "habsburg": "hapsburg",
    "habsburgs": "hapsburg",
    "english": "england",
    "french": "france",
    "pope": "papacy",
    "papal": "papacy",
    "protestants": "protestant",
    "hungary-bohemia": "hungary",
    "venetian": "venice",
    "genoese": "genoa",
    "scottish": "scotland",
}

_ADJECTIVES = {
    "ottoman": "Ottoman",
    "hapsburg": "Hapsburg",
    "england": "English",
    "france": "French",
    "papacy": "Papal",
    "protestant": "Protestant",
    "genoa": "Genoese",
    "hungary": "Hungarian",
    "scotland": "Scottish",
    "venice": "Venetian",
    "independent": "independent",
}


def power_adjective(power: str) -> str:
    """The power as an adjective, for messages and labels (``"Ottoman"``, ``"English"``).

    Examples
    --------
    >>> power_adjective("england")
    'English'
    """
    return _ADJECTIVES.get(power, power)


def power_with_article(power: str) -> str:
    """The power as an adjective with its article, for messages (``"an Ottoman"``).

    Examples
    --------
    >>> power_with_article("ottoman") + " leader"
    'an Ottoman leader'
    >>> power_with_article("england") + " fleet"
    'an English fleet'
    """
    adjective = power_adjective(power)
    return f"{'an' if adjective[0].lower() in 'aeiou' else 'a'} {adjective}"


def normalise_power(name: str) -> str:
    """Return the canonical name of a power (``"Hapsburgs"`` -> ``"hapsburg"``).

    Raises
    ------
    OddsEngineError
        If the name is not a power of the game.

    Examples
    --------
    >>> normalise_power("Ottomans")
    'ottoman'
    """
    if type(name) is str and name in _CANONICAL_POWERS:
        return name  # already canonical: most calls, from forces built by the engines
    if not isinstance(name, str):
        raise OddsEngineError(f"a power is named by a string, not {shown(name)}")
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    if key not in POWERS:
        raise OddsEngineError(f"unknown power {shown(name)}; expected one of {', '.join(POWERS)}")
    return key


def power_and_pieces(text: str, power, what: str, example: str) -> tuple:
    """Split a force's or a fleet's notation, ``"[power:] pieces"``, into its power and pieces.

    Parameters
    ----------
    text : str
        The notation, not empty.
    power : str or None
        The power when the text names none before a ``:``.
    what : str
        ``"force"`` or ``"fleet"``, for the refusal.
    example : str
        A notation that names its power, for the refusal (``"hapsburg: 4R"``).

    Returns
    -------
    power, pieces : str or None, str
        The power as written before the ``:`` (else ``power``) and the text after it.

    Raises
    ------
    OddsEngineError
        When nothing stands before the ``:``: ``": 4R"`` would take the default power
        without a word.

    Examples
    --------
    >>> power_and_pieces(" hapsburg: 4R", None, "force", "hapsburg: 4R")
    (' hapsburg', ' 4R')
    >>> power_and_pieces("2Sq", "venice", "fleet", "hapsburg: 2Sq")
    ('venice', '2Sq')
    """
    pieces = text.strip()
    if ":" in pieces:
        prefix, pieces = pieces.split(":", 1)
        if not prefix.strip():
            raise OddsEngineError(
                f"no power before ':' in {what} {shown(text)}: write e.g. {example!r}"
            )
        power = prefix
    return power, pieces

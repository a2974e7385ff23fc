"""The powers of the game and the names they go by."""

from __future__ import annotations

from oddsengine.errors import OddsEngineError, shown

__all__ = [
    "MAJOR_POWERS",
    "MINOR_POWERS",
    "POWERS",
    "normalise_power",
    "power_adjective",
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

"""The powers of the game and the names they go by."""

from __future__ import annotations

from oddsengine.errors import OddsEngineError, shown

__all__ = ["MAJOR_POWERS", "MINOR_POWERS", "POWERS", "normalise_power"]

MAJOR_POWERS = ("ottoman", "hapsburg", "england", "france", "papacy", "protestant")
MINOR_POWERS = ("genoa", "hungary", "scotland", "venice")
#: Every power that can own land units, plus ``independent`` for independent key garrisons.
POWERS = MAJOR_POWERS + MINOR_POWERS + ("independent",)

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
    if not isinstance(name, str):
        raise OddsEngineError(f"a power is named by a string, not {shown(name)}")
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    if key not in POWERS:
        raise OddsEngineError(f"unknown power {shown(name)}; expected one of {', '.join(POWERS)}")
    return key

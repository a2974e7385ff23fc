"""The foreign-war cards, one record each (21.7, RULES.md §13): the power that fights the
war, the units it must commit and the foreign units on the card.

:class:`~oddsengine.combat.foreign_war.ForeignWar` plays a war out; the command line, the
explorer, the odds book and the force-needed search offer the wars from here (this module
imports nothing else, so a command line can list them without loading the campaign).

Examples
--------
>>> WAR_CHOICES
('persia', 'egypt', 'ireland')
>>> WARS["ireland"].power, WARS["ireland"].units
('england', 4)
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["DEFAULT_WAR", "WarCard", "WARS", "WAR_CHOICES"]


@dataclass(frozen=True)
class WarCard:
    """A foreign-war card (RULES.md §13).

    Examples
    --------
    >>> WARS["persia"].units, WARS["persia"].foreign
    (5, 4)
    """

    number: int
    name: str
    power: str
    units: int
    foreign: int


WARS: dict[str, WarCard] = {
    "egypt": WarCard(92, "Revolt in Egypt", "ottoman", 3, 3),
    "persia": WarCard(110, "War in Persia", "ottoman", 5, 4),
    # 4 Irish if France or the Hapsburgs play it (give foreign=4).
    "ireland": WarCard(93, "Revolt in Ireland", "england", 4, 3),
}

#: The war a question fights when it names none: the War in Persia.
DEFAULT_WAR = "persia"
#: The wars as the command line and the faces offer them, the default first.
WAR_CHOICES: tuple[str, ...] = (DEFAULT_WAR, *(key for key in WARS if key != DEFAULT_WAR))

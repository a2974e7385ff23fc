"""The unit types, one record each: the letters a force or a fleet is written with, where the
unit fights and who may have it.

RULES.md Terms: *land units* are regulars, mercenaries and cavalry (cavalry is Ottoman
only); Part II: naval units are squadrons (any power) and corsairs (Ottoman only). The
parsers of forces (:func:`oddsengine.parse_force`) and fleets
(:func:`oddsengine.combat.fleets.parse_fleet`), the casualty orders of the rule options,
the templates of sweeps and tables, and the force-needed search read their letters from
here; no other module writes a letter map.

Examples
--------
>>> LAND_LETTERS
{'r': 'regulars', 'm': 'mercenaries', 'c': 'cavalry'}
>>> NAVAL_LETTERS
{'sq': 'squadrons', 'co': 'corsairs'}
>>> UNIT_TYPE_RECORDS["corsairs"].printed, UNIT_TYPE_RECORDS["corsairs"].ottoman_only
('Co', True)
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["UnitType", "UNIT_TYPE_RECORDS", "LAND_LETTERS", "NAVAL_LETTERS", "PRINTED_LETTERS"]


@dataclass(frozen=True)
class UnitType:
    """One type of unit.

    Parameters
    ----------
    name : str
        The word for it, as spec fields and outcome columns use it (``"regulars"``).
    printed : str
        The letters it is written with after a count (``"R"``, ``"Sq"``); read in any case.
    at_sea : bool
        True for a naval unit (a fleet's), False for a land unit (a force's).
    ottoman_only : bool
        Whether only the Ottomans may have it (cavalry, RULES.md Terms; corsairs, Part II).
    """

    name: str
    printed: str
    at_sea: bool
    ottoman_only: bool = False

    @property
    def letters(self) -> str:
        """The letters in the lower case the parsers compare (``"sq"``)."""
        return self.printed.lower()


#: Every unit type, by name, land units first in the order forces print them.
UNIT_TYPE_RECORDS: dict[str, UnitType] = {
    unit.name: unit
    for unit in (
        UnitType("regulars", "R", at_sea=False),
        UnitType("mercenaries", "M", at_sea=False),
        UnitType("cavalry", "C", at_sea=False, ottoman_only=True),  # Terms: Ottoman only
        UnitType("squadrons", "Sq", at_sea=True),
        UnitType("corsairs", "Co", at_sea=True, ottoman_only=True),  # Part II: Ottoman only
    )
}

#: A force's unit letters (lower case) to the words for them.
LAND_LETTERS: dict[str, str] = {
    unit.letters: unit.name for unit in UNIT_TYPE_RECORDS.values() if not unit.at_sea
}

#: A fleet's unit letters (lower case) to the words for them.
NAVAL_LETTERS: dict[str, str] = {
    unit.letters: unit.name for unit in UNIT_TYPE_RECORDS.values() if unit.at_sea
}

#: Every unit type's letters (lower case) to its name and its letters as printed.
PRINTED_LETTERS: dict[str, tuple[str, str]] = {
    unit.letters: (unit.name, unit.printed) for unit in UNIT_TYPE_RECORDS.values()
}

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
>>> {name: unit.cp_cost for name, unit in UNIT_TYPE_RECORDS.items()}
{'regulars': 2, 'mercenaries': 1, 'cavalry': 1, 'squadrons': 2, 'corsairs': 1}
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
    cp_cost : int
        What one costs to build, in CP (the rulebook's action costs: raise a regular 2,
        buy a mercenary 1, raise cavalry 1, build a squadron 2, build a corsair 1): the
        value of a unit lost, in the game's own currency.
    """

    name: str
    printed: str
    at_sea: bool
    ottoman_only: bool = False
    cp_cost: int = 1

    @property
    def letters(self) -> str:
        """The letters in the lower case the parsers compare (``"sq"``)."""
        return self.printed.lower()


#: Every unit type, by name, land units first in the order forces print them.
UNIT_TYPE_RECORDS: dict[str, UnitType] = {
    unit.name: unit
    for unit in (
        UnitType("regulars", "R", at_sea=False, cp_cost=2),
        UnitType("mercenaries", "M", at_sea=False, cp_cost=1),
        UnitType("cavalry", "C", at_sea=False, ottoman_only=True, cp_cost=1),  # Terms
        UnitType("squadrons", "Sq", at_sea=True, cp_cost=2),
        UnitType("corsairs", "Co", at_sea=True, ottoman_only=True, cp_cost=1),  # Part II
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

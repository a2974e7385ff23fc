"""The unit-type records (RULES.md Terms; Part II): the letters every parser reads, and
who may have each unit."""

import re
from pathlib import Path

import pytest

import oddsengine as oe
from oddsengine.combat.fleets import parse_fleet
from oddsengine.combat.unit_types import LAND_LETTERS, NAVAL_LETTERS, UNIT_TYPE_RECORDS

PACKAGE = Path(oe.__file__).parent


def test_the_records_name_the_five_unit_types_of_the_rules():
    assert LAND_LETTERS == {"r": "regulars", "m": "mercenaries", "c": "cavalry"}
    assert NAVAL_LETTERS == {"sq": "squadrons", "co": "corsairs"}
    assert [unit.name for unit in UNIT_TYPE_RECORDS.values() if unit.ottoman_only] == [
        "cavalry",
        "corsairs",
    ]


@pytest.mark.parametrize("unit", list(UNIT_TYPE_RECORDS.values()), ids=lambda unit: unit.name)
def test_each_letter_is_read_in_either_case_as_its_unit(unit):
    read = parse_fleet if unit.at_sea else oe.parse_force
    for letters in (unit.printed, unit.letters, unit.printed.upper()):
        assert getattr(read(f"ottoman: 2{letters}"), unit.name) == 2


@pytest.mark.parametrize("unit", [u for u in UNIT_TYPE_RECORDS.values() if u.ottoman_only],
                         ids=lambda unit: unit.name)  # fmt: skip
def test_a_unit_only_the_ottomans_may_have_is_refused_to_another_power(unit):
    # Terms: cavalry is Ottoman only; Part II: corsairs are Ottoman only.
    read = parse_fleet if unit.at_sea else oe.parse_force
    with pytest.raises(oe.OddsEngineError):
        read(f"hapsburg: 1{unit.printed}")


def test_no_module_but_the_records_writes_a_letter_map():
    written = re.compile(r"""=\s*\{\s*["'](r|sq)["']\s*:\s*\(?\s*["'](regulars|squadrons)""")
    offending = [
        str(path.relative_to(PACKAGE))
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.name != "unit_types.py" and written.search(path.read_text(encoding="utf-8"))
    ]
    assert offending == []

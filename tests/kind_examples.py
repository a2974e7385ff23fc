"""One example question per kind, asked by the tests that walk every kind through every
face (``tests/faces/test_every_face.py``, ``test_same_seed_every_face.py``) and by those that
read a kind's JSON spec (``tests/specs/test_declared_values.py``)."""

from __future__ import annotations

#: One example question per kind: its inputs by option name (the spec's keyword, the sweep
#: file's key, the JSON spec's key).
EXAMPLES: dict[str, dict] = {
    "battle": {"attacker": "3R", "defender": "hapsburg: 2R"},
    "assault": {"attacker": "3R L1", "defender": "hapsburg: 1R"},
    "intercept": {"interceptor": "4R L1", "mover": "ottoman: 3R"},
    "avoid": {"defender": "3R L1", "attacker": "ottoman: 4R"},
    "naval": {"attacker": "ottoman: 3Sq", "defender": "hapsburg: 2Sq"},
    "naval-intercept": {"interceptor": "hapsburg: 2Sq Andrea Doria"},
    "naval-avoid": {"defender": "ottoman: 2Sq Barbarossa"},
    "piracy": {"pirates": "ottoman: 2Co Dragut", "target_ports": 1},
    "siege-campaign": {
        "besiegers": "ottoman: 5R Suleiman",
        "garrison": "hapsburg: 1R",
        "horizon": 2,
    },  # fmt: skip
    "foreign-war": {"war": "persia", "force": "4R", "horizon": 2},
    "move": {"scenario": "vienna"},
    "naval-move": {"scenario": "barbary_coast"},
    "naval-move-scenario": {"scenario": "barbary_coast"},
    "reformation": {"protestant_dice": 2, "papal_dice": 1},
    "counter-reformation": {"papal_dice": 2, "protestant_dice": 1},
    "debate": {"zone": "german", "initiator": "papacy", "turn": 1},
    "diet": {"protestant_cp": 2, "papal_cp": 1, "hapsburg_cp": 1},
    "voyage": {"power": "hapsburg", "explorer": "Magellan"},
    "conquest": {"power": "hapsburg", "conquistador": "Cortez"},
    "voyages": {"powers": ("england", "france")},
    "reformation-scenario": {
        "scenario": "religion_1517",
        "space": "Leipzig",
        "source": "95-theses",
    },  # fmt: skip
    "counter-reformation-scenario": {"scenario": "religion_1517", "space": "Wittenberg"},
    "attempts": {"scenario": "religion_1517", "source": "95-theses", "policy": "greedy"},
    "attempts-scenario": {
        "scenario": "religion_1517",
        "source": "95-theses",
        "policy": "greedy",
    },  # fmt: skip
    "heirs": {"wife": "anne-boleyn"},
    "mary-i": {"impulses": 3},
    "book-of-common-prayer": {"turn": 4},
    "michelangelo": {"turn": 4},
    "fountain-of-youth": {"power": "hapsburg", "turn": 3},
    "threat-to-power": {"leader": "Duke of Alva"},
    "rough-wooing": {"english_units": 3, "french_units": 1},
    "chateaux": {"modifier": 1},
    "city-state-rebels": {"units": 2},
    "council-of-trent": {"papal_dice": 4, "protestant_dice": 3},
    "andrea-doria": {"piracy_vp": 3},
    "sack-of-rome": {"attacker": "hapsburg: 4M", "papal_regulars": 1},
    "riches": {"column": "colony"},
    "riches-turn": {"holdings": ("inca", "colony")},
}

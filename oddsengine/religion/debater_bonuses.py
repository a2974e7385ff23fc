"""What each debater's bonus does: one record per debater whose bonus the engines apply
(RULES.md §17-§20, §23 readings 8, 9 and 12).

The debaters themselves (side, value, zone, entry turn, the bonus in words and its use)
are the data of ``data/religion/debaters.csv``
(:func:`~oddsengine.religion.records.religion_facts`); each record here says what the
bonus does, as fields of a :class:`~oddsengine.religion.record_types.DebaterBonus`: the
dice it adds to which attempts and where, the run of attempts it makes, what it does in a
debate. The attempts, the runs and the debates read these records and branch on no
debater's name. A bonus the engines do not model (a translation's CP, Tetzel's CP to St
Peter's, Loyola's cheaper university) has no record; Pole's die at the Council of Trent is
read from the data's ``bonus_use`` by :mod:`oddsengine.card_rolls.council_of_trent`.

The records are listed by what they do, and the debate bonuses in the order ``--bonuses``
lists them.

Examples
--------
>>> bonus_of("Faber").attempt_dice, bonus_of("Faber").electorates
(2, True)
>>> debate_bonus_slugs()
('eck', 'gardiner', 'aleander', 'campeggio', 'bullinger')
>>> die_givers("counter-reformation")
('Contarini', 'Faber', 'Canisius')
"""

from __future__ import annotations

from fractions import Fraction

from oddsengine.religion.record_types import (
    LANGUAGE_ZONES,
    ZONE_NAMED,
    AttemptsGiven,
    DebaterBonus,
)

__all__ = [
    "DEBATER_BONUSES",
    "DebaterBonus",
    "bonus_of",
    "die_givers",
    "debate_bonus_slugs",
    "source_bonuses",
]

#: "All zones" (§19): each language zone.
_ALL = LANGUAGE_ZONES


def _reformation_die(debater: str, **where) -> DebaterBonus:
    return DebaterBonus(debater, "reformation", 1, **where)


def _counter_reformation_dice(debater: str, dice: int = 1, **where) -> DebaterBonus:
    return DebaterBonus(debater, "counter-reformation", dice, **where)


def _source(debater: str, side: str, zones, row: int, **fields) -> DebaterBonus:
    # His bonus's attempts are the source named after him (``carlstadt``, ``cajetan:german``).
    attempts = AttemptsGiven(debater.lower(), side, 3, zones, row, **fields)
    return DebaterBonus(debater, attempts=attempts)


_RECORDS = (
    # -- a die to every qualifying attempt, once committed (§17 step 3, §18, 23.9) --------
    _reformation_die("Bucer", within_two_of="Strasburg"),
    _reformation_die("Zwingli", within_two_of="Zürich"),
    _reformation_die("Oekolampadius", within_two_of="Basel"),
    _reformation_die("Farel", within_two_of="Geneva"),
    _reformation_die("Cop", within_two_of="Paris"),
    _reformation_die("Cranmer", within_two_of="London"),
    _reformation_die("Latimer", home_spaces_of=("england",)),
    _reformation_die("Wishart", home_spaces_of=("scotland",)),
    _reformation_die("Knox", home_spaces_of=("england", "scotland")),
    _counter_reformation_dice("Contarini", within_two_of_leader="Charles V"),
    _counter_reformation_dice("Faber", 2, electorates=True),
    _counter_reformation_dice("Canisius", within_two_of="Regensburg"),
    # -- a run of attempts of his own (§19, 23.8) ------------------------------------------
    _source("Carlstadt", "protestant", ("german",), 2, only_in_zone=True, unrest_on_failure=True),
    _source("Calvin", "protestant", ("french",), 2, only_in_zone=True),
    _source("Cajetan", "papacy", ZONE_NAMED, 13),
    _source("Caraffa", "papacy", _ALL, 13),
    # -- in a debate (§20 steps 4, 6 and 7; 23.12), in the order --bonuses lists them ----
    DebaterBonus("Eck", attack_dice=1),
    DebaterBonus("Gardiner", attack_dice=1, attack_zones=("english",)),
    DebaterBonus("Aleander", extra_flips=1),
    DebaterBonus("Campeggio", cancel_chance=Fraction(2, 6)),  # his die's 5-6
    DebaterBonus("Bullinger", inserted_in_round=2, policy_option="bullinger_policy"),
)

#: Every modelled bonus, by the debater's name, in the order of :data:`_RECORDS`.
DEBATER_BONUSES: dict[str, DebaterBonus] = {bonus.debater: bonus for bonus in _RECORDS}


def bonus_of(debater: str) -> DebaterBonus:
    """The bonus record of ``debater`` (as the data spells his name); a record that does
    nothing for a debater whose bonus is not modelled."""
    return DEBATER_BONUSES.get(debater) or DebaterBonus(debater)


def die_givers(kind: str) -> tuple[str, ...]:
    """The debaters whose bonus adds dice to ``kind``'s attempts (``reformation``,
    ``counter-reformation``), in the debaters' data order."""
    from oddsengine.religion.records import religion_facts

    return tuple(name for name in religion_facts().debaters if bonus_of(name).attempt_kind == kind)


def debate_bonus_slugs() -> tuple[str, ...]:
    """The debate bonuses as ``--bonuses`` names them, in its order (23.12)."""
    return tuple(bonus.slug for bonus in DEBATER_BONUSES.values() if bonus.acts_in_debate)


def source_bonuses() -> tuple[DebaterBonus, ...]:
    """The bonuses that make a run of attempts of their own (§19)."""
    return tuple(bonus for bonus in DEBATER_BONUSES.values() if bonus.attempts is not None)

"""The debaters, explorers and conquistadors as the religion data holds them, for
``oddsengine debaters`` and ``oddsengine explorers`` (RULES.md §16–§22).

Every field is read from :func:`~oddsengine.religion.records.religion_facts`, the checked
board facts; the listing and the engines read the same records.

Examples
--------
>>> [row["name"] for row in debater_records("protestant", turn=1)]
['Luther', 'Melanchthon', 'Bucer', 'Carlstadt']
>>> [row["name"] for row in explorer_records("france")]
['Cartier', 'Roberval', 'Verrazano', 'Cabot', 'French Conquest']
"""

from __future__ import annotations

from oddsengine.errors import OddsEngineError, unknown_name
from oddsengine.religion.records import (
    DEBATER_SIDES,
    LANGUAGE_ZONES,
    LAST_TURN,
    NEW_WORLD_POWERS,
    religion_facts,
)

__all__ = [
    "DEBATER_COLUMNS",
    "EXPLORER_COLUMNS",
    "DEBATERS_LEGEND",
    "EXPLORERS_LEGEND",
    "debater_records",
    "explorer_records",
]

DEBATER_COLUMNS = ("name", "side", "value", "zone", "entry_turn", "bonus", "bonus_use")
EXPLORER_COLUMNS = ("name", "role", "power", "value", "entry_turn", "in_random_pool")

DEBATERS_LEGEND = (
    "value: debate dice are value + 3 attacking, value + 2 defending uncommitted, value + 1 "
    "committed (RULES.md §20); zone: the Protestant debaters debate in their zone, the "
    "Papal ones in every zone (any); entry_turn —: enters with Cranmer, when Henry VIII "
    "marries Anne Boleyn (never counted by --turn alone)"
)
EXPLORERS_LEGEND = (
    "value: added to 2d6 on a voyage (RULES.md §22); in_random_pool: drawn at random for a "
    "voyage (the Cabots come only with their event); England's and France's conquests use "
    "markers of value 0"
)


def _turn(turn) -> int | None:
    if turn is None:
        return None
    if isinstance(turn, bool) or not isinstance(turn, int) or not 1 <= turn <= LAST_TURN:
        raise OddsEngineError(f"a turn is 1..{LAST_TURN}, not {turn!r}")
    return turn


def debater_records(side: str | None = None, turn: int | None = None, zone: str | None = None):
    """The debaters, optionally of one side, in play by a turn, or debating in a zone.

    Parameters
    ----------
    side : {"protestant", "papal"}, optional
    turn : int, optional
        Only those who have entered by this turn (1..9).
    zone : str, optional
        Only those who debate in this language zone: its Protestant debaters and every
        Papal one.

    Returns
    -------
    list of dict
        One record per debater, with the fields of :data:`DEBATER_COLUMNS`.
    """
    if side is not None and side not in DEBATER_SIDES:
        raise unknown_name("side", side, DEBATER_SIDES)
    if zone is not None and zone not in LANGUAGE_ZONES:
        raise unknown_name("zone", zone, LANGUAGE_ZONES)
    turn = _turn(turn)
    records = []
    for debater in religion_facts().debaters.values():
        if side is not None and debater.side != side:
            continue
        if turn is not None and not debater.in_play(turn):
            continue
        if zone is not None and debater.zone not in (zone, "any"):
            continue
        records.append(
            {
                "name": debater.name,
                "side": debater.side,
                "value": debater.value,
                "zone": debater.zone,
                "entry_turn": debater.entry_turn,
                "bonus": debater.bonus,
                "bonus_use": debater.bonus_use,
            }
        )
    return records


def explorer_records(power: str | None = None):
    """The explorers and conquistadors, optionally of one power.

    Parameters
    ----------
    power : {"england", "france", "hapsburg"}, optional

    Returns
    -------
    list of dict
        One record per explorer or conquistador (``role``), with the fields of
        :data:`EXPLORER_COLUMNS`.
    """
    if power is not None and power not in NEW_WORLD_POWERS:
        raise unknown_name("power", power, NEW_WORLD_POWERS)
    facts = religion_facts()
    records = []
    for role, people in (("explorer", facts.explorers), ("conquistador", facts.conquistadors)):
        for person in people:
            if power is not None and person.power != power:
                continue
            records.append(
                {
                    "name": person.name,
                    "role": role,
                    "power": person.power,
                    "value": person.value,
                    "entry_turn": person.entry_turn,
                    "in_random_pool": person.in_random_pool,
                }
            )
    return records

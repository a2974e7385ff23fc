"""The leaders and the cards as the records hold them, for ``oddsengine leaders`` and
``oddsengine cards``.

Every field is read from a record: the leader tables
(:data:`~oddsengine.combat.leaders.LEADERS`, RULES.md §1, and
:data:`~oddsengine.combat.fleets.NAVAL_LEADERS`, Part II) and the card records
(:data:`~oddsengine.combat.cards.CARD_RULES`, RULES.md §8). Who may play a card is asked of
the card's own checks (:meth:`~oddsengine.combat.card_types.CardRule.refusal`), side by
side and power by power, so this listing cannot drift from what a combat accepts.

Examples
--------
>>> [row["name"] for row in leader_records("england")]  # the Renegade: any major power
['Henry VIII', 'Charles Brandon', 'Dudley', 'Renegade']
>>> janissaries = card_records("foreign-war")[0]
>>> janissaries["number"], janissaries["who"]
(1, 'battle: either side (ottoman); naval: ottoman; foreign-war: ottoman')
"""

from __future__ import annotations

import csv
import io
import json

from oddsengine.combat.card_types import RESPONSE, SIDES, Play
from oddsengine.combat.cards import CARD_RULES
from oddsengine.combat.fleets import NAVAL_LEADERS
from oddsengine.combat.forces import Force
from oddsengine.combat.leaders import LEADERS, find_leader
from oddsengine.combat.powers import MAJOR_POWERS, normalise_power
from oddsengine.errors import OddsEngineError, unknown_name
from oddsengine.kinds import KINDS

__all__ = [
    "CARD_KINDS",
    "LEADER_COLUMNS",
    "CARD_COLUMNS",
    "CARD_TABLE_COLUMNS",
    "timing_legend",
    "card_records",
    "leader_records",
    "render_records",
]

#: The columns of ``oddsengine leaders`` (JSON keys and CSV header), in order.
LEADER_COLUMNS = (
    "name",
    "power",
    "serves",
    "battle_rating",
    "command_rating",
    "naval_rating",
    "piracy_rating",
)

#: The columns of ``oddsengine cards``, in order (the text table shows
#: :data:`CARD_TABLE_COLUMNS` and explains the timings below it).
CARD_COLUMNS = (
    "number", "name", "slug", "timing", "when", "engagements", "who", "rule", "effect",
)  # fmt: skip
CARD_TABLE_COLUMNS = ("number", "name", "timing", "effect", "engagements", "who")

#: The engagements a card may act in, as ``--kind`` names them (the names of
#: :data:`oddsengine.kinds.KINDS`): a land engagement of the record, or an effect at sea or
#: abroad (naval rolls serve both the naval interception and the naval avoid battle), read
#: from the kinds' ``card_engagement`` and ``card_combat``.
CARD_KINDS = tuple(
    kind.name for kind in KINDS.values() if kind.card_engagement == kind.name or kind.card_combat
)


def _kinds_of_combat(combat: str) -> list[str]:
    """The kinds whose cards act in ``combat`` (``"naval-roll"``: both naval rolls)."""
    return [kind.name for kind in KINDS.values() if kind.card_combat == combat]


_EFFECT_LABELS = {"naval-battle": "naval", "naval-roll": "naval rolls"}

#: When a card is played, by its timing (the words of :class:`~oddsengine.combat.card_types.Card`).
_WHEN = {
    "combat": "declared before the dice (steps 4-5 of a combat)",
    "response": "in another power's action",
    "post-roll": "after seeing both rolls",
    "event": "as an event",
}


def leader_records(power: str | None = None) -> list[dict]:
    """The army and naval leaders with their ratings, optionally of one power only.

    Parameters
    ----------
    power : str, optional
        A power (``"hapsburg"``); a naval leader is listed for every power he may serve.

    Returns
    -------
    list of dict
        One record per leader with the keys of :data:`LEADER_COLUMNS`; a rating a leader
        does not have (an army leader's naval rating) is None.

    Raises
    ------
    OddsEngineError
        ``power`` has no leaders of its own (only the Renegade, who serves whoever
        places him, would be listed); the message names the powers that have some.
    """
    wanted = None if power is None else normalise_power(power)
    records = []
    for leader in LEADERS.values():
        # RULES.md §1: whom a leader serves is his record's (Maurice, the Renegade).
        if wanted is not None and not leader.serves_power(wanted):
            continue
        records.append(
            {
                "name": leader.name,
                "power": leader.power,
                "serves": leader.service or leader.power,
                "battle_rating": leader.battle_rating,
                "command_rating": leader.command_rating,
                "naval_rating": None,
                "piracy_rating": None,
            }
        )
    for leader in NAVAL_LEADERS.values():
        if wanted is not None and wanted not in leader.serves:
            continue
        records.append(
            {
                "name": leader.name,
                "power": leader.power,
                "serves": ", ".join(leader.serves),
                "battle_rating": None,
                "command_rating": None,
                "naval_rating": leader.battle_rating,
                "piracy_rating": leader.piracy_rating,
            }
        )
    if wanted is not None and all(record["power"] is None for record in records):
        # Only the Renegade, who serves whoever places him: the power has no leaders.
        having = {leader.power for leader in LEADERS.values() if leader.power}
        having |= {power for leader in NAVAL_LEADERS.values() for power in leader.serves}
        raise OddsEngineError(
            f"{wanted} has no leaders; the powers with leaders are " + ", ".join(sorted(having))
        )
    return records


def card_records(kind: str | None = None) -> list[dict]:
    """The cards that change a combat: number, name, timing, the engagements they act in,
    who may play them and what they do (the record's ``does``), optionally only those of
    one kind of engagement.

    Parameters
    ----------
    kind : str, optional
        One of :data:`CARD_KINDS` (``"assault"``, ``"naval"``, ``"foreign-war"``...).

    Returns
    -------
    list of dict
        One record per card, by number, with the keys of :data:`CARD_COLUMNS`
        (``engagements`` a list of kind names).

    Raises
    ------
    OddsEngineError
        On a kind no card acts in.
    """
    if kind is not None and kind not in CARD_KINDS:
        raise unknown_name("kind", kind, CARD_KINDS, where="cards --kind")
    records = []
    for rule in sorted(CARD_RULES.values(), key=lambda rule: rule.card.number):
        kinds, who = _where_and_who(rule)
        if kind is not None and kind not in kinds:
            continue
        records.append(
            {
                "number": rule.card.number,
                "name": rule.card.name,
                "slug": rule.slug,
                "timing": rule.card.timing,
                "when": _WHEN.get(rule.card.timing, rule.card.timing),
                "engagements": kinds,
                "who": "; ".join(who),
                "rule": rule.rule,
                "effect": rule.does,
            }
        )
    return records


def _where_and_who(rule) -> tuple[list[str], list[str]]:
    """The kinds of engagement ``rule`` acts in, and who may play it in each."""
    kinds, who = [], []
    for mode in (kind.name for kind in KINDS.values() if kind.card_engagement == kind.name):
        if mode in rule.engagements:
            kinds.append(mode)
            who.append(f"{mode}: {_players(rule, mode)}")
    if rule.stops_piracy:
        for name in _kinds_of_combat("piracy"):
            kinds.append(name)
            who.append(f"{name}: another power, against the pirates")
    for effect in rule.effects:
        kinds.extend(name for name in _kinds_of_combat(effect.combat) if name not in kinds)
        label = _EFFECT_LABELS.get(effect.combat, effect.combat)
        who.append(f"{label}: {', '.join(effect.powers) or 'either side'}")
    return kinds, who


def _players(rule, mode: str) -> str:
    """Who the card's own checks let play it in a ``mode``: each side, with the powers
    that may (against some opponent), or another power's response."""
    allowed = {
        role: [power for power in MAJOR_POWERS if _may_play(rule, mode, role, power)]
        for role in SIDES
    }
    parts = []
    if allowed["attacker"] and allowed["attacker"] == allowed["defender"]:
        parts.append(f"either side ({_powers_in_words(allowed['attacker'])})")
    else:
        parts += [
            f"{role} ({_powers_in_words(powers)})" for role, powers in allowed.items() if powers
        ]
    if rule.response_for is not None and _may_play(rule, mode, RESPONSE, None):
        parts.append(f"another power, for the {rule.response_for}")
    return ", ".join(parts) or "no one"


def _powers_in_words(powers) -> str:
    missing = [power for power in MAJOR_POWERS if power not in powers]
    if not missing:
        return "any power"
    if len(missing) == 1:
        return f"any power but {missing[0]}"
    return ", ".join(powers)


def _may_play(rule, mode: str, role: str, power: str | None) -> bool:
    if role == RESPONSE:
        attacker = _probe_force("ottoman")
        return rule.refusal(Play(role, mode, None, None, attacker)) is None
    force = _probe_force(power)
    for other in MAJOR_POWERS:
        if other == power:
            continue
        opponent = _probe_force(other)
        attacker, defender = (force, opponent) if role == "attacker" else (opponent, force)
        if rule.refusal(Play(role, mode, force, opponent, attacker)) is None:
            return True
    return False


def _probe_force(power: str) -> Force:
    """A force of ``power`` that no check refuses for its size: 6 regulars, 2 mercenaries
    and the power's best leader (Suleiman for the Ottomans: card #42 asks for him)."""
    leaders = [leader for leader in LEADERS.values() if leader.power == power]
    best = max(leaders, key=lambda leader: leader.battle_rating, default=None)
    named = (find_leader(best.name),) if best is not None else ()
    return Force(regulars=6, mercenaries=2, leaders=named, power=power)


def timing_legend(records) -> list[str]:
    """One line per timing in ``records``: what it means (printed below a card table)."""
    timings = dict.fromkeys(row["timing"] for row in records)
    return [f"{timing}: {_WHEN.get(timing, timing)}" for timing in timings]


def render_records(records: list[dict], columns: tuple[str, ...], form: str) -> str:
    """``records`` as a text table, JSON (a list of objects) or CSV (a header row, then
    one row per record; an empty cell for None).

    Examples
    --------
    >>> print(render_records([{"name": "Dudley", "battle_rating": 0}],
    ...                      ("name", "battle_rating"), "csv"), end="")
    name,battle_rating
    Dudley,0
    """
    if form == "json":
        return json.dumps([{name: row[name] for name in columns} for row in records], indent=2)
    if form == "csv":
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(columns)
        for row in records:
            writer.writerow([_cell(row[name], "") for name in columns])
        return buffer.getvalue()
    cells = [[_cell(row[name], "—") for name in columns] for row in records]
    widths = [
        max([len(name), *(len(line[index]) for line in cells)])
        for index, name in enumerate(columns)
    ]
    lines = ["  ".join(name.ljust(width) for name, width in zip(columns, widths, strict=True))]
    for line in cells:
        lines.append("  ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True)))
    return "\n".join(text.rstrip() for text in lines)


def _cell(value, missing: str) -> str:
    if value is None:
        return missing
    if isinstance(value, (list, tuple)):
        return ", ".join(map(str, value))
    return str(value)

"""Where a record's fields act. A record (a combat card, a religious card, a debater's
bonus) says in its fields what it does; a table beside its type says where, naming for each
field the functions that read it and apply its effect (``module:qualified.name``), so that
reading a record and those lines tells everything it does. A test keeps each table true:
each function named reads its field.

Examples
--------
>>> from oddsengine.combat.cards import CARD_RULES
>>> CARD_RULES["gout"].where_it_acts()["keeps_leader_out"]
('oddsengine.combat.combat_spec:CombatSpec.gout_victim',)
>>> from oddsengine.religion.debater_bonuses import bonus_of
>>> list(bonus_of("Faber").where_it_acts())
['attempt_kind', 'attempt_dice', 'electorates']
"""

from __future__ import annotations

from dataclasses import MISSING, fields

__all__ = ["ActingRecord"]


class ActingRecord:
    """What a record type shares: each of its fields that acts (not those that only
    describe a record, as its name or where its rule is written) acts in the functions its
    table :attr:`acts_in` names for it; :meth:`where_it_acts` lists them for the fields a
    record sets. A record type is a frozen dataclass that names its table."""

    #: Where each field that acts acts: the functions that read it and apply its effect
    #: (a table may serve several record types: a type reads its own fields' entries).
    acts_in: dict[str, tuple[str, ...]] = {}

    def where_it_acts(self) -> dict[str, tuple[str, ...]]:
        """The fields this record sets (those that differ from a plain record's, given
        only the fields a record must be given) and the functions that apply each of them,
        in the order of :attr:`acts_in`."""
        own = fields(self)
        plain = type(self)(
            **{
                item.name: getattr(self, item.name)
                for item in own
                if item.default is MISSING and item.default_factory is MISSING
            }
        )
        names = {item.name for item in own}
        return {
            name: places
            for name, places in self.acts_in.items()
            if name in names and getattr(self, name) != getattr(plain, name)
        }

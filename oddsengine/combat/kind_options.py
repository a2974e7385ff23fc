"""The options of the combat kinds that fill no field of their spec alone: their records'
``Kind.options`` (:mod:`oddsengine.declaration`), declared here once and read by every
face.

RULES.md §9's policies (``--policy CARD=POLICY``, each side's casualty order, Gout's
target, the assaulting formation) and the rule option of ``--cards-as-printed`` fill the
land combats' policies and rule options (their ``from_options``,
:class:`~oddsengine.combat.combat_inputs.CombatInputs`); a requirement or a retreat said
by its absence (``--no-line-of-communication``) fills its field inverted; ``--naval``
asks for the naval form of a roll (``Option.form``).

Examples
--------
>>> [option.flag_name for option in BATTLE_OPTIONS][:3]
['--policy', '--attacker-casualty-order', '--defender-casualty-order']
>>> NAVAL_ROLL_OPTIONS[0].form
True
"""

from __future__ import annotations

from oddsengine.combat.combat_inputs import AT_SEA, CARDS_AND_POLICIES, REQUIREMENTS
from oddsengine.declaration import Option

__all__ = [
    "POLICY",
    "CARDS_AS_PRINTED",
    "BATTLE_OPTIONS",
    "ASSAULT_OPTIONS",
    "NAVAL_BATTLE_OPTIONS",
    "FOREIGN_WAR_OPTIONS",
    "NAVAL_ROLL_OPTIONS",
]

_POLICIES = "always or if-it-changes-the-outcome (default)"


def _post_roll_words(combat: str):
    """The words of a ``--policy`` that name the cards played after the roll in
    ``combat``, read from their records when the help is shown."""

    def words() -> str:
        from oddsengine.combat.cards import post_roll_slugs

        return f"post-roll card policy ({', '.join(post_roll_slugs(combat))}): {_POLICIES}"

    return words


def _policy(words, group: str = CARDS_AND_POLICIES) -> Option:
    return Option("policy", words, rule="RULES.md §9", repeat=True, metavar="CARD=POLICY",
                  group=group)  # fmt: skip


#: A land combat's ``--policy``: each card played after the roll (Janissaries, Siege
#: Artillery) always, or only when it changes the outcome.
POLICY = _policy(f"post-roll card policy: {_POLICIES}")
#: The reading of two cards as printed (:class:`~oddsengine.combat.options.RuleOptions`).
CARDS_AS_PRINTED = Option(
    "cards_as_printed",
    "rule option: Mercenaries Bribed and Surprise Attack in field battles only, as printed "
    "(default: also in assaults, as original 000 allows)",
    value="flag",
    group=CARDS_AND_POLICIES,
)

BATTLE_OPTIONS = (
    POLICY,
    Option("attacker_casualty_order", "order of losses, e.g. regulars,mercenaries,cavalry or "
           "RMC (default mercenaries, regulars, cavalry)", metavar="ORDER",
           group=CARDS_AND_POLICIES),
    Option("defender_casualty_order", "order of the defender's losses, as above",
           metavar="ORDER", group=CARDS_AND_POLICIES),
    CARDS_AS_PRINTED,
    Option("gout_target", "the attacking leader Gout is played against (default: the "
           "best-rated)", metavar="LEADER", group=CARDS_AND_POLICIES),
)  # fmt: skip

ASSAULT_OPTIONS = (
    Option("assault_formation", "which part of the besieging stack assaults: strongest "
           "(default: every leader, then regulars, mercenaries, cavalry up to the command "
           'capacity) or a declared formation such as "6R Ibrahim"; the rest stand by and '
           "still besiege", metavar="POLICY"),
    *BATTLE_OPTIONS,
    Option("no_line_of_communication", "the attacker has no LOC to the space", value="flag",
           group=REQUIREMENTS),
    Option("no_siege_artillery_supply", "no LOC of at most 4 land spaces to a fortified home "
           "space", value="flag", group=REQUIREMENTS),
)  # fmt: skip

NAVAL_BATTLE_OPTIONS = tuple(
    Option(f"{role}_no_retreat", f"the {role} has no port or sea zone to retreat to: its ships "
           "are lost if it must leave (in a port the attacker always leaves; at sea the loser "
           "does)", value="flag")
    for role in ("attacker", "defender")
) + (_policy(_post_roll_words("naval-battle")),)  # fmt: skip

FOREIGN_WAR_OPTIONS = (_policy(_post_roll_words("foreign-war"), group=""),)

#: The roll at sea of ``intercept`` and ``avoid`` (16.1): the naval kind's form.
NAVAL_ROLL_OPTIONS = (
    Option("naval", "a naval roll: 2d6 + the best naval battle rating >= 9; forces are fleets",
           value="flag", group=AT_SEA, form=True),
)  # fmt: skip

"""The inputs of the combat kinds as every face gives them, flat: how those that fill no
field alone fill their spec, and which of them a combat built would not read.

RULES.md §9's policies (``--policy CARD=POLICY`` for a card played after the roll, each
side's casualty order, Gout's target, the assaulting formation) fill one
:class:`~oddsengine.combat.options.Policies` together, and ``--cards-as-printed`` a
:class:`~oddsengine.combat.options.RuleOptions`: :class:`CombatInputs` gives the land
combats their ``from_options`` (the spec of these inputs) and ``ignored_options`` (those
the spec built would not read, and why). The options themselves are declared on the
specs' fields and, for these, on the kinds' records
(:mod:`oddsengine.combat.kind_options`).

Nothing of the faces is imported here: a question asked in Python (a whole move of field
battles) loads none of their declaration.

Examples
--------
>>> post_roll_of(("janissaries=always",), "janissaries")
{'janissaries': 'always'}
"""

from __future__ import annotations

from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown

__all__ = [
    "AT_SEA",
    "CARDS_AND_POLICIES",
    "REQUIREMENTS",
    "CombatInputs",
    "check_policy",
    "post_roll_of",
    "responses_words",
]

#: The headings the combats' options are listed under.
CARDS_AND_POLICIES = "cards and policies"
AT_SEA = "at sea (16.1)"
REQUIREMENTS = "assault requirements (15.1)"


def responses_words(spec_class) -> str:
    """The words of a land combat's ``responses``: the response cards whose records act
    in its kind of combat (Siege Artillery in an assault, not in a field battle)."""
    from oddsengine.combat.cards import CARD_RULES, RESPONSE_CARDS

    mode = spec_class.mode
    here = [slug for slug in RESPONSE_CARDS if mode in CARD_RULES[slug].engagements]
    return f"response cards played by other powers ({', '.join(here)})"


def post_roll_of(texts, example: str) -> dict:
    """The policies of the post-roll cards that ``--policy`` gives, ``CARD=POLICY`` each,
    by card (``example``: a card the refusal shows); the cards and policies are checked
    by the spec they fill.

    Raises
    ------
    OddsEngineError
        On a text that is not ``CARD=POLICY``, or a card given twice (the last would win
        without a word).
    """
    post_roll = {}
    for text in texts or ():
        if "=" not in text:
            raise OddsEngineError(
                f"--policy takes CARD=POLICY (e.g. {example}=always), not {text!r}"
            )
        card, policy = (part.strip() for part in text.split("=", 1))
        if card in post_roll:
            raise OddsEngineError(f"--policy gives {card} twice")
        post_roll[card] = policy
    return post_roll


def check_policy(value, name: str, policies, what: str = "policy") -> None:
    """Refuse a policy (RULES.md §9: a choice the engine makes for a player) that is not
    one of ``policies``.

    Parameters
    ----------
    value
        The policy given.
    name : str
        The spec field it fills, for the refusal of a value that is no text.
    policies : sequence of str
    what : str
        The policy in words, for the refusal of an unknown one (``"award policy"``).

    Raises
    ------
    OddsEngineTypeError
        When ``value`` is not a string.
    OddsEngineError
        When it is none of ``policies``, listing them.

    Examples
    --------
    >>> check_policy("always", "post_roll_policy", ("if-it-changes-the-outcome", "always"))
    >>> check_policy("never", "award_policy", ("even", "in-order"), "award policy")
    Traceback (most recent call last):
    ...
    oddsengine.errors.OddsEngineError: unknown award policy 'never'; use one of even, in-order
    """
    if not isinstance(value, str):
        raise OddsEngineTypeError(f"{name} must be a policy name, not {shown(value)}")
    if value not in policies:
        raise OddsEngineError(f"unknown {what} {value!r}; use one of " + ", ".join(policies))


def _card_where(attribute: str):
    """The first card whose record sets ``attribute`` (Gout keeps a leader out)."""
    from oddsengine.combat.cards import CARD_RULES

    return next(rule.card for rule in CARD_RULES.values() if getattr(rule, attribute))


class CombatInputs:
    """What the faces give a land combat (a plain base of
    :class:`~oddsengine.combat.combat_spec.CombatSpec`): its spec from its flat inputs,
    and the inputs the spec built would not read."""

    @classmethod
    def from_options(cls, *, policy=(), attacker_casualty_order=None,
                     defender_casualty_order=None, gout_target=None, assault_formation=None,
                     cards_as_printed=False, **fields):  # fmt: skip
        """The combat of its inputs as the faces give them: the spec's own fields, the
        policies (``policy``: ``CARD=POLICY`` texts; the casualty orders, Gout's target
        and the assaulting formation, each the default where None) and the rule option.

        Examples
        --------
        >>> from oddsengine import FieldBattle
        >>> battle = FieldBattle.from_options(attacker="4R", defender="hapsburg: 3R",
        ...                                   attacker_casualty_order="RMC")
        >>> battle.policies.attacker_casualty_order
        ('regulars', 'mercenaries', 'cavalry')
        """
        from oddsengine.combat.options import Policies, RuleOptions

        given = {"attacker_casualty_order": attacker_casualty_order,
                 "defender_casualty_order": defender_casualty_order,
                 "assault_formation": assault_formation}  # fmt: skip
        # An empty order or formation is refused by the policies, not taken for none.
        chosen = {name: value for name, value in given.items() if value is not None}
        post_roll = {}
        if policy:  # the card records are read only when a policy names a card
            from oddsengine.combat.cards import land_post_roll_card

            mode = getattr(cls, "mode", "battle")  # a class of a kind that takes these inputs
            post_roll = post_roll_of(policy, land_post_roll_card(mode))
        return cls(
            policies=Policies(post_roll=post_roll, gout_target=gout_target, **chosen),
            options=RuleOptions(cards_as_printed=cards_as_printed),
            **fields,
        )

    def ignored_options(self, card_value: bool = False) -> dict:
        """The inputs this combat would ignore, by name, with why: Gout's target where
        Gout is not played, a policy of a card nobody plays, the printed reading of the
        cards where it keeps no card out (unless the cards valued, ``card_value``, are
        those of an assault, which it narrows)."""
        ignored = {}
        target = self.policies.gout_target
        if target is not None and self.gout_victim is None:
            card = _card_where("keeps_leader_out")  # 32: the target is chosen when played
            ignored["gout_target"] = (
                f"{target} is given but {card.name} (#{card.number}) is not played"
            )
        played = {card.slug for card in self.attacker_cards + self.defender_cards}
        played |= {card.slug for card in self.responses}
        for card in (card for card, _ in self.policies.post_roll if card not in played):
            ignored.setdefault("policy", f"{card}=... is given but {card} is not played")
        if self.options.cards_as_printed and not (self.mode == "assault" and card_value):
            # It only refuses a few cards (their records' printed_engagements): once the
            # combat is built, it changed nothing.
            from oddsengine.combat.cards import CARD_RULES

            narrowed = [rule.card.name for rule in CARD_RULES.values() if rule.printed_engagements]
            ignored["cards_as_printed"] = f"keeps {' and '.join(narrowed)} out of assaults: " + (
                "a field battle is the same with or without it"
                if self.mode == "battle"
                else "neither is played here, so it changes nothing"
            )
        return ignored


def card_name(number: int) -> str:
    """The name of the combat card of ``number`` (its record's), for words that name it."""
    from oddsengine.combat.cards import CARDS

    return next(card.name for card in CARDS.values() if card.number == number)


def card_slug(number: int) -> str:
    """The command-line name of the combat card of ``number`` (its record's)."""
    from oddsengine.combat.cards import CARDS

    return next(card.slug for card in CARDS.values() if card.number == number)

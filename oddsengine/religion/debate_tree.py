"""A debate's tree of draws (RULES.md §20 steps 2–8, readings §23.10–14), every choice
made: the draw of round 1's debaters (with Leipzig Debate's pick or bar, the defender's
pool and Here I Stand), their hits, and on a tie the draw of round 2's (with Here I Stand
and Bullinger) and their hits.

Each node is a :class:`~oddsengine.religion.debate_nodes.Matchup`: the two debaters of a
round with their dice and the bonuses that act; a round-1 node holds its round-2 children.
A cell of the tree is ``(node, hit difference + offset, Campeggio's die)``, the difference
being the initiator's hits less the other's. The exact engine weighs every cell, the Monte
Carlo counts them; :meth:`DebateTree.cell_columns
<oddsengine.religion.debate_nodes.DebateTree.cell_columns>` turns cells into outcomes for
both. This module builds the tree (:func:`build_tree`); :mod:`oddsengine.religion.debate_nodes`
holds what it builds.

Every "best" choice maximises the choosing side's objective (``net``: expected spaces
flipped its way less those flipped against it, plus the VP it gains less the VP it
concedes; ``wins``: its chance of winning), computed exactly over what follows the choice.

Examples
--------
>>> from oddsengine.religion.debate import Debate
>>> tree = Debate("german", "papacy", turn=1, attacker="Eck", defender="Carlstadt",
...               committed="Carlstadt").tree
>>> [(m.papal, m.protestant, m.probability) for m in tree.round_one]
[('Eck', 'Carlstadt', Fraction(1, 1))]
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from oddsengine.religion.cards import barring_card, card_putting_in, cards_in_effect_named
from oddsengine.religion.debate_dice import (
    difference_fractions,
    difference_pmf,
    round_value,
)
from oddsengine.religion.debate_nodes import DebateTree, Matchup
from oddsengine.religion.debate_rules import (
    DEFENDER_CHOICES,
    DebateError,
    bonus_applies,
    card_dice_of_initiator,
    initiator_dice,
    other_dice,
    papal_pool,
    protestant_pool,
)
from oddsengine.religion.debater_bonuses import DEBATER_BONUSES, bonus_of
from oddsengine.religion.records import religion_facts

__all__ = ["Matchup", "DebateTree", "build_tree", "difference_pmf", "difference_fractions",
           "DIFFERENCE_CHOICES"]  # fmt: skip

#: 23.13 and the policies: a choice within this of the best counts as equal (the first
#: in the order of the options is taken).
_EQUAL = 1e-12
#: The hit difference's column names (for the choices' reports).
DIFFERENCE_CHOICES = ("net", "wins")


class _Builder:
    """Builds the tree of one debate, making every choice."""

    def __init__(self, debate):
        self.debate = debate
        self.facts = religion_facts()
        self.papal_initiates = debate.papal_initiates
        self.eligible = debate.flip_caps
        self._children: dict = {}
        # Round 2's choice after a draw, by what it depends on (see round_two), and each
        # matchup's value to a side: made once, however many paths reach them.
        self._choices: dict = {}
        self._values: dict = {}
        # Each matchup's chance as a float, converted once (many paths share a matchup).
        self.chances: dict = {}
        # 23.11: the cards' dice on a Papal initiator's roll, the same in every matchup
        self.card_dice = card_dice_of_initiator(debate)
        # 20 step 6, 23.12: the debaters the Protestant may put in for round 2 by their own
        # bonus (Bullinger), when the bonus is on
        self.inserted_in_round_two = tuple(
            bonus
            for bonus in DEBATER_BONUSES.values()
            if bonus.inserted_in_round == 2 and bonus.slug in debate.active_bonuses
        )

    # -- values for the choices ------------------------------------------------------

    def _final_value(self, matchup: Matchup, papal_side: bool) -> float:
        """The expected objective of a round that decides (a tie scores 0) to the Papacy
        (``papal_side``) or the Protestant."""
        debaters = self.facts.debaters
        return round_value(
            matchup.initiator_dice,
            matchup.other_dice,
            debaters[matchup.papal].value,
            debaters[matchup.protestant].value,
            matchup.aleander,
            matchup.campeggio,
            self.papal_initiates,
            self.eligible,
            self.debate.objective,
            papal_side,
        )

    def value(self, matchup: Matchup, papal_side: bool) -> float:
        """The expected objective of a matchup and what follows it, to one side."""
        key = (matchup, papal_side)
        known = self._values.get(key)
        if known is not None:
            return known
        own = self._final_value(matchup, papal_side)
        if matchup.round == 2 or not matchup.children:
            self._values[key] = own
            return own
        tie = float(difference_pmf(matchup.initiator_dice, matchup.other_dice)[matchup.other_dice])
        # While the tree is built, a node's children are (matchup, insertion) pairs.
        values, chances = self._values, self.chances
        for child, _ in matchup.children:
            if (child, papal_side) not in values:
                self.value(child, papal_side)
        following = sum(chances[child] * values[child, papal_side] for child, _ in matchup.children)
        self._values[key] = value = own + tie * following
        return value

    # -- matchups --------------------------------------------------------------------

    def matchup(self, round_, papal, protestant, committed, probability, state=None):
        """The round's matchup of two debaters, their status read from ``committed``."""
        debate = self.debate
        papal_fresh, protestant_fresh = papal not in committed, protestant not in committed
        if self.papal_initiates:
            attack = initiator_dice(debate, papal, papal_fresh, self.card_dice)
            defence = other_dice(self.facts.debaters[protestant], not protestant_fresh)
        else:
            attack = initiator_dice(debate, protestant, protestant_fresh, self.card_dice)
            defence = other_dice(self.facts.debaters[papal], not papal_fresh)
        children = ()
        if round_ == 1:
            children = self.round_two(committed | {papal, protestant}, *state)
        # 20 step 7, 23.12: the final Papal debater's bonus, entering the round uncommitted
        bonus = bonus_of(papal)
        applies = bonus_applies(debate, bonus.slug, papal_fresh)
        made = Matchup(
            round_,
            papal,
            protestant,
            attack,
            defence,
            aleander=bool(bonus.extra_flips) and applies,
            campeggio=bool(bonus.cancel_chance) and applies,
            probability=probability,
            children=children,
        )
        self.chances[made] = float(probability)
        return made

    def _protestant_best(self, options, policy):
        """The option (a matchup) the Protestant takes: the first under ``first-chance``
        (options come drawn debater first, then the insertions), the best under ``best``."""
        if len(options) == 1:
            return 0
        if policy == "first-chance":
            return 1
        values = [self.value(option, papal_side=False) for option in options]
        best = max(values)
        return next(index for index, value in enumerate(values) if value >= best - _EQUAL)

    def round_two(self, committed: frozenset, luther_card: bool, path_chance=Fraction(1)):
        """23.10: round 2's matchups after round 1 (both sides draw from their uncommitted
        debaters, else from the committed ones), with the Protestant's insertions."""
        key = (committed, luther_card)
        cached = self._children.get(key)
        if cached is not None:
            return cached
        debate = self.debate
        papal = papal_pool(debate)
        fresh_papal = [name for name in papal if name not in committed]
        papal_draws = fresh_papal or list(papal)
        protestant = protestant_pool(debate)
        fresh = [name for name in protestant if name not in committed]
        protestant_draws = fresh or list(protestant)
        draws = len(papal_draws) * len(protestant_draws)
        chance = Fraction(1, draws)
        children = []
        card = card_putting_in()  # 20 step 6: Here I Stand's debater, in round 2 too
        card_policy = getattr(debate, card.debate_option)
        # The Protestant's choice after a draw reads the committed debaters only through
        # the status of the two drawn and of those he may put in: made once for each.
        # 20 step 6, 23.12: (debater, slug, policy) of each bonus that puts one in (Bullinger)
        bonuses = tuple(
            (bonus.debater, bonus.slug, getattr(debate, bonus.policy_option))
            for bonus in self.inserted_in_round_two
        )
        insertable = (card.puts_in, *(name for name, _, _ in bonuses))
        inserting = (luther_card, draws, *(name in committed for name in insertable))
        made = self._choices
        for papal_name in papal_draws:
            papal_fresh = papal_name not in committed
            for drawn in protestant_draws:
                draw = (papal_name, drawn, papal_fresh, drawn not in committed, inserting)
                choice = made.get(draw)
                if choice is None:
                    choice = made[draw] = self._round_two_choice(
                        (papal_name, drawn),
                        committed,
                        chance,
                        (luther_card, card, card_policy),
                        bonuses,
                    )
                children.append(choice)
        result = tuple(children)
        self._children[key] = result
        return result

    def _round_two_choice(self, draw, committed, chance, luther, bonuses):
        """Round 2's matchup after the ``draw`` (Papal, Protestant debater), the Protestant
        putting in Luther (``luther``: whether Here I Stand may, the card, its policy) or
        a debater by his bonus (``bonuses``, from :meth:`round_two`) as the policies say:
        ``(matchup, insertion)``."""
        debate = self.debate
        papal_name, drawn = draw
        luther_card, card, card_policy = luther
        options = [self.matchup(2, papal_name, drawn, committed, chance)]
        inserted, policies = [None], [card_policy]
        if (
            luther_card
            and card_policy != "never"
            and drawn != card.puts_in
            and debate.bar != card.puts_in
        ):
            options.append(self.matchup(2, papal_name, card.puts_in, committed, chance))
            inserted.append("luther_2")
            policies.append(card_policy)
        for name, slug, its_policy in bonuses:
            if (
                its_policy != "never"
                and name in debate.debaters
                and name not in committed
                and drawn != name
                and debate.bar != name
            ):
                options.append(self.matchup(2, papal_name, name, committed, chance))
                inserted.append(slug)
                policies.append(its_policy)
        # the policy of the first insertion offered decides between the options
        policy = policies[1] if len(policies) > 1 else card_policy
        chosen = self._protestant_best(options, policy)
        return options[chosen], inserted[chosen]

    def round_one(self, pool: str | None, pick: str | None, bar_chance=None):
        """Round 1's matchups: the attacker and the defender drawn (or named), Here I Stand
        played as the policy says. ``pool`` is the defender's (committed/uncommitted)."""
        debate = self.debate
        committed = frozenset(debate.committed)
        for card in cards_in_effect_named(debate.cards):
            if card.commits:
                committed |= {card.commits}  # the card commits him first (Papal Inquisition)
        own = papal_pool(debate) if self.papal_initiates else protestant_pool(debate)
        other = protestant_pool(debate) if self.papal_initiates else papal_pool(debate)
        if pick is not None:
            attackers = [pick]
        elif debate.attacker != "random":
            attackers = [debate.attacker]
        else:
            attackers = [name for name in own if name not in committed]
        if pool is None:
            defenders = [debate.defender]
        else:
            defenders = [name for name in other if (name in committed) == (pool == "committed")]
        if not attackers:
            return None
        if not defenders:
            return None
        chance = Fraction(1, len(attackers) * len(defenders))
        card = card_putting_in()
        policy = getattr(debate, card.debate_option)
        luther_card = card.slug in debate.cards and policy != "never"
        nodes = []
        for attacker in attackers:
            for defender in defenders:
                papal, protestant = (
                    (attacker, defender) if self.papal_initiates else (defender, attacker)
                )
                options = [self.matchup(1, papal, protestant, committed, chance, (luther_card,))]
                if luther_card and protestant != card.puts_in and debate.bar != card.puts_in:
                    # 20 step 3: Here I Stand puts Luther in for the drawn Protestant
                    # debater, committed or not (his own status sets his dice).
                    options.append(
                        self.matchup(1, papal, card.puts_in, committed, chance, (False,))
                    )
                chosen = self._protestant_best(options, policy)
                nodes.append((options[chosen], chosen == 1))
        return nodes

    def tree_value(self, nodes) -> float:
        """The initiator's objective over a whole tree."""
        return sum(
            float(node.probability) * self.value(node, self.papal_initiates) for node, _ in nodes
        )


def _share(chance: float) -> str:
    return f"{chance:.4f}"


def _key(slug: str) -> str:
    """A card's key among a debate's choices (``here_i_stand``)."""
    return slug.replace("-", "_")


def build_tree(debate) -> DebateTree:
    """The tree of ``debate`` with every choice made (see the module's notes)."""

    choices: dict[str, str] = {}
    objective = "expected net flips and VP" if debate.objective == "net" else "chance of winning"

    chooser = barring_card()  # 20 step 3: Leipzig Debate picks the attacker or bars one
    if chooser.slug in debate.cards and debate.attacker == "random" and debate.bar is None:
        builder = _Builder(debate)
        options = {}
        own = [name for name in papal_pool(debate) if name not in debate.committed]
        for name in own if chooser.picks_attacker else ():
            nodes, pool = _with_pool_of(builder, debate, pick=name)
            if nodes is not None:
                options[f"pick {name}"] = (nodes, pool, builder.tree_value(nodes))
        for name in protestant_pool(debate):
            barred = _barred(debate, name)
            if barred is None:
                continue
            # built when the barred debate was checked (its tree), not again
            other, *nodes_pool = _drawn(barred)
            if nodes_pool[0] is not None:
                options[f"bar {name}"] = (*nodes_pool, other.tree_value(nodes_pool[0]), other)
        if not options:  # no pick or bar leaves a defender: refused below, in words
            nodes = pool = None
        else:
            best = max(option[2] for option in options.values())
            use = next(name for name, option in options.items() if option[2] >= best - _EQUAL)
            choices[_key(chooser.slug)] = f"{use} (best for the Papacy's {objective}: {best:+.4f})"
            nodes, pool = options[use][0], options[use][1]
            if use.startswith("bar "):
                builder = options[use][3]
                debate = builder.debate
    else:
        builder, nodes, pool = _drawn(debate)
    if nodes is None:
        if debate.defender in ("committed", "uncommitted"):
            raise DebateError(
                f"defender: no {debate.defender} debater of the other side to draw from"
            )
        raise DebateError("attacker: the initiator has no uncommitted debater to attack with")
    if pool is not None:
        chosen, values = pool
        if debate.defender == "best":
            words = ", ".join(f"{name} {value:+.4f}" for name, value in values.items())
            choices["defender"] = f"{chosen} (best for the initiator's {objective}: {words})"
        else:
            choices["defender"] = chosen
    round_one = []
    luther_1 = luther_2 = 0.0
    inserted_by_bonus = {bonus.slug: 0.0 for bonus in builder.inserted_in_round_two}
    for node, luther in nodes:
        kids = node.children
        tie = float(difference_pmf(node.initiator_dice, node.other_dice)[node.other_dice])
        matchups = tuple(child for child, _ in kids)  # round 2's, without children
        for child, inserted in kids:
            weight = float(node.probability) * tie * builder.chances[child]
            if inserted == "luther_2":
                luther_2 += weight
            elif inserted is not None:
                inserted_by_bonus[inserted] += weight
        if luther:
            luther_1 += float(node.probability)
        round_one.append(
            Matchup(
                node.round,
                node.papal,
                node.protestant,
                node.initiator_dice,
                node.other_dice,
                node.aleander,
                node.campeggio,
                node.probability,
                matchups,
            )
        )
    card = card_putting_in()
    if card.slug in debate.cards:
        choices[_key(card.slug)] = (
            f"{card.puts_in} put in ({getattr(debate, card.debate_option)}): round 1 with "
            f"chance {_share(luther_1)}, round 2 with chance "
            f"{_share(luther_2)}"
        )
    for bonus in builder.inserted_in_round_two:
        if inserted_by_bonus[bonus.slug]:
            choices[bonus.slug] = (
                f"inserted in round 2 ({getattr(debate, bonus.policy_option)}) with chance "
                f"{_share(inserted_by_bonus[bonus.slug])}"
            )
    return DebateTree(debate, tuple(round_one), choices, None if pool is None else pool[0])


def _barred(debate, name):
    """The debate with Leipzig Debate barring ``name``, or None if nobody would be left."""
    from dataclasses import replace

    from oddsengine.errors import OddsEngineError

    try:
        return replace(debate, bar=name)
    except OddsEngineError:  # a bar the rules refuse is not an option
        return None


@lru_cache(maxsize=8)
def _drawn(debate):
    """The builder of ``debate`` (a debate without Leipzig Debate's choice to make) and
    round 1's nodes with the defender's pool (:func:`_with_pool_of`), kept for the last
    few debates: Leipzig Debate's bar options read those their barred debates made when
    they were checked (a debate builds its tree as it is made)."""
    builder = _Builder(debate)
    return (builder, *_with_pool_of(builder, debate))


def _with_pool_of(builder, debate, pick=None):
    """Round 1's nodes with the defender's pool chosen (the best one for the initiator
    when ``best``), and ``(pool, values)``; ``(None, None)`` when no pool has a debater."""
    if debate.defender not in DEFENDER_CHOICES:
        return builder.round_one(None, pick), None
    pools = ("uncommitted", "committed") if debate.defender == "best" else (debate.defender,)
    found = {pool: builder.round_one(pool, pick) for pool in pools}
    found = {pool: nodes for pool, nodes in found.items() if nodes is not None}
    if not found:
        return None, None
    values = {pool: builder.tree_value(nodes) for pool, nodes in found.items()}
    best = max(values.values())
    pool = next(pool for pool in found if values[pool] >= best - _EQUAL)
    return found[pool], (pool, values)

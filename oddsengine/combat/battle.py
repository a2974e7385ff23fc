"""One resolution of a battle: land field battles and assaults, naval battles and the
attempts of a foreign war.

Every battle of the game ends the same way once both sides have rolled (14 steps 8-9,
15.1, 16.2, 21.7; RULES.md §6, §7, §11, §13):

1. **Post-roll cards** (Janissaries, Siege Artillery, Professional Rowers): the attacker
   decides first, then the defender on seeing it. A card's policy is ``always`` or
   ``if-it-changes-the-outcome``: played only when its side is not reaching its goal and
   the card's dice, all hitting, could still reach it.
2. **Who prevails** on the hits: more hits wins, a tie to the defender (a field battle, a
   naval battle); an assault has its own test (15.1: no defender left, an attacker left).
3. **Hits become losses**: one land unit a hit (land, foreign war), or squadron pairs first
   at sea (16.2, :func:`~oddsengine.combat.naval.naval_losses`).
4. **Both wiped out**: the side that rolled more dice (post-roll dice included) keeps one
   unit, the defender on equal dice (14 step 9, 16.2, 21.7). Not in an assault.

Where the kinds differ, :func:`resolve_battle` takes a parameter: the goal the post-roll
cards try to turn, how a side's hits become the other side's losses and which unit a side
keeps. The defender's extra die (land; at sea only in a port; never in a foreign war) is in
the dice each kind counts before the roll, and retreat (at sea a side that must leave with
nowhere to go loses its ships; none after a foreign-war attempt) follows the resolution.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = [
    "POST_ROLL_POLICIES",
    "PostRollCard",
    "attacker_wins_on_hits",
    "play_post_roll",
    "resolve_battle",
]

SIDES = ("attacker", "defender")

#: How a card played after seeing both rolls (Janissaries, Siege Artillery) is used:
#: ``always`` spends it on every roll; ``if-it-changes-the-outcome`` (the default) spends
#: it only when the side would otherwise lose and the extra dice can still turn the result
#: (:func:`play_post_roll`). Here, not with the rule options: a naval battle reads them
#: without loading the land options and forces.
POST_ROLL_POLICIES = ("if-it-changes-the-outcome", "always")


@dataclass(frozen=True)
class PostRollCard:
    """A card a side may play after seeing both rolls.

    Parameters
    ----------
    dice : int
        The dice the card adds (its hits come from the draw plan's extra values).
    policy : {"if-it-changes-the-outcome", "always"}
    slug : str
        The card's slug, for its ``card_spent:<slug>`` event.
    """

    dice: int
    policy: str
    slug: str = ""


def attacker_wins_on_hits(attacker_hits, defender_hits, post_dice=(0, 0)):
    """14 step 8, 16.2: the side with more hits wins; a tie goes to the defender
    (``post_dice``, the post-roll dice rolled, do not matter).

    Examples
    --------
    >>> attacker_wins_on_hits(3, 2), attacker_wins_on_hits(2, 2)
    (True, False)
    """
    return attacker_hits > defender_hits


def play_post_roll(hits, extras, cards, goal, shape):
    """Play each side's post-roll cards on the hits of every cell.

    Parameters
    ----------
    hits : (attacker_hits, defender_hits)
    extras : (attacker_extra, defender_extra)
        The hits of each side's post-roll dice; several cards of a side are coded in
        mixed radix, its first card in the lowest digit.
    cards : (tuple of PostRollCard, tuple of PostRollCard)
        Each side's cards in the order they are played.
    goal : callable
        ``goal(attacker_hits, defender_hits, post_dice)``: what the attacker plays for and
        the defender plays against (the policy ``if-it-changes-the-outcome``);
        ``post_dice`` is (attacker, defender) post-roll dice rolled with the card weighed,
        for a goal that the both-wiped-out rule decides (a foreign war, 21.7).
    shape : tuple
        The shape of the cells (of a card played ``always``).

    Returns
    -------
    hits : [attacker_hits, defender_hits]
        After the cards played.
    spent_dice : [attacker_dice, defender_dice]
        Post-roll dice each side rolled (for the both-wiped-out rule).
    spent : list of (role, PostRollCard, bool array)
        Whether each card was played, card by card.
    """
    hits = list(hits)
    spent_dice = [0, 0]
    spent = []
    for index, role in enumerate(SIDES):
        radix = 1
        for card in cards[index]:
            if len(cards[index]) == 1:
                card_hits = extras[index]
            else:
                card_hits = (extras[index] // radix) % (card.dice + 1)
                radix *= card.dice + 1
            with_card = list(spent_dice)
            with_card[index] = with_card[index] + card.dice
            if card.policy == "always":
                played = np.ones(shape, dtype=bool)
            elif role == "attacker":
                # Played when losing and its dice, all hitting, could still win.
                played = ~goal(hits[0], hits[1], spent_dice) & goal(
                    hits[0] + card.dice, hits[1], with_card
                )
            else:
                # Played when losing and its dice, all hitting, could still hold.
                played = goal(hits[0], hits[1], spent_dice) & ~goal(
                    hits[0], hits[1] + card.dice, with_card
                )
            hits[index] = hits[index] + np.where(played, card_hits, 0)
            spent_dice[index] = spent_dice[index] + played * card.dice
            spent.append((role, card, played))
    return hits, spent_dice, spent


def resolve_battle(
    hits,
    extras,
    cards,
    dice,
    units_left,
    keep_one=None,
    goal=attacker_wins_on_hits,
    prevails=attacker_wins_on_hits,
):
    """Resolve every cell of a battle from both sides' hits (steps 1-4 of the module).

    Parameters
    ----------
    hits, extras, cards :
        As :func:`play_post_roll`.
    dice : (attacker_dice, defender_dice)
        Dice each side rolled before the post-roll cards, per cell or for all cells.
    units_left : callable
        ``units_left(role, hits_against, loses)`` gives ``(left, wiped_out)``: the side's
        units after the other side's hits (``loses`` tells whether it lost the battle,
        which the loser's odd hit at sea needs) and whether none is left.
    keep_one : callable or None
        ``keep_one(role, left, keeps)``: ``left`` with one unit kept where ``keeps``;
        None where both sides may be wiped out (an assault, 15.1).
    goal : callable
        What the post-roll cards play for, as in :func:`play_post_roll` (default: the
        attacker wins on hits).
    prevails : callable
        Whether the attacker wins on the final hits (default: more hits, a tie to the
        defender).

    Returns
    -------
    dict
        ``hits``, ``attacker_prevails``, ``left`` (per side, as ``units_left`` gives
        them), ``wiped_out``, ``spent`` (as :func:`play_post_roll`).

    Examples
    --------
    Two land sides of 2 units with 2 and 3 hits: both are wiped out, the attacker wins
    on hits, and the defender keeps one unit on equal dice (14 step 9).

    >>> def units_left(role, hits_against, loses):
    ...     left = np.maximum(2 - np.asarray(hits_against), 0)
    ...     return left, left == 0
    >>> def keep_one(role, left, keeps):
    ...     return np.where(keeps, 1, left)
    >>> out = resolve_battle((3, 2), (0, 0), ((), ()), (4, 4), units_left, keep_one)
    >>> bool(out["attacker_prevails"]), [int(side) for side in out["left"]]
    (True, [0, 1])
    """
    shape = np.shape(hits[0])
    hits, spent_dice, spent = play_post_roll(hits, extras, cards, goal, shape)
    attacker_prevails = prevails(hits[0], hits[1])
    left, wiped_out = [], []
    for role, hits_against, loses in (
        ("attacker", hits[1], ~attacker_prevails),
        ("defender", hits[0], attacker_prevails),
    ):
        side_left, gone = units_left(role, hits_against, loses)
        left.append(side_left)
        wiped_out.append(gone)
    if keep_one is not None:
        # 14 step 9, 16.2, 21.7: both wiped out, the side that rolled more dice keeps one
        # unit (the defender on equal dice); the winner is still decided by hits.
        both_gone = wiped_out[0] & wiped_out[1]
        attacker_keeps = both_gone & (dice[0] + spent_dice[0] > dice[1] + spent_dice[1])
        left[0] = keep_one("attacker", left[0], attacker_keeps)
        left[1] = keep_one("defender", left[1], both_gone ^ attacker_keeps)  # where it does not
    return {
        "hits": hits,
        "attacker_prevails": attacker_prevails,
        "left": left,
        "wiped_out": wiped_out,
        "spent": spent,
    }

"""A deliberately naive reference for the attempts of the religious struggle (RULES.md
§17, §18): every die rolled one at a time, as the rulebook tells it, sharing no code with
the engine. Run it under :func:`naive_reference.enumerate_exactly` for the exact
distribution, or with :class:`naive_reference.RandomDice` for samples."""

from __future__ import annotations


def highest(dice, count):
    """Roll ``count`` dice one by one and keep the highest."""
    best = 0
    for _ in range(count):
        best = max(best, dice.face())
    return best


def attempt(dice, attempting, protestant_dice, papal_dice, ties, modifier=0):
    """One attempt. ``attempting`` is "protestant" (Reformation, §17) or "papacy"
    (Counter-Reformation, §18); the dice are the totals rolled (minimum and bonus dice
    already counted); ``modifier`` is added to every die of the attempting side, a result
    below 0 kept at 0. Returns ``(success, automatic, protestant_highest, papal_highest)``,
    a side's highest None when it does not roll."""
    attacker_dice = protestant_dice if attempting == "protestant" else papal_dice
    defender_dice = papal_dice if attempting == "protestant" else protestant_dice
    # Steps 4 and 6: the attacker rolls first, with every die modified.
    attacker = max(highest(dice, attacker_dice) + modifier, 0)
    # Step 5: a modified 6 succeeds at once where the attempting side wins ties.
    if attacker >= 6 and ties == attempting:
        defender = None
        success, automatic = True, True
    else:
        defender = highest(dice, defender_dice)
        automatic = False
        if attacker > defender:
            success = True
        elif attacker == defender:
            success = ties == attempting  # step 7: the tie side
        else:
            success = False
    if attempting == "protestant":
        return success, automatic, attacker, defender
    return success, automatic, defender, attacker

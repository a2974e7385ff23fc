"""A deliberately naive theological debate (RULES.md §20, readings §23.10-13): debaters
drawn and dice rolled one by one, trial by trial, as the rulebook describes.

It shares no code with the engine but the debater records (names, sides, values, zones):
the pools, the dice, the second round, Aleander's flip, Campeggio's die, burning and
disgrace are written out again here. It plays no policy (no card, no insertion), so it is
compared with debates that make no choice.
"""

from __future__ import annotations

from collections import Counter

import numpy as np

from oddsengine.religion.records import religion_facts


def _hits(rng, dice: int) -> int:
    return sum(int(rng.integers(1, 7)) >= 5 for _ in range(dice))  # 20 step 5: 5-6 hit


def naive_debate(
    zone,
    initiator,
    in_play,
    committed,
    attacker,
    defender_pool,
    trials,
    seed,
    defender=None,
    spaces=None,
):
    """Play ``trials`` debates; return a Counter of outcomes and events.

    ``attacker`` is a name or None (random uncommitted); ``defender_pool`` is
    ``"committed"`` or ``"uncommitted"`` (or ``defender`` a name). ``spaces``, when given,
    is ``{"protestant": [...], "catholic": [...]}``: the spaces each winner flips, in order
    (a board's); a win flips no more of them than there are, and each one flipped is
    counted as ``protestant:SPACE`` / ``catholic:SPACE``.
    """
    facts = religion_facts()
    rng = np.random.default_rng(seed)
    papal_calls = initiator == "papacy"
    papal = [n for n in in_play if facts.debater(n).side == "papal"]
    protestant = [
        n
        for n in in_play
        if facts.debater(n).side == "protestant" and facts.debater(n).zone == zone
    ]
    own, other = (papal, protestant) if papal_calls else (protestant, papal)
    seen = Counter()
    for _ in range(trials):
        done = set(committed)
        if attacker is None:
            first = [n for n in own if n not in done]
            mine = first[int(rng.integers(len(first)))]
        else:
            mine = attacker
        if defender is None:
            pool = [n for n in other if (n in done) == (defender_pool == "committed")]
            theirs = pool[int(rng.integers(len(pool)))]
        else:
            theirs = defender
        for round_ in (1, 2):
            mine_value, theirs_value = facts.debater(mine).value, facts.debater(theirs).value
            mine_dice = mine_value + 3
            if mine == "Eck" and mine not in done:
                mine_dice += 1
            theirs_dice = theirs_value + (1 if theirs in done else 2)
            pope = mine if papal_calls else theirs
            pope_fresh = pope not in done
            difference = _hits(rng, mine_dice) - _hits(rng, theirs_dice)
            done |= {mine, theirs}
            if difference != 0:
                break
            if round_ == 2:
                break
            seen["second_round"] += 1
            fresh_papal = [n for n in papal if n not in done] or papal
            fresh_protestant = [n for n in protestant if n not in done] or protestant
            new_papal = fresh_papal[int(rng.integers(len(fresh_papal)))]
            new_protestant = fresh_protestant[int(rng.integers(len(fresh_protestant)))]
            mine, theirs = (
                (new_papal, new_protestant) if papal_calls else (new_protestant, new_papal)
            )
        if difference == 0:
            seen["inconclusive"] += 1
            seen["flips:0"] += 1
            continue
        papal_won = (difference > 0) == papal_calls
        winner_debater, loser = (mine, theirs) if difference > 0 else (theirs, mine)
        if not papal_won and pope == "Campeggio" and pope_fresh:
            if int(rng.integers(1, 7)) >= 5:
                seen["inconclusive"] += 1
                seen["campeggio_ignores"] += 1
                seen["flips:0"] += 1
                continue
        seen["papal_wins" if papal_won else "protestant_wins"] += 1
        flips = abs(difference) + (1 if pope == "Aleander" and pope_fresh else 0)
        if spaces is not None:
            side = "catholic" if papal_won else "protestant"
            flips = min(flips, len(spaces[side]))  # 23.14: no more than the board allows
            for space in spaces[side][:flips]:
                seen[f"{side}:{space}"] += 1
        seen[f"flips:{flips}"] += 1
        if abs(difference) > facts.debater(loser).value:
            seen[f"{'burnt' if papal_won else 'disgraced'}:{loser}"] += 1
        del winner_debater
    return seen

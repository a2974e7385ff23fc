"""A run's board as bit masks over the land spaces (RULES.md §16-§19): which spaces the
next attempt may target and the chance of each, for any state of the run (the spaces
targeted and the spaces flipped so far). The exact search and the Monte Carlo of runs both
read it (:mod:`oddsengine.engines.attempt_runs_exact`,
:mod:`oddsengine.engines.attempt_runs_montecarlo`).

Examples
--------
>>> from oddsengine.religion.religion_scenario import load_religious_board
>>> from oddsengine.religion.attempt_runs import AttemptRun
>>> model = AttemptRun(load_religious_board("religion_example"), "95-theses").model
>>> sorted(model.names[i] for i in model.eligible(0, 0))
['Breslau', 'Leipzig', 'Lübeck', 'Magdeburg', 'Prague', 'Stettin']
>>> model.chance(model.index["Stettin"], 0, 0)[1:]
(3, 1, 'protestant')
"""

from __future__ import annotations

from collections import deque
from math import comb

from oddsengine.religion.attempt_odds import success_chance
from oddsengine.religion.attempt_sources import AttemptSource
from oddsengine.religion.cards import cards_in_effect_named
from oddsengine.religion.religious_board import TIE_WINNING_POPES, ReligiousBoard

__all__ = ["MAX_SEARCH_STATES", "RunModel", "bits", "popcount", "too_large_to_search"]

#: The most states the optimal search of a run visits: beyond it a fixed policy's Monte
#: Carlo answers (a few million states is about a minute of Python). The exact engine
#: (:mod:`oddsengine.engines.attempt_runs_exact`) holds its own copy of it.
MAX_SEARCH_STATES = 3_000_000


def popcount(mask: int) -> int:
    """The number of spaces in a mask."""
    return mask.bit_count()


class RunModel:
    """The board of a run as bit masks over its land spaces: the fast, exact model that
    the policy search and the policies' evaluation share."""

    def __init__(self, board: ReligiousBoard, source: AttemptSource, bonus: dict):
        from oddsengine.moves.board import load_board
        from oddsengine.religion.records import religion_facts

        facts, game_board = religion_facts(), load_board()
        self.board, self.source = board, source
        self.side = source.side
        self.names = [space.name for space in game_board if space.is_land]
        self.index = {name: i for i, name in enumerate(self.names)}
        bit = {name: 1 << i for name, i in self.index.items()}

        def mask(names) -> int:
            total = 0
            for name in names:
                total |= bit[name]
            return total

        self.bit = bit
        self.normal = []
        self.adjacent = []
        self.port_peers = []
        for name in self.names:
            normal = [
                n.name
                for n in game_board.neighbours(name)
                if game_board.connection(name, n.name) != "pass"
            ]
            self.normal.append(mask(normal))
            self.adjacent.append(mask(n.name for n in game_board.neighbours(name)))
            peers = set()
            if game_board.is_port(name):
                for zone in game_board.sea_zones_of(name):
                    peers.update(
                        p.name
                        for p in game_board.neighbours(zone.name, land_only=False)
                        if p.is_land and p.name != name
                    )
            self.port_peers.append(mask(peers))
        self.never = mask(facts.never_convert)
        self.protestant0 = mask(board.protestant)
        self.unrest0 = mask(board.unrest)
        self.reformers = mask(space for _, space in board.reformers)
        self.universities = mask(board.universities)
        self.protestant_stacks = mask(n for n in self.names if board.has_stack(n, "protestant"))
        self.catholic_stacks = mask(n for n in self.names if board.has_stack(n, "catholic"))
        display = () if board.schmalkaldic_league else board.electorate_display
        self.display = mask(display) if self.side == "protestant" else 0
        self.electorates = mask(facts.electorates)
        self.targeted0 = mask(board.targeted)
        zones = set(source.target_zones)
        self.in_zone = mask(n for n in self.names if facts.zone_of(n) in zones)
        allowed = mask(self.names) & ~self.never
        if source.only_in_zone:
            allowed &= self.in_zone
        if source.only_spaces:
            allowed &= mask(source.only_spaces)
        self.allowed = allowed
        self.bonus_mask, self.bonus_dice = bonus.get("mask", 0), bonus.get("dice", 0)
        lasting = cards_in_effect_named(board.this_turn)
        # 17 step 3: the dice of the cards in effect this turn on every Reformation attempt
        # (Printing Press); a card's own event has them in its source's dice already.
        own = source.card or source.name
        self.turn_dice = tuple(
            (card, card.reformation_dice)
            for card in lasting
            if self.side == "protestant" and card.reformation_dice and card.slug != own
        )
        self.extra_dice = source.bonus_dice + sum(dice for _, dice in self.turn_dice)
        wins_ties_in_zone = self.side == "protestant" or board.papal_ruler in TIE_WINNING_POPES
        self.wins_ties_in_zone = wins_ties_in_zone
        # 18, 23.2: on every Papal die of a Counter-Reformation attempt (Augsburg Confession)
        self.papal_modifier = (
            sum(card.counter_reformation_modifier for card in lasting)
            if self.side == "papacy"
            else 0
        )
        self._dice_cache: dict = {}
        self._eligible_cache: dict = {}
        self._counted: dict = {}  # search_states, by (attempts, limit)

    # -- the size of the search ----------------------------------------------------------

    def reach(self, attempts: int) -> set[int]:
        """The indices of the spaces some attempt of a run of ``attempts`` may target: a
        space eligible only after ``d`` flips needs ``d`` attempts before its own.

        A space is eligible by one neighbour or one port of the attempting side's influence
        (17 step 1, 18), so the fewest flips before it is its distance from the spaces
        eligible at the start, each flip one step (failures, and Carlstadt's unrest, only
        ever take eligibility away)."""
        reached: set[int] = set()
        flipped = 0
        level = self.eligible(0, 0)
        for _ in range(attempts):
            level = [i for i in level if i not in reached]
            if not level:
                break
            reached.update(level)
            for i in level:
                flipped |= 1 << i
            level = self.eligible(flipped, flipped)
        return reached

    def search_states(self, attempts: int, limit: int | None = None) -> int:
        """The states (spaces targeted, spaces flipped) the optimal search of ``attempts``
        attempts keeps, counted without searching: exactly, or, given ``limit``, as soon
        as the count passes it (then a number above ``limit``, at most the true count).

        An eligible space stays eligible until it is targeted: a flip only adds neighbours
        of the attempting side (17 step 1, 18), and Carlstadt's unrest lands on a space
        that stayed the other side's, so it never cuts a link. So a state with the spaces
        ``F`` flipped is reached if and only if ``F`` can be flipped one space after another
        (each eligible once the earlier ones turned), and its failed targets are any
        ``j`` of the ``e`` spaces eligible with ``F`` turned, ``|F| + j`` at most
        ``attempts``: the count is the sum over such ``F`` of ``comb(e, j)``. It visits
        each set of flips once, not each state with its chances, so it takes a small part
        of the search's time.

        Examples
        --------
        >>> from oddsengine.religion.religion_scenario import load_religious_board
        >>> from oddsengine.religion.attempt_runs import AttemptRun
        >>> model = AttemptRun(load_religious_board("religion_example"), "95-theses").model
        >>> len(model.eligible(0, 0)), model.search_states(1)  # 1 + 6 spaces x 2 outcomes
        (6, 13)
        """
        asked = (attempts, limit)
        if asked not in self._counted:
            self._counted[asked] = self._search_states(attempts, limit)
        return self._counted[asked]

    def _search_states(self, attempts: int, limit: int | None) -> int:
        # The eligible spaces as masks: those of the start, and those each flip opens
        # (a neighbour of the flipped space, unless it stood in unrest, or a port on its
        # sea zones; 17 step 1), among the spaces of the other side that may be targeted.
        start = 0
        for i in self.eligible(0, 0):
            start |= 1 << i
        targetable = self.allowed & ~self.targeted0
        targetable &= (
            ~self.protestant0 & ~self.never if self.side == "protestant" else (self.protestant0)
        )
        opens = [0] * len(self.names)
        for i in bits(targetable):
            for j in bits(self.adjacent[i] & ~self.unrest0):
                opens[j] |= 1 << i
            for j in bits(self.port_peers[i]):
                opens[j] |= 1 << i
        # 17 step 1, 18: a space stays eligible until it is targeted (flips only open)
        total = 0
        seen = {0}
        waiting = deque([(0, 0)])  # (spaces flipped, what they opened): fewest flips first
        while waiting:
            flipped, opened = waiting.popleft()
            turned = popcount(flipped)
            options = (start | opened) & targetable & ~flipped
            total += sum(comb(popcount(options), j) for j in range(attempts - turned + 1))
            if limit is not None and total > limit:
                return total
            if turned < attempts:
                for i in bits(options):
                    following = flipped | 1 << i
                    if following not in seen:
                        seen.add(following)
                        waiting.append((following, opened | opens[i]))
        return total

    # -- one state ---------------------------------------------------------------------

    def protestant_mask(self, flipped: int) -> int:
        if self.side == "protestant":
            return self.protestant0 | flipped
        return self.protestant0 & ~flipped

    def unrest_mask(self, targeted: int, flipped: int) -> int:
        if not self.source.unrest_on_failure:
            return self.unrest0
        # 23.8: each of Carlstadt's failures puts unrest on its target at once
        return self.unrest0 | (targeted & ~flipped & ~self.targeted0)

    def eligible(self, targeted: int, flipped: int) -> list[int]:
        """The indices of the spaces the next attempt may target (17 step 1, 18)."""
        key = (targeted, flipped)
        found = self._eligible_cache.get(key)
        if found is not None:
            return found
        protestant = self.protestant_mask(flipped)
        catholic = ~protestant & ~self.never
        unrest = self.unrest_mask(targeted, flipped)
        own = protestant if self.side == "protestant" else catholic
        special = self.reformers if self.side == "protestant" else self.universities
        candidates = self.allowed & ~targeted & ~self.targeted0
        candidates &= catholic if self.side == "protestant" else protestant
        found = []
        linked = own & ~unrest
        for i in bits(candidates):
            b = 1 << i
            if b & special or self.adjacent[i] & linked or self.port_peers[i] & own:
                found.append(i)
        self._eligible_cache[key] = found
        return found

    def chance(self, target: int, targeted: int, flipped: int) -> tuple[float, int, int, str]:
        """The success chance of an attempt on ``target`` now, with the dice and the tie
        side."""
        protestant = self.protestant_mask(flipped)
        unrest = self.unrest_mask(targeted, flipped)
        local = self.normal[target] | (1 << target)
        key = (target, protestant & local, unrest & local)
        found = self._dice_cache.get(key)
        if found is None:
            found = self._chance(target, protestant, unrest, flipped)
            self._dice_cache[key] = found
        return found

    def _chance(self, target, protestant, unrest, flipped):
        b = 1 << target
        catholic = ~protestant & ~self.never
        stacks = self.protestant_stacks | (flipped & self.display)  # 16: regulars arrive
        neighbours = self.normal[target] & ~unrest  # 17 step 2: no pass, no unrest
        protestant_dice = (
            popcount(neighbours & protestant)
            + popcount(neighbours & self.reformers)
            + popcount(neighbours & stacks)
            + 2 * bool(b & self.reformers)
            + 2 * bool(b & stacks)
        )
        papal_dice = (
            popcount(neighbours & catholic)
            + popcount(neighbours & self.universities)
            + popcount(neighbours & self.catholic_stacks)
            + 2 * bool(b & self.universities)
            + 2 * bool(b & self.catholic_stacks)
        )
        protestant_dice, papal_dice = max(protestant_dice, 1), max(papal_dice, 1)  # 23.4
        extra = self.extra_dice + (self.bonus_dice if b & self.bonus_mask else 0)
        in_zone = bool(b & self.in_zone)
        modifier = self.modifier_at(target)
        if self.side == "protestant":
            protestant_dice += extra
            ties = "protestant" if in_zone else "papacy"  # 17 step 7
            p = success_chance("protestant", protestant_dice, papal_dice, ties, modifier)
        else:
            papal_dice += extra
            ties = "papacy" if (in_zone and self.wins_ties_in_zone) else "protestant"  # 18
            p = success_chance("papacy", papal_dice, protestant_dice, ties, modifier)
        return p, protestant_dice, papal_dice, ties

    def modifier_at(self, target: int) -> int:
        """What is added to every die of the attempting side in an attempt on ``target``:
        a Reformation source's +1 in its target zone only (17 step 4), the Papal dice's
        modifier of the cards in effect this turn anywhere (18, 23.2)."""
        if self.side == "protestant":
            return self.source.modifier if self.in_zone >> target & 1 else 0
        return self.papal_modifier


def too_large_to_search(
    model: RunModel, attempts: int, limit: int = MAX_SEARCH_STATES
) -> str | None:
    """Why the optimal search of ``attempts`` attempts on ``model`` is refused before it
    starts (its states, counted first by :meth:`RunModel.search_states`, pass ``limit``),
    naming the fixed policies, which answer it exactly (or by Monte Carlo); None when it
    fits."""
    counted = model.search_states(attempts, limit)
    if counted <= limit:
        return None
    return (
        f"the run of {attempts} attempts has more than {limit:,} states to search (counted "
        "before searching): play a fixed policy instead, answered exactly without a search "
        "(--policy greedy, or order:SPACE,...) or rolled die by die (--policy greedy "
        "--monte-carlo)"
    )


def bits(mask: int):
    """The indices of the spaces in a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low

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

from math import comb

from oddsengine.religion.attempt_odds import success_chance
from oddsengine.religion.attempt_sources import AttemptSource
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
            normal = [n.name for n in game_board.neighbours(name)
                      if game_board.connection(name, n.name) != "pass"]
            self.normal.append(mask(normal))
            self.adjacent.append(mask(n.name for n in game_board.neighbours(name)))
            peers = set()
            if game_board.is_port(name):
                for zone in game_board.sea_zones_of(name):
                    peers.update(p.name for p in game_board.neighbours(zone.name, land_only=False)
                                 if p.is_land and p.name != name)
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
        cards = board.this_turn
        self.extra_dice = source.bonus_dice
        if self.side == "protestant" and "printing-press" in cards and source.name != (
            "printing-press"
        ):
            self.extra_dice += 1  # 17 step 3: Printing Press played this turn
        wins_ties_in_zone = self.side == "protestant" or board.papal_ruler in TIE_WINNING_POPES
        self.wins_ties_in_zone = wins_ties_in_zone
        # 18, 23.2: Augsburg Confession: -1 on every Papal die of a Counter-Reformation
        self.papal_modifier = -1 if (self.side == "papacy" and "augsburg-confession" in cards
                                     ) else 0
        self._dice_cache: dict = {}
        self._eligible_cache: dict = {}

    # -- the size of the search ----------------------------------------------------------

    def fewest_states(self, attempts: int) -> int:
        """A lower bound of the states (spaces targeted, spaces flipped) the optimal search
        of ``attempts`` attempts visits, counted before searching.

        The search visits every state the run can reach, and an eligible space stays
        eligible until it is targeted: the spaces turned only add neighbours of the
        attempting side (17 step 1, 18), and Carlstadt's unrest lands on a space that
        stayed the other side's, so it never cuts a link. Hence every set of at most
        ``attempts`` of the spaces eligible now (``n`` of them), targeted in any order and
        each flipped or not, is reached: ``sum(comb(n, t) * 2**t)``. To these the count
        adds, for the one first flip that opens the most new spaces, the states that reach
        them. Only states surely reached are counted, so a run whose search fits is never
        refused by this bound.

        Examples
        --------
        >>> from oddsengine.religion.religion_scenario import load_religious_board
        >>> from oddsengine.religion.attempt_runs import AttemptRun
        >>> model = AttemptRun(load_religious_board("religion_example"), "95-theses").model
        >>> len(model.eligible(0, 0)), model.fewest_states(1)  # 1 + 6 spaces x 2 outcomes
        (6, 13)
        """
        now = self.eligible(0, 0)
        n = len(now)
        fewest = sum(comb(n, t) << t for t in range(min(n, attempts) + 1))
        opened = 0
        for first in now:
            bit = 1 << first
            m = len(set(self.eligible(bit, bit)) - set(now))  # opened by its flip
            # the first space flipped, at least one space it opened, any others of now
            opened = max(opened, sum(
                comb(n - 1, i) * comb(m, j) << (i + j)
                for j in range(1, m + 1) for i in range(n) if i + j <= attempts - 1))
        return fewest + opened

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
            popcount(neighbours & protestant) + popcount(neighbours & self.reformers)
            + popcount(neighbours & stacks)
            + 2 * bool(b & self.reformers) + 2 * bool(b & stacks)
        )
        papal_dice = (
            popcount(neighbours & catholic) + popcount(neighbours & self.universities)
            + popcount(neighbours & self.catholic_stacks)
            + 2 * bool(b & self.universities) + 2 * bool(b & self.catholic_stacks)
        )
        protestant_dice, papal_dice = max(protestant_dice, 1), max(papal_dice, 1)  # 23.4
        extra = self.extra_dice + (self.bonus_dice if b & self.bonus_mask else 0)
        in_zone = bool(b & self.in_zone)
        if self.side == "protestant":
            protestant_dice += extra
            ties = "protestant" if in_zone else "papacy"  # 17 step 7
            modifier = self.source.modifier if in_zone else 0  # 17 step 4: zone only
            p = success_chance("protestant", protestant_dice, papal_dice, ties, modifier)
        else:
            papal_dice += extra
            ties = "papacy" if (in_zone and self.wins_ties_in_zone) else "protestant"  # 18
            p = success_chance("papacy", papal_dice, protestant_dice, ties,
                               self.papal_modifier)
        return p, protestant_dice, papal_dice, ties


def too_large_to_search(model: RunModel, attempts: int, limit: int = MAX_SEARCH_STATES
                        ) -> str | None:
    """Why the optimal search of ``attempts`` attempts on ``model`` is refused at once (its
    states surely exceed ``limit``: :meth:`RunModel.fewest_states`), naming the fixed
    policies' Monte Carlo that answers it; None when it may fit."""
    fewest = model.fewest_states(attempts)
    if fewest <= limit:
        return None
    return (
        f"the run of {attempts} attempts has more than {limit:,} states to search (at "
        f"least {fewest:,}, counted before searching): play a fixed policy instead "
        "(--policy greedy --monte-carlo, or order:SPACE,...)"
    )


def bits(mask: int):
    """The indices of the spaces in a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low

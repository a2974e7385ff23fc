"""A debate's tree as the engines read it (RULES.md §20 steps 2–8, readings §23.10–14):
each :class:`Matchup` (the two debaters of a round, their dice and the bonuses that act; a
round-1 node holds its round-2 children) and the :class:`DebateTree` of them with every
choice made, laid out as arrays for both engines and turned from cells into outcome
columns. :func:`~oddsengine.religion.debate_tree.build_tree` builds it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property

import numpy as np

from oddsengine.religion.debate_dice import capped_flips
from oddsengine.religion.records import religion_facts

__all__ = ["Matchup", "DebateTree"]


@dataclass(frozen=True, eq=False)
class Matchup:
    """The two debaters of one round (20 steps 4–5): who they are, their dice, whether
    Aleander's extra flip and Campeggio's die act (23.12), the chance of this draw given
    the path to it, and, for round 1, the round-2 matchups a tie leads to."""

    round: int
    papal: str
    protestant: str
    initiator_dice: int
    other_dice: int
    aleander: bool
    campeggio: bool
    probability: Fraction
    children: tuple = field(default=())


@dataclass(frozen=True, eq=False)
class DebateTree:
    """A debate's matchups with every choice made, laid out for both engines.

    Attributes
    ----------
    round_one : tuple of Matchup
        Round 1's matchups; each one's ``children`` are its round-2 matchups.
    choices : dict
        What each choice chose, in words (``{"defender": "uncommitted", ...}``).
    """

    debate: object
    round_one: tuple
    choices: dict
    pool: str | None = None

    @cached_property
    def nodes(self) -> tuple[Matchup, ...]:
        """Every matchup: round 1's, then each one's children in turn."""
        nodes = list(self.round_one)
        for matchup in self.round_one:
            nodes.extend(matchup.children)
        return tuple(nodes)

    @cached_property
    def max_dice(self) -> int:
        return max(max(m.initiator_dice, m.other_dice) for m in self.nodes)

    @property
    def differences(self) -> int:
        """The hit differences a cell may hold: ``-max_dice .. max_dice``."""
        return 2 * self.max_dice + 1

    @cached_property
    def arrays(self) -> dict:
        """The nodes as plain arrays (for the kernel and the cell columns).

        ``initiator_dice``, ``other_dice``, ``aleander``, ``campeggio``, ``round``,
        ``papal_value``, ``protestant_value`` (int64, one per node); ``papal``,
        ``protestant`` (the names); ``parent`` (a round-2 node's round-1 node, -1 for
        round 1); ``path`` (float: the chance of reaching the node's draw); ``first`` and
        ``count`` (a round-1 node's children, as node indices).
        """
        facts = religion_facts()
        nodes = self.nodes
        first = np.full(len(nodes), -1, dtype=np.int64)
        count = np.zeros(len(nodes), dtype=np.int64)
        parent = np.full(len(nodes), -1, dtype=np.int64)
        at = len(self.round_one)
        for index, matchup in enumerate(self.round_one):
            first[index], count[index] = at, len(matchup.children)
            parent[at : at + len(matchup.children)] = index
            at += len(matchup.children)
        return {
            "initiator_dice": np.array([m.initiator_dice for m in nodes], dtype=np.int64),
            "other_dice": np.array([m.other_dice for m in nodes], dtype=np.int64),
            "aleander": np.array([m.aleander for m in nodes], dtype=np.int64),
            "campeggio": np.array([m.campeggio for m in nodes], dtype=np.int64),
            "round": np.array([m.round for m in nodes], dtype=np.int64),
            "papal_value": np.array([facts.debaters[m.papal].value for m in nodes], dtype=np.int64),
            "protestant_value": np.array(
                [facts.debaters[m.protestant].value for m in nodes], dtype=np.int64
            ),
            "papal": np.array([m.papal for m in nodes], dtype=object),
            "protestant": np.array([m.protestant for m in nodes], dtype=object),
            "probability": [m.probability for m in nodes],
            "parent": parent,
            "first": first,
            "count": count,
        }

    @cached_property
    def _name_codes(self) -> dict:
        """Each node's debaters as whole numbers (``names``: a name's number), so that the
        cell columns compare numbers, not texts."""
        names = {
            name: code
            for code, name in enumerate(
                dict.fromkeys((*self.arrays["papal"], *self.arrays["protestant"]))
            )
        }
        return {
            "names": names,
            "papal": np.array([names[name] for name in self.arrays["papal"]], dtype=np.int64),
            "protestant": np.array(
                [names[name] for name in self.arrays["protestant"]], dtype=np.int64
            ),
        }

    @property
    def cells(self) -> int:
        return len(self.nodes) * self.differences * 2

    def cell_values(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``(node, difference index, Campeggio's die)`` of every cell, in cell order."""
        node, difference, die = np.meshgrid(
            np.arange(len(self.nodes)), np.arange(self.differences), np.arange(2), indexing="ij"
        )
        return node.ravel(), difference.ravel(), die.ravel()

    @cached_property
    def event_names(self) -> tuple[str, ...]:
        arrays = self.arrays
        papal_initiates = self.debate.papal_initiates
        papal_dice = arrays["initiator_dice"] if papal_initiates else arrays["other_dice"]
        protestant_dice = arrays["other_dice"] if papal_initiates else arrays["initiator_dice"]
        names = ["round_1:papal_wins", "round_1:protestant_wins", "second_round"]
        if arrays["campeggio"].any():
            names.append("campeggio_ignores")
        burnt = dict.fromkeys(arrays["protestant"][papal_dice > arrays["protestant_value"]])
        disgraced = dict.fromkeys(arrays["papal"][protestant_dice > arrays["papal_value"]])
        names += [f"burnt:{name}" for name in burnt]
        names += [f"disgraced:{name}" for name in disgraced]
        most = int(np.max(np.maximum(papal_dice, protestant_dice) + arrays["aleander"]))
        caps = [most if cap is None else min(most, cap) for cap in self.debate.flip_caps]
        most = max(caps)
        names += [f"flips:{count}" for count in range(most + 1)]
        return tuple(names)

    def cell_columns(self, values, eligible) -> dict:
        """The outcome, event and VP columns of cells ``(node, difference index, die)``.

        A decisive difference ``d`` flips ``|d|`` spaces (plus Aleander's one, 20 step 7),
        at most ``eligible`` (23.14), to the winner (``eligible``: one cap, or the pair
        of the Papal winner's and the Protestant winner's); a loser whose value is less than
        ``|d|`` is burnt or disgraced and the winner gains his value in VP (20 step 8,
        23.13). Campeggio, losing, ignores the result on his die's 5-6 (``die`` 1).
        """
        node, index, die = (np.asarray(value, dtype=np.int64) for value in values)
        arrays = self.arrays
        difference = index - self.max_dice
        papal_initiates = self.debate.papal_initiates
        decisive = difference != 0
        papal_won = decisive & ((difference > 0) == papal_initiates)
        protestant_lost_to = papal_won
        cancelled = decisive & ~papal_won & (arrays["campeggio"][node] == 1) & (die == 1)
        protestant_won = decisive & ~papal_won & ~cancelled
        size = np.abs(difference)
        flips = capped_flips(size + arrays["aleander"][node], papal_won, eligible)
        flips = np.where(papal_won | protestant_won, flips, 0)
        burnt = protestant_lost_to & (size > arrays["protestant_value"][node])
        disgraced = protestant_won & (size > arrays["papal_value"][node])
        outcome = np.full(node.size, "inconclusive", dtype=object)
        outcome[papal_won] = "papal_wins"
        outcome[protestant_won] = "protestant_wins"
        first_round = arrays["round"][node] == 1
        columns = {
            "outcome": outcome,
            # The round-1 roll alone (the 2017 example's figures): more hits, whatever
            # Campeggio's die then does.
            "round_1:papal_wins": first_round & papal_won,
            "round_1:protestant_wins": first_round & decisive & ~papal_won,
            "second_round": ~first_round,
        }
        if "campeggio_ignores" in self.event_names:
            columns["campeggio_ignores"] = cancelled
        codes = self._name_codes
        protestant_code, papal_code = codes["protestant"][node], codes["papal"][node]
        for name in self.event_names:
            if name.startswith("burnt:"):
                columns[name] = burnt & (protestant_code == codes["names"][name[6:]])
            elif name.startswith("disgraced:"):
                columns[name] = disgraced & (papal_code == codes["names"][name[10:]])
            elif name.startswith("flips:"):
                columns[name] = flips == int(name[6:])
        columns["papal_vp"] = np.where(burnt, arrays["protestant_value"][node], 0)
        columns["protestant_vp"] = np.where(disgraced, arrays["papal_value"][node], 0)
        columns["papal_flips"] = np.where(papal_won, flips, 0)
        columns["protestant_flips"] = np.where(protestant_won, flips, 0)
        return columns

"""England under Mary I (RULES.md §27, readings §30.10–§30.12): at each English card
impulse England shows its card; a Mandatory Event is resolved normally, any other card
goes through a die: on 1–3 (1/2) the Papacy takes it, and acts by the card's CP (1–2 CP a
Burn Books action in the English zone, 3 CP a debate in the English zone, 4 CP or more
both); England's impulse ends.

:class:`MaryI` is a frozen spec read by both engines like the combat specs: its draw plan
is four binomials, the Papacy's takings among the cards of each kind (Burn Books,
debate, both, and cards whose CP is not given). With a scenario's religious board, the
skip test of §27 step 4 reads the board, and the Papacy's Burn Books and debate are the
specs of the religious struggle (:meth:`MaryI.burn_books_run`, :meth:`MaryI.papal_debate`).

Examples
--------
>>> from oddsengine import exact
>>> answer = exact(MaryI(impulses=3))
>>> answer.p["at_least:1"]  # 1 - (1/2)**3
0.875
>>> exact(MaryI(cards=(2, 3, 5))).expected_values()["debates"]["mean"]  # (1 + 1) / 2
1.0
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

import numpy as np

from oddsengine.draws import DrawPlan, binomial_pmf
from oddsengine.england.inputs import listed, listed_number
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown
from oddsengine.option_field import option
from oddsengine.scenario_answers import check_scenario

__all__ = ["MaryI", "MANDATORY", "PAPACY_TAKES", "MAX_IMPULSES", "ACTIONS"]

#: 27 step 3: England rolls a die; on 1–3 the Papacy takes the card.
PAPACY_TAKES = 0.5
#: 27 step 2: a Mandatory Event is resolved normally, with no roll.
MANDATORY = "mandatory"
#: Mary I rules from turn 6 at the earliest (§26): four turns of up to ten impulses.
MAX_IMPULSES = 40
#: The most CP a card gives.
_MOST_CP = 6
#: 27 step 3: what the Papacy does with a card, by its CP (§30.10: only these actions).
ACTIONS = {1: "burn-books", 2: "burn-books", 3: "debate"}
#: 26: the first turn an heir of Henry's may rule.
_FIRST_TURN = 6


def _cards(value) -> tuple:
    """The cards shown, as CP (1..6) or ``"mandatory"``."""
    cards = []
    for part in listed(value, "cards must be each card's CP (1..6) or 'mandatory'"):
        if isinstance(part, str) and part.strip().casefold() in (MANDATORY, "m"):
            cards.append(MANDATORY)
            continue
        cp = listed_number(
            part,
            f"cards: {shown(part)} is neither a card's CP (1..6) nor 'mandatory'",
            f"cards: {shown(part)} is not a card's CP (1..6)",
        )
        if not 1 <= cp <= _MOST_CP:
            raise OddsEngineError(f"cards: a card gives 1..{_MOST_CP} CP, not {cp}")
        cards.append(int(cp))
    return tuple(cards)


def _action(card) -> str:
    """What the Papacy does with a card it takes (§27 step 3)."""
    return ACTIONS.get(card, "both")


@dataclass(frozen=True)
class MaryI:
    """England's card impulses while Mary I rules (RULES.md §27).

    Parameters
    ----------
    impulses : int, optional
        England's card impulses while Mary I rules, 1..40 (§27 step 1: a pass shows no card
        and makes no roll). Default: as many as ``cards`` gives, else 1.
    cards : sequence of int or str, default ()
        The card England shows at each impulse: its CP (1..6) or ``mandatory`` (§27 step 2:
        resolved normally, no roll); ``"2,3,5"`` or ``(2, 3, 5)``, one per impulse, or one
        for every impulse. The Home card and every other card go through the roll
        (§30.10). Default: CP not given, only the number of impulses taken is answered.
    scenario : str, optional
        A scenario file with a ``[religion]`` table (or a shipped one's name), read with
        Mary I ruling, on turn 6 or later: an impulse that starts with every English home
        space of the English zone Catholic makes no roll (§27 step 4, §30.12; Calais, in
        the French zone, does not count), and the Papacy's Burn Books and debate are the
        board's (:meth:`burn_books_run`, :meth:`papal_debate`). The skip test reads the
        board as given, for every impulse. Default: no board.

    Examples
    --------
    >>> from oddsengine import exact
    >>> answer = exact(MaryI(impulses=5))
    >>> round(answer.p["at_least:1"], 3)  # 1 - (1/2)**5 = 31/32
    0.969
    """

    impulses: int | None = option(
        "England's card impulses while Mary I rules (a pass shows no card and makes no "
        "roll; default: as many as --card-cp gives, else 1)",
        rule="§27 step 1",
        default=None,
        low=1,
        high=MAX_IMPULSES,
    )
    cards: tuple = option(
        "the card England shows at each impulse: its CP (1..6) or mandatory (resolved "
        "normally, no roll); one per impulse, or one for every impulse (default: only the "
        "number of impulses taken is answered)",
        rule="§27, §30.10",
        default=(),
        flag="--card-cp",
        metavar="CP[,CP]",
        label="cards' CP",
    )
    scenario: str | None = option(
        "a scenario file with a [religion] table (religion_1517, religion_example), read "
        "with Mary I ruling on turn 6 or later: an impulse that starts with every English "
        "home space of the English zone Catholic makes no roll, and the Papacy's Burn Books "
        "and debate are the board's",
        rule="§27 step 4, §30.12",
        default=None,
        positional=True,
        flag="SCENARIO",
    )

    kind = "mary-i"

    def __post_init__(self):
        cards = _cards(self.cards)
        impulses = self.impulses
        if impulses is not None:
            if isinstance(impulses, bool) or not isinstance(impulses, (int, np.integer)):
                raise OddsEngineTypeError(
                    f"impulses must be a whole number of England's card impulses, not "
                    f"{shown(impulses)}"
                )
            if not 1 <= impulses <= MAX_IMPULSES:
                raise OddsEngineError(
                    f"impulses must be 1..{MAX_IMPULSES} (Mary I rules turns 6-9 at most, "
                    f"§26), not {impulses}"
                )
            impulses = int(impulses)
            if len(cards) == 1:
                cards = cards * impulses
            elif cards and len(cards) != impulses:
                raise OddsEngineError(
                    f"cards gives {len(cards)} cards for {impulses} impulses: give one card "
                    "per impulse, or one for all of them"
                )
        else:
            impulses = len(cards) or 1
        if len(cards) > MAX_IMPULSES:
            raise OddsEngineError(f"cards: at most {MAX_IMPULSES} impulses, not {len(cards)}")
        object.__setattr__(self, "impulses", impulses)
        object.__setattr__(self, "cards", cards)
        if self.scenario is not None:
            check_scenario(self.scenario)
            object.__setattr__(self, "scenario", self.scenario.strip())
            _ = self.board  # refuse a scenario with no religious board, or before turn 6

    # -- the board ---------------------------------------------------------------------

    @cached_property
    def board(self):
        """The scenario's religious board with Mary I ruling, or None without one."""
        if self.scenario is None:
            return None
        from oddsengine.religion.religion_scenario import load_religious_board

        board = load_religious_board(self.scenario)
        if board.turn < _FIRST_TURN:
            raise OddsEngineError(
                f"{self.scenario}: the board is at turn {board.turn}, and Mary I takes the "
                f"throne on turn {_FIRST_TURN} at the earliest (§26)"
            )
        return board if board.england_ruler == "mary-i" else replace(board, england_ruler="mary-i")

    @cached_property
    def english_home_spaces(self) -> tuple[str, ...]:
        """The English home spaces inside the English zone (§30.12: only these count)."""
        from oddsengine.moves.board import load_board
        from oddsengine.religion.records import religion_facts

        facts = religion_facts()
        return tuple(
            space.name
            for space in load_board()
            if "england" in space.home_powers and facts.zone_of(space.name) == "english"
        )

    @property
    def skipped(self) -> bool:
        """Whether the board skips the procedure: every English home space of the English
        zone Catholic at the start of the impulse (§27 step 4, §30.12)."""
        board = self.board
        return board is not None and not set(self.english_home_spaces) & set(board.protestant)

    @property
    def notes(self) -> tuple[str, ...]:
        notes = []
        if self.scenario is not None:
            ruler = self._file_ruler
            if ruler != "mary-i":
                notes.append(
                    f"{self.scenario} has {ruler} ruling England: read with Mary I ruling "
                    "(§27 applies only while she rules)"
                )
            if self.skipped:
                notes.append(
                    "every English home space of the English zone is Catholic: the procedure "
                    "is skipped, no roll (§27 step 4, §30.12)"
                )
        return tuple(notes)

    @cached_property
    def _file_ruler(self) -> str:
        from oddsengine.religion.religion_scenario import load_religious_board

        return load_religious_board(self.scenario).england_ruler

    def burn_books_run(self, **options):
        """The Papacy's Burn Books with a card it takes (§27 step 3, §30.11): a run of 2
        Counter-Reformation attempts on the board, English-zone targets only
        (:class:`~oddsengine.religion.attempt_runs.AttemptRun`; ``options`` are its other
        fields: ``debater``, ``objective``, ``policy`` ...)."""
        from oddsengine.religion.attempt_runs import AttemptRun
        from oddsengine.religion.attempt_sources import AttemptSource, attempt_source

        board = self._board_for("Burn Books")
        burn = attempt_source("burn-books:english")
        # 30.11: a Papal Burn Books action, converting only English-zone spaces
        source = AttemptSource(
            "burn-books:english (Mary I)",
            burn.side,
            burn.attempts,
            burn.target_zones,
            only_in_zone=True,
        )
        return AttemptRun(board, source, **options)

    def papal_debate(self, **options):
        """The Papacy's debate with a card it takes (§27 step 3, §30.11): a debate in the
        English zone that the Papacy initiates on the board, Mary I doubling the Papal
        debater's value (:class:`~oddsengine.religion.debate.Debate`; ``options`` are its
        other fields)."""
        from oddsengine.religion.debate import Debate

        return Debate.on_board(self._board_for("a debate"), "english", "papacy", **options)

    def _board_for(self, what: str):
        if self.board is None:
            raise OddsEngineError(f"{what} on the board needs a scenario with a religious board")
        return self.board

    # -- the draws ---------------------------------------------------------------------

    @property
    def groups(self) -> dict[str, int]:
        """The impulses that roll, by what the Papacy does with the card (``burn-books``,
        ``debate``, ``both``; ``unknown`` CP), and the ``mandatory`` ones."""
        counts = {"burn-books": 0, "debate": 0, "both": 0, "unknown": 0, MANDATORY: 0}
        if self.skipped:
            return counts
        if not self.cards:
            counts["unknown"] = self.impulses
            return counts
        for card in self.cards:
            counts[MANDATORY if card == MANDATORY else _action(card)] += 1
        return counts

    @property
    def rolls(self) -> int:
        """The impulses that go through the die (§27 step 3)."""
        groups = self.groups
        return sum(groups[name] for name in ("burn-books", "debate", "both", "unknown"))

    def draw_plan(self) -> DrawPlan:
        """The Papacy's takings among the Burn Books cards, the debate cards, the cards of
        both, and the cards of unknown CP: binomials of chance 1/2 (§27 step 3)."""
        groups = self.groups
        return DrawPlan(
            binomial_pmf(groups["burn-books"], PAPACY_TAKES),
            binomial_pmf(groups["debate"], PAPACY_TAKES)[None, :],
            binomial_pmf(groups["both"], PAPACY_TAKES),
            binomial_pmf(groups["unknown"], PAPACY_TAKES),
        )

    @property
    def outcome_names(self) -> tuple[str, ...]:
        return tuple(f"taken:{k}" for k in range(self.rolls + 1))

    @property
    def _known(self) -> bool:
        return bool(self.cards)

    @property
    def event_names(self) -> tuple[str, ...]:
        names = [f"at_least:{k}" for k in range(1, self.rolls + 1)]
        if self._known:
            groups = self.groups
            names += [f"burn_books:{k}" for k in range(groups["burn-books"] + groups["both"] + 1)]
            names += [f"debates:{k}" for k in range(groups["debate"] + groups["both"] + 1)]
        return tuple(names)

    @property
    def reported_columns(self) -> dict:
        """The expected impulses taken and kept, and with the cards' CP the expected
        Burn Books actions and debates the Papacy makes."""
        columns = {"taken": ("taken", 1.0), "kept": ("kept", 1.0)}
        if self._known:
            columns.update(burn_books=("burn_books", 1.0), debates=("debates", 1.0))
        return columns

    def outcome_columns(self, values) -> dict:
        burn, debate, both, unknown = (np.asarray(value, dtype=np.int64) for value in values)
        taken = burn + debate + both + unknown
        columns = {
            "outcome": np.array([f"taken:{k}" for k in taken.tolist()], dtype=object),
            "taken": taken,
            # England plays the Mandatory Events and the cards it rolls 4-6 for
            "kept": self.impulses - taken,
            "burn_books": burn + both,
            "debates": debate + both,
        }
        for k in range(1, self.rolls + 1):
            columns[f"at_least:{k}"] = taken >= k
        if self._known:
            groups = self.groups
            for k in range(groups["burn-books"] + groups["both"] + 1):
                columns[f"burn_books:{k}"] = columns["burn_books"] == k
            for k in range(groups["debate"] + groups["both"] + 1):
                columns[f"debates:{k}"] = columns["debates"] == k
        return columns

    # -- words -------------------------------------------------------------------------

    def describe(self) -> dict:
        return {
            "impulses": self.impulses,
            "cards": list(self.cards),
            "scenario": self.scenario,
            "rolls": self.rolls,
            "skipped": self.skipped,
        }

    def title(self) -> str:
        count = self.impulses
        return f"England under Mary I: {count} card impulse{'s' * (count != 1)}"

    def describe_lines(self) -> list[str]:
        lines = [
            "Rules: RULES.md §27 (readings §30.10-§30.12): the Papacy takes a card on 1-3 of a "
            "die; 1-2 CP Burn Books, 3 CP a debate, 4+ CP both, in the English zone"
        ]
        if self.cards:
            shown_cards = ", ".join(
                "mandatory" if card == MANDATORY else f"{card} CP" for card in self.cards
            )
            lines.append(f"Cards shown: {shown_cards}")
        if self.scenario is not None:
            lines.append(f"Board: {self.scenario}, turn {self.board.turn}")
        return lines

"""What a Reformation and a Counter-Reformation attempt share (RULES.md §17, §18, §23
readings 2–4): :class:`Attempt`, the two sides' dice, who wins ties and the dice sources,
the attempt's draw plan (each side's highest die, independent of each other) and its
words; and the attempt on a scenario's board (:meth:`Attempt.on_board`) with the choices a
board leaves its inputs. The kinds are :mod:`oddsengine.religion.attempts`'.

A dice count may come with the sources that make it up (``dice_sources``: what a board
gives, such as "adjacent Protestant space Wittenberg"); the sources must add up to the
count, and JSON reports them in ``spec.dice``.

Examples
--------
>>> (highest_die_pmf(2) * 36).round(6).tolist()  # 1, 3, 5, ... of 36
[1.0, 3.0, 5.0, 7.0, 9.0, 11.0]
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from oddsengine.combat.limits import check_count
from oddsengine.declaration import BOARD_GIVES, NEEDS_BOARD, option
from oddsengine.draws import DrawPlan
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown
from oddsengine.religion.attempt_odds import (
    FACES,
    TIE_SIDES,
    highest_die_counts,
    resolve_attempt,
    success_chance,
)
from oddsengine.religion.attempt_sources import SOURCE_NAMES
from oddsengine.religion.cards import AFFAIR_OF_THE_PLACARDS, NINETY_FIVE_THESES
from oddsengine.religion.religion_scenario import RELIGIOUS_BOARD

__all__ = [
    "MAX_ATTEMPT_DICE",
    "DICE_SIDES",
    "DEFAULT_SOURCE_WORDS",
    "Attempt",
    "highest_die_pmf",
    "tie_option",
    "source_option",
    "debater_option",
    "flag",
]

#: Most dice one side may be given for an attempt: the board gives far fewer (a target and
#: its neighbours give a dozen or so); the bound keeps a count typed by mistake from
#: reaching the dice.
MAX_ATTEMPT_DICE = 50
#: The sides whose dice an attempt counts (and a dice source names).
DICE_SIDES = ("protestant", "papal")
#: The words for a side, by the name a tie side or a dice side uses.
_SIDE_WORDS = {"protestant": "Protestant", "papacy": "Papacy", "papal": "Papal"}
#: What the output says of a source taken by default (none named), by who attempts.
DEFAULT_SOURCE_WORDS = {
    "protestant": f"the default (none named): the {NINETY_FIVE_THESES.words} on turn 1, a "
    "Publish Treatise in the German zone on a later turn; --source names another",
    "papacy": "the default (none named): Burn Books in the German zone; --source names another",
}


def highest_die_pmf(dice: int) -> np.ndarray:
    """The distribution of the highest of ``dice`` dice, indexed 0..5 for faces 1..6.

    Examples
    --------
    >>> (highest_die_pmf(1) * 6).round(6).tolist()
    [1.0, 1.0, 1.0, 1.0, 1.0, 1.0]
    """
    counts = highest_die_counts(dice)
    return np.array([float(Fraction(count, FACES**dice)) for count in counts])


def _dice(count: int, side: str) -> str:
    return f"{count} {side} {'die' if count == 1 else 'dice'}"


def _dice_count(name: str, value) -> int:
    return check_count(name, value, MAX_ATTEMPT_DICE)


def flag(name: str, value) -> bool:
    """``value`` if it is True or False (numpy's too), else refused naming ``name``."""
    if not isinstance(value, (bool, np.bool_)):
        raise OddsEngineTypeError(f"{name} must be true or false, not {shown(value)}")
    return bool(value)


def _sources(value) -> tuple[tuple[str, int, str], ...]:
    """``dice_sources`` as ``((side, dice, source), ...)``; each entry may be a tuple or a
    mapping with those keys."""
    if value is None or value == "":
        return ()
    if not isinstance(value, (list, tuple)):
        raise OddsEngineTypeError(
            "dice_sources must be a list of (side, dice, source), not " + shown(value)
        )
    entries = []
    for entry in value:
        if isinstance(entry, dict):
            entry = (entry.get("side"), entry.get("dice"), entry.get("source"))
        if not isinstance(entry, (list, tuple)) or len(entry) != 3:
            raise OddsEngineTypeError(f"a dice source is (side, dice, source), not {shown(entry)}")
        side, dice, source = entry
        if side not in DICE_SIDES:
            raise OddsEngineError(
                f"a dice source's side is 'protestant' or 'papal', not {shown(side)}"
            )
        dice = check_count(f"the dice of source {shown(source)}", dice, MAX_ATTEMPT_DICE)
        if not isinstance(source, str) or not source.strip():
            raise OddsEngineTypeError(f"a dice source is named in words, not {shown(source)}")
        entries.append((side, dice, source.strip()))
    return tuple(entries)


#: The headings the inputs of an attempt are listed under.
_DICE = "the dice (RULES.md §17 steps 2 and 6)"


def tie_option(words: str, group: str):
    """The tie side of an attempt, as one kind of attempt words it."""
    return option(words, default="protestant", value="choice", choices=TIE_SIDES,
                  board=BOARD_GIVES, group=group)  # fmt: skip


def source_option(default: str):
    """The source of attempts on a board, with the default of one kind of attempt."""
    return option(
        "what makes the attempt (its target zone, bonus dice), one the board allows (its "
        f"turn, reformers, debaters): {', '.join(SOURCE_NAMES)}; default {default}",
        default="",
        value="choice",
        metavar="SOURCE",
        board=NEEDS_BOARD,
        offer="offered_sources",
    )


def _board_dice(words: str, label: str):
    """The option of a side's dice counted from the board, before bonus dice (17 steps 2
    and 6)."""
    return option(
        words,
        default=1,
        required=True,
        low=0,
        high=MAX_ATTEMPT_DICE,
        board=BOARD_GIVES,
        group=_DICE,
        label=label,
    )


def debater_option(words: str, group: str):
    """A debater whose bonus adds dice to one kind of attempt."""
    return option(words, default="", value="choice", metavar="NAME", group=group,
                  offer="offered_debaters")  # fmt: skip


@dataclass(frozen=True)
class Attempt:
    """What both attempts share: the dice counts, the tie side, the dice sources."""

    protestant_dice: int = _board_dice(
        "the Protestant's dice from the board, before bonus dice (0: the rule's minimum of "
        "1 applies, and the output says so)",
        "Prot. dice",
    )
    papal_dice: int = _board_dice(
        "the Papacy's dice from the board, before bonus dice (0: the minimum of 1)", "Papal dice"
    )
    ties: str = tie_option("who wins ties", "")
    dice_sources: tuple = ()
    #: The space and the source of attempts, when the dice were counted from a board
    #: (``oddsengine reformation SCENARIO --space S --source SOURCE``); empty otherwise.
    target: str = option(
        "the target of the attempt",
        default="",
        required=True,
        value="choice",
        flag="--space",
        metavar="SPACE",
        board=NEEDS_BOARD,
        offer="offered_targets",
        label="space",
    )
    source: str = source_option("the board's")
    #: Whether the source was not named and the board's default was taken
    #: (:func:`~oddsengine.religion.board_checks.default_source`), said in the output.
    default_source: bool = False

    #: Who attempts (a tie side's name), set by each kind.
    attempting = ""
    outcome_names = ("success", "failure")
    #: The board it is asked on (:meth:`on_board`): a religious scenario and its what-ifs.
    scenario_board = RELIGIOUS_BOARD

    def __post_init__(self):
        for name in ("protestant_dice", "papal_dice"):
            object.__setattr__(self, name, _dice_count(name, getattr(self, name)))
        if not isinstance(self.ties, str):
            raise OddsEngineTypeError(
                f"ties must be 'protestant' or 'papacy', not {shown(self.ties)}"
            )
        ties = self.ties.strip().lower()
        if ties not in TIE_SIDES:
            raise OddsEngineError(f"ties go to 'protestant' or 'papacy', not {shown(self.ties)}")
        object.__setattr__(self, "ties", ties)
        for name in ("target", "source"):
            if not isinstance(getattr(self, name), str):
                raise OddsEngineTypeError(
                    f"{name} names the board's {'space' if name == 'target' else 'source'} "
                    f"in words ('' without a board), not {shown(getattr(self, name))}"
                )
        flag("default_source", self.default_source)
        if self.default_source and not self.source:
            raise OddsEngineError("default_source marks a board's source: give the source")
        if self.debater is None:
            object.__setattr__(self, "debater", "")
        if not isinstance(self.debater, str):
            raise OddsEngineTypeError(
                f"debater must be a debater's name ('' for none), not {shown(self.debater)}"
            )
        sources = _sources(self.dice_sources)
        object.__setattr__(self, "dice_sources", sources)
        for side in DICE_SIDES:
            listed = [dice for its_side, dice, _ in sources if its_side == side]
            given = getattr(self, f"{side}_dice")
            if listed and sum(listed) != given:
                raise OddsEngineError(
                    f"the {_SIDE_WORDS[side]} dice sources add up to {sum(listed)}, not the "
                    f"{given} {side}_dice given"
                )

    # -- on a board --------------------------------------------------------------------

    @classmethod
    def on_board(cls, board, target: str = "", source: str = "", *, placards_attempts: int = 3,
                 debater: str = ""):  # fmt: skip
        """The attempt ``source`` makes on ``target`` of a religious board, its dice counted
        from the board with where every die comes from (RULES.md §17, §18;
        :func:`~oddsengine.religion.board_attempt.board_attempt_spec`).

        Parameters
        ----------
        board : ReligiousBoard
        target : str
            The space attempted.
        source : str
            What makes the attempt (``95-theses``, ``treatise:german``,
            ``burn-books:german`` ...); empty: the board's default for this side
            (:func:`~oddsengine.religion.board_checks.default_source`), said in the output.
        placards_attempts : {3, 4}
            Affair of the Placards' attempts (§19).
        debater : str
            A bonus debater committed (his die where it applies).

        Raises
        ------
        OddsEngineError
            No target, a source of the other side's attempts, or what the board refuses
            (a target the source may not attempt now, with the reason).

        Examples
        --------
        >>> from oddsengine.religion.religion_scenario import load_religious_board
        >>> from oddsengine.religion.attempts import ReformationAttempt
        >>> attempt = ReformationAttempt.on_board(load_religious_board("religion_example"),
        ...                                       "Magdeburg", "95-theses")
        >>> attempt.dice_rolled("protestant"), attempt.dice_rolled("papal")
        (6, 3)
        """
        from oddsengine.religion.attempt_sources import attempt_source
        from oddsengine.religion.board_attempt import board_attempt_spec
        from oddsengine.religion.board_checks import default_source

        if not isinstance(target, str) or not target.strip():
            raise OddsEngineError(
                f"name the target of the attempt on the board, not {shown(target)}"
            )
        if not isinstance(source, str):
            raise OddsEngineTypeError(f"source names a source of attempts, not {shown(source)}")
        named = source.strip()
        made = attempt_source(
            named or default_source(board, cls.attempting), placards_attempts=placards_attempts
        )
        if made.side != cls.attempting:
            other = "reformation" if made.side == "protestant" else "counter-reformation"
            raise OddsEngineError(f"{made.name} makes {other} attempts: use {other}")
        return board_attempt_spec(
            board, target, made, debater=debater or None, default_source=not named
        )

    def ignored_options(self, card_value: bool = False) -> dict:
        """The inputs this attempt would ignore, and why: the Affair of the Placards'
        attempts on any other source; the same when its cards are valued (``card_value``)."""
        if self.source == AFFAIR_OF_THE_PLACARDS.slug:
            return {}
        return {"placards_attempts": f"is for --source {AFFAIR_OF_THE_PLACARDS.slug} only"}

    @classmethod
    def offered_sources(cls, values: dict) -> tuple[str, ...]:
        """The sources of this side's attempts the board of ``values`` allows (its turn,
        reformers, debaters), its default first
        (:func:`~oddsengine.religion.board_checks.legal_sources`); none without a board."""
        from oddsengine.religion.board_checks import legal_sources
        from oddsengine.religion.religion_scenario import board_of_inputs

        board = board_of_inputs(values)
        return () if board is None else tuple(legal_sources(board, cls.attempting))

    @classmethod
    def offered_targets(cls, values: dict) -> tuple[str, ...]:
        """The spaces the source of ``values`` (the board's default when none) may attempt
        now on its board (17 step 1, 18), by name; none without a board."""
        from oddsengine.religion.attempt_runs import AttemptRun
        from oddsengine.religion.attempt_sources import attempt_source
        from oddsengine.religion.board_checks import default_source
        from oddsengine.religion.religion_scenario import board_of_inputs

        board = board_of_inputs(values)
        if board is None:
            return ()
        made = attempt_source(values.get("source") or default_source(board, cls.attempting))
        if made.side != cls.attempting:
            return ()
        model = AttemptRun(board, made).model
        return tuple(sorted(model.names[index] for index in model.eligible(0, 0)))

    @classmethod
    def offered_debaters(cls, values: dict) -> tuple[str, ...]:
        """The debaters whose bonus adds dice to this kind of attempt (none first); on a
        board, those in play at its turn and not committed."""
        from oddsengine.religion.debater_bonuses import die_givers
        from oddsengine.religion.records import religion_facts
        from oddsengine.religion.religion_scenario import board_of_inputs

        board = board_of_inputs(values)
        debaters = religion_facts().debaters
        return (
            "",
            *(
                name
                for name in die_givers(cls.kind)
                if board is None
                or (debaters[name].in_play(board.turn) and name not in board.committed)
            ),
        )

    # -- dice --------------------------------------------------------------------------

    def base_dice(self, side: str) -> int:
        """A side's dice before the bonus dice: the count given, at least 1 (§17 steps 2
        and 6; §23 reading 4: the minimum applies to the base count)."""
        return max(getattr(self, f"{side}_dice"), 1)

    def minimum_applied(self, side: str) -> bool:
        """Whether the side was given 0 dice and rolls the rule's minimum of 1."""
        return getattr(self, f"{side}_dice") == 0

    def bonus_dice(self, side: str) -> tuple[tuple[str, int], ...]:
        """The bonus dice of a side, ``((source, dice), ...)``, added after the minimum."""
        return ()

    def dice_rolled(self, side: str) -> int:
        """The dice a side rolls: its base dice and its bonus dice."""
        return self.base_dice(side) + sum(dice for _, dice in self.bonus_dice(side))

    @property
    def modifier(self) -> int:
        """What is added to each die of the attempting side (+1, 0 or −1)."""
        return 0

    @property
    def _attacker_side(self) -> str:
        return "protestant" if self.attempting == "protestant" else "papal"

    @property
    def _opponent_side(self) -> str:
        return "papal" if self.attempting == "protestant" else "protestant"

    @property
    def automatic_success_applies(self) -> bool:
        """Whether a modified 6 or more succeeds at once: only where the attempting side
        wins ties (the target zone, §17 step 5; under Paul III or Julius III, §18)."""
        return self.ties == self.attempting

    def success_chance(self, fraction: bool = False) -> float | Fraction:
        """The chance of success (:func:`~oddsengine.religion.attempt_odds.success_chance`).

        Examples
        --------
        >>> from oddsengine.religion.attempts import ReformationAttempt
        >>> ReformationAttempt(protestant_dice=3, papal_dice=1).success_chance(True)
        Fraction(119, 144)
        """
        return success_chance(
            self.attempting,
            self.dice_rolled(self._attacker_side),
            self.dice_rolled(self._opponent_side),
            self.ties,
            self.modifier,
            fraction=fraction,
        )

    # -- the engines' view -------------------------------------------------------------

    def _modified_range(self, side: str) -> range:
        shift = self.modifier if side == self._attacker_side else 0
        return range(max(1 + shift, 0), FACES + shift + 1)

    @property
    def event_names(self) -> tuple[str, ...]:
        return (
            "automatic_success",
            *(f"protestant_highest:{k}" for k in self._modified_range("protestant")),
            *(f"papal_highest:{k}" for k in self._modified_range("papal")),
        )

    def draw_plan(self) -> DrawPlan:
        """The Protestant's highest die, then the Papacy's (index 0..5 for faces 1..6):
        independent, so the second has one row."""
        return DrawPlan(
            highest_die_pmf(self.dice_rolled("protestant")),
            highest_die_pmf(self.dice_rolled("papal"))[None, :],
        )

    def outcome_columns(self, values) -> dict[str, np.ndarray]:
        """The outcome of every cell of :meth:`draw_plan`, as columns."""
        highest = {
            "protestant": np.asarray(values[0]) + 1,
            "papal": np.asarray(values[1]) + 1,
        }
        attacker, opponent = self._attacker_side, self._opponent_side
        # §17 steps 4-7, §18: the one rule of an attempt (the exact sum's and the run
        # sampler's too): the modifier, the automatic success, the tie side.
        roll = resolve_attempt(
            highest[attacker], highest[opponent], self.modifier, self.ties == self.attempting
        )
        modified = {**highest, attacker: roll.modified}
        automatic = roll.automatic
        columns = {
            "outcome": np.where(roll.success, "success", "failure").astype(object),
            "automatic_success": automatic,
        }
        for k in self._modified_range("protestant"):
            rolled = ~automatic if opponent == "protestant" else True
            columns[f"protestant_highest:{k}"] = (modified["protestant"] == k) & rolled
        for k in self._modified_range("papal"):
            rolled = ~automatic if opponent == "papal" else True
            columns[f"papal_highest:{k}"] = (modified["papal"] == k) & rolled
        return columns

    # -- description -------------------------------------------------------------------

    def _dice_record(self, side: str) -> dict:
        return {
            "given": getattr(self, f"{side}_dice"),
            "base": self.base_dice(side),
            "minimum_applied": self.minimum_applied(side),
            "bonus": [{"source": source, "dice": dice} for source, dice in self.bonus_dice(side)],
            "rolled": self.dice_rolled(side),
            "sources": [
                {"source": source, "dice": dice}
                for its_side, dice, source in self.dice_sources
                if its_side == side
            ],
        }

    def _automatic_words(self) -> str:
        return ""

    def describe(self) -> dict:
        """The spec as plain data (for JSON output and sweep tables)."""
        board = {"target": self.target, "source": self.source} if self.target else {}
        if self.default_source:
            board["default_source"] = True
        return {
            **board,
            "attempting": self.attempting,
            "protestant_dice": self.protestant_dice,
            "papal_dice": self.papal_dice,
            "ties": self.ties,
            "modifier": self.modifier,
            "dice": {side: self._dice_record(side) for side in DICE_SIDES},
            "automatic_success": {
                "applies": self.automatic_success_applies,
                "reason": self._automatic_words(),
            },
        }

    def _dice_line(self, side: str) -> str:
        rolled = self.dice_rolled(side)
        parts = [str(self.base_dice(side))]
        parts += [f"{dice} {source}" for source, dice in self.bonus_dice(side)]
        made = f" ({' + '.join(parts)})" if len(parts) > 1 else ""
        return f"{_SIDE_WORDS[side]} dice: {rolled}{made}"

    def describe_lines(self) -> list[str]:
        lines = [f"{self._dice_line('protestant')}; {self._dice_line('papal')}"]
        if self.default_source:
            lines.insert(0, f"Source: {self.source}, {DEFAULT_SOURCE_WORDS[self.attempting]}")
        for side in DICE_SIDES:
            sources = [(dice, source) for its, dice, source in self.dice_sources if its == side]
            if sources:
                listed = ", ".join(f"{source} {dice}" for dice, source in sources)
                lines.append(f"{_SIDE_WORDS[side]} dice from: {listed}")
            if self.minimum_applied(side):
                step = "2" if side == "protestant" else "6"
                lines.append(
                    f"{_SIDE_WORDS[side]} dice: 0 given, the rule's minimum of 1 applies "
                    f"(§17 step {step}; bonus dice are added after it, §23 reading 4)"
                )
        lines.append(f"Ties: the {_SIDE_WORDS[self.ties]} wins ties ({self._tie_words()})")
        lines += self._modifier_lines()
        lines.append(f"Automatic success: {self._automatic_words()}")
        return lines

    def _tie_words(self) -> str:
        return ""

    def _modifier_lines(self) -> list[str]:
        return []

    def title(self) -> str:
        where = f" on {self.target} ({self.source})" if self.target else ""
        return (
            f"{self._title_word}{where}: {_dice(self.dice_rolled('protestant'), 'Protestant')} "
            f"against {_dice(self.dice_rolled('papal'), 'Papal')}, the "
            f"{_SIDE_WORDS[self.ties]} wins ties"
        )

    _title_word = ""

"""Odds of one Reformation or Counter-Reformation attempt (RULES.md §17, §18, §23 readings
2–4), from dice counts or counted from a scenario's board: each side keeps its highest die;
higher wins, ties as the tie side says. Outcomes: success (the space turns Protestant, or
Catholic), failure; events: the automatic success and each side's highest die.

These are the specs both engines read.

A spec is the two sides' dice, who wins ties, the modifiers and the bonus dice; its draw
plan is each side's highest die (independent of each other), so both engines and the fast
kernel come from :class:`~oddsengine.draws.DrawPlan`. A dice count may come with the
sources that make it up (``dice_sources``: what a board gives, such as "adjacent
Protestant space Wittenberg"); the sources must add up to the count, and JSON reports them
in ``spec.dice``.

Examples
--------
>>> from oddsengine import exact
>>> from oddsengine.religion.attempts import ReformationAttempt
>>> lubeck = ReformationAttempt(protestant_dice=2, papal_dice=3, ninety_five_theses=True)
>>> lubeck.dice_rolled("protestant"), round(exact(lubeck).p["success"] * 15552)
(3, 10073)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from oddsengine.combat.limits import check_count
from oddsengine.declaration import BOARD_GIVES, NEEDS_BOARD, option
from oddsengine.draws import DrawPlan
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown
from oddsengine.religion.attempt_odds import FACES, TIE_SIDES, highest_die_counts, success_chance
from oddsengine.religion.attempt_sources import SOURCE_NAMES

__all__ = [
    "MAX_ATTEMPT_DICE",
    "DICE_SIDES",
    "ReformationAttempt",
    "CounterReformationAttempt",
    "highest_die_pmf",
]

#: Most dice one side may be given for an attempt: the board gives far fewer (a target and
#: its neighbours give a dozen or so); the bound keeps a count typed by mistake from
#: reaching the dice.
MAX_ATTEMPT_DICE = 50
#: The sides whose dice an attempt counts (and a dice source names).
DICE_SIDES = ("protestant", "papal")
#: The words for a side, by the name a tie side or a dice side uses.
_SIDE_WORDS = {"protestant": "Protestant", "papacy": "Papacy", "papal": "Papal"}
_BONUS_DICE = re.compile(r"^\+(\d) di(?:e|ce) ")
#: What the output says of a source taken by default (none named), by who attempts.
DEFAULT_SOURCE_WORDS = {
    "protestant": "the default (none named): the 95 Theses on turn 1, a Publish Treatise in "
    "the German zone on a later turn; --source names another",
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


def _flag(name: str, value) -> bool:
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
_REFORMATION = "ties, modifier and bonus dice (§17 steps 3-7)"
_COUNTER_REFORMATION = "ties, Augsburg Confession and bonus dice (§18)"


def _ties(words: str, group: str):
    """The tie side of an attempt, as one kind of attempt words it."""
    return option(words, default="protestant", value="choice", choices=TIE_SIDES,
                  board=BOARD_GIVES, group=group)  # fmt: skip


def _source(default: str):
    """The source of attempts on a board, with the default of one kind of attempt."""
    return option(
        "what makes the attempt (its target zone, bonus dice), one the board allows (its "
        f"turn, reformers, debaters): {', '.join(SOURCE_NAMES)}; default {default}",
        default="",
        value="name",
        metavar="SOURCE",
        board=NEEDS_BOARD,
        offer="offered_sources",
    )


def _debater(words: str, group: str):
    """A debater whose bonus adds dice to one kind of attempt."""
    return option(words, default="", value="name", group=group, offer="offered_debaters")


@dataclass(frozen=True)
class _Attempt:
    """What both attempts share: the dice counts, the tie side, the dice sources."""

    protestant_dice: int = option(
        "the Protestant's dice from the board, before bonus dice (0: the rule's minimum of "
        "1 applies, and the output says so)",
        default=1,
        required=True,
        low=0,
        high=MAX_ATTEMPT_DICE,
        board=BOARD_GIVES,
        group=_DICE,
        label="Prot. dice",
    )
    papal_dice: int = option(
        "the Papacy's dice from the board, before bonus dice (0: the minimum of 1)",
        default=1,
        required=True,
        low=0,
        high=MAX_ATTEMPT_DICE,
        board=BOARD_GIVES,
        group=_DICE,
        label="Papal dice",
    )
    ties: str = _ties("who wins ties", "")
    dice_sources: tuple = ()
    #: The space and the source of attempts, when the dice were counted from a board
    #: (``oddsengine reformation SCENARIO --space S --source SOURCE``); empty otherwise.
    target: str = option(
        "the target of the attempt",
        default="",
        required=True,
        value="name",
        flag="--space",
        metavar="SPACE",
        board=NEEDS_BOARD,
        offer="offered_targets",
        label="space",
    )
    source: str = _source("the board's")
    #: Whether the source was not named and the board's default was taken
    #: (:func:`~oddsengine.religion.board_checks.default_source`), said in the output.
    default_source: bool = False

    #: Who attempts (a tie side's name), set by each kind.
    attempting = ""
    outcome_names = ("success", "failure")

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
        _flag("default_source", self.default_source)
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

    def ignored_options(self) -> dict:
        """The inputs this attempt would ignore, and why: the Affair of the Placards'
        attempts on any other source."""
        if self.source == "affair-of-the-placards":
            return {}
        return {"placards_attempts": "is for --source affair-of-the-placards only"}

    @classmethod
    def offered_sources(cls, values: dict) -> tuple[str, ...]:
        """The sources of this side's attempts the board of ``values`` allows (its turn,
        reformers, debaters), its default first (:func:`~oddsengine.religion.board_checks.
        legal_sources`); none without a board."""
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
        from oddsengine.religion.records import religion_facts
        from oddsengine.religion.religion_scenario import board_of_inputs

        board = board_of_inputs(values)
        side = "protestant" if cls.attempting == "protestant" else "papal"
        use = f"{cls.kind.replace('-', '_')}_die"
        return (
            "",
            *(
                debater.name
                for debater in religion_facts().debaters.values()
                if debater.side == side
                and debater.bonus_use == use
                and (
                    board is None
                    or (debater.in_play(board.turn) and debater.name not in board.committed)
                )
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
        # §17 step 4 / §18: the modifier acts on every die of the attempting side; a 1
        # made 0 by Augsburg is not raised (§23 reading 2).
        modified = dict(highest)
        modified[attacker] = np.maximum(highest[attacker] + self.modifier, 0)
        # §17 step 5 / §18: a modified 6 succeeds at once where the attempting side wins
        # ties (the target zone; under Paul III or Julius III); the opponent does not roll.
        automatic = (modified[attacker] >= FACES) & self.automatic_success_applies
        # §17 step 7 / §18: higher wins; ties to the side the attempt's place gives them.
        wins = modified[attacker] > modified[opponent]
        if self.ties == self.attempting:
            wins = wins | (modified[attacker] == modified[opponent])
        success = automatic | wins
        columns = {
            "outcome": np.where(success, "success", "failure").astype(object),
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


def _debater_bonus(name, side: str, use: str, attempt: str) -> tuple[str, int]:
    """``(debater's name, dice)`` of a debater whose bonus adds dice to this attempt."""
    if not isinstance(name, str):
        raise OddsEngineTypeError(f"debater must be a debater's name, not {shown(name)}")
    from oddsengine.errors import unknown_name
    from oddsengine.religion.records import religion_facts

    facts = religion_facts()
    try:
        debater = facts.debater(name)
    except KeyError:
        raise unknown_name("debater", name, facts.debaters) from None
    if debater.side != side or debater.bonus_use != use:
        givers = [d.name for d in facts.debaters.values() if d.side == side and d.bonus_use == use]
        raise OddsEngineError(
            f"{debater.name}'s bonus adds no die to a {attempt} attempt ({debater.bonus}); "
            f"the debaters whose bonus does: {', '.join(givers)}"
        )
    dice = _BONUS_DICE.match(debater.bonus)
    return debater.name, int(dice.group(1)) if dice else 1


@dataclass(frozen=True)
class ReformationAttempt(_Attempt):
    """A Reformation attempt (RULES.md §17) from dice counts.

    Parameters
    ----------
    protestant_dice, papal_dice : int
        Each side's dice from the board (§17 steps 2 and 6): 0 rolls the rule's minimum
        of 1 (stated in the output); at most :data:`MAX_ATTEMPT_DICE`.
    ties : {"protestant", "papacy"}
        Who wins ties: the Protestant in its target zone (default), the Papacy elsewhere
        (a space in no zone, §23 reading 1).
    dice_sources : sequence of (side, dice, source)
        What makes up each count (from a board); each side's must add up to its count.
    modifier : {0, 1}
        +1 on every Protestant die (Calvin's Institutes, a Full Bible translation; in the
        target zone only, so only with ``ties="protestant"``).
    printing_press, ninety_five_theses : bool
        A bonus Protestant die each (§17 step 3): Printing Press played this turn; an
        attempt of Luther's 95 Theses.
    debater : str
        A Protestant debater whose bonus adds a die here (Bucer, Zwingli, Cranmer...;
        §17 step 3: one debater's bonus per attempt).

    Examples
    --------
    >>> from oddsengine import exact
    >>> prague = ReformationAttempt(protestant_dice=4, papal_dice=5, ties="papacy")
    >>> round(exact(prague).p["success"], 3)
    0.25
    """

    ties: str = _ties(
        "who wins ties (protestant in the attempt's target zone; papacy outside it, or on a "
        "space in no zone)",
        _REFORMATION,
    )
    source: str = _source(
        "95-theses on a turn-1 board, treatise:german on a later one (the output says so)"
    )
    modifier: int = option(
        "+1 on every Protestant die: Calvin's Institutes or a Full Bible translation (target "
        "zone only: with --ties protestant)",
        rule="§17 step 4",
        default=0,
        low=0,
        high=1,
        board=BOARD_GIVES,
        group=_REFORMATION,
        label="+1 modifier",
    )
    printing_press: bool = option(
        "Printing Press was played this turn: +1 Protestant die",
        default=False,
        board=BOARD_GIVES,
        group=_REFORMATION,
        label="Printing Press",
    )
    ninety_five_theses: bool = option(
        "an attempt of Luther's 95 Theses: +1 Protestant die",
        default=False,
        board=BOARD_GIVES,
        group=_REFORMATION,
        label="95 Theses",
    )
    debater: str = _debater(
        "a Protestant debater whose bonus adds a die here (Bucer, Zwingli, Cranmer...)",
        _REFORMATION,
    )

    kind = "reformation"
    attempting = "protestant"
    _title_word = "Reformation attempt"

    def __post_init__(self):
        super().__post_init__()
        modifier = check_count("modifier", self.modifier, 1)
        object.__setattr__(self, "modifier", modifier)
        if modifier and self.ties != "protestant":
            # §17 step 1: only a space in the target zone gives the +1 modifier, and there
            # the Protestant wins ties.
            raise OddsEngineError(
                "the +1 modifier (Calvin's Institutes, Full Bible) applies only in the target "
                "zone, where the Protestant wins ties (§17 step 1): give ties='protestant'"
            )
        for name in ("printing_press", "ninety_five_theses"):
            object.__setattr__(self, name, _flag(name, getattr(self, name)))
        if self.debater:
            name, dice = _debater_bonus(
                self.debater, "protestant", "reformation_die", "Reformation"
            )
            object.__setattr__(self, "debater", name)
            object.__setattr__(self, "_debater_dice", dice)

    def bonus_dice(self, side: str) -> tuple[tuple[str, int], ...]:
        """§17 step 3: Printing Press, the 95 Theses and one debater's bonus, each +1
        Protestant die."""
        if side != "protestant":
            return ()
        bonus = []
        if self.printing_press:
            bonus.append(("Printing Press", 1))
        if self.ninety_five_theses:
            bonus.append(("95 Theses", 1))
        if self.debater:
            bonus.append((self.debater, self._debater_dice))
        return tuple(bonus)

    def _tie_words(self) -> str:
        if self.ties == "protestant":
            return "the target is in the attempt's target zone, §17 step 7"
        return "the target is outside the attempt's target zone, §17 step 7 and §23 reading 1"

    def _modifier_lines(self) -> list[str]:
        if not self.modifier:
            return []
        return [
            "Modifier: +1 on every Protestant die (Calvin's Institutes or a Full Bible "
            "translation, in the target zone; a 6 becomes 7, §17 step 4)"
        ]

    def _automatic_words(self) -> str:
        if not self.automatic_success_applies:
            return "does not apply (outside the target zone, §17 step 5)"
        return (
            "a modified 6 or more succeeds at once, without a Papal roll (§17 step 5); it "
            "never changes the chance: in the target zone the Protestant wins ties, and a "
            "6 or more ties or beats any Papal die"
        )

    def describe(self) -> dict:
        return {
            **super().describe(),
            "printing_press": self.printing_press,
            "ninety_five_theses": self.ninety_five_theses,
            "debater": self.debater or None,
        }


@dataclass(frozen=True)
class CounterReformationAttempt(_Attempt):
    """A Counter-Reformation attempt (RULES.md §18) from dice counts.

    Parameters
    ----------
    protestant_dice, papal_dice : int
        Each side's dice from the board: 0 rolls the minimum of 1 (stated in the output).
    ties : {"protestant", "papacy"}
        Who wins ties: the Protestant (default), or the Papacy in its target zone under
        Paul III or Julius III (§18, §23 reading 3).
    dice_sources : sequence of (side, dice, source)
        What makes up each count (from a board).
    augsburg : bool
        Augsburg Confession played this turn: −1 on every Papal die, a 1 becomes 0 (§18,
        §23 reading 2).
    debater : str
        A Papal debater whose bonus adds dice here (Contarini, Canisius: 1; Faber: 2,
        against an electorate).

    Examples
    --------
    >>> from oddsengine import exact
    >>> attempt = CounterReformationAttempt(protestant_dice=1, papal_dice=1, augsburg=True)
    >>> round(exact(attempt).p["success"] * 36)  # a Papal d6 - 1 above a Protestant d6
    10
    """

    ties: str = _ties(
        "who wins ties (papacy in its target zone under Paul III or Julius III, where the "
        "automatic success on a modified 6 applies too; protestant elsewhere)",
        _COUNTER_REFORMATION,
    )
    source: str = _source("burn-books:german (the output says so)")
    augsburg: bool = option(
        "Augsburg Confession played this turn: -1 on every Papal die (a 1 becomes 0)",
        default=False,
        board=BOARD_GIVES,
        group=_COUNTER_REFORMATION,
        label="Augsburg",
    )
    debater: str = _debater(
        "a Papal debater whose bonus adds dice here (Contarini, Canisius: 1; Faber: 2)",
        _COUNTER_REFORMATION,
    )

    kind = "counter-reformation"
    attempting = "papacy"
    _title_word = "Counter-Reformation attempt"

    def __post_init__(self):
        super().__post_init__()
        object.__setattr__(self, "augsburg", _flag("augsburg", self.augsburg))
        if self.debater:
            name, dice = _debater_bonus(
                self.debater, "papal", "counter_reformation_die", "Counter-Reformation"
            )
            object.__setattr__(self, "debater", name)
            object.__setattr__(self, "_debater_dice", dice)

    @property
    def modifier(self) -> int:
        """−1 on every Papal die with Augsburg Confession (§18), else 0."""
        return -1 if self.augsburg else 0

    def bonus_dice(self, side: str) -> tuple[tuple[str, int], ...]:
        """§18: 1 or 2 Papal dice where a debater's bonus applies."""
        if side != "papal" or not self.debater:
            return ()
        return ((self.debater, self._debater_dice),)

    def _tie_words(self) -> str:
        if self.ties == "papacy":
            return "in the target zone under Paul III or Julius III, §18 and §23 reading 3"
        return "§18: the Papacy wins ties only in its target zone under Paul III or Julius III"

    def _modifier_lines(self) -> list[str]:
        if not self.augsburg:
            return []
        return ["Augsburg Confession: -1 on every Papal die, a 1 becomes 0 (§18, §23 reading 2)"]

    def _automatic_words(self) -> str:
        if not self.automatic_success_applies:
            return "does not apply (only in the target zone under Paul III or Julius III, §18)"
        if self.augsburg:
            return (
                "out of reach: with Augsburg Confession no Papal die reaches a modified 6 "
                "(§23 reading 2)"
            )
        return (
            "a modified 6 succeeds at once, without a Protestant roll (§18, under Paul III "
            "or Julius III); it never changes the chance: there the Papacy wins ties, and a "
            "6 ties or beats any Protestant die"
        )

    def describe(self) -> dict:
        return {**super().describe(), "augsburg": self.augsburg, "debater": self.debater or None}

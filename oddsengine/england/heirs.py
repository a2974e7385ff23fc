"""Henry VIII's heirs (RULES.md §24–§26, readings §30.1–§30.9): the marital chain from any
state of the Pregnancy Chart and, on request, the succession it leads to.

:class:`Heirs` is a campaign, a short exact chain: its draw plan is its end states with
their exact chances (:class:`~oddsengine.draws.CampaignEndStates`, fractions kept), and its
Monte Carlo (:mod:`oddsengine.engines.heirs`) draws each marriage's result and each heir
card's turn on the project's streams; both are reached through :func:`oddsengine.exact`
and :func:`oddsengine.simulate`.

The outcomes are the rulers the chart gives (§26, by its highest result): a healthy
Edward (6), a sickly Edward (5), Mary I then Elizabeth I (4), Mary I alone (3 or less).

Examples
--------
>>> from oddsengine import exact
>>> answer = exact(Heirs(marriages=2))  # Anne Boleyn, then Jane Seymour
>>> round(answer.p["healthy_edward"] * 36)  # 17/36, worked out in the tests
17
>>> round(exact(Heirs()).p["elizabeth_born"] * 1944)  # all five wives: 913/1944
913
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property

import numpy as np

from oddsengine.draws import CampaignEndStates
from oddsengine.england.inputs import chart_results, whole_count
from oddsengine.england.marital_chain import MaritalState, chart_law
from oddsengine.england.pregnancy_chart import (
    ELIZABETH,
    FACES,
    HEALTHY_EDWARD,
    PARR_READINGS,
    SICKLY_EDWARD,
    WALKS,
    WIFE_NAMES,
    WIVES,
    chart_of,
    stop_reason,
    wife_index,
)
from oddsengine.england.succession import (
    ELIZABETH_EARLIEST_TURN,
    FIRST_HEIR_TURN,
    HEIRS,
    LAST_TURN,
    NEVER,
    throne_turns,
)
from oddsengine.errors import (
    OddsEngineError,
    OddsEngineTypeError,
    checked_flag,
    shown,
    unknown_name,
)
from oddsengine.option_field import option

__all__ = [
    "Heirs",
    "HEIRS_OUTCOMES",
    "END_FIELDS",
    "DEFAULT_MARRIAGES_BEFORE_HEIR",
    "SIX_WIVES",
    "SIX_WIVES_CP",
]

#: The outcomes, by the highest result on the chart (§26): exclusive and exhaustive.
HEIRS_OUTCOMES = ("healthy_edward", "sickly_edward", "mary_elizabeth", "mary_only")
#: What an end state holds: the chart, then each heir's turn on the throne (0: never).
END_FIELDS = ("chart", "edward_turn", "mary_turn", "elizabeth_turn")
#: 26: the timeline's default, Six Wives on turns 3–6 before the turn-6 heir card.
DEFAULT_MARRIAGES_BEFORE_HEIR = 4
#: 30.9: the heir's card played in the turn it enters the deck.
IMMEDIATE = "immediate"
#: 24: the English Home card whose event advances the track (instead of its 5 CP).
SIX_WIVES = "Six Wives of Henry VIII"
#: 24: its other use, a declaration of war and 5 CP.
SIX_WIVES_CP = 5
#: 24: Anne of Cleves (each ally draws a card) and Kathryn Howard (England draws one).
_CLEVES, _HOWARD = 2, 3
_SAMPLED_ON_ITS_OWN = (
    "Henry's heirs are a chain of marriages, sampled marriage by marriage: give them to "
    "simulate(heirs, trials, seed) on its own"
)


def _draw_chance(value) -> str | float:
    """``heir_draw`` as ``"immediate"`` or a chance in (0, 1) (1 is ``"immediate"``)."""
    if isinstance(value, str):
        text = value.strip().casefold()
        if text == IMMEDIATE:
            return IMMEDIATE
        try:
            value = float(Fraction(text))
        except (ValueError, ZeroDivisionError, OverflowError):  # OverflowError: "1e400"
            raise OddsEngineError(
                f"heir_draw is 'immediate' or a chance per turn in (0, 1], not {shown(value)}"
            ) from None
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise OddsEngineTypeError(
            f"heir_draw is 'immediate' or a chance per turn in (0, 1], not {shown(value)}"
        )
    if not 0 < value <= 1:  # NaN fails too
        raise OddsEngineError(
            f"heir_draw: a chance per turn that the heir's card is played is in (0, 1], not {value}"
        )
    return IMMEDIATE if value == 1 else float(value)


#: The headings of the heirs' options.
_CHART, _READINGS, _TIMELINE = (
    "the chart and the marriages (§24, §25)",
    "readings (§30)",
    "the succession (§26)",
)


def _marriages_option(words: str, rule: str, group: str, label: str = ""):
    """A number of marriages, 0 up to Henry's wives (§24), declared; default None."""
    return option(words, rule=rule, default=None, low=0, high=len(WIVES), group=group, label=label)


def _reading_option(words: str, rule: str, choices: tuple, default: str, label: str = ""):
    """A reading of the rules (§30), one of its ``choices``, declared."""
    return option(
        words,
        rule=rule,
        value="choice",
        choices=choices,
        default=default,
        group=_READINGS,
        label=label,
    )


@dataclass(frozen=True)
class Heirs:
    """Henry's marriages from a state of the Pregnancy Chart, and the heirs they give
    (RULES.md §24–§26).

    Parameters
    ----------
    used : sequence of int or str, default ()
        The results already on the chart (§25), each 1..6 at most once (``"1,3"`` or
        ``(1, 3)``); one per wife married. The chart must be one that marriages can leave
        (a 6 or both heirs, a 4 and a 5, only as the last result). Default: the game's
        start, an empty chart.
    wife : str, optional
        The next wife on the track (§24): ``anne-boleyn`` (from the game's start),
        ``jane-seymour``, ``anne-of-cleves``, ``kathryn-howard`` or ``katherine-parr``.
        Default: the one after as many wives as ``used`` holds results; a wife given must
        agree with it.
    marriages : int, optional
        How many more marriages, wife after wife (§24; from the start, 2 is Anne Boleyn then
        Jane Seymour; the flirtatious bonus is one of them). The chain stops earlier at a 6
        or once both heirs are born (§24). Default: every wife left, to Katherine Parr.
        Refused past Katherine Parr, or on a chart that allows no more rolls.
    walk : {"higher", "lower"}, default "higher"
        Where a marker goes when its line is taken (§25 step 2, §30.1): ``higher``, the
        printed chart; ``lower`` only to compare with older figures.
    parr_both : {"consequence", "guarantee"}, default "consequence"
        Katherine Parr's claim (§25.6, §30.5): ``guarantee`` counts Elizabeth born after
        Parr's roll (the ``elizabeth_born`` figure only, never a ruler or VP).
    protestant_ally : bool, default False
        England allied with the Protestant at Anne of Cleves' marriage: England draws a
        card (§24, §30.7; ``expected.cards_drawn`` counts England's draws).
    timeline : bool, default False
        Answer the succession too (§26): who rules after Henry and from which turn, with
        England playing Six Wives every turn from turn 2 (turn 2 reaches Ask for
        Divorce) and the flirtatious bonus on top of its plays (§30.4).
    marriages_before_heir : int, optional
        With ``timeline``: England's marriages by play of Six Wives (or the Papal divorce)
        before the heir's card on turn 6, the flirtatious bonus on top (§26's table: 5, the
        divorce on turn 3 then turns 3–6; 4, turns 3–6; 3, the heir card first in turn 6;
        2, England stops after two). Default: 4 from the game's start, every wife left from
        a chart given. Refused past Katherine Parr.
    heir_draw : "immediate" or float, default "immediate"
        With ``timeline`` (§30.9): ``immediate``, an heir's card is played in the turn it
        enters the deck; a chance q in (0, 1) that it is played in each turn from then
        (open: it depends on the deck). The option "the heir card first in turn 6" is
        ``marriages_before_heir`` 3 (§26).

    Notes
    -----
    Jane Seymour's +1 is added before the walk and a modified 7 is the "6 or Above" line
    (§30.2, §30.3): the reading of an older implementation (the +1 after the walk, which
    can repeat a result) is not offered. The flirtatious bonus (§30.4) is used at
    England's pass later in the same turn, which the chain always reaches before the
    turn's heir card (§26's table: 4 plays give the figures of all five wives), so the
    reading that carries it over to a later turn gives the same figures here.

    Examples
    --------
    >>> from oddsengine import exact
    >>> answer = exact(Heirs(timeline=True, marriages_before_heir=3))
    >>> round(answer.p["mary_from_turn:6"], 4), round(answer.p["mary_from_turn:7"], 4)
    (0.0694, 0.3179)
    """

    used: tuple = option(
        "the results already on the Pregnancy Chart, each 1..6 at most once, one per wife "
        "married (default: the game's start, an empty chart)",
        rule="§25",
        default=(),
        metavar="R[,R]",
        group=_CHART,
        label="on the chart",
    )
    wife: str | None = option(
        "the next wife on the track (default: the one after as many wives as --used holds results)",
        rule="§24",
        value="choice",
        choices=WIVES,
        default=None,
        group=_CHART,
    )
    marriages: int | None = _marriages_option(
        "how many more marriages, wife after wife (from the start, 2 is Anne Boleyn then "
        "Jane Seymour); the chain stops at a 6 or once both heirs are born (default: every "
        "wife left)",
        "§24",
        _CHART,
    )
    walk: str = _reading_option(
        "where a marker goes when its line is taken: higher (the printed chart) or lower "
        "(older figures only)",
        "§25 step 2, §30.1",
        WALKS,
        "higher",
    )
    parr_both: str = _reading_option(
        "Katherine Parr's claim: consequence (no rule of its own) or guarantee (Elizabeth "
        "counts as born after her roll; changes only the elizabeth_born figure)",
        "§25.6, §30.5",
        PARR_READINGS,
        "consequence",
        label="Parr's claim",
    )
    protestant_ally: bool = option(
        "England allied with the Protestant at Anne of Cleves' marriage: England draws a card",
        rule="§24, §30.7",
        default=False,
        group=_READINGS,
    )
    timeline: bool = option(
        "answer the succession too: who rules after Henry and from which turn, England "
        "playing Six Wives every turn from turn 2",
        rule="§26",
        default=False,
        group=_TIMELINE,
    )
    marriages_before_heir: int | None = _marriages_option(
        "with --timeline: England's marriages before the heir's card on turn 6, the "
        "flirtatious bonus on top (5: the divorce on turn 3 then turns 3-6; 4; 3: the heir "
        "card first in turn 6; 2: England stops after two; default 4 from the start)",
        "§26",
        _TIMELINE,
        label="marriages first",
    )
    heir_draw: str | float = option(
        "with --timeline: immediate (an heir's card is played in the turn it enters the "
        "deck) or a chance q in (0, 1) that it is played in each turn from then",
        rule="§30.9",
        default=IMMEDIATE,
        metavar="immediate|Q",
        group=_TIMELINE,
    )
    #: The marriages the chain plans (the per-wife count, or the timeline's plays).
    planned: int = field(default=0, init=False, repr=False, compare=False)

    kind = "heirs"
    outcome_names = HEIRS_OUTCOMES
    #: Its chain is walked in fractions: every answer is exact fractions (``--fractions``).
    fractions_available = True

    def __post_init__(self):
        put = object.__setattr__
        used = chart_results(self.used)
        put(self, "used", used)
        for name, valid, plural in (
            ("walk", WALKS, "walks"),
            ("parr_both", PARR_READINGS, "parr both readings"),
        ):
            value = getattr(self, name)
            if not isinstance(value, str) or value.strip().casefold() not in valid:
                raise unknown_name(name.replace("_", " "), value, valid, plural=plural)
            put(self, name, value.strip().casefold())
        put(self, "protestant_ally", checked_flag(self.protestant_ally, "protestant_ally"))
        put(self, "timeline", checked_flag(self.timeline, "timeline"))
        for name in ("marriages", "marriages_before_heir"):
            put(self, name, whole_count(getattr(self, name), name))
        put(self, "heir_draw", _draw_chance(self.heir_draw))
        married = len(used)
        if self.wife is not None:
            index = wife_index(self.wife)
            put(self, "wife", WIVES[index])
            if index != married:
                raise OddsEngineError(
                    f"{WIVES[index]} is wife {index + 1} on the track (§24): the chart holds "
                    f"{index} result{'s' * (index != 1)} before her marriage, and used gives "
                    f"{married}"
                )
        elif married == len(WIVES):
            put(self, "wife", None)
        else:
            put(self, "wife", WIVES[married])
        self._check_chart()
        put(self, "planned", self._planned())

    def _check_chart(self) -> None:
        """Refuse a chart no marriages can leave (§24, §25): a 6, or a 4 and a 5, before
        another result, or Jane's roll below 2."""
        if not self.used:
            return
        reached = chart_law(MaritalState(0, 0, len(self.used), False), self.walk, flirt_bonus=False)
        if reached.get(self.chart, 0) == 0:
            raise OddsEngineError(
                f"used: no {len(self.used)} marriages leave the chart {list(self.used)} "
                f"(walk {self.walk}): the rolls stop at a 6 or once a 4 and a 5 are on it "
                "(§24), and Jane Seymour's roll is 2 or more (§25)"
            )

    def _planned(self) -> int:
        left = len(WIVES) - len(self.used)
        stop = stop_reason(self.chart)
        if not self.timeline:
            for name, default in (("marriages_before_heir", None), ("heir_draw", IMMEDIATE)):
                if getattr(self, name) != default:
                    raise OddsEngineError(
                        f"{name} belongs to the timeline of the succession (§26, §30.9): "
                        "give timeline=True"
                    )
            name, asked = "marriages", self.marriages
            default = 0 if stop else left
        else:
            if self.marriages is not None:
                raise OddsEngineError(
                    "marriages counts wives without the timeline; with timeline=True give "
                    "marriages_before_heir (England's plays of Six Wives before the heir card)"
                )
            name, asked = "marriages_before_heir", self.marriages_before_heir
            default = 0 if stop else (DEFAULT_MARRIAGES_BEFORE_HEIR if not self.used else left)
        if asked is None:
            return default
        if asked and stop:
            raise OddsEngineError(f"{name} {asked}: no marriage can follow: {stop}")
        if asked > left:
            married = len(self.used)
            after = (
                "the game's start"
                if not married
                else f"{married} {'wife' if married == 1 else 'wives'}"
            )
            raise OddsEngineError(
                f"{name} {asked}: a marriage past Katherine Parr, the end of the track (§24): "
                f"after {after}, at most {left} more"
            )
        return asked

    # -- the chain ---------------------------------------------------------------------

    @property
    def chart(self) -> int:
        """The bit mask of the chart given (:mod:`~oddsengine.england.pregnancy_chart`)."""
        return chart_of(self.used)

    @property
    def start(self) -> MaritalState:
        """The state the chain starts from."""
        return MaritalState(self.chart, len(self.used), self.planned, False)

    @property
    def draw_chance(self) -> Fraction:
        """The chance an heir's card is played in a turn it is in the deck (§30.9), exact."""
        return Fraction(1) if self.heir_draw == IMMEDIATE else Fraction(repr(self.heir_draw))

    @cached_property
    def end_states(self) -> dict[tuple[int, ...], Fraction]:
        """End state (:data:`END_FIELDS`) -> exact chance: the chart when the chain stops,
        then, with the timeline, each heir's turn on the throne."""
        charts = chart_law(self.start, self.walk, flirt_bonus=self.timeline)
        if not self.timeline:
            return {(chart, NEVER, NEVER, NEVER): chance for chart, chance in charts.items()}
        found: dict[tuple[int, ...], Fraction] = {}
        for chart, chance in charts.items():
            for turns, weight in sorted(throne_turns(chart, self.draw_chance).items()):
                key = (chart, *turns)
                found[key] = found.get(key, Fraction(0)) + chance * weight
        return found

    def draw_plan(self) -> CampaignEndStates:
        """The end states with their exact chances (floats, and fractions for
        ``--fractions``)."""
        states = self.end_states
        return CampaignEndStates(
            {key: float(chance) for key, chance in states.items()},
            _SAMPLED_ON_ITS_OWN,
            fractions=states,
        )

    # -- the card that advances the track ------------------------------------------------

    #: Whose card Six Wives of Henry VIII is, and what its event is worth in: the expected
    #: English heir VP (§25.5), beside the 5 CP of its other use (§24).
    card_side = "england"
    card_measure = ("vp", "VP", "expected English heir VP")
    card_cp = SIX_WIVES_CP

    @property
    def card_switches(self) -> tuple[tuple[str, str], ...]:
        """The card whose play makes the last of this question's marriages (§24 way 1): its
        value is that marriage against stopping one short (:meth:`switched`); none when
        the question makes no marriage."""
        if not self.planned:
            return ()
        return (("marriages_before_heir" if self.timeline else "marriages", SIX_WIVES),)

    def switched(self, field: str) -> tuple[Heirs, Heirs]:
        """This question without the last play of Six Wives and with it (one marriage
        fewer, and as it is; with the timeline, one play fewer)."""
        from dataclasses import replace

        return replace(self, **{field: self.planned - 1}), self

    def after_each_marriage(self) -> tuple[Heirs, ...]:
        """This question after its first marriage, its first two, ... all of them (§29's
        table: "after wife k"); with the timeline, by ``marriages_before_heir``."""
        from dataclasses import replace

        name = "marriages_before_heir" if self.timeline else "marriages"
        return tuple(replace(self, **{name: k}) for k in range(1, self.planned + 1))

    # -- outcomes ----------------------------------------------------------------------

    @property
    def event_names(self) -> tuple[str, ...]:
        names = [
            "edward_born",
            "elizabeth_born",
            "sickly_edward_elizabeth",
            "sickly_edward_only",
            *(f"result:{line}" for line in FACES),
            *(f"marriages:{k}" for k in range(self._most_marriages + 1)),
        ]
        if self.timeline:
            for heir, first in zip(HEIRS, self._first_turns, strict=True):
                name = heir.split("-")[0]
                names.append(f"{name}_rules")
                names += [f"{name}_from_turn:{turn}" for turn in range(first, LAST_TURN + 1)]
        return tuple(names)

    _first_turns = (FIRST_HEIR_TURN, FIRST_HEIR_TURN, ELIZABETH_EARLIEST_TURN)

    @property
    def _most_marriages(self) -> int:
        # the timeline's flirtatious bonus may add one to the plays (not past Parr)
        return min(self.planned + self.timeline, len(WIVES) - len(self.used))

    @property
    def reported_columns(self) -> dict:
        """Expected heir VP (§25.5), marriages made and cards England draws (§24); with the
        timeline, the turn Mary I (and Elizabeth I) takes the throne, if she does: the turn
        (0 when she never rules) over the exact chance that she rules, so that a Monte
        Carlo's mean of it is an unbiased estimate of that turn."""
        columns = {
            "vp": ("vp", 1.0),
            "marriages": ("marriages", 1.0),
            "cards_drawn": ("cards_drawn", 1.0),
        }
        if self.timeline:
            for heir in ("mary", "elizabeth"):
                chance = self._rules_chance(heir)
                if chance:  # the mean of the turn given that she rules
                    columns[f"{heir}_turn"] = (f"{heir}_turn", 1.0 / float(chance))
        return columns

    def _rules_chance(self, heir: str) -> Fraction:
        index = END_FIELDS.index(f"{heir}_turn")
        return sum(
            (chance for key, chance in self.end_states.items() if key[index] != NEVER), Fraction(0)
        )

    def outcome_columns(self, values) -> dict:
        chart, edward, mary, elizabeth = (np.asarray(value, dtype=np.int64) for value in values)

        def holds(line):
            return (chart >> (line - 1) & 1).astype(bool)

        wives = sum(holds(line).astype(np.int64) for line in FACES)
        healthy, sickly, girl = holds(HEALTHY_EDWARD), holds(SICKLY_EDWARD), holds(ELIZABETH)
        sickly = sickly & ~healthy
        outcome = np.where(
            healthy,
            HEIRS_OUTCOMES[0],
            np.where(sickly, HEIRS_OUTCOMES[1], np.where(girl, *HEIRS_OUTCOMES[2:])),
        ).astype(object)
        born = girl | ((wives == len(WIVES)) & (self.parr_both == "guarantee"))
        before = len(self.used)
        made = wives - before
        drawn = ((before <= _HOWARD) & (wives > _HOWARD)).astype(np.int64)
        if self.protestant_ally:
            drawn = drawn + ((before <= _CLEVES) & (wives > _CLEVES))
        columns = {
            "outcome": outcome,
            "chart": chart,
            "edward_turn": edward,
            "mary_turn": mary,
            "elizabeth_turn": elizabeth,
            "vp": np.where(healthy | sickly, 5, np.where(girl, 2, 0)),  # 25.5
            "marriages": made,
            "cards_drawn": drawn,
            "edward_born": healthy | sickly,
            "elizabeth_born": born,
            "sickly_edward_elizabeth": sickly & girl,
            "sickly_edward_only": sickly & ~girl,
        }
        for line in FACES:
            columns[f"result:{line}"] = holds(line)
        for k in range(self._most_marriages + 1):
            columns[f"marriages:{k}"] = made == k
        if self.timeline:
            turns = {"edward": edward, "mary": mary, "elizabeth": elizabeth}
            for heir, first in zip(HEIRS, self._first_turns, strict=True):
                name = heir.split("-")[0]
                columns[f"{name}_rules"] = turns[name] != NEVER
                for turn in range(first, LAST_TURN + 1):
                    columns[f"{name}_from_turn:{turn}"] = turns[name] == turn
        return columns

    # -- words -------------------------------------------------------------------------

    def describe(self) -> dict:
        described = {
            "used": list(self.used),
            "wife": self.wife,
            "walk": self.walk,
            "parr_both": self.parr_both,
            "protestant_ally": self.protestant_ally,
            "timeline": self.timeline,
        }
        if self.timeline:
            described["marriages_before_heir"] = self.planned
            described["heir_draw"] = self.heir_draw
        else:
            described["marriages"] = self.planned
        return described

    def title(self) -> str:
        first = "no wife left" if self.wife is None else WIFE_NAMES[WIVES.index(self.wife)]
        count = self.planned
        plural = "s" * (count != 1)
        if self.timeline:
            return (
                f"Succession after Henry VIII: {count} marriage{plural} before the heir's card, "
                f"from {first}"
            )
        return f"Henry VIII's heirs: {count} marriage{plural} from {first}"

    def describe_lines(self) -> list[str]:
        chart = ", ".join(map(str, self.used)) or "empty"
        lines = [
            "Rules: Henry's marital status track and the Pregnancy Chart, RULES.md §24-§25 "
            f"(readings §30.1-§30.8); chart: {chart}; walk: {self.walk}"
        ]
        if self.parr_both != "consequence":
            lines.append("Katherine Parr: Elizabeth counts as born after her roll (§30.5)")
        if self.timeline:
            draw = (
                "each played the turn it enters the deck"
                if self.heir_draw == IMMEDIATE
                else f"each played with chance {self.heir_draw:g} a turn"
            )
            lines.append(
                "Succession, RULES.md §26: Six Wives every turn from turn 2, the flirtatious "
                f"bonus on top; the heirs' cards {draw} (§30.9)"
            )
        return lines

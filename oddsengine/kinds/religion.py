"""The kinds of Part III of the rules: the religious struggle and the New World (RULES.md
§16-§23; the specs of :mod:`oddsengine.religion`), in the order the faces list them.

Examples
--------
>>> [kind.name for kind in RELIGION_KINDS][:3]
['reformation', 'counter-reformation', 'debate']
"""

from __future__ import annotations

from oddsengine.declaration import NEEDS_BOARD, Option
from oddsengine.kinds.record import Kind

__all__ = ["RELIGION_KINDS"]

#: The dice counts of an attempt (RULES.md §17, §18), by role.
_ATTEMPT_DICE = {"protestant_dice": "the Protestant's dice", "papal_dice": "the Papacy's dice"}
#: Affair of the Placards' attempts (RULES.md §19): an input of a single attempt on a board
#: that fills no field of its spec (its ``on_board`` takes it).
_PLACARDS = Option("placards_attempts", "Affair of the Placards' attempts: 3 (RULES.md §19's "
                   "table) or 4 (the card text)", value="count", low=3, high=4, default=3,
                   board=NEEDS_BOARD, more=True)  # fmt: skip
#: The shared options of an attempt, a debate: the engine's, a scenario's board, and what
#: each card that could still be played is worth.
_ON_A_BOARD = ("engine", "board", "card-value")

#: Where the sweep kinds of a scenario's religious board live.
_BOARD_SWEEPS = "oddsengine.religion.attempt_scenarios:"
_VOYAGE_WORDS = {
    "lost": "the explorer is lost at sea",
    "nothing": "nothing is discovered",
    "discovery": "a discovery is made",
    "circumnavigation": "the explorer circumnavigates the globe",
    "circumnavigation_failed": "the explorer is lost circumnavigating",
}

#: The kinds of the religious struggle and the New World.
RELIGION_KINDS: tuple[Kind, ...] = (
    # Part III: the attempts of the religious struggle, from dice counts (RULES.md §17, §18).
    Kind("reformation", "oddsengine.religion.attempts:ReformationAttempt", "success",
         ("protestant_dice", "papal_dice"), "Reformation attempt, RULES.md §17",
         "Reformation attempt", sweep=True, table=True,
         success_words="the space turns Protestant", role_words=_ATTEMPT_DICE,
         takes=_ON_A_BOARD, options=(_PLACARDS,)),
    Kind("counter-reformation", "oddsengine.religion.attempts:CounterReformationAttempt",
         "success", ("papal_dice", "protestant_dice"),
         "Counter-Reformation attempt, RULES.md §18", "Counter-Reformation attempt",
         sweep=True, table=True, success_words="the space turns Catholic",
         role_words=_ATTEMPT_DICE, takes=_ON_A_BOARD, options=(_PLACARDS,)),
    Kind("debate", "oddsengine.religion.debate:Debate", "papal_wins", ("attacker", "defender"),
         "theological debate, RULES.md §20", "Theological debate", sweep=True, table=True,
         role_words={"attacker": "the initiator's debater (a name, or random)",
                     "defender": "the other side's debater (a name, or the pool: committed, "
                                 "uncommitted, best)"},
         outcome_words={"papal_wins": "the Papacy wins the debate",
                        "protestant_wins": "the Protestant wins the debate",
                        "inconclusive": "nothing happens"},
         takes=_ON_A_BOARD),
    Kind("diet", "oddsengine.religion.diet:DietOfWorms", "protestant_wins", (),
         "the Diet of Worms, rule 18.1 (RULES.md §21)", "Diet of Worms", sweep=True,
         takes=("engine", "board", "table"),
         outcome_words={"protestant_wins": "the Protestant wins the Diet",
                        "catholic_wins": "the Hapsburgs and the Papacy win the Diet",
                        "draw": "the Diet flips nothing"},
         distribution="flips:"),
    # One command, voyage, asks one power's voyage or (several powers) a turn's voyages.
    Kind("voyage", "oddsengine.religion.voyage:Voyage", "discovery", (),
         "exploration, rule 20.2 (RULES.md §22)", "Exploration", sweep=True,
         outcome_words=_VOYAGE_WORDS, takes=("engine", "table", "card-value")),
    Kind("conquest", "oddsengine.religion.voyage:Conquest", "conquest", (),
         "conquest, rule 20.3 (RULES.md §22)", "Conquest", sweep=True,
         outcome_words={"killed": "the conquistador is killed",
                        "conquest": "a conquest is made"},
         takes=("engine", "table", "card-value")),
    Kind("voyages", "oddsengine.religion.voyage_turn:VoyageTurn", "circumnavigation", (),
         "a turn's explorations, rule 20.2 (RULES.md §22)", "Explorations of a turn",
         sweep=True, command="voyage",
         outcome_words={"no_circumnavigation": "no explorer circumnavigates this turn"}),
    # A scenario file's religious board swept (its what-ifs as parameters, RULES.md §16).
    Kind("reformation-scenario", _BOARD_SWEEPS + "ReformationScenario", "success", (),
         "a scenario's Reformation attempt swept, RULES.md §17", "Reformation attempt",
         sweep=True, success_words="the space turns Protestant"),
    Kind("counter-reformation-scenario", _BOARD_SWEEPS + "CounterReformationScenario",
         "success", (), "a scenario's Counter-Reformation attempt swept, RULES.md §18",
         "Counter-Reformation attempt", sweep=True, success_words="the space turns Catholic"),
    # A run of attempts on a board (RULES.md §19): its outcomes (flips:K) depend on the
    # source's attempts, no headline of its own; asked on a board, not swept (its sweep
    # kind is attempts-scenario).
    Kind("attempts", "oddsengine.religion.attempt_runs:AttemptRun", None, (),
         "run of attempts, RULES.md §19", "Run of attempts (board)",
         outcome_words={"expected.flips": "the expected number of spaces turned"},
         takes=("engine", "board"), distribution="flips:"),
    # Its outcomes (p.flips:K) depend on the source's attempts: no headline of its own.
    Kind("attempts-scenario", _BOARD_SWEEPS + "AttemptsScenario", None, (),
         "a scenario's run of attempts swept, RULES.md §19", "Run of attempts", sweep=True,
         outcome_words={"expected.flips": "the expected number of spaces turned"}),
)  # fmt: skip

"""The kinds of Part III of the rules: the religious struggle and the New World (RULES.md
§16-§23; the specs of :mod:`oddsengine.religion`), in the order the faces list them.

Examples
--------
>>> [kind.name for kind in RELIGION_KINDS][:3]
['reformation', 'counter-reformation', 'debate']
"""

from __future__ import annotations

from oddsengine.kind_entries import ExplorerEntry
from oddsengine.kinds.record import Kind

__all__ = ["RELIGION_KINDS"]

#: The dice counts of an attempt (RULES.md §17, §18), by role.
_ATTEMPT_DICE = {"protestant_dice": "the Protestant's dice", "papal_dice": "the Papacy's dice"}
#: The explorer's builders of Part III.
_RELIGION = "oddsengine.faces._explore_religion:"


def _religion_entry(
    name: str, controls: tuple, offer: str = "", module: str = _RELIGION, **extra
) -> ExplorerEntry:
    """The explorer entry of a Part III kind: no force boxes, its own controls."""
    return ExplorerEntry(
        ("(none)", "(none)"),
        ("", ""),
        (None, None),
        controls=controls,
        build=module + name,
        words=module + f"{name}_words",
        widgets=_RELIGION + "widgets",
        offer=offer and module + offer,
        **extra,
    )


#: The explorer's builders of the Diet, voyages and conquests.
_NEW_WORLD = "oddsengine.faces._explore_new_world:"


_ATTEMPT_CONTROLS = (
    "board",
    "space",
    "source",
    "protestant_dice",
    "papal_dice",
    "ties",
    "modifier",
    "printing_press",
    "ninety_five_theses",
    "augsburg",
    "bonus_debater",
)
#: A run of attempts on a board (RULES.md §19): offered from the Reformation's record.
_ATTEMPTS = (
    "attempts",
    "Run of attempts (board)",
    "attempts",
    _religion_entry(
        "attempts",
        ("board", "source", "run_policy", "objective", "bonus_debater"),
        "attempts_offer",
        answer=_RELIGION + "run_view",
        chart="flips:",
    ),
)

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
         explorer=_religion_entry("reformation", _ATTEMPT_CONTROLS, "reformation_offer",
                                  also=(_ATTEMPTS,))),
    Kind("counter-reformation", "oddsengine.religion.attempts:CounterReformationAttempt",
         "success", ("papal_dice", "protestant_dice"),
         "Counter-Reformation attempt, RULES.md §18", "Counter-Reformation attempt",
         sweep=True, table=True, success_words="the space turns Catholic",
         role_words=_ATTEMPT_DICE,
         explorer=_religion_entry("counter_reformation", _ATTEMPT_CONTROLS,
                                  "reformation_offer")._replace(
                                      words=_RELIGION + "reformation_words")),
    Kind("debate", "oddsengine.religion.debate:Debate", "papal_wins", ("attacker", "defender"),
         "theological debate, RULES.md §20", "Theological debate", sweep=True, table=True,
         role_words={"attacker": "the initiator's debater (a name, or random)",
                     "defender": "the other side's debater (a name, or the pool: committed, "
                                 "uncommitted, best)"},
         outcome_words={"papal_wins": "the Papacy wins the debate",
                        "protestant_wins": "the Protestant wins the debate",
                        "inconclusive": "nothing happens"},
         explorer=_religion_entry("debate", ("zone", "initiator", "turn", "debate_attacker",
                                             "debate_defender", "augsburg", "debate_card",
                                             "committed", "mary_i"), "debate_offer")),
    Kind("diet", "oddsengine.religion.diet:DietOfWorms", "protestant_wins", (),
         "the Diet of Worms, rule 18.1 (RULES.md §21)", "Diet of Worms", sweep=True,
         takes=("engine", "board", "table"),
         outcome_words={"protestant_wins": "the Protestant wins the Diet",
                        "catholic_wins": "the Hapsburgs and the Papacy win the Diet",
                        "draw": "the Diet flips nothing"},
         distribution="flips:"),
    Kind("voyage", "oddsengine.religion.voyage:Voyage", "discovery", (),
         "exploration, rule 20.2 (RULES.md §22)", "Exploration", sweep=True,
         outcome_words=_VOYAGE_WORDS,
         explorer=_religion_entry("voyage", ("power", "voyage_explorer", "uncharted",
                                             "mercator", "claimed"), "voyage_offer",
                                  module=_NEW_WORLD)),
    Kind("conquest", "oddsengine.religion.voyage:Conquest", "conquest", (),
         "conquest, rule 20.3 (RULES.md §22)", "Conquest", sweep=True,
         outcome_words={"killed": "the conquistador is killed",
                        "conquest": "a conquest is made"},
         explorer=_religion_entry("conquest", ("power", "conquistador", "smallpox",
                                               "conquered"), "conquest_offer",
                                  module=_NEW_WORLD)),
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
    # Its outcomes (p.flips:K) depend on the source's attempts: no headline of its own.
    Kind("attempts-scenario", _BOARD_SWEEPS + "AttemptsScenario", None, (),
         "a scenario's run of attempts swept, RULES.md §19", "Run of attempts", sweep=True,
         outcome_words={"expected.flips": "the expected number of spaces turned"}),
)  # fmt: skip

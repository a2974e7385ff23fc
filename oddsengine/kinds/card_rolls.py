"""The kinds of the card rolls of Part IV of the rules (RULES.md §28; the specs of
:mod:`oddsengine.card_rolls`).

Examples
--------
>>> [kind.name for kind in CARD_ROLL_KINDS][:2]
['book-of-common-prayer', 'michelangelo']
"""

from __future__ import annotations

from oddsengine.kinds.record import Kind

__all__ = ["CARD_ROLL_KINDS"]

# Part IV: the card rolls of RULES.md §28, each card a record in
# oddsengine.card_rolls.records (its number, entry turn, conditions and roll); the Sack of
# Rome is a field battle, played with the land combat cards; the New World riches are one
# column's roll and a turn's income with the Raiders in play.
_CARD_ROLLS = "oddsengine.card_rolls."
_RICHES = {
    "card_kept": "the power keeps a card",
    "card_stolen": "a Raider steals the card",
    "no_card": "the roll gives no card",
}


def _card_roll(name, spec, headline, roles, title, short, **facts) -> Kind:
    """The kind of a card's roll asked with ``card-roll NAME`` (and in sweep files), its
    spec class in :mod:`oddsengine.card_rolls` (``"module:Class"``)."""
    return Kind(name, _CARD_ROLLS + spec, headline, roles, title, short, sweep=True,
                command="card-roll", **facts)  # fmt: skip


#: The kinds of the card rolls.
CARD_ROLL_KINDS: tuple[Kind, ...] = (
    _card_roll("book-of-common-prayer", "die_events:BookOfCommonPrayer", "unrest", (),
               "Book of Common Prayer, card #62 (RULES.md §28.1)", "Book of Common Prayer",
               outcome_words={"unrest": "English home spaces go into unrest",
                              "no_unrest": "no space goes into unrest"}),
    # Its outcomes are the CP added (cp:2 .. cp:12): no one of them is the headline.
    _card_roll("michelangelo", "die_events:Michelangelo", None, (),
               "Michelangelo, card #52 (RULES.md §28.2)", "Michelangelo",
               outcome_words={"expected.cp": "the CP added to St Peter's"}),
    _card_roll("fountain-of-youth", "die_events:FountainOfYouth", "explorer_removed", (),
               "Fountain of Youth, card #77 (RULES.md §28.3)", "Fountain of Youth",
               outcome_words={"explorer_removed": "an explorer is removed from the game",
                              "no_explorer_removed": "no explorer is removed"}),
    _card_roll("threat-to-power", "die_events:ThreatToPower", "out_for_game", (),
               "Threat to Power, card #103 (RULES.md §28.4)", "Threat to Power",
               outcome_words={"out_for_game": "the leader is out for the rest of the game",
                              "out_for_turn": "the leader is out for the rest of the turn"}),
    # Its odds table: England's units in Scotland by France's (RULES.md §28.5).
    _card_roll("rough-wooing", "contests:RoughWooing", "success",
               ("english_units", "french_units"),
               "Rough Wooing, card #116 (RULES.md §28.5, §30.13)", "Rough Wooing",
               table=True, default_sides=("0..6", "0..4"),
               role_words={"english_units": "England's land and naval units in Scottish "
                                            "home spaces",
                           "french_units": "France's land and naval units in Scottish home "
                                           "spaces"},
               success_words="Scotland becomes England's ally",
               outcome_words={"failure": "Scotland stays France's ally"}),
    _card_roll("chateaux", "contests:Chateaux", "vp", (),
               "Patron of the Arts, card #4: the Chateau Table (RULES.md §28.6, §30.17)",
               "Patron of the Arts",
               outcome_words={"vp": "France gains a chateau VP", "no_vp": "no chateau VP"}),
    _card_roll("city-state-rebels", "hit_events:CityStateRebels", "key_retaken", (),
               "City State Rebels, card #71 (RULES.md §28.9)", "City State Rebels",
               outcome_words={"key_retaken": "the key returns to its home power",
                              "key_held": "the key stays captured"}),
    # Its odds table: the Papacy's dice by the Protestant's (RULES.md §28.10).
    _card_roll("council-of-trent", "council_of_trent:CouncilOfTrent", "papal_wins",
               ("papal_dice", "protestant_dice"),
               "Council of Trent, card #17 (RULES.md §28.10, §30.18)", "Council of Trent",
               table=True, default_sides=("0..12", "0..8"),
               outcome_words={"papal_wins": "the Papacy converts spaces",
                              "protestant_wins": "the Protestant converts spaces",
                              "draw": "the Council converts nothing"}),
    _card_roll("andrea-doria", "hit_events:AndreaDoria", "piracy_vp_reduced", (),
               "Andrea Doria's second use, card #68 (RULES.md §28.11)", "Andrea Doria",
               outcome_words={"piracy_vp_reduced": "the Ottoman piracy VP go down",
                              "no_effect": "the piracy VP stay"}),
    Kind("sack-of-rome", _CARD_ROLLS + "sack_of_rome:SackOfRome", "attacker_wins",
         ("attacker",), "Sack of Rome, card #95: a field battle (RULES.md §28.8, §30.15)",
         "Sack of Rome", sweep=True,
         role_words={"attacker": "the whole non-Papal stack, no formation limit"},
         outcome_words={"attacker_wins": "Rome is sacked (the Papacy loses)",
                        "defender_wins": "the Papacy holds Rome"},
         card_engagement="battle"),
    Kind("riches", _CARD_ROLLS + "riches:RichesRoll", "card_kept", (),
         "New World riches, rule 20.4 (RULES.md §28.7, §30.14, §30.16)", "New World riches",
         sweep=True, outcome_words=_RICHES),
    # Its outcomes (kept:K) run up to its holdings: no headline of its own.
    Kind("riches-turn", _CARD_ROLLS + "riches_turn:RichesTurn", None, (),
         "a turn's New World riches, rule 20.4 (RULES.md §28.7, §30.14)",
         "New World riches of a turn", sweep=True, command="riches",
         outcome_words={"expected.cards_kept": "the cards the power keeps"}),
)  # fmt: skip

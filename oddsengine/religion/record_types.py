"""The record types of Part III's rules (RULES.md §17-§22): a religious card
(:class:`ReligiousCard`), a debater's bonus (:class:`DebaterBonus`) and the run of attempts
an action, an event or a bonus gives (:class:`AttemptsGiven`).

Each field of a record says what it does; :data:`WHERE_IT_ACTS` says where, naming the
functions that read the field and apply its effect, so that a record and those lines tell
everything a card or a bonus does. The records themselves are in
:mod:`oddsengine.religion.cards` and :mod:`oddsengine.religion.debater_bonuses`; the
attempts, the runs, the debates, the voyages and the card questions read them and name no
card.

Examples
--------
>>> from oddsengine.religion.cards import RELIGIOUS_CARDS
>>> card = RELIGIOUS_CARDS["printing-press"]
>>> card.number, card.reformation_dice, card.lasts_the_turn
(90, 1, True)
>>> sorted(card.where_it_acts())[:2]
['attempts', 'lasts_the_turn']
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from oddsengine.acting_record import ActingRecord
from oddsengine.deck_card import DeckCard

__all__ = [
    "LANGUAGE_ZONES",
    "NEW_WORLD_POWERS",
    "ZONE_NAMED",
    "ZONE_AS_THE_CARD",
    "AttemptsGiven",
    "ReligiousCard",
    "DebaterBonus",
    "WHERE_IT_ACTS",
]

#: 16: the five language zones (a source of "all zones" targets each of them); a space in
#: none of them is in zone ``"none"`` (Breslau, Prague).
LANGUAGE_ZONES = ("german", "french", "english", "italian", "spanish")
#: The powers that explore and conquer (22).
NEW_WORLD_POWERS = ("england", "france", "hapsburg")
#: A source whose target zone is named with it: ``treatise:german`` (RULES.md §19).
ZONE_NAMED = "named"
#: A source whose target zone is "as the card" (§19): named with it, or ``all``.
ZONE_AS_THE_CARD = "as the card"


_R = "oddsengine.religion"
_SOURCES = f"{_R}.attempt_sources:_given_sources"
_RUN = f"{_R}.run_model:RunModel"
_DEBATE_RULES = f"{_R}.debate_rules"
_TREE = f"{_R}.debate_tree"

#: Where each field of a :class:`ReligiousCard` or a :class:`DebaterBonus` acts: the
#: functions that read it and apply its effect (``module:qualified.name``). A record names
#: what a card or a bonus does; this table names where, and a test keeps it true: each
#: function named reads its field. The fields that only describe (number, name, slug,
#: rule, played_by, when, label, debater) act nowhere.
WHERE_IT_ACTS: dict[str, tuple[str, ...]] = {
    # the cards
    "mandatory": (f"{_R}.cards:valued_cards",),
    "spec_fields": (f"{_R}.cards:ReligiousCard.field_of",),  # read by cards_in_effect
    "attempts": (_SOURCES, f"{_R}.record_types:ReligiousCard.attempt_dice"),
    "lasts_the_turn": (f"{_R}.cards:lasting_cards",),
    "reformation_dice": (f"{_R}.record_types:ReligiousCard.attempt_dice",),
    "counter_reformation_modifier": (
        f"{_RUN}.__init__",
        f"{_R}.attempts:CounterReformationAttempt.modifier",
    ),
    "calls_debate": (f"{_R}.cards:calling_card_slugs", f"{_R}.cards:debate_card_slugs"),
    "initiator_dice": (f"{_R}.record_types:ReligiousCard.initiator_dice_at",),
    "initiator_dice_in": (f"{_R}.record_types:ReligiousCard.initiator_dice_at",),
    "picks_attacker": (f"{_TREE}:build_tree",),
    "bars_debater": (f"{_R}.cards:barring_card",),  # read by check_debate, build_tree
    "commits": (
        f"{_DEBATE_RULES}:check_debate",
        f"{_TREE}:_Builder.round_one",
        f"{_R}.attempt_sources:attempt_source",
    ),  # fmt: skip
    "puts_in": (
        f"{_DEBATE_RULES}:check_debate",
        f"{_TREE}:_Builder.round_one",
        f"{_TREE}:_Builder.round_two",
    ),  # fmt: skip
    "debate_zones": (f"{_DEBATE_RULES}:check_debate", f"{_R}.debate_choices:cards"),
    "debate_option": (f"{_R}.debate_inputs:ignored_by_records",),
    "debate_option_words": (f"{_R}.debate_inputs:ignored_by_records",),
    "voyage_modifier": (f"{_R}.record_types:ReligiousCard.modifier_on",),
    "voyage_rolls": (f"{_R}.record_types:ReligiousCard.modifier_on",),
    # the debaters' bonuses
    "attempt_kind": (f"{_R}.debater_bonuses:die_givers",),
    "attempt_dice": (f"{_R}.attempt_runs:_debater_bonus", f"{_R}.attempts:_debater_bonus"),
    "within_two_of": (f"{_R}.attempt_runs:_bonus_spaces",),
    "within_two_of_leader": (f"{_R}.attempt_runs:_bonus_spaces",),
    "home_spaces_of": (f"{_R}.attempt_runs:_bonus_spaces", f"{_R}.attempt_sources:attempt_source"),
    "electorates": (f"{_R}.attempt_runs:_bonus_spaces",),
    "attack_dice": (f"{_DEBATE_RULES}:initiator_dice", f"{_DEBATE_RULES}:check_named_bonuses"),
    "attack_zones": (f"{_DEBATE_RULES}:initiator_dice", f"{_DEBATE_RULES}:check_named_bonuses"),
    "extra_flips": (f"{_TREE}:_Builder.matchup",),
    "cancel_chance": (f"{_R}.debate_dice:final_papal_cancel_chance",),
    "inserted_in_round": (f"{_TREE}:_Builder.__init__",),
    "policy_option": (f"{_TREE}:_Builder.round_two",),
}


@dataclass(frozen=True)
class AttemptsGiven:
    """A run of attempts that an action, an event or a debater's bonus gives (RULES.md §19).

    Parameters
    ----------
    source : str
        Its name as ``--source`` takes it (``95-theses``, ``treatise``, ``carlstadt``); a
        source whose zone is named is written ``NAME:ZONE``.
    side : {"protestant", "papacy"}
        Who attempts: Reformation (Protestant) or Counter-Reformation (Papal) attempts.
    attempts : int or None
        How many; None when the debaters it names decide (``named_debaters``).
    zones : tuple of str, or ``ZONE_NAMED``, or ``ZONE_AS_THE_CARD``
        Its target zones (all five: "all zones"), or how they are named.
    row : int
        Its row in RULES.md §19's table: the sources are listed in the table's order.
    bonus_dice : int
        Dice its own attempts add (the 95 Theses: +1).
    modifier : int
        Added to every Protestant die in the target zone (Calvin's Institutes: +1).
    only_in_zone : bool
        Every target must lie in the target zone (Carlstadt, Calvin: 23.8).
    unrest_on_failure : bool
        A failed attempt puts its target in unrest (Carlstadt, §17 step 7).
    english_bonuses_only : bool
        Only English debaters' bonuses apply (the English treatise).
    reformer : str
        A reformer who must be on the map (the English treatise: Cranmer).
    turn : int or None
        The only turn it is played on (the 95 Theses: 1).
    home_spaces_of : str
        Its targets are this power's home spaces (Book of Common Prayer: England's) ...
    also_spaces : tuple of str
        ... and these (Calais).
    printed_attempts : int or None
        The card text's count where it differs from §19's table (Affair of the Placards: 4):
        the rule option ``placards_attempts`` chooses.
    named_debaters : int
        It commits this many debaters of ``debaters_zone``, named with it, and makes as many
        attempts as their values add up to (Marburg Colloquy: 2 German debaters).
    debaters_zone : str
        The zone of those debaters.
    commits : str
        A debater it commits, who must be in play and uncommitted (Book of Common Prayer:
        Cranmer, §28.1).
    """

    source: str
    side: str
    attempts: int | None
    zones: tuple[str, ...] | str
    row: int
    bonus_dice: int = 0
    modifier: int = 0
    only_in_zone: bool = False
    unrest_on_failure: bool = False
    english_bonuses_only: bool = False
    reformer: str = ""
    turn: int | None = None
    home_spaces_of: str = ""
    also_spaces: tuple[str, ...] = ()
    printed_attempts: int | None = None
    named_debaters: int = 0
    debaters_zone: str = ""
    commits: str = ""

    @property
    def zone_named(self) -> bool:
        """Whether its zone is named with it (``NAME:ZONE``, or ``NAME:ZONE|all``)."""
        return self.zones in (ZONE_NAMED, ZONE_AS_THE_CARD)


@dataclass(frozen=True)
class ReligiousCard(DeckCard, ActingRecord):
    """One religious card and everything it does (RULES.md §17-§22): one record per card,
    a :class:`~oddsengine.deck_card.DeckCard` (its number and printed title first), its
    fields acting where :data:`WHERE_IT_ACTS` says
    (:meth:`~oddsengine.acting_record.ActingRecord.where_it_acts`).

    Parameters
    ----------
    slug : str
        Its name on the command line, in scenario files and JSON (``printing-press``).
    rule : str
        Where its effect is written (``"§17 step 3, §19"``).
    played_by : tuple of str
        Whom it is played for: a side (``"protestant"``, ``"papacy"``) or the powers (a
        voyage's); a card's value is measured for the first.
    when : str
        How and when it is played, in words: read by no rule.
    label : str
        The shorter name an answer gives its die (``"95 Theses"``); empty: the name.
    mandatory : bool
        A Mandatory Event: played when drawn, so no side chooses it and its value is not
        asked.
    spec_fields : tuple of (kind, field)
        The field of a kind's spec that says the card is played or in effect
        (``("reformation", "printing_press")``).
    attempts : tuple of AttemptsGiven
        The runs of attempts its event makes (§19), one per side it may serve.
    lasts_the_turn : bool
        Its effect lasts the rest of the turn: a board lists it in ``this_turn``.
    reformation_dice : int
        Dice added to every Reformation attempt while it is in effect, its own event's
        attempts included (Printing Press: +1, §17 step 3).
    counter_reformation_modifier : int
        Added to every Papal die of a Counter-Reformation attempt while it is in effect
        (Augsburg Confession: -1, a 1 becomes 0; §18, §23 reading 2).
    calls_debate : bool
        A Papal event that calls the debate (one at most in a debate).
    initiator_dice : int
        Dice added to a Papal initiator's roll in every round (Papal Inquisition +2, Thomas
        More +1, Augsburg Confession -1; §20 step 4, §23 reading 11).
    initiator_dice_in : tuple of (zone, dice)
        The initiator's dice instead in a zone (Thomas More: 3 in the English zone).
    picks_attacker : bool
        The Papacy may pick its own attacker (Leipzig Debate, §20 step 3) ...
    bars_debater : bool
        ... or bar one Protestant debater of the zone instead.
    commits : str
        A debater it commits before the debate, who must be in play and uncommitted
        (Papal Inquisition: Caraffa).
    puts_in : str
        A debater the playing side may put in for its drawn one, committed or not, in
        round 1 or 2 (Here I Stand: Luther, §20 steps 3 and 6).
    debate_zones : tuple of str
        The debate zones it may be played in; empty: any.
    debate_option, debate_option_words : str
        The debate's input that acts only with this card (``luther_policy``, ``bar``), and
        what that input is, in words.
    voyage_modifier : int
        Added to the rolls of ``voyage_rolls`` (Mercator's Map, Smallpox: +2; §22).
    voyage_rolls : tuple of str
        The voyage rolls it modifies: ``exploration``, ``circumnavigation``, ``conquest``.
    """

    slug: str
    rule: str
    played_by: tuple[str, ...]
    when: str
    label: str = ""
    mandatory: bool = False
    spec_fields: tuple[tuple[str, str], ...] = ()
    attempts: tuple[AttemptsGiven, ...] = ()
    lasts_the_turn: bool = False
    reformation_dice: int = 0
    counter_reformation_modifier: int = 0
    calls_debate: bool = False
    initiator_dice: int = 0
    initiator_dice_in: tuple[tuple[str, int], ...] = ()
    picks_attacker: bool = False
    bars_debater: bool = False
    commits: str = ""
    puts_in: str = ""
    debate_zones: tuple[str, ...] = ()
    debate_option: str = ""
    debate_option_words: str = ""
    voyage_modifier: int = 0
    voyage_rolls: tuple[str, ...] = ()

    acts_in = WHERE_IT_ACTS

    @property
    def words(self) -> str:
        """The name an answer gives the card's die: its label, else its name."""
        return self.label or self.name

    def field_of(self, kind: str) -> str | None:
        """The field of ``kind``'s spec that says this card is played, or None."""
        for its_kind, name in self.spec_fields:
            if its_kind == kind:
                return name
        return None

    def attempt_dice(self, side: str) -> int:
        """Dice this card adds to an attempt of ``side`` (``"protestant"`` or
        ``"papacy"``): its dice while in effect, and its own event's extra die."""
        dice = self.reformation_dice if side == "protestant" else 0
        return dice + sum(given.bonus_dice for given in self.attempts if given.side == side)

    def initiator_dice_at(self, zone: str) -> int:
        """Dice this card adds to a Papal initiator's roll in a debate in ``zone``."""
        return dict(self.initiator_dice_in).get(zone, self.initiator_dice)

    def modifier_on(self, roll: str) -> int:
        """What this card adds to a voyage's ``roll`` (``exploration``,
        ``circumnavigation``, ``conquest``; §22).

        Examples
        --------
        >>> from oddsengine.religion.cards import MERCATORS_MAP
        >>> MERCATORS_MAP.modifier_on("circumnavigation"), MERCATORS_MAP.modifier_on("conquest")
        (2, 0)
        """
        return self.voyage_modifier if roll in self.voyage_rolls else 0


@dataclass(frozen=True)
class DebaterBonus(ActingRecord):
    """What one debater's bonus does (RULES.md §17-§20, §23 readings 8, 9 and 12): one
    record per debater whose bonus the engines apply.

    His bonus in words and its use are the debaters' data (``data/religion/debaters.csv``:
    ``bonus``, ``bonus_use``); this record says what it does.

    Parameters
    ----------
    debater : str
        His name, as the data spells it.
    attempt_kind : {"", "reformation", "counter-reformation"}
        The attempts his die goes to, once committed (§17 step 3, §18, 23.9) ...
    attempt_dice : int
        ... how many dice (Faber: 2) ...
    within_two_of : str
        ... on a target within 2 spaces of this space (23.9: every land connection) ...
    within_two_of_leader : str
        ... or within 2 spaces of where this leader stands (Contarini: Charles V) ...
    home_spaces_of : tuple of str
        ... or in these powers' home spaces (Latimer: England) ...
    electorates : bool
        ... or against an electorate (Faber).
    attempts : AttemptsGiven or None
        The run of attempts his bonus makes, committing him (Carlstadt's and Calvin's
        treatise, Cajetan's and Caraffa's Burn Books; §19).
    attack_dice : int
        Dice he adds as the attacker entering a round uncommitted (Eck, Gardiner: +1;
        §20 step 4, 23.12) ...
    attack_zones : tuple of str
        ... in these zones only (Gardiner: English); empty: any.
    extra_flips : int
        As the final Papal debater, the winner flips this many spaces more (Aleander: 1,
        §20 step 7, 23.12).
    cancel_chance : Fraction
        As the final Papal debater, losing, the chance his die cancels the result (Campeggio:
        5-6, 1/3; §20 step 7, 23.12).
    inserted_in_round : int
        The round in which the Protestant may put him in for the drawn debater (Bullinger:
        round 2, §20 step 6) ...
    policy_option : str
        ... as the debate's input of that name says (``bullinger_policy``).
    """

    debater: str
    attempt_kind: str = ""
    attempt_dice: int = 0
    within_two_of: str = ""
    within_two_of_leader: str = ""
    home_spaces_of: tuple[str, ...] = ()
    electorates: bool = False
    attempts: AttemptsGiven | None = None
    attack_dice: int = 0
    attack_zones: tuple[str, ...] = ()
    extra_flips: int = 0
    cancel_chance: Fraction = Fraction(0)
    inserted_in_round: int = 0
    policy_option: str = ""

    acts_in = WHERE_IT_ACTS

    @property
    def slug(self) -> str:
        """His bonus as ``--bonuses`` names it (``eck``)."""
        return self.debater.lower()

    @property
    def acts_in_debate(self) -> bool:
        """Whether the bonus acts in a debate (23.12)."""
        return bool(self.attack_dice or self.extra_flips or self.cancel_chance
                    or self.inserted_in_round)  # fmt: skip

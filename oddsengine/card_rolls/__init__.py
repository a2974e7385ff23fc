"""The card rolls of RULES.md §28: the dice some card events roll (Book of Common Prayer,
Michelangelo, Fountain of Youth, Threat to Power, Rough Wooing, Patron of the Arts, City
State Rebels, Council of Trent, Andrea Doria's second use), the Sack of Rome as the field
battle it is, and the New World riches with the Raiders in play.

The cards are records (:mod:`oddsengine.card_rolls.records`: number, name, entry turn, who
plays it, its roll, its conditions); each roll is a frozen spec, validated when it is
built, that meets the :class:`~oddsengine.kinds.Engagement` protocol, so that
:func:`oddsengine.exact` and :func:`oddsengine.simulate` answer it like a combat.
"""

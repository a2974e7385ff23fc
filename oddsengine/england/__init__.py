"""England's dice (RULES.md Part IV, §24–§27): Henry VIII's marriages on the Pregnancy
Chart, the succession they lead to, and England under Mary I.

The rules live in :mod:`~oddsengine.england.pregnancy_chart` (the track and the chart),
:mod:`~oddsengine.england.marital_chain` (marriage after marriage) and
:mod:`~oddsengine.england.succession` (who rules after Henry, from which turn); the
questions are the specs :class:`~oddsengine.england.heirs.Heirs` and
:class:`~oddsengine.england.mary_i.MaryI`.
"""

"""The question ``--card-value`` asks of each kind: what each card that could still be
played is worth there, solved exactly without it and with it.

A kind whose spec names the cards that switch its inputs (``card_switches``) is asked
the generic question, :func:`~oddsengine.questions.switch_value.switch_value`; a kind
whose cards' worth is measured its own way has its question here: a Reformation attempt's
Printing Press and a Counter-Reformation attempt's Augsburg Confession in the chance of
the side that plays them (:mod:`oddsengine.questions.attempt_cards`), a debate's cards in
the playing side's expected net (:mod:`oddsengine.questions.debate_cards`). Each question
gives its rows without pandas and writes them as text so: a command line's text answer
stays light.

Examples
--------
>>> card_question("heirs").rows.__name__, card_question("debate").rows.__name__
('switch_value_rows', 'debate_card_value_rows')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from oddsengine.questions.attempt_cards import attempt_card_value_rows, attempt_card_value_text
from oddsengine.questions.debate_cards import debate_card_value_rows, debate_card_value_text
from oddsengine.questions.switch_value import switch_value_rows, switch_value_text

__all__ = ["CardQuestion", "CARD_QUESTIONS", "SWITCHES", "card_question"]


class CardQuestion(NamedTuple):
    """How a kind's cards are valued.

    Parameters
    ----------
    rows : callable
        ``rows(spec) -> list of dict``: one row per card, without pandas.
    text : callable
        ``text(spec, rows) -> str``: the rows as the text table.
    """

    rows: Callable
    text: Callable


#: The question of the cards that switch an input on (``card_switches``).
SWITCHES = CardQuestion(switch_value_rows, switch_value_text)

#: The kinds whose cards are valued their own way, by kind name.
CARD_QUESTIONS = {
    "reformation": CardQuestion(attempt_card_value_rows, attempt_card_value_text),
    "counter-reformation": CardQuestion(attempt_card_value_rows, attempt_card_value_text),
    "debate": CardQuestion(debate_card_value_rows, debate_card_value_text),
}


def card_question(kind: str) -> CardQuestion:
    """The card question of the kind called ``kind`` (the switches' by default)."""
    return CARD_QUESTIONS.get(kind, SWITCHES)

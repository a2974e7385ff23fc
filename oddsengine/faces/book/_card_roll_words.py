"""The words of the card-roll pages of the odds book: a card's heading and the rules its
captions cite, read from its record (:mod:`oddsengine.card_rolls.records`), never written
here; a list and a signed difference as a sentence writes them; a card's exact answer with
its fractions.

Examples
--------
>>> listed(["a", "b", "c"]), listed(["a", "b"], "or"), signed(-2), signed(3)
('a, b and c', 'a or b', '−2', '+3')
"""

from __future__ import annotations

__all__ = ["card_heading", "card_rules", "exact_answer", "listed", "signed"]


def exact_answer(spec):
    """The exact answer to ``spec`` and its chances as fractions."""
    import oddsengine as oe
    from oddsengine.results.fractions import exact_fractions

    answer = oe.exact(spec)
    return answer, exact_fractions(answer)


def card_heading(record, words: str = "") -> str:
    """A section's heading: the card's name, number and entry turn, then ``words``."""
    when = f", from turn {record.entry_turn}" if (record.entry_turn or 1) > 1 else ""
    return f"{record.name} (card #{record.number}{when}){words}"


def card_rules(*records, readings: str = "") -> str:
    """A caption's rules: each card's number and name, its edition, its section of RULES.md,
    then the readings of §30 it follows (``"§30.13"``)."""
    cards = " and ".join(f"#{record.number}, {record.name}" for record in records)
    editions = {record.edition for record in records if record.edition}
    sections = [f"§{record.rule}" for record in records] + ([readings] if readings else [])
    edition = "".join(f"{edition}; " for edition in sorted(editions))
    plural = "s" if len(records) > 1 else ""
    return f"Here I Stand card{plural} {cards} ({edition}RULES.md {', '.join(sections)})"


def listed(words, last: str = "and") -> str:
    """Words listed as a sentence does: "a, b and c"."""
    return ", ".join(words[:-1]) + f" {last} {words[-1]}" if len(words) > 1 else words[0]


def signed(number: int) -> str:
    """A difference with its sign: "−2", "0", "+3" (a minus sign, not a hyphen)."""
    return f"+{number}" if number > 0 else f"−{-number}" if number < 0 else "0"

"""The kinds of Part IV of the rules on England: Henry VIII's heirs and England under Mary I
(RULES.md §24-§27; the specs of :mod:`oddsengine.england`).

Examples
--------
>>> [kind.name for kind in ENGLAND_KINDS]
['heirs', 'mary-i']
"""

from __future__ import annotations

from oddsengine.kinds.record import Kind

__all__ = ["ENGLAND_KINDS"]

# Part IV: Henry VIII's heirs and England under Mary I (RULES.md §24-§27).
ENGLAND_KINDS: tuple[Kind, ...] = (
    Kind("heirs", "oddsengine.england.heirs:Heirs", "healthy_edward", (),
         "Henry VIII's heirs, RULES.md §24-§26", "Henry VIII's heirs", sweep=True,
         outcome_words={"healthy_edward": "a healthy Edward is born",
                        "sickly_edward": "a sickly Edward is Henry's heir",
                        "mary_elizabeth": "Mary I, then Elizabeth I, follow Henry",
                        "mary_only": "Mary I alone follows Henry"},
         takes=("engine", "table", "card-value")),
    # Its outcomes (p.taken:K) depend on the impulses: no headline of its own.
    Kind("mary-i", "oddsengine.england.mary_i:MaryI", None, (),
         "England under Mary I, RULES.md §27", "England under Mary I", sweep=True,
         outcome_words={"taken:0": "the Papacy takes none of England's impulses"},
         distribution="taken:"),
)  # fmt: skip

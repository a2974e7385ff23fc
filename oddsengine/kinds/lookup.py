"""What the faces look up in the registry by a kind's name: :func:`kind_of` (the record),
:func:`headline`, :func:`title`, :func:`outcome_words`, :func:`table_kinds` and
:func:`check_outcome_name`.

Examples
--------
>>> kind_of("battle").title, headline("assault")
('Field battle', 'success')
"""

from __future__ import annotations

from oddsengine.errors import CANCELLED, OddsEngineError, unknown_name
from oddsengine.kinds.record import Kind
from oddsengine.kinds.registry import KINDS

__all__ = [
    "CANCELLED_WORDS",
    "check_outcome_name",
    "headline",
    "kind_of",
    "outcome_words",
    "table_kinds",
    "title",
]


def kind_of(name: str) -> Kind:
    """The registered kind called ``name``.

    Examples
    --------
    >>> kind_of("naval").rule
    'naval battle, rule 16.2'
    """
    kind = KINDS.get(name)
    if kind is None:
        raise OddsEngineError(f"unknown kind {name!r}; use one of " + ", ".join(KINDS))
    return kind


def headline(name) -> str | None:
    """The headline outcome of the kind called ``name`` (None if it has none or is not
    registered).

    Examples
    --------
    >>> headline("foreign-war"), headline("unknown")
    ('won', None)
    """
    kind = KINDS.get(name)
    return None if kind is None else kind.headline


def title(name) -> str:
    """The chart title of the kind called ``name`` (empty if it is not registered).

    Examples
    --------
    >>> title("intercept")
    'Interception'
    """
    kind = KINDS.get(name)
    return "" if kind is None else kind.title


#: What the cancelled outcome (any kind's, :data:`~oddsengine.errors.CANCELLED`) is in words.
CANCELLED_WORDS = "the combat is cancelled"


def outcome_words(outcome: str, name=None) -> str:
    """What ``outcome`` is in words, for a chart: the record of the kind called ``name``
    says it, else the first record that words that outcome; empty when none does.

    Examples
    --------
    >>> outcome_words("success", "assault"), outcome_words("attacker_wins")
    ('the assault takes the space', 'the attacker wins')
    >>> outcome_words("success")
    ''
    """
    kind = KINDS.get(name)
    if kind is not None and outcome == "success" and kind.success_words:
        return kind.success_words
    if kind is not None and outcome in kind.outcome_words:
        return kind.outcome_words[outcome]
    if outcome == CANCELLED:
        return CANCELLED_WORDS
    worded = (other.outcome_words for other in KINDS.values() if outcome in other.outcome_words)
    return next((words[outcome] for words in worded), "")


def table_kinds() -> list[Kind]:
    """The kinds ``oddsengine table`` and ``plot`` offer, in registry order."""
    return [kind for kind in KINDS.values() if kind.table]


def check_outcome_name(name, specs, *, where: str = "") -> str:
    """``name`` if it is an outcome or event of the engagements ``specs``; else refuse it
    with the valid names and the closest ones.

    Parameters
    ----------
    name : str
        An outcome (``"success"``) or event (``"defender_leaders_captured"``) name.
    specs : iterable of specs meeting :class:`Engagement`
        The engagements the name must belong to (the cells of a table, say).
    where : str, optional
        What asks, for the message (``"odds table"``).

    Raises
    ------
    OddsEngineError
        On a name no spec reports (``"sucess"``, ``"expected_attacker_losses"``).

    Examples
    --------
    >>> from oddsengine import Assault
    >>> check_outcome_name("success", [Assault("3R L1", "hapsburg: 1R")])
    'success'
    >>> check_outcome_name("sucess", [Assault("3R L1", "hapsburg: 1R")])
    Traceback (most recent call last):
    ...
    oddsengine.errors.OddsEngineError: unknown outcome 'sucess'; did you mean 'success'? The ...
    """
    valid: dict[str, None] = {}
    specs = list(specs)
    for spec in specs:
        for known in (*spec.outcome_names, *spec.event_names):
            valid.setdefault(known, None)
    if name in valid or not valid or name == CANCELLED:
        return name
    raise unknown_name("outcome", name, valid, where=where)

"""What the Papacy does with the English impulses it takes under Mary I (RULES.md §27,
§30.10–§30.11) on a scenario's religious board: its Burn Books, a run of Counter-Reformation
attempts in the English zone (:class:`~oddsengine.religion.attempt_runs.AttemptRun`,
played optimally), and its debate in the English zone with Mary's doubling
(:class:`~oddsengine.religion.debate.Debate`), each answered by the exact engines of the
religious struggle, and weighed by the actions the Papacy is expected to make.

Each action is answered on the board as given: the expected Catholic spaces over the
impulses add the actions' answers as if each were the first (the board between two
impulses, which both sides change, is not followed).

Examples
--------
>>> from oddsengine.england.mary_i import MaryI
>>> papal_actions(MaryI(cards=(2, 3)))
Traceback (most recent call last):
...
oddsengine.errors.OddsEngineError: the Papacy's actions on the board need a scenario with a ...
"""

from __future__ import annotations

from oddsengine.engines.exact import exact
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown

__all__ = ["papal_actions"]


def papal_actions(mary, **options):
    """The Papacy's Burn Books and debate on ``mary``'s board, and what the impulses it
    takes are expected to bring it.

    Parameters
    ----------
    mary : MaryI
        With a ``scenario`` and the cards' CP (``cards``).
    **options
        ``burn_books``: options of the Burn Books run (``debater``, ``objective``);
        ``debate``: options of the debate (``attacker``, ``defender``, ``cards``).

    Returns
    -------
    dict
        ``burn_books``: the run's answer (:class:`~oddsengine.results.run_answer.RunAnswer`);
        ``debate``: the debate's :class:`~oddsengine.Result`; ``expected_burn_books`` and
        ``expected_debates``: the actions the Papacy is expected to make;
        ``flips_per_burn_books``: the optimal run's expected spaces turned Catholic;
        ``net_per_debate``: the debate's expected spaces flipped to Catholic less those
        flipped to Protestant; ``expected_catholic_flips``: both weighed by the actions.
    """
    from oddsengine.england.mary_i import MaryI

    if not isinstance(mary, MaryI):
        raise OddsEngineTypeError(f"papal_actions takes MaryI, not {shown(mary)}")
    unknown = set(options) - {"burn_books", "debate"}
    if unknown:
        raise OddsEngineTypeError(
            f"papal_actions takes burn_books= and debate= options, not {', '.join(unknown)}"
        )
    if mary.scenario is None:
        raise OddsEngineError(
            "the Papacy's actions on the board need a scenario with a religious board"
        )
    if not mary.cards:
        raise OddsEngineError(
            "what the Papacy does with a card depends on its CP (§27 step 3): give the cards"
        )
    expected = exact(mary).expected_values()
    burn_books = exact(mary.burn_books_run(**options.get("burn_books", {})))
    debate = exact(mary.papal_debate(**options.get("debate", {})))
    flips = burn_books.optimal.expected_flips
    values = debate.expected_values()
    net = values["papal_flips"]["mean"] - values["protestant_flips"]["mean"]
    count_burn, count_debate = expected["burn_books"]["mean"], expected["debates"]["mean"]
    return {
        "burn_books": burn_books,
        "debate": debate,
        "expected_burn_books": count_burn,
        "expected_debates": count_debate,
        "flips_per_burn_books": flips,
        "net_per_debate": net,
        "expected_catholic_flips": count_burn * flips + count_debate * net,
    }

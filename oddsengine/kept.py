"""Answers kept by what decides them, up to a bound: the memo of the engines' and the
board's repeated work (draw plans, resolved assaults and battles, survivors' forces, space
names).

A :class:`Kept` is a dict with a bound: when it is full, a new answer first forgets every
answer kept (a search or a sweep asks in runs, so the answers of the run before are rarely
asked again). Nothing kept changes a number: a kept answer is the answer computed again.

Examples
--------
>>> squares = Kept(2)
>>> squares.keep(3, 9), squares.keep(4, 16), squares.keep(5, 25)
(9, 16, 25)
>>> dict(squares)
{5: 25}
"""

from __future__ import annotations

__all__ = ["Kept"]


class Kept(dict):
    """A dict of at most ``most`` answers, emptied when a new one would overflow it.

    Parameters
    ----------
    most : int
        How many answers it keeps.
    """

    def __init__(self, most: int):
        super().__init__()
        self.most = most

    def keep(self, key, value):
        """Keep ``value`` as the answer for ``key`` (every answer forgotten first when
        ``most`` are kept) and return it."""
        if len(self) >= self.most:
            self.clear()
        self[key] = value
        return value

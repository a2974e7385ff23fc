"""The uncertainty of a Monte Carlo chance: the 95% quantile and the Wilson interval.

A chance counted over ``trials`` draws is a binomial proportion; its 95% interval is the
Wilson score interval, which stays inside [0, 1] and is honest near 0 and 1 where the
normal approximation is not. Every result type (:class:`~oddsengine.results.result.Result`,
the runs of attempts, the campaigns) reads both from here.

Examples
--------
>>> round(Z95, 2)
1.96
>>> wilson_interval(0, 0)
(0.0, 1.0)
"""

from __future__ import annotations

import math

__all__ = ["Z95", "wilson_interval"]

#: The two-sided 95% quantile of the standard normal distribution.
Z95 = 1.959963984540054


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion.

    Examples
    --------
    >>> low, high = wilson_interval(50, 100)
    >>> round(low, 4), round(high, 4)
    (0.4038, 0.5962)
    """
    if trials <= 0:
        return (0.0, 1.0)
    p_hat = successes / trials
    denominator = 1.0 + z * z / trials
    centre = (p_hat + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p_hat * (1 - p_hat) / trials + z * z / (4 * trials * trials))
    half /= denominator
    return (max(0.0, centre - half), min(1.0, centre + half))

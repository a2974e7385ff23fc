"""The engines: the two doors (:func:`~oddsengine.exact`, :func:`~oddsengine.simulate`),
exact grids, the campaign protocol and the campaign engines (siege campaigns, foreign wars,
whole moves), the one check of a run's arguments, the Monte Carlo sampler on
counter-based streams, and the Numba kernels. They read the specs' draw plans
(:mod:`oddsengine.draws`); no spec imports them.
"""

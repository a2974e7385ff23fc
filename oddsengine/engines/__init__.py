"""The engines: exact distributions, the Monte Carlo sampler on counter-based streams, and
the Numba kernels.
"""

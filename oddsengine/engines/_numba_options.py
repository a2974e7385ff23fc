"""The one place that sets Numba's compilation options for every kernel.

``cache=True`` writes the compiled machine code next to the modules (or in
``NUMBA_CACHE_DIR``), so that only the first call on a machine pays compile time.
``fastmath`` stays off: the kernels compare integers and must be bit-for-bit reproducible.
"""

import numba

#: Options for serial kernels.
JIT_OPTIONS = {"cache": True, "nogil": True, "fastmath": False, "error_model": "numpy"}

#: Options for kernels that split their work over threads with ``numba.prange``.
PARALLEL_JIT_OPTIONS = {**JIT_OPTIONS, "parallel": True}


def njit(function=None, **overrides):
    """Compile ``function`` with the project's serial options."""
    options = {**JIT_OPTIONS, **overrides}
    if function is None:
        return lambda inner: numba.njit(**options)(inner)
    return numba.njit(**options)(function)


def njit_parallel(function):
    """Compile ``function`` with the project's parallel options."""
    return numba.njit(**PARALLEL_JIT_OPTIONS)(function)

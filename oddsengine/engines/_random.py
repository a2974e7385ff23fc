"""Seeds and random streams.

Every public function that samples takes ``seed`` (an int, a
:class:`numpy.random.SeedSequence` or None) and normalises it here, once. The stream of a
block of trials is keyed by (seed, scenario, block): the scenario is identified by a hash
of its spec, not by its position in a batch, so a scenario draws the same numbers alone or
inside any sweep, and a block draws the same numbers on any thread.
"""

from __future__ import annotations

import hashlib
import secrets

import numpy as np

from oddsengine.errors import OddsEngineError

__all__ = ["normalise_seed", "scenario_id", "block_keys"]


def normalise_seed(seed) -> int:
    """Return the integer entropy of ``seed``; a fresh random 63-bit one for None.

    The integer is reported with every result, so any run can be repeated (63 bits fit
    in a signed 64-bit column of a table).
    """
    if seed is None:
        return secrets.randbits(63)
    if isinstance(seed, np.random.SeedSequence):
        return int(seed.entropy)
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise OddsEngineError(f"seed must be a non-negative integer, not {seed!r}")
    if seed < 0:
        raise OddsEngineError(f"seed must be a non-negative integer, not {seed}")
    return int(seed)


def scenario_id(spec) -> int:
    """A stable 32-bit identity of a spec, taken from its ``repr``."""
    digest = hashlib.blake2b(repr(spec).encode(), digest_size=4).digest()
    return int.from_bytes(digest, "little")


def block_keys(seed: int, scenario: int, blocks: int) -> np.ndarray:
    """Keys of the first ``blocks`` blocks of a scenario's stream (a stable prefix)."""
    sequence = np.random.SeedSequence(seed, spawn_key=(scenario,))
    return sequence.generate_state(blocks, dtype=np.uint64)

"""Seeds and random streams.

Every public function that samples takes ``seed`` (an int, a
:class:`numpy.random.SeedSequence` or None) and normalises it here, once. The stream of a
block of trials is keyed by (seed, scenario, block): the scenario is identified by a 64-bit
digest of its spec's canonical fields (:func:`canonical_fields`), not by its position in a
batch, so a scenario draws the same numbers alone or inside any sweep, and a block draws
the same numbers on any thread.

The digest reads the spec's fields, not its ``repr``: a change to how a spec prints moves
no seeded figure, a field added with a default moves none either (a field at its default
is left out), and a million scenarios (the most a sweep allows) share a stream with a
chance of about 3e-8 (a 32-bit hash of the ``repr`` expected a hundred such pairs).
"""

from __future__ import annotations

import dataclasses
import os
from functools import lru_cache

import numpy as np

from oddsengine.errors import OddsEngineError

__all__ = [
    "BLOCK_TRIALS",
    "CAMPAIGN_BLOCK",
    "normalise_seed",
    "canonical_fields",
    "scenario_id",
    "block_keys",
    "trial_blocks",
    "block_pieces",
]

#: Trials per block of the kernels that draw a whole trial at once (battles, moves, debates,
#: religious attempt runs, Henry's heirs): the unit of parallel work and of random streams,
#: and the rounds' unit under a precision target.
BLOCK_TRIALS = 1 << 18
#: Trials per block of the engines that play a trial out step by step on streams of their
#: own (siege campaigns, foreign wars, a turn's riches and its voyages): the unit of their
#: random streams.
CAMPAIGN_BLOCK = 1 << 16


def normalise_seed(seed) -> int:
    """Return the integer entropy of ``seed``; a fresh random 63-bit one for None.

    The integer is reported with every result, so any run can be repeated (63 bits fit
    in a signed 64-bit column of a table).
    """
    if seed is None:
        # 63 random bits from the system, as secrets.randbits(63) draws them (without
        # importing secrets, random and hashlib on every command's path).
        return int.from_bytes(os.urandom(8), "big") >> 1
    if isinstance(seed, np.random.SeedSequence):
        return int(seed.entropy)
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise OddsEngineError(f"seed must be a non-negative integer, not {seed!r}")
    if seed < 0:
        raise OddsEngineError(f"seed must be a non-negative integer, not {seed}")
    return int(seed)


_NO_DEFAULT = object()


@lru_cache(maxsize=1024)
def _compared_fields(spec_class: type) -> tuple[tuple[str, object], ...]:
    """(name, default) of each compared field of a dataclass, read once per class (a
    default factory is called once: the defaults of specs are immutable)."""
    compared = []
    for field in dataclasses.fields(spec_class):
        if not field.compare:
            continue
        if field.default is not dataclasses.MISSING:
            default = field.default
        elif field.default_factory is not dataclasses.MISSING:
            default = field.default_factory()
        else:
            default = _NO_DEFAULT
        compared.append((field.name, default))
    return tuple(compared)


def _at_default(value, default) -> bool:
    if default is _NO_DEFAULT or type(value) is not type(default):
        return False
    try:
        return bool(value == default)
    except (TypeError, ValueError):  # values without a plain equality (arrays)
        return False


def canonical_fields(value):
    """What identifies ``value`` for its random streams, as plain nested tuples.

    A dataclass (every spec, force, leader, card and policy) gives its class name and its
    compared fields that differ from their defaults, each read the same way; sequences,
    mappings and plain numbers and strings give themselves; anything else its ``repr``.
    Generic: a spec class added later needs no code here.

    Examples
    --------
    >>> from oddsengine import FieldBattle
    >>> canonical_fields(FieldBattle("2R", "1R"))[0]
    'FieldBattle'
    """
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        try:
            return _canonical_record(value)
        except TypeError:  # unhashable: not cached
            return _canonical_record.__wrapped__(value)
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, np.integer)):
        return int(value)
    if isinstance(value, (float, np.floating)):
        return float(value)
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, (tuple, list)):
        return tuple(canonical_fields(item) for item in value)
    if isinstance(value, dict):
        items = (
            (repr(canonical_fields(key)), canonical_fields(item)) for key, item in value.items()
        )
        return ("dict", tuple(sorted(items)))
    return ("repr", repr(value))


@lru_cache(maxsize=65536)
def _canonical_record(value) -> tuple:
    # Cached by equality: equal records have equal compared fields (leaders, cards and
    # forces recur in every scenario of a sweep).
    fields = []
    for name, default in _compared_fields(type(value)):
        item = getattr(value, name)
        if not _at_default(item, default):
            fields.append((name, canonical_fields(item)))
    return (type(value).__name__, tuple(fields))


def scenario_id(spec) -> int:
    """A stable 64-bit identity of a spec: a BLAKE2b digest of its
    :func:`canonical_fields`.

    Examples
    --------
    >>> from oddsengine import FieldBattle
    >>> scenario_id(FieldBattle("2R", "1R")) == scenario_id(FieldBattle("2R", "1R"))
    True
    >>> scenario_id(FieldBattle("2R", "1R")).bit_length() <= 64
    True
    """
    from hashlib import blake2b  # only Monte Carlo keys streams: exact answers skip it

    text = repr(canonical_fields(spec)).encode()
    return int.from_bytes(blake2b(text, digest_size=8).digest(), "little")


def block_keys(seed: int, scenario: int, blocks: int) -> np.ndarray:
    """Keys of the first ``blocks`` blocks of a scenario's stream (a stable prefix)."""
    sequence = np.random.SeedSequence(seed, spawn_key=(scenario,))
    return sequence.generate_state(blocks, dtype=np.uint64)


def trial_blocks(
    seed: int, scenario: int, first_block: int, trials: int, block_trials: int
) -> tuple[np.ndarray, np.ndarray]:
    """The blocks of trials ``[first_block * block_trials, ... + trials)``: each block's
    key (:func:`block_keys`) and its number of trials (``block_trials``, the last block the
    rest), the one split of a run into blocks of its stream.

    Examples
    --------
    >>> keys, sizes = trial_blocks(7, 1, 2, 250, 100)
    >>> sizes.tolist(), bool(keys[0] == block_keys(7, 1, 3)[2])
    ([100, 100, 50], True)
    """
    blocks = -(-trials // block_trials)
    keys = block_keys(seed, scenario, first_block + blocks)[first_block:]
    sizes = np.minimum(block_trials, trials - block_trials * np.arange(blocks, dtype=np.int64))
    return keys, sizes


def block_pieces(
    seed: int, scenario: int, first_block: int, trials: int, block_trials: int, piece_trials: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The pieces of work of trials ``[first_block * block_trials, ... + trials)``: each
    block of ``block_trials`` trials cut into runs of ``piece_trials``, each drawing from
    its block's stream (a split of the blocks: it moves no number).

    Parameters
    ----------
    seed, scenario : int
        The run's seed and the scenario's identity (:func:`scenario_id`).
    first_block : int
        The first block of the run (the blocks before it were drawn already).
    trials : int
        The trials of the run.
    block_trials, piece_trials : int
        The trials of a block (the unit of random streams) and of a piece of work.

    Returns
    -------
    keys : numpy.ndarray of uint64
        Each piece's block key (:func:`block_keys`).
    firsts, sizes : numpy.ndarray of int64
        Each piece's first trial within its block, and its number of trials.
    """
    keys, block_sizes = trial_blocks(seed, scenario, first_block, trials, block_trials)
    piece_keys, firsts, sizes = [], [], []
    for key, size in zip(keys, block_sizes.tolist(), strict=True):
        for first in range(0, size, piece_trials):
            piece_keys.append(key)
            firsts.append(first)
            sizes.append(min(piece_trials, size - first))
    return (
        np.asarray(piece_keys, dtype=np.uint64),
        np.asarray(firsts, dtype=np.int64),
        np.asarray(sizes, dtype=np.int64),
    )

"""The Numba kernel that plays moves out: one path through a move's program per trial.

A move's program (see :mod:`oddsengine.moves._move_tree`) is a table of nodes. Each trial starts
at the root and follows it: a ``ROLL`` node rolls 2d6 and goes one way or the other, a
``BATTLE`` node draws the cell of a field battle with the project's one sampler
(:func:`oddsengine.engines._kernels.draw_cell`) and ends in the end state
``leaf_map[offset + cell]``, a ``CHANCE`` node draws a cell the same way and goes on to
the node ``leaf_map[offset + cell]`` (a naval move's rolls and combats, which have more
steps after them), a ``LEAF`` node ends the trial. The kernel counts end states in a histogram.

Random numbers: draw ``d`` of trial ``t`` of a block is ``splitmix64(key, t * 32 + d)``,
a pure function of the block's key, so blocks do not depend on threads.
"""

import numpy as np
from numba import prange

from oddsengine.engines._kernels import draw_cell, splitmix64
from oddsengine.engines._numba_options import njit, njit_parallel

_SHIFT_32 = np.uint64(32)
_LOW_32 = np.uint64(0xFFFFFFFF)
_SIX = np.uint64(6)
#: Random draws reserved per trial.
DRAWS_PER_TRIAL = 32


@njit
def _move_block(nodes, root, thresholds, guides, layouts, leaf_map, key, trials, counts):
    """Play ``trials`` moves from ``root`` and add their end states to ``counts``.

    Parameters
    ----------
    nodes : int64 array, shape (nodes, 4)
        ``[kind, argument, next, other]``; kind 0 leaf, 1 2d6 roll, 2 field battle, 3 a
        draw that goes on to another node.
    thresholds : uint32 array, shape (battles, rows, width)
    guides : int64 array, shape (battles, rows, 256)
        For each table row, the value drawn at the bottom of each 1/256 of the uniform.
    layouts : int64 array, shape (battles, 5)
    leaf_map : int64 array, shape (cells of all battles,)
    counts : int64 array, shape (end states,)
    """
    for trial in range(trials):
        node = root
        draw = np.uint64(trial) * np.uint64(DRAWS_PER_TRIAL)
        while True:
            kind = nodes[node, 0]
            if kind == 0:
                counts[nodes[node, 1]] += 1
                break
            if kind == 1:
                bits = splitmix64(key, draw)
                draw += np.uint64(1)
                # Two fair dice from the two 32-bit halves: floor(u * 6 / 2**32) + 1.
                first = ((bits >> _SHIFT_32) * _SIX) >> _SHIFT_32
                second = ((bits & _LOW_32) * _SIX) >> _SHIFT_32
                total = np.int64(first + second) + 2
                if total >= nodes[node, 1]:
                    node = nodes[node, 2]
                else:
                    node = nodes[node, 3]
                continue
            # A field battle: one cell of its draw plan, by the one sampler.
            battle = nodes[node, 1]
            cell, draw = draw_cell(thresholds[battle], guides[battle], layouts[battle], key, draw)
            if kind == 3:
                node = leaf_map[nodes[node, 2] + cell]
                continue
            counts[leaf_map[nodes[node, 2] + cell]] += 1
            break


@njit_parallel
def count_end_states(
    nodes, root, thresholds, guides, layouts, leaf_map, block_keys, block_trials, counts
):
    """Play many blocks of moves of one program in parallel.

    Parameters
    ----------
    block_keys : uint64 array, shape (blocks,)
    block_trials : int64 array, shape (blocks,)
    counts : int64 array, shape (blocks, end states)
        Zero on entry; row ``b`` receives the histogram of block ``b``.
    """
    for block in prange(block_keys.shape[0]):
        _move_block(
            nodes,
            root,
            thresholds,
            guides,
            layouts,
            leaf_map,
            block_keys[block],
            block_trials[block],
            counts[block],
        )

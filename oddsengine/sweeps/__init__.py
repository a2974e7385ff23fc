"""Sweeps: many scenarios of one kind answered together, between the questions and the faces.

A layer of its own (GUIDE: errors and the draw plan < specs < engines < results < questions
< sweeps < faces < cli): it reads the specs, the registry of kinds and the engines, and
imports no face. :mod:`oddsengine.sweeps.sweep` holds :class:`~oddsengine.sweeps.sweep.Sweep`
and :func:`~oddsengine.sweeps.sweep.sweep`; its private modules check the settings
(``_settings``), expand the grid (``_grid``), run the batches with their checkpoints and
Dask (``_runner``) and keep the table on disk (``_output``). :mod:`~oddsengine.sweeps.templates`
(forces and fleets written with ranges) and :mod:`~oddsengine.sweeps.refusals` (scenarios
the rules refuse, said aloud) are the vocabulary of a grid, which the odds tables and plots
of the faces read as well.
"""

"""Faces: sweeps, odds tables, plots, the Jupyter explorer and the odds book."""

"""Faces: odds tables, plots, the Jupyter explorer and the odds book; they render what the
engines, the questions and the sweeps (:mod:`oddsengine.sweeps`) answer."""

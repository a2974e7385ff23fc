"""Exact and Monte Carlo odds for the land combat of Here I Stand."""

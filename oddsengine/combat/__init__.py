"""Specs and rules of single combats, on land and at sea: forces, leaders, cards as records,
field battles, assaults, rolls, naval battles, piracy and foreign wars.
"""

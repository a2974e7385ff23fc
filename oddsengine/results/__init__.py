"""Results: what the engines return (probabilities, intervals, tables), their comparison and
their output formats.
"""

from oddsengine.results.result import Z95, Result

__all__ = ["Result", "Z95"]

"""The one exception type that marks a user error.

Every refusal of bad input (an unknown leader, a negative count, an assault the rules
forbid, a malformed file) raises :class:`OddsEngineError` with a message that names the
problem. The command line prints that message on one line and exits non-zero; anything
else that escapes is a bug and keeps its traceback.
"""


class OddsEngineError(ValueError):
    """A user error: bad input that the engine refuses with a clear message."""

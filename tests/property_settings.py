"""The settings and checks the property-based tests share (tests/slow/test_properties.py,
tests/slow/test_properties_new_commands.py, tests/specs/test_religion_api_inputs.py): one
Hypothesis profile for the suite, and what a refusal must look like.

The suite's profile tries the same 60 examples per test on every run. For a fresh round of
hundreds of random inputs: ``HYPOTHESIS_PROFILE=thorough pytest tests/slow/test_properties.py``.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

#: Longest refusal message: one line that a person reads.
MESSAGE_LIMIT = 400

settings.register_profile(
    "repeatable",
    max_examples=60,
    deadline=None,  # the time budget is asserted by the tests, on a shared machine
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough",
    max_examples=500,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
#: The profile the tests run under: ``repeatable`` unless HYPOTHESIS_PROFILE names another.
SETTINGS = settings(settings.get_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable")))


def one_line(error: BaseException) -> str:
    """The message of a refusal, checked to be one line of at most MESSAGE_LIMIT
    characters."""
    message = str(error)
    assert "\n" not in message, message
    assert 0 < len(message) <= MESSAGE_LIMIT, message
    return message

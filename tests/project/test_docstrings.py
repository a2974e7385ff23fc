"""Every Examples section in the public docstrings runs and prints what it says."""

import doctest
import importlib
import pkgutil

import pytest

import oddsengine

pytestmark = pytest.mark.slow

MODULES = sorted(
    module.name
    for module in pkgutil.walk_packages(oddsengine.__path__, prefix="oddsengine.")
    if not module.name.endswith("__main__")
)


@pytest.mark.parametrize("name", MODULES)
def test_examples_run(name):
    module = importlib.import_module(name)
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0

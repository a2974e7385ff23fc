"""Every Examples section in the public docstrings runs and prints what it says."""

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import oddsengine

pytestmark = pytest.mark.slow


def _source(module: pkgutil.ModuleInfo) -> str:
    folder = Path(module.module_finder.path)
    last = module.name.rpartition(".")[2]
    path = folder / last / "__init__.py" if module.ispkg else folder / f"{last}.py"
    return path.read_text(encoding="utf-8")


MODULES = {
    module.name: ">>>" in _source(module)
    for module in pkgutil.walk_packages(oddsengine.__path__, prefix="oddsengine.")
    if not module.name.endswith("__main__")
}


@pytest.mark.parametrize("name", sorted(name for name, examples in MODULES.items() if examples))
def test_examples_run(name):
    # The charts' examples draw on Agg (no window, no display): chosen here, once, not in
    # each example, where it would switch a reader's own backend.
    import matplotlib

    matplotlib.use("Agg")
    module = importlib.import_module(name)
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0 and tried > 0


def test_the_modules_without_examples_import():
    # Their docstrings hold no example to run; importing them finds the one that would
    # fail when its first example is written.
    for name, examples in sorted(MODULES.items()):
        if not examples:
            importlib.import_module(name)

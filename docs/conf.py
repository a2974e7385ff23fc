"""Sphinx configuration of the oddsengine documentation.

Build it with ``python -m sphinx -W --keep-going -n -b html docs docs/_build/html`` (after
``pip install -e ".[docs]"``): warnings are errors and every internal reference must resolve.
"""

import shutil
import sys
from pathlib import Path

import oddsengine

DOCS = Path(__file__).parent
sys.path.insert(0, str(DOCS / "_ext"))

# The notebooks live in notebooks/, beside the package; the site renders a copy of them
# (docs/notebooks/, not kept in git), so that their links to each other resolve.
shutil.copytree(
    DOCS.parent / "notebooks",
    DOCS / "notebooks",
    ignore=shutil.ignore_patterns("*.py", ".ipynb_checkpoints"),
    dirs_exist_ok=True,
)

project = "oddsengine"
author = "the oddsengine developers"
copyright = "the oddsengine developers, MIT licence"
release = version = oddsengine.__version__

extensions = [
    "myst_nb",  # MyST pages and the notebooks, rendered from their stored outputs
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "numpydoc",  # the package's docstrings are numpydoc
    "api_names",  # oddsengine.exact is a reference to oddsengine.engines.exact.exact
    "command_line",  # the command-line reference, read from oddsengine.cli.build_parser()
]

templates_path = ["_templates"]
exclude_patterns = ["_build", "_ext", "_templates", "notebooks/images"]

# The notebooks are tutorials executed by the test suite; the site shows what they stored.
nb_execution_mode = "off"
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

autodoc_member_order = "bysource"
autosummary_generate = True
# The top-level namespace (import oddsengine as oe), listed on the package's page.
autosummary_context = {"namespace": [name for name in oddsengine.__all__ if name != "__version__"]}
autodoc_typehints = "description"
numpydoc_show_class_members = False

html_theme = "furo"
html_title = f"oddsengine {release}"
html_static_path = []

# Other libraries' names are not linked (their inventories would need the network): the
# standard library's and those of the dependencies; nor are the package's private modules
# and names, which the API pages do not document.
OTHER_LIBRARIES = sorted(sys.stdlib_module_names) + [
    "numpy", "np", "pandas", "pd", "matplotlib", "distributed", "dask", "ipywidgets", "numba",
]  # fmt: skip
nitpick_ignore_regex = [
    ("py:.*", rf"({'|'.join(OTHER_LIBRARIES)})\b.*"),
    ("py:.*", r"(.*\.)?_[A-Za-z].*"),
]

# Names the docstrings cite that the API pages cannot place: methods a spec defines, named
# without their class (the Engagement protocol's draw_plan and outcome_columns, describe),
# constants autodoc does not document (records held in a mapping class of their own, names
# kept in private modules), and type aliases.
nitpick_ignore = [
    ("py:meth", name)
    for name in ("draw_plan", "outcome_columns", "describe", "Board.space", "to_frame")
] + [
    ("py:meth", "Rendered.render"),
    ("py:obj", "oddsengine.LEADERS"),
    ("py:data", "oddsengine.combat.leaders.LEADERS"),
    ("py:data", "oddsengine.combat.fleets.NAVAL_LEADERS"),
    ("py:data", "NAVAL_LEADERS"),
    ("py:data", "CHART_PIXELS"),
    ("py:data", "ENGAGEMENTS"),
    ("py:data", "CARD_TABLE_COLUMNS"),
    ("py:data", "DEBATER_COLUMNS"),
    ("py:data", "EXPLORER_COLUMNS"),
    ("py:data", "MAX_SCENARIOS"),
    ("py:func", "build_spec"),
    ("py:func", "oddsengine.faces.explore.build_spec"),
    ("py:func", "load_situation_file"),
    ("py:func", "read_table"),
    ("py:class", "SweepInterrupted"),
    ("py:class", "PathLike"),
    ("py:class", "Readable"),
]

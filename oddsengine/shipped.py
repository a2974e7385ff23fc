"""Where the files shipped inside the package are: the map data (``data/``) and the example
scenarios, plans and sweeps (``examples/``).

The package is installed as a folder of files (``pyproject.toml``'s package data), so a
shipped file is a path under the package's own folder. Finding it that way costs nothing,
where :mod:`importlib.resources` would load about twenty modules (``tempfile``,
``zipfile``, ``shutil``...) on the way to the same path, a good part of a command's
start-up.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["PACKAGE_FOLDER", "shipped_path"]

#: The folder of the ``oddsengine`` package.
PACKAGE_FOLDER = Path(__file__).parent


def shipped_path(*parts: str) -> Path:
    """The path of a file or folder shipped in the package.

    Examples
    --------
    >>> shipped_path("examples", "vienna.toml").is_file()
    True
    >>> shipped_path("data", "his-map").is_dir()
    True
    """
    return PACKAGE_FOLDER.joinpath(*parts)

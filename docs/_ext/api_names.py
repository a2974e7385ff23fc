"""References to a name by another path than the one it is documented under.

``oddsengine.exact`` is documented where it lives, ``oddsengine.engines.exact.exact``; a
docstring that writes ``:func:`oddsengine.exact``` (the name an analyst types), or a short
name its module imports (``:class:`FieldBattle```), is sent there; failing that, to the one
documented object of that last name, if there is only one.
The name is looked up as Python would (import the module, then the attribute) and the
reference retried with the object's own module and qualified name.
"""

from __future__ import annotations

import importlib


def canonical_name(target: str) -> str | None:
    """``module.qualname`` of the object ``target`` names, or None if it names none."""
    parts = target.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for name in parts[cut:]:
            found = getattr(found, name, None)
            if found is None:
                return None
        module = getattr(found, "__module__", None)
        qualname = getattr(found, "__qualname__", None)
        if module is None or qualname is None:
            return None
        return f"{module}.{qualname}"
    return None


def only_object_named(env, target: str) -> str | None:
    """The one documented object whose full name ends with ``target`` (``RichesTurn.end_fields``
    named from another module), or else with its last part (a constant or a class imported
    from the module that documents it), or None."""
    objects = env.get_domain("py").objects
    for tail in dict.fromkeys(["." + target, "." + target.rsplit(".", 1)[-1]]):
        found = [name for name in objects if name.endswith(tail)]
        if len(found) == 1:
            return found[0]
    return None


def resolve(app, env, node, contnode):
    """The ``missing-reference`` handler: retry a Python reference under its own name."""
    if node.get("refdomain") != "py":
        return None
    # A name broken over two lines of a docstring ("CardRollSpec.\ncheck_card") is one name.
    target = "".join(node["reftarget"].split()).lstrip("~.")
    module, owner = node.get("py:module"), node.get("py:class")
    candidates = [target]
    if module:  # a short name, read where the docstring stands
        candidates[:0] = (
            [f"{module}.{owner}.{target}", f"{module}.{target}"]
            if owner
            else [f"{module}.{target}"]
        )
    names = [canonical_name(name) for name in candidates if name.startswith("oddsengine")]
    canonical = next((name for name in names if name), None) or only_object_named(env, target)
    if canonical is None or canonical == node["reftarget"]:
        return None
    retried = node.deepcopy()
    retried["reftarget"] = canonical
    domain = env.get_domain("py")
    return domain.resolve_xref(
        env, node["refdoc"], app.builder, node["reftype"], canonical, retried, contnode
    )


def setup(app):
    app.connect("missing-reference", resolve)
    return {"parallel_read_safe": True, "parallel_write_safe": True}

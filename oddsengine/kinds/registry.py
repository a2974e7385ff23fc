"""The registry of kinds: :data:`KINDS`, every kind by name, the shipped ones (one module
of records per package of specs, :mod:`~oddsengine.kinds.combat`,
:mod:`~oddsengine.kinds.religion`, :mod:`~oddsengine.kinds.england`,
:mod:`~oddsengine.kinds.card_rolls`, gathered here in one set, in the order the faces list
them) and those :func:`register_kind` adds; :data:`SPEC_KINDS`, the view of those a sweep
file may name; :class:`RegistryView`, a mapping read anew from the registry whenever it is
asked.

Examples
--------
>>> list(KINDS)[:3]
['battle', 'assault', 'intercept']
>>> set(BUILT_IN) == {kind.name for kind in SHIPPED}
True
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping

from oddsengine.kinds.card_rolls import CARD_ROLL_KINDS
from oddsengine.kinds.combat import COMBAT_KINDS
from oddsengine.kinds.england import ENGLAND_KINDS
from oddsengine.kinds.record import Kind
from oddsengine.kinds.religion import RELIGION_KINDS

__all__ = ["BUILT_IN", "KINDS", "SHIPPED", "SPEC_KINDS", "RegistryView", "register_kind"]

#: The kinds the package ships, in the order the faces list them.
SHIPPED: tuple[Kind, ...] = (*COMBAT_KINDS, *RELIGION_KINDS, *ENGLAND_KINDS, *CARD_ROLL_KINDS)

#: Every kind of engagement, by name.
KINDS: dict[str, Kind] = {kind.name: kind for kind in SHIPPED}

#: The kinds the package ships: :func:`register_kind` replaces none of them.
BUILT_IN: Mapping[str, Kind] = dict(KINDS)


class _SweepKinds(MutableMapping):
    """The spec classes a sweep file may name, by name: a view of :data:`KINDS`."""

    def __getitem__(self, name):
        kind = KINDS[name]
        if not kind.sweep:
            raise KeyError(name)
        return kind.spec

    def __setitem__(self, name, spec_class):
        register_kind(name, spec_class)

    def __delitem__(self, name):
        self[name]  # noqa: B018 -- a KeyError for a kind a sweep may not name
        del KINDS[name]

    def __iter__(self):
        return (name for name, kind in KINDS.items() if kind.sweep)

    def __len__(self):
        return sum(kind.sweep for kind in KINDS.values())

    def __repr__(self):
        return repr(dict(self))


#: Spec classes by the name a sweep file uses for them (a view of :data:`KINDS`).
SPEC_KINDS: MutableMapping[str, type] = _SweepKinds()


class RegistryView(Mapping):
    """A mapping read anew from ``read()`` whenever it is asked: a view of the registry (a
    kind registered later is in it), named ``what`` in its repr.

    Examples
    --------
    >>> view = RegistryView(lambda: {name: kind.rule for name, kind in KINDS.items()}, "rules")
    >>> view["avoid"]
    'avoid battle, rule 13.3'
    """

    def __init__(self, read, what: str):
        self._read, self._what = read, what

    def __getitem__(self, name):
        return self._read()[name]

    def __iter__(self):
        return iter(self._read())

    def __len__(self):
        return len(self._read())

    def __repr__(self):
        return f"<{self._what}: {', '.join(self)}>"


def register_kind(name: str, spec_class: type, **record) -> None:
    """Add the kind ``name`` (e.g. ``"siege-assault"``): the one way to add a kind.

    Its record is all the engines and the faces read: sweeps may name it, and with the
    fields below ``oddsengine table``/``plot`` offer it (and the odds book gives it a page
    of its odds table), :func:`~oddsengine.needed` asks it, the explorer offers it (an
    ``explorer`` entry, or from its declaration) and the command line answers it (from
    its spec's declaration, :mod:`oddsengine.declaration`; ``arguments="battle"`` adds the
    options of a field battle). The class must be a dataclass meeting
    :class:`Engagement` (``draw_plan()``, ``outcome_columns()``, ``outcome_names`` and
    ``event_names``).

    Parameters
    ----------
    name : str
        The name sweep files use.
    spec_class : type
        The spec dataclass.
    **record
        Other fields of its :class:`Kind` (``headline``, ``roles``, ``rule``, ``title``,
        ``table``, ``command``, ``needed``: a :class:`NeededKind` for the force-needed
        search, ``explorer``: an :class:`ExplorerEntry`, ``card_engagement``,
        ``arguments``, ``book_pages``). Without ``headline``, the first of the spec's
        ``outcome_names``.

    Raises
    ------
    OddsEngineError
        On a record the faces could not read, naming the field, when it is registered
        (:func:`oddsengine.kind_checks.check_record`: the record's shape is checked, not
        what the kind means): a name that is not one word, or is a kind the package ships
        or a shipped kind's command; a spec that is not a frozen dataclass meeting
        :class:`Engagement` (the class itself; ``"module:Class"`` is imported when first
        used); an unknown field or a field of the wrong type; roles that are not fields of
        the spec (two of them for ``table``); a headline that is not one of its outcomes.

    Examples
    --------
    >>> from oddsengine import Assault
    >>> register_kind("siege-assault", Assault)
    >>> SPEC_KINDS["siege-assault"] is Assault, KINDS["siege-assault"].headline
    (True, 'success')
    >>> del SPEC_KINDS["siege-assault"]
    >>> register_kind("battle", Assault)
    Traceback (most recent call last):
    ...
    oddsengine.errors.OddsEngineError: 'battle' is a kind the package ships (field battle, ...
    """
    from oddsengine.kind_checks import check_record

    record = check_record(name, spec_class, {"sweep": True, **record}, BUILT_IN)
    KINDS[name] = Kind(name, spec_class, **record)

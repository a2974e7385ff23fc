"""What stands in a space of the board: a power's force or fleet, read and checked to name
its power (RULES.md §9 for a stack on land, §14 for a fleet)."""

from __future__ import annotations

from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown

__all__ = ["piece_of_power"]


def piece_of_power(given, kind: type, parse, holder: str, where: str, example: str):
    """``given`` as a ``kind`` that names its power, for a ``holder`` standing in ``where``.

    Parameters
    ----------
    given : kind or str
        The piece, or its notation (read by ``parse``).
    kind : type
        :class:`~oddsengine.combat.forces.Force` or :class:`~oddsengine.combat.fleets.Fleet`.
    parse : callable
        Reads the notation: :func:`~oddsengine.combat.forces.parse_force` or
        :func:`~oddsengine.combat.fleets.parse_fleet`.
    holder : str
        What stands there, for the refusals: ``"stack"`` or ``"fleet"``.
    where : str
        The space's name.
    example : str
        A notation that names its power, for the refusal: ``"hapsburg: 4R"``.

    Raises
    ------
    OddsEngineTypeError
        When ``given`` is neither a ``kind`` nor a string.
    OddsEngineError
        When the piece names no power (directly or through a leader).

    Examples
    --------
    >>> from oddsengine.combat.forces import Force, parse_force
    >>> piece_of_power("hapsburg: 4R", Force, parse_force, "stack", "Graz", "hapsburg: 4R").power
    'hapsburg'
    """
    piece = parse(given) if isinstance(given, str) else given
    if not isinstance(piece, kind):
        raise OddsEngineTypeError(
            f"a {holder} needs a {kind.__name__} or a {kind.__name__.lower()} string, "
            f"not {shown(piece)}"
        )
    if piece.power is None:
        raise OddsEngineError(
            f"the {holder} in {where} ({piece.notation()}) names no power: write e.g. {example!r}"
        )
    return piece

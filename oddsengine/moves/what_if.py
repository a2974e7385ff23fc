"""What-ifs on the board without editing a file: add or replace a stack, change who
controls a space, mark the units in a space as besieged, place a power's ships.

``oddsengine move SCENARIO --stack "Linz=hapsburg: 4R Charles V" --control Linz=hapsburg
--besieged Vienna`` and ``needed move`` call :func:`with_what_ifs`; in Python it takes the
same words.

Examples
--------
>>> from oddsengine.moves.scenario_file import load_move
>>> move = with_what_ifs(load_move("vienna"), stacks={"Graz": "hapsburg: 4R Duke of Alva"})
>>> [stack.force.notation() for stack in move.situation.stacks if stack.space == "Graz"]
['hapsburg: 4R Duke of Alva']
"""

from __future__ import annotations

from dataclasses import replace

from oddsengine.errors import OddsEngineError, shown

__all__ = ["with_what_ifs", "read_pairs", "with_fleets_placed"]


def read_pairs(texts, option: str, what: str) -> dict[str, str]:
    """``["Linz=hapsburg: 4R"]`` as ``{"Linz": "hapsburg: 4R"}``: each text is
    ``SPACE=VALUE``; ``option`` and ``what`` name them in a refusal."""
    pairs = {}
    for text in texts or ():
        space, equals, value = str(text).partition("=")
        if not equals or not space.strip() or not value.strip():
            raise OddsEngineError(f"{option} takes SPACE={what}, not {shown(text)}")
        if space.strip().lower() in {name.lower() for name in pairs}:  # one would be lost
            raise OddsEngineError(f"{option} gives {space.strip()} twice: one per space")
        pairs[space.strip()] = value.strip()
    return pairs


def with_what_ifs(move, *, stacks=None, control=None, besieged=()):
    """``move`` with its situation changed.

    Parameters
    ----------
    move : Move
    stacks : mapping of space to force, optional
        A stack per space: it replaces the stack of the same power there, or is added. A
        force without a power takes the power of the one stack already there. The moving
        stack, replaced, moves whole.
    control : mapping of space to power, optional
        Who controls each space.
    besieged : iterable of str, optional
        Spaces whose stack of the controlling power (or its ally) stands besieged inside
        (15); the space must be fortified and hold at most 4 of its land units (13.4).

    Returns
    -------
    Move
    """
    from oddsengine.combat.forces import parse_force
    from oddsengine.moves.board import load_board
    from oddsengine.moves.situation import Stack

    board = load_board()
    situation = move.situation
    placed = list(situation.stacks)
    units = move.units
    for space, text in (stacks or {}).items():
        name = board.space(space).name
        present = [stack for stack in placed if stack.space == name]
        power = present[0].power if len(present) == 1 else None
        force = parse_force(text, power=power) if isinstance(text, str) else text
        same = [stack for stack in present if stack.power == force.power]
        if same:
            stack = replace(same[0], force=force)
            placed[placed.index(same[0])] = stack
        else:
            stack = Stack(name, force)
            placed.append(stack)
        if stack.space == move.origin and stack.power == move.power:
            units = None  # the whole new stack moves
    controllers = dict(situation.control)
    for space, power in (control or {}).items():
        controllers[board.space(space).name] = power
    situation = replace(situation, stacks=tuple(placed), control=controllers)
    for space in besieged or ():
        placed = _besiege(situation, board.space(space).name, placed)
        situation = replace(situation, stacks=tuple(placed))
    if stacks or besieged:
        situation.refuse_enemies_in_the_open()
    return replace(move, situation=situation, units=units)


def _besiege(situation, name: str, placed: list) -> list:
    """The stacks with those of the side holding ``name`` marked besieged there."""
    from oddsengine.moves.board import load_board

    if load_board().space(name).is_sea:
        raise OddsEngineError(f"--besieged {name}: a sea zone: nobody is besieged there")
    controller = situation.controller(name)
    inside = [
        stack
        for stack in placed
        if stack.space == name
        and (stack.power == controller or situation.allied(stack.power, controller))
    ]
    if not inside:
        raise OddsEngineError(
            f"--besieged {name}: no stack of {controller}, who controls it, stands there"
        )
    return [replace(stack, besieged=True) if stack in inside else stack for stack in placed]


def with_fleets_placed(situation, origin: str, fleets) -> tuple:
    """``situation`` with each fleet of ``fleets`` in place of its power's ships in its
    location, and whether the stack in ``origin`` was replaced (it then moves whole,
    RULES.md §14).

    Parameters
    ----------
    situation : Situation
    origin : str
        Where the naval move starts.
    fleets : mapping of location to fleet
        A :class:`~oddsengine.combat.fleets.Fleet` or its notation by location; a fleet
        written without its power takes the power of the one stack already there.

    Examples
    --------
    >>> from oddsengine.moves.scenario_file import read_naval_move
    >>> situation, _ = read_naval_move("barbary_coast")
    >>> changed, moves_whole = with_fleets_placed(
    ...     situation, "Tunis", {"tyrrhenian sea": "3Sq Andrea Doria"}
    ... )
    >>> changed.fleet("Tyrrhenian Sea", "hapsburg").fleet.notation(), moves_whole
    ('hapsburg: 3Sq Andrea Doria', False)
    """
    from oddsengine.combat.fleets import parse_fleet
    from oddsengine.moves.board import load_board

    board = load_board()
    placed, replaced = [], False
    for location, fleet in (fleets or {}).items():
        name = board.space(location).name
        if isinstance(fleet, str):
            present = situation.fleets_in(name)
            fleet = parse_fleet(fleet, power=present[0].power if len(present) == 1 else None)
        placed.append((name, fleet))
        replaced = replaced or name == board.space(origin).name
    return situation.with_fleets(placed), replaced

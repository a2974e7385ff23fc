"""Where a debate's or the Diet's flips land on the board (RULES.md §20 step 7, §21,
reading §23.14): the spaces a winner flips one after another, in the order a flip-order
policy picks them when he has a choice.

A debate's winner flips spaces eligible for his side (17/18 step 1, the spaces just
flipped counting) in the debate's zone while any remain there, then anywhere (§20 step 7).
The Diet's winner flips German-zone spaces only, each adjacent to a space of his influence
(§21, the spaces just flipped counting: a chain). Which eligible space comes next is the
winner's choice; the engine plays it by a policy (:data:`FLIP_ORDERS`): ``board`` (the
default: the first eligible space by name, the order of
:meth:`~oddsengine.religion.religious_board.ReligiousBoard.flippable`), ``electorates``
(an eligible electorate first, then by name) or ``order:A,B`` (the first listed space
still eligible, then by name). The chance each space ends flipped assumes that order.

Examples
--------
>>> from oddsengine.religion.religion_scenario import load_religious_board
>>> board = load_religious_board("religion_example")
>>> flip_sequence(board, "catholic", zone="german")
('Brandenburg', 'Wittenberg')
>>> flip_sequence(board, "protestant", zone="german", diet=True, limit=3)
('Leipzig', 'Erfurt', 'Kassel')
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from oddsengine.declaration import BOARD_GIVES, NEEDS_BOARD, option
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, checked_flag, shown

__all__ = [
    "FLIP_ORDERS",
    "flip_order_of",
    "flip_sequence",
    "side_cap",
    "side_caps",
    "flip_cap_option",
    "side_cap_option",
    "flip_order_option",
    "check_flip_caps",
    "check_flip_spaces",
    "space_event_names",
    "add_space_columns",
    "FLIP_FIELDS",
    "flip_description",
    "flip_lines",
    "with_board_flips",
]

#: The policies that pick which eligible space a winner flips next (the default first).
FLIP_ORDERS = ("board", "electorates", "order:SPACE,SPACE")
#: The winners' influences, by the side names of the specs.
_SIDES = ("protestant", "catholic")


def flip_order_of(text) -> str:
    """The flip-order policy ``text`` names, spelt as the specs keep it (``board``,
    ``electorates`` or ``order:A,B`` with the board's spelling of each space).

    Examples
    --------
    >>> flip_order_of("order: magdeburg, Leipzig")
    'order:Magdeburg,Leipzig'
    """
    if not isinstance(text, str):
        raise OddsEngineError(f"flip_order must be a policy's name, not {shown(text)}")
    value = text.strip()
    if value in ("board", "electorates"):
        return value
    if value.startswith("order:"):
        from oddsengine.religion.board_fields import land_spaces

        spaces = [part.strip() for part in value[len("order:") :].split(",") if part.strip()]
        if not spaces:
            raise OddsEngineError("flip_order: order: names its spaces: order:SPACE,SPACE")
        return "order:" + ",".join(land_spaces(spaces, "flip_order"))
    raise OddsEngineError(
        f"unknown flip order {shown(text)}; use board, electorates or order:SPACE,SPACE"
    )


def _pick(candidates: list[str], order: str) -> str:
    """The space the policy flips next among ``candidates`` (sorted by name)."""
    if order == "electorates":
        from oddsengine.religion.records import religion_facts

        electorates = religion_facts().electorates
        for name in candidates:
            if name in electorates:
                return name
    elif order.startswith("order:"):
        for name in order[len("order:") :].split(","):
            if name in candidates:
                return name
    return candidates[0]


def _diet_eligible(board, name: str, to: str) -> bool:
    """21: a German-zone space of the other influence adjacent (a pass counts, 16) to a
    space of the winner's influence; like an attempt's eligibility, a neighbour in unrest
    makes nothing eligible (23.5)."""
    from oddsengine.moves.board import load_board

    if board.influence(name) in (to, "none"):
        return False
    return any(
        board.influence(other.name) == to and not board.in_unrest(other.name)
        for other in load_board().neighbours(name)
    )


def flip_sequence(
    board,
    to: str,
    *,
    zone: str | None = None,
    diet: bool = False,
    order: str = "board",
    limit: int | None = None,
) -> tuple[str, ...]:
    """The spaces a winner flips to ``to``, one after another, as many as the board
    allows (or ``limit``): the first ``k`` are those ``k`` flips land on.

    Parameters
    ----------
    board : ReligiousBoard
    to : {"protestant", "catholic"}
        The winner's influence.
    zone : str, optional
        The debate's zone (its eligible spaces are flipped first, 20 step 7); the Diet's
        is German.
    diet : bool
        The Diet's chain (21): German-zone spaces only, each adjacent to one of the
        winner's influence. Otherwise a debate's: eligible as for an attempt (17/18 step
        1), the zone first, then anywhere.
    order : str
        The flip-order policy (:data:`FLIP_ORDERS`, read by :func:`flip_order_of`).
    limit : int, optional
        Stop once that many are found (the most a roll can flip).

    Examples
    --------
    >>> from oddsengine.religion.religious_board import religion_1517_board
    >>> flip_sequence(religion_1517_board(), "protestant", zone="english", limit=2)
    ('Brandenburg', 'Breslau')
    """
    from oddsengine.moves.board import load_board
    from oddsengine.religion.records import LANGUAGE_ZONES, religion_facts
    from oddsengine.religion.religious_board import ReligiousBoard

    if not isinstance(board, ReligiousBoard):
        raise OddsEngineTypeError(f"board must be a ReligiousBoard, not {shown(board)}")
    if to not in _SIDES:
        raise OddsEngineError(f"to must be protestant or catholic, not {shown(to)}")
    if zone is not None and zone not in LANGUAGE_ZONES:
        raise OddsEngineError(
            f"unknown zone {shown(zone)}; the zones are {', '.join(LANGUAGE_ZONES)}"
        )
    diet = checked_flag(diet, "diet")
    if limit is not None:
        from oddsengine.combat.limits import check_count

        limit = check_count("limit", limit, 10**6)
    order = flip_order_of(order)
    facts = religion_facts()
    if diet:
        zone = "german"
    attempting = "protestant" if to == "protestant" else "papacy"
    # A debate or the Diet is no attempt: the spaces targeted this impulse do not bar it.
    current = replace(board, targeted=()) if board.targeted else board
    lands = [space.name for space in load_board() if space.is_land]
    zone_lands = [name for name in lands if zone and facts.zone_of(name) == zone]
    flipped: list[str] = []
    while limit is None or len(flipped) < limit:
        if diet:
            eligible = sorted(
                name
                for name in lands
                if facts.zone_of(name) == "german" and _diet_eligible(current, name, to)
            )
            in_zone = eligible
        else:
            # 20 step 7: in the debate's zone while eligible ones remain there (the zone's
            # spaces are asked first: the rest of the board only once the zone has none)
            in_zone = sorted(
                name for name in zone_lands if current.why_not_target(name, attempting) is None
            )
            eligible = in_zone or list(current.eligible_targets(attempting))
        candidates = in_zone or eligible
        if not candidates:
            break
        name = _pick(candidates, order)
        flipped.append(name)
        current = current.converted(name, to=to)
    return tuple(flipped)


# -- the specs' fields: the spaces, the caps, the events (Debate and DietOfWorms) ----------


def side_cap(both, own, spaces) -> int | None:
    """The most spaces one winner may flip: the least of the caps given (``eligible`` for
    both, the side's own, the number of the side's spaces), None when none is (23.14).

    Examples
    --------
    >>> side_cap(None, 3, ("Wittenberg", "Brandenburg")), side_cap(None, None, None)
    (2, None)
    """
    from oddsengine.combat.limits import check_count

    if spaces is not None and (isinstance(spaces, (str, bytes)) or not hasattr(spaces, "__len__")):
        raise OddsEngineTypeError(f"spaces must be a list of spaces, not {shown(spaces)}")
    caps = [
        check_count("a cap on flips", cap, 10**6)
        for cap in (both, own, None if spaces is None else len(spaces))
        if cap is not None
    ]
    return min(caps) if caps else None


def side_caps(spec, either) -> tuple[int | None, int | None]:
    """The most spaces a Catholic winner and a Protestant winner of ``spec`` may flip: for
    each, :func:`side_cap` of ``either``, the side's own cap and its spaces (23.14).

    Parameters
    ----------
    spec : Debate or DietOfWorms
        A spec with ``eligible_catholic``, ``eligible_protestant`` and the sides' spaces.
    either : int or None
        The spec's cap on either winner's flips.

    Returns
    -------
    tuple of (int or None)
        The Catholic winner's cap, then the Protestant winner's; None for none.
    """
    return (
        side_cap(either, spec.eligible_catholic, spec.catholic_spaces),
        side_cap(either, spec.eligible_protestant, spec.protestant_spaces),
    )


def flip_cap_option(words: str, label: str, **declared):
    """The option of a cap on a winner's flips (23.14), which a board gives: none by
    default, at least 0.

    Parameters
    ----------
    words : str
        What the cap caps, as the inputs list it.
    label : str
        Its short name in a table or a form.
    **declared
        What the kind declares besides (:func:`~oddsengine.declaration.option`): its
        highest value, its group.

    Returns
    -------
    dataclasses.Field
        The spec's field.
    """
    return option(
        words, rule="23.14", default=None, low=0, board=BOARD_GIVES, label=label, **declared
    )


#: A side's own cap's short name in a table or a form.
_CAP_LABELS = {"protestant": "cap (Prot.)", "catholic": "cap (Cath.)"}


def side_cap_option(side: str, catholic: str, **declared):
    """The option of a cap on one side's winner's flips alone (23.14): ``eligible_protestant``
    or ``eligible_catholic`` of a debate or the Diet, a :func:`flip_cap_option`.

    Parameters
    ----------
    side : {"protestant", "catholic"}
        The winner it caps.
    catholic : str
        How the kind names the Catholic winner (the Papal winner of a debate, the Diet's
        Catholic one), as :func:`flip_lines` does.
    **declared
        What the kind declares besides (:func:`~oddsengine.declaration.option`).

    Returns
    -------
    dataclasses.Field
        The spec's field.
    """
    winner = "Protestant" if side == "protestant" else catholic
    return flip_cap_option(
        f"a cap on a {winner} winner's flips alone", _CAP_LABELS[side], **declared
    )


def flip_order_option(first: str, **declared):
    """The option of the flip-order policy (:data:`FLIP_ORDERS`), which needs a board's
    spaces: none by default.

    Parameters
    ----------
    first : str
        What ``board`` flips first, after the first by name (``""``: nothing more).
    **declared
        What the kind declares besides (:func:`~oddsengine.declaration.option`).

    Returns
    -------
    dataclasses.Field
        The spec's field.
    """
    return option(
        f"which eligible space a winner flips next: board (default: the first by name{first}), "
        "electorates (an electorate first) or order:SPACE,SPACE (the first listed still "
        "eligible)",
        default=None,
        metavar="POLICY",
        board=NEEDS_BOARD,
        **declared,
    )


def check_flip_caps(spec, either: str, high: int, error, type_error=OddsEngineTypeError) -> None:
    """Check a spec's caps on flips (23.14), ``either`` (the field of the cap on either
    winner's) and each side's own, and keep each given as a whole number.

    Parameters
    ----------
    spec : Debate or DietOfWorms
    either : str
        The field of the cap on either winner's flips.
    high : int
        The most a cap may be.
    error, type_error : type
        What a cap out of range raises, and what one that is no whole number raises; each
        names the field.
    """
    for name in (either, "eligible_protestant", "eligible_catholic"):
        cap = getattr(spec, name)
        if cap is None:
            continue
        if isinstance(cap, bool) or not isinstance(cap, (int, np.integer)):
            raise type_error(f"{name} must be a whole number, not {shown(cap)}")
        if not 0 <= cap <= high:
            raise error(f"{name} must be 0..{high}, not {shown(cap)}")
        object.__setattr__(spec, name, int(cap))


def check_flip_spaces(spec, error) -> None:
    """Check and set a spec's ``protestant_spaces``, ``catholic_spaces`` and
    ``flip_order`` (raising ``error`` naming the field)."""
    from oddsengine.religion.board_fields import each_once

    def flippable(value: str, name: str) -> str:
        # The map and the religion facts are read only when a space is named (a Diet or a
        # debate asked without lists reads neither).
        from oddsengine.moves.board import load_board
        from oddsengine.religion.records import religion_facts

        space = load_board().space(value)
        if space.is_sea or space.name in religion_facts().never_convert:
            raise error(f"{name}: {space.name} holds no religious influence to flip")
        return space.name

    for name in ("protestant_spaces", "catholic_spaces"):
        if getattr(spec, name) is None:
            continue
        names = each_once(
            getattr(spec, name),
            name,
            lambda value, name=name: flippable(value, name),
            a_list="a list of spaces",
            a_name="a space is a name in quotes",
            error=error,
            type_error=error,
        )
        object.__setattr__(spec, name, names)
    both = set(spec.protestant_spaces or ()) & set(spec.catholic_spaces or ())
    if both:
        # A Protestant winner flips Catholic spaces, a Papal winner Protestant ones: a
        # space in both lists would be both at once (16).
        name = sorted(both)[0]
        raise error(
            f"{name} is in protestant_spaces (Catholic now, for a Protestant winner) and in "
            "catholic_spaces (Protestant now, for a Papal winner): a space is one or the other"
        )
    if spec.flip_order is not None:
        if spec.protestant_spaces is None and spec.catholic_spaces is None:
            raise error(
                "flip_order orders the spaces of a board: give the spaces (or build "
                "the spec on a board)"
            )
        object.__setattr__(spec, "flip_order", flip_order_of(spec.flip_order))


def _shown_spaces(spec, caps) -> dict[str, tuple[str, ...]]:
    """Each side's spaces that a win can reach (the first ``cap`` of them)."""
    shown_ = {}
    for side, cap in zip(_SIDES, caps, strict=True):
        spaces = getattr(spec, f"{side}_spaces")
        if spaces is not None:
            shown_[side] = spaces[:cap]
    return shown_


def space_event_names(spec, caps) -> tuple[str, ...]:
    """``protestant:SPACE`` and ``catholic:SPACE`` for every space a win can flip;
    ``caps`` are the Protestant winner's and the Papal winner's."""
    return tuple(
        f"{side}:{space}" for side, spaces in _shown_spaces(spec, caps).items() for space in spaces
    )


def add_space_columns(spec, columns: dict, protestant_flips, catholic_flips) -> dict:
    """The columns with ``protestant:SPACE`` / ``catholic:SPACE``: the k-th space of a
    side's order is flipped when that side wins at least k flips."""
    caps = spec.flip_caps[::-1]
    flips = {"protestant": protestant_flips, "catholic": catholic_flips}
    for side, spaces in _shown_spaces(spec, caps).items():
        for position, space in enumerate(spaces):
            columns[f"{side}:{space}"] = flips[side] > position
    return columns


#: The fields of a spec whose values :func:`flip_description` writes.
FLIP_FIELDS = ("eligible_protestant", "eligible_catholic", "protestant_spaces", "catholic_spaces",
               "flip_order")  # fmt: skip


def flip_description(spec, either) -> dict:
    """The caps and spaces of a spec's flips as its description gives them.

    Parameters
    ----------
    spec : Debate or DietOfWorms
        A spec with ``flip_caps``, the sides' spaces and ``flip_order``.
    either : int or None
        The spec's cap on either winner's flips (23.14).

    Returns
    -------
    dict
        ``eligible_protestant`` and ``eligible_catholic`` where a side's cap is not
        ``either``; ``protestant_spaces``, ``catholic_spaces`` and ``flip_order`` where
        spaces are given.
    """
    return {
        **(
            {}
            if spec.flip_caps == (either, either)
            else {
                "eligible_protestant": spec.flip_caps[1],
                "eligible_catholic": spec.flip_caps[0],
            }
        ),
        **(
            {}
            if spec.protestant_spaces is None and spec.catholic_spaces is None
            else {
                "protestant_spaces": list(spec.protestant_spaces or ()),
                "catholic_spaces": list(spec.catholic_spaces or ()),
                "flip_order": spec.flip_order,
            }
        ),
    }


def flip_lines(spec, caps, catholic: str = "Papal") -> list[str]:
    """The lines naming where each winner's flips land (printed above a result);
    ``catholic`` names the Catholic winner (the Papacy of a debate, the Diet's Catholics)."""
    lines = []
    words = {"protestant": "A Protestant winner flips", "catholic": f"A {catholic} winner flips"}
    for side, spaces in _shown_spaces(spec, caps).items():
        if spaces:
            lines.append(
                f"{words[side]} at most {len(spaces)}, in this order "
                f"(flip order {spec.flip_order or 'given'}): {', '.join(spaces)}"
            )
        else:
            lines.append(f"{words[side]} nothing: no space is eligible on the board")
    if not lines:
        for side, cap in zip(_SIDES, caps, strict=True):
            if cap is not None and getattr(spec, f"eligible_{side}", None) is not None:
                lines.append(f"{words[side]} at most {cap}")
    return lines


def with_board_flips(base, board, order: str = "board"):
    """The debate ``base`` with each winner's flips landing on the spaces ``board`` lets
    him flip (20 step 7, 23.14), ordered by ``order``: the spaces listed for each side up
    to the most it may flip.

    A side flips at most its dice (plus Aleander's one): no more are listed. The caps may
    change a "best" choice and so the dice: they are listed again until they hold.
    """
    debate, limits = base, {"protestant": 0, "catholic": 0}
    while True:
        arrays = debate.tree.arrays
        own, other = arrays["initiator_dice"], arrays["other_dice"]
        dice = dict(
            zip(
                ("catholic", "protestant"),
                (own, other) if base.papal_initiates else (other, own),
                strict=True,
            )
        )
        most = {to: int(np.max(dice[to] + arrays["aleander"])) for to in limits}
        if debate is not base and all(most[to] <= limits[to] for to in limits):
            return debate
        limits = {to: max(limits[to], most[to]) for to in limits}
        spaces = {
            to: flip_sequence(board, to, zone=base.zone, order=order, limit=limits[to])
            for to in limits
        }
        debate = replace(
            base,
            protestant_spaces=spaces["protestant"],
            catholic_spaces=spaces["catholic"],
            flip_order=order,
        )

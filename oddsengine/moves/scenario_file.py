"""Scenario files: a situation and a move written as TOML.

The actions a file asks about, its ``[move]`` or ``[naval_move]``, read into a spec; the
file found and its board read by :mod:`oddsengine.moves.scenario_reader` (nothing in a
file is ever executed; a bad file is refused naming the file, the key and the reason).
The layout::

    [situation]
    wars = [["ottoman", "hapsburg"]]      # pairs of powers at war
    alliances = []                        # pairs of allied powers
    unrest = []                           # spaces in unrest
    impulse_order = ["ottoman", "hapsburg", "england", "france", "papacy", "protestant"]

    [situation.control]                   # spaces not controlled by their home power
    Pressburg = "ottoman"

    [[stack]]                             # one per power and space
    space = "Pressburg"
    force = "ottoman: 7R 1C Suleiman Ibrahim"
    besieged = false                      # optional, also intercepted_this_impulse,
                                          # lost_battle_this_impulse and
                                          # laid_siege_this_impulse

    [[fleet]]                             # ships: one per power and location (§14)
    space = "Tyrrhenian Sea"              # a port or a sea zone
    fleet = "hapsburg: 2Sq Andrea Doria"
    lost_battle_this_impulse = false      # optional

    [move]
    from = "Pressburg"
    to = "Vienna"
    units = "7R 1C Suleiman Ibrahim"      # optional: default the whole stack
    defender = "best"                     # fight, withdraw, avoid:SPACE[+withdraw];
                                          # or a table, one policy per defending power
    avoiding_units = "2R Ferdinand"       # optional: the part that tries to avoid battle
    after_withdrawal = "go-back"          # or move-on (13.4)
    garrison_joins_relief = false         # 15.2
    relief_goes_inside_on_tie = true      # 15.2
    leaders_inside = "best"               # or with-units, retreat (14.1)
    retreat = "most-friendly"             # or prefer:SPACE[,SPACE]
    attacker_cards = []
    defender_cards = []
    policy = "if-it-changes-the-outcome"  # or always (post-roll cards); or a table by card
    attacker_casualty_order = "MRC"       # optional (RULES.md §9): the default
    defender_casualty_order = "MRC"       # mercenaries, regulars, cavalry
    by_sea = ["Tyrrhenian Sea"]           # optional: a naval transport (§15) across these
                                          # sea zones, in order, from a port to a port
    cp = 3                                # optional: the CP left (default: enough)
    responses = []                        # optional: ["foul-weather"] stops a transport

    [move.interception]                   # optional: only these spaces try
    Graz = "all"

A naval move (RULES.md §14) is a ``[naval_move]`` table instead of ``[move]``::

    [naval_move]
    from = "Tunis"                        # a port or sea zone with the mover's ships
    to = "Barbary Coast"
    units = "2Sq 1Co Barbarossa"          # optional: default the whole fleet there
    defender = "best"                     # fight, avoid, avoid:LOCATION; or a table
                                          # by power
    retreat = "most-friendly"             # or prefer:LOCATION[,LOCATION]
    attacker_cards = []
    defender_cards = []
    responses = []                        # ["foul-weather"] cancels the move
    policy = "if-it-changes-the-outcome"  # or always (post-roll cards)
    rowers = "roller"                     # optional: Professional Rowers on a roll,
    rowers_roll = "intercept:hapsburg@Tyrrhenian Sea"   # or "avoid:POWER"
    fight_order = ["venice", "hapsburg"]  # several enemy powers in the destination

    [naval_move.interception]             # optional: only these locations try
    "Tyrrhenian Sea" = "all"

Examples that ship with the package are found by name: ``load_move("vienna")``.
"""

from __future__ import annotations

from oddsengine.errors import OddsEngineError, OddsEngineTypeError, check_keywords, shown
from oddsengine.moves.battle_policies import POLICY_INPUTS
from oddsengine.moves.scenario_reader import (
    MAX_SCENARIO_BYTES,
    ScenarioReader,
    example_names,
    find_scenario,
    load_situation,
    read_scenario,
    read_situation,
    scenario_names,
)
from oddsengine.moves.situation import Situation

__all__ = [
    "load_move",
    "move_with_options",
    "scenario_options",
    "load_naval_move",
    "read_naval_move",
    "scenario_action",
    "load_situation",
    "example_names",
    "find_scenario",
    "scenario_names",
    "MAX_SCENARIO_BYTES",
]

#: The keys a land [move] and a [naval_move] table share.
_MOVING_KEYS = {
    "from",
    "to",
    "units",
    "power",
    "defender",
    "retreat",
    "interception",
    "attacker_cards",
    "defender_cards",
    "responses",
    "policy",
}
_MOVE_KEYS = _MOVING_KEYS | {
    "avoiding_units",
    "after_withdrawal",
    "garrison_joins_relief",
    "relief_goes_inside_on_tie",
    "leaders_inside",
    "by_sea",
    "cp",
    "attacker_casualty_order",
    "defender_casualty_order",
}


def _moving_arguments(entry: dict, defender, interception) -> dict:
    """The arguments a land and a naval move take from their table alike: where from and
    to, the units and their power, the defender's, retreat and interception policies
    (``defender`` and ``interception`` as each reads them) and the cards."""
    return {
        "origin": entry["from"],
        "destination": entry["to"],
        "units": entry.get("units"),
        "power": entry.get("power"),
        "defender_policy": defender,
        "retreat_policy": entry.get("retreat", "most-friendly"),
        "interception_policy": interception,
        "attacker_cards": tuple(entry.get("attacker_cards", ())),
        "defender_cards": tuple(entry.get("defender_cards", ())),
    }


def load_move(name_or_path, *, stacks=None, control=None, besieged=(), **overrides):
    """Read a scenario file (or shipped example) into a :class:`~oddsengine.moves.move.Move`.

    Parameters
    ----------
    name_or_path : str or path
    stacks, control, besieged : optional
        What-ifs on the file's board, as :func:`oddsengine.moves.what_if.with_what_ifs`
        takes them (the command line's ``--stack``, ``--control``, ``--besieged``).
    **overrides
        Move parameters that replace the file's (e.g. ``defender_policy="fight"``).

    An option given, in the file or as a keyword, that applies to nothing in the move
    asked (a defender policy where no enemy waits, a horizon that judges no choice ...)
    is refused naming it (:mod:`oddsengine.moves.option_use`).

    Examples
    --------
    >>> move = load_move("vienna")
    >>> move.origin, move.destination, move.units.notation()
    ('Pressburg', 'Vienna', 'ottoman: 7R 1C Suleiman Ibrahim Pasha')
    """
    from oddsengine.moves.option_use import check_options_used

    move, given = move_with_options(
        name_or_path, stacks=stacks, control=control, besieged=besieged, **overrides
    )
    check_options_used(move, given)
    return move


def move_with_options(name_or_path, *, stacks=None, control=None, besieged=(), **overrides):
    """:func:`load_move`'s move, its options not yet checked, and the options given: a
    mapping from argument name to the words that name it (the file's key, or the
    keyword), for a face that checks them with options of its own
    (:func:`oddsengine.moves.option_use.check_options_used`).

    Examples
    --------
    >>> move, given = move_with_options("vienna", leaders_inside="retreat")
    >>> given
    {'defender_policy': 'examples/vienna.toml: move.defender', 'leaders_inside': 'leaders_inside'}
    """
    label, entry, move = _file_move(name_or_path, overrides)
    if stacks or control or besieged:
        from oddsengine.moves.what_if import with_what_ifs

        move = with_what_ifs(move, stacks=stacks, control=control, besieged=besieged)
    return move, _options_given(label, "move", entry, overrides)


#: The keys of a ``[move]`` and a ``[naval_move]`` that give an option which may apply to
#: nothing (:mod:`oddsengine.moves.option_use`), by the argument they fill.
_OPTION_KEYS = {
    "move": {
        "defender": "defender_policy",
        "interception": "interception_policy",
        "avoiding_units": "avoiding_units",
        "after_withdrawal": "after_withdrawal",
        "garrison_joins_relief": "garrison_joins_relief",
        "relief_goes_inside_on_tie": "relief_goes_inside_on_tie",
        "leaders_inside": "leaders_inside",
        "attacker_cards": "attacker_cards",
        "defender_cards": "defender_cards",
        "policy": "policies",
        "attacker_casualty_order": "policies",
        "defender_casualty_order": "policies",
    },
    "naval_move": {
        "defender": "defender_policy",
        "interception": "interception_policy",
        "attacker_cards": "attacker_cards",
        "defender_cards": "defender_cards",
        "policy": "post_roll_policy",
    },
}


def _options_given(label: str, table: str, entry: dict, overrides: dict) -> dict[str, str]:
    """The options of ``entry`` (the file's ``table``) and the ``overrides``, by argument
    name, each with the words naming it: ``"FILE: move.KEY"``, or the keyword."""
    given = {}
    for key, argument in _OPTION_KEYS[table].items():
        if key in entry and argument not in given:
            given[argument] = f"{label}: {table}.{key}"
    for argument in overrides:
        given[argument] = argument
    return given


def scenario_options(name_or_path, table: str = "naval_move") -> dict[str, str]:
    """The options a scenario file's ``[naval_move]`` (or ``[move]``) gives that may apply
    to nothing, by argument name, each with the words naming its key, for a face that
    builds the move itself (tables and sweeps of naval moves).

    Examples
    --------
    >>> scenario_options("vienna", "move")
    {'defender_policy': 'examples/vienna.toml: move.defender'}
    """
    label, data = read_scenario(name_or_path, (table,))
    entry = data.get(table, {})
    return _options_given(label, table, entry if isinstance(entry, dict) else {}, {})


def _file_move(name_or_path, overrides):
    """The label of a scenario file, its ``[move]`` table and its move, with
    ``overrides``."""
    from oddsengine.moves.move import Move

    label, data = read_scenario(name_or_path, ("move",))
    reader = ScenarioReader(label)
    situation = read_situation(reader, data)
    if "move" not in data:
        hint = (
            " (this file holds a [naval_move]: use the naval-move command)"
            if "naval_move" in data
            else ""
        )
        reader.refuse("move", f"missing: say where the formation moves from and to{hint}")
    entry = reader.table(data["move"], "move", _MOVE_KEYS)
    for required in ("from", "to"):
        if required not in entry:
            reader.refuse(f"move.{required}", "missing")
    for name, what in (("from", "a space"), ("to", "a space"), ("units", "a force")):
        if name in entry:
            reader.text(entry[name], f"move.{name}", what)
    policies = (("power", "a power"), ("retreat", "a policy"), ("leaders_inside", "a policy"))
    for name, what in policies:
        if name in entry:
            reader.text(entry[name], f"move.{name}", what)
    for name in ("attacker_cards", "defender_cards"):
        if name in entry and not isinstance(entry[name], list):
            reader.refuse(f"move.{name}", f"must be a list of cards, not {shown(entry[name])}")
    if "interception" in entry:
        interception = entry["interception"]
        if not isinstance(interception, (str, dict)):
            reader.refuse(
                "move.interception",
                f'must be a table such as {{Graz = "all"}}, not {shown(interception)}',
            )
        for space, units in interception.items() if isinstance(interception, dict) else ():
            reader.text(units, f"move.interception.{space}", '"all" or units')
    arguments = {
        **_moving_arguments(entry, entry.get("defender", "best"), entry.get("interception", "all")),
        "avoiding_units": entry.get("avoiding_units"),
        "after_withdrawal": entry.get("after_withdrawal", "go-back"),
        "garrison_joins_relief": entry.get("garrison_joins_relief", False),
        "relief_goes_inside_on_tie": entry.get("relief_goes_inside_on_tie", True),
        "leaders_inside": entry.get("leaders_inside", "best"),
    }
    spec = Move
    if "by_sea" in entry:
        # RULES.md §15: a move across the sea zones named, in order, is a naval transport.
        from oddsengine.moves.transport import NavalTransport

        reader.texts(entry["by_sea"], "move.by_sea", "a sea zone")
        if "cp" in entry and (isinstance(entry["cp"], bool) or not isinstance(entry["cp"], int)):
            reader.refuse("move.cp", f"must be a whole number of CP, not {shown(entry['cp'])}")
        if "responses" in entry:
            reader.texts(entry["responses"], "move.responses", "a card")
        spec = NavalTransport
        arguments.update(
            by_sea=tuple(entry["by_sea"]),
            cp=entry.get("cp"),
            responses=tuple(entry.get("responses", ())),
        )
    else:
        for name in ("cp", "responses"):
            if name in entry:
                reader.refuse(f"move.{name}", "applies to a naval transport only: give by_sea too")
    # RULES.md §9: the [move] keys of the field battle's policies.
    if any(name in entry for name in POLICY_INPUTS):
        arguments["policies"] = reader.build("move", _move_policies, entry)
    move = _build_with_overrides(reader, "move", spec, situation, arguments, overrides)
    return label, entry, move


def _build_with_overrides(reader, key, spec, situation, arguments, overrides):
    """``spec(situation, **arguments)`` with ``overrides`` replacing the file's arguments.
    A refusal that an override alone causes (the file's move builds without it) names
    that argument, not the file: ``defender_policy: unknown defender policy 'fihgt' ...``,
    with the argument's name as the error's ``argument``, so that a command line can name
    its own option for it."""
    try:
        return spec(situation, **{**arguments, **overrides})
    except OddsEngineError as refusal:
        at_fault = _override_at_fault(spec, situation, arguments, overrides)
        if at_fault is None:
            return reader.build(key, spec, situation, **{**arguments, **overrides})
        wrong_type = isinstance(refusal, TypeError)
        error = (OddsEngineTypeError if wrong_type else OddsEngineError)(f"{at_fault}: {refusal}")
        error.argument = at_fault
        raise error from None


def _override_at_fault(spec, situation, arguments, overrides) -> str | None:
    """The first of ``overrides`` that the file's move refuses on its own, or None (the
    file itself, or only overrides together, are refused). Asked only of a refusal."""
    try:
        spec(situation, **arguments)
    except OddsEngineError:
        return None
    for name, value in overrides.items():
        try:
            spec(situation, **{**arguments, name: value})
        except OddsEngineError:
            return name
    return None


def _move_policies(entry: dict):
    """RULES.md §9: the casualty order of each side and the post-roll card policy of a
    move's field battle. ``policy`` is one policy for every post-roll card the move plays
    (``"always"``), or a table by card (``{janissaries = "always"}``)."""
    from oddsengine.combat.cards import POST_ROLL_CARDS, find_card, land_post_roll_card
    from oddsengine.combat.options import Policies

    example = land_post_roll_card("battle")  # the messages name it from its record
    orders = {
        name: entry[name]
        for name in ("attacker_casualty_order", "defender_casualty_order")
        if name in entry
    }
    policy = entry.get("policy")
    if policy is None or isinstance(policy, dict):
        post_roll = policy or {}
    elif isinstance(policy, str):
        cards = [*entry.get("attacker_cards", ()), *entry.get("defender_cards", ())]
        slugs = {find_card(card).slug for card in cards}
        post_roll = {slug: policy for slug in sorted(slugs) if slug in POST_ROLL_CARDS}
        if not post_roll:
            raise OddsEngineError(
                f"policy {shown(policy)} is for a card played after the roll ({example}), "
                "and the move plays none"
            )
    else:
        raise OddsEngineTypeError(
            'policy must be "always", "if-it-changes-the-outcome" or a table such as '
            f'{{{example} = "always"}}, not {shown(policy)}'
        )
    return Policies(post_roll=post_roll, **orders)


_NAVAL_MOVE_KEYS = _MOVING_KEYS | {"rowers", "rowers_roll", "fight_order"}


def scenario_action(name_or_path) -> str:
    """The action a scenario file asks about: ``"naval_move"`` when it holds a
    ``[naval_move]`` and no land ``[move]``, otherwise ``"move"``.

    Examples
    --------
    >>> scenario_action("barbary_coast"), scenario_action("vienna")
    ('naval_move', 'move')
    """
    _, data = read_scenario(name_or_path)
    return "naval_move" if "naval_move" in data and "move" not in data else "move"


def load_naval_move(name_or_path, *, fleets=None, **overrides):
    """Read a scenario file's ``[naval_move]`` into a
    :class:`~oddsengine.moves.naval_move.NavalMove` (RULES.md §14).

    Parameters
    ----------
    name_or_path : str or path
        A file, or the name of a shipped example.
    fleets : mapping of location to fleet, optional
        What-ifs on the file's board (the command line's ``--fleet``): a power's ships in
        a location in place of its ships there
        (:func:`~oddsengine.moves.what_if.with_fleets_placed`); the origin's moves whole.
    **overrides
        Naval move parameters that replace the file's (e.g. ``defender_policy="fight"``).

    Examples
    --------
    >>> move = load_naval_move("barbary_coast")
    >>> move.origin, move.destination, move.units.notation()
    ('Tunis', 'Barbary Coast', 'ottoman: 2Sq 1Co Barbarossa')
    """
    from oddsengine.moves.naval_move import NAVAL_MOVE_ARGUMENTS, NavalMove
    from oddsengine.moves.option_use import check_options_used

    check_keywords("load_naval_move", overrides, NAVAL_MOVE_ARGUMENTS)
    reader, situation, arguments = _naval_move_parts(name_or_path)
    if fleets:
        from oddsengine.moves.what_if import with_fleets_placed

        situation, moves_whole = with_fleets_placed(situation, arguments["origin"], fleets)
        if moves_whole:
            arguments["units"] = None  # RULES.md §14: the whole new stack moves
    move = _build_with_overrides(reader, "naval_move", NavalMove, situation, arguments, overrides)
    # An option given that applies to nothing here (a defender policy where no enemy ships
    # wait, a post-roll policy without the card) is refused, in the file or as a keyword.
    given = {**scenario_options(name_or_path), **{name: name for name in overrides}}
    check_options_used(move, given)
    return move


def read_naval_move(name_or_path) -> tuple[Situation, dict]:
    """The situation of a scenario file and the arguments of its ``[naval_move]``, checked
    as :func:`load_naval_move` checks them, for callers that change the board before
    building the :class:`~oddsengine.moves.naval_move.NavalMove` (tables of naval moves
    over fleets).

    Examples
    --------
    >>> situation, arguments = read_naval_move("barbary_coast")
    >>> arguments["origin"], len(situation.fleets)
    ('Tunis', 3)
    """
    _, situation, arguments = _naval_move_parts(name_or_path)
    return situation, arguments


def _naval_move_parts(name_or_path):
    label, data = read_scenario(name_or_path, ("naval_move",))
    reader = ScenarioReader(label)
    situation = read_situation(reader, data)
    if "naval_move" not in data:
        hint = " (this file holds a land [move]: use the move command)" if "move" in data else ""
        reader.refuse("naval_move", f"missing: say where the ships move from and to{hint}")
    entry = reader.table(data["naval_move"], "naval_move", _NAVAL_MOVE_KEYS)
    for required in ("from", "to"):
        if required not in entry:
            reader.refuse(f"naval_move.{required}", "missing")
        if isinstance(entry[required], list):
            reader.refuse(
                f"naval_move.{required}",
                "one moving stack per question: name one location, and ask again for "
                "each other stack",
            )
        reader.text(entry[required], f"naval_move.{required}", "a port or a sea zone")
    for name, what in (
        ("units", "a fleet"),
        ("power", "a power"),
        ("retreat", "a policy"),
        ("policy", "a policy"),
        ("rowers", "roller or opponent"),
        ("rowers_roll", "a roll"),
    ):
        if name in entry:
            reader.text(entry[name], f"naval_move.{name}", what)
    for name in ("attacker_cards", "defender_cards", "responses"):
        if name in entry:
            reader.texts(entry[name], f"naval_move.{name}", "a card")
    if "fight_order" in entry:
        reader.texts(entry["fight_order"], "naval_move.fight_order", "a power")
    defender = reader.text_or_table(
        entry.get("defender", "best"), "naval_move.defender", "a policy", "a policy"
    )
    interception = reader.text_or_table(
        entry.get("interception", "all"),
        "naval_move.interception",
        '"all", "none" or a table',
        '"all", "none" or ships',
    )
    arguments = {
        **_moving_arguments(entry, defender, interception),
        "responses": tuple(entry.get("responses", ())),
        "rowers": entry.get("rowers"),
        "rowers_roll": entry.get("rowers_roll"),
        "fight_order": tuple(entry.get("fight_order", ())),
    }
    if "policy" in entry:
        arguments["post_roll_policy"] = entry["policy"]
    return reader, situation, arguments

"""The religious state in a scenario file: the ``[religion]`` table beside ``[situation]``
and the ``[[stack]]`` tables (RULES.md §16), read into a
:class:`~oddsengine.religion.religious_board.ReligiousBoard`.

Keys of ``[religion]``: ``turn``, ``protestant`` (spaces), ``unrest`` (spaces, added to
``[situation] unrest``), ``reformers`` (their spaces or names: ``"Wittenberg"`` or
``"Luther"``), ``universities`` (spaces), ``england_ruler`` (``henry-viii``, ``edward-vi``,
``mary-i``, ``elizabeth-i``), ``papal_ruler`` (``leo-x``, ``clement-vii``, ``paul-iii``,
``julius-iii``), ``this_turn`` (``printing-press``, ``augsburg-confession``),
``electorate_display`` (the electorates whose regulars are still on the display; default:
every electorate not Protestant), ``schmalkaldic_league`` (true once played), ``targeted``
(spaces targeted already this impulse), ``committed`` (debaters).

Examples
--------
>>> board = load_religious_board("religion_example")
>>> board.protestant, board.electorate_display
(('Brandenburg', 'Wittenberg'), ('Augsburg', 'Mainz', 'Trier', 'Cologne'))
"""

from __future__ import annotations

from dataclasses import replace

from oddsengine.declaration import NEEDS_BOARD, Board, Option
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown

__all__ = [
    "BOARD_OPTIONS",
    "RELIGIOUS_BOARD",
    "RELIGIOUS_BOARD_REQUIRED",
    "board_options",
    "shipped_boards",
    "RELIGION_KEYS",
    "board_of_inputs",
    "load_religious_board",
    "religious_board_of",
    "reformers_named",
]

#: The keys a ``[religion]`` table may hold.
RELIGION_KEYS = (
    "turn",
    "protestant",
    "unrest",
    "reformers",
    "universities",
    "england_ruler",
    "papal_ruler",
    "this_turn",
    "electorate_display",
    "schmalkaldic_league",
    "targeted",
    "committed",
)
_LISTS = (
    "protestant",
    "unrest",
    "reformers",
    "universities",
    "this_turn",
    "electorate_display",
    "targeted",
    "committed",
)


def shipped_boards(values=None) -> list[str]:
    """The shipped scenarios that hold a ``[religion]`` table, as a board's scenario is
    offered (``values``, the other inputs, change nothing).

    Examples
    --------
    >>> shipped_boards()[:2]
    ['religion_1517', 'religion_example']
    """
    from oddsengine.moves.scenario_file import example_names, find_scenario

    return [name for name in example_names() if b"[religion]" in find_scenario(name)[1]]


def _land_spaces(values=None) -> tuple[str, ...]:
    """The land spaces of the map, by name: what a what-if may name."""
    from oddsengine.moves.board import load_board

    return tuple(sorted(space.name for space in load_board() if space.is_land))


def _reformers(values=None) -> tuple[str, ...]:
    """The reformers, by name: what a what-if may put on the map."""
    from oddsengine.religion.records import religion_facts

    return tuple(religion_facts().reformers)


#: The options of a religious board on the command line (the ``board`` group of a kind's
#: ``takes``): the scenario file and its what-ifs, like ``move --stack``.
BOARD_OPTIONS = (
    Option(
        "scenario",
        "a scenario file with a [religion] table (religion_1517, religion_example): the "
        "board the question is asked on",
        value="choice",
        positional=True,
        flag="SCENARIO",
        offer=shipped_boards,
        label="board",
    ),
    Option("protestant", "what-if: this space is Protestant too", value="names",
           repeat=True, metavar="SPACE", board=NEEDS_BOARD, more=True, offer=_land_spaces),
    Option("unrest", "what-if: this space is in unrest too", value="names", repeat=True,
           metavar="SPACE", board=NEEDS_BOARD, more=True, offer=_land_spaces),
    Option("reformers", "what-if: this reformer (or his space) is on the map", value="names",
           repeat=True, metavar="SPACE", flag="--reformer", board=NEEDS_BOARD, more=True,
           offer=_reformers),
)  # fmt: skip


def board_options(spec_class) -> tuple:
    """The options of the religious board the questions of ``spec_class`` are asked on
    (its ``scenario_board``): the scenario file (required where the class is always asked
    on a board) and the what-ifs (:data:`BOARD_OPTIONS`)."""
    return spec_class.scenario_board.options


def board_of_inputs(values: dict):
    """The religious board that the inputs ``values`` name (by option name: ``scenario``
    and the what-ifs of :data:`BOARD_OPTIONS`), the what-ifs applied; None without a
    scenario. What a spec's offers of the explorer read (the sources a board allows).

    Examples
    --------
    >>> board_of_inputs({"scenario": "religion_example", "protestant": ("Leipzig",)}).protestant
    ('Brandenburg', 'Leipzig', 'Wittenberg')
    >>> board_of_inputs({"zone": "german"}) is None
    True
    """
    if not values.get("scenario"):
        return None
    what_ifs = {
        item.name: tuple(values.get(item.name) or ())
        for item in BOARD_OPTIONS
        if not item.positional
    }
    return load_religious_board(values["scenario"], **what_ifs)


def reformers_named(values, what: str = "reformers") -> dict:
    """The reformers a list names, by their space or their name (``"Wittenberg"`` or
    ``"Luther"``), as ``{reformer: space}``; a reformer named twice is refused."""
    from oddsengine.moves.board import load_board
    from oddsengine.religion.board_fields import each_once
    from oddsengine.religion.records import religion_facts

    facts = religion_facts()
    by_space = {reformer.space: reformer.name for reformer in facts.reformers.values()}
    by_name = {name.casefold(): name for name in facts.reformers}

    def reformer(value: str) -> str:
        name = by_name.get(value.strip().casefold())
        if name is None:
            space = load_board().space(value).name
            name = by_space.get(space)
            if name is None:
                raise OddsEngineError(
                    f"{what}: no reformer stands in {space}; the reformers' spaces are "
                    + ", ".join(f"{r.space} ({r.name})" for r in facts.reformers.values())
                )
        return name

    names = each_once(
        values,
        what,
        reformer,
        a_list="a list of reformers",
        a_name="a reformer is a space or a name",
        twice="is named twice",
    )
    return {name: facts.reformers[name].space for name in names}


def religious_board_of(settings: dict, stacks=(), situation_unrest=(), label: str = "religion"):
    """A :class:`ReligiousBoard` from the keys of a ``[religion]`` table and the stacks."""
    from oddsengine.religion.records import religion_facts
    from oddsengine.religion.religious_board import ReligiousBoard

    if not isinstance(label, str):
        raise OddsEngineTypeError(f"label must be text, not {shown(label)}")
    if not isinstance(settings, dict):
        raise OddsEngineError(f"{label}: must be a table")
    for name, value in (("stacks", stacks), ("situation_unrest", situation_unrest)):
        if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
            raise OddsEngineTypeError(f"{name} must be a list, not {shown(value)}")
    for key in settings:
        if key not in RELIGION_KEYS:
            raise OddsEngineError(
                f"{label}.{key}: unknown key; a [religion] table takes " + ", ".join(RELIGION_KEYS)
            )
    for key in _LISTS:
        value = settings.get(key, [])
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise OddsEngineError(f"{label}.{key}: must be a list of names in quotes")
    for key in ("england_ruler", "papal_ruler"):
        if key in settings and not isinstance(settings[key], str):
            raise OddsEngineError(f"{label}.{key}: must be a name in quotes")
    league = settings.get("schmalkaldic_league", False)
    if not isinstance(league, bool):
        raise OddsEngineError(f"{label}.schmalkaldic_league: must be true or false")
    turn = settings.get("turn", 1)
    if not isinstance(turn, int) or isinstance(turn, bool) or not 1 <= turn <= 9:
        raise OddsEngineError(f"{label}.turn: must be a whole number 1..9, not {shown(turn)}")
    protestant = settings.get("protestant", [])
    if "electorate_display" in settings:
        display = settings["electorate_display"]
    else:
        from oddsengine.moves.board import load_board

        turned = {load_board().space(name).name for name in protestant}
        display = [name for name in religion_facts().electorates if name not in turned]
    try:
        return ReligiousBoard(
            protestant=protestant,
            unrest=sorted({*settings.get("unrest", []), *situation_unrest}),
            reformers=reformers_named(settings.get("reformers", []), f"{label}.reformers"),
            universities=settings.get("universities", []),
            stacks=tuple(stacks),
            england_ruler=settings.get("england_ruler", "henry-viii"),
            papal_ruler=settings.get("papal_ruler", "leo-x"),
            turn=turn,
            this_turn=settings.get("this_turn", []),
            electorate_display=display,
            schmalkaldic_league=league,
            targeted=settings.get("targeted", []),
            committed=settings.get("committed", []),
        )
    except OddsEngineError as error:
        raise _labelled(error, label) from None


def _labelled(error: OddsEngineError, label: str) -> OddsEngineError:
    """``error`` with the file named first (itself when it names it already)."""
    if str(error).startswith(label):
        return error
    if type(error).__init__ is not OddsEngineError.__init__:
        # An error that builds its own message from a name (an unknown space): the
        # message as it stands, the file named first.
        return OddsEngineError(f"{label}: {error}")
    return type(error)(f"{label}: {error}")


def load_religious_board(name_or_path, **what_ifs):
    """The religious board of a scenario file (or a shipped one, ``religion_1517``).

    Parameters
    ----------
    name_or_path : str or os.PathLike
    **what_ifs
        ``protestant``, ``unrest``, ``reformers``: spaces added to the file's (what-ifs,
        like ``move --stack``). A space made Protestant turns as a flip turns it: an
        electorate whose regulars are still on the display gets them (16).

    Raises
    ------
    OddsEngineError
        A file with no ``[religion]`` table, one that asks another question (a ``[move]``
        or a ``[naval_move]``, which no command of the religious struggle reads), or any
        bad key or value, named.
    """
    from oddsengine.moves.scenario_reader import find_scenario, load_situation
    from oddsengine.toml_file import parse_toml

    label, content = find_scenario(name_or_path)
    situation = load_situation(name_or_path)
    data = parse_toml(content, label)
    if "religion" not in data:
        raise OddsEngineError(f"{label}: no [religion] table: the religious state is missing")
    for table, command in (("move", "move"), ("naval_move", "naval-move")):
        if table in data:
            raise OddsEngineError(
                f"{label}: [{table}]: a question of the {command} command, which the "
                f"religious struggle does not read: drop the table (or ask {command})"
            )
    settings = dict(data["religion"]) if isinstance(data["religion"], dict) else data["religion"]
    turned = ()
    for key, values in what_ifs.items():
        if key not in ("protestant", "unrest", "reformers"):
            raise OddsEngineTypeError(f"unknown what-if {key!r}")
        if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
            raise OddsEngineTypeError(f"the what-if {key} must be a list, not {shown(values)}")
        values = tuple(values)
        if key == "protestant":
            turned = values  # turned below, one flip each (16: an electorate's regulars)
        elif values:
            existing = settings.get(key, []) if isinstance(settings, dict) else []
            settings[key] = [*existing, *[v for v in values if v not in existing]]
    label = f"{label}: religion"
    board = religious_board_of(settings, situation.stacks, situation.unrest, label)
    for name in turned:
        if not isinstance(name, str):
            raise OddsEngineTypeError(f"protestant: a space is a name, not {shown(name)}")
        try:
            board = board.converted(name)
        except OddsEngineError as error:
            raise _labelled(error, label) from None
    return board


#: The religious board as the kinds asked on it read it (their spec classes'
#: ``scenario_board``): a scenario file and its what-ifs.
RELIGIOUS_BOARD = Board(BOARD_OPTIONS, load_religious_board)
#: The religious board of a question always asked on one (a run of attempts): its scenario
#: is required.
RELIGIOUS_BOARD_REQUIRED = Board(
    (replace(BOARD_OPTIONS[0], required=True), *BOARD_OPTIONS[1:]), load_religious_board
)

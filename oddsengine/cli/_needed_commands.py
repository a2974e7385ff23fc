"""``needed``: the smallest force (or leader rating) that reaches a target chance."""

from __future__ import annotations

import argparse
import sys

from oddsengine.cli._engine_options import (
    add_method_argument,
    non_negative_int,
    positive_int,
    probability_target,
    refuse_given,
)
from oddsengine.errors import OddsEngineError
from oddsengine.results.output import FORMATS


def _force_options() -> dict[str, str]:
    """The force options of ``needed`` and their help, read from the registry: every role
    that a kind the search asks describes in its record's ``role_words``
    (``"battle, assault, naval: the attacking force or fleet"``). A move's stacks and a
    naval move's fleets are given by space, with ``--stack`` and ``--fleet``."""
    from oddsengine.questions.needed_kinds import asked_kinds

    commands: dict[str, dict[str, None]] = {}
    phrases: dict[str, dict[str, None]] = {}
    for kind in asked_kinds():
        for role, words in kind.role_words.items():
            commands.setdefault(role, {})[kind.command] = None
            phrases.setdefault(role, {})[words] = None
    return {
        role: f"{', '.join(commands[role])}: {_either(list(phrases[role]))}" for role in commands
    }


def _either(phrases: list[str]) -> str:
    """``["the attacking force", "the attacking fleet"]`` -> ``"the attacking force or
    fleet"``."""
    heads = {phrase.rpartition(" ")[0] for phrase in phrases}
    if len(phrases) > 1 and len(heads) == 1:
        return f"{heads.pop()} " + " or ".join(phrase.rpartition(" ")[2] for phrase in phrases)
    return " or ".join(phrases)


def _listed_kinds(with_words: bool = False) -> str:
    """The kinds ``needed`` asks, as its help lists them: in the order of their records'
    ``needed_help`` (``"battle, assault, ... or foreign-war"``), each followed by its
    record's words when ``with_words``."""
    from oddsengine.questions.needed_kinds import asked_kinds

    asked = asked_kinds()
    asked.sort(key=lambda kind: kind.needed_help[0] if kind.needed_help else float("inf"))
    names = [
        kind.command + (kind.needed_help[1] if with_words and kind.needed_help else "")
        for kind in asked
    ]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


#: Force options of ``needed``; each kind takes those named in its record's roles.
_FORCE_OPTIONS = _force_options()
_TABLE_FORMATS = ("markdown", "html", "latex", "bbcode")
#: The formats of a --targets table only: one answer is written in the others, the forum's
#: markdown and bbcode included.
_TABLE_ONLY_FORMATS = ("html", "latex")


def _chance(text: str) -> float:
    """An argparse type: a probability in (0, 1]; ``75%`` is accepted."""
    try:
        value = float(text[:-1]) / 100 if text.endswith("%") else float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a probability: {text!r}") from None
    if not 0 < value <= 1:
        raise argparse.ArgumentTypeError(f"must be above 0 and at most 1, not {text!r}")
    return value


def _chances(text: str) -> list[float]:
    """An argparse type: comma-separated probabilities (``0.5,0.75,0.9``)."""
    return [_chance(piece.strip()) for piece in text.split(",") if piece.strip()]


def _needed_arguments(arguments) -> dict:
    """The parameters of :func:`~oddsengine.needed` the command line gives: the forces its
    kind's needed record names, the options its :class:`~oddsengine.kinds.Kind` record
    takes (``needed_options``; refused for any other kind rather than ignored) and the
    cards."""
    from oddsengine.questions.needed import find_kind

    record = find_kind(arguments.kind)
    kind = record.name
    takes = set(_kind_record(kind).needed_options)
    given = _kind_inputs(arguments, kind, takes)
    for option in _FORCE_OPTIONS:
        if option in given:
            continue
        value = getattr(arguments, option)
        if value is None:
            continue
        if option not in record.roles:
            raise OddsEngineError(
                f"needed {kind} takes no --{option}; its forces are "
                + ", ".join(f"--{role}" for role in record.roles if role in _FORCE_OPTIONS)
            )
        given[option] = value
    if "stack" in takes:  # a move: its stacks by space, and what the board says
        _read_move_options(arguments, given)
    elif "fleet" in takes:  # a naval move: its fleets by location
        _read_naval_move_options(arguments, given)
    elif (
        arguments.scenario is not None
        or arguments.stack
        or arguments.defender_policy is not None
        or arguments.control
        or arguments.besieged
    ):
        raise OddsEngineError(
            f"needed {kind} takes no scenario, --stack, --control, --besieged or --defender-policy"
        )
    if arguments.fleet and "fleet" not in takes:
        raise OddsEngineError(f"needed {kind} takes no --fleet (naval moves only)")
    given.update(_side_cards(arguments, kind, takes))
    return given


def _kind_record(command: str):
    """The :class:`~oddsengine.kinds.Kind` whose command is ``command``."""
    from oddsengine.kinds import KINDS

    return next(kind for kind in KINDS.values() if kind.command == command)


def _read_move_options(arguments, given: dict) -> None:
    kind = arguments.kind
    if not arguments.scenario:
        raise OddsEngineError(f"needed {kind}: give the scenario (a .toml file or example name)")
    from oddsengine.moves.what_if import read_pairs

    given["scenario"] = arguments.scenario
    given["stacks"] = read_pairs(arguments.stack, "--stack", "FORCE")
    if arguments.defender_policy is not None:  # an empty one is refused, not ignored
        given["defender_policy"] = arguments.defender_policy
    if arguments.control or arguments.besieged:
        given["control"] = read_pairs(arguments.control, "--control", "POWER")
        given["besieged"] = tuple(arguments.besieged or ())


def _read_naval_move_options(arguments, given: dict) -> None:
    if not arguments.scenario or arguments.stack:
        raise OddsEngineError(
            f"needed {arguments.kind}: give the scenario and the fleets with --fleet, not --stack"
        )
    if arguments.control or arguments.besieged:  # land what-ifs: a naval move ignores them
        raise OddsEngineError(
            f"needed {arguments.kind} takes no --control or --besieged (what-ifs of land moves)"
        )
    from oddsengine.moves.what_if import read_pairs

    given["scenario"] = arguments.scenario
    given["fleets"] = read_pairs(arguments.fleet, "--fleet", "FLEET")
    if arguments.defender_policy is not None:  # an empty one is refused, not ignored
        _refuse_a_defender_policy_for_nobody(arguments.scenario, given["fleets"])
        given["defender_policy"] = arguments.defender_policy


def _refuse_a_defender_policy_for_nobody(scenario, fleets: dict) -> None:
    """Refuse ``--defender-policy`` where no enemy ships stand in the destination and no
    ``--fleet`` puts ships there: it would change nothing."""
    from oddsengine.moves.board import load_board
    from oddsengine.moves.option_use import check_options_used
    from oddsengine.moves.scenario_file import load_naval_move

    try:
        move = load_naval_move(scenario)
    except OddsEngineError:
        return  # the search refuses the scenario itself, in its own words
    board = load_board()
    placed = {board.space(location).name for location in fleets}
    if move.destination not in placed:  # a --fleet there may put enemy ships in it
        check_options_used(move, {"defender_policy": "--defender-policy"})


def _side_cards(arguments, kind: str, takes) -> dict:
    """``--attacker-cards`` and ``--defender-cards``: land cards, or the text of the card
    effects of a kind whose record plays them (cards at sea); refused where the one side's
    cards are ``--cards`` (a foreign war)."""
    from oddsengine.cli._engine_options import parse_cards

    given = {}
    for side in ("attacker", "defender"):
        text = getattr(arguments, f"{side}_cards")
        if text and "cards" in takes:
            raise OddsEngineError(f"needed {kind}: give the major power's cards with --cards")
        if text and _kind_record(kind).card_combat:
            given[f"{side}_cards"] = text  # read by the combat's card effects (cards at sea)
            continue
        cards = parse_cards(text)
        if cards:
            given[f"{side}_cards"] = cards
    return given


#: The options of a kind's record (``needed_options``) that ``needed`` writes itself: the
#: scenario and the board of a move or a naval move (see :func:`_read_move_options`).
_WRITTEN_HERE = frozenset({"scenario", "stack", "fleet", "control", "besieged", "defender_policy"})


def _declared_inputs(kind) -> tuple:
    """The inputs of ``kind`` (a :class:`~oddsengine.kinds.Kind`) that ``needed`` takes
    from its spec's declaration (:mod:`oddsengine.declaration`): those its record's
    ``needed_options`` names (a naval battle's ``in_port``; a foreign war's ``war``,
    ``foreign``, ``cards`` and ``reinforcements``), in the order its spec declares them.
    Its spec class is imported only when it names one."""
    names = set(kind.needed_options) - _WRITTEN_HERE
    if not names:
        return ()
    from oddsengine.declaration import options_of

    return tuple(option for option in options_of(kind.spec) if option.name in names)


def _kind_named(words) -> str | None:
    """The KIND of ``needed KIND ...`` among the command line's ``words``: the one word that
    is the command of a kind the search asks (None: none, or more than one)."""
    from oddsengine.questions.needed_kinds import asked_kinds

    named = {kind.command for kind in asked_kinds()} & set(words)
    return named.pop() if len(named) == 1 else None


def _add_kind_inputs(group, asked: str | None) -> None:
    """Add the options that some kinds take, each from its kind's declaration (its words
    after the kind's name: ``naval: the battle is in a port``). With ``asked`` (the kind
    the command line names) only that kind's declarations are read; another kind's options
    are then added bare, for :func:`_kind_inputs` to refuse in words rather than leave to
    argparse as unknown."""
    from oddsengine.cli._declared_commands import add_option
    from oddsengine.questions.needed_kinds import asked_kinds

    added = set(_FORCE_OPTIONS)
    for kind in asked_kinds():
        if asked is not None and kind.command != asked:
            for name in sorted(set(kind.needed_options) - _WRITTEN_HERE - added):
                group.add_argument(
                    _flag(name), dest=name, nargs="?", const=True, default=None,
                    help=argparse.SUPPRESS,
                )  # fmt: skip
                added.add(name)
            continue
        for option in _declared_inputs(kind):
            if option.name not in added:
                add_option(group, _for_kind(option, kind.command))
                added.add(option.name)


def _flag(name: str) -> str:
    """The command-line flag of an input named ``name`` (``in_port`` -> ``--in-port``)."""
    return "--" + name.replace("_", "-")


def _for_kind(option, command: str):
    """``option`` with its words after the name of the kind that takes it, read when its
    help is shown (words that read records stay unread by an answer)."""
    import dataclasses

    said = option.words

    def words() -> str:
        return f"{command}: {said() if callable(said) else said}"

    return dataclasses.replace(option, words=words)


def _kind_inputs(arguments, kind: str, takes) -> dict:
    """The values of the options that some kinds take (:func:`_add_kind_inputs`): those
    of ``kind``, parsed by its declaration (an option that is also a force option, a
    foreign war's ``--reinforcements``, is read as this kind declares it); an option of
    another kind is refused rather than ignored, and a required one asked for."""
    from oddsengine.questions.needed_kinds import asked_kinds

    given = set(getattr(arguments, "given", ()))
    kinds = asked_kinds()
    for other in kinds:
        # A force option (a siege's --reinforcements) is refused with the forces.
        for name in set(other.needed_options) - _WRITTEN_HERE - set(takes) - set(_FORCE_OPTIONS):
            if name in given:
                takers = " and ".join(k.command for k in kinds if name in k.needed_options)
                raise OddsEngineError(
                    f"needed {kind} takes no {_flag(name)} (only {takers} takes it)"
                )
    values = {}
    for option in _declared_inputs(_kind_record(kind)):
        if option.name not in given:
            if option.required:
                choices = f" ({', '.join(option.choices)})" if option.choices else ""
                raise OddsEngineError(f"needed {kind}: give {option.flag_name}{choices}")
            continue
        value = getattr(arguments, option.name)
        if option.name in _FORCE_OPTIONS:  # given as a force option's text: read it here
            value = option.parse(value)
        values[option.name] = value
    return values


def _needed_method(arguments) -> str:
    """``--method``, with ``--monte-carlo`` its synonym; ``--seed`` or a ``--precision``
    given asks for Monte Carlo under auto (as in the other commands)."""
    if arguments.exact:  # --exact is --method exact
        if arguments.monte_carlo or arguments.method == "monte-carlo":
            raise OddsEngineError("give --exact or --monte-carlo, not both")
        arguments.method = "exact"
    if arguments.monte_carlo:
        if arguments.method == "exact":
            raise OddsEngineError("give --monte-carlo or --method exact, not both")
        return "monte-carlo"
    if arguments.method == "auto" and (
        arguments.seed is not None or "precision" in getattr(arguments, "given", ())
    ):
        return "monte-carlo"  # auto: --seed or --precision asks for Monte Carlo
    if arguments.method == "exact":
        asked = "--exact" if arguments.exact else "--method exact"
        refuse_given(arguments, ["--seed", "--precision"], f"is for Monte Carlo, not {asked}")
    return arguments.method


def _run_needed(arguments):
    from oddsengine.questions.needed import needed

    if (arguments.target is None) == (arguments.targets is None):
        raise OddsEngineError("give --target P, or --targets P1,P2,... for a table")
    parameters = _needed_arguments(arguments)
    engine = {
        "within": arguments.within,
        "event": arguments.event,
        "method": _needed_method(arguments),
        "precision": arguments.precision,
        "seed": arguments.seed,
        "max_units": arguments.max_units,
    }
    if arguments.targets is not None:
        if arguments.fractions:
            raise OddsEngineError("--fractions is for one answer (--target), not a table")
        # The table face (and its templates) only for --targets: one answer needs neither.
        from oddsengine.faces.needed_table import needed_table

        table = needed_table(arguments.kind, targets=arguments.targets, **parameters, **engine)
        text = str(table) if arguments.format == "table" else table.render(arguments.format)
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
        return
    if arguments.format in _TABLE_ONLY_FORMATS:
        raise OddsEngineError(f"--format {arguments.format} is for --targets tables")
    answer = needed(arguments.kind, target=arguments.target, **parameters, **engine)
    if arguments.fractions:  # the value needed and the one below, as exact fractions
        answer = answer.with_fractions()
    sys.stdout.write(answer.render(arguments.format))


def register(commands, words=()) -> None:
    """Add ``needed``; ``words``, the command line's words after it, may name the kind asked
    (only its spec's declaration is then read)."""
    needed = commands.add_parser(
        "needed",
        help="the smallest force (or leader rating) reaching a target chance",
        description="Find the smallest value of the one '?' in a force (a unit count such as "
        "'?R Suleiman', or a leader rating such as '8R L?') whose chance reaches --target. "
        "Every candidate up to the legal maximum is answered (the chance need not rise with "
        f"the value). KIND is {_listed_kinds(with_words=True)}.",
    )
    needed.add_argument("kind", metavar="KIND", help=_listed_kinds())
    needed.add_argument(
        "scenario", nargs="?", metavar="SCENARIO", help="move, naval-move: a .toml or example"
    )
    forces = needed.add_argument_group("forces (one holds the '?')")
    for option, text in _FORCE_OPTIONS.items():
        forces.add_argument(f"--{option}", metavar="FORCE", help=text)
    forces.add_argument(
        "--stack",
        action="append",
        metavar="SPACE=FORCE",
        help="move: replace the stack in SPACE (e.g. 'Pressburg=ottoman: ?R 1C Suleiman')",
    )
    forces.add_argument(
        "--fleet",
        action="append",
        metavar="LOCATION=FLEET",
        help="naval-move: replace that power's ships in LOCATION (e.g. "
        "'Tyrrhenian Sea=hapsburg: ?Sq Doria')",
    )
    from oddsengine.moves.scenario_board import WHAT_IFS

    for what_if in WHAT_IFS[1:]:  # the move's what-ifs, as its command declares them
        forces.add_argument(
            what_if.flag_name,
            action="append",
            metavar=what_if.metavar,
            help=f"move: {what_if.help}",
        )
    question = needed.add_argument_group("question")
    question.add_argument("--target", type=_chance, help="the chance to reach, e.g. 0.75 or 75%%")
    question.add_argument(
        "--targets",
        type=_chances,
        help="a table: the value needed for each target, e.g. 0.5,0.75,0.9",
    )
    question.add_argument(
        "--within",
        type=positive_int,
        metavar="K",
        help="impulses of assaults (siege; move), attempts (foreign-war)",
    )
    _add_kind_inputs(question, _kind_named(words))
    question.add_argument(
        "--event", help="the event to reach (default: what the side with the '?' wants)"
    )
    question.add_argument(
        "--attacker-cards", default="", metavar="CARDS", help="cards the attacker plays"
    )
    question.add_argument(
        "--defender-cards", default="", metavar="CARDS", help="cards the defender plays"
    )
    question.add_argument("--defender-policy", metavar="POLICY", help="move: the defender's")
    question.add_argument(
        "--max-units",
        type=positive_int,
        default=30,
        metavar="N",
        help="largest unit count tried where no rule bounds the force (default 30)",
    )
    engine = needed.add_argument_group("engine")
    add_method_argument(engine, asking=("--seed",))
    engine.add_argument(
        "--precision",
        type=probability_target,
        default=0.005,
        help="Monte Carlo: the 95%% half-width of each chance (default 0.005)",
    )
    engine.add_argument(
        "--seed", type=non_negative_int, default=None, help="random seed (Monte Carlo)"
    )
    engine.add_argument(
        "--fractions",
        action="store_true",
        help="exact answers: the chance of the value needed and of the one below also as "
        "exact fractions (e.g. 131/243)",
    )
    engine.add_argument(
        "--format",
        choices=(*FORMATS, *_TABLE_FORMATS),
        default="table",
        help="output; html and latex for --targets tables only",
    )
    needed.set_defaults(run=_run_needed)

"""The options the grid commands (``sweep``, ``table``, ``plot``) share, added and read in
one place: the engine (``--method``, ``--exact``, ``--precision``, ``--seed``), the cards
played in every cell, the forces by role (from the registry's table kinds), the output
file; and how a grid reports the scenarios the rules refuse."""

from __future__ import annotations

import argparse
import contextlib
import sys
import warnings

from oddsengine.cli._engine_options import probability_target, refuse_given
from oddsengine.combat.kind_options import CARDS_AS_PRINTED
from oddsengine.errors import OddsEngineError
from oddsengine.kinds import table_kinds

__all__ = [
    "TEMPLATE_HELP",
    "add_card_arguments",
    "add_kind_and_forces",
    "add_method_arguments",
    "check_out",
    "fixed_parameters",
    "grid_method",
    "kind_names",
    "method_asked",
    "refusal_notes",
    "refuse_unused",
    "role_option",
]

TEMPLATE_HELP = (
    'a force with ranges, such as "2..16R L2" or "2..16R L0..2" (LOW..HIGH units of R, M or '
    "C; L0..2 leader battle ratings); the first range gives the rows or the x axis"
)


@contextlib.contextmanager
def refusal_notes(command: str, answer: str | None = None):
    """Print each :class:`RefusedScenariosWarning` raised inside as one line on stderr
    (``oddsengine table: note: 12 of 66 scenarios refused: ...``); other warnings pass.

    With ``answer`` (``"table"``), a grid of which every scenario was refused is refused
    in one line instead (``nothing to table: 4 of 4 scenarios refused: ...``): there is no
    answer to give.
    """
    from oddsengine.sweeps.refusals import RefusedScenariosWarning

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", RefusedScenariosWarning)
        try:
            yield
        finally:
            notes = [w for w in caught if issubclass(w.category, RefusedScenariosWarning)]
            others = [w for w in caught if not issubclass(w.category, RefusedScenariosWarning)]
    for warning in others:
        warnings.warn_explicit(warning.message, warning.category, warning.filename, warning.lineno)
    for warning in notes:
        if answer is not None and getattr(warning.message, "every_scenario", False):
            raise OddsEngineError(f"nothing to {answer}: {warning.message}")
    for warning in notes:
        print(f"oddsengine {command}: note: {warning.message}", file=sys.stderr)


def check_out(path: str) -> None:
    """Refuse, before any work, an output path that cannot be written: no name, a missing
    folder, a folder, a device (the file is written atomically, so it must be a file)."""
    if not path:
        raise OddsEngineError("--out needs a file name")
    from oddsengine.faces.output_file import check_output_path

    check_output_path(path)


def method_asked(arguments) -> str | None:
    """``--method`` as given, ``"exact"`` for ``--exact`` (its synonym), None for neither."""
    if not getattr(arguments, "exact", False):
        return arguments.method
    if arguments.method not in (None, "exact"):
        raise OddsEngineError(f"give --exact or --method {arguments.method}, not both")
    return "exact"


def grid_method(arguments) -> str:
    """``--method`` of a table or plot: auto unless given, and Monte Carlo when
    ``--precision`` or ``--seed`` is given without it."""
    method = method_asked(arguments)
    if method == "exact":  # every cell exact: a Monte Carlo option would be ignored
        asked = "--exact" if arguments.exact else "--method exact"
        refuse_given(arguments, ["--precision", "--seed"], f"is for Monte Carlo, not {asked}")
    if method is not None:
        return method
    if arguments.precision is not None or arguments.seed is not None:
        return "monte-carlo"
    return "auto"


def _check_cards_as_printed(arguments) -> None:
    """Refuse ``--cards-as-printed`` where it changes no cell: it only keeps a few cards
    (their records' printed_engagements) out of assaults, so it matters in an assault
    grid that plays one of them."""
    from oddsengine.combat.cards import CARD_RULES, find_card

    if not getattr(arguments, "cards_as_printed", False):
        return
    narrowed = {rule.card.slug for rule in CARD_RULES.values() if rule.printed_engagements}
    played = set()
    for name in ("attacker_cards", "defender_cards", "responses"):
        for text in filter(None, (getattr(arguments, name, "") or "").split(",")):
            with contextlib.suppress(OddsEngineError):  # refused later, by the grid
                played.add(find_card(text.strip()).slug)
    if arguments.kind != "assault" or not played & narrowed:
        raise OddsEngineError(
            f"--cards-as-printed keeps {', '.join(sorted(narrowed))} out of assaults: "
            f"it changes no cell of this {arguments.kind} {arguments.command}"
        )


def fixed_parameters(arguments) -> dict:
    _check_cards_as_printed(arguments)
    fixed = {}
    for name in ("attacker_cards", "defender_cards", "responses"):
        value = getattr(arguments, name, "")
        if value:
            fixed[name] = value
    if getattr(arguments, "cards_as_printed", False):
        fixed["cards_as_printed"] = True
    return fixed


def refuse_unused(arguments, used: tuple, what: str) -> None:
    """Refuse options the command would otherwise ignore (a force of another kind of
    engagement, or anything at all for the fixed interception chart)."""
    roles = dict.fromkeys(role for kind in table_kinds() for role in kind.roles)
    for name in roles:
        if name not in used and getattr(arguments, name, None) is not None:
            takes = f"; it takes {role_option(used[0])} and {role_option(used[1])}" if used else ""
            raise OddsEngineError(f"{what} takes no {role_option(name)}{takes}")
    if used:
        return
    fixed = {
        "heatmap": False,
        "attacker_cards": "",
        "defender_cards": "",
        "responses": "",
        "cards_as_printed": False,
        "method": None,
        "exact": False,
        "precision": None,
        "seed": None,
    }
    for name, default in fixed.items():
        if getattr(arguments, name, default) != default:
            raise OddsEngineError(
                f"{what} draws the exact chances by leader rating and Ottoman cavalry: "
                f"it takes no --{name.replace('_', '-')}"
            )


def add_method_arguments(parser) -> None:
    group = parser.add_argument_group("engine")
    group.add_argument(
        "--method",
        choices=("auto", "exact", "monte-carlo"),
        default=None,
        help="auto (default): exact where possible, Monte Carlo otherwise "
        "(and with --precision or --seed)",
    )
    group.add_argument(
        "--exact",
        action="store_true",
        help="the same as --method exact",
    )
    group.add_argument(
        "--precision",
        type=probability_target,
        default=None,
        help="Monte Carlo target: 95%% half-width of each probability (default 0.005 = 0.5%%)",
    )
    group.add_argument("--seed", type=int, default=None, help="Monte Carlo seed")


def add_card_arguments(parser) -> None:
    group = parser.add_argument_group("cards (the same in every cell)")
    group.add_argument(
        "--attacker-cards",
        default="",
        metavar="CARDS",
        help="cards the attacker plays, by name or number",
    )
    group.add_argument(
        "--defender-cards", default="", metavar="CARDS", help="cards the defender plays"
    )
    group.add_argument(
        "--responses", default="", metavar="CARDS", help="response cards played by other powers"
    )
    group.add_argument("--cards-as-printed", action="store_true", help=CARDS_AS_PRINTED.said)


#: A template written after a role's words in ``--help``, by role.
_ROLE_EXAMPLES = {"defender": ', e.g. "hapsburg: 1..4R"'}


def role_option(role: str) -> str:
    """A role's option as the command line writes it (``--protestant-dice``)."""
    return "--" + role.replace("_", "-")


def kind_names(kinds) -> str:
    return ", ".join(kind.name for kind in kinds)


def _role_help(role: str, plot: bool) -> str:
    """``--attacker``'s help, from the registry: which kinds give it the rows or the columns
    (``battle, assault, naval: the rows; avoid: the columns``), or, for ``plot``, which
    kinds read it and which draw a fixed chart instead."""
    tabled = [kind for kind in table_kinds() if role in kind.roles]
    if plot:
        drawn = [kind for kind in tabled if not kind.fixed_chart]
        fixed = [kind for kind in tabled if kind.fixed_chart]
        uses = [kind_names(drawn)] if drawn else []
        if fixed:
            takes, draws = ("takes", "it draws") if len(fixed) == 1 else ("take", "they draw")
            uses.append(f"plot {kind_names(fixed)} {takes} none: {draws} by leader rating")
    else:
        uses = [
            f"{kind_names(kinds)}: the {axis}"
            for place, axis in ((0, "rows"), (1, "columns"))
            if (kinds := [kind for kind in tabled if kind.roles.index(role) == place])
        ]
    # The role in words, from the first kind's record that describes it.
    words = next((kind.role_words[role] for kind in tabled if role in kind.role_words), role)
    return f"{words}{_ROLE_EXAMPLES.get(role, '')} ({'; '.join(uses)})"


def add_kind_and_forces(parser, plot: bool = False) -> None:
    """Add what ``table`` and ``plot`` are asked over: the kind (one of the table kinds) and
    one option per role of those kinds (``--attacker``...), its help written for a plot
    when ``plot``."""
    parser.add_argument(
        "kind", choices=[kind.name for kind in table_kinds()], help="the kind of engagement"
    )
    roles = dict.fromkeys(role for kind in table_kinds() for role in kind.roles)
    # A role that only fixed charts have is read by no plot: its option stays, so that
    # ``plot intercept --interceptor ...`` is refused with the reason, but --help omits it.
    drawn = {role for kind in table_kinds() if not kind.fixed_chart for role in kind.roles}
    for role in roles:
        words = _role_help(role, plot)
        if role == "attacker":
            words += ", " + TEMPLATE_HELP
        if plot and role not in drawn:
            words = argparse.SUPPRESS
        metavar = "N|LOW..HIGH" if role.endswith("_dice") else "TEMPLATE"
        parser.add_argument(role_option(role), dest=role, metavar=metavar, help=words)

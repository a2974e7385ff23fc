"""A scenario file's naval move with flat parameters: the naval move as a sweep kind.

A sweep file of ``kind = "naval-move-scenario"`` names the scenario (a file or a shipped
example) and sweeps the naval move's policies, cards, the moving stack (``units``) and one
fleet of the board (``fleet_location`` and ``fleet``, a template such as
``"hapsburg: 1..5Sq Andrea Doria"``)::

    kind = "naval-move-scenario"
    outcome_names = NAVAL_OUTCOMES

    [fixed]
    scenario = "barbary_coast"
    fleet_location = "Tyrrhenian Sea"

    [grid]
    fleet = "hapsburg: 1..5Sq Andrea Doria"
    interception_policy = ["all", "Ionian Sea=none,Tyrrhenian Sea=all"]

Each scenario is the :class:`~oddsengine.moves.naval_move.NavalMove` of RULES.md §14 that
:func:`~oddsengine.moves.scenario_file.load_naval_move` reads, with the parameters given
replacing the file's (an empty text keeps the file's); a scenario the rules refuse is a
refused row with the reason, as in every sweep.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from oddsengine.combat.fleets import Fleet, parse_fleet
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown
from oddsengine.moves._naval_tree import NAVAL_OUTCOMES
from oddsengine.scenario_answers import ScenarioAnswers, check_scenario

__all__ = ["NavalMoveScenario"]

_TEXT_PARAMETERS = (
    "defender_policy",
    "retreat_policy",
    "rowers",
    "rowers_roll",
    "post_roll_policy",
)
_CARD_PARAMETERS = ("attacker_cards", "defender_cards", "responses")


def _listed(value, name) -> tuple[str, ...]:
    """Card names or powers given as a tuple or as one comma list (``""``: none)."""
    if isinstance(value, str):
        return tuple(part.strip() for part in value.split(",") if part.strip())
    if isinstance(value, tuple) and all(isinstance(item, str) for item in value):
        return value
    raise OddsEngineTypeError(f"{name} must be names separated by commas, not {shown(value)}")


def _interception(text: str):
    """``"all"``, ``"none"`` or ``"LOCATION=all,LOCATION=none"`` as the naval move takes it."""
    if "=" not in text:
        return text
    policy = {}
    for part in filter(None, (piece.strip() for piece in text.split(","))):
        location, _, ships = part.partition("=")
        if not location.strip() or not ships.strip() or location.strip() in policy:
            raise OddsEngineError(
                f"interception_policy {text!r}: write LOCATION=all|none|SHIPS pairs, each "
                "location once, separated by commas"
            )
        policy[location.strip()] = ships.strip()
    return policy


@dataclass(frozen=True)
class NavalMoveScenario(ScenarioAnswers):
    """The naval move of a scenario file, with flat parameters (RULES.md §14).

    Parameters
    ----------
    scenario : str
        A scenario file with a ``[naval_move]``, or a shipped example's name.
    units : Fleet or str, optional
        The moving ships (default: the file's, or the whole stack).
    fleet_location : str, optional
        A location whose ships ``fleet`` replaces (that power's ships there).
    fleet : Fleet or str, optional
        The fleet placed in ``fleet_location``.
    defender_policy, retreat_policy, interception_policy, rowers, rowers_roll,
    post_roll_policy : str
        As in the scenario file's ``[naval_move]`` (``""``: the file's);
        ``interception_policy`` is ``"all"``, ``"none"`` or ``"LOCATION=all,..."``.
    attacker_cards, defender_cards, responses, fight_order : str or tuple of str
        Names separated by commas (``""``: the file's).

    Examples
    --------
    >>> from oddsengine import exact
    >>> scenario = NavalMoveScenario(
    ...     "barbary_coast", fleet_location="Ionian Sea", fleet="venice: 1Sq"
    ... )
    >>> round(exact(scenario).p["intercepted:venice@Ionian Sea"] * 36)
    10
    """

    scenario: str
    units: Fleet | None = None
    fleet_location: str | None = None
    fleet: Fleet | None = None
    defender_policy: str = ""
    retreat_policy: str = ""
    interception_policy: str = ""
    rowers: str = ""
    rowers_roll: str = ""
    post_roll_policy: str = ""
    attacker_cards: tuple[str, ...] = ()
    defender_cards: tuple[str, ...] = ()
    responses: tuple[str, ...] = ()
    fight_order: tuple[str, ...] = ()

    kind = "naval-move-scenario"
    outcome_names = NAVAL_OUTCOMES
    #: Its exact answer is the naval move's end states: no fractions of one draw.
    fractions_available = False

    def __post_init__(self):
        check_scenario(self.scenario)
        for name in (*_TEXT_PARAMETERS, "interception_policy"):
            if not isinstance(getattr(self, name), str):
                raise OddsEngineTypeError(f"{name} must be text, not {shown(getattr(self, name))}")
        for name in (*_CARD_PARAMETERS, "fight_order"):
            object.__setattr__(self, name, _listed(getattr(self, name), name))
        if (self.fleet_location is None) != (self.fleet is None):
            raise OddsEngineError("give fleet_location and fleet together (where, and what)")
        self.naval_move  # noqa: B018 - built now: a scenario that cannot be played is refused

    @cached_property
    def naval_move(self):
        """The :class:`~oddsengine.moves.naval_move.NavalMove` this scenario stands for."""
        from oddsengine.moves.naval_move import NavalMove
        from oddsengine.moves.option_use import check_options_used
        from oddsengine.moves.scenario_file import read_naval_move, scenario_options

        situation, arguments = read_naval_move(self.scenario)
        given = scenario_options(self.scenario)
        for name in (*_TEXT_PARAMETERS, *_CARD_PARAMETERS, "fight_order"):
            if getattr(self, name):
                arguments[name] = getattr(self, name)
                given[name] = name
        if self.interception_policy:
            arguments["interception_policy"] = _interception(self.interception_policy)
            given["interception_policy"] = "interception_policy"
        if self.units is not None:
            arguments["units"] = self.units
        if self.fleet is not None:
            from oddsengine.moves.what_if import with_fleets_placed

            fleet = parse_fleet(self.fleet) if isinstance(self.fleet, str) else self.fleet
            fleets = {self.fleet_location: fleet}
            situation, moves_whole = with_fleets_placed(situation, arguments["origin"], fleets)
            if moves_whole:
                arguments["units"] = None  # the replaced stack moves whole
        move = NavalMove(situation, **arguments)
        # An option given that applies to nothing in this scenario is refused (a refused
        # row of the sweep), as the single run refuses it.
        check_options_used(move, given)
        return move

    # What the engines and the faces read: the naval move's own (ScenarioAnswers).
    @property
    def built(self):
        return self.naval_move

    @property
    def loss_groups(self):
        return self.naval_move.loss_groups

    @property
    def unit_word(self) -> str:
        return getattr(self.naval_move, "unit_word", "ships")

    @property
    def notes(self) -> tuple[str, ...]:
        """The naval move's notes: the ``prefer:`` locations no retreat reaches (§9)."""
        return self.naval_move.notes

"""A whole move on the board, played out: interception, avoid battle, withdrawal, field
battle, retreat and siege (RULES.md §2-§6); a ``[move]`` with ``by_sea`` is a naval
transport across those sea zones, landing as a move (§15). Its scenario is a TOML file or
the name of a shipped example (vienna, tunis_transport).

:class:`Move` is a spec like :class:`~oddsengine.FieldBattle`: it says who moves from where
to where in a :class:`~oddsengine.moves.situation.Situation`, and which policies the players
follow. Building it applies the rules of RULES.md §2-§6 to every branch of the move (see
:mod:`oddsengine.moves._move_tree`); :func:`oddsengine.exact` gives the exact probability of
every end state, :func:`oddsengine.engines.move_montecarlo.simulate_move` samples them with a
Numba kernel. Both return a :class:`~oddsengine.results.result.Result`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np

from oddsengine.combat.forces import UNIT_TYPES, Force, parse_force
from oddsengine.combat.options import Policies, RuleOptions
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown
from oddsengine.moves._move_declaration import (
    DEFENDER_POLICIES,
    InterceptionAttempt,
    check_choices_are_used,
    check_mover,
    entry_situation,
    intercepting_formation,
    interception_attempts,
    interception_needed,
    is_part_of,
    normalise_avoiding_units,
    normalise_defender_policy,
    normalise_interception_policy,
    power_named_by,
    read_move_cards,
)
from oddsengine.moves._move_program import (
    BASE_EVENTS,
    LEADERS_INSIDE_POLICIES,
    MOVER,
    OUTCOME_NAMES,
    Branch,
    ProgramAnswers,
    best_defence_words,
    declared_branch,
    defender_groups,
    end_state_columns,
)
from oddsengine.moves._move_rules import Placed, move_retreat_notes, parse_retreat_policy
from oddsengine.moves._move_tree import MoveBuilder, build_program
from oddsengine.moves.board import load_board
from oddsengine.moves.board_move import BoardMove
from oddsengine.moves.scenario_board import (
    MOVE_BOARD,
    OVER_THE_FILE,
    defender_policy_option,
    interception_policy_option,
    retreat_policy_option,
)
from oddsengine.moves.situation import Situation
from oddsengine.option_field import option

if TYPE_CHECKING:
    from oddsengine.combat.card_types import Card

__all__ = [
    "Move",
    "InterceptionAttempt",
    "DEFENDER_POLICIES",
    "AFTER_WITHDRAWAL_POLICIES",
    "LEADERS_INSIDE_POLICIES",
    "intercepting_formation",
    "end_state_records",  # noqa: F822 (read from move_records, see __getattr__)
]


#: What the mover does when the defenders withdrew and it cannot lay a siege (13.4).
AFTER_WITHDRAWAL_POLICIES = ("go-back", "move-on")


@dataclass(frozen=True, repr=False)  # its own __repr__ below
class Move(BoardMove, ProgramAnswers):
    """A formation moves into an adjacent space (13.1), played out to the end.

    Parameters
    ----------
    situation : Situation
    origin, destination : str
        Adjacent land spaces (passes allowed).
    units : Force or str, optional
        The moving formation; default the whole unbesieged stack at ``origin``.
    power : str, optional
        The moving power; needed only when several powers stand in ``origin``.
    defender_policy : str
        What the units in the destination do when no interception succeeded (13.3, 13.4):
        ``best`` (default: the legal choice that maximises the defender's chance of still
        controlling the space, then its expected surviving land units), ``fight``,
        ``withdraw``, ``avoid:<space>`` (fight if the roll fails) or
        ``avoid:<space>+withdraw`` (withdraw if it fails).
    interception_policy : str or mapping
        ``all`` (default: every eligible stack tries with all its units), ``none``, or a
        mapping from space to ``"all"`` or the force that tries from there; spaces left out
        do not try. One attempt per space (13.2 step 4): where stacks of several powers
        stand, the first in impulse order tries, unless the mapping names the force of
        another (``{"Graz": "england: 2R"}``).
    retreat_policy : str
        ``most-friendly`` (default) or ``prefer:<space>[,<space>...]``, a standing order:
        the first legal space listed (:func:`oddsengine.moves._move_rules.choose_retreat`).
        A space no retreat can reach is passed over, and what the move did instead of a
        list it never followed is said, in :attr:`notes`; only a name of no space is refused.
    attacker_cards, defender_cards : sequence of Card or str
        Combat cards played in the field battle, if one is fought.
    policies : Policies
        Casualty orders and post-roll card policies of the field battle.
    options : RuleOptions
    avoiding_units : Force, str or mapping, optional
        13.3: some or all defenders may try to avoid battle. Default: every unit and
        leader of each defending power tries; a force (one defending power) or a mapping
        from power to force names the part that tries, the rest stays.
    after_withdrawal : {"go-back", "move-on"}
        13.4: when the defenders withdrew and the mover does not outnumber them, it goes
        back where it came from (default; a retreat under 14.1, eliminated with its leaders
        captured if that is impossible) or moves on (another move, paid again; outcome
        ``mover_moves_on``).
    garrison_joins_relief : bool
        15.2: garrison units of the mover's power besieged in the destination join the
        relief battle (default False). They take losses last and go back inside if the
        relief loses.
    relief_goes_inside_on_tie : bool
        15.2: a relief force that loses on a tie in hits goes inside, up to 4 land units in
        all (default True); the rest retreat.
    defender_horizon : int, optional
        Judge the ``best`` defender policy, and the ``best`` choice of ``leaders_inside``,
        by the chance that the defenders still hold the space after this many impulses
        of assaults on the siege the move may lay (see
        :func:`oddsengine.moves.holding.garrison_holds`); default: at the end of the move.
    leaders_inside : {"best", "with-units", "retreat"}
        14.1: when the power controlling a fortified space loses a battle there, up to 4
        of its land units go inside and the rest retreat; its leaders choose freely
        where to go. ``best`` (default): the choice that gives the better chance of
        holding the space, judged like the ``best`` defender response (so over
        ``defender_horizon``); when both are equal, and always at the end of the move,
        the leaders retreat with the field army. ``with-units``: the leaders go inside;
        ``retreat``: they retreat. Either way a leader never follows a group that has no
        legal retreat. Each end state reports the choice applied (``leaders_inside``).

    With several defending powers in the destination (allies), each avoids battle
    separately in impulse order, the power controlling the space decides whether all
    withdraw (13.4), they fight as one force with losses split (14 step 9), and each
    retreats by its own rules (14.1). A per-power ``defender_policy`` is a mapping
    ``{"hapsburg": "fight", "england": "avoid:Linz"}`` or the string
    ``"hapsburg=fight, england=avoid:Linz"``.

    Examples
    --------
    >>> from oddsengine.moves.situation import Situation, Stack
    >>> situation = Situation(
    ...     [
    ...         Stack("Pressburg", "ottoman: 7R 1C Suleiman Ibrahim"),
    ...         Stack("Graz", "hapsburg: 8R Charles V"),
    ...         Stack("Vienna", "hapsburg: 2R Ferdinand"),
    ...     ],
    ...     control={"Pressburg": "ottoman", "Brunn": "hapsburg"},
    ...     wars=[("ottoman", "hapsburg")],
    ... )
    >>> move = Move(situation, "Pressburg", "Vienna")
    >>> from oddsengine import exact
    >>> result = exact(move)
    >>> round(result.p["intercepted"] * 36)
    15
    """

    # The inputs the faces give (RULES.md §9 policies), each replacing the scenario's.
    defender_policy: str = defender_policy_option(
        "best, fight, withdraw, avoid:SPACE or avoid:SPACE+withdraw; with allied defenders "
        "one per power: hapsburg=fight,england=avoid:Linz", rule="13.3, 13.4")  # fmt: skip
    interception_policy: object = interception_policy_option(
        "all: every eligible stack tries to intercept, one attempt per space (13.2 step 4: "
        "the first power there in impulse order); none: no one tries")  # fmt: skip
    retreat_policy: str = retreat_policy_option(
        "most-friendly or prefer:SPACE[,SPACE...] (the first legal space listed; one no "
        "retreat can reach is passed over with a note)", rule="14.1")  # fmt: skip
    attacker_cards: tuple[Card, ...] = ()
    defender_cards: tuple[Card, ...] = ()
    policies: Policies = field(default_factory=Policies)
    options: RuleOptions = field(default_factory=RuleOptions)
    avoiding_units: object = option(
        "the defenders that try to avoid battle (default all): FORCE, or POWER=FORCE pairs "
        "separated by commas", rule="13.3", metavar="FORCE", group=OVER_THE_FILE,
        default=None)  # fmt: skip
    after_withdrawal: str = option(
        "when the defenders withdrew and no siege follows: go back (a retreat) or move on",
        rule="13.4", value="choice", choices=AFTER_WITHDRAWAL_POLICIES, group=OVER_THE_FILE,
        default="go-back")  # fmt: skip
    garrison_joins_relief: bool = option(
        "the besieged garrison joins a relief battle", rule="15.2", value="yes-no",
        group=OVER_THE_FILE, default=False)  # fmt: skip
    relief_goes_inside_on_tie: bool = option(
        "a relief force losing on a tie goes inside, 4 in all", rule="15.2", value="yes-no",
        flag="--relief-inside-on-tie", group=OVER_THE_FILE, default=True)  # fmt: skip
    defender_horizon: int | None = option(
        "judge the best defender policy (and the best --leaders-inside choice) by the chance "
        "of holding the space after K impulses of assaults on the siege (default: at the "
        "end of the move)", flag="--horizon", metavar="K", low=1, group=OVER_THE_FILE,
        default=None)  # fmt: skip
    leaders_inside: str = option(
        "after a lost battle in its fortified space, the controller's leaders go inside with "
        "the units that do (with-units), retreat with the rest (retreat), or take the choice "
        "that best holds the space over --horizon (best; they retreat when both are equal)",
        rule="14.1", value="choice", choices=LEADERS_INSIDE_POLICIES, group=OVER_THE_FILE,
        default="best", repr=False)  # fmt: skip

    kind = "move"
    outcome_names = OUTCOME_NAMES
    #: The board it is asked on (:meth:`on_board`): a scenario file and its what-ifs.
    scenario_board = MOVE_BOARD

    @classmethod
    def on_board(cls, board, **inputs) -> Move:
        """The move of a scenario file's board (its what-ifs applied), the ``inputs``
        given replacing the file's (:func:`~oddsengine.moves.scenario_board.move_on_board`;
        a ``[move]`` with ``by_sea`` is a naval transport)."""
        from oddsengine.moves.scenario_board import move_on_board

        return move_on_board(board, **inputs)

    def __repr__(self) -> str:
        # The default leaders_inside policy is left out, so that the repr - which keys the
        # random streams of a spec (oddsengine.engines._random.scenario_id) - is the same as
        # before the policy existed, and seeded results stay reproducible.
        shown_fields = [
            f"{item.name}={getattr(self, item.name)!r}"
            for item in fields(self)
            if item.repr or (item.name == "leaders_inside" and self.leaders_inside != "best")
        ]
        return f"{type(self).__qualname__}({', '.join(shown_fields)})"

    def __post_init__(self):
        if not isinstance(self.situation, Situation):
            raise OddsEngineError("a move needs a Situation")
        if self.power is None:
            # Units written with their power ("hapsburg: 4R") say whose stack moves, as the
            # power would: a besieged formation beside its besiegers is then the one asked
            # about (and refused, 15), not the besiegers.
            object.__setattr__(self, "power", power_named_by(self.units))
        board = load_board()
        origin = board.space(self.origin).name
        destination = board.space(self.destination).name
        if origin == destination:
            raise OddsEngineError(f"a move goes somewhere else than {origin}")
        self._check_route(board, origin, destination)
        object.__setattr__(self, "origin", origin)
        object.__setattr__(self, "destination", destination)
        stack = self.situation.stack(origin, self.power)
        object.__setattr__(self, "power", stack.power)
        units = self.units
        if units is None:
            units = stack.force
        elif isinstance(units, str):
            units = parse_force(units, power=stack.power)
        if not isinstance(units, Force):
            raise OddsEngineTypeError(
                f"units must be a Force or a force string, not {shown(units)}"
            )
        if units.power is None:
            units = Force(
                **{kind: getattr(units, kind) for kind in UNIT_TYPES},
                leaders=units.leaders,
                power=stack.power,
            )
        if units.power != stack.power or not is_part_of(units, stack.force):
            raise OddsEngineError(
                f"the moving units {units.notation()} are not part of the stack in {origin} "
                f"({stack.force.notation()})"
            )
        if units.land_units == 0:
            raise OddsEngineError("the moving formation has no land units")
        units.check_formation("mover")
        self._check_units(units)
        object.__setattr__(self, "units", units)
        object.__setattr__(self, "defender_policy", normalise_defender_policy(self.defender_policy))
        object.__setattr__(
            self, "interception_policy", normalise_interception_policy(self.interception_policy)
        )
        parse_retreat_policy(self.retreat_policy)  # a typo or a name of no space is refused
        for name in ("attacker_cards", "defender_cards"):
            object.__setattr__(self, name, read_move_cards(name, getattr(self, name)))
        if self.after_withdrawal not in AFTER_WITHDRAWAL_POLICIES:
            raise OddsEngineError(
                f"unknown after_withdrawal policy {shown(self.after_withdrawal)}; use "
                + " or ".join(AFTER_WITHDRAWAL_POLICIES)
            )
        if not isinstance(self.leaders_inside, str) or (
            self.leaders_inside not in LEADERS_INSIDE_POLICIES
        ):
            raise OddsEngineError(
                f"unknown leaders_inside policy {shown(self.leaders_inside)}; use "
                + ", ".join(LEADERS_INSIDE_POLICIES)
            )
        for name in ("garrison_joins_relief", "relief_goes_inside_on_tie"):
            if not isinstance(getattr(self, name), bool):
                raise OddsEngineError(f"{name} must be true or false")
        if self.defender_horizon is not None:
            from oddsengine.moves.holding import check_horizon

            check_horizon(self.defender_horizon)
        check_mover(stack)
        self.effective_situation  # noqa: B018  (13.1: the entry rules)
        self._check_defender_policy()
        object.__setattr__(self, "avoiding_units", normalise_avoiding_units(self))
        check_choices_are_used(self)
        self.program  # noqa: B018  (apply the rules now: an invalid move cannot exist)

    # -- 13.1 who may move, and where ----------------------------------------------------

    def _check_route(self, board, origin: str, destination: str) -> None:
        """13.1: a move goes to an adjacent space (a naval transport overrides this)."""
        if not board.is_adjacent(origin, destination):
            raise OddsEngineError(f"{destination} is not adjacent to {origin} by land")

    def _check_units(self, units: Force) -> None:
        """Limits of the kind of move on the moving formation (none for a land move)."""

    @property
    def came_from(self) -> str:
        """Where the mover enters the destination from: the space it moves from (13.3,
        14.1 read it; a naval transport comes from its last sea zone)."""
        return self.origin

    #: A land move; :class:`~oddsengine.moves.transport.NavalTransport` crosses the sea.
    is_transport = False

    @property
    def may_move_on(self) -> bool:
        """13.4: whether the mover may move on when it cannot lay a siege."""
        return True

    @cached_property
    def effective_situation(self) -> Situation:
        """The situation as the move's rules read it (13.1; see
        :func:`oddsengine.moves._move_declaration.entry_situation`)."""
        return entry_situation(self.situation, self.power, self.destination)

    # -- the defenders' choices ----------------------------------------------------------

    @cached_property
    def defending_stacks(self):
        """The enemy stacks in the open in the destination: the controller's first, then
        in impulse order."""
        situation = self.effective_situation
        controller = situation.controller(self.destination)
        stacks = [
            stack
            for stack in situation.stacks_in(self.destination, besieged=False)
            if situation.at_war(stack.power, self.power)
        ]
        return tuple(
            sorted(
                stacks,
                key=lambda stack: (stack.power != controller, situation.impulse_rank(stack.power)),
            )
        )

    def _check_defender_policy(self) -> None:
        policy = self.defender_policy
        if isinstance(policy, tuple):
            powers = {stack.power for stack in self.defending_stacks}
            for power, _ in policy:
                if power not in powers:
                    raise OddsEngineError(
                        f"defender policy names {power}, which has no units defending "
                        f"{self.destination}"
                    )

    @property
    def relieves_a_siege(self) -> bool:
        """15.2: the destination holds besieged units of the mover or an ally, so a field
        battle there is a relief battle."""
        situation = self.effective_situation
        return any(
            situation.allied(stack.power, self.power)
            for stack in situation.stacks_in(self.destination, besieged=True)
        )

    @property
    def defenders_may_withdraw(self) -> bool:
        """13.4: the defender policy lets some defenders withdraw into the fortifications
        (``withdraw``, ``avoid:SPACE+withdraw``, or ``best``, which weighs it)."""
        policy = self.defender_policy
        choices = [policy] if isinstance(policy, str) else [choice for _, choice in policy]
        return any(
            choice in ("best", "withdraw") or choice.endswith("+withdraw") for choice in choices
        )

    def avoiding_force(self, power: str) -> Force | None:
        """The part of ``power``'s defenders that tries to avoid battle (None: all)."""
        for name, force in self.avoiding_units or ():
            if name == power:
                return force
        return None

    def lost_battle(self, power: str) -> bool:
        """13.3: ``power``'s units in the destination already lost a field battle."""
        return any(
            stack.lost_battle_this_impulse
            for stack in self.defending_stacks
            if stack.power == power
        )

    # -- who is involved ---------------------------------------------------------------

    def _defenders_notation(self) -> str | None:
        if not self.defending_stacks:
            return None
        return " + ".join(stack.force.notation() for stack in self.defending_stacks)

    @property
    def defenders_lost_battle(self) -> bool:
        """13.3: every defender already lost a field battle this impulse."""
        stacks = self.defending_stacks
        return bool(stacks) and all(stack.lost_battle_this_impulse for stack in stacks)

    @cached_property
    def interception_attempts(self) -> tuple[InterceptionAttempt, ...]:
        """Every eligible interception, in the order they are resolved (13.2, original 001;
        see :func:`oddsengine.moves._move_declaration.interception_attempts`)."""
        return interception_attempts(self)

    @property
    def defender_choices(self) -> tuple[str, ...]:
        """The defenders' legal responses if no interception succeeds (13.3, 13.4).

        Examples
        --------
        >>> from oddsengine.moves.scenario_file import load_move
        >>> load_move("vienna").defender_choices
        ('fight', 'withdraw', 'avoid:Brunn', 'avoid:Brunn+withdraw', 'avoid:Graz', \
'avoid:Graz+withdraw', 'avoid:Linz', 'avoid:Linz+withdraw')
        """
        if not self.defending_stacks:
            return ()
        branch = self.initial_branch()
        mover = branch.group(MOVER)
        branch = branch.with_group(Placed(MOVER, self.destination, mover.force))
        if sum(group.force.land_units for group in defender_groups(branch)) == 0:
            return ()  # 13.3: a leader alone has no choice
        return tuple(MoveBuilder(self).defender_options(branch))

    @property
    def attacker_units(self) -> int:
        """Land units of the moving formation."""
        return self.units.land_units

    @property
    def defender_units(self) -> int:
        """Land units that may fight the mover: the destination's and every interceptor's."""
        own = sum(stack.force.land_units for stack in self.defending_stacks)
        return own + sum(attempt.force.land_units for attempt in self.interception_attempts)

    def initial_branch(self) -> Branch:
        """The board as the move is declared (used by :mod:`oddsengine.moves._move_tree`)."""
        return declared_branch(self)

    # -- the program and what the engines read -----------------------------------------

    @cached_property
    def program(self):
        """The compiled tree of the move (see :mod:`oddsengine.moves._move_tree`)."""
        return build_program(self, self.interception_attempts)

    @property
    def event_names(self) -> tuple[str, ...]:
        return BASE_EVENTS + self.interception_events + self._card_spent_events

    @cached_property
    def notes(self) -> tuple[str, ...]:
        """The ``prefer:`` retreat spaces no retreat of the move reaches, and what it did
        instead when no retreat went to a space listed (RULES.md §9, 14.1), one line each."""
        return move_retreat_notes(self)

    @property
    def _card_spent_events(self) -> tuple[str, ...]:
        """RULES.md §9: how often each post-roll card of the field battle (Janissaries)
        was actually spent, the mover's cards first."""
        cards = self.attacker_cards + self.defender_cards
        if not cards:
            return ()  # a move without cards never reads the deck
        from oddsengine.combat.cards import card_rule

        slugs = []
        for card in cards:
            rule = card_rule(card)
            if rule.post_roll_dice and rule.slug not in slugs:
                slugs.append(rule.slug)
        return tuple(f"card_spent:{slug}" for slug in slugs)

    def outcome_columns(self, values) -> dict[str, np.ndarray]:
        """The columns of end states ``values[0]`` (indices into ``program.end_states``)."""
        index = np.asarray(values[0], dtype=np.int64)
        return end_state_columns(self.program.end_states, index, self.event_names)

    def describe(self) -> dict:
        """The move as plain data (for JSON output)."""
        return {
            **self.who_moves_where(),
            "defenders": self._defenders_notation(),
            "interceptions": [
                {
                    "stack": attempt.label,
                    "force": attempt.force.notation(),
                    "needed": interception_needed(attempt.force, self.units),
                }
                for attempt in self.interception_attempts
            ],
            "defender_policy": self.defender_policy
            if isinstance(self.defender_policy, str)
            else dict(self.defender_policy),
            "defender_choice": self.program.choices.get("defender"),
            "defender_criterion": self.defender_criterion,
            "retreat_policy": self.retreat_policy,
            "after_withdrawal": self.after_withdrawal,
            "garrison_joins_relief": self.garrison_joins_relief,
            "relief_goes_inside_on_tie": self.relief_goes_inside_on_tie,
            "defender_horizon": self.defender_horizon,
            "leaders_inside": self.leaders_inside,
            "avoiding_units": None
            if self.avoiding_units is None
            else {power: force.notation() for power, force in self.avoiding_units},
            "attacker_cards": [card.slug for card in self.attacker_cards],
            "defender_cards": [card.slug for card in self.defender_cards],
        }

    def title(self) -> str:
        return f"Move: {self.units.notation()}  {self.origin} -> {self.destination}"

    def describe_lines(self) -> list[str]:
        lines = []
        if self.defending_stacks:
            lines.append(f"In {self.destination}: {self._defenders_notation()}")
        for attempt in self.interception_attempts:
            lines.append(
                f"Interception from {attempt.space}: {attempt.force.notation()}, needs "
                f"{interception_needed(attempt.force, self.units)}+ on 2d6"
            )
        choice = self.program.choices.get("defender")
        if choice:
            lines.append(f"Defenders if not intercepted: {choice}")
            if self.defender_criterion:
                lines.append(f"  best = {self.defender_criterion}")
        return lines

    @property
    def defender_criterion(self) -> str | None:
        """What the ``best`` defender policy maximised, in words (None when the defenders'
        choice was given, not picked)."""
        if not str(self.program.choices.get("defender", "")).endswith("(best)"):
            return None
        return best_defence_words(self.destination, self.defender_horizon)


def __getattr__(name):
    # end_state_records (oddsengine.moves.move_records), loaded when asked for here: a
    # move that lists no end states (a plan) does not load it.
    if name == "end_state_records":
        from oddsengine.moves.move_records import end_state_records

        return end_state_records
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

"""Which options of a move a question uses: one place, read by every face.

An option that applies to nothing in a question changes nothing, so a face that took it
would answer another question than the one asked: a defender policy where no enemy waits
in the destination, a horizon that judges no choice, a relief option where nothing is
besieged, an interception policy where no stack may intercept, cards where no battle is
fought. Such an option is refused, naming it, where it was given: the command line's
``move`` and ``naval-move`` (one move, or a ``--vary`` table of fleets), the scenario
files read by :func:`oddsengine.moves.scenario_file.load_move` and
:func:`~oddsengine.moves.scenario_file.load_naval_move` (a key of the file, or a keyword),
the tables and sweeps of naval moves, plans, the searches for the force needed and the
explorer. :func:`unused_option` says, for one option of one move as built, why it applies
to nothing (or None); :func:`check_options_used` refuses the first of the options given.

A retreat policy is never refused here: a ``prefer:`` list is a standing order, and the
move's notes say what it did (RULES.md §9).

Examples
--------
>>> from oddsengine.moves.scenario_file import load_naval_move
>>> move = load_naval_move("barbary_coast")
>>> unused_option(move, "defender_policy")
'is for enemy ships in the destination: there are none in Barbary Coast'
>>> unused_option(move, "interception_policy") is None
True
"""

from __future__ import annotations

from oddsengine.errors import OddsEngineError

__all__ = ["unused_option", "check_options_used", "MOVE_OPTIONS", "NAVAL_MOVE_OPTIONS"]

#: The options of a land move (or a naval transport) that apply only where their choice
#: arises (RULES.md §9, §3-§6, §15).
MOVE_OPTIONS = (
    "defender_policy",
    "interception_policy",
    "avoiding_units",
    "after_withdrawal",
    "garrison_joins_relief",
    "relief_goes_inside_on_tie",
    "leaders_inside",
    "defender_horizon",
    "attacker_cards",
    "defender_cards",
    "policies",
)
#: The options of a naval move that apply only where their choice arises (RULES.md §14).
NAVAL_MOVE_OPTIONS = (
    "defender_policy",
    "interception_policy",
    "attacker_cards",
    "defender_cards",
    "post_roll_policy",
)


def unused_option(move, name: str) -> str | None:
    """Why option ``name`` of ``move`` applies to nothing, in words that follow the
    option's name (``"is for enemy ships in the destination: ..."``), or None when it
    applies (or is not one that may apply to nothing).

    Parameters
    ----------
    move : Move, NavalTransport or NavalMove
        The move as it is asked, its tree built.
    name : str
        An argument of the move (``defender_policy``, ``defender_horizon`` ...).
    """
    if move.kind == "naval-move":
        return _unused_at_sea(move, name)
    return _unused_on_land(move, name)


def check_options_used(move, given) -> None:
    """Refuse the first option of ``given`` that applies to nothing in ``move``.

    Parameters
    ----------
    move : Move, NavalTransport or NavalMove
    given : mapping of str to str
        The options given, each argument name with the words that name it where it was
        given (``{"defender_policy": "--defender"}``, ``{"leaders_inside":
        "vienna.toml: move.leaders_inside"}``), in the order to check them.

    Raises
    ------
    OddsEngineError
        ``"<words> <reason>"``; its ``argument`` is the option's argument name and its
        ``reason`` the words of :func:`unused_option`.
    """
    for name, words in given.items():
        reason = unused_option(move, name)
        if reason is not None:
            error = OddsEngineError(f"{words} {reason}")
            error.argument, error.reason = name, reason
            raise error


def _reached(move):
    """The end states the move reaches (a chance above 0)."""
    return [
        state
        for state, chance in zip(move.program.end_states, move.end_state_probabilities, strict=True)
        if chance > 0
    ]


def _fights(move) -> bool:
    return any("field_battle" in state.events for state in _reached(move))


def _unused_on_land(move, name: str) -> str | None:
    destination = move.destination
    if name == "defender_policy":
        # Defenders with one legal response (they can neither avoid nor withdraw) still
        # follow the policy given, "fight": it applies, and a what-if that leaves them no
        # other choice keeps the question answerable.
        if not move.defending_stacks:
            return f"is for enemy units in the destination: there are none in {destination}"
        return None
    if name == "interception_policy":
        from oddsengine.moves._move_declaration import interception_attempts

        if not interception_attempts(move, policy="all"):
            return (
                f"is for stacks that may intercept (13.2): none may intercept this move into "
                f"{destination}"
            )
        return None
    if name == "avoiding_units":
        if not any("avoid:" in choice for choice in move.defender_choices):
            return f"is for defenders that may avoid battle (13.3): none can leave {destination}"
        return None
    if name in ("garrison_joins_relief", "relief_goes_inside_on_tie"):
        if not move.relieves_a_siege:
            return (
                f"is for a relief battle (15.2): no friendly garrison is besieged in {destination}"
            )
        return None
    if name == "after_withdrawal":
        if not move.defenders_may_withdraw:
            return "is for defenders that withdraw (13.4): the defender policy never does"
        if not any("withdrew" in state.events for state in move.program.end_states):
            return f"is for defenders that withdraw (13.4): none can in {destination}"
        return None
    # An end state names the leaders' choice where they had one (14.1); every response
    # the defenders may give is built, the one chosen or not.
    leaders_choose = any(state.leaders_inside for state in move.program.end_states)
    if name == "leaders_inside":
        if not leaders_choose:
            return (
                "is for defending leaders after a lost battle (14.1): here no leader has that "
                "choice"
            )
        return None
    if name == "defender_horizon":
        weighed = leaders_choose and move.leaders_inside == "best"
        if not move.program.choices.get("defender_weighed") and not weighed:
            return "judges the 'best' choices of the defenders, and here none is made"
        return None
    if name in ("attacker_cards", "defender_cards") and not _fights(move):
        return "are played in a field battle (14), and this move fights none"
    if name == "policies" and not _fights(move):
        # RULES.md §9: the casualty orders and post-roll policies of a move hold for the
        # siege it lays too (its assaults, siege --after-move, plans).
        if not any(state.outcome == "besieging" for state in _reached(move)):
            return (
                "is for a field battle (14) or the assaults on a siege the move lays (15.1), "
                "and this move has neither"
            )
    return None


def _unused_at_sea(move, name: str) -> str | None:
    destination = move.destination
    if name == "defender_policy":
        if not move.enemy_powers_in_destination:
            return f"is for enemy ships in the destination: there are none in {destination}"
        return None
    if name == "interception_policy":
        from oddsengine.moves.sea import interceptors

        if move.cancelled or not interceptors(move.situation, move.moving, destination):
            return (
                f"is for fleets that may intercept (§14): none may intercept this move into "
                f"{destination}"
            )
        return None
    if name in ("attacker_cards", "defender_cards"):
        fights = any("naval_battle" in state.events for state in _reached(move))
        if not fights:
            return "are played in a naval combat (§14), and this move fights none"
        return None
    if name == "post_roll_policy" and not move.post_roll and move.rowers is None:
        from oddsengine.combat.cards import find_sea_card

        rowers = find_sea_card(34).name  # the card's name from its record
        return (
            f"is for a card played after the roll (in the battle, or {rowers}), and the move "
            "plays none"
        )
    return None

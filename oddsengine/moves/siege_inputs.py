"""A siege campaign as every face gives it (RULES.md §15, §15.1, §15.3): its flat inputs
into a :class:`~oddsengine.moves.siege_campaign.SiegeCampaign` (its ``from_options``). The
siege is the besiegers and the garrison, or the sieges a move may lay (``after_move``,
its scenario); the schedule comes as ``IMPULSE=FORCE`` texts; the assaults' policies
(RULES.md §9: ``policy`` ``CARD=POLICY`` texts and each side's casualty order) are given
over the move's, if any. The refusals name the inputs as the faces' options name them.

Examples
--------
>>> from oddsengine.moves.siege_campaign import SiegeCampaign
>>> campaign = siege_of_inputs(SiegeCampaign, after_move="vienna", horizon=2)
>>> round(campaign.siege_probability, 4)
0.6631
>>> siege_of_inputs(SiegeCampaign, besiegers="9R")
Traceback (most recent call last):
...
oddsengine.errors.OddsEngineError: give --besiegers and --garrison, or --after-move SCENARIO
"""

from __future__ import annotations

from oddsengine.declaration import options_of
from oddsengine.errors import OddsEngineError
from oddsengine.moves.battle_policies import (
    POLICY_INPUTS,
    policies_given,
    policies_over,
    refuse_cards_not_played,
)
from oddsengine.moves.scenario_board import AFTER_MOVE

__all__ = ["siege_of_inputs"]


def siege_of_inputs(spec_class, *, after_move=None, schedule=(), **inputs):
    """The campaign of ``spec_class`` (a siege campaign's class) for the flat
    ``inputs`` the faces give, by option name.

    Raises
    ------
    OddsEngineError
        Neither a siege nor a move's scenario, or both; a schedule entry that is not
        ``IMPULSE=FORCE``; a policy for a card not played (naming ``policy``); what the
        campaign refuses.
    """
    flag = {item.name: item.flag_name for item in options_of(spec_class)}
    given = {name: inputs.pop(name, None) for name in POLICY_INPUTS}
    given["policy"] = given["policy"] or ()
    inputs["schedule"] = _schedule(schedule, flag["schedule"])
    sides = f"{flag['besiegers']} and {flag['garrison']}"
    if after_move is not None:  # an empty name is refused by the scenario reader
        from oddsengine.moves.scenario_file import load_move

        if inputs.get("besiegers") is not None or inputs.get("garrison") is not None:
            raise OddsEngineError(
                f"{AFTER_MOVE.flag_name} takes the siege from the move: no "
                f"{sides.replace(' and ', ' or ')}"
            )
        move = load_move(after_move)
        # The assaults' policies (RULES.md §9): the move's, with those given over them.
        if policies_given(**given):
            inputs["policies"] = policies_over(move.policies, "assault", **given)
        campaign = spec_class.from_move(move, **inputs)
    else:
        if not (inputs.get("besiegers") and inputs.get("garrison")):
            raise OddsEngineError(f"give {sides}, or {AFTER_MOVE.flag_name} SCENARIO")
        if policies_given(**given):
            inputs["policies"] = policies_over(None, "assault", **given)
        campaign = spec_class(**inputs)
    # A policy given for a card neither side plays would change nothing.
    played = {card.slug for card in campaign.attacker_cards + campaign.defender_cards}
    named = {text.partition("=")[0].strip() for text in given["policy"]}
    refuse_cards_not_played((c for c, _ in campaign.policies.post_roll if c in named), played)
    return campaign


def _schedule(entries, flag: str) -> tuple:
    """``["2=3R", "3=2M"]`` -> ``((2, "3R"), (3, "2M"))``; pairs pass as they are."""
    schedule = []
    for entry in entries or ():
        if not isinstance(entry, str):
            schedule.append(entry)
            continue
        impulse, equals, force = entry.partition("=")
        if not equals or not impulse.strip().isdigit() or not force.strip():
            raise OddsEngineError(f"{flag} takes IMPULSE=FORCE (e.g. 2=3R), not {entry!r}")
        schedule.append((int(impulse), force.strip()))
    return tuple(schedule)

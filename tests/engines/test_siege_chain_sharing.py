"""Campaigns alike share the steps of their exact chains (moves/siege_chain.py) and the
checks of their starting sieges: each campaign's answer must be the one it gives alone,
bit for bit, whatever was asked before it."""

import pytest

from oddsengine.engines.siege import exact_campaign
from oddsengine.moves import siege_campaign, siege_chain
from oddsengine.moves.holding import campaign_after_move
from oddsengine.moves.scenario_file import load_move
from oddsengine.moves.siege_campaign import SiegeCampaign
from oddsengine.moves.what_if import with_what_ifs


def answer(campaign):
    result = exact_campaign(campaign)
    return result.taken_by.tolist(), result.broken_by.tolist(), result.to_dict()


def alone(build):
    """The answer of ``build()`` with nothing kept from campaigns before it."""
    siege_chain._CHAIN_STEPS.clear()
    siege_chain._ASSAULT_CELLS.clear()
    siege_campaign._ACCEPTED_SIEGES.clear()
    return answer(build())


COURSES = [
    {},
    {"schedule": [(2, "3R")], "assault_from": 2},
    {"attacker_cards": ["siege-mining"]},
    {"schedule": [(2, "3R")], "assault_from": 2, "attacker_cards": ["siege-mining"]},
    {"reinforcements": "2R"},
]


def course(besiegers, **parameters):
    return SiegeCampaign(besiegers, "hapsburg: 4R Ferdinand", horizon=4, **parameters)


@pytest.mark.parametrize("order", [1, -1], ids=["in order", "reversed"])
def test_campaigns_of_other_rules_asked_before_do_not_change_an_answer(order):
    asked = [(besiegers, parameters) for besiegers in ("9R Suleiman", "7R Suleiman")
             for parameters in COURSES][::order]  # fmt: skip
    siege_chain._CHAIN_STEPS.clear()
    shared = [answer(course(besiegers, **parameters)) for besiegers, parameters in asked]
    for (besiegers, parameters), found in zip(asked, shared, strict=True):
        assert found == alone(lambda b=besiegers, p=parameters: course(b, **p))


def test_the_sieges_after_the_candidates_of_a_move_search_are_those_asked_alone():
    def campaign(regulars):
        move = with_what_ifs(
            load_move("vienna"), stacks={"Pressburg": f"{regulars}R 1C Suleiman Ibrahim"}
        )
        return campaign_after_move(move, 2)

    siege_chain._CHAIN_STEPS.clear()
    shared = {regulars: answer(campaign(regulars)) for regulars in (9, 4, 11, 6)}
    for regulars, found in shared.items():
        assert found == alone(lambda r=regulars: campaign(r))

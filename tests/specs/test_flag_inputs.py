"""A True/False input is checked by one check (errors.checked_flag): anything else refused
naming the input, in the same words everywhere; a numpy bool taken as its bool."""

import numpy as np
import pytest

from oddsengine.combat.naval import NavalBattle
from oddsengine.combat.naval_rolls import NavalAvoidBattle
from oddsengine.errors import OddsEngineTypeError
from oddsengine.religion.attempt_sources import attempt_source
from oddsengine.religion.new_world import circumnavigation_count
from oddsengine.religion.voyage import Voyage

NAVAL = ("ottoman: 3Sq", "hapsburg: 2Sq")


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: NavalBattle(*NAVAL, in_port="yes"), "in_port must be True or False, not 'yes'"),
        (
            lambda: NavalBattle(*NAVAL, attacker_can_retreat=1),
            "attacker_can_retreat must be True or False, not 1",
        ),
        (
            lambda: NavalAvoidBattle("hapsburg: 2Sq", in_port="no"),
            "in_port must be True or False, not 'no'",
        ),
        (lambda: circumnavigation_count(4, "no"), "mercator must be True or False, not 'no'"),
        (lambda: Voyage("france", mercator=1), "mercator must be True or False, not 1"),
    ],
)
def test_a_flag_that_is_not_true_or_false_is_refused_by_name(call, words):
    with pytest.raises(OddsEngineTypeError, match=words):
        call()


def test_a_numpy_bool_is_taken_as_a_bool():
    battle = NavalBattle(*NAVAL, in_port=np.bool_(True))
    assert battle.in_port is True
    assert circumnavigation_count(4, np.bool_(False)) == circumnavigation_count(4, False)
    source = attempt_source("treatise:german")
    assert type(source.only_in_zone) is bool

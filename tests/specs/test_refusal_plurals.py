"""A refusal of an unknown name lists the valid ones under their plural, spelled as the
word is (wives, statuses, bonuses, policies), not the singular with an "s"."""

import pytest

import oddsengine as oe
from oddsengine.england.heirs import Heirs
from oddsengine.england.pregnancy_chart import wife_index
from oddsengine.errors import OddsEngineError, unknown_name
from oddsengine.faces.debate_tables import debate_table


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: wife_index("anne"), "The wives are "),
        (
            lambda: debate_table("german", "papacy", 1, defender_status="asleep"),
            "The defender statuses are ",
        ),
        (
            lambda: oe.Debate("german", "papacy", 1, bonuses=("printing",)),
            "The debate bonuses are ",
        ),
        (
            lambda: oe.Debate("german", "papacy", 1, luther_policy="sometimes"),
            "The luther policies are ",
        ),
        (lambda: Heirs(parr_both="maybe"), "The parr both readings are "),
        (lambda: Heirs(walk="sideways"), "The walks are "),
    ],
)
def test_an_unknown_name_is_refused_with_the_plural_of_what_it_names(call, words):
    with pytest.raises(OddsEngineError) as refused:
        call()
    message = str(refused.value)
    assert words in message
    for wrong in ("wifes", "statuss", "bonuss", "policys"):
        assert wrong not in message


def test_the_plural_is_the_word_and_an_s_unless_given():
    assert "The outcomes are a, b" in str(unknown_name("outcome", "c", ["a", "b"]))
    refusal = unknown_name("group of options", "x", ["engine"], plural="groups of options")
    assert "The groups of options are engine" in str(refusal)

"""The Jupyter calculator, driven from code: the numbers it shows are the exact engine's,
and what the rules refuse is shown as text, never raised."""

import re
from fractions import Fraction

import pytest

import oddsengine as oe

pytest.importorskip("ipywidgets")

SHOWN = re.compile(r'<td class="outcome">([^<]+)</td><td class="p"[^>]*>([0-9.]+)%</td>')


def shown_odds(calculator) -> dict[str, float]:
    """The outcome chances the calculator displays, as probabilities."""
    return {name: float(value) / 100 for name, value in SHOWN.findall(calculator.odds.value)}


def assert_shows(calculator, spec):
    expected = oe.exact(spec).p
    shown = shown_odds(calculator)
    assert shown.keys() == expected.keys()
    for name, p in expected.items():
        # Shown as a percentage with 4 decimals: within half a unit of the last digit.
        assert shown[name] == pytest.approx(p, abs=0.5e-6 + 1e-12), name
    assert calculator.error is None
    assert calculator.chart.value[:8] == b"\x89PNG\r\n\x1a\n"


def test_default_field_battle_shows_the_exact_odds():
    calculator = oe.explore()
    spec = oe.FieldBattle("ottoman: 6R 2C Suleiman", "hapsburg: 5R Charles V")
    assert_shows(calculator, spec)
    assert "attacker survivors" in calculator.odds.value


def test_changing_forces_leaders_cards_and_policy_updates_the_odds():
    calculator = oe.explore("battle")
    controls = calculator.controls
    controls["attacker"].value = "ottoman: 4R"
    controls["attacker_leaders"].value = ("Ibrahim Pasha",)
    controls["defender"].value = "hapsburg: 4R"
    controls["attacker_cards"].value = ("janissaries",)
    controls["post_roll"].value = "always"
    controls["defender_casualty_order"].value = "RCM"
    spec = oe.FieldBattle(
        "ottoman: 4R Ibrahim Pasha",
        "hapsburg: 4R",
        attacker_cards=["janissaries"],
        policies=oe.Policies(defender_casualty_order="RCM", post_roll={"janissaries": "always"}),
    )
    assert_shows(calculator, spec)


def test_interception_matches_a_hand_computed_chance():
    calculator = oe.explore("intercept")
    calculator.controls["attacker"].value = "hapsburg: 4R"
    calculator.controls["defender"].value = "ottoman: 3R"
    # RULES.md §3 (13.2): 2d6 + battle rating >= 9; with no leader and no cavalry,
    # 9 or more on 2d6: (4 + 3 + 2 + 1) / 36 = 5/18.
    assert shown_odds(calculator)["success"] == pytest.approx(float(Fraction(5, 18)), abs=5e-7)
    assert_shows(calculator, oe.Interception("hapsburg: 4R", "ottoman: 3R"))
    assert "No units are lost" in calculator.odds.value


@pytest.mark.parametrize(
    ("engagement", "spec"),
    [
        ("assault", oe.Assault("ottoman: 9R Suleiman", "hapsburg: 4R Ferdinand")),
        ("avoid", oe.AvoidBattle("france: 3R Montmorency", "hapsburg: 4R Duke of Alva")),
        (
            "naval",
            oe.NavalBattle("ottoman: 4Sq Barbarossa", "hapsburg: 3Sq Andrea Doria"),
        ),
        ("piracy", oe.Piracy("ottoman: 3Co Dragut")),
    ],
)
def test_every_engagement_shows_the_exact_odds(engagement, spec):
    calculator = oe.explore()
    calculator.controls["engagement"].value = engagement
    assert_shows(calculator, spec)


def test_naval_and_piracy_options_reach_the_spec():
    calculator = oe.explore("naval")
    calculator.controls["in_port"].value = True
    calculator.controls["defender_cards"].value = ("professional-rowers",)
    assert_shows(
        calculator,
        oe.NavalBattle(
            "ottoman: 4Sq Barbarossa",
            "hapsburg: 3Sq Andrea Doria",
            in_port=True,
            defender_cards=["professional-rowers"],
        ),
    )
    calculator.controls["engagement"].value = "piracy"
    calculator.controls["zone_squadrons"].value = 2
    calculator.controls["adjacent_fortresses"].value = 1
    assert_shows(
        calculator,
        oe.Piracy("ottoman: 3Co Dragut", zone_squadrons=2, adjacent_fortresses=1),
    )


def test_a_refusal_is_shown_as_text_and_the_next_valid_choice_recovers():
    calculator = oe.explore("battle")
    calculator.controls["attacker"].value = "ottoman: 4R"
    calculator.controls["attacker_cards"].value = ("janissaries",)
    # The card stays chosen when the force changes, and is refused in words.
    calculator.controls["attacker"].value = "france: 4R"
    assert calculator.result is None
    assert "Refused" in calculator.odds.value
    assert "only the Ottomans" in calculator.odds.value
    assert calculator.chart.value == b""
    assert calculator.chart.layout.display == "none"  # no broken image above the words
    assert "<table" not in calculator.odds.value and calculator.command.value == ""
    calculator.controls["attacker_cards"].value = ()
    assert_shows(calculator, oe.FieldBattle("france: 4R", "hapsburg: 5R Charles V"))
    assert calculator.chart.layout.display is None
    assert "janissaries" not in [slug for _, slug in calculator.controls["attacker_cards"].options]


def test_the_casualty_order_starts_at_the_rules_default():
    # RULES.md §9: mercenaries, then regulars, then cavalry.
    calculator = oe.explore()
    assert calculator.controls["attacker_casualty_order"].value == "MRC"
    assert calculator.controls["defender_casualty_order"].value == "MRC"


def test_only_cards_played_after_the_roll_take_the_post_roll_policy():
    calculator = oe.explore("naval")
    calculator.controls["attacker_cards"].value = ("arquebusiers", "janissaries")
    calculator.controls["post_roll"].value = "always"
    assert_shows(
        calculator,
        oe.NavalBattle(
            "ottoman: 4Sq Barbarossa",
            "hapsburg: 3Sq Andrea Doria",
            attacker_cards=["arquebusiers", "janissaries"],
            post_roll={"janissaries": "always"},
        ),
    )
    calculator.controls["engagement"].value = "assault"
    calculator.controls["attacker_cards"].value = ("siege-artillery", "siege-mining")
    assert_shows(
        calculator,
        oe.Assault(
            "ottoman: 9R Suleiman",
            "hapsburg: 4R Ferdinand",
            attacker_cards=["siege-artillery", "siege-mining"],
            policies=oe.Policies(post_roll={"siege-artillery": "always"}),
        ),
    )


def test_an_unknown_engagement_is_refused():
    with pytest.raises(oe.OddsEngineError, match="no engagement 'siege'"):
        oe.explore("siege")


def test_a_malformed_force_is_refused_in_words():
    calculator = oe.explore("assault")
    calculator.controls["defender"].value = "hapsburg: 4Q"
    assert calculator.result is None
    assert calculator.error and "\n" not in calculator.error
    assert calculator.error in calculator.odds.value or "Refused" in calculator.odds.value


def test_the_engagement_choice_relabels_the_roles_and_hides_unused_controls():
    calculator = oe.explore("piracy")
    controls = calculator.controls
    assert controls["attacker"].description == "pirates"
    assert controls["defender"].layout.display == "none"
    assert controls["zone_squadrons"].layout.display is None
    controls["engagement"].value = "intercept"
    assert controls["attacker"].description == "interceptor"
    assert controls["attacker_cards"].layout.display == "none"


def test_explore_without_ipywidgets_names_the_extra(monkeypatch):
    import builtins

    real_import = builtins.__import__

    def hide_ipywidgets(name, *args, **kwargs):
        if name == "ipywidgets":
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", hide_ipywidgets)
    with pytest.raises(oe.OddsEngineError, match=r"oddsengine\[jupyter\]"):
        oe.explore()

"""The Jupyter calculator, driven from code: the numbers it shows are the exact engine's,
and what the rules refuse is shown as text, never raised."""

import html
import re
from fractions import Fraction

import pytest

import oddsengine as oe

pytest.importorskip("ipywidgets")

pytestmark = pytest.mark.slow

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
    assert '<th class="survivors">attacker</th>' in calculator.survivors.value


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
    # The default interceptor is "hapsburg: 4R Ferdinand": its units in the box, Ferdinand
    # chosen in its leader list.
    assert calculator.controls["attacker"].value == "hapsburg: 4R"
    assert calculator.controls["attacker_leaders"].value == ("Ferdinand",)
    calculator.controls["attacker_leaders"].value = ()
    calculator.controls["defender"].value = "ottoman: 3R"
    # RULES.md §3 (13.2): 2d6 + battle rating >= 9; with no leader and no cavalry,
    # 9 or more on 2d6: (4 + 3 + 2 + 1) / 36 = 5/18.
    assert shown_odds(calculator)["success"] == pytest.approx(float(Fraction(5, 18)), abs=5e-7)
    assert_shows(calculator, oe.Interception("hapsburg: 4R", "ottoman: 3R"))
    assert "No units are lost" in calculator.survivors.value


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
    assert calculator.survivors.value == ""
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


# -- what each side is offered, from the records ---------------------------------------------


def _offered(calculator, key):
    return [value for _, value in calculator.controls[key].options]


def test_each_side_is_offered_the_leaders_of_its_power():
    # RULES.md §1 (5.1): a leader leads only his own power's units; the Renegade (card
    # #70) and Maurice of Saxony (after card #60) serve the power that takes them.
    calculator = oe.explore("assault")
    garrison = _offered(calculator, "defender_leaders")
    assert {"Charles V", "Duke of Alva", "Ferdinand"} <= set(garrison)
    assert not {"Suleiman", "Ibrahim Pasha", "Francis I", "Henry VIII"} & set(garrison)
    assert {"Suleiman", "Ibrahim Pasha"} <= set(_offered(calculator, "attacker_leaders"))
    assert "Charles V" not in _offered(calculator, "attacker_leaders")
    # At sea only naval leaders, those who serve the fleet's power (RULES.md Part II).
    calculator.controls["engagement"].value = "naval"
    assert _offered(calculator, "attacker_leaders") == ["Barbarossa", "Dragut"]
    assert _offered(calculator, "defender_leaders") == ["Andrea Doria"]


def test_each_side_is_offered_the_cards_its_role_and_engagement_allow():
    calculator = oe.explore("battle")
    # RULES.md §8: Siege Mining and Siege Artillery belong to an assault.
    for key in ("attacker_cards", "defender_cards"):
        assert not {"siege-mining", "siege-artillery"} & set(_offered(calculator, key))
    # Janissaries are the Ottomans' (#1); Tercios need Hapsburg units on the playing side
    # or 3 Hapsburg regulars on the other (#30).
    assert "janissaries" in _offered(calculator, "attacker_cards")
    assert "janissaries" not in _offered(calculator, "defender_cards")
    assert "tercios" in _offered(calculator, "defender_cards")
    calculator.controls["engagement"].value = "assault"
    besiegers, garrison = (_offered(calculator, f"{k}_cards") for k in ("attacker", "defender"))
    # Siege Mining serves the assaulting power; Mercenaries Grow Restless only the
    # besieged; before an assault only the active power places mercenaries (15.1 step 2).
    assert {"siege-mining", "siege-artillery", "landsknechts"} <= set(besiegers)
    assert "mercenaries-grow-restless" not in besiegers
    assert "mercenaries-grow-restless" in garrison
    assert not {"siege-mining", "siege-artillery", "landsknechts", "janissaries"} & set(garrison)
    # Roxelana (#42) lets Suleiman's formation assault: offered with Suleiman only.
    assert "roxelana" in besiegers
    calculator.controls["attacker"].value = "ottoman: 9R Ibrahim Pasha"
    assert "roxelana" not in _offered(calculator, "attacker_cards")


def test_cards_at_sea_and_in_a_foreign_war_come_from_their_effects():
    calculator = oe.explore("naval")
    # RULES.md §11: Janissaries at sea for the Ottomans; Professional Rowers for anyone.
    assert "janissaries" in _offered(calculator, "attacker_cards")
    assert "janissaries" not in _offered(calculator, "defender_cards")
    assert "professional-rowers" in _offered(calculator, "defender_cards")
    calculator.controls["engagement"].value = "foreign-war"
    assert set(_offered(calculator, "attacker_cards")) == {
        "janissaries",
        "arquebusiers",
        "field-artillery",
    }
    calculator.controls["war"].value = "ireland"
    calculator.controls["attacker"].value = "3R"
    assert set(_offered(calculator, "attacker_cards")) == {"arquebusiers", "field-artillery"}


# -- bad values typed -------------------------------------------------------------------------

BAD_FORCES = {
    "empty": "",
    "5,000 digits": "9" * 5000,
    "100k characters": "R" * 100_000,
    "an emoji": "4R \N{DRAGON}",
    "a leader of another power": "hapsburg: 4R Suleiman",
}


def assert_refused(calculator, *words):
    assert calculator.result is None
    error = calculator.error
    assert error and "\n" not in error and len(error) < 300, error
    for word in words:
        assert word in error, error
    assert calculator.odds.value.startswith('<p class="refused"><b>Refused:</b>')
    assert "<table" not in calculator.odds.value  # no odds for a refused question
    assert calculator.chart.layout.display == "none" and calculator.chart.value == b""
    assert calculator.command.value == ""


@pytest.mark.parametrize(
    "engagement", ["battle", "assault", "intercept", "avoid", "siege-campaign"]
)
@pytest.mark.parametrize("name", list(BAD_FORCES))
def test_every_bad_force_typed_is_refused_in_one_line(engagement, name):
    calculator = oe.explore(engagement)
    calculator.controls["defender"].value = BAD_FORCES[name]
    assert_refused(calculator)
    calculator.controls["defender"].value = oe.faces.explore.ENGAGEMENTS[engagement][2][1]
    assert calculator.result is not None


@pytest.mark.parametrize(
    ("engagement", "fleet", "words"),
    [
        ("naval", "", ("empty fleet",)),
        ("naval", "9" * 5000, ("5002 characters",)),
        ("naval", "R" * 100_000, ("100002 characters",)),
        ("naval", "ottoman: 4Sq \N{DRAGON}", ()),
        ("naval", "ottoman: 4Sq Suleiman", ("army leader",)),
        ("piracy", "ottoman: 3Co Suleiman", ("army leader",)),
        ("naval", "hapsburg: 3Sq Barbarossa", ("Barbarossa",)),
    ],
)
def test_every_bad_fleet_typed_is_refused_in_one_line(engagement, fleet, words):
    calculator = oe.explore(engagement)
    calculator.controls["attacker"].value = fleet
    assert_refused(calculator, *words)


def test_bad_campaign_values_are_refused_in_one_line():
    calculator = oe.explore("siege-campaign")
    calculator.controls["reinforcements"].value = "\N{DRAGON}" * 10_000
    assert_refused(calculator)
    calculator = oe.explore("move")
    calculator.controls["scenario"].value = "no-such-scenario"
    assert_refused(calculator, "no-such-scenario")
    calculator.controls["scenario"].value = "vienna"
    calculator.controls["defender_policy"].value = "9" * 5000
    assert_refused(calculator, "defender policy")
    calculator = oe.explore("foreign-war")
    calculator.controls["attacker"].value = "hapsburg: 5R"
    assert_refused(calculator)


# -- moves, campaigns and wars ----------------------------------------------------------------


def test_moves_campaigns_and_wars_show_the_exact_odds():
    calculator = oe.explore("siege-campaign")
    calculator.controls["horizon"].value = 2
    calculator.controls["reinforcements"].value = "2R"
    campaign = oe.SiegeCampaign(
        "ottoman: 9R Suleiman", "hapsburg: 2R", horizon=2, reinforcements="2R"
    )
    assert calculator.result.p == oe.exact_campaign(campaign).p
    assert calculator.chart.value[:8] == b"\x89PNG\r\n\x1a\n"
    calculator.controls["engagement"].value = "foreign-war"
    calculator.controls["attacker_cards"].value = ("field-artillery",)
    # The horizon set for the siege still applies.
    assert_shows(calculator, oe.ForeignWar("persia", "5R", horizon=2, cards=["field-artillery"]))
    # RULES.md §13 (21.7): War in Persia, 5 Ottoman units and 4 Persians, no defender's
    # extra die: won at the first attempt when 4 or 5 of the 5 dice hit, 11/243.
    calculator.controls["attacker_cards"].value = ()
    assert shown_odds(calculator)["won_by:1"] == pytest.approx(11 / 243, abs=5e-7)
    calculator.controls["engagement"].value = "move"
    calculator.controls["defender_policy"].value = "fight"
    assert_shows(calculator, oe.load_move("vienna", defender_policy="fight"))


# -- keeping what is typed, swapping sides, the command line ---------------------------------


def test_switching_the_engagement_keeps_the_forces_typed():
    calculator = oe.explore("battle")
    controls = calculator.controls
    controls["attacker"].value = "ottoman: 7R 1C"
    controls["attacker_leaders"].value = ("Ibrahim Pasha",)
    controls["defender"].value = "hapsburg: 3R"
    controls["attacker_cards"].value = ("janissaries",)
    controls["engagement"].value = "assault"
    assert controls["attacker"].value == "ottoman: 7R 1C"
    assert controls["attacker_leaders"].value == ("Ibrahim Pasha",)
    assert controls["defender"].value == "hapsburg: 3R"
    assert controls["attacker_cards"].value == ()  # Janissaries are no assault card
    # The interceptor is the other power and the mover the active one (13.2).
    controls["engagement"].value = "intercept"
    assert controls["attacker"].value == "hapsburg: 3R"
    assert controls["defender"].value == "ottoman: 7R 1C"
    # Fleets are kept apart from armies, and the armies come back.
    controls["engagement"].value = "naval"
    assert controls["attacker"].value == "ottoman: 4Sq"
    assert controls["attacker_leaders"].value == ("Barbarossa",)
    controls["engagement"].value = "battle"
    assert controls["attacker"].value == "ottoman: 7R 1C"
    assert controls["attacker_leaders"].value == ("Ibrahim Pasha",)
    assert controls["attacker_cards"].value == ("janissaries",)


def test_swap_sides_swaps_forces_leaders_cards_and_orders():
    calculator = oe.explore("battle")
    controls = calculator.controls
    controls["attacker"].value = "ottoman: 6R"
    controls["attacker_leaders"].value = ("Suleiman",)
    controls["attacker_cards"].value = ("janissaries",)
    controls["attacker_casualty_order"].value = "RMC"
    controls["defender"].value = "hapsburg: 5R"
    controls["defender_leaders"].value = ("Charles V",)
    controls["defender_cards"].value = ("tercios",)
    calculator.swap.click()
    assert controls["attacker"].value == "hapsburg: 5R"
    assert controls["attacker_leaders"].value == ("Charles V",)
    assert controls["attacker_cards"].value == ("tercios",)
    assert controls["defender_leaders"].value == ("Suleiman",)
    assert controls["defender_casualty_order"].value == "RMC"
    assert_shows(
        calculator,
        oe.FieldBattle(
            "hapsburg: 5R Charles V",
            "ottoman: 6R Suleiman",
            attacker_cards=["tercios"],
            defender_cards=["janissaries"],
            policies=oe.Policies(defender_casualty_order="RMC"),
        ),
    )


def _set(calculator, **values):
    for key, value in values.items():
        calculator.controls[key].value = value


@pytest.mark.parametrize(
    ("engagement", "values"),
    [
        ("battle", {"attacker_cards": ("janissaries",), "post_roll": "always",
                    "defender_casualty_order": "RCM"}),
        ("assault", {"attacker_cards": ("siege-mining",), "defender_cards": ("gout",)}),
        ("intercept", {}),
        ("avoid", {"lost_battle_this_impulse": True}),
        ("naval", {"in_port": True, "defender_cards": ("professional-rowers",)}),
        ("piracy", {"zone_squadrons": 1, "adjacent_fortresses": 1, "target_ports": 2}),
        ("siege-campaign", {"horizon": 2, "reinforcements": "2R"}),
        ("foreign-war", {"war": "egypt", "attacker": "3R", "horizon": 2,
                         "attacker_cards": ("janissaries",), "post_roll": "always"}),
        ("move", {"defender_policy": "fight"}),
        ("move", {"defender_policy": "withdraw",
                  "stacks": "Linz=hapsburg: 4R Duke of Alva; Vienna=hapsburg: 3R Ferdinand",
                  "control": "Linz=hapsburg"}),
        ("naval-move", {"scenario": "tyrrhenian_sea", "defender_policy": "fight"}),
        ("naval-move", {"scenario": "barbary_coast"}),
        ("naval-move", {"scenario": "barbary_coast",
                        "fleets": "Tyrrhenian Sea=hapsburg: 4Sq Andrea Doria"}),
    ],
)  # fmt: skip
def test_the_command_line_shown_gives_the_same_odds(engagement, values, capsys):
    import json
    import shlex

    from oddsengine.cli import main

    calculator = oe.explore(engagement)
    _set(calculator, **values)
    assert calculator.error is None, calculator.error
    shown = re.search(r"same as: <code[^>]*>(.*)</code>", calculator.command.value)
    words = shlex.split(html.unescape(re.sub(r"<[^>]+>", "", shown.group(1))))
    assert words[0] == "oddsengine"
    capsys.readouterr()
    assert main([*words[1:], "--format", "json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["p"] == pytest.approx(dict(calculator.result.p), abs=1e-12)


def test_a_chart_drawn_on_the_kept_figure_is_that_of_a_new_one():
    # The chart's Figure is kept between changes (only its bars, texts and legend are
    # replaced, or the bars given new heights): whatever was drawn before, the pixels are
    # those of a first drawing.
    from oddsengine.faces._explore_chart import Chart

    specs = [
        oe.FieldBattle("ottoman: 8R 2C Suleiman", "hapsburg: 5R Charles V"),
        # As many survivors as the last: its bars are kept and given new heights.
        oe.FieldBattle("ottoman: 8R 2C Suleiman", "hapsburg: 3R", defender_cards=["gout"]),
        oe.Assault("ottoman: 2R", "hapsburg: 1R"),
        oe.Interception("hapsburg: 4R Ferdinand", "ottoman: 5R 1C Ibrahim Pasha"),
        oe.NavalBattle("ottoman: 4Sq Barbarossa", "hapsburg: 3Sq Andrea Doria"),
        oe.Piracy("ottoman: 3Co Dragut", zone_squadrons=2),
        oe.AvoidBattle("france: 3R Montmorency", "hapsburg: 4R Duke of Alva"),
        oe.SiegeCampaign("ottoman: 9R Suleiman", "hapsburg: 2R", horizon=4),
        oe.FieldBattle("ottoman: 3R", "hapsburg: 9R 2M Charles V", attacker_cards=["janissaries"]),
        oe.ForeignWar("persia", "5R", horizon=3),
        oe.SiegeCampaign("ottoman: 9R Suleiman", "hapsburg: 2R", horizon=7),
    ]
    results = [oe.exact(spec) for spec in specs]
    kept = Chart()
    for result in results + results[::-1]:
        assert kept.png(result) == Chart().png(result), result.spec.title()


def test_a_chart_drawn_from_kept_glyphs_is_that_of_matplotlib_agg(monkeypatch):
    # The chart's canvas keeps the texts it laid out and the glyphs it rendered, and its
    # survivors' bars (hidden beyond the survivors): the PNG is byte for byte that of a
    # new Figure on matplotlib's own Agg canvas, forces growing and shrinking, long labels
    # (cards, leaders) and every kind of chart.
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from oddsengine.faces import _chart_canvas
    from oddsengine.faces._explore_chart import Chart

    specs = [oe.FieldBattle(f"ottoman: {n}R 2C Suleiman", "hapsburg: 4R") for n in (1, 6, 2, 10)]
    specs += [oe.Assault(f"ottoman: {n}R Suleiman", "hapsburg: 2R") for n in (12, 3, 7)]
    specs += [
        oe.FieldBattle(
            "ottoman: 5R Ibrahim Pasha",
            "hapsburg: 7R 2M Charles V Ferdinand",
            attacker_cards=["janissaries"],
            defender_cards=["gout"],
        ),
        oe.NavalBattle("ottoman: 6Sq Barbarossa", "hapsburg: 3Sq Andrea Doria"),
        oe.Interception("hapsburg: 4R Ferdinand", "ottoman: 5R 1C Ibrahim Pasha"),
        oe.Piracy("ottoman: 3Co Dragut", zone_squadrons=2),
        oe.SiegeCampaign("ottoman: 9R Suleiman", "hapsburg: 2R", horizon=4),
        oe.ForeignWar("persia", "5R", horizon=3),
    ]
    results = [oe.exact(spec) for spec in specs]
    kept = Chart()
    drawn = [kept.png(result) for result in results + results[::-1]]
    monkeypatch.setattr(_chart_canvas, "ChartCanvas", FigureCanvasAgg)
    for result, png in zip(results + results[::-1], drawn, strict=True):
        assert png == Chart().png(result), result.spec.title()


def test_typed_values_count_once_typed_not_at_every_key():
    # A force half typed ("ottoman: 1") is not solved and drawn on the way.
    import ipywidgets

    calculator = oe.explore()
    typed = [
        key
        for key, control in calculator.controls.items()
        if isinstance(control, (ipywidgets.Text, ipywidgets.Combobox))
    ]
    assert {"attacker", "defender", "scenario", "defender_casualty_order"} <= set(typed)
    assert all(calculator.controls[key].continuous_update is False for key in typed)


# -- the calculator as a calculator: what the force holds, its dice, its formation ---------


def test_a_leader_typed_in_the_force_is_the_leader_list_s_choice_once():
    # The force "ottoman: 9R Suleiman" holds Suleiman: the list shows him chosen and the
    # text keeps the units. Choosing him again does not list him twice; taking him off the
    # list takes him out of the force.
    calculator = oe.explore("assault")
    calculator.controls["attacker"].value = "ottoman: 9R Suleiman Ibrahim"
    leaders = calculator.controls["attacker_leaders"]
    assert leaders.value == ("Suleiman", "Ibrahim Pasha")
    assert calculator.controls["attacker"].value == "ottoman: 9R"
    leaders.value = ("Suleiman", "Ibrahim Pasha")
    assert calculator.error is None, calculator.error
    assert calculator.result.spec.attacker.notation() == "ottoman: 9R Suleiman Ibrahim Pasha"
    leaders.value = ("Ibrahim Pasha",)
    assert calculator.result.spec.attacker.notation() == "ottoman: 9R Ibrahim Pasha"
    assert calculator.controls["attacker"].value == "ottoman: 9R"


def test_a_fleet_s_typed_admiral_goes_to_the_list_and_an_anonymous_leader_stays():
    calculator = oe.explore("naval")
    calculator.controls["defender"].value = "hapsburg: 3Sq Doria"
    assert calculator.controls["defender_leaders"].value == ("Andrea Doria",)
    assert calculator.controls["defender"].value == "hapsburg: 3Sq"
    assert calculator.result.spec.defender.notation() == "hapsburg: 3Sq Andrea Doria"
    battle = oe.explore("battle")
    battle.controls["attacker"].value = "ottoman: 4R L2"
    assert battle.controls["attacker"].value == "ottoman: 4R L2"
    # A leader the force may not have is not moved: the text is refused in words.
    battle.controls["defender"].value = "hapsburg: 4R Suleiman"
    assert battle.controls["defender"].value == "hapsburg: 4R Suleiman"
    assert_refused(battle, "Suleiman")


def test_the_dice_each_side_rolls_and_the_assaulting_formation_are_shown():
    # Field battle (14): 6R 2C and Suleiman (battle rating 2) roll 8 + 2 = 10 dice; 5R and
    # Charles V (2) defending roll 5 + 2 + 1 = 8.
    calculator = oe.explore("battle")
    assert "Dice: attacker 10, defender 8" in calculator.odds.value
    # Assault (15.1): Ibrahim (command rating 6) assaults with 6 of the 9R, the 3R 2C stand
    # by; 6 regulars roll one die per two, 3, plus his battle rating 1: 4 dice. The
    # garrison's 2R roll one each plus 1 for the defender: 3.
    calculator = oe.explore("assault")
    calculator.controls["attacker"].value = "ottoman: 9R 2C Ibrahim"
    calculator.controls["defender"].value = "hapsburg: 2R"
    text = html.unescape(calculator.odds.value)
    assert "Assaulting formation: ottoman: 6R Ibrahim Pasha" in text
    assert "standing by, still besieging: ottoman: 3R 2C" in text
    assert "Dice: attacker 4, defender 3" in text
    # The same lines as the command line's, from the same spec.
    for line in calculator.result.spec.describe_lines():
        assert html.escape(line) in calculator.odds.value


def test_a_naval_move_is_explored_with_its_defender_policy():
    from oddsengine.moves.scenario_file import load_naval_move

    calculator = oe.explore("naval-move")
    assert calculator.controls["scenario"].value in calculator.controls["scenario"].options
    assert "barbary_coast" in calculator.controls["scenario"].options
    assert "vienna" not in calculator.controls["scenario"].options
    calculator.controls["scenario"].value = "barbary_coast"
    assert calculator.error is None, calculator.error
    expected = oe.exact(load_naval_move("barbary_coast"))
    assert calculator.result.p == pytest.approx(dict(expected.p), abs=1e-12)
    # The interceptions the command line lists under the title.
    assert "Interception from Tyrrhenian Sea" in calculator.odds.value
    # No enemy ships wait in the Barbary Coast: a defender policy there is refused, as
    # naval-move --defender is.
    calculator.controls["defender_policy"].value = "fight"
    assert_refused(calculator, "there are none in Barbary Coast")
    calculator.controls["scenario"].value = "tyrrhenian_sea"
    assert calculator.error is None, calculator.error
    expected = oe.exact(load_naval_move("tyrrhenian_sea", defender_policy="fight"))
    assert calculator.result.p == pytest.approx(dict(expected.p), abs=1e-12)
    assert "(fight)" in calculator.odds.value
    calculator.controls["defender_policy"].value = "no-such-policy"
    assert_refused(calculator, "no-such-policy")
    # A scenario of another kind is refused naming the naval moves' examples only.
    calculator.controls["scenario"].value = "vienna"
    assert_refused(calculator, "tyrrhenian_sea")
    assert "vienna_siege_plan" not in calculator.error


def test_a_move_s_what_ifs_change_the_board_as_stack_and_control_do():
    from oddsengine.moves.scenario_file import load_move
    from oddsengine.moves.what_if import with_what_ifs

    calculator = oe.explore("move")
    plain = dict(calculator.result.p)
    calculator.controls["stacks"].value = "Linz=hapsburg: 4R Duke of Alva; Vienna=hapsburg: 4R"
    calculator.controls["control"].value = "Linz=hapsburg"
    assert calculator.error is None, calculator.error
    expected = oe.exact(
        with_what_ifs(
            load_move("vienna"),
            stacks={"Linz": "hapsburg: 4R Duke of Alva", "Vienna": "hapsburg: 4R"},
            control={"Linz": "hapsburg"},
        )
    )
    assert calculator.result.p == pytest.approx(dict(expected.p), abs=1e-12)
    changed = {
        name for name, p in calculator.result.p.items() if abs(p - plain.get(name, 0)) > 1e-6
    }
    assert changed, "the what-ifs change the odds"
    calculator.controls["control"].value = "Linz"
    assert_refused(calculator, "SPACE=POWER")
    # Switching to the naval move and back keeps each kind's own scenario.
    calculator.controls["control"].value = ""
    calculator.controls["engagement"].value = "naval-move"
    assert calculator.controls["scenario"].value != "vienna"
    calculator.controls["engagement"].value = "move"
    assert calculator.controls["scenario"].value == "vienna"


def test_the_command_line_breaks_between_arguments_only():
    # Each argument (an option with its value) is one unbreakable-unless-alone span: a
    # narrow notebook wraps the line between them, never inside "Suleiman".
    calculator = oe.explore("battle")
    spans = re.findall(r"<span[^>]*>(.*?)</span>", calculator.command.value)
    assert html.unescape(spans[2]) == "--attacker 'ottoman: 6R 2C Suleiman'"
    assert "break-all" not in calculator.command.value
    assert calculator.command_line == (
        "oddsengine battle --attacker 'ottoman: 6R 2C Suleiman' "
        "--defender 'hapsburg: 5R Charles V' --exact"
    )
    assert all(
        "display:inline-block" in tag
        for tag in re.findall(r"<span[^>]*>", calculator.command.value)
    )


def _placed(widget) -> list:
    return [widget, *(w for child in getattr(widget, "children", ()) for w in _placed(child))]


@pytest.mark.parametrize("engagement", ["move", "naval-move", "piracy", "siege-campaign"])
def test_every_control_a_kind_names_is_in_the_calculator(engagement):
    # A kind's own controls (the move's and naval move's defender policy among them) are
    # laid out, and shown, in the calculator (the explorer's own layout of the kind).
    from oddsengine.faces.explore_layouts import LAYOUTS

    calculator = oe.explore(engagement)
    placed = {id(widget) for widget in _placed(calculator.widget)}
    for key in LAYOUTS[engagement].controls:
        control = calculator.controls[key]
        assert id(control) in placed, key
        assert control.layout.display != "none", key

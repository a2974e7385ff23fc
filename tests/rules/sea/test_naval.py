"""Naval combat (16.2), naval interception and avoid battle (16.1): RULES.md §11, rule by
rule, against values computed by hand."""

from fractions import Fraction
from math import comb, isclose

import numpy as np
import pytest
from conftest import run_cli as run
from naive_reference import enumerate_exactly
from naive_sea_reference import naval_battle

import oddsengine as oe
from oddsengine.combat.naval import naval_losses

THIRD = Fraction(1, 3)


def binomial(dice, chance=THIRD):
    return [comb(dice, k) * chance**k * (1 - chance) ** (dice - k) for k in range(dice + 1)]


def p_more_hits(attacker_dice, defender_dice):
    """P(Bin(a, 1/3) > Bin(d, 1/3)): ties go to the defender."""
    a, d = binomial(attacker_dice), binomial(defender_dice)
    return sum(a[i] * d[j] for i in range(len(a)) for j in range(len(d)) if i > j)


def cell(battle, attacker_hits, defender_hits, attacker_extra=0, defender_extra=0):
    """The outcome columns of one combination of the draws, as plain values."""
    values = tuple(
        np.array([value])
        for value in (attacker_hits, defender_hits, attacker_extra, defender_extra)
    )
    return {name: column[0] for name, column in battle.outcome_columns(values).items()}


# -- fleets --------------------------------------------------------------------------------


def test_fleet_notation_reads_squadrons_corsairs_and_leaders():
    fleet = oe.parse_fleet("ottoman: 3Sq 2Co Dragut")
    assert (fleet.squadrons, fleet.corsairs, fleet.power) == (3, 2, "ottoman")
    assert [leader.name for leader in fleet.leaders] == ["Dragut"]
    assert oe.parse_fleet("2co barbarossa dragut").battle_rating == 2  # only the best counts
    assert oe.parse_fleet("2co barbarossa dragut").piracy_rating == 2
    assert oe.parse_fleet("Andrea Doria 1Sq").power == "genoa"  # Doria alone: Genoa's fleet
    assert oe.parse_fleet("hapsburg: 1Sq andrea-doria").leaders[0].name == "Andrea Doria"
    assert oe.parse_fleet("2Co").power == "ottoman"  # corsairs are Ottoman only


@pytest.mark.parametrize(
    "text, message",
    [
        ("france: 2Co", "only the Ottomans have corsairs"),
        ("hapsburg: 2Sq Barbarossa", "Barbarossa cannot lead a Hapsburg fleet"),
        ("ottoman: 2Sq Doria", "Andrea Doria cannot lead an Ottoman fleet"),
        ("england: 1Sq Doria", "Andrea Doria cannot lead an English fleet"),
        ("2Sq Suleiman", "army leader"),
        ("4R 2Sq", "land units do not fight at sea"),
        ("-1Sq", "cannot be negative"),
        ("2Sq 1Sq", "given twice"),
        ("protestant: 1Sq", "protestant has no naval units"),
        ("2Sq Dragut Dragut", "named twice"),
        ("2Sq Draggut", "did you mean 'Dragut'"),
    ],
)
def test_fleet_refusals_are_one_line_user_errors(text, message):
    with pytest.raises(oe.OddsEngineError, match=message) as error:
        oe.parse_fleet(text)
    assert "\n" not in str(error.value)


# -- dice (16.2) ---------------------------------------------------------------------------


@pytest.mark.rule("11", cites="16.2: 2 dice per squadron")
def test_dice_two_per_squadron_one_per_corsair_plus_best_rating():
    battle = oe.NavalBattle("ottoman: 2Sq 1Co Barbarossa Dragut", "venice: 3Sq")
    assert battle.attacker_dice == 2 * 2 + 1 + 2
    assert battle.defender_dice == 6  # no +1 at sea


@pytest.mark.rule("11", cites="16.2: 2 dice per squadron")
def test_defender_die_only_in_port():
    at_sea = oe.NavalBattle("ottoman: 2Sq", "hapsburg: 2Sq")
    in_port = oe.NavalBattle("ottoman: 2Sq", "hapsburg: 2Sq", in_port=True)
    assert (at_sea.defender_dice, in_port.defender_dice) == (4, 5)
    assert in_port.attacker_dice == 4
    assert isclose(oe.exact(in_port).p["attacker_wins"], float(p_more_hits(4, 5)))


def test_arquebusiers_add_two_dice_at_sea():
    battle = oe.NavalBattle("ottoman: 1Sq", "france: 1Sq", defender_cards="arquebusiers")
    assert (battle.attacker_dice, battle.defender_dice) == (2, 4)


@pytest.mark.rule("11", cites="16.2: a tie goes to the defender")
def test_a_tie_goes_to_the_defender():
    battle = oe.NavalBattle("ottoman: 2Sq 1Co Barbarossa", "hapsburg: 2Sq Doria")
    result = oe.exact(battle)
    assert isclose(result.p["attacker_wins"], float(p_more_hits(7, 6)))
    assert p_more_hits(7, 6) == Fraction(244403, 531441)
    assert cell(battle, 2, 2)["outcome"] == "defender_wins"


# -- losses (a), (b), (c) ------------------------------------------------------------------


@pytest.mark.rule("11", cites="16.2 (c)")
@pytest.mark.parametrize(
    "hits, squadrons, corsairs, loser, left",
    [
        (0, 2, 1, True, (2, 1)),
        (1, 2, 0, False, (2, 0)),  # (c) the odd hit against the winner is ignored
        (1, 2, 0, True, (1, 0)),  # (c) ... and sinks a squadron of the loser
        (1, 2, 1, True, (2, 0)),  # (b) before (c): the odd hit sinks a corsair
        (2, 2, 1, True, (1, 1)),  # (a) a pair sinks a squadron, not two corsairs
        (3, 2, 1, True, (1, 0)),  # the Barbary Coast: a pair, then the corsair
        (3, 2, 0, False, (1, 0)),
        (5, 1, 2, False, (0, 0)),  # (a) one squadron, (b) two corsairs, one hit wasted
        (4, 1, 3, True, (0, 1)),
        (5, 3, 0, True, (0, 0)),
        (5, 3, 0, False, (1, 0)),
        (3, 0, 2, True, (0, 0)),
    ],
)
def test_loss_order_of_rules_section_11(hits, squadrons, corsairs, loser, left):
    assert naval_losses(hits, squadrons, corsairs, loser) == left


@pytest.mark.rule("11", cites="16.2: the side that keeps a unit keeps a squadron if it had one")
def test_both_wiped_out_equal_dice_the_defender_keeps_a_squadron():
    battle = oe.NavalBattle("ottoman: 1Sq", "hapsburg: 1Sq")  # 2 dice each
    state = cell(battle, 2, 2)
    assert state["outcome"] == "defender_wins"
    assert (state["attacker_squadrons"], state["defender_squadrons"]) == (0, 1)
    assert state["attacker_wiped_out"] and not state["defender_wiped_out"]


@pytest.mark.rule("11", cites="16.2: the side that keeps a unit keeps a squadron if it had one")
def test_both_wiped_out_more_dice_keeps_a_unit_even_for_the_loser():
    battle = oe.NavalBattle("ottoman: 3Co", "hapsburg: 1Sq")  # 3 dice against 2
    state = cell(battle, 2, 3)  # defender wins: 3 corsairs sunk, and its squadron by a pair
    assert state["outcome"] == "defender_wins"
    assert (state["attacker_corsairs"], state["defender_squadrons"]) == (1, 0)
    battle = oe.NavalBattle("ottoman: 1Sq Barbarossa", "hapsburg: 1Sq")  # 4 against 2
    state = cell(battle, 2, 2)
    assert (state["attacker_squadrons"], state["defender_squadrons"]) == (1, 0)


def test_both_wiped_out_counts_post_roll_dice():
    # Ottomans 1Sq (2 dice) + Janissaries (4) against 1Sq Doria (4 dice): 2+2 hits, then 1
    # Janissary hit: the Ottomans rolled 6 dice and win 3-2; both sides are sunk...
    battle = oe.NavalBattle("ottoman: 1Sq", "hapsburg: 1Sq Doria", attacker_cards="janissaries")
    state = cell(battle, 2, 2, attacker_extra=1)
    assert state["outcome"] == "attacker_wins"
    assert state["card_spent:janissaries"]
    assert (state["attacker_squadrons"], state["defender_squadrons"]) == (1, 0)


# -- the worked example of the rulebook (16.2) --------------------------------------------


@pytest.mark.rule("11", cites="16.2 (c)")
def test_barbary_coast_example():
    interception = oe.NavalInterception("hapsburg: 2Sq Doria")
    assert interception.needed == 7
    assert round(oe.exact(interception).p["success"] * 36) == 21
    battle = oe.NavalBattle("ottoman: 2Sq 1Co Barbarossa", "hapsburg: 2Sq Doria")
    assert (battle.attacker_dice, battle.defender_dice) == (4 + 1 + 2, 4 + 2)
    state = cell(battle, 3, 3)
    assert state["outcome"] == "defender_wins"  # a tie: the Hapsburgs, the defender, win
    # Ottoman losses: 1 squadron (a pair) and 1 corsair (the hit left over).
    assert (state["attacker_squadrons"], state["attacker_corsairs"]) == (1, 0)
    # Hapsburg losses: 1 squadron; the odd hit against the winner is ignored.
    assert state["defender_squadrons"] == 1


# -- post-roll cards -----------------------------------------------------------------------


@pytest.mark.rule("11", cites="RULES.md §11: at sea, combat cards")
def test_janissaries_add_four_dice_at_sea():
    battle = oe.NavalBattle("ottoman: 2Sq", "venice: 3Sq", attacker_cards="janissaries")
    plan = battle.draw_plan()
    assert plan.attacker_extra.size == 4 + 1
    result = oe.exact(battle)
    # Played only when losing and 4 more dice can turn it; it wins exactly when
    # Bin(4 + 4) > Bin(6).
    assert isclose(result.p["attacker_wins"], float(p_more_hits(8, 6)))
    a, d = binomial(4), binomial(6)
    spent = sum(a[i] * d[j] for i in range(5) for j in range(7) if i <= j < i + 4)
    assert isclose(result.p["card_spent:janissaries"], float(spent))
    always = oe.NavalBattle(
        "ottoman: 2Sq",
        "venice: 3Sq",
        attacker_cards="janissaries",
        post_roll={"janissaries": "always"},
    )
    assert isclose(oe.exact(always).p["card_spent:janissaries"], 1.0)


@pytest.mark.rule("11", cites="RULES.md §11: at sea, combat cards")
def test_professional_rowers_add_three_dice_for_either_side():
    battle = oe.NavalBattle("ottoman: 2Sq", "hapsburg: 2Sq", defender_cards="professional-rowers")
    assert isclose(oe.exact(battle).p["attacker_wins"], float(p_more_hits(4, 4 + 3)))
    battle = oe.NavalBattle("hapsburg: 2Sq", "ottoman: 2Sq", attacker_cards="34")
    assert isclose(oe.exact(battle).p["attacker_wins"], float(p_more_hits(4 + 3, 4)))


def test_janissaries_and_rowers_on_one_side():
    battle = oe.NavalBattle(
        "ottoman: 2Sq",
        "hapsburg: 3Sq",
        attacker_cards="janissaries,professional-rowers",
        post_roll={"janissaries": "always", "professional-rowers": "always"},
    )
    assert isclose(oe.exact(battle).p["attacker_wins"], float(p_more_hits(4 + 4 + 3, 6)))


@pytest.mark.rule("11", cites="RULES.md §11: at sea, combat cards")
@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"attacker_cards": "field-artillery"}, "cannot be played in a naval battle"),
        ({"attacker_cards": "tercios"}, "land-combat card"),
        ({"defender_cards": "janissaries"}, "only ottoman may play it"),
        ({"attacker_cards": "34", "defender_cards": "34"}, "exists once"),
        ({"post_roll": {"siege-artillery": "always"}}, "no post-roll policy"),
        ({"post_roll": {"janissaries": "sometimes"}}, "unknown policy"),
    ],
)
def test_card_refusals(kwargs, message):
    with pytest.raises(oe.OddsEngineError, match=message):
        oe.NavalBattle("ottoman: 2Sq", "hapsburg: 2Sq", **kwargs)


def test_battle_refusals():
    with pytest.raises(oe.OddsEngineError, match="has no ships"):
        oe.NavalBattle("ottoman: 0Sq Barbarossa", "hapsburg: 2Sq")
    with pytest.raises(oe.OddsEngineError, match="does not fight itself"):
        oe.NavalBattle("ottoman: 1Sq", "ottoman: 2Co")


# -- naval interception and avoid battle (16.1) --------------------------------------------


@pytest.mark.rule("11", cites="16.1 step 5: only in a sea zone, never in a port")
@pytest.mark.parametrize(
    "fleet, rowers, policy, sixths",
    [
        ("hapsburg: 2Sq", None, None, 10),  # 9+: 10/36
        ("hapsburg: 2Sq Doria", None, None, 21),  # 7+: 21/36
        ("ottoman: 2Co Dragut", None, None, 15),  # 8+: 15/36
        ("hapsburg: 2Sq Doria", "roller", "if-it-changes-the-outcome", 30),  # 5+: 30/36
        ("hapsburg: 2Sq Doria", "opponent", "if-it-changes-the-outcome", 10),  # 9+
        ("hapsburg: 2Sq", "roller", "always", 21),
        ("hapsburg: 2Sq Doria", "opponent", "always", 10),
    ],
)
def test_naval_roll_two_dice_plus_rating_nine_or_more(fleet, rowers, policy, sixths):
    kwargs = {} if rowers is None else {"rowers": rowers, "rowers_policy": policy}
    for spec in (oe.NavalInterception(fleet, **kwargs), oe.NavalAvoidBattle(fleet, **kwargs)):
        assert round(oe.exact(spec).p["success"] * 36, 9) == sixths


@pytest.mark.rule("11", cites="RULES.md §11: at sea, combat cards")
def test_rowers_spent_only_when_it_turns_the_roll():
    spec = oe.NavalInterception("hapsburg: 2Sq Doria", rowers="roller")
    # Rolls of 5 and 6 succeed with the card only: 4/36 + 5/36.
    assert round(oe.exact(spec).p["card_spent:professional-rowers"] * 36, 9) == 9


@pytest.mark.rule("11", cites="16.1 step 5: only in a sea zone, never in a port")
def test_naval_avoid_battle_never_from_a_port():
    with pytest.raises(oe.OddsEngineError, match="in a port cannot avoid battle"):
        oe.NavalAvoidBattle("ottoman: 2Co", in_port=True)


# -- the naive reference, and Monte Carlo --------------------------------------------------

REFERENCE_CASES = [
    ("ottoman: 2Sq 1Co Barbarossa", "hapsburg: 2Sq Doria", {}),
    ("ottoman: 1Sq 2Co", "venice: 1Sq", {"in_port": True}),
    ("ottoman: 3Co", "hapsburg: 1Sq", {}),
    ("france: 1Sq", "ottoman: 1Sq 1Co", {"attacker_arquebusiers": True}),
    ("ottoman: 1Sq", "hapsburg: 1Sq Doria", {"attacker_post_roll": 4}),
    ("hapsburg: 1Sq", "ottoman: 2Co", {"defender_post_roll": 3}),
]


def _engine_battle(attacker, defender, options):
    cards = {"attacker": [], "defender": []}
    for role in ("attacker", "defender"):
        if options.get(f"{role}_arquebusiers"):
            cards[role].append("arquebusiers")
        post = options.get(f"{role}_post_roll")
        if post:
            cards[role].append("janissaries" if post == 4 else "professional-rowers")
    return oe.NavalBattle(
        attacker,
        defender,
        in_port=options.get("in_port", False),
        attacker_cards=cards["attacker"],
        defender_cards=cards["defender"],
    )


@pytest.mark.parametrize("attacker, defender, options", REFERENCE_CASES)
def test_exact_engine_matches_die_by_die_reference(attacker, defender, options):
    naive = enumerate_exactly(
        naval_battle, oe.parse_fleet(attacker), oe.parse_fleet(defender), **options
    )
    result = oe.exact(_engine_battle(attacker, defender, options))
    engine = {}
    for index, probability in enumerate(result.probabilities):
        key = (
            result.states["outcome"][index],
            *(
                int(result.states[f"{role}_{kind}"][index])
                for role in ("attacker", "defender")
                for kind in ("squadrons", "corsairs")
            ),
        )
        engine[key] = engine.get(key, 0.0) + probability
    assert set(engine) == set(naive)
    for key, probability in naive.items():
        assert isclose(engine[key], probability, abs_tol=1e-12), key


@pytest.mark.slow
@pytest.mark.parametrize("attacker, defender, options", REFERENCE_CASES[:3])
def test_monte_carlo_within_five_sigma_of_exact(attacker, defender, options):
    spec = _engine_battle(attacker, defender, options)
    table = oe.compare(oe.exact(spec), oe.simulate(spec, trials=400_000, seed=12))
    assert not table["disagrees"].any()


def test_results_report_ships_left_and_expected_losses():
    battle = oe.NavalBattle("ottoman: 2Sq 1Co Barbarossa", "hapsburg: 2Sq Doria")
    data = oe.exact(battle).to_dict()
    assert data["kind"] == "naval"
    assert set(data["p"]) >= {"attacker_wins", "defender_wins"}
    assert set(data["expected"]) == {
        "attacker_squadrons",
        "attacker_corsairs",
        "defender_squadrons",
    }
    losses = data["expected_losses"]
    assert isclose(
        losses["attacker"]["mean"],
        losses["attacker:squadrons"]["mean"] + losses["attacker:corsairs"]["mean"],
    )
    left = data["expected"]["attacker_squadrons"]["mean"]
    assert isclose(left + losses["attacker:squadrons"]["mean"], 2)


# -- the command line ----------------------------------------------------------------------


def test_naval_command_json_contract(capsys):
    import json

    status, out, _ = run(
        capsys,
        "naval",
        "--attacker",
        "ottoman: 2Sq 1Co Barbarossa",
        "--defender",
        "hapsburg: 2Sq Doria",
        "--in-port",
        "--defender-cards",
        "arquebusiers",
        "--exact",
        "--format",
        "json",
    )
    assert status == 0
    data = json.loads(out)
    assert data["spec"]["defender_dice"] == 4 + 2 + 1 + 2
    assert isclose(data["p"]["attacker_wins"], float(p_more_hits(7, 9)))
    assert isclose(data["p"]["attacker_wins"] + data["p"]["defender_wins"], 1.0)
    assert "survivors" in data and "expected_losses" in data and "expected" in data


def test_naval_command_compare_and_policy(capsys):
    status, out, _ = run(
        capsys,
        "naval",
        "--attacker",
        "ottoman: 2Sq",
        "--defender",
        "hapsburg: 3Sq",
        "--attacker-cards",
        "janissaries",
        "--policy",
        "janissaries=always",
        "--compare",
        "--trials",
        "200000",
        "--seed",
        "4",
    )
    assert status == 0
    assert "all within 5 standard errors" in out


def test_intercept_and_avoid_at_sea(capsys):
    import json

    status, out, _ = run(
        capsys,
        "intercept",
        "--naval",
        "--interceptor",
        "hapsburg: 2Sq Doria",
        "--exact",
        "--format",
        "json",
    )
    assert status == 0 and round(json.loads(out)["p"]["success"] * 36, 9) == 21
    status, out, _ = run(
        capsys,
        "avoid",
        "--naval",
        "--defender",
        "ottoman: 2Co Dragut",
        "--rowers",
        "roller",
        "--exact",
        "--format",
        "json",
    )
    assert status == 0 and round(json.loads(out)["p"]["success"] * 36, 9) == 26  # 6+


@pytest.mark.parametrize(
    "argv, message",
    [
        (("naval", "--attacker", "france: 2Co", "--defender", "2Sq"), "corsairs"),
        (("naval", "--attacker", "2Sq", "--defender", "hapsburg: 1Sq Dragut"), "Dragut"),
        (
            ("naval", "--attacker", "2Sq", "--defender", "1Sq", "--attacker-cards", "tercios"),
            "land-combat card",
        ),
        (("intercept", "--interceptor", "hapsburg: 2R"), "give --mover"),
        (("intercept", "--interceptor", "2R", "--mover", "2R", "--rowers", "roller"), "--naval"),
        (("avoid", "--naval", "--defender", "2Co", "--in-port"), "cannot avoid battle"),
        (("intercept", "--naval", "--interceptor", "2Sq", "--mover", "2Co"), "leave it out"),
        (
            ("avoid", "--naval", "--defender", "2Co", "--lost-battle-this-impulse"),
            "does not change a naval avoid battle",
        ),
    ],
)
def test_naval_refusals_print_one_line_and_exit_2(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert message in err and err.count("\n") == 1


# -- plots and sweeps ----------------------------------------------------------------------


def test_plots_return_their_axes_without_showing(monkeypatch):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from oddsengine.faces import naval_plots

    monkeypatch.setattr(plt, "show", lambda: pytest.fail("plt.show() called"))
    ax = naval_plots.plot_naval_odds(squadrons=range(1, 4), leaders=("", "Barbarossa"))
    ys = ax.lines[1].get_ydata()
    assert isclose(ys[1], float(p_more_hits(2 * 2 + 2, 6)))  # 2Sq Barbarossa vs 3Sq
    ax = naval_plots.plot_piracy_value(corsairs=range(1, 3), defences=((0, 1, 1),))
    assert len(ax.lines) == 3
    ax = naval_plots.plot_foreign_wars(horizon=2)
    assert len(ax.lines) == 3
    plt.close("all")


def test_sweeps_know_the_naval_kinds():
    from oddsengine.sweeps.sweep import Sweep

    frame = Sweep(
        "naval",
        grid={"attacker": ["ottoman: 1Sq", "ottoman: 2Sq Dragut"], "defender": "venice: 2Sq"},
    ).run(progress=False)
    wins = frame[frame["outcome"] == "attacker_wins"]["probability"].tolist()
    assert isclose(wins[0], float(p_more_hits(2, 4)))
    assert isclose(wins[1], float(p_more_hits(5, 4)))
    frame = Sweep(
        "piracy", grid={"pirates": "ottoman: 2Co", "zone_squadrons": [0, 1], "target_ports": 1}
    ).run(progress=False)
    assert set(frame["status"]) == {"ok"}


@pytest.mark.slow
def test_naval_benchmark_runs_on_tiny_sizes(capsys):
    import importlib.util
    import sys

    from conftest import BENCHMARKS as benchmarks

    sys.path.insert(0, str(benchmarks))
    try:
        specification = importlib.util.spec_from_file_location(
            "_benchmark_bench_naval", benchmarks / "bench_naval.py"
        )
        module = importlib.util.module_from_spec(specification)
        sys.modules[specification.name] = module
        specification.loader.exec_module(module)
        status = module.main(["--trials", "300000", "--baseline-trials", "20000", "--repeats", "1"])
    finally:
        sys.path.remove(str(benchmarks))
    assert status == 0
    out = capsys.readouterr().out
    assert all(case.label in out for case in module.CASES)


def _chi_square_p_value(observed_counts, expected_probabilities):
    from scipy import stats

    expected = expected_probabilities * observed_counts.sum()
    keep = expected > 5  # pool the sparse tail into one cell
    observed = np.append(observed_counts[keep], observed_counts[~keep].sum())
    expected = np.append(expected[keep], expected[~keep].sum())
    if expected[-1] == 0:
        observed, expected = observed[:-1], expected[:-1]
    return stats.chisquare(observed, expected).pvalue


@pytest.mark.parametrize(
    "spec",
    [
        oe.NavalBattle("ottoman: 2Sq 1Co Barbarossa", "hapsburg: 2Sq Doria"),
        oe.NavalBattle("ottoman: 3Sq 2Co", "venice: 4Sq", attacker_cards="janissaries"),
        oe.Piracy("ottoman: 3Co Dragut", zone_squadrons=1, adjacent_fortresses=2, target_ports=2),
    ],
    ids=lambda spec: spec.title(),
)
def test_whole_state_histogram_passes_chi_square(spec):
    # A goodness-of-fit test of every end state at a fixed seed.
    exact_frame = oe.exact(spec).states_frame()
    sampled = oe.simulate(spec, trials=1_000_000, seed=11).states_frame()
    keys = [name for name in exact_frame.columns if name not in ("probability", "count")]
    merged = exact_frame.merge(sampled[keys + ["count"]], on=keys, how="left").fillna(0)
    assert merged["count"].sum() == 1_000_000
    assert _chi_square_p_value(merged["count"].to_numpy(), merged["probability"].to_numpy()) > 1e-4


# -- retreat -------------------------------------------------------------------------------


@pytest.mark.rule("11", cites="16.2 retreat")
def test_a_loser_at_sea_with_no_retreat_loses_its_ships():
    battle = oe.NavalBattle("ottoman: 2Sq", "hapsburg: 2Sq", defender_can_retreat=False)
    p = oe.exact(battle).p
    # 4 dice each. The defender loses every ship when the attacker scores more hits; on a
    # 4-4 tie both fleets are sunk and the defender keeps one (equal dice).
    assert isclose(p["defender_wiped_out"], float(p_more_hits(4, 4)))
    # Lost for want of a retreat: it lost with a squadron still afloat, i.e. on 1 hit
    # (the odd hit sinks one, rule (c)) or 2 hits (a pair).
    b = binomial(4)
    trapped = b[1] * b[0] + b[2] * (b[0] + b[1])
    assert trapped == Fraction(1664, 6561)
    assert isclose(p["defender_sunk_without_retreat"], float(trapped))
    free = oe.exact(oe.NavalBattle("ottoman: 2Sq", "hapsburg: 2Sq")).p
    assert isclose(p["attacker_wiped_out"], free["attacker_wiped_out"])


@pytest.mark.rule("11", cites="16.2 retreat")
def test_in_port_the_attacker_always_leaves():
    trapped = oe.NavalBattle(
        "ottoman: 2Sq", "hapsburg: 1Sq", in_port=True, attacker_can_retreat=False
    )
    assert isclose(oe.exact(trapped).p["attacker_wiped_out"], 1.0)
    # The defender stays in its port even when it loses.
    staying = oe.NavalBattle(
        "ottoman: 2Sq", "hapsburg: 1Sq", in_port=True, defender_can_retreat=False
    )
    assert isclose(
        oe.exact(staying).p["defender_wiped_out"],
        oe.exact(oe.NavalBattle("ottoman: 2Sq", "hapsburg: 1Sq", in_port=True)).p[
            "defender_wiped_out"
        ],
    )

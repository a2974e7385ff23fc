"""RULES.md §9, the policies a user chooses, on every face (Python API, command line,
scenario file), against values computed by hand in Fractions (a die hits on 5-6, §10):
the casualty order of each side, post-roll cards played ``always`` or only
``if-it-changes-the-outcome`` with how often they were spent, the defender's response, the
stacks that intercept and the retreat destination; a bad policy value is refused in one
line."""

import json
from fractions import Fraction

import pytest
from conftest import assert_one_line_error, run_cli
from hand_dice import THIRD, attacker_wins, binomial, close, roll, states

import oddsengine as oe
from oddsengine.moves.move import Move
from oddsengine.moves.scenario_file import load_move
from oddsengine.moves.situation import Situation, Stack

ALWAYS, IF_IT_CHANGES = "always", "if-it-changes-the-outcome"


def at_least(dice: int, hits: int, chance: Fraction = THIRD) -> Fraction:
    """P(at least ``hits`` of ``dice`` dice hit), each with ``chance``."""
    from math import comb

    return sum(
        comb(dice, k) * chance**k * (1 - chance) ** (dice - k) for k in range(hits, dice + 1)
    )


def p_of(capsys, *argv) -> dict:
    """The ``p`` of a command's ``--format json`` answer (exact)."""
    status, out, err = run_cli(capsys, *argv, "--exact", "--format", "json")
    assert status == 0, err
    return json.loads(out)["p"]


def csv_rows(capsys, *argv) -> dict:
    """The ``outcome -> probability`` rows of a command's ``--format csv`` answer."""
    status, out, err = run_cli(capsys, *argv, "--exact", "--format", "csv")
    assert status == 0, err
    header, *rows = [line.split(",") for line in out.strip().splitlines()]
    return {row[0]: float(row[header.index("probability")]) for row in rows}


# -- post-roll cards (§9; §6 step 7, §7 step 8, §8, §11) ----------------------------------


@pytest.mark.rule(
    "9", cites="RULES.md §9: how often each post-roll card was actually spent, by its policy."
)
def test_janissaries_in_a_field_battle_by_policy_on_every_face(capsys):
    # §9: 1 Ottoman regular (1 die) against 1 Hapsburg regular (1 + 1 = 2 dice, §6 step 3).
    # Without the card the Ottomans win only on 1 hit against 0: 1/3 * 4/9 = 4/27.
    # Janissaries (+5 dice after both rolls) give 6 dice against 2:
    #   4/9 * P(>=1 of 6) + 4/9 * P(>=2 of 6) + 1/9 * P(>=3 of 6) = 4785/6561,
    # with either policy: played whenever the Ottomans would not win (a <= d), never when
    # they win already. So it is spent with 1 - 4/27 = 23/27 if it changes the outcome,
    # and with probability 1 always.
    without = attacker_wins(1, 2)
    assert without == Fraction(4, 27)
    with_card = sum(binomial(2, d) * at_least(6, d + 1) for d in range(3))
    assert with_card == Fraction(4785, 6561)
    attacker, defender = oe.parse_force("ottoman: 1R"), oe.parse_force("hapsburg: 1R")
    for policy, spent in ((IF_IT_CHANGES, Fraction(23, 27)), (ALWAYS, Fraction(1))):
        battle = oe.FieldBattle(
            attacker,
            defender,
            attacker_cards=oe.parse_cards("janissaries"),
            policies=oe.Policies(post_roll={"janissaries": policy}),
        )
        result = oe.exact(battle)
        close(result.p["attacker_wins"], with_card)
        close(result.p["card_spent:janissaries"], spent)
        argv = ["battle", "--attacker", "ottoman: 1R", "--defender", "hapsburg: 1R"]
        argv += ["--attacker-cards", "janissaries", "--policy", f"janissaries={policy}"]
        close(p_of(capsys, *argv)["card_spent:janissaries"], spent)
        close(csv_rows(capsys, *argv)["card_spent:janissaries"], spent)
        status, out, _ = run_cli(capsys, *argv, "--exact")
        assert status == 0 and "card_spent:janissaries" in out
    default = oe.Policies().post_roll_policy("janissaries")
    assert default == IF_IT_CHANGES  # §9: the default


@pytest.mark.rule(
    "9", cites="RULES.md §9: how often each post-roll card was actually spent, by its policy."
)
def test_siege_artillery_in_an_assault_by_policy(capsys):
    # §9, §7: 2 regulars assault 1 regular: 1 die (one per two, rounded up) against
    # 1 + 1 = 2. Success needs a hit and a survivor (at most 1 hit against the 2).
    # Without the card: 1/3 * 8/9 = 8/27. Siege Artillery, +2 dice hitting on 3-6 (2/3):
    # P(no hit at all) = 2/3 * 1/9 = 2/27, so success 25/27 * 8/9 = 200/243 either way.
    # If it changes the outcome it is spent when the die missed and the assault would
    # still succeed with a hit: 2/3 * 8/9 = 16/27; always: 1. The garrison's expected
    # loss tells the policies apart: 1/3 + 16/27 * 8/9 = 209/243 against 25/27.
    argv = ["assault", "--attacker", "ottoman: 2R", "--defender", "hapsburg: 1R"]
    close(p_of(capsys, *argv)["success"], Fraction(8, 27))
    argv += ["--responses", "siege-artillery"]
    for policy, spent, lost in (
        (IF_IT_CHANGES, Fraction(16, 27), Fraction(209, 243)),
        (ALWAYS, Fraction(1), Fraction(25, 27)),
    ):
        chosen = [*argv, "--policy", f"siege-artillery={policy}"]
        p = p_of(capsys, *chosen)
        close(p["success"], Fraction(200, 243))
        close(p["card_spent:siege-artillery"], spent)
        close(csv_rows(capsys, *chosen)["card_spent:siege-artillery"], spent)
        assault = oe.Assault(
            oe.parse_force("ottoman: 2R"),
            oe.parse_force("hapsburg: 1R"),
            responses=oe.parse_cards("siege-artillery"),
            policies=oe.Policies(post_roll={"siege-artillery": policy}),
        )
        close(oe.exact(assault).expected_losses()["defender"]["mean"], lost)


@pytest.mark.rule("9", cites="The assaults' policies (RULES.md §9)")
def test_siege_artillery_policy_in_a_siege_campaign(capsys):
    # §9 on the siege command: the same first assault (see above); the garrison is left
    # with 1 - 209/243 = 34/243 if the card is played only when it changes the outcome,
    # with 1 - 25/27 = 2/27 when it is always played.
    argv = ["siege", "--besiegers", "ottoman: 2R", "--garrison", "hapsburg: 1R"]
    argv += ["--horizon", "1", "--attacker-cards", "siege-artillery"]
    for policy, left in ((IF_IT_CHANGES, Fraction(34, 243)), (ALWAYS, Fraction(2, 27))):
        status, out, err = run_cli(
            capsys, *argv, "--policy", f"siege-artillery={policy}", "--exact", "--format", "json"
        )
        assert status == 0, err
        answer = json.loads(out)
        close(answer["garrison_left"], left)
        close(answer["p"]["taken_by_impulse_1"], Fraction(200, 243))


@pytest.mark.rule(
    "9", cites="RULES.md §9: how often each post-roll card was actually spent, by its policy."
)
def test_professional_rowers_in_a_naval_battle_by_policy(capsys):
    # §9, §11: 1 squadron each at sea, 2 dice each; the attacker wins on more hits:
    # 4/9 * 4/9 + 1/9 * 8/9 = 24/81 = 8/27. Professional Rowers (+3 dice after the roll) are
    # spent, if it changes the outcome, whenever the attacker would not win: 19/27.
    argv = ["naval", "--attacker", "ottoman: 1Sq", "--defender", "hapsburg: 1Sq"]
    argv += ["--attacker-cards", "professional-rowers"]
    for policy, spent in ((IF_IT_CHANGES, Fraction(19, 27)), (ALWAYS, Fraction(1))):
        chosen = [*argv, "--policy", f"professional-rowers={policy}"]
        close(p_of(capsys, *chosen)["card_spent:professional-rowers"], spent)
        close(csv_rows(capsys, *chosen)["card_spent:professional-rowers"], spent)


@pytest.mark.rule(
    "9", cites="RULES.md §9: how often each post-roll card was actually spent, by its policy."
)
def test_janissaries_in_a_foreign_war_by_policy(capsys):
    # §9, §13: 1 Ottoman regular against 1 Egyptian, 1 die each (no defender's die).
    # With Janissaries (6 dice) the war is won in one attempt unless all 6 miss:
    # 1 - (2/3)^6 = 665/729 (both wiped out: 6 dice > 1, the Ottomans keep one).
    # If it changes the outcome the card is spent when the die missed (2/3), or when both
    # hit (1/3 * 1/3: equal dice, the foreign side would keep its unit): 7/9.
    argv = ["foreign-war", "--war", "egypt", "--force", "1R", "--foreign", "1"]
    argv += ["--horizon", "1", "--cards", "janissaries"]
    for policy, spent in ((IF_IT_CHANGES, Fraction(7, 9)), (ALWAYS, Fraction(1))):
        p = p_of(capsys, *argv, "--policy", f"janissaries={policy}")
        close(p["won"], 1 - (1 - THIRD) ** 6)
        close(p["card_spent:janissaries"], spent)


# -- a move (§2-§6) --------------------------------------------------------------------


def linz_situation(mover: str = "ottoman: 3R") -> Situation:
    """Ottomans in Vienna (theirs) move to Linz, held by 2 Hapsburg regulars. Linz's
    neighbours: Vienna (where the mover came from), Prague and Salzburg (made Hapsburg),
    Regensburg (Protestant, an ally of nobody here). Nobody can intercept."""
    return Situation(
        [Stack("Vienna", mover), Stack("Linz", "hapsburg: 2R")],
        wars=[("ottoman", "hapsburg")],
        control={"Vienna": "ottoman", "Prague": "hapsburg", "Salzburg": "hapsburg"},
    )


LINZ_FILE = """
[situation]
wars = [["ottoman", "hapsburg"]]
impulse_order = ["ottoman", "hapsburg", "england", "france", "papacy", "protestant"]

[situation.control]
Vienna = "ottoman"
Prague = "hapsburg"
Salzburg = "hapsburg"

[[stack]]
space = "Vienna"
force = "ottoman: 2R 1M"

[[stack]]
space = "Linz"
force = "hapsburg: 2R"

[move]
from = "Vienna"
to = "Linz"
defender = "fight"
"""


def end_states(move):
    """``(probability, end state)`` of every end state the move reaches."""
    return states(move)


@pytest.mark.rule(
    "9",
    cites=(
        "RULES.md §9: the casualty order of each side and the post-roll card policy",
        "The field battle's policies given by a face over the move's own (RULES.md §9)",
    ),
)
def test_a_moves_casualty_order_from_the_api_the_file_and_the_command_line(tmp_path, capsys):
    # §9: 2R 1M (3 dice) against 2R in Linz (2 + 1 = 3 dice). The mover wins with exactly
    # one loss when it scores 2 or 3 hits (7/27: both defenders gone) and takes 1 (4/9):
    # 28/243. Losing mercenaries first (the default) it holds Linz with 2R; losing
    # regulars first, with 1R 1M.
    assert at_least(3, 2) * binomial(3, 1) == Fraction(28, 243)
    path = tmp_path / "linz.toml"
    path.write_text(LINZ_FILE)
    for order, kept in (("MRC", "Linz: ottoman: 2R"), ("RMC", "Linz: ottoman: 1R 1M")):
        by_api = Move(
            linz_situation("ottoman: 2R 1M"),
            "Vienna",
            "Linz",
            defender_policy="fight",
            policies=oe.Policies(attacker_casualty_order=order),
        )
        order_line = f'attacker_casualty_order = "{order}"'
        path.write_text(
            LINZ_FILE.replace('defender = "fight"', f'defender = "fight"\n{order_line}')
        )
        by_file = load_move(path)
        assert by_file.policies == by_api.policies
        for move in (by_api, by_file):
            two_left = sum(
                weight
                for weight, state in end_states(move)
                if state.outcome == "mover_in_control" and state.attacker_survivors == 2
            )
            close(two_left, Fraction(28, 243))
            assert all(
                state.mover_end == kept
                for weight, state in end_states(move)
                if weight > 0
                and state.outcome == "mover_in_control"
                and state.attacker_survivors == 2
            )
    path.write_text(LINZ_FILE)
    status, out, err = run_cli(
        capsys, "move", str(path), "--attacker-casualty-order", "RMC", "--exact",
        "--format", "json", "--states", "40",
    )  # fmt: skip
    assert status == 0, err
    kept = {
        state["mover_end"]
        for state in json.loads(out)["end_states"]
        if state["outcome"] == "mover_in_control" and state["attacker_survivors"] == 2
    }
    assert kept == {"Linz: ottoman: 1R 1M"}


@pytest.mark.rule(
    "9",
    cites=(
        "RULES.md §9: the post-roll cards (Janissaries) report whether each cell spent them",
        "RULES.md §9: the casualty order of each side and the post-roll card policy",
        "The field battle's policies given by a face over the move's own (RULES.md §9)",
    ),
)
def test_janissaries_in_a_move_are_reported_spent(tmp_path, capsys):
    # §9 in a move: 3R (3 dice) against 2R in Linz (3 dice). Without the card the mover
    # wins on more hits: attacker_wins(3, 3); Janissaries give 8 dice against 3:
    # attacker_wins(8, 3) with either policy. If it changes the outcome the card is spent
    # whenever the mover would not win without it: 1 - attacker_wins(3, 3); always: 1.
    plain = attacker_wins(3, 3)
    # 12/27 * 8/27 + 6/27 * 20/27 + 1/27 * 26/27
    assert plain == Fraction(242, 729)
    for policy, spent in ((IF_IT_CHANGES, 1 - plain), (ALWAYS, Fraction(1))):
        move = Move(
            linz_situation(),
            "Vienna",
            "Linz",
            defender_policy="fight",
            attacker_cards=("janissaries",),
            policies=oe.Policies(post_roll={"janissaries": policy}),
        )
        result = oe.exact(move)
        close(result.p["attacker_wins"], attacker_wins(8, 3))
        close(result.p["card_spent:janissaries"], spent)
        path = tmp_path / "linz.toml"
        path.write_text(
            LINZ_FILE.replace("2R 1M", "3R").replace(
                'defender = "fight"',
                f'defender = "fight"\nattacker_cards = ["janissaries"]\npolicy = "{policy}"',
            )
        )
        assert load_move(path).policies == move.policies
        close(p_of(capsys, "move", str(path))["card_spent:janissaries"], spent)
        close(csv_rows(capsys, "move", str(path))["card_spent:janissaries"], spent)
        # The command line's --policy overrides the file's.
        other = ALWAYS if policy == IF_IT_CHANGES else IF_IT_CHANGES
        flipped = p_of(capsys, "move", str(path), "--policy", f"janissaries={other}")
        close(flipped["card_spent:janissaries"], 1 if other == ALWAYS else 1 - plain)
    # Monte Carlo reports the event too.
    sampled = oe.simulate(move, trials=2000, seed=1)
    close(sampled.p["card_spent:janissaries"], Fraction(1))


@pytest.mark.rule(
    "9",
    cites="A ``prefer:`` list is a standing order, the first legal space listed (RULES.md §9), so",
)
def test_the_retreat_goes_to_the_legal_space_the_policy_names():
    # §9, §6.1: 3R (3 dice) against 2R (3 dice). The defenders lose and keep a unit when
    # the mover scores exactly 1 hit (4/9) and they score none (8/27): 32/243. They retreat
    # to Prague (most friendly: no units anywhere, first by name) or to the space named.
    retreats = binomial(3, 1) * binomial(3, 0)
    assert retreats == Fraction(32, 243)
    for policy, space in (("most-friendly", "Prague"), ("prefer:Salzburg", "Salzburg")):
        move = Move(
            linz_situation(), "Vienna", "Linz", defender_policy="fight", retreat_policy=policy
        )
        result = oe.exact(move)
        close(result.p["defender_retreats"], retreats)
        ends = {
            state.defenders_end
            for weight, state in end_states(move)
            if weight > 0 and "defender_retreats" in state.events
        }
        assert ends == {f"{space}: hapsburg: 1R"}
    # Vienna is where the enemy came from: a losing defender may not go there (§6.1),
    # so the preference falls to the most friendly legal space.
    move = Move(
        linz_situation(), "Vienna", "Linz", defender_policy="fight", retreat_policy="prefer:Vienna"
    )
    assert {
        state.defenders_end
        for weight, state in end_states(move)
        if weight > 0 and "defender_retreats" in state.events
    } == {"Prague: hapsburg: 1R"}


@pytest.mark.rule(
    "9",
    cites="A ``prefer:`` list is a standing order, the first legal space listed (RULES.md §9), so",
)
@pytest.mark.parametrize(
    "space, words",
    [
        ("Graz", "Graz is not adjacent to Linz"),
        ("Regensburg", "Regensburg is controlled by protestant"),
    ],
)
def test_a_retreat_preference_no_retreat_can_reach_is_passed_over_by_name(space, words):
    # §9, §6.1: a retreat goes to an adjacent space of the loser's power or an ally. A
    # prefer: list is a standing order, the first legal space listed: a space no retreat
    # of the move can reach is passed over with a note; a list of such spaces only is
    # answered with the default choice (Prague, the most friendly legal space), and its
    # notes name each space and what the move did instead.
    move = Move(
        linz_situation(),
        "Vienna",
        "Linz",
        defender_policy="fight",
        retreat_policy=f"prefer:Salzburg,{space}",
    )
    (note,) = move.notes
    assert f"{space} passed over" in note and words in note
    alone = Move(
        linz_situation(),
        "Vienna",
        "Linz",
        defender_policy="fight",
        retreat_policy=f"prefer:{space}",
    )
    passed, instead = alone.notes
    assert words in passed and "hapsburg retreats to Prague" in instead


@pytest.mark.rule(
    "9", cites="RULES.md §9: the user chooses which stacks intercept, and with which units."
)
def test_the_defenders_response_by_policy():
    # §9, §4: 2R without a leader avoid battle on 2d6 >= 9: 10/36; if the roll fails they
    # fight (3 dice each): the mover wins attacker_wins(3, 3). Withdrawal is not a legal
    # response in unfortified Linz, nor avoiding into Vienna, where the mover came from.
    avoid = roll(0)
    assert avoid == Fraction(10, 36)
    move = Move(linz_situation(), "Vienna", "Linz", defender_policy="avoid:Salzburg")
    result = oe.exact(move)
    close(result.p["avoided_battle"], avoid)
    close(result.p["attacker_wins"], (1 - avoid) * attacker_wins(3, 3))
    fight = oe.exact(Move(linz_situation(), "Vienna", "Linz", defender_policy="fight"))
    close(fight.p["attacker_wins"], attacker_wins(3, 3))
    for refused in ("withdraw", "avoid:Vienna"):
        with pytest.raises(oe.OddsEngineError, match="not a legal choice"):
            Move(linz_situation(), "Vienna", "Linz", defender_policy=refused)


@pytest.mark.rule(
    "9", cites="RULES.md §9: the user chooses which stacks intercept, and with which units."
)
def test_which_stacks_intercept_by_policy():
    # §9, §3 (original 004): Charles V's 8R in Graz intercept the Ottomans on
    # 2d6 + 2 - 1 >= 9: 15/36 when Graz tries; nothing when no stack does.
    for policy, chance in (({"Graz": "all"}, roll(1)), ("none", Fraction(0))):
        move = load_move("vienna", interception_policy=policy)
        close(oe.exact(move).p["intercepted"], chance)
    assert roll(1) == Fraction(15, 36)


@pytest.mark.rule("9", cites="The assaults' policies (RULES.md §9)")
def test_casualty_orders_in_a_siege_campaign(capsys):
    # §9 on the siege command: 3R 1C (2 dice, one per two regulars) assault 1R (2 dice),
    # success on a hit: 5/9 in impulse 1. Missing (4/9), the garrison's d hits cost 0, 1
    # or 2 units. Losing regulars first leaves 3R 1C / 2R 1C / 1R 1C (2, 1, 1 dice),
    # losing cavalry first 3R 1C / 3R / 2R (2, 2, 1 dice); a two-unit force also needs a
    # survivor (at most 1 hit against it, 8/9).
    one_die, two_dice = THIRD, 1 - (1 - THIRD) ** 2
    first = two_dice
    regulars_first = first + (1 - first) * (
        binomial(2, 0) * two_dice + binomial(2, 1) * one_die + binomial(2, 2) * one_die * 8 / 9
    )
    cavalry_first = first + (1 - first) * (
        binomial(2, 0) * two_dice + binomial(2, 1) * two_dice + binomial(2, 2) * one_die * 8 / 9
    )
    assert (regulars_first, cavalry_first) == (Fraction(1631, 2187), Fraction(1727, 2187))
    argv = ["siege", "--besiegers", "ottoman: 3R 1C", "--garrison", "hapsburg: 1R"]
    argv += ["--horizon", "2"]
    for order, taken in (("MRC", regulars_first), ("CRM", cavalry_first)):
        p = p_of(capsys, *argv, "--attacker-casualty-order", order)
        close(p["taken_by_impulse_1"], first)
        close(p["taken_by_impulse_2"], taken)


def test_casualty_order_in_a_field_battle_keeps_what_the_policy_keeps():
    # §9: 1R 1M against 1R (2 dice each). The attacker is left with one unit exactly when
    # the defender scores 1 hit: 4/9. Mercenaries first (default) keeps the regular;
    # regulars first keeps the mercenary.
    attacker, defender = oe.parse_force("ottoman: 1R 1M"), oe.parse_force("hapsburg: 1R")
    for order, kept in (("MRC", "attacker_regulars"), ("RMC", "attacker_mercenaries")):
        battle = oe.FieldBattle(
            attacker, defender, policies=oe.Policies(attacker_casualty_order=order)
        )
        frame = oe.exact(battle).states_frame()
        one = frame[frame["attacker_survivors"] == 1]
        close(one["probability"].sum(), binomial(2, 1))
        assert (one[kept] == 1).all()


# -- bad policy values: one line, exit status 2 ------------------------------------------


BAD_POLICIES = [
    (
        ["move", "vienna", "--policy", "janissaries=sometimes"],
        "janissaries",
    ),
    (["move", "vienna", "--attacker-casualty-order", "RXC"], "unknown unit type 'x'"),
    (["move", "vienna", "--retreat", "prefer:Pariss"], "unknown space 'Pariss'"),
    (
        ["siege", "--besiegers", "2R", "--garrison", "hapsburg: 1R", "--attacker-cards",
         "siege-artillery", "--policy", "siege-artillery=never"],
        "unknown policy 'never' for siege-artillery",
    ),
    (
        ["siege", "--besiegers", "2R", "--garrison", "hapsburg: 1R", "--defender-casualty-order",
         "RR"],
        "appears twice",
    ),
    (
        ["battle", "--attacker", "ottoman: 1R", "--defender", "hapsburg: 1R", "--attacker-cards",
         "janissaries", "--policy", "janissaries=sometimes"],
        "unknown policy 'sometimes' for janissaries",
    ),
]  # fmt: skip


@pytest.mark.parametrize("argv, words", BAD_POLICIES, ids=lambda value: str(value)[:40])
def test_a_bad_policy_value_is_refused_in_one_line(capsys, argv, words):
    from oddsengine.cli import main

    assert_one_line_error(capsys, argv, words)
    try:
        status = main([*argv, "--exact"])
    except SystemExit as stop:
        status = stop.code
    capsys.readouterr()
    assert status == 2


@pytest.mark.rule(
    "9", cites="RULES.md §9: the casualty order of each side and the post-roll card policy"
)
def test_a_bad_policy_in_a_scenario_file_is_refused_by_name(tmp_path):
    path = tmp_path / "linz.toml"
    for line, words in (
        ('policy = "sometimes"', "unknown policy 'sometimes' for janissaries"),
        ("policy = 3", "move: policy must be"),
        ('attacker_casualty_order = "RXC"', "unknown unit type 'x'"),
    ):
        cards = 'attacker_cards = ["janissaries"]'
        path.write_text(
            LINZ_FILE.replace('defender = "fight"', f'defender = "fight"\n{cards}\n{line}')
        )
        with pytest.raises(oe.OddsEngineError, match=words):
            load_move(path)
    path.write_text(
        LINZ_FILE.replace('defender = "fight"', 'defender = "fight"\npolicy = "always"')
    )
    with pytest.raises(oe.OddsEngineError, match="plays none"):
        load_move(path)


@pytest.mark.rule(
    "9", cites="RULES.md §9: the casualty order chosen for each side holds for the whole"
)
def test_a_siege_after_a_move_keeps_the_moves_casualty_order():
    # §9: the casualty order chosen for a move holds in the siege it lays. 3R 1C move into
    # Vienna, whose 1R withdraws inside (§5): a siege with probability 1, then the two
    # impulses of test_casualty_orders_in_a_siege_campaign: 1631/2187 losing regulars
    # first, 1727/2187 losing the cavalry first.
    from oddsengine.moves.siege_campaign import SiegeCampaign

    situation = Situation(
        [Stack("Pressburg", "ottoman: 3R 1C"), Stack("Vienna", "hapsburg: 1R")],
        wars=[("ottoman", "hapsburg")],
        control={"Pressburg": "ottoman"},
    )
    for order, taken in (("MRC", Fraction(1631, 2187)), ("CRM", Fraction(1727, 2187))):
        move = Move(
            situation,
            "Pressburg",
            "Vienna",
            defender_policy="withdraw",
            interception_policy="none",
            policies=oe.Policies(attacker_casualty_order=order),
        )
        close(oe.exact(move).p["besieging"], Fraction(1))
        campaign = SiegeCampaign.from_move(move, horizon=2)
        assert campaign.policies == move.policies
        close(oe.exact_campaign(campaign).p["taken_by_impulse_2"], taken)


def test_a_naval_retreat_goes_where_the_policy_names_or_by_default():
    # §9, §14: in the Barbary Coast example the Ottomans, beaten at sea, retreat to a port
    # they control: Algiers by default (most friendly), Tunis when named, as often
    # either way; the North Sea, not adjacent to the Barbary Coast, is passed over by name,
    # and alone it leaves the default choice, Algiers.
    from oddsengine.moves.scenario_file import load_naval_move

    default = load_naval_move("barbary_coast")
    named = load_naval_move("barbary_coast", retreat_policy="prefer:Tunis")
    retreats = []
    for move, port in ((default, "Algiers"), (named, "Tunis")):
        result = oe.exact(move)
        retreats.append(result.p["mover_retreats"])
        frame = result.states_frame()
        retreated = frame[(frame["outcome"] == "mover_retreats") & (frame["probability"] > 0)]
        assert {end.split(":")[0] for end in retreated["mover_end"]} == {port}
    assert retreats[0] == pytest.approx(retreats[1], abs=1e-12)
    passed, instead = load_naval_move("barbary_coast", retreat_policy="prefer:North Sea").notes
    assert "North Sea is not adjacent to Barbary Coast" in passed
    assert "the mover (ottoman) retreats to Algiers" in instead

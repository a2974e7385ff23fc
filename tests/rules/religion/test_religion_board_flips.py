"""Flips that land on the board (issue 32; RULES.md §20 step 7, §21, reading §23.14): a
debate's or the Diet's winner flips at most the spaces eligible for him, and the chance
each space ends flipped follows from the flip-order policy. Every figure by hand."""

import json
from fractions import Fraction
from math import comb

import pytest
from conftest import assert_within_sigmas, refused, run_cli

from oddsengine import exact, simulate
from oddsengine.engines.debate import exact_debate_fractions
from oddsengine.errors import OddsEngineError
from oddsengine.moves.board import load_board
from oddsengine.religion.board_flips import flip_sequence
from oddsengine.religion.debate import Debate, DebateError
from oddsengine.religion.diet import DietOfWorms
from oddsengine.religion.records import religion_facts
from oddsengine.religion.religion_scenario import load_religious_board
from oddsengine.religion.religious_board import religion_1517_board


def hits(dice: int) -> list[Fraction]:
    """P(k hits) of ``dice`` dice hitting on 5-6: C(n, k) 2^(n-k) / 3^n."""
    return [Fraction(comb(dice, k) * 2 ** (dice - k), 3**dice) for k in range(dice + 1)]


def difference(first: int, second: int) -> dict[int, Fraction]:
    """P(first's hits - second's hits = d), by enumerating both rolls."""
    out: dict[int, Fraction] = {}
    for i, p in enumerate(hits(first)):
        for j, q in enumerate(hits(second)):
            out[i - j] = out.get(i - j, Fraction(0)) + p * q
    return out


EXAMPLE = "religion_example"  # Wittenberg (Luther, 2R) and Brandenburg (1R) Protestant


def eck_carlstadt(**fields) -> Debate:
    """Eck against a committed Carlstadt, the only two debaters in play: round 1 Eck rolls
    3 + 3 + 1 (his bonus, uncommitted) = 7 dice, Carlstadt 1 + 1 = 2; a tie goes to round
    2 between the same two, both committed: Eck 3 + 3 = 6, Carlstadt 2 (§20, 23.10, 23.12)."""
    return Debate(
        "german",
        "papacy",
        turn=1,
        attacker="Eck",
        defender="Carlstadt",
        committed="Carlstadt",
        debaters="Eck,Carlstadt",
        **fields,
    )


def papal_by_flips() -> dict[int, Fraction]:
    """P(the Papacy wins by k hits), k = 1..7: round 1 (7 v 2) plus its tie times round 2
    (6 v 2). The tie of round 1 is 992/6561."""
    first, second = difference(7, 2), difference(6, 2)
    assert first[0] == Fraction(992, 6561)
    return {k: first.get(k, 0) + first[0] * second.get(k, 0) for k in range(1, 8)}


def protestant_by_flips() -> dict[int, Fraction]:
    first, second = difference(7, 2), difference(6, 2)
    return {k: first.get(-k, 0) + first[0] * second.get(-k, 0) for k in (1, 2)}


# -- where the flips land ----------------------------------------------------------------


def test_the_papacy_can_turn_back_only_the_two_protestant_spaces_of_the_example():
    board = load_religious_board(EXAMPLE)
    # 18 step 1: both Protestant spaces are adjacent to Catholic ones; no other is
    # Protestant. The board order takes them by name.
    assert flip_sequence(board, "catholic", zone="german") == ("Brandenburg", "Wittenberg")
    # the default order is the board's own (ReligiousBoard.flippable): the zone, then
    # elsewhere, the first eligible space by name at each flip
    for to, zone in (("protestant", "german"), ("protestant", "english"), ("catholic", "french")):
        in_zone, elsewhere = board.flippable(to, zone=zone, limit=6)
        assert flip_sequence(board, to, zone=zone, limit=6) == in_zone + elsewhere


@pytest.mark.rule("20", cites="20 step 7: in the debate's zone while eligible ones remain there")
def test_a_debate_flips_in_its_zone_first_then_anywhere():
    # 20 step 7: no English space is eligible on the 1517 board, so a Protestant winner of
    # an English debate flips elsewhere: Brandenburg and Breslau border Wittenberg (by
    # name, Brandenburg first; then Breslau, Erfurt, Leipzig, Magdeburg, Prague are all
    # eligible and Breslau comes first).
    board = religion_1517_board()
    assert flip_sequence(board, "protestant", zone="english", limit=2) == ("Brandenburg", "Breslau")
    # in the German zone, Breslau and Prague (no zone) wait until no German space is left
    german = flip_sequence(board, "protestant", zone="german", limit=5)
    assert all(religion_facts().zone_of(space) == "german" for space in german)


@pytest.mark.rule("21", cites="21: a German-zone space of the other influence adjacent")
def test_the_diet_flips_a_chain_of_adjacent_german_spaces():
    board = load_religious_board(EXAMPLE)
    chain = flip_sequence(board, "protestant", diet=True)
    facts, graph = religion_facts(), load_board()
    protestant = {"Wittenberg", "Brandenburg"}
    for space in chain:
        # 21: German zone, adjacent to a space already Protestant or just flipped
        assert facts.zone_of(space) == "german"
        assert any(n.name in protestant for n in graph.neighbours(space)), space
        protestant.add(space)
    # the whole German zone but its two Protestant spaces is reached
    assert len(chain) == len(facts.spaces_in("german")) - 2
    # a reformer alone makes a space eligible for an attempt, not for the Diet's chain
    # (21 asks for adjacency): Zürich with Zwingli, far from any Protestant space
    zurich = load_religious_board(EXAMPLE, reformers=["Zürich"])
    assert "Zürich" in zurich.eligible_targets("protestant")
    assert flip_sequence(zurich, "protestant", diet=True, limit=1) == ("Leipzig",)
    assert flip_sequence(zurich, "protestant", zone="german", limit=1) == ("Leipzig",)
    assert "Zürich" not in flip_sequence(zurich, "protestant", diet=True, limit=3)


def test_the_flip_order_policies():
    board = load_religious_board(EXAMPLE)
    # order:A,B: the first listed space still eligible, then by name: after Magdeburg,
    # Brunswick (its neighbour) is eligible and comes before Leipzig by name
    assert flip_sequence(board, "protestant", zone="german", order="order:Magdeburg", limit=2) == (
        "Magdeburg",
        "Brunswick",
    )
    # a listed space not yet eligible waits until it is (Brunswick borders Magdeburg);
    # then by name: Bremen borders Brunswick
    assert flip_sequence(
        board, "protestant", zone="german", order="order:Brunswick,Magdeburg", limit=3
    ) == ("Magdeburg", "Brunswick", "Bremen")
    # electorates: Mainz, Trier and Cologne as soon as each is eligible
    assert flip_sequence(board, "protestant", zone="german", order="electorates", limit=6) == (
        "Leipzig",
        "Erfurt",
        "Kassel",
        "Mainz",
        "Cologne",
        "Trier",
    )
    with pytest.raises(OddsEngineError, match="unknown flip order"):
        flip_sequence(board, "protestant", order="nearest")
    with pytest.raises(OddsEngineError, match="sea zone"):
        flip_sequence(board, "protestant", order="order:North Sea")


# -- a debate on the board, by hand ------------------------------------------------------


@pytest.mark.rule("20", cites="20 step 7: in the debate's zone while eligible ones remain there")
def test_a_debate_on_the_example_caps_the_papal_flips_at_two():
    board = load_religious_board(EXAMPLE)
    debate = Debate.on_board(
        board,
        "german",
        "papacy",
        attacker="Eck",
        defender="Carlstadt",
        committed="Carlstadt",
        debaters="Eck,Carlstadt",
    )
    assert debate.catholic_spaces == ("Brandenburg", "Wittenberg")
    # Carlstadt rolls at most 2 hits: the Protestant's list stops at two spaces
    assert debate.protestant_spaces == ("Leipzig", "Erfurt")
    capped = exact_debate_fractions(debate)
    uncapped = exact_debate_fractions(eck_carlstadt())
    papal, protestant = papal_by_flips(), protestant_by_flips()
    # the uncapped distribution by hand: flips:k is the Papacy's k (and the Protestant's
    # k for k = 1, 2)
    assert uncapped["flips:1"] == papal[1] + protestant[1]
    assert uncapped["flips:2"] == papal[2] + protestant[2]
    for k in range(3, 8):
        assert uncapped[f"flips:{k}"] == papal[k]
    # capped at 2 (23.14): every Papal win by 2 or more flips 2, the rest is unchanged
    assert capped["flips:1"] == uncapped["flips:1"]
    assert capped["flips:2"] == sum(uncapped[f"flips:{k}"] for k in range(2, 8))
    assert capped["flips:2"] == Fraction(2928169, 4782969)
    assert "flips:3" not in capped or capped["flips:3"] == 0
    # the spaces: Brandenburg on every Papal win, Wittenberg on a win by 2 or more
    assert capped["catholic:Brandenburg"] == sum(papal.values()) == Fraction(12968491, 14348907)
    assert (
        capped["catholic:Wittenberg"]
        == sum(papal[k] for k in range(2, 8))
        == Fraction(26010097, 43046721)
    )
    assert capped["protestant:Leipzig"] == protestant[1] + protestant[2]
    assert capped["protestant:Erfurt"] == protestant[2] == Fraction(343424, 43046721)
    # the expected Papal flips: 1 * P(by 1) + 2 * P(by 2 or more)
    assert capped["expected_papal_flips"] == papal[1] + 2 * capped["catholic:Wittenberg"]


@pytest.mark.rule("20", cites="20 step 7: in the debate's zone while eligible ones remain there")
def test_each_winner_has_its_own_cap():
    papal, protestant = papal_by_flips(), protestant_by_flips()
    answer = exact_debate_fractions(eck_carlstadt(eligible_protestant=1, eligible_catholic=3))
    # a Protestant win flips 1 whatever its size; a Papal win min(k, 3)
    assert answer["flips:1"] == papal[1] + protestant[1] + protestant[2]
    assert answer["flips:2"] == papal[2]
    assert answer["flips:3"] == sum(papal[k] for k in range(3, 8))
    assert answer["expected_protestant_flips"] == protestant[1] + protestant[2]
    # every cap given applies: eligible (both) 2 and the Papal 3 make the Papal cap 2
    both = eck_carlstadt(eligible=2, eligible_catholic=3)
    assert both.flip_caps == (2, 2)
    assert (
        exact_debate_fractions(both)["flips:2"]
        == sum(papal[k] for k in range(2, 8)) + (protestant[2])
    )


def test_a_debate_on_the_board_reads_the_turn_committed_and_cards_from_it():
    board = load_religious_board(EXAMPLE, protestant=())
    from dataclasses import replace

    later = replace(
        board,
        turn=6,  # §26: Mary I rules from turn 6 at the earliest
        committed=("Carlstadt",),
        this_turn=("augsburg-confession",),
        england_ruler="mary-i",
    )
    debate = Debate.on_board(later, "english", "papacy", committed="Eck")
    assert debate.turn == 6 and debate.committed == ("Carlstadt", "Eck")
    assert debate.augsburg and debate.england_ruler == "mary-i"
    # Augsburg Confession takes a die from a Papal initiator only (23.11)
    assert not Debate.on_board(later, "german", "protestant").augsburg
    # The turn comes from the board: one given must agree with it.
    assert Debate.on_board(board, "german", "papacy", turn=1).turn == 1
    with pytest.raises(DebateError, match="turn 2 contradicts the scenario's turn 1"):
        Debate.on_board(board, "german", "papacy", turn=2)
    with pytest.raises(DebateError, match="committed: Calvin is not in play on turn 1"):
        Debate.on_board(board, "german", "papacy", committed="Calvin")


# -- the Diet on the board, by hand ------------------------------------------------------


@pytest.mark.rule("21", cites="21: a German-zone space of the other influence adjacent")
def test_the_diet_on_the_example_turns_back_two_spaces_at_most():
    # DietOfWorms(1, 2, 2): the Protestant rolls 1 + 4 = 5 dice (hits X), the Catholics
    # 2 + 2 = 4 (hits Y). P(X = k) = 32, 80, 80, 40, 10, 1 /243; P(Y = k) = 16, 32, 24, 8,
    # 1 /81. Only Brandenburg and Wittenberg can be turned back (21), so a Catholic win
    # flips min(Y - X, 2):
    #   P(Y - X >= 1) = (32*32 + 24*112 + 8*192 + 1*232) / 19683 = 5480/19683
    #   P(Y - X >= 2) = (24*32 + 8*112 + 1*192) / 19683 = 1856/19683
    # (112 = 32 + 80 = P(X <= 1) * 243, 192 = P(X <= 2) * 243, 232 = P(X <= 3) * 243.)
    diet = DietOfWorms.on_board(load_religious_board(EXAMPLE), 1, 2, 2)
    assert diet.catholic_spaces == ("Brandenburg", "Wittenberg")
    assert len(diet.protestant_spaces) == 5  # five dice: five spaces listed, none short
    answer = exact(diet)
    assert answer.p["catholic:Brandenburg"] == pytest.approx(5480 / 19683, abs=1e-15)
    assert answer.p["catholic:Wittenberg"] == pytest.approx(1856 / 19683, abs=1e-15)
    assert answer.p["catholic_flips:2"] == pytest.approx(1856 / 19683, abs=1e-15)
    assert "catholic_flips:3" not in answer.p
    by_hand = difference(5, 4)
    assert sum(p for d, p in by_hand.items() if d >= 1) == pytest.approx(
        answer.p["protestant:Leipzig"], abs=1e-15
    )


@pytest.mark.rule("21", cites="21: a German-zone space of the other influence adjacent")
def test_the_diet_where_the_german_zone_offers_fewer_spaces_than_the_hits():
    # every German-zone space Protestant but Graz: a Protestant win flips Graz alone.
    # DietOfWorms(1, 1, 1): X of 5 dice, Y of 2 (P(Y = 0, 1, 2) = 4, 4, 1 /9);
    # P(X > Y) = 4/9 * 211/243 + 4/9 * 131/243 + 1/9 * 51/243 = 1419/2187 = 473/729.
    german = [
        space
        for space, zone in religion_facts().zones.items()
        if zone == "german" and space != "Graz"
    ]
    board = load_religious_board(EXAMPLE, protestant=german)
    diet = DietOfWorms.on_board(board, 1, 1, 1)
    assert diet.protestant_spaces == ("Graz",)
    answer = exact(diet)
    assert answer.p["protestant:Graz"] == pytest.approx(473 / 729, abs=1e-15)
    assert answer.p["protestant_flips:1"] == pytest.approx(473 / 729, abs=1e-15)
    assert "protestant_flips:2" not in answer.p
    # the draw is 528/2187 (tests/rules/religion/test_religion_diet.py); every other result
    # flips 1 or 2 (the Catholics roll 2 dice): P(flips:2) = P(Y - X = 2) = 1/9 * 32/243
    # = 32/2187
    assert answer.p["flips:2"] == pytest.approx(32 / 2187, abs=1e-15)
    assert answer.p["flips:1"] == pytest.approx(1 - 528 / 2187 - 32 / 2187, abs=1e-15)


def test_the_diet_is_held_on_turn_one():
    from dataclasses import replace

    board = replace(load_religious_board(EXAMPLE), turn=2)
    with pytest.raises(OddsEngineError, match="turn 1"):
        DietOfWorms.on_board(board, 1, 1, 1)


def test_spaces_and_orders_are_checked():
    with pytest.raises(OddsEngineError, match="flip_order orders the spaces"):
        DietOfWorms(1, 1, 1, flip_order="board")
    with pytest.raises(DebateError, match="sea zone|no religious influence"):
        eck_carlstadt(protestant_spaces=("North Sea",))
    with pytest.raises(DebateError, match="listed twice"):
        eck_carlstadt(catholic_spaces=("Wittenberg", "wittenberg"))
    with pytest.raises(OddsEngineError, match="eligible_catholic must be 0..99"):
        DietOfWorms(1, 1, 1, eligible_catholic=-1)
    # pure and hashable: equal specs are one key
    assert hash(eck_carlstadt(catholic_spaces=("Wittenberg",))) == hash(
        eck_carlstadt(catholic_spaces=["Wittenberg"])
    )


# -- Monte Carlo ---------------------------------------------------------------------------


def test_monte_carlo_agrees_with_exact_on_the_capped_figures():
    board = load_religious_board(EXAMPLE)
    debate = Debate.on_board(board, "german", "papacy", attacker="Eck", defender="Carlstadt")
    assert_within_sigmas(simulate(debate, trials=400_000, seed=32), exact(debate))
    diet = DietOfWorms.on_board(board, 1, 3, 3)
    assert_within_sigmas(simulate(diet, trials=400_000, seed=32), exact(diet))


@pytest.mark.slow
def test_the_naive_die_by_die_debate_agrees_on_the_board():
    from tests.naive_debate_reference import naive_debate

    board = load_religious_board(EXAMPLE)
    debate = Debate.on_board(
        board, "german", "papacy", attacker="Eck", defender="Carlstadt", committed="Carlstadt"
    )
    trials = 40_000
    seen = naive_debate(
        "german",
        "papacy",
        debate.debaters,
        debate.committed,
        "Eck",
        None,
        trials,
        32,
        defender="Carlstadt",
        spaces={"protestant": debate.protestant_spaces, "catholic": debate.catholic_spaces},
    )
    answer = exact(debate)
    names = [name for name in answer.p if name.startswith(("flips:", "protestant:", "catholic:"))]
    assert "catholic:Wittenberg" in names and "protestant:Leipzig" in names
    for name in names:
        p = answer.p[name]
        error = (p * (1 - p) / trials) ** 0.5
        assert abs(seen[name] / trials - p) <= 5 * error + 1e-12, name


# -- the command line ----------------------------------------------------------------------


def test_the_debate_command_on_a_scenario(capsys):
    status, out, err = run_cli(
        capsys,
        "debate",
        EXAMPLE,
        "--zone",
        "german",
        "--initiator",
        "papacy",
        "--attacker",
        "Eck",
        "--defender",
        "Carlstadt",
        "--committed",
        "Carlstadt",
        "--debaters",
        "Eck,Carlstadt",
        "--format",
        "json",
    )
    assert status == 0, err
    answer = json.loads(out)
    assert answer["spec"]["catholic_spaces"] == ["Brandenburg", "Wittenberg"]
    assert answer["spec"]["eligible_catholic"] == 2 and answer["spec"]["turn"] == 1
    assert answer["p"]["catholic:Wittenberg"] == pytest.approx(26010097 / 43046721, abs=1e-14)
    status, out, err = run_cli(
        capsys,
        "debate",
        EXAMPLE,
        "--zone",
        "german",
        "--initiator",
        "papacy",
        "--attacker",
        "Eck",
        "--flip-order",
        "order:Wittenberg",
        "--exact",
    )
    assert status == 0, err
    assert (
        "A Papal winner flips at most 2, in this order (flip order order:Wittenberg): "
        "Wittenberg, Brandenburg" in out
    )
    assert "catholic:Wittenberg" in out


def test_the_diet_command_on_a_scenario(capsys):
    status, out, err = run_cli(
        capsys,
        "diet",
        EXAMPLE,
        "--protestant-cp",
        "1",
        "--papal-cp",
        "2",
        "--hapsburg-cp",
        "2",
        "--format",
        "csv",
    )
    assert status == 0, err
    rows = {line.split(",")[0]: line for line in out.splitlines()}
    assert float(rows["catholic:Wittenberg"].split(",")[2]) == pytest.approx(1856 / 19683)


@pytest.mark.parametrize("argv, words", [
    (["debate", "vienna", "--zone", "german", "--initiator", "papacy"],
     ["no [religion] table"]),
    (["debate", EXAMPLE, "--zone", "german", "--initiator", "papacy", "--committed",
      "Calvin"], ["Calvin is not in play on turn 1"]),
    (["debate", EXAMPLE, "--zone", "german", "--initiator", "papacy", "--committed",
      "Calvinus"], ["unknown debater"]),
    (["debate", EXAMPLE, "--zone", "german", "--initiator", "papacy", "--turn", "2"],
     ["turn 2 contradicts the scenario's turn 1"]),
    (["debate", EXAMPLE, "--zone", "german", "--initiator", "papacy", "--eligible", "2"],
     ["--eligible comes from the board"]),
    (["debate", EXAMPLE, "--zone", "german", "--initiator", "papacy", "--augsburg"],
     ["--augsburg comes from the board"]),
    (["debate", EXAMPLE, "--zone", "german", "--initiator", "papacy", "--flip-order",
      "nearest"], ["unknown flip order"]),
    (["debate", "--zone", "german", "--initiator", "papacy", "--turn", "1", "--flip-order",
      "board"], ["--flip-order reads a board"]),
    (["debate", "--zone", "german", "--initiator", "papacy"], ["give --turn"]),
    (["diet", "vienna", "--protestant-cp", "1", "--papal-cp", "1", "--hapsburg-cp", "1"],
     ["no [religion] table"]),
    (["diet", EXAMPLE, "--protestant-cp", "1", "--papal-cp", "1", "--hapsburg-cp", "1",
      "--eligible-spaces", "2"], ["--eligible-spaces comes from the board"]),
    (["diet", EXAMPLE, "--table"], ["drop the scenario"]),
    (["diet", "--protestant-cp", "1", "--papal-cp", "1", "--hapsburg-cp", "1",
      "--protestant", "Leipzig"], ["--protestant reads a board"]),
])  # fmt: skip
def test_refusals_on_the_board(capsys, argv, words):
    refused(capsys, argv, words)

"""Bad command lines end in one line on stderr and exit status 2, never a traceback, and
no option is silently ignored (issue 10, items 2, 3, 5, 6 and 7)."""

import pytest
from conftest import refused

from oddsengine.cli import main

HUGE = "1" + "0" * 30
BATTLE = ["battle", "--attacker", "4R Suleiman", "--defender", "hapsburg: 2R"]
NEEDED = ["needed", "assault", "--attacker", "?R", "--defender", "hapsburg: 2R"]
SIEGE = ["siege", "--besiegers", "9R Suleiman", "--garrison", "hapsburg: 2R"]
TABLE = ["table", "assault", "--attacker", "3..4R L1", "--defender", "1..2R"]


@pytest.mark.parametrize(
    "extra, words",
    [
        (["--trials", "inf"], ["--trials", "'inf'"]),
        (["--trials", "1e400"], ["--trials"]),
        (["--trials", "nan"], ["--trials"]),
        (["--trials", "9" * 5000], ["--trials", "characters"]),
        (["--precision", "0.01", "--max-trials", "inf"], ["--max-trials"]),
        (["--precision", "1e-300"], ["finer than any run can reach"]),
        (["--precision", "1e-160"], ["at least 1e-06"]),
        (["--seed", "9" * 5000], ["--seed"]),
    ],
)
def test_numbers_no_run_can_use_are_refused_in_one_line(capsys, extra, words):
    refused(capsys, BATTLE + extra, words)


def test_trials_above_the_maximum_are_refused_with_the_reason(capsys):
    # Item 5: 1e12 trials used to run 10^9 and say so only in the output.
    line = refused(capsys, [*BATTLE, "--trials", "1e12"])
    assert "at most 1,000,000,000 trials" in line
    refused(capsys, [*BATTLE, "--precision", "0.01", "--max-trials", "2e9"], ["at most"])


@pytest.mark.parametrize(
    "force",
    [
        f"hapsburg: {HUGE}R",
        "hapsburg: " + "9" * 5000 + "R",
        "hapsburg: 100R",
        "hapsburg: 1030R",
    ],
)
def test_counts_beyond_the_counter_mix_are_refused_before_any_work(capsys, force):
    line = refused(
        capsys, ["battle", "--attacker", "4R", "--defender", force, "--exact"], ["at most 99"]
    )
    assert len(line) < 300


@pytest.mark.parametrize(
    "argv, words",
    [
        ([*BATTLE, "--attacker-cards", "9" * 5000], ["does not change a land combat"]),
        (["battle", "--attacker", "13R Suleiman Suleiman", "--defender", "hapsburg: 4R"],
         ["Suleiman is listed twice"]),
        # Item 6: a table with an unknown card used to exit 0 with every cell refused.
        ([*TABLE, "--attacker-cards", "gandalf"], ["unknown card 'gandalf'"]),
        ([*TABLE, "--responses", "999"], ["card #999"]),
        # A siege takes the same trial and seed limits as a single combat.
        ([*SIEGE, "--trials", "inf"], ["--trials"]),
        ([*SIEGE, "--trials", "1e12"], ["at most"]),
        ([*SIEGE, "--seed", "-5"], ["--seed"]),
        ([*SIEGE, "--exact", "--seed", "3"], ["--exact takes no --seed"]),
        # A heat map of too many ranges: 29,403 scenarios were answered, and a note
        # printed, before the refusal.
        (["plot", "assault", "--attacker", "1..99R L0..2", "--defender", "1..99R", "--out",
          "x.png", "--heatmap"], ["these vary too: attacker_rating"]),
    ],
)  # fmt: skip
def test_a_bad_command_line_is_refused_in_one_line(capsys, argv, words):
    refused(capsys, argv, words)


@pytest.mark.parametrize(
    "template, words",
    [
        (f"1..{HUGE}R", ["at most 99 regulars"]),
        ("1..100R", ["at most 99 regulars"]),
        ("L0..3", ["battle rating is 0, 1 or 2"]),
        ("0..99R 0..99M L0..2", ["120000 scenarios is too large: at most 10000"]),
    ],
)
def test_templates_beyond_the_limits_are_refused_by_table(capsys, template, words):
    command = ["table", "battle", "--attacker", template, "--defender", "hapsburg: 1..4R"]
    refused(capsys, command, words)


@pytest.mark.parametrize(
    "extra, words",
    [
        (["--gout-target", "Suleiman"], ["Gout (#32) is not played"]),
        (["--policy", "janissaries=always"], ["janissaries is not played"]),
        (["--side", "attacker"], ["--side", "--card-value"]),
        (["--card-value", "--trials", "1000"], ["--card-value", "--trials"]),
        (["--card-value", "--seed", "3"], ["--seed"]),
        (["--card-value", "--compare"], ["--compare"]),
        (["--exact", "--max-trials", "1000"], ["--exact takes no --max-trials"]),
        (["--exact", "--trials", "1000"], ["--exact takes no --trials"]),
        (["--max-trials", "1000"], ["--max-trials caps a --precision run"]),
        (["--exact", "--seed", "3"], ["--exact takes no --seed"]),
        (["--exact", "--survivors", "--format", "csv"], ["--survivors", "table format only"]),
        (["--precision", "0.01", "--trials", "5000", "--max-trials", "1000"], ["more than"]),
    ],
)
def test_options_that_would_be_ignored_are_refused(capsys, extra, words):
    # Item 7: never ignore an option.
    refused(capsys, BATTLE + extra, words)


@pytest.mark.parametrize("target, dice", [("Ibrahim", 6), ("Suleiman", 5)])
def test_gout_target_with_gout_is_used(capsys, target, dice):
    # RULES.md 6 (14) steps 2-3: attacker dice = land units + best battle rating, defender
    # dice = land units + best rating + 1; Gout (#32) keeps its target out, so 4 + 2 with
    # Suleiman left (rating 2), 4 + 1 with Ibrahim left (rating 1); the defender 2 + 0 + 1.
    command = ["battle", "--attacker", "4R Suleiman Ibrahim", "--defender", "hapsburg: 2R"]
    status = main([*command, "--responses", "gout", "--gout-target", target, "--exact"])
    assert status == 0
    assert f"Dice: attacker {dice}, defender 3" in capsys.readouterr().out


def test_end_states_are_not_asked_of_the_csv_format(capsys):
    refused(capsys, ["move", "vienna", "--exact", "--format", "csv", "--states", "3"], ["--states"])
    assert main(["move", "vienna", "--exact", "--format", "csv"]) == 0


@pytest.mark.parametrize("option", ["--defender", "--retreat"])
def test_an_empty_move_policy_is_refused_not_ignored(capsys, option):
    refused(capsys, ["move", "vienna", option, ""], ["policy ''"])


@pytest.mark.parametrize("command", ["intercept", "avoid"])
def test_a_roll_has_no_survivors_option(capsys, command):
    roles = ["--interceptor", "--mover"] if command == "intercept" else ["--defender", "--attacker"]
    argv = [command, roles[0], "hapsburg: 2R", roles[1], "4R", "--exact", "--survivors"]
    refused(capsys, argv, ["unrecognized arguments: --survivors"])


@pytest.mark.parametrize(
    "argv, option",
    [
        (["battle", "--attacker", "4R", "--attacker", "5R", "--defender", "3R"], "--attacker"),
        ([*BATTLE, "--trials", "100", "--seed", "1", "--seed=2"], "--seed"),
        ([*BATTLE, "--attacker-cards", "gout", "--attacker-car", "gout"], "--attacker-cards"),
        ([*NEEDED, "--target", "0.5", "--target", "0.6"], "--target"),
        (["move", "vienna", "--defender", "fight", "--defender", "best"], "--defender"),
    ],
)
def test_an_option_of_one_value_given_twice_is_refused(capsys, argv, option):
    # argparse kept the last value and dropped the others without a word.
    refused(capsys, argv, [f"{option} is given more than once"])


def test_options_that_collect_their_values_and_flags_may_repeat(capsys):
    siege = ["siege", "--besiegers", "5R Suleiman", "--garrison", "hapsburg: 2R", "--exact"]
    assert main([*siege, "--schedule", "2=3R", "--schedule", "3=1R"]) == 0
    assert main([*BATTLE, "--exact", "--exact"]) == 0
    capsys.readouterr()


SIEGE_5R = ["siege", "--besiegers", "5R Suleiman", "--garrison", "hapsburg: 2R"]


@pytest.mark.parametrize(
    "argv, words",
    [
        ([*SIEGE_5R, "--after-move", ""], "--after-move takes the siege from the move"),
        (["siege", "--after-move", "vienna", "--besiegers", ""], "no --besiegers"),
        (["siege", "--after-move", ""], "no scenario named"),
        (["move", ""], "no scenario named"),
        (["plan", " "], "no plan named"),
        ([*NEEDED, "--target", "0.5", "--defender-policy", ""], "takes no scenario"),
        ([*BATTLE, "--attacker-casualty-order", ""], "empty casualty order ''"),
        ([*BATTLE, "--defender-casualty-order", " "], "empty casualty order ' '"),
        (["foreign-war", "--war", "persia", "--force", "5R", "--casualty-order", ""], "empty"),
    ],
)
def test_an_empty_value_is_refused_not_taken_for_no_option(capsys, argv, words):
    # Each was read as if the option were not given: "--after-move ''" ran the siege of
    # --besiegers, an empty casualty order the default one.
    refused(capsys, argv, [words])


TABLE = ["table", "assault", "--attacker", "4..5R", "--defender", "1R"]


@pytest.mark.parametrize(
    "argv, words",
    [
        ([*BATTLE, "--compare", "--exact"], "--compare runs both engines: it takes no --exact"),
        ([*BATTLE, "--compare", "--method", "exact"], "it takes no --method exact"),
        ([*BATTLE, "--compare", "--method", "monte-carlo"], "it takes no --method monte-carlo"),
        (["move", "vienna", "--compare", "--exact"], "it takes no --exact"),
        ([*TABLE, "--method", "exact", "--precision", "0.01"], "--precision is for Monte Carlo"),
        ([*TABLE, "--method", "exact", "--seed", "1"], "--seed is for Monte Carlo"),
        (["plot", *TABLE[1:], "--out", "x.png", "--method", "exact", "--seed", "1"], "--seed is"),
    ],
)
def test_an_engine_option_the_engines_chosen_would_ignore_is_refused(capsys, argv, words):
    # --compare ran both engines whatever --exact or --method said; an exact table or
    # plot dropped --precision and --seed.
    refused(capsys, argv, [words])


def test_compare_with_method_auto_runs_both_engines(capsys):
    assert main([*BATTLE, "--compare", "--method", "auto", "--trials", "10000", "--seed", "1"]) == 0
    assert "Exact against Monte Carlo" in capsys.readouterr().out


@pytest.mark.parametrize(
    "extra, words",
    [
        (["--defender", "avoid:Nowhere"], "unknown space 'Nowhere'"),
        (
            ["--vary", "Tyrrhenian Sea=hapsburg: 1..2Sq", "--vary", "tyrrhenian sea=hapsburg: 1Sq"],
            "--vary gives Tyrrhenian Sea twice",
        ),
    ],
)
def test_a_naval_move_refuses_what_it_used_to_drop(capsys, extra, words):
    # With no enemy ships in the Barbary Coast, avoid:Nowhere was never read; of two
    # templates for one location the first was dropped.
    refused(capsys, ["naval-move", "barbary_coast", "--exact", *extra], [words])


@pytest.mark.parametrize(
    "argv, words",
    [
        ([*TABLE, "--attacker-cards", "janissaries"], "nothing to table: 2 of 2 scenarios refused"),
        (
            ["table", "naval", "--attacker", "ottoman: 1..2R", "--defender", "hapsburg: 2Sq"],
            "land units do not fight at sea",
        ),
        (["plot", *TABLE[1:], "--out", "x.png", "--attacker-cards", "xyz"], "unknown card 'xyz'"),
        (
            ["plot", *TABLE[1:], "--out", "x.png", "--defender-cards", "janissaries"],
            "every scenario is refused: Janissaries cannot be played in an assault",
        ),
    ],
)
def test_a_grid_of_which_every_cell_is_refused_is_refused_in_one_line(capsys, argv, words):
    # A table was written with every cell refused (exit 0); a plot printed a note and then
    # "nothing to plot" on a second line.
    refused(capsys, argv, [words])


def test_a_refused_table_or_plot_leaves_the_file_there_as_it_was(tmp_path, capsys):
    for name, command in (("keep.md", "table"), ("keep.png", "plot")):
        out = tmp_path / name
        out.write_text("earlier\n")
        argv = [command, *TABLE[1:], "--attacker-cards", "janissaries", "--out", str(out)]
        refused(capsys, argv, ["refused"])
        assert out.read_text() == "earlier\n"


def test_a_sweep_of_which_every_scenario_is_refused_for_one_reason_writes_nothing(tmp_path, capsys):
    # A [fixed] scenario file that does not exist: 11 rows of "no scenario file 'x'"
    # were written, exit 0.
    from oddsengine.shipped import shipped_path

    text = shipped_path("examples", "barbary_coast_sweep.toml").read_text()
    assert 'scenario = "barbary_coast"' in text
    spec = tmp_path / "sweep.toml"
    spec.write_text(text.replace('scenario = "barbary_coast"', 'scenario = "x"'))
    out = tmp_path / "out.csv"
    out.write_text("earlier\n")
    argv = ["sweep", str(spec), "--out", str(out), "--overwrite", "--quiet"]
    refused(capsys, argv, ["every scenario is refused: no scenario file 'x'"])
    assert out.read_text() == "earlier\n"


@pytest.mark.parametrize(
    "argv, words",
    [
        (["battle", "--attackr", "4R"], "--attackr; did you mean --attacker?"),
        ([*BATTLE, "--trails", "100"], "unrecognized arguments: --trails; did you mean --trials?"),
        ([*BATTLE, "--in-port"], "unrecognized arguments: --in-port"),
    ],
)
def test_a_mistyped_option_is_named_before_a_missing_one(capsys, argv, words):
    # argparse said "the following arguments are required: --attacker, --defender".
    refused(capsys, argv, [words])


@pytest.mark.parametrize(
    "argv, option",
    [
        (["debaters", "--side", "papacy", "--exact"], "--exact"),
        (["foreign-war", "--war", "persia", "--force", "5R", "--side", "attacker"], "--side"),
        (["intercept", "--interceptor", "2R", "--mover", "2R", "--survivors"], "--survivors"),
    ],
)  # fmt: skip
def test_an_option_of_another_command_is_not_offered_a_name_that_merely_looks_alike(
    capsys, argv, option
):
    # Issue 39: "did you mean --debater?" for attempts --exact, "--precision?" for
    # --fractions: the "--" every option starts with counted as two matching characters.
    line = refused(capsys, argv, [f"unrecognized arguments: {option}"])
    assert "did you mean" not in line


@pytest.mark.parametrize(
    "argv",
    [
        ["attempts", "religion_1517", "--source", "95-theses"],
        SIEGE,
        ["foreign-war", "--war", "persia", "--force", "5R"],
        ["move", "vienna"],
        ["naval-move", "barbary_coast"],
        ["plan", "vienna_siege_plan"],
    ],
)  # fmt: skip
def test_fractions_are_refused_in_words_where_the_exact_answer_is_summed_in_floats(capsys, argv):
    # Issue 39: --fractions wherever the answer is exact. These exact answers add up many
    # draws in floating point (a run of attempts, impulses, a move's rolls): no fraction is
    # read back, and the refusal says so rather than leave --fractions unexplained.
    line = refused(capsys, [*argv, "--exact", "--fractions"], ["unrecognized arguments: "
                   "--fractions (", f"{argv[0]}'s exact answer", "floating point"])  # fmt: skip
    assert "did you mean" not in line


@pytest.mark.parametrize("command", [TABLE, ["sweep", "assault_sweep"], ["plot", *TABLE[1:]]])
def test_fractions_are_refused_in_words_by_the_commands_of_many_answers(capsys, command):
    refused(capsys, [*command, "--exact", "--fractions"],
            [f"{command[0]} gives many", "its kind's command and --fractions"])  # fmt: skip


@pytest.mark.parametrize(
    "argv, words",
    [
        (["battle", "--attacker", ": 4R", "--defender", "hapsburg: 3R"], "no power before ':'"),
        (["naval", "--attacker", " : 2Sq", "--defender", "hapsburg: 2Sq"], "no power before ':'"),
        (["table", "assault", "--attacker", ": 4..5R", "--defender", "1R"], "no power before"),
        (["needed", "assault", "--attacker", ": ?R", "--defender", "1R", "--target", "0.5"],
         "needed assault: no power before ':' in force ': 0R'"),
    ],
)  # fmt: skip
def test_an_empty_power_before_the_colon_is_refused(capsys, argv, words):
    # ": 4R" took the default power; needed answered "no legal force" with exit 0, each
    # candidate's reason differing only by the force it quoted.
    refused(capsys, argv, [words])


@pytest.mark.parametrize(
    "extra, words",
    [
        (["--stack", "Linz=hapsburg: 4R", "--stack", "linz=hapsburg: 1R"], "--stack gives linz"),
        (["--control", "Linz=hapsburg", "--control", "Linz=ottoman"], "--control gives Linz"),
    ],
)
def test_a_what_if_giving_one_space_twice_is_refused(capsys, extra, words):
    # The first was replaced by the second without a word (needed --stack refused it).
    refused(capsys, ["move", "vienna", "--exact", *extra], [words, "twice"])


@pytest.mark.parametrize(
    "argv",
    [
        [*TABLE, "--seed", "9" * 5000],
        [*NEEDED, "--target", "9" * 5000],
        [*NEEDED, "--target", "0.5", "--max-units", "9" * 5000],
    ],
    ids=["table-seed", "needed-target", "needed-max-units"],
)
def test_argparse_refusals_of_a_huge_value_stay_short(capsys, argv):
    # argparse quoted the whole value: a line of 5,000 characters.
    line = refused(capsys, argv, [" characters)"])
    assert len(line) < 300


@pytest.mark.parametrize(
    "argv, words",
    [
        (["move", "vienna", "--format", "markdown", "--states", "3"], "not markdown"),
        (["naval-move", "barbary_coast", "--format", "bbcode", "--states", "3"], "not bbcode"),
        (
            ["naval-move", "barbary_coast", "--vary", "Tyrrhenian Sea=hapsburg: 1..2Sq"]
            + ["--states", "3"],
            "not of a --vary table",
        ),
    ],
)
def test_end_states_are_not_asked_where_none_is_listed(capsys, argv, words):
    # The forum formats and a --vary table list no end state: --states was dropped.
    refused(capsys, argv, ["--states", words])


VARY = ["naval-move", "barbary_coast", "--vary", "Tyrrhenian Sea=hapsburg: 1..2Sq"]


@pytest.mark.parametrize(
    "extra, words",
    [
        (["--precision", "0.01"], "--precision is not taken by a --vary table"),
        (["--trials", "1000", "--max-trials", "1000"], "--max-trials is not taken"),
        (["--survivors"], "--survivors is not taken"),
        (["--format", "markdown"], "not markdown"),
    ],
)
def test_a_vary_table_refuses_what_it_does_not_take(capsys, extra, words):
    # Each was dropped: the table ran 100,000 trials and printed plain text.
    refused(capsys, [*VARY, *extra], [words])


@pytest.mark.parametrize(
    "argv, words",
    [
        (["move", "vienna", "--defender", "fihgt"],
         "move: error: --defender: unknown defender policy 'fihgt'"),
        (["move", "vienna", "--retreat", "prefr:Linz"], "error: --retreat: unknown retreat"),
        (["move", "vienna", "--defender", "fight", "--retreat", "prefer:Nowhere"],
         "error: --retreat: unknown space 'Nowhere'"),
        (["naval-move", "barbary_coast", "--defender", "fihgt"],
         "naval-move: error: --defender: unknown defender policy 'fihgt'"),
    ],
)  # fmt: skip
def test_a_typo_in_an_option_names_the_option_not_the_scenario_file(capsys, argv, words):
    refused(capsys, argv, [words])


def test_the_file_is_named_when_the_file_is_wrong(tmp_path, capsys):
    from oddsengine.shipped import shipped_path

    text = shipped_path("examples", "vienna.toml").read_text()
    path = tmp_path / "mine.toml"
    path.write_text(text.replace('defender = "best"', 'defender = "fihgt"'))
    refused(capsys, ["move", str(path)], [f"{path}: move: unknown defender policy 'fihgt'"])
    # Given on the command line too, the option is right and the file's value replaced.
    assert main(["move", str(path), "--defender", "fight", "--exact", "--format", "json"]) == 0


@pytest.mark.parametrize(
    "argv, offered, not_offered",
    [
        (["move", "viena"], "did you mean 'vienna'? shipped scenarios: taranto_transport, "
         "tunis_transport, vienna", ("plan", "sweep", "barbary_coast")),
        (["naval-move", "barbary"], "did you mean 'barbary_coast'? shipped scenarios: "
         "barbary_coast, tyrrhenian_sea", ("plan", "sweep", "vienna")),
    ],
)  # fmt: skip
def test_a_misspelt_scenario_is_offered_scenarios_only(capsys, argv, offered, not_offered):
    try:
        status = main(argv)
    except SystemExit as stop:
        status = stop.code
    err = capsys.readouterr().err
    assert status == 2 and offered in err
    assert not any(word in err for word in not_offered), err


def test_a_misspelt_plan_is_offered_the_shipped_plans_only(capsys):
    refused(capsys, ["plan", "vienna_defence"],
            ["did you mean 'vienna_defence_plan'", "shipped plans: "])  # fmt: skip
    # The plans listed are plan files only: no scenario, no sweep.
    from oddsengine.moves.scenario_file import scenario_names

    plans = scenario_names(("plan",))
    assert "vienna_siege_plan" in plans and "vienna" not in plans
    assert "assault_sweep" not in plans

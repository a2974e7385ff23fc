"""The registry of kinds: one record per kind, read by tables, plots, sweeps and the CLI."""

import ast
import contextlib
import json
import shlex
from dataclasses import dataclass, fields
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import assert_within_sigmas, refused, run_cli

import oddsengine as oe
from oddsengine.combat.forces import parse_force
from oddsengine.combat.unit_types import LAND_LETTERS
from oddsengine.errors import OddsEngineError
from oddsengine.faces.tables import HEADLINES, ROLES
from oddsengine.kinds import (
    KINDS,
    NEEDED_KINDS,
    SPEC_KINDS,
    Engagement,
    kind_of,
    named,
    register_kind,
)
from oddsengine.option_field import option


def test_every_kind_names_its_spec_and_its_headline_is_an_outcome():
    for name, kind in KINDS.items():
        assert kind.spec.kind == name
        if kind.headline is not None:
            assert kind.headline in kind.spec.outcome_names


def test_specs_meet_the_engagement_protocol():
    specs = [
        oe.FieldBattle("3R", "hapsburg: 2R"),
        oe.Assault("3R", "hapsburg: 1R"),
        oe.NavalBattle("3Sq", "hapsburg: 2Sq"),
        oe.ForeignWar("persia", "4R"),
    ]
    assert all(isinstance(spec, Engagement) for spec in specs)


def test_every_kind_but_a_campaign_states_the_protocol_on_its_class():
    # A siege campaign is a sequence of assaults, a debate a tree of draws (RULES.md §20):
    # neither has a single draw plan of its own; nor has a run of attempts, on a board or
    # swept from a scenario (a policy's tree of attempts, RULES.md §19).
    names = ("outcome_names", "event_names", "draw_plan", "outcome_columns", "describe")
    campaigns = ("siege-campaign", "debate", "attempts", "attempts-scenario")
    for name, kind in KINDS.items():
        present = all(hasattr(kind.spec, attribute) for attribute in names)
        assert present == (name not in campaigns), name


def test_tables_and_sweeps_read_the_registry():
    assert HEADLINES == {"battle": "attacker_wins", "assault": "success"} | {
        "intercept": "success",
        "avoid": "success",
        "naval": "attacker_wins",
        "reformation": "success",
        "counter-reformation": "success",
        "debate": "papal_wins",  # its own table: rows and columns of debaters' names
        "rough-wooing": "success",  # England's units in Scotland by France's (RULES.md §28.5)
        "council-of-trent": "papal_wins",  # the Papacy's dice by the Protestant's (§28.10)
    }
    assert ROLES["avoid"] == ("defender", "attacker")
    assert ROLES["reformation"] == ("protestant_dice", "papal_dice")
    assert set(SPEC_KINDS) == {
        "battle", "assault", "intercept", "avoid", "naval", "naval-intercept",
        "naval-avoid", "piracy", "foreign-war", "naval-move-scenario",
        "reformation", "counter-reformation", "debate",
        "diet", "voyage", "conquest", "voyages",
        "reformation-scenario", "counter-reformation-scenario", "attempts-scenario",
        "heirs", "mary-i",
        "book-of-common-prayer", "michelangelo", "fountain-of-youth", "threat-to-power",
        "rough-wooing", "chateaux", "city-state-rebels", "council-of-trent", "andrea-doria",
        "sack-of-rome", "riches", "riches-turn",
    }  # fmt: skip
    assert "move" not in SPEC_KINDS and "move" in KINDS


def test_register_kind_adds_a_record_and_refuses_a_non_dataclass():
    register_kind("assault-again", oe.Assault, headline="success", title="Assault")
    try:
        assert SPEC_KINDS["assault-again"] is oe.Assault
        assert kind_of("assault-again").headline == "success"
    finally:
        del SPEC_KINDS["assault-again"]
    assert "assault-again" not in KINDS
    with pytest.raises(OddsEngineError, match="not a spec dataclass"):
        register_kind("nothing", object)
    with pytest.raises(OddsEngineError, match="unknown kind 'nothing'"):
        kind_of("nothing")


def test_the_plots_read_a_kinds_words_for_success_from_its_record():
    from oddsengine.faces.plots import chance_label

    worded = [kind for kind in KINDS.values() if kind.success_words]
    assert {kind.name for kind in worded} >= {"assault", "intercept", "avoid", "piracy"}
    for kind in worded:
        assert chance_label("success", kind.name) == f"chance {kind.success_words}"


def test_the_table_and_plot_help_is_written_from_the_registry(capsys):
    from oddsengine.cli import main
    from oddsengine.kinds import table_kinds

    for command in ("table", "plot"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        text = " ".join(capsys.readouterr().out.split())
        for kind in table_kinds():
            assert kind.name in text
            # A plot of a fixed chart reads no force: its roles are not offered there.
            offered = command == "table" or not kind.fixed_chart
            for role in kind.roles:
                # A force is a template; an attempt's dice a count or a range of counts.
                metavar = "N|LOW..HIGH" if role.endswith("_dice") else "TEMPLATE"
                shown = f"--{role.replace('_', '-')} {metavar}" in text
                assert shown == offered or role in {
                    role for other in table_kinds() if not other.fixed_chart for role in other.roles
                }, (command, kind.name, role)
    # The one table default: intercept and avoid run over their records' sides.
    intercept = kind_of("intercept")
    assert intercept.fixed_chart and intercept.default_sides == ("4R L0..2", "ottoman: 3R 0..1C")


# -- a new kind: its spec and one registry entry ------------------------------------------


@dataclass(frozen=True)
class HillBattle(oe.FieldBattle):
    """A field battle under another name: a kind the package does not ship."""

    kind = "hill-battle"


def _hill_battle(forces, within, **parameters):
    return HillBattle(forces["attacker"], forces["defender"], **parameters)


def _exact_chances(question, method, precision, seed):
    return dict(oe.exact(question).p)


@contextlib.contextmanager
def _field_battle_kind(name, spec, build, **record):
    """``name`` registered as a field battle of spec class ``spec`` whose force-needed
    record builds each candidate with ``build`` (and the other fields of its ``record``);
    removed afterwards."""
    oe.register_kind(
        name,
        spec,
        headline="attacker_wins",
        roles=("attacker", "defender"),
        rule="field battle, rule 14",
        needed=oe.NeededKind(
            ("attacker", "defender"),
            LAND_LETTERS,
            build,
            _exact_chances,
            lambda question, role, within: f"{role}_wins",
        ),
        **record,
    )
    try:
        yield kind_of(name)
    finally:
        del KINDS[name]
    assert name not in NEEDED_KINDS


@pytest.fixture
def hill_battle():
    """``hill-battle`` registered with its spec and one record (its force-needed record
    among the fields), removed afterwards."""
    explorer = oe.kinds.ExplorerEntry(
        ("attacker", "defender"), ("1R", "hapsburg: 1R"), ("active", "other"), "land"
    )
    with _field_battle_kind("hill-battle", HillBattle, _hill_battle, title="Hill battle",
                            table=True, explorer=explorer, card_engagement="battle",
                            arguments="battle") as kind:  # fmt: skip
        yield kind


# 14 steps 2-3 by hand (hits on 5-6, the defender's extra die, a tie to the defender):
# 1R against 1R is 1 die against 2, won with a hit against two misses: 1/3 * 4/9 = 4/27;
# 2R against 1R is 2 dice against 2: 4/9 * 4/9 (one hit, no hit) + 1/9 * 8/9 (two hits,
# at most one) = 24/81.
BY_HAND = {"1R": Fraction(4, 27), "2R": Fraction(24, 81)}


def test_a_new_kind_is_answered_by_both_engines(hill_battle):
    for attacker, chance in BY_HAND.items():
        exact = oe.exact(HillBattle(attacker, "hapsburg: 1R"))
        assert exact.p["attacker_wins"] == pytest.approx(float(chance), abs=1e-15)
        sampled = oe.simulate(HillBattle(attacker, "hapsburg: 1R"), trials=200_000, seed=21)
        assert_within_sigmas(sampled, exact, ["attacker_wins", "defender_wins"])


def test_a_new_kind_is_swept_tabled_and_searched(hill_battle, capsys):
    frame = oe.sweep("hill-battle", {"attacker": "1..2R", "defender": "hapsburg: 1R"},
                     progress=False)  # fmt: skip
    won = frame[frame["outcome"] == "attacker_wins"].set_index("attacker")["probability"]
    assert won.to_dict() == pytest.approx({k: float(v) for k, v in BY_HAND.items()}, abs=1e-15)

    table = oe.odds_table("hill-battle", "1..2R", "hapsburg: 1R")
    assert table.caption().startswith("Hill battle: probability of attacker wins")
    assert table.probability.iloc[:, 0].tolist() == pytest.approx([4 / 27, 24 / 81], abs=1e-15)
    status, out, _ = run_cli(capsys, "table", "hill-battle", "--attacker", "1..2R",
                             "--defender", "hapsburg: 1R", "--format", "csv")  # fmt: skip
    assert status == 0 and out.splitlines()[1].startswith("1R,0.148148")

    answer = oe.needed("hill-battle", attacker="?R", defender="hapsburg: 1R", target=0.25)
    assert (answer.value, answer.event) == (2, "attacker_wins")
    assert answer.p == pytest.approx(24 / 81, abs=1e-15)
    assert answer.p_below == pytest.approx(4 / 27, abs=1e-15)
    status, out, _ = run_cli(capsys, "needed", "hill-battle", "--attacker", "?R",
                             "--defender", "hapsburg: 1R", "--target", "0.25")  # fmt: skip
    assert status == 0 and "2R: P(attacker_wins) = 29.63%" in out


def test_a_new_kind_is_explored_with_no_branch_of_its_own(hill_battle, capsys):
    # Its explorer entry is enough: the spec is its class called with the boxes' forces,
    # leaders and cards, and the command line runs through its own command.
    from oddsengine.faces._explore_questions import (
        ENGAGEMENTS,
        build_spec,
        command_line,
        offered_cards,
        solve,
        takes_cards,
    )

    assert ENGAGEMENTS["hill-battle"] == ("Hill battle", ("attacker", "defender"),
                                          ("1R", "hapsburg: 1R"))  # fmt: skip
    values = {"engagement": "hill-battle", "attacker": "1R", "defender": "hapsburg: 1R"}
    spec = build_spec(values)
    assert type(spec) is HillBattle and spec == HillBattle("1R", "hapsburg: 1R")
    result = solve(spec)
    assert result.p["attacker_wins"] == pytest.approx(float(BY_HAND["1R"]), abs=1e-15)
    line = command_line(values)
    assert line == "oddsengine hill-battle --attacker 1R --defender 'hapsburg: 1R' --exact"
    status, out, _ = run_cli(capsys, *shlex.split(line)[1:], "--format", "json")
    assert status == 0
    assert json.loads(out)["p"]["attacker_wins"] == pytest.approx(4 / 27, abs=1e-12)
    # A land combat's cards are offered and played as in a field battle.
    assert takes_cards("hill-battle")
    slugs = [slug for _, slug in offered_cards("hill-battle", 0, (None, None))]
    assert slugs == [slug for _, slug in offered_cards("battle", 0, (None, None))]
    carded = {**values, "attacker": "ottoman: 2R L1", "attacker_cards": ("janissaries",)}
    hill, battle = build_spec(carded), build_spec({**carded, "engagement": "battle"})
    assert type(hill) is HillBattle and hill.attacker_cards[0].slug == "janissaries"
    assert hill == HillBattle(**{f.name: getattr(battle, f.name) for f in fields(battle) if f.init})


def test_a_new_kind_is_offered_by_the_explorer(hill_battle):
    pytest.importorskip("ipywidgets")
    from oddsengine.faces.explore import explore

    calculator = explore("hill-battle")
    assert calculator.error is None
    assert calculator.result.p["attacker_wins"] == pytest.approx(4 / 27, abs=1e-15)
    shown = {key for key, control in calculator.controls.items()
             if control.layout.display != "none"}  # fmt: skip
    assert {"attacker_cards", "defender_casualty_order"} <= shown
    assert not shown & {"in_port", "horizon", "scenario", "war"}
    assert calculator.command_line.startswith("oddsengine hill-battle --attacker 1R")


def test_a_new_kind_is_plotted(hill_battle, tmp_path, capsys):
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from oddsengine.faces.plots import plot_probability

    frame = oe.sweep("hill-battle", {"attacker": "1..2R", "defender": "hapsburg: 1R"},
                     progress=False)  # fmt: skip
    ax = plot_probability(frame, "attacker_regulars")
    try:
        assert ax.get_title().startswith("Hill battle (rule 14): chance the attacker wins, exact")
        (line,) = [line for line in ax.get_lines() if len(line.get_xdata()) == 2]
        assert line.get_ydata().tolist() == pytest.approx([4 / 27, 24 / 81], abs=1e-15)
    finally:
        plt.close(ax.figure)
    out = tmp_path / "hill.png"
    status, printed, _ = run_cli(capsys, "plot", "hill-battle", "--attacker", "1..2R",
                                 "--defender", "hapsburg: 1R", "--out", str(out))  # fmt: skip
    assert status == 0 and printed.strip() == f"wrote {out}"
    assert out.read_bytes().startswith(b"\x89PNG")


def test_the_book_lists_its_pages_from_the_registry_and_pages_a_new_kind(hill_battle):
    from oddsengine.faces.book import page_builders
    from oddsengine.faces.book._pages import odds_table_page

    names = [build.__name__ for build in page_builders()]
    assert names == ["assaults", "battles", "rolls", "sieges", "cards", "needed", "naval",
                     "piracy", "foreign_wars", "attempts", "debates", "diet", "voyages",
                     "theses_opening", "heirs", "card_rolls", "sack_and_riches",
                     "odds_table_page[hill-battle]"]  # fmt: skip
    page = odds_table_page("hill-battle", "test", quick=True)
    assert (page.slug, page.title) == ("hill-battle", "Hill battle")
    table = page.body[0]
    # 14 steps 2-3 by hand: 1R v 1R is 4/27 = 14.81%, 2R v 1R 24/81 = 29.63%, and 1R
    # against 2R (1 die against 3) 1/3 * (2/3)^3 = 8/81 = 9.88%.
    assert "<th scope='row'>1R</th><td style='background:#dfebf7'>14.81%</td>" in table
    assert "9.88%" in table and "29.63%" in table
    assert f"{float(Fraction(4, 27)):.2%}" == "14.81%"
    assert set(page.charts) == {"hill-battle-odds.png", "hill-battle-odds-narrow.png"}


def test_needed_help_lists_the_kinds_from_the_registry(hill_battle, capsys):
    # The shipped kinds keep their order and words (their records' needed_help); a kind
    # registered with a needed record and no place comes last.
    from oddsengine.cli import main

    with pytest.raises(SystemExit):
        main(["needed", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert (
        "KIND is battle, assault, siege, move, naval ('?Sq Doria', '?Co'), naval-move "
        "(SCENARIO, --fleet), foreign-war (--war, --force '?R', --within attempts) or "
        "hill-battle." in text
    )
    listed = "battle, assault, siege, move, naval, naval-move, foreign-war or hill-battle"
    assert f"KIND {listed}" in text


def test_needed_refuses_the_options_of_another_kinds_record(capsys):
    # A kind takes the options its record's needed_options names, and refuses the rest.
    assert set(kind_of("foreign-war").needed_options) >= {"war", "foreign", "cards"}
    status, _, err = run_cli(capsys, "needed", "battle", "--attacker", "?R", "--defender",
                             "2R", "--target", "0.5", "--war", "persia")  # fmt: skip
    assert status != 0 and "needed battle takes no --war (only foreign-war takes it)" in err


def test_the_needed_kinds_are_a_view_of_the_registry():
    # One register_kind: the search's kinds are those it keeps a record of and those whose
    # record brings one, by their command name (the siege campaign is asked as "siege").
    from oddsengine.questions.needed_kinds import SHIPPED, asked_kinds

    assert set(NEEDED_KINDS) == {kind.command for kind in asked_kinds()}
    assert set(SHIPPED) <= set(KINDS)
    assert set(NEEDED_KINDS) == {
        "battle", "assault", "siege", "move", "naval", "naval-move", "foreign-war",
    }  # fmt: skip
    siege = NEEDED_KINDS["siege"]
    assert siege.name == "siege" and siege.rule == KINDS["siege-campaign"].rule
    assert NEEDED_KINDS["naval"].rule == "naval combat, RULES.md §11 (16.2)"


def _dicts_keyed_by_kind_names(source: str, where: str = "") -> list[str]:
    """Each dict written in ``source`` with a kind's name (or command) as a key."""
    names = {*KINDS, *(kind.command for kind in KINDS.values())}
    return [
        f"{where}:{node.lineno}"
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Dict)
        and any(isinstance(key, ast.Constant) and key.value in names for key in node.keys)
    ]


#: The modules where a face keeps its own per-kind layout (the registry holds facts, not
#: pointers into faces): the odds book's tables that ``--table`` prints, the table
#: command's own forms (table debate), the book's contents (its pages, the kinds each
#: covers and why the others have none), the command line's layouts of the answers read
#: from a board (``--states``, ``--vary``) and the explorer's layouts of the combat,
#: campaign and move kinds.
FACE_LAYOUTS = {"faces/book_tables.py", "faces/table_forms.py", "faces/book/contents.py",
                "faces/board_answers.py", "faces/explore_layouts.py"}  # fmt: skip


def test_no_face_keeps_a_dict_keyed_by_kind_names():
    # The registry is the only per-kind table of facts: faces and the command line read
    # its records (explorer entries, role words, card fields, outcome words); a face's own
    # layout of a kind lives in one module of that face (FACE_LAYOUTS).
    package = Path(oe.__file__).parent
    found = [
        line
        for folder in ("faces", "cli")
        for path in sorted((package / folder).rglob("*.py"))
        if str(path.relative_to(package)) not in FACE_LAYOUTS
        for line in _dicts_keyed_by_kind_names(
            path.read_text(encoding="utf-8"), str(path.relative_to(package))
        )
    ]
    assert not found


def test_the_search_sees_a_dict_keyed_by_kind_names():
    # A positive control for the test above: a table of kinds is found, a branch is not.
    assert _dicts_keyed_by_kind_names('_COMMANDS = {"siege-campaign": "siege"}') == [":1"]
    assert _dicts_keyed_by_kind_names('if kind == "naval":\n    words = {"in_port": 1}') == []


def _comparisons_with_kind_names(source: str, where: str = "") -> list[str]:
    """Each comparison written in ``source`` against a kind's name (``kind == "naval"``,
    ``kind in ("battle", "assault")``)."""
    names = {*KINDS, *(kind.command for kind in KINDS.values())}

    def constants(node):
        if isinstance(node, ast.Constant):
            return [node.value]
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            return [value for element in node.elts for value in constants(element)]
        return []

    return [
        f"{where}:{node.lineno}"
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Compare)
        and any(value in names for side in (node.left, *node.comparators)
                for value in constants(side))
    ]  # fmt: skip


def test_the_explorer_and_needed_s_options_name_no_kind():
    # What a kind does there is read from its record (its explorer entry, needed_options,
    # needed_help), not from branches on its name.
    package = Path(oe.__file__).parent
    files = ("faces/_explore_questions.py", "faces/_explore_campaigns.py", "faces/explore.py",
             "faces/_explore_html.py",
             "cli/_needed_commands.py", "faces/book/__init__.py")  # fmt: skip
    found = [
        line
        for name in files
        for line in _comparisons_with_kind_names((package / name).read_text("utf-8"), name)
    ]
    assert not found
    # A positive control: a branch on a kind's name is found.
    assert _comparisons_with_kind_names('if kind == "naval":\n    pass') == [":1"]
    assert _comparisons_with_kind_names('x = kind in ("battle", "assault")') == [":1"]


def test_every_place_a_record_names_can_be_imported():
    # Records name their spec, needed record, explorer builders and book pages as
    # "module:attribute" strings: a renamed module or function fails here, not in a face.
    names = []
    for kind in KINDS.values():
        names.append(kind.spec_class)
        names.append(kind.needed)
        names.extend(where for _, where in kind.book_pages)
        entry = kind.explorer
        entries = [] if entry is None else [entry, *(further for *_, further in entry.also)]
        for each in entries:
            names.extend((each.build, each.words, each.widgets, each.offer, each.answer))
    written = [where for where in names if isinstance(where, str) and where]
    assert len(written) > 20
    for where in written:
        assert named(where) is not None, where


# -- register_kind refuses a record the faces could not read (issue 34) ------------------


@dataclass
class _Unfrozen:
    """A spec that could change once built; it meets the protocol otherwise."""

    side: str = "heads"
    kind = "unfrozen"
    outcome_names = ("heads", "tails")
    event_names = ()
    draw_plan = outcome_columns = describe = title = describe_lines = None


@pytest.mark.parametrize(
    "name, spec_class, record, words",
    [
        ("battle", oe.Assault, {}, "'battle' is a kind the package ships"),
        ("siege", oe.Assault, {}, "'siege' is a kind the package ships"),
        ("", oe.Assault, {}, "a kind's name is one word"),
        (5, oe.Assault, {}, "a kind's name is one word"),
        ("two words", oe.Assault, {}, "a kind's name is one word"),
        ("spec-instance", oe.Assault("3R", "1R"), {}, "is not a spec dataclass"),
        ("not-a-spec", oe.Force, {}, "does not meet the Engagement protocol"),
        ("no-class", object, {}, "is not a spec dataclass"),
        ("nowhere", "no module", {}, "spec_class must be a spec dataclass or 'module:Class'"),
        ("unknown-field", oe.Assault, {"headlin": "success"}, "did you mean 'headline'"),
        ("bad-roles", oe.Assault, {"roles": 5}, "roles must be a tuple of texts, not 5"),
        ("bad-role", oe.Assault, {"roles": ("attacker", "defendr")}, "did you mean 'defender'"),
        ("one-role-table", oe.Assault, {"roles": ("attacker",), "table": True}, "two spec"),
        ("bad-headline", oe.Assault, {"headline": "sucess"}, "did you mean 'success'"),
        ("bad-flag", oe.Assault, {"table": "yes"}, "table must be True or False"),
        ("bad-needed", oe.Assault, {"needed": 5}, "needed must be a NeededKind"),
        ("bad-explorer", oe.Assault, {"explorer": ("a", "b")}, "must be an ExplorerEntry"),
        ("bad-words", oe.Assault, {"outcome_words": {"success": 5}}, "a dict of texts"),
        ("bad-pages", oe.Assault, {"book_pages": ((1, "nowhere"),)}, "'module:function'"),
        ("bad-help", oe.Assault, {"needed_help": (1,)}, "needed_help must be empty"),
        ("bad-arguments", oe.Assault, {"arguments": "batle"}, "did you mean 'battle'"),
        ("bad-command", oe.Assault, {"command": "table plot"}, "a kind's name is one word"),
        ("shipped-command", oe.Assault, {"command": "assault"}, "a kind the package ships"),
    ],
)  # fmt: skip
def test_register_kind_refuses_a_record_the_faces_could_not_read(name, spec_class, record, words):
    before = dict(KINDS)
    with pytest.raises(OddsEngineError, match=words.replace("(", r"\(")):
        register_kind(name, spec_class, **record)
    assert KINDS == before
    assert KINDS["battle"].spec is oe.FieldBattle


def test_register_kind_refuses_a_spec_that_is_not_frozen():
    with pytest.raises(OddsEngineError, match="is not frozen"):
        register_kind("unfrozen", _Unfrozen)
    assert "unfrozen" not in KINDS


def test_register_kind_refuses_options_of_battle_for_a_spec_that_cannot_take_them():
    # The command line would call the spec with the forces, cards and policies of battle.
    with pytest.raises(OddsEngineError, match="give attacker, .*Interception does not take"):
        register_kind("intercept-command", oe.Interception, arguments="battle")
    assert "intercept-command" not in KINDS


@pytest.mark.parametrize(
    "kind", [kind for kind in KINDS.values() if kind.name != "siege-campaign"], ids=str
)
def test_every_shipped_record_under_a_new_name_is_well_formed(kind):
    # The check is of a record's shape: each record the package ships (but the siege
    # campaign's, whose spec has no single draw plan) passes it under a name of its own.
    from oddsengine.kind_checks import check_record
    from oddsengine.kinds import BUILT_IN

    record = {
        field.name: getattr(kind, field.name)
        for field in fields(kind)
        if field.name not in ("name", "spec_class", "command")
    }
    checked = check_record(f"{kind.name}-again", kind.spec_class, record, BUILT_IN)
    assert checked["headline"] == kind.headline


def test_a_new_frozen_spec_meeting_the_protocol_is_registered():
    # As the kinds to come (a reformation attempt, a debate) will be: a spec of its own.
    from oddsengine.draws import DrawPlan

    @dataclass(frozen=True)
    class Coin:
        """One coin: heads or tails."""

        side: str = "heads"

        kind = "coin"
        outcome_names = ("heads", "tails")
        event_names = ()

        def draw_plan(self):
            import numpy as np

            return DrawPlan(np.array([0.5, 0.5]), np.ones((1, 1)))

        def outcome_columns(self, values):
            import numpy as np

            return {"outcome": np.array(["heads", "tails"], dtype=object)[values[0]]}

        def describe(self):
            return {"side": self.side}

        def title(self):
            return "A coin"

        def describe_lines(self):
            return ["A coin"]

    assert isinstance(Coin(), Engagement)
    register_kind("coin", Coin, rule="a test", title="Coin")
    try:
        assert kind_of("coin").headline == "heads"  # the first outcome
        assert oe.exact(Coin()).p["heads"] == 0.5
    finally:
        del KINDS["coin"]


def test_a_kind_registered_without_a_headline_is_tabled_with_its_first_outcome(capsys):
    # "None: the first outcome": the record says so, and a table and the command line's
    # help read it (the help failed on None; a table asked for the outcome None).
    register_kind(
        "hill-battle", HillBattle, roles=("attacker", "defender"), title="Hill battle",
        rule="field battle, rule 14", table=True,
    )  # fmt: skip
    try:
        assert kind_of("hill-battle").headline == "attacker_wins"
        table = oe.odds_table("hill-battle", "1..2R", "hapsburg: 1R")
        assert table.probability.iloc[:, 0].tolist() == pytest.approx(
            [float(chance) for chance in BY_HAND.values()], abs=1e-15
        )
        status, out, _ = run_cli(capsys, "table", "hill-battle", "--attacker", "1..2R",
                                 "--defender", "hapsburg: 1R", "--format", "csv")  # fmt: skip
        assert status == 0 and out.splitlines()[1].startswith("1R,0.148148")
    finally:
        del KINDS["hill-battle"]


# -- a new kind's own option of the force-needed search, read from its declaration ---------


@dataclass(frozen=True)
class RidgeBattle(oe.FieldBattle):
    """A field battle on a ridge: a kind the package does not ship, whose spec declares
    one input of its own that the force-needed search takes."""

    reserves: int = option(
        "regulars who join the defender on the ridge", default=0, low=0, value="count"
    )

    kind = "ridge-battle"


def _ridge_battle(forces, within, reserves=0, **parameters):
    defender = parse_force(forces["defender"])
    defender = defender.with_units(regulars=defender.regulars + reserves)
    return RidgeBattle(forces["attacker"], defender, reserves=reserves, **parameters)


@pytest.fixture
def ridge_battle():
    """``ridge-battle``, whose record names its spec's ``reserves`` among the options of
    the force-needed search; removed afterwards."""
    with _field_battle_kind("ridge-battle", RidgeBattle, _ridge_battle, title="Ridge battle",
                            needed_options=("reserves",)) as kind:  # fmt: skip
        yield kind


# 14 steps 2-3 by hand, against 2R (one reserve joining 1R): 3 defending dice, hits on 5-6,
# a tie to the defender. Defender hits: 0: 8/27, 1: 12/27, 2: 6/27, 3: 1/27.
# 2R attack (2 dice; one hit 4/9, two 1/9): 4/9 * 8/27 + 1/9 * 20/27 = 52/243.
# 3R attack (3 dice; 12/27, 6/27, 1/27): (12*8 + 6*20 + 1*26) / 729 = 242/729.
def test_a_new_kinds_own_needed_option_comes_from_its_declaration(ridge_battle, capsys):
    from oddsengine.cli import main

    with pytest.raises(SystemExit):
        main(["needed", "--help"])
    out = capsys.readouterr().out
    assert "--reserves N" in out
    assert "ridge-battle: regulars who join the defender on the ridge" in " ".join(out.split())

    argv = ["needed", "ridge-battle", "--attacker", "?R", "--defender", "hapsburg: 1R",
            "--target", "0.25", "--format", "json"]  # fmt: skip
    status, out, _ = run_cli(capsys, *argv)  # 2R against 1R: 24/81 (above)
    answer = json.loads(out)
    assert status == 0 and answer["value"] == 2
    assert answer["p"] == pytest.approx(24 / 81, abs=1e-15)
    status, out, _ = run_cli(capsys, *argv, "--reserves", "1")
    answer = json.loads(out)
    assert status == 0 and answer["value"] == 3
    assert (answer["p"], answer["p_below"]) == pytest.approx((242 / 729, 52 / 243), abs=1e-15)

    refused(capsys, ["needed", "battle", "--attacker", "?R", "--defender", "2R", "--target",
                     "0.5", "--reserves", "1"],
            ["needed battle takes no --reserves (only ridge-battle takes it)"])  # fmt: skip
    refused(capsys, [*argv, "--reserves", "many"], ["--reserves", "whole number", "'many'"])

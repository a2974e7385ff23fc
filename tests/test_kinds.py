"""The registry of kinds: one record per kind, read by tables, plots, sweeps and the CLI."""

import pytest

import oddsengine as oe
from oddsengine.errors import OddsEngineError
from oddsengine.faces.tables import HEADLINES, ROLES
from oddsengine.kinds import KINDS, SPEC_KINDS, Engagement, kind_of, register_kind


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
    # A siege campaign is a sequence of assaults: it has no single draw plan of its own.
    names = ("outcome_names", "event_names", "draw_plan", "outcome_columns", "describe")
    for name, kind in KINDS.items():
        present = all(hasattr(kind.spec, attribute) for attribute in names)
        assert present == (name != "siege-campaign"), name


def test_tables_and_sweeps_read_the_registry():
    assert HEADLINES == {"battle": "attacker_wins", "assault": "success"} | {
        "intercept": "success",
        "avoid": "success",
        "naval": "attacker_wins",
    }
    assert ROLES["avoid"] == ("defender", "attacker")
    assert set(SPEC_KINDS) == {
        "battle", "assault", "intercept", "avoid", "naval", "naval-intercept",
        "naval-avoid", "piracy", "foreign-war", "naval-move-scenario",
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
            for role in kind.roles:
                assert f"--{role} TEMPLATE" in text
    # The one table default: intercept and avoid run over their records' sides.
    intercept = kind_of("intercept")
    assert intercept.fixed_chart and intercept.default_sides == ("4R L0..2", "ottoman: 3R 0..1C")

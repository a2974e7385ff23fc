"""Every answer renders for a forum post (issue 39: one writer prints every format for
every command): the force needed and a plan's ranked courses too, whose Markdown and
BBCode are their text, its first line as the caption and the rest in a fixed-width block
that keeps the columns aligned."""

import pytest
from conftest import refused, run_cli

ANSWERS = {
    "needed": ["needed", "battle", "--attacker", "?R", "--defender", "1R", "--target", "0.5"],
    "needed at sea": ["needed", "naval", "--attacker", "?Sq", "--defender", "2Sq",
                      "--target", "0.5"],
    "plan": ["plan", "vienna_siege_plan", "--exact"],
}  # fmt: skip


def _text(capsys, argv) -> list[str]:
    status, out, err = run_cli(capsys, *argv)
    assert status == 0, err
    return out.strip("\n").splitlines()


@pytest.mark.parametrize("name", ANSWERS)
def test_markdown_is_the_text_with_its_caption_in_bold(name, capsys):
    text = _text(capsys, ANSWERS[name])
    markdown = _text(capsys, [*ANSWERS[name], "--format", "markdown"])
    assert markdown[0] == f"**{text[0]}**"
    assert markdown[2] == "```" and markdown[-1] == "```"
    assert markdown[3:-1] == "\n".join(text[1:]).strip("\n").splitlines()


@pytest.mark.parametrize("name", ANSWERS)
def test_bbcode_is_the_text_with_its_caption_in_bold(name, capsys):
    text = _text(capsys, ANSWERS[name])
    bbcode = "\n".join(_text(capsys, [*ANSWERS[name], "--format", "bbcode"]))
    caption, _, block = bbcode.partition("\n")
    assert caption == f"[b]{text[0]}[/b]"
    assert block.startswith("[c]") and block.endswith("[/c]")
    assert block[3:-4] == "\n".join(text[1:]).strip("\n")


def test_the_table_only_formats_are_still_refused_for_one_answer(capsys):
    refused(capsys, [*ANSWERS["needed"], "--format", "html"], ["html", "--targets"])


def test_a_targets_table_keeps_its_own_markdown(capsys):
    # The table of several targets writes its own Markdown table, as before.
    argv = ["needed", "battle", "--attacker", "?R", "--defender", "1..3R", "--targets", "0.5,0.75"]
    lines = _text(capsys, [*argv, "--format", "markdown"])
    assert any(line.startswith("|") for line in lines) and "```" not in lines

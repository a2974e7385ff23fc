"""How a run of attempts' answer is written (RULES.md §19): the text table, the CSV, and
Markdown and BBCode for forum posts, of the exact answer (each policy side by side, the
chance each space turns, the policy's tree of targets) and of a Monte Carlo sample (the
chances with their 95% intervals). :class:`~oddsengine.results.run_answer.RunAnswer` and
:class:`~oddsengine.results.run_answer.RunSample` render through these, so that every
face (``oddsengine attempts``, ``oe.exact(run).render(...)``, the explorer) writes a run
in the same words.

Examples
--------
>>> from oddsengine import exact
>>> from oddsengine.religion.attempt_runs import AttemptRun
>>> from oddsengine.religion.religious_board import religion_1517_board
>>> answer = exact(AttemptRun(religion_1517_board(), "95-theses", depth=1))
>>> print(answer_text(answer).splitlines()[-1])
  Brandenburg: 68.50% (Protestant 4 dice v Papal 4, protestant wins ties)
"""

from __future__ import annotations

from oddsengine.results.bbcode import fixed_width_table
from oddsengine.results.output import percent_decimals

__all__ = [
    "RUN_WRITERS",
    "answer_text",
    "answer_sections",
    "answer_notes",
    "policies_lines",
    "answer_csv",
    "answer_markdown",
    "answer_bbcode",
    "sample_text",
    "sample_csv",
    "sample_markdown",
    "sample_bbcode",
]


def _percent(value: float) -> str:
    return f"{100 * value:.2f}%"


def _side_word(run) -> str:
    return "Protestant" if run.source.side == "protestant" else "Catholic"


# -- the exact answer ------------------------------------------------------------------


def _policy_rows(answer) -> tuple[list[str], list[list[str]]]:
    """The policies side by side, as the text writes them: the policies' names, and rows
    of their expected flips (and objective), P(k flips) and first target."""
    outcomes = answer.outcomes()
    run, names = answer.run, list(outcomes)
    rows = [["expected flips", *(f"{outcomes[n].expected_flips:.3f}" for n in names)]]
    if run.objective != "flips":
        rows.append([run.objective, *(f"{outcomes[n].objective_value:.4f}" for n in names)])
    for k in range(run.source.attempts + 1):
        rows.append([f"P({k} flips)", *(_percent(outcomes[n].flips[k]) for n in names)])
    rows.append(["first target", *((outcomes[n].first_target or "-") for n in names)])
    return names, rows


def _tree_lines(node, depth, indent):
    if not node or depth <= 0:
        return []
    dice = node["dice"]
    lines = [
        f"{indent}{node['target']}: {_percent(node['p_success'])} "
        f"(Protestant {dice['protestant']} dice v Papal {dice['papal']}, "
        f"{node['ties']} wins ties)"
    ]
    for branch in ("success", "failure"):
        child = node.get(branch)
        if child and depth > 1:
            lines.append(f"{indent}  if {branch}:")
            lines.extend(_tree_lines(child, depth - 1, indent + "    "))
    return lines


def answer_sections(answer) -> list[tuple[str, list[str]]]:
    """The parts of the text that follow the policies' table, each a heading and its
    lines: the chance each space turns under the policy shown first, and that policy's
    next target after each outcome (its tree, to the run's ``depth``)."""
    shown, run, headline = answer.headline, answer.run, answer.policy
    spaces = [f"  {space:<22}{_percent(value):>9}" for space, value in shown.spaces.items()]
    tree = _tree_lines(shown.tree, run.depth, "  ")
    return [
        (f"Chance each space ends {_side_word(run)} ({headline} policy):", spaces),
        (f"The {headline} policy, next target after each outcome (depth {run.depth}):", tree),
    ]


def answer_notes(answer) -> list[str]:
    """The notes of the answer and of each policy, each once."""
    outcomes = answer.outcomes().values()
    notes = [*answer.notes, *(note for outcome in outcomes for note in outcome.notes)]
    return list(dict.fromkeys(notes))


def policies_lines(answer) -> list[str]:
    """The policies side by side, as the text's table: expected flips, P(k flips), first
    target."""
    names, rows = _policy_rows(answer)
    lines = [f"{'':<24}" + "".join(f"{name:>12}" for name in names)]
    return lines + [f"{row[0]:<24}" + "".join(f"{cell:>12}" for cell in row[1:]) for row in rows]


def answer_text(answer) -> str:
    """The text table of an exact answer (``oddsengine attempts``' text)."""
    run, headline = answer.run, answer.policy
    lines = [
        run.title(),
        *run.describe_lines(),
        f"Exact: {answer.states} states of the run searched"
        if answer.states is not None
        else f"Exact: every outcome of the {headline} policy (the optimal one not searched)",
        "",
    ]
    lines += policies_lines(answer)
    for heading, section in answer_sections(answer):
        lines += ["", heading, *section]
    lines += [f"note: {note}" for note in answer_notes(answer)]
    return "\n".join(lines)


def answer_csv(answer) -> str:
    """The CSV of an exact answer: one row per policy and measure."""
    lines = ["policy,measure,value"]
    for name, outcome in answer.outcomes().items():
        lines.append(f"{name},expected.flips,{outcome.expected_flips!r}")
        for k, value in enumerate(outcome.flips):
            lines.append(f"{name},flips:{k},{value!r}")
        for space, value in outcome.spaces.items():
            lines.append(f'{name},"ends:{space}",{value!r}')
        lines.append(f"{name},first_target,{outcome.first_target or ''}")
    return "\n".join(lines) + "\n"


def _caption(result, rule_words: str) -> str:
    """One line: the run, what is asked of it, the rule and the method."""
    from oddsengine.kinds import KINDS

    parts = [result.spec.title().removesuffix(" (RULES.md §19)"), rule_words]
    kind = KINDS.get(result.spec.kind)
    if kind is not None and kind.rule:
        parts.append(f"Rules: Here I Stand, {kind.rule}")
    parts.append(f"Method: {result._method_line()}")
    return ". ".join(part.rstrip(".") for part in parts if part) + "."


def _exact_percent(value: float) -> str:
    return f"{value:.{percent_decimals(None)}%}"


def _forum_parts(answer):
    """The caption, the policies' table, the spaces' table and the tree, for a forum."""
    outcomes = answer.outcomes()
    caption = _caption(answer, answer.run.describe_lines()[0])
    names, _ = _policy_rows(answer)
    rows = [["expected flips", *(f"{outcomes[n].expected_flips:.3f}" for n in names)]]
    if answer.run.objective != "flips":
        rows.append([answer.run.objective, *(f"{outcomes[n].objective_value:.4f}" for n in names)])
    for k in range(answer.run.source.attempts + 1):
        rows.append([f"P({k} flips)", *(_exact_percent(outcomes[n].flips[k]) for n in names)])
    rows.append(["first target", *((outcomes[n].first_target or "-") for n in names)])
    spaces = [[space, _exact_percent(value)] for space, value in answer.headline.spaces.items()]
    (spaces_heading, _), (tree_heading, tree) = answer_sections(answer)
    return caption, (["policy", *names], rows), (spaces_heading, spaces), (tree_heading, tree)


def _markdown_table(header, rows) -> list[str]:
    return [
        "| " + " | ".join(header) + " |",
        "|:---|" + "---:|" * (len(header) - 1),
        *("| " + " | ".join(row) + " |" for row in rows),
    ]


def answer_markdown(answer) -> str:
    """An exact answer for a forum post in Markdown: the caption in bold, the policies
    side by side, the chance each space turns, and the policy's tree as a nested list."""
    caption, policies, (spaces_heading, spaces), (tree_heading, tree) = _forum_parts(answer)
    lines = [f"**{caption}**", "", *_markdown_table(*policies)]
    lines += ["", f"**{spaces_heading.rstrip(':')}**", ""]
    lines += _markdown_table(["space", "chance"], spaces)
    if tree:
        lines += ["", f"**{tree_heading.rstrip(':')}**", ""]
        for line in tree:  # two spaces a level, as the text's tree: a nested list
            text = line.lstrip(" ")
            level = (len(line) - len(text)) // 2 - 1
            lines.append("  " * level + "- " + text)
    notes = answer_notes(answer)
    if notes:
        lines += ["", *(f"- note: {note}" for note in notes)]
    return "\n".join(lines) + "\n"


def answer_bbcode(answer) -> str:
    """An exact answer for BoardGameGeek's forums: the caption in ``[b]``, the tables and
    the tree in fixed-width ``[c]`` blocks."""
    caption, policies, (spaces_heading, spaces), (tree_heading, tree) = _forum_parts(answer)
    lines = [f"[b]{caption}[/b]", fixed_width_table(*policies)]
    lines += [
        f"[b]{spaces_heading.rstrip(':')}[/b]",
        fixed_width_table(["space", "chance"], spaces),
    ]
    if tree:
        lines += [f"[b]{tree_heading.rstrip(':')}[/b]", "[c]" + "\n".join(tree) + "[/c]"]
    lines += [f"note: {note}" for note in answer_notes(answer)]
    return "\n".join(lines) + "\n"


# -- a Monte Carlo sample ---------------------------------------------------------------


def sample_text(sample) -> str:
    """The text of a sample of a run (``oddsengine attempts --monte-carlo``' text)."""
    source = sample.run.source
    described = sample.describe()
    lines = [
        f"{source.name}: {source.attempts} attempts under the {sample.policy} policy, Monte "
        f"Carlo ({sample.trials:,} trials, seed {sample.seed}; every die rolled)",
        f"  expected flips {sample.expected_flips:.4f} ± {1.96 * sample.flips_error:.4f} (95%)",
    ]
    for k in range(source.attempts + 1):
        key = f"flips:{k}"
        low, high = described["interval_95"][key]
        lines.append(
            f"  P({k} flips) {_percent(described['p'][key]):>9}   "
            f"[{_percent(low)}, {_percent(high)}]"
        )
    lines.append("Chance each space ends flipped:")
    for space in sample.space_counts:
        key = f"protestant:{space}"
        low, high = described["interval_95"][key]
        lines.append(
            f"  {space:<22}{_percent(described['p'][key]):>9}   [{_percent(low)}, {_percent(high)}]"
        )
    lines += [f"note: {note}" for note in sample.notes]
    return "\n".join(lines)


def sample_csv(sample) -> str:
    """The CSV of a sample: each measure with its standard error and 95% interval."""
    described = sample.describe()
    lines = ["measure,value,standard_error,low_95,high_95"]
    lines.append(f"expected.flips,{sample.expected_flips!r},{sample.flips_error!r},,")
    for key, value in described["p"].items():
        low, high = described["interval_95"][key]
        error = described["standard_error"][key]
        lines.append(f'"{key}",{value!r},{error!r},{low!r},{high!r}')
    return "\n".join(lines) + "\n"


def _sample_rows(sample) -> list[list[str]]:
    rows = []
    for name, value in sample.p.items():
        places = percent_decimals(sample.stderr[name])
        low, high = sample.ci95[name]
        rows.append(
            [
                name,
                f"{value:.{places}%}",
                f"[{low:.{places}%}, {high:.{places}%}]",
                f"{sample.stderr[name]:.{places}%}",
            ]
        )
    return rows


_SAMPLE_HEADER = ["outcome", "probability", "95% interval", "std. error"]


def _sample_caption(sample) -> str:
    return _caption(sample, f"The {sample.policy} policy, every die rolled")


def _expected_line(sample) -> str:
    from oddsengine.results.output import mean_and_error

    return f"Expected flips: {mean_and_error(sample.expected_flips, sample.flips_error, 1.96)}"


def sample_markdown(sample) -> str:
    """A sample for a forum post in Markdown: the caption, every chance with its 95%
    interval, and the expected flips."""
    lines = [f"**{_sample_caption(sample)}**", ""]
    lines += _markdown_table(_SAMPLE_HEADER, _sample_rows(sample))
    lines += ["", f"- {_expected_line(sample)}", *(f"- note: {note}" for note in sample.notes)]
    return "\n".join(lines) + "\n"


def sample_bbcode(sample) -> str:
    """A sample for BoardGameGeek's forums."""
    lines = [f"[b]{_sample_caption(sample)}[/b]"]
    lines += [fixed_width_table(_SAMPLE_HEADER, _sample_rows(sample)), _expected_line(sample)]
    lines += [f"note: {note}" for note in sample.notes]
    return "\n".join(lines) + "\n"


#: Who writes each form of a run's answer, by its method: the exact answer
#: (:class:`~oddsengine.results.run_answer.RunAnswer`) and the Monte Carlo sample
#: (:class:`~oddsengine.results.run_answer.RunSample`).
RUN_WRITERS = {
    "exact": {
        "text": answer_text,
        "csv": answer_csv,
        "markdown": answer_markdown,
        "bbcode": answer_bbcode,
    },
    "monte-carlo": {
        "text": sample_text,
        "csv": sample_csv,
        "markdown": sample_markdown,
        "bbcode": sample_bbcode,
    },
}

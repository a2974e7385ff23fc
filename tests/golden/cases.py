"""The questions whose answers the golden file keeps: exact probabilities and seeded Monte
Carlo figures for battles, assaults, rolls, every card and policy, whole moves, siege
campaigns, naval battles, piracy and foreign wars.

``python tests/golden/cases.py`` writes ``tests/golden/outputs.json`` anew; do that only
when a rule change is meant to change numbers, and say so in the commit.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import oddsengine as oe
from oddsengine.errors import OddsEngineError

OUTPUTS = Path(__file__).with_name("outputs.json")
SEED = 1517
TRIALS = 1 << 18


def _numbers(result) -> dict:
    """Every probability of a result and, for Monte Carlo, its trials."""
    numbers = {name: float(value) for name, value in sorted(result.p.items())}
    if result.trials is not None:
        numbers["__trials__"] = int(result.trials)
    return numbers


def _campaign_numbers(result) -> dict:
    numbers = result.to_dict()
    return json.loads(json.dumps(numbers, sort_keys=True, default=float))


def _spec_cases():
    """(label, spec) for single combats and rolls, refused ones left out."""
    for attackers in (1, 2, 3, 4, 6, 8, 10, 12):
        for leader in ("", " Ibrahim", " Suleiman"):
            for defenders in (1, 2, 4, 7, 10):
                yield (
                    f"battle {attackers}R{leader} v {defenders}R",
                    lambda a=attackers, who=leader, d=defenders: oe.FieldBattle(
                        f"ottoman: {a}R{who}", f"hapsburg: {d}R"
                    ),
                )
    for attackers in (
        "2R",
        "3R L1",
        "6R L1",
        "9R Suleiman",
        "12R 2C Suleiman Ibrahim",
        "14R Ibrahim",
    ):
        for defenders in ("0R", "1R", "2R Ferdinand", "4R", "3R 1M"):
            yield (
                f"assault {attackers} v {defenders}",
                lambda a=attackers, d=defenders: oe.Assault(a, f"hapsburg: {d}"),
            )
    contexts = {
        "battle-ottoman": lambda cards, role: oe.FieldBattle(
            "ottoman: 4R 1M 1C Ibrahim", "hapsburg: 5R 2M Ferdinand", **{f"{role}_cards": cards}
        ),
        "battle-france": lambda cards, role: oe.FieldBattle(
            "france: 4R 2M Montmorency", "hapsburg: 4R 2M Ferdinand", **{f"{role}_cards": cards}
        ),
        "assault-ottoman": lambda cards, role: oe.Assault(
            "ottoman: 7R 2M Ibrahim", "hapsburg: 3R 1M", **{f"{role}_cards": cards}
        ),
        "assault-hapsburg": lambda cards, role: oe.Assault(
            "hapsburg: 6R 2M Ferdinand", "france: 2R 1M", **{f"{role}_cards": cards}
        ),
    }
    for slug in sorted(oe.CARDS):
        for context, build in contexts.items():
            for role in ("attacker", "defender"):
                yield (f"card {slug} {role} {context}", lambda b=build, s=slug, r=role: b((s,), r))
    for response in ("foul-weather", "gout", "siege-artillery"):
        yield (
            f"response {response} assault",
            lambda r=response: oe.Assault(
                "ottoman: 7R 2M Ibrahim Suleiman", "hapsburg: 3R", responses=(r,)
            ),
        )
    orders = (("regulars", "mercenaries", "cavalry"), ("cavalry", "regulars", "mercenaries"))
    for order in orders:
        yield (
            f"policy casualty order {'-'.join(order)}",
            lambda o=order: oe.FieldBattle(
                "ottoman: 3R 2M 1C Ibrahim",
                "hapsburg: 3R 2M",
                policies=oe.Policies(attacker_casualty_order=o, defender_casualty_order=o),
            ),
        )
    for policy in ("always", "if-it-changes-the-outcome"):
        yield (
            f"policy janissaries {policy}",
            lambda p=policy: oe.FieldBattle(
                "ottoman: 5R Ibrahim",
                "hapsburg: 5R",
                attacker_cards=("janissaries",),
                policies=oe.Policies(post_roll={"janissaries": p}),
            ),
        )
    yield (
        "allies",
        lambda: oe.FieldBattle(
            "ottoman: 8R Suleiman", "hapsburg: 2R Ferdinand", defender_ally="england: 2R"
        ),
    )
    for interceptor in ("hapsburg: 8R Charles V", "hapsburg: 4R", "ottoman: 3R 1C Ibrahim"):
        for mover in ("ottoman: 7R 1C Suleiman", "france: 4R Francis I", "hapsburg: 3R"):
            yield (
                f"interception {interceptor} v {mover}",
                lambda i=interceptor, m=mover: oe.Interception(i, m),
            )
            yield (
                f"avoid {interceptor} v {mover}",
                lambda i=interceptor, m=mover: oe.AvoidBattle(i, m),
            )
    for garrison in ("1R", "2R 1C", "4R Ferdinand"):
        for besiegers in ("5R Suleiman", "9R 2M Suleiman Ibrahim", "16R Suleiman Ibrahim"):
            yield (
                f"assault ottoman {besiegers} v {garrison}",
                lambda b=besiegers, g=garrison: oe.Assault(
                    f"ottoman: {b}", f"hapsburg: {g}", defender_ally=None
                ),
            )
    yield (
        "naval barbary",
        lambda: oe.NavalBattle("ottoman: 2Sq 1Co Barbarossa", "hapsburg: 2Sq Doria"),
    )
    yield (
        "naval port",
        lambda: oe.NavalBattle("ottoman: 3Sq 2Co Dragut", "hapsburg: 2Sq", in_port=True),
    )
    yield (
        "piracy ionian",
        lambda: oe.Piracy(
            pirates="ottoman: 2Co 1Sq Barbarossa",
            adjacent_squadrons=1,
            adjacent_fortresses=1,
            target_ports=2,
        ),
    )


def _move_cases():
    policies = ("best", "fight", "withdraw", "avoid:Brunn", "avoid:Linz+withdraw")
    for policy in policies:
        yield (f"move vienna {policy}", lambda p=policy: oe.load_move("vienna", defender_policy=p))
    for cards in (("field-artillery",), ("janissaries",), ("surprise-attack",)):
        yield (
            f"move vienna fight {cards[0]}",
            lambda c=cards: oe.load_move("vienna", defender_policy="fight", attacker_cards=c),
        )
    war = [("ottoman", "hapsburg"), ("ottoman", "england")]
    allied = oe.Situation(
        [
            oe.Stack("Pressburg", "ottoman: 8R Suleiman"),
            oe.Stack("Vienna", "hapsburg: 2R Ferdinand"),
            oe.Stack("Vienna", "england: 2R"),
        ],
        control={"Pressburg": "ottoman"},
        wars=war,
        alliances=[("hapsburg", "england")],
    )
    for policy in ("best", "fight", "withdraw", "england=avoid:Linz"):
        yield (
            f"move allied {policy}",
            lambda p=policy: oe.Move(allied, "Pressburg", "Vienna", defender_policy=p),
        )
    besieged = oe.Situation(
        [
            oe.Stack("Vienna", "ottoman: 5R"),
            oe.Stack("Vienna", "hapsburg: 2R Ferdinand", besieged=True),
            oe.Stack("Linz", "hapsburg: 4R"),
        ],
        wars=war,
    )
    for joins in (False, True):
        for inside in (False, True):
            yield (
                f"move relief joins={joins} inside={inside}",
                lambda j=joins, i=inside: oe.Move(
                    besieged,
                    "Linz",
                    "Vienna",
                    defender_policy="fight",
                    garrison_joins_relief=j,
                    relief_goes_inside_on_tie=i,
                ),
            )
    several = oe.Situation(
        [
            oe.Stack("Pressburg", "ottoman: 5R 1C Ibrahim"),
            oe.Stack("Graz", "hapsburg: 4R Ferdinand"),
            oe.Stack("Linz", "hapsburg: 3R"),
            oe.Stack("Brunn", "hapsburg: 2R"),
            oe.Stack("Vienna", "hapsburg: 3R"),
        ],
        control={"Pressburg": "ottoman", "Brunn": "hapsburg"},
        wars=war,
    )
    for policy in ("best", "fight", "withdraw"):
        yield (
            f"move several interceptors {policy}",
            lambda p=policy: oe.Move(several, "Pressburg", "Vienna", defender_policy=p),
        )


def _numbers_of_spec(spec, sample) -> dict:
    return {"exact": _numbers(oe.exact(spec)), "monte-carlo": _numbers(sample(spec))}


def golden_numbers() -> dict:
    """Every case's numbers, by label."""
    outputs = {}
    for label, build in _spec_cases():
        try:
            spec = build()
        except (OddsEngineError, TypeError, ValueError):
            continue  # a card or policy the rules refuse in this context
        outputs[label] = _numbers_of_spec(spec, lambda s: oe.simulate(s, trials=TRIALS, seed=SEED))
    for label, build in _move_cases():
        outputs[label] = _numbers_of_spec(
            build(), lambda s: oe.simulate_move(s, trials=TRIALS, seed=SEED)
        )
    campaign = oe.SiegeCampaign("9R Suleiman", "hapsburg: 4R Ferdinand", horizon=4)
    outputs["campaign vienna"] = {
        "exact": _campaign_numbers(oe.exact_campaign(campaign)),
        "monte-carlo": _campaign_numbers(oe.simulate_campaign(campaign, trials=TRIALS, seed=SEED)),
    }
    war = oe.ForeignWar("persia", force="5R Ibrahim", horizon=4)
    outputs["foreign war persia"] = {
        "exact": _campaign_numbers(oe.exact(war)),
        "monte-carlo": _campaign_numbers(oe.simulate_foreign_war(war, trials=TRIALS, seed=SEED)),
    }
    return outputs


if __name__ == "__main__":
    numbers = golden_numbers()
    OUTPUTS.write_text(json.dumps(numbers, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(numbers)} cases written to {OUTPUTS}", file=sys.stderr)

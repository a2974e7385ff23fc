"""Siege campaigns: an assault every impulse until the space falls, the siege breaks or
the horizon is reached (15, 15.1, 15.3).

A :class:`SiegeCampaign` starts from a siege (besiegers and garrison) or from a
:class:`~oddsengine.move.Move` that may lay one. Impulse ``k`` is the ``k``-th impulse of
the besieging power after the siege was laid; 15.1 allows one assault per impulse, never
in the impulse the siege began. Before each assault from the second on, optional
reinforcements join the besiegers. The exact engine is a Markov chain over the unit
counts of both sides (leaders never change until the end); the Monte Carlo engine samples
every assault from the same :class:`~oddsengine.Assault` spec, one state group at a time.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass, field

import numpy as np

from ._random import block_keys, normalise_seed, scenario_id
from .cards import Card, find_card
from .engagements import Assault
from .errors import OddsEngineError, OddsEngineTypeError, shown
from .forces import UNIT_TYPES, Force, parse_force
from .montecarlo import MAX_TRIALS
from .options import Policies, RuleOptions
from .output import Rendered
from .results import Z95

__all__ = ["SiegeCampaign", "CampaignResult", "exact_campaign", "simulate_campaign"]

#: CP an assault costs (15.1: an Assault/Foreign War action, 1 CP); moving a formation
#: of reinforcements costs 1 CP too (13.1).
ASSAULT_CP = 1
MOVE_CP = 1
#: Trials per block of the campaign Monte Carlo (the unit of random streams).
CAMPAIGN_BLOCK = 1 << 16

_MAX_HORIZON = 50
#: Outcomes after which the siege still stands for the next impulse: a failed assault
#: while the besiegers outnumber the garrison (15.1 step 11), or one Foul Weather (31)
#: cancelled for the impulse.
_SIEGE_STANDS = ("siege_continues", "cancelled")


def _as_force(value, role, power=None) -> Force:
    if isinstance(value, Force):
        return value
    if isinstance(value, str):
        return parse_force(value, power=power)
    raise OddsEngineError(f"{role} must be a Force or a force string, not {value!r}")


def _counts(force: Force) -> tuple[int, int, int]:
    return tuple(getattr(force, kind) for kind in UNIT_TYPES)


@dataclass(frozen=True)
class SiegeCampaign:
    """Assault a besieged space impulse after impulse.

    Parameters
    ----------
    besiegers, garrison : Force or str
        The besieging stack and the units inside (at most 4). The stack may be larger
        than one formation (RULES.md §1, §7): in each impulse the strongest legal
        formation of it assaults (``policies.assault_formation``, which must be
        ``"strongest"`` here, since a declared formation would not survive the losses),
        and the units that stood by besiege on with the survivors (15.3).
    horizon : int
        Impulses to play (1 to 50).
    reinforcements : Force or str, optional
        Units that join the besiegers before each assault from the second on.
    schedule : sequence of (int, Force or str), optional
        Reinforcements arriving once, at a given impulse (before that impulse's assault):
        ``((3, "4R"),)`` brings 4 regulars at impulse 3 (1 CP to move them, 13.1).
    assault_from : int
        The first impulse with an assault (default 1); the besiegers wait before it
        (no assault, no CP), for instance for scheduled reinforcements.
    attacker_cards, defender_cards : sequence of Card or str
        Cards played in the first assault.
    policies : Policies
    options : RuleOptions
    start : tuple of (probability, besiegers, garrison), optional
        A distribution of starting sieges (set by :meth:`from_move`); the probability
        left over is that of no siege at all.

    Examples
    --------
    >>> campaign = SiegeCampaign("9R Suleiman", "hapsburg: 2R", horizon=3)
    >>> result = exact_campaign(campaign)
    >>> [round(float(value), 4) for value in result.taken_by]
    [0.7366, 0.9642, 0.9951]
    """

    besiegers: Force | None = None
    garrison: Force | None = None
    horizon: int = 6
    reinforcements: Force | None = None
    attacker_cards: tuple[Card, ...] = ()
    defender_cards: tuple[Card, ...] = ()
    policies: Policies = field(default_factory=Policies)
    options: RuleOptions = field(default_factory=RuleOptions)
    start: tuple = ()
    schedule: tuple = ()
    assault_from: int = 1

    kind = "siege-campaign"

    def __post_init__(self):
        if isinstance(self.horizon, bool) or not isinstance(self.horizon, int):
            raise OddsEngineError(f"horizon must be a whole number, not {self.horizon!r}")
        if not 1 <= self.horizon <= _MAX_HORIZON:
            raise OddsEngineError(f"horizon must be between 1 and {_MAX_HORIZON} impulses")
        if not isinstance(self.policies, Policies):
            raise OddsEngineError("policies must be a Policies instance")
        if self.policies.assault_formation != "strongest":
            raise OddsEngineError(
                "a siege campaign assaults with the strongest formation of the stack each "
                "impulse: a declared formation (assault_formation="
                f"{self.policies.assault_formation!r}) would not survive the losses"
            )
        for name in ("attacker_cards", "defender_cards"):
            cards = getattr(self, name)
            if isinstance(cards, str):
                cards = cards.split(",")
            if not isinstance(cards, (list, tuple)):
                raise OddsEngineTypeError(f"{name} must be a list of cards, not {shown(cards)}")
            cards = [card for card in cards if not isinstance(card, str) or card.strip()]
            object.__setattr__(self, name, tuple(find_card(card) for card in cards))
        if not self.start:
            if self.besiegers is None or self.garrison is None:
                raise OddsEngineError("a siege campaign needs besiegers and a garrison")
            besiegers = _as_force(self.besiegers, "besiegers")
            garrison = _as_force(self.garrison, "garrison")
            object.__setattr__(self, "besiegers", besiegers)
            object.__setattr__(self, "garrison", garrison)
            object.__setattr__(self, "start", ((1.0, besiegers, garrison),))
        for _, besiegers, garrison in self.start:
            # 15: a siege needs more besieging land units than those inside.
            if besiegers.land_units <= garrison.land_units:
                raise OddsEngineError(
                    f"{besiegers.land_units} besieging land units do not outnumber the "
                    f"garrison of {garrison.land_units}: the space is not under siege (15)"
                )
            self._assault(besiegers, garrison, first=True)  # refuse bad cards now
        if self.reinforcements is not None:
            power = self.start[0][1].power
            reinforcements = _as_force(self.reinforcements, "reinforcements", power)
            if reinforcements.leaders:
                raise OddsEngineError("reinforcements bring land units only, not leaders")
            # 13.1, RULES.md §1: they arrive by one move (MOVE_CP), as one formation.
            reinforcements.check_formation("reinforcements")
            object.__setattr__(self, "reinforcements", reinforcements)
        self._check_schedule()

    def _check_schedule(self) -> None:
        if isinstance(self.assault_from, bool) or not isinstance(self.assault_from, int):
            raise OddsEngineError(
                f"assault_from must be a whole number, not {self.assault_from!r}"
            )
        if not 1 <= self.assault_from <= self.horizon:
            raise OddsEngineError(
                f"assault_from must be an impulse from 1 to the horizon ({self.horizon}), "
                f"not {self.assault_from}"
            )
        power = self.start[0][1].power
        schedule = []
        for entry in self.schedule:
            if not (isinstance(entry, tuple | list) and len(entry) == 2):
                raise OddsEngineError(f"a schedule entry is (impulse, force), not {entry!r}")
            impulse, units = entry
            if isinstance(impulse, bool) or not isinstance(impulse, int):
                raise OddsEngineError(f"a reinforcement impulse must be a whole number: {entry!r}")
            if not 1 <= impulse <= self.horizon:
                raise OddsEngineError(
                    f"reinforcements at impulse {impulse}: the horizon is {self.horizon}"
                )
            units = _as_force(units, "reinforcements", power)
            if units.leaders:
                raise OddsEngineError("reinforcements bring land units only, not leaders")
            schedule.append((impulse, units))
        object.__setattr__(self, "schedule", tuple(sorted(schedule, key=lambda pair: pair[0])))

    def assaults_in(self, impulse: int) -> bool:
        """Whether the besiegers assault in ``impulse`` (they wait before assault_from)."""
        return impulse >= self.assault_from

    @classmethod
    def from_move(cls, move, **parameters) -> SiegeCampaign:
        """The campaign that follows ``move`` in every end state where it lays a siege.

        Examples
        --------
        >>> from oddsengine.scenario_file import load_move
        >>> campaign = SiegeCampaign.from_move(load_move("vienna"), horizon=2)
        >>> round(sum(weight for weight, _, _ in campaign.start), 4)
        0.6631
        """
        start = []
        for weight, state in zip(
            move.end_state_probabilities, move.program.end_states, strict=True
        ):
            if weight > 0 and state.outcome == "besieging" and state.garrison is not None:
                start.append((float(weight), state.besiegers, state.garrison))
        if not start:
            raise OddsEngineError("the move never lays a siege: there is no campaign to play")
        return cls(start=tuple(start), **parameters)

    @property
    def siege_probability(self) -> float:
        """Probability that a siege stands at the start."""
        return float(sum(weight for weight, _, _ in self.start))

    def _assault(self, besiegers: Force, garrison: Force, first: bool) -> Assault:
        return Assault(
            besiegers,
            garrison,
            attacker_cards=self.attacker_cards if first else (),
            defender_cards=self.defender_cards if first else (),
            policies=self.policies,
            options=self.options,
        )

    def arrivals(self, impulse: int) -> list[Force]:
        """The reinforcements that join the besiegers at the start of ``impulse``."""
        arriving = [units for when, units in self.schedule if when == impulse]
        if self.reinforcements is not None and impulse > 1:
            arriving.append(self.reinforcements)
        return arriving

    def reinforced(self, besiegers: Force, impulse: int) -> Force:
        arriving = self.arrivals(impulse)
        if not arriving:
            return besiegers
        counts = {
            kind: getattr(besiegers, kind) + sum(getattr(units, kind) for units in arriving)
            for kind in UNIT_TYPES
        }
        return Force(**counts, leaders=besiegers.leaders, power=besiegers.power)

    def cp_before_assault(self, impulse: int) -> int:
        # 13.1: moving a formation of reinforcements costs 1 CP; 15.1: an assault 1 CP.
        moves = MOVE_CP * len(self.arrivals(impulse))
        return (ASSAULT_CP if self.assaults_in(impulse) else 0) + moves

    def first_assault(self) -> Assault | None:
        """The assault of impulse 1 when the campaign starts from one siege."""
        if len(self.start) != 1:
            return None
        _, besiegers, garrison = self.start[0]
        return self._assault(besiegers, garrison, first=True)

    def describe_lines(self) -> list[str]:
        """Which part of the stack assaults in impulse 1, when not all of it does."""
        assault = self.first_assault()
        if assault is None:
            return []
        standing = assault.besiegers_standing_by
        if not (standing.land_units or standing.leaders):
            return []
        return [
            f"Impulse 1: assaulting formation {assault.assaulting_formation.notation()}; "
            f"standing by, still besieging: {standing.notation()} (15.1, 15.3)"
        ]

    def describe(self) -> dict:
        sieges = [
            {"probability": weight, "besiegers": b.notation(), "garrison": g.notation()}
            for weight, b, g in self.start[:10]
        ]
        return {
            "horizon": self.horizon,
            "sieges": sieges,
            "reinforcements": None
            if self.reinforcements is None
            else self.reinforcements.notation(),
            "attacker_cards": [card.slug for card in self.attacker_cards],
            "defender_cards": [card.slug for card in self.defender_cards],
            "schedule": [[impulse, units.notation()] for impulse, units in self.schedule],
            "assault_from": self.assault_from,
        } | self._first_formation()

    def _first_formation(self) -> dict:
        assault = self.first_assault()
        if assault is None:
            return {}
        return {
            "assaulting_formation": assault.assaulting_formation.notation(),
            "besiegers_standing_by": assault.besiegers_standing_by.notation(),
        }

    def title(self) -> str:
        if len(self.start) == 1 and self.start[0][0] == 1.0:
            _, besiegers, garrison = self.start[0]
            return f"Siege campaign: {besiegers.notation()}  against  {garrison.notation()}"
        return f"Siege campaign after a move (siege laid with p = {self.siege_probability:.4f})"


@dataclass(frozen=True)
class CampaignResult(Rendered):
    """What a siege campaign came to.

    ``taken_by[k - 1]`` is P(space taken by impulse k); ``broken_by`` likewise for the
    siege breaking (both include the chance that no siege was laid, for a campaign that
    follows a move). Given a siege: ``expected_cp`` counts assaults and reinforcement
    moves; ``besiegers_left`` and ``garrison_left`` are expected land units at the end of
    the horizon (eliminated sides count 0); ``besiegers_left_if_taken`` is the
    expectation given the space was taken. Monte Carlo results carry standard errors.
    """

    campaign: SiegeCampaign
    method: str
    taken_by: np.ndarray
    broken_by: np.ndarray
    expected_cp: float
    besiegers_left: float
    garrison_left: float
    besiegers_left_if_taken: float
    trials: int | None = None
    seed: int | None = None
    errors: dict | None = None

    def to_dict(self) -> dict:
        data = {
            "kind": self.campaign.kind,
            "spec": self.campaign.describe(),
            "method": self.method,
            "trials": self.trials,
            "seed": self.seed,
            "p": {
                "siege": self.campaign.siege_probability,
                **{f"taken_by_impulse_{k + 1}": float(v) for k, v in enumerate(self.taken_by)},
                **{f"broken_by_impulse_{k + 1}": float(v) for k, v in enumerate(self.broken_by)},
            },
            "expected_cp": self.expected_cp,
            "besiegers_left": self.besiegers_left,
            "garrison_left": self.garrison_left,
            "besiegers_left_if_taken": self.besiegers_left_if_taken,
        }
        if self.errors is not None:
            data["stderr"] = self.errors
        return data

    def to_frame(self):
        """One row per impulse: P(taken by k), P(broken by k) and, for Monte Carlo, the
        standard error of P(taken by k)."""
        import pandas as pd

        frame = pd.DataFrame(
            {
                "impulse": np.arange(1, self.taken_by.size + 1),
                "taken_by": self.taken_by,
                "broken_by": self.broken_by,
            }
        )
        if self.trials:
            frame["stderr"] = np.sqrt(self.taken_by * (1 - self.taken_by) / self.trials)
        return frame

    def summary(self) -> str:
        method = (
            "exact"
            if self.trials is None
            else (f"Monte Carlo, {self.trials:,} trials, seed {self.seed}")
        )
        lines = [
            self.campaign.title(),
            *self.campaign.describe_lines(),
            f"Method: {method}",
            "",
        ]
        lines.append(f"{'impulse':<10}{'taken by':>12}{'broken by':>12}")
        for index, (taken, broken) in enumerate(zip(self.taken_by, self.broken_by, strict=True)):
            row = f"{index + 1:<10}{taken:>12.4%}{broken:>12.4%}"
            if self.trials:
                row += f"  ± {Z95 * math.sqrt(taken * (1 - taken) / self.trials):.4%}"
            lines.append(row)
        lines += [
            "",
            f"Expected CP spent: {self.expected_cp:.3f}",
            f"Expected besiegers left: {self.besiegers_left:.3f} land units "
            f"({self.besiegers_left_if_taken:.3f} if the space is taken)",
            f"Expected garrison left: {self.garrison_left:.3f} land units",
        ]
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary()


def _assault_table(campaign, besiegers, garrison, first):
    """(probability, outcome, besieger counts, garrison counts) of one assault."""
    assault = campaign._assault(besiegers, garrison, first)
    plan = assault.draw_plan()
    columns = assault.outcome_columns(plan.cell_values())
    return assault, plan, columns


def _force_with(counts, template: Force) -> Force:
    return Force(*(int(count) for count in counts), leaders=template.leaders, power=template.power)


def _check_campaign(campaign) -> None:
    if not isinstance(campaign, SiegeCampaign):
        raise OddsEngineTypeError(f"a SiegeCampaign is needed, not {shown(campaign)}")


def exact_campaign(campaign: SiegeCampaign) -> CampaignResult:
    """Exact results of a campaign: a Markov chain over the unit counts of both sides."""
    _check_campaign(campaign)
    taken = np.zeros(campaign.horizon)
    broken = np.zeros(campaign.horizon)
    expected_cp = 0.0
    besiegers_left = garrison_left = left_if_taken = 0.0
    # state: (start index, besieger counts, garrison counts) -> probability
    states = defaultdict(float)
    for index, (weight, besiegers, garrison) in enumerate(campaign.start):
        states[(index, _counts(besiegers), _counts(garrison))] += weight
    taken_mass = 0.0
    for impulse in range(1, campaign.horizon + 1):
        following = defaultdict(float)
        for (index, attacker, defender), weight in states.items():
            _, template_besiegers, template_garrison = campaign.start[index]
            besiegers = campaign.reinforced(_force_with(attacker, template_besiegers), impulse)
            garrison = _force_with(defender, template_garrison)
            expected_cp += weight * campaign.cp_before_assault(impulse)
            if not campaign.assaults_in(impulse):
                following[(index, _counts(besiegers), defender)] += weight
                continue
            first = impulse == campaign.assault_from
            _, plan, columns = _assault_table(campaign, besiegers, garrison, first)
            probabilities = plan.cell_probabilities()
            for cell in np.flatnonzero(probabilities > 0):
                mass = weight * probabilities[cell]
                outcome = columns["outcome"][cell]
                # Every besieger stays for the next impulse: the assaulting formation's
                # survivors and the units that stood by (15.1, 15.3).
                attacker_after = tuple(int(columns[f"besieger_{k}"][cell]) for k in UNIT_TYPES)
                defender_after = tuple(int(columns[f"defender_{k}"][cell]) for k in UNIT_TYPES)
                if outcome == "success":
                    taken[impulse - 1 :] += mass
                    taken_mass += mass
                    besiegers_left += mass * sum(attacker_after)
                    left_if_taken += mass * sum(attacker_after)
                elif outcome in _SIEGE_STANDS:
                    following[(index, attacker_after, defender_after)] += mass
                else:
                    broken[impulse - 1 :] += mass
                    besiegers_left += mass * sum(attacker_after)
                    garrison_left += mass * sum(defender_after)
        states = following
    for (_, attacker, defender), weight in states.items():
        besiegers_left += weight * sum(attacker)
        garrison_left += weight * sum(defender)
    sieges = campaign.siege_probability
    return CampaignResult(
        campaign,
        "exact",
        taken,
        broken,
        expected_cp / sieges,
        besiegers_left / sieges,
        garrison_left / sieges,
        left_if_taken / taken_mass if taken_mass else 0.0,
    )


def simulate_campaign(campaign: SiegeCampaign, trials=100_000, seed=None) -> CampaignResult:
    """Monte Carlo results of a campaign: every assault sampled from its spec's plan.

    Trials run in blocks of :data:`CAMPAIGN_BLOCK`; block ``b`` draws from the stream
    keyed by (seed, campaign, b).

    Examples
    --------
    >>> campaign = SiegeCampaign("9R Suleiman", "hapsburg: 2R", horizon=3)
    >>> result = simulate_campaign(campaign, trials=50_000, seed=1)
    >>> bool(abs(result.taken_by[-1] - exact_campaign(campaign).taken_by[-1]) < 0.01)
    True
    """
    _check_campaign(campaign)
    if isinstance(trials, bool) or not isinstance(trials, int) or trials <= 0:
        raise OddsEngineError(f"trials must be a positive whole number, not {shown(trials)}")
    if trials > MAX_TRIALS:
        raise OddsEngineError(f"at most {MAX_TRIALS:,} trials in one run, not {shown(trials)}")
    seed = normalise_seed(seed)
    blocks = -(-trials // CAMPAIGN_BLOCK)
    keys = block_keys(seed, scenario_id(campaign), blocks)
    totals = defaultdict(float)
    taken_counts = np.zeros(campaign.horizon)
    broken_counts = np.zeros(campaign.horizon)
    for block in range(blocks):
        size = min(CAMPAIGN_BLOCK, trials - block * CAMPAIGN_BLOCK)
        rng = np.random.Generator(np.random.PCG64(int(keys[block])))
        _simulate_block(campaign, size, rng, totals, taken_counts, broken_counts)
    taken = np.cumsum(taken_counts) / trials
    broken = np.cumsum(broken_counts) / trials
    sieges = max(totals["sieges"], 1.0)
    errors = {
        "expected_cp": math.sqrt(
            max(totals["cp2"] / sieges - (totals["cp"] / sieges) ** 2, 0) / sieges
        ),
    }
    return CampaignResult(
        campaign,
        "monte-carlo",
        taken,
        broken,
        totals["cp"] / sieges,
        totals["besiegers"] / sieges,
        totals["garrison"] / sieges,
        totals["besiegers_taken"] / taken_counts.sum() if taken_counts.sum() else 0.0,
        trials=trials,
        seed=seed,
        errors=errors,
    )


def _sample_cells(plan, rng, size) -> tuple:
    """Draw ``size`` cells of a plan: first, second given first, the two extras."""
    first = rng.choice(plan.first.size, size=size, p=plan.first / plan.first.sum())
    rows = plan.second.shape[0]
    second = np.empty(size, dtype=np.int64)
    row_of = np.minimum(first, rows - 1)
    for row in np.unique(row_of):
        chosen = row_of == row
        table = plan.second[row] / plan.second[row].sum()
        second[chosen] = rng.choice(table.size, size=int(chosen.sum()), p=table)
    extras = [
        rng.choice(table.size, size=size, p=table / table.sum())
        for table in (plan.attacker_extra, plan.defender_extra)
    ]
    return first, second, extras[0], extras[1]


def _simulate_block(campaign, size, rng, totals, taken_counts, broken_counts):
    weights = np.array([weight for weight, _, _ in campaign.start])
    no_siege = max(1.0 - weights.sum(), 0.0)
    start = rng.choice(
        weights.size + 1, size=size, p=np.append(weights, no_siege) / (weights.sum() + no_siege)
    )
    alive = start < weights.size
    attacker = np.zeros((size, 3), dtype=np.int64)
    defender = np.zeros((size, 3), dtype=np.int64)
    for index, (_, besiegers, garrison) in enumerate(campaign.start):
        attacker[start == index] = _counts(besiegers)
        defender[start == index] = _counts(garrison)
    cp = np.zeros(size)
    for impulse in range(1, campaign.horizon + 1):
        keys = np.concatenate([start[:, None], attacker, defender], axis=1)
        live = np.flatnonzero(alive)
        if live.size == 0:
            break
        groups, inverse = np.unique(keys[live], axis=0, return_inverse=True)
        for group_index, group in enumerate(groups):
            members = live[inverse.ravel() == group_index]
            _, template_besiegers, template_garrison = campaign.start[int(group[0])]
            besiegers = campaign.reinforced(_force_with(group[1:4], template_besiegers), impulse)
            garrison = _force_with(group[4:7], template_garrison)
            cp[members] += campaign.cp_before_assault(impulse)
            if not campaign.assaults_in(impulse):
                attacker[members] = _counts(besiegers)
                continue
            assault = campaign._assault(besiegers, garrison, impulse == campaign.assault_from)
            plan = assault.draw_plan()
            columns = assault.outcome_columns(_sample_cells(plan, rng, members.size))
            outcome = columns["outcome"]
            attacker[members] = np.stack([columns[f"besieger_{k}"] for k in UNIT_TYPES], axis=1)
            defender[members] = np.stack([columns[f"defender_{k}"] for k in UNIT_TYPES], axis=1)
            success = outcome == "success"
            ended = ~np.isin(outcome, _SIEGE_STANDS)
            taken_counts[impulse - 1] += success.sum()
            broken_counts[impulse - 1] += (ended & ~success).sum()
            totals["besiegers_taken"] += attacker[members[success]].sum()
            defender[members[success]] = 0
            alive[members[ended]] = False
    started = start < weights.size
    totals["sieges"] += started.sum()
    totals["cp"] += cp.sum()
    totals["cp2"] += (cp**2).sum()
    totals["besiegers"] += attacker[started].sum()
    totals["garrison"] += defender[started].sum()

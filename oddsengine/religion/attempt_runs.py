"""A run of attempts played out on the board (RULES.md §19): the optimal policy, computed
exactly, and simple policies beside it.

An action or event gives several attempts; the player picks each target after seeing the
earlier results, and every flip changes the eligibility and the dice of the spaces around
it (an electorate's first conversion adds its regulars, §16; Carlstadt's failures put
unrest, §17 step 7). The state of a run is the set of spaces targeted and the set flipped
(unrest, when Carlstadt's, follows from them), so the best choice is a decision over
states, memoised on the state, not on the path (:class:`RunModel`). A fixed policy then
gives at most ``2 ** attempts`` outcomes, enumerated exactly.

Examples
--------
>>> from oddsengine.religion.religious_board import religion_1517_board
>>> run = AttemptRun(religion_1517_board(), "95-theses")
>>> answer = run.solve()
>>> answer.optimal.first_target, round(answer.optimal.expected_flips, 3)
('Brandenburg', 3.75)
>>> round(answer.greedy.expected_flips, 3) <= round(answer.optimal.expected_flips, 3)
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown
from oddsengine.religion.attempt_odds import success_chance
from oddsengine.religion.attempt_sources import AttemptSource, attempt_source
from oddsengine.religion.religious_board import TIE_WINNING_POPES, ReligiousBoard

__all__ = ["OBJECTIVES", "POLICIES", "AttemptRun", "PolicyOutcome", "RunAnswer", "RunModel"]

#: What the optimal policy maximises (default ``flips``: the expected number of flips).
OBJECTIVES = ("flips", "at-least:K", "space:SPACE", "electorates")
#: The policies compared (``order:A,B`` plays the first listed space still eligible).
POLICIES = ("optimal", "greedy", "order:SPACE,SPACE...")

#: Values closer than this are a tie between two targets (then: the higher single chance,
#: then the name).
_TIE = 1e-12

#: 19: the debater bonuses that add a die to attempts, as (centre, distance) or home
#: powers, and the dice (Faber: +2 against an electorate).
_WITHIN_TWO = {
    "Bucer": "Strasburg", "Zwingli": "Zürich", "Oekolampadius": "Basel", "Farel": "Geneva",
    "Cop": "Paris", "Cranmer": "London", "Canisius": "Regensburg",
}
_HOMES = {"Latimer": ("england",), "Wishart": ("scotland",), "Knox": ("england", "scotland")}


def _popcount(mask: int) -> int:
    return mask.bit_count()


class RunModel:
    """The board of a run as bit masks over its land spaces: the fast, exact model that
    the policy search and the policies' evaluation share."""

    def __init__(self, board: ReligiousBoard, source: AttemptSource, bonus: dict):
        from oddsengine.moves.board import load_board
        from oddsengine.religion.records import religion_facts

        facts, game_board = religion_facts(), load_board()
        self.board, self.source = board, source
        self.side = source.side
        self.names = [space.name for space in game_board if space.is_land]
        self.index = {name: i for i, name in enumerate(self.names)}
        bit = {name: 1 << i for name, i in self.index.items()}

        def mask(names) -> int:
            total = 0
            for name in names:
                total |= bit[name]
            return total

        self.bit = bit
        self.normal = []
        self.adjacent = []
        self.port_peers = []
        for name in self.names:
            normal = [n.name for n in game_board.neighbours(name)
                      if game_board.connection(name, n.name) != "pass"]
            self.normal.append(mask(normal))
            self.adjacent.append(mask(n.name for n in game_board.neighbours(name)))
            peers = set()
            if game_board.is_port(name):
                for zone in game_board.sea_zones_of(name):
                    peers.update(p.name for p in game_board.neighbours(zone.name, land_only=False)
                                 if p.is_land and p.name != name)
            self.port_peers.append(mask(peers))
        self.never = mask(facts.never_convert)
        self.protestant0 = mask(board.protestant)
        self.unrest0 = mask(board.unrest)
        self.reformers = mask(board.reformers.values())
        self.universities = mask(board.universities)
        self.protestant_stacks = mask(n for n in self.names if board.has_stack(n, "protestant"))
        self.catholic_stacks = mask(n for n in self.names if board.has_stack(n, "catholic"))
        display = () if board.schmalkaldic_league else board.electorate_display
        self.display = mask(display) if self.side == "protestant" else 0
        self.electorates = mask(facts.electorates)
        self.targeted0 = mask(board.targeted)
        zones = set(source.target_zones)
        self.in_zone = mask(n for n in self.names if facts.zone_of(n) in zones)
        allowed = mask(self.names) & ~self.never
        if source.only_in_zone:
            allowed &= self.in_zone
        if source.only_spaces:
            allowed &= mask(source.only_spaces)
        self.allowed = allowed
        self.bonus_mask, self.bonus_dice = bonus.get("mask", 0), bonus.get("dice", 0)
        cards = board.this_turn
        self.extra_dice = source.bonus_dice
        if self.side == "protestant" and "printing-press" in cards and source.name != (
            "printing-press"
        ):
            self.extra_dice += 1  # 17 step 3: Printing Press played this turn
        wins_ties_in_zone = self.side == "protestant" or board.papal_ruler in TIE_WINNING_POPES
        self.wins_ties_in_zone = wins_ties_in_zone
        # 18, 23.2: Augsburg Confession: -1 on every Papal die of a Counter-Reformation
        self.papal_modifier = -1 if (self.side == "papacy" and "augsburg-confession" in cards
                                     ) else 0
        self._dice_cache: dict = {}
        self._eligible_cache: dict = {}

    # -- one state ---------------------------------------------------------------------

    def protestant_mask(self, flipped: int) -> int:
        if self.side == "protestant":
            return self.protestant0 | flipped
        return self.protestant0 & ~flipped

    def unrest_mask(self, targeted: int, flipped: int) -> int:
        if not self.source.unrest_on_failure:
            return self.unrest0
        # 23.8: each of Carlstadt's failures puts unrest on its target at once
        return self.unrest0 | (targeted & ~flipped & ~self.targeted0)

    def eligible(self, targeted: int, flipped: int) -> list[int]:
        """The indices of the spaces the next attempt may target (17 step 1, 18)."""
        key = (targeted, flipped)
        found = self._eligible_cache.get(key)
        if found is not None:
            return found
        protestant = self.protestant_mask(flipped)
        catholic = ~protestant & ~self.never
        unrest = self.unrest_mask(targeted, flipped)
        own = protestant if self.side == "protestant" else catholic
        special = self.reformers if self.side == "protestant" else self.universities
        candidates = self.allowed & ~targeted & ~self.targeted0
        candidates &= catholic if self.side == "protestant" else protestant
        found = []
        linked = own & ~unrest
        for i in _bits(candidates):
            b = 1 << i
            if b & special or self.adjacent[i] & linked or self.port_peers[i] & own:
                found.append(i)
        self._eligible_cache[key] = found
        return found

    def chance(self, target: int, targeted: int, flipped: int) -> tuple[float, int, int, str]:
        """The success chance of an attempt on ``target`` now, with the dice and the tie
        side."""
        protestant = self.protestant_mask(flipped)
        unrest = self.unrest_mask(targeted, flipped)
        local = self.normal[target] | (1 << target)
        key = (target, protestant & local, unrest & local)
        found = self._dice_cache.get(key)
        if found is None:
            found = self._chance(target, protestant, unrest, flipped)
            self._dice_cache[key] = found
        return found

    def _chance(self, target, protestant, unrest, flipped):
        b = 1 << target
        catholic = ~protestant & ~self.never
        stacks = self.protestant_stacks | (flipped & self.display)  # 16: regulars arrive
        neighbours = self.normal[target] & ~unrest  # 17 step 2: no pass, no unrest
        protestant_dice = (
            _popcount(neighbours & protestant) + _popcount(neighbours & self.reformers)
            + _popcount(neighbours & stacks)
            + 2 * bool(b & self.reformers) + 2 * bool(b & stacks)
        )
        papal_dice = (
            _popcount(neighbours & catholic) + _popcount(neighbours & self.universities)
            + _popcount(neighbours & self.catholic_stacks)
            + 2 * bool(b & self.universities) + 2 * bool(b & self.catholic_stacks)
        )
        protestant_dice, papal_dice = max(protestant_dice, 1), max(papal_dice, 1)  # 23.4
        extra = self.extra_dice + (self.bonus_dice if b & self.bonus_mask else 0)
        in_zone = bool(b & self.in_zone)
        if self.side == "protestant":
            protestant_dice += extra
            ties = "protestant" if in_zone else "papacy"  # 17 step 7
            modifier = self.source.modifier if in_zone else 0  # 17 step 4: zone only
            p = success_chance("protestant", protestant_dice, papal_dice, ties, modifier)
        else:
            papal_dice += extra
            ties = "papacy" if (in_zone and self.wins_ties_in_zone) else "protestant"  # 18
            p = success_chance("papacy", papal_dice, protestant_dice, ties,
                               self.papal_modifier)
        return p, protestant_dice, papal_dice, ties


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@dataclass(frozen=True)
class PolicyOutcome:
    """What one policy gives: the expected flips, P(k flips) for every k, P(each space
    ends flipped), its first target and its tree of choices."""

    policy: str
    expected_flips: float
    flips: tuple[float, ...]
    spaces: dict
    first_target: str | None
    objective_value: float
    tree: dict = field(repr=False, default_factory=dict)
    notes: tuple[str, ...] = ()

    def at_least(self, k: int) -> float:
        return float(sum(self.flips[k:]))

    def describe(self, depth: int = 3) -> dict:
        return {
            "policy": self.policy,
            "expected": {"flips": self.expected_flips},
            "p": {
                **{f"flips:{k}": value for k, value in enumerate(self.flips)},
                **{f"{_WORD[self._side]}:{space}": value for space, value in self.spaces.items()},
            },
            "objective_value": self.objective_value,
            "policy_tree": _cut(self.tree, depth),
            "first_target": self.first_target,
            "notes": list(self.notes),
        }

    _side: str = "protestant"


_WORD = {"protestant": "protestant", "papacy": "catholic"}


def _cut(tree: dict, depth: int) -> dict:
    if not tree or depth <= 0:
        return {}
    cut = {key: value for key, value in tree.items() if key not in ("success", "failure")}
    for branch in ("success", "failure"):
        if tree.get(branch):
            cut[branch] = _cut(tree[branch], depth - 1)
    return cut


@dataclass(frozen=True)
class RunAnswer:
    """The answer to a run: the optimal policy beside "best single odds each time" and,
    when given, a fixed order."""

    run: AttemptRun
    optimal: PolicyOutcome
    greedy: PolicyOutcome
    order: PolicyOutcome | None = None
    states: int = 0

    def describe(self, depth: int = 3) -> dict:
        optimal = self.optimal.describe(depth)
        answer = {
            "kind": "attempts",
            "spec": self.run.describe(),
            "method": "exact",
            "expected": optimal["expected"],
            "p": optimal["p"],
            "policy": {"first_target": self.optimal.first_target,
                       "objective": self.run.objective,
                       "objective_value": self.optimal.objective_value,
                       "tree": optimal["policy_tree"]},
            "compare": {"greedy": self.greedy.describe(depth)},
            "states": self.states,
            "notes": list(self.optimal.notes),
        }
        if self.order is not None:
            answer["compare"]["order"] = self.order.describe(depth)
        return answer


@dataclass(frozen=True)
class AttemptRun:
    """A run of attempts on the board (RULES.md §19).

    Parameters
    ----------
    board : ReligiousBoard
    source : str or AttemptSource
        ``95-theses``, ``treatise:german``, ``carlstadt`` ... (:func:`attempt_source`).
    debater : str or None
        A bonus debater committed for the run (Bucer, Cop, Contarini, Faber ...): his die
        goes to every qualifying attempt (23.9).
    objective : str
        What the optimal policy maximises: ``flips`` (the expected number, the default),
        ``at-least:K`` (the chance of K flips or more), ``space:S`` (the chance that S
        turns), ``electorates`` (the expected electorates turned).
    order : sequence of str
        A given order to compare: each attempt takes the first listed space still
        eligible, and "best single odds" once none is.
    placards_attempts : {3, 4}
        Affair of the Placards' attempts (a rule option, §19).
    """

    board: ReligiousBoard
    source: object
    debater: str | None = None
    objective: str = "flips"
    order: tuple = ()
    placards_attempts: int = 3

    def __post_init__(self):
        if not isinstance(self.board, ReligiousBoard):
            raise OddsEngineTypeError(f"board must be a ReligiousBoard, not {shown(self.board)}")
        source = self.source
        if not isinstance(source, AttemptSource):
            source = attempt_source(source, placards_attempts=self.placards_attempts)
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "objective", _checked_objective(self.objective))
        order = (self.order,) if isinstance(self.order, str) else tuple(self.order)
        from oddsengine.moves.board import load_board

        names = []
        for name in order:
            space = load_board().space(name)
            if space.is_sea:
                raise OddsEngineError(f"order: {space.name} is a sea zone")
            if space.name in names:
                raise OddsEngineError(f"order: {space.name} is listed twice")
            names.append(space.name)
        object.__setattr__(self, "order", tuple(names))
        self.bonus  # refuse a debater who cannot give his bonus now

    def describe(self) -> dict:
        return {
            "source": self.source.describe(),
            "debater": self.debater,
            "objective": self.objective,
            "order": list(self.order),
            "board": {"protestant": list(self.board.protestant),
                      "unrest": list(self.board.unrest), "turn": self.board.turn},
        }

    @cached_property
    def bonus(self) -> dict:
        """The committed debater's bonus: the spaces it applies to and its dice."""
        if self.debater is None:
            return {}
        return _debater_bonus(self.board, self.source, self.debater)

    @cached_property
    def model(self) -> RunModel:
        return RunModel(self.board, self.source, self.bonus)

    @cached_property
    def _search(self) -> tuple[dict, dict]:
        """The optimal policy's value and choice in every state met: ``(values, choice)``,
        each keyed by ``(targeted, flipped)`` bit masks."""
        model = self.model
        values: dict = {}
        choice: dict = {}
        terminal = self._terminal(model)

        def value(targeted: int, flipped: int, left: int) -> float:
            key = (targeted, flipped)
            found = values.get(key)
            if found is not None:
                return found
            options = model.eligible(targeted, flipped) if left else []
            if not options:
                values[key] = best = terminal(flipped)
                return best
            best, best_target, best_chance = -1.0, None, -1.0
            for target in options:
                bit = 1 << target
                p = model.chance(target, targeted, flipped)[0]
                worth = p * value(targeted | bit, flipped | bit, left - 1) + (1 - p) * value(
                    targeted | bit, flipped, left - 1)
                if worth > best + _TIE or (abs(worth - best) <= _TIE and p > best_chance):
                    best, best_target, best_chance = worth, target, p
            values[key] = best
            choice[key] = best_target
            return best

        value(0, 0, self.source.attempts)
        return values, choice

    def optimal_choice(self):
        """The optimal policy as a function of the state ``(targeted, flipped)``: the
        index of its next target, or None."""
        choice = self._search[1]
        return lambda targeted, flipped: choice.get((targeted, flipped))

    def solve(self) -> RunAnswer:
        """The optimal policy, exactly, with greedy (and the given order) beside it."""
        values, _ = self._search
        terminal = self._terminal(self.model)
        optimal = self.optimal_choice()
        answer_optimal = self._evaluate("optimal", optimal, terminal)
        answer_greedy = self._evaluate("greedy", self.greedy_choice, terminal)
        answer_order = None
        if self.order:
            answer_order = self._evaluate("order:" + ",".join(self.order), self.order_choice,
                                          terminal)
        return RunAnswer(self, answer_optimal, answer_greedy, answer_order, len(values))

    # -- policies ----------------------------------------------------------------------

    def greedy_choice(self, targeted: int, flipped: int):
        """The eligible target of the best single chance now (a tie: the first by name)."""
        model = self.model
        options = model.eligible(targeted, flipped)
        if not options:
            return None
        return max(sorted(options, key=lambda i: model.names[i]),
                   key=lambda i: model.chance(i, targeted, flipped)[0])

    def order_choice(self, targeted: int, flipped: int):
        """The first listed space still eligible, else best single odds."""
        model = self.model
        options = set(model.eligible(targeted, flipped))
        for name in self.order:
            if model.index[name] in options:
                return model.index[name]
        return self.greedy_choice(targeted, flipped)

    def _terminal(self, model: RunModel):
        objective = self.objective
        if objective == "flips":
            return _popcount
        if objective == "electorates":
            return lambda flipped: _popcount(flipped & model.electorates)
        kind, _, argument = objective.partition(":")
        if kind == "at-least":
            k = int(argument)
            return lambda flipped: 1.0 if _popcount(flipped) >= k else 0.0
        bit = model.bit[argument]
        return lambda flipped: 1.0 if flipped & bit else 0.0

    def _evaluate(self, name: str, policy, terminal) -> PolicyOutcome:
        """Every outcome of a fixed policy (at most 2 ** attempts), exactly."""
        model = self.model
        attempts = self.source.attempts
        flips = [0.0] * (attempts + 1)
        spaces: dict[str, float] = {}
        total = 0.0
        notes = []

        def walk(targeted, flipped, left, weight):
            nonlocal total
            target = policy(targeted, flipped) if left else None
            if target is None:
                count = _popcount(flipped)
                flips[count] += weight
                for i in _bits(flipped):
                    spaces[model.names[i]] = spaces.get(model.names[i], 0.0) + weight
                total += weight * terminal(flipped)
                return {}
            p, protestant_dice, papal_dice, ties = model.chance(target, targeted, flipped)
            bit = 1 << target
            node = {"target": model.names[target], "p_success": p,
                    "dice": {"protestant": protestant_dice, "papal": papal_dice},
                    "ties": ties}
            node["success"] = walk(targeted | bit, flipped | bit, left - 1, weight * p)
            node["failure"] = walk(targeted | bit, flipped, left - 1, weight * (1 - p))
            return node

        tree = walk(0, 0, attempts, 1.0)
        if not tree:
            notes.append("no space may be targeted: the run makes no attempt")
        expected = sum(k * p for k, p in enumerate(flips))
        ordered = dict(sorted(spaces.items(), key=lambda item: (-item[1], item[0])))
        outcome = PolicyOutcome(name, expected, tuple(flips), ordered, tree.get("target"),
                                total, tree, tuple(notes))
        object.__setattr__(outcome, "_side", self.source.side)
        return outcome


def _checked_objective(objective) -> str:
    if not isinstance(objective, str):
        raise OddsEngineError(f"objective must be a name, not {shown(objective)}")
    text = objective.strip().lower()
    if text in ("flips", "electorates"):
        return text
    kind, _, argument = text.partition(":")
    if kind == "at-least":
        if not argument.isdigit() or not 1 <= int(argument) <= 30:
            raise OddsEngineError(f"objective at-least:K needs K in 1..30, not {shown(argument)}")
        return f"at-least:{int(argument)}"
    if kind == "space":
        from oddsengine.moves.board import load_board

        space = load_board().space(objective.strip().partition(":")[2].strip())
        if space.is_sea:
            raise OddsEngineError(f"objective: {space.name} is a sea zone")
        return f"space:{space.name}"
    raise OddsEngineError(
        f"unknown objective {shown(objective)}; use one of {', '.join(OBJECTIVES)}"
    )


def _debater_bonus(board: ReligiousBoard, source: AttemptSource, name: str) -> dict:
    """The spaces a committed bonus debater's die applies to (19, 23.9)."""
    from oddsengine.moves.board import load_board
    from oddsengine.religion.records import religion_facts

    facts = religion_facts()
    try:
        debater = facts.debater(name)
    except KeyError:
        raise OddsEngineError(f"unknown debater {shown(name)}") from None
    wanted = "reformation_die" if source.side == "protestant" else "counter_reformation_die"
    if debater.bonus_use != wanted:
        raise OddsEngineError(
            f"{debater.name}'s bonus does not add a die to "
            + ("Reformation" if source.side == "protestant" else "Counter-Reformation")
            + f" attempts ({debater.bonus})"
        )
    if debater.name in board.committed:
        raise OddsEngineError(f"{debater.name} is committed already: his bonus is spent")
    in_play = debater.in_play(board.turn) if debater.entry_turn is not None else (
        "Cranmer" in board.reformers)
    if not in_play:
        raise OddsEngineError(f"{debater.name} is not in play on turn {board.turn}")
    if source.english_bonuses_only and debater.zone != "english":
        raise OddsEngineError(
            f"the English treatise takes English debaters' bonuses only, not {debater.name}'s"
        )
    board_spaces = [space for space in load_board() if space.is_land]
    dice = 1
    if debater.name in _WITHIN_TWO:
        spaces = board.within(_WITHIN_TWO[debater.name], 2)
    elif debater.name in _HOMES:
        homes = _HOMES[debater.name]
        spaces = {s.name for s in board_spaces if set(s.home_powers) & set(homes)}
    elif debater.name == "Contarini":
        where = board.where_is("Charles V")
        if where is None:
            raise OddsEngineError("Contarini's bonus counts from Charles V, who is not on the map")
        spaces = board.within(where, 2)
    elif debater.name == "Faber":
        spaces, dice = set(facts.electorates), 2  # +2 dice against an electorate
    else:  # pragma: no cover - every die-giving debater of the data is listed above
        raise OddsEngineError(f"{debater.name}'s bonus is not modelled")
    model_bits = 0
    names = [space.name for space in board_spaces]
    for i, space in enumerate(names):
        if space in spaces:
            model_bits |= 1 << i
    return {"mask": model_bits, "dice": dice, "debater": debater.name}



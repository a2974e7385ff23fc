"""The force needed: the smallest unit count or leader rating that reaches a target chance.

One force of the question carries a ``?``: a unit count (``"?R Suleiman"``) or an
anonymous leader's battle rating (``"8R L?"``). :func:`needed` builds the question for
every candidate value, from 0 up to the legal maximum (a formation's command limit, 4
units in a fortress, or :data:`MAX_UNITS`), answers each one, and returns the smallest value
whose chance of the chosen event reaches the target. It never assumes that the chance rises
with the value: in an assault an even number of regulars adds no die over the odd number
below it (15.1), so every candidate is answered and the first one over the target is taken.

Each kind of question has its record (:class:`~oddsengine.kinds.NeededKind`): which forces
it takes, how to build the question, which events it reports and which one each side
wants. The search keeps those of the shipped kinds
(:mod:`oddsengine.questions.needed_kinds`); a new kind plugs in with
:func:`oddsengine.register_kind` (its spec and that record, its ``needed`` field), and the
search, the command line and the tables read it from there
(:data:`~oddsengine.questions.needed_kinds.NEEDED_KINDS` is a read view by command name).

Examples
--------
>>> answer = needed("assault", attacker="?R Suleiman", defender="hapsburg: 2R", target=0.5)
>>> answer.value, round(answer.p, 4), round(answer.p_below, 4)
(5, 0.5391, 0.4074)
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from oddsengine.combat.limits import (
    MAX_IMPULSES,
    MAX_SEARCH_UNITS,
    check_count,
    check_precision,
)
from oddsengine.combat.unit_types import LAND_LETTERS
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown, unknown_name
from oddsengine.kinds import NeededKind
from oddsengine.questions._candidate_rows import chance_rows, refused_runs, value_ranges
from oddsengine.questions.needed_fractions import (
    fraction_column,
    fraction_text,
    fraction_words,
)
from oddsengine.questions.needed_kinds import NEEDED_KINDS
from oddsengine.results.output import Rendered

__all__ = [
    "Candidate",
    "NeededResult",
    "MAX_UNITS",
    "find_kind",
    "find_unknown",
    "first_reaching",
    "needed",
]

#: The largest unit count tried when no rule bounds the force (a defending stack, a
#: formation under an anonymous leader).
MAX_UNITS = 30
#: RULES.md §1: battle ratings run from 0 to 2.
MAX_RATING = 2
#: Monte Carlo: the default 95% half-width of each candidate's chance.
DEFAULT_PRECISION = 0.005
#: Exact chances are floats: a chance within this of the target reaches it.
_EXACT_SLACK = 1e-12

_UNKNOWN_COUNT = re.compile(r"^\?([a-z]+)$", re.IGNORECASE)
_UNKNOWN_RATING = re.compile(r"^l\?$", re.IGNORECASE)
_LAND_UNITS = LAND_LETTERS  # the unit-type records' letters


@dataclass(frozen=True)
class Unknown:
    """The ``?`` of a question: which force, and what it counts.

    Parameters
    ----------
    role : str
        The force argument (or, for a mapping of forces, its key) that holds it.
    token : str
        The ``?`` word as written (``"?R"``, ``"L?"``).
    counts : str
        ``"regulars"``, ``"mercenaries"``, ``"cavalry"`` (or another unit word of the
        kind), or ``"rating"``.
    letters : str
        The unit letters written after the value (empty for a rating).
    """

    role: str
    token: str
    counts: str
    letters: str

    @property
    def where(self) -> str:
        """The role in words: ``"attacker"``, ``"stack in Pressburg"``."""
        role, _, key = self.role.partition(":")
        return f"{role.removesuffix('s')} in {key}" if key else role

    def substitute(self, text: str, value: int) -> str:
        """``text`` with the ``?`` word replaced by ``value``."""
        word = f"L{value}" if self.counts == "rating" else f"{value}{self.letters}"
        prefix, colon, body = text.rpartition(":")
        pieces = [
            word if piece == self.token else piece for piece in body.replace(",", " ").split()
        ]
        return f"{prefix.strip()}{colon} " * bool(colon) + " ".join(pieces)

    def values(self, max_units: int) -> range:
        if self.counts == "rating":
            return range(0, MAX_RATING + 1)
        return range(0, max_units + 1)


def find_unknown(forces: dict, units: dict | None = None, ratings: bool = True) -> Unknown:
    """Find the one ``?`` among ``forces`` (role -> force string).

    Raises
    ------
    OddsEngineError
        If there is no ``?``, more than one, or one that counts nothing the kind knows.

    Examples
    --------
    >>> find_unknown({"attacker": "?R Suleiman", "defender": "4R"}).counts
    'regulars'
    """
    units = _LAND_UNITS if units is None else units
    found = []
    for role, text in forces.items():
        if not isinstance(text, str):
            continue
        body = text.split(":", 1)[-1]
        for word in body.replace(",", " ").split():
            if "?" not in word:
                continue
            count = _UNKNOWN_COUNT.match(word)
            if count and count.group(1).lower() in units:
                found.append(Unknown(role, word, units[count.group(1).lower()], count.group(1)))
            elif _UNKNOWN_RATING.match(word) and ratings:
                found.append(Unknown(role, word, "rating", ""))
            elif _UNKNOWN_RATING.match(word):
                letters = ", ".join(f"?{letter.capitalize()}" for letter in units)
                raise OddsEngineError(
                    f"cannot read {word!r} in {role} {text!r}: no leader is rated here; "
                    f"write the unknown as {letters} (a count)"
                )
            else:
                letters = ", ".join(f"?{letter.capitalize()}" for letter in units)
                raise OddsEngineError(
                    f"cannot read {word!r} in {role} {text!r}: write the unknown as "
                    f"{letters} (a unit count) or L? (a leader's battle rating)"
                )
    if not found:
        raise OddsEngineError(
            "no '?' in the forces: write the unknown as, e.g., '?R Suleiman' or '8R L?'"
        )
    if len(found) > 1:
        raise OddsEngineError(
            f"one '?' only, found {len(found)} ({', '.join(u.token for u in found)})"
        )
    return found[0]


@dataclass(frozen=True)
class Candidate:
    """One value tried: its force, its chance, or the reason the rules refuse it."""

    value: int
    force: str
    p: float | None
    refusal: str | None = None

    @property
    def legal(self) -> bool:
        return self.refusal is None


@dataclass(frozen=True, repr=False)  # its own __repr__ below
class NeededResult(Rendered):
    """The answer of :func:`needed`.

    ``value`` is the smallest value reaching the target (None when no legal force does),
    ``p`` its chance, ``p_below`` the chance one step below (None when there is no legal
    step below, or no value), ``method`` ``"exact"`` or ``"monte-carlo"``;
    ``candidates`` holds every value tried.
    """

    kind: str
    event: str
    target: float
    within: int | None
    unknown: Unknown
    method: str
    candidates: tuple[Candidate, ...]
    value: int | None
    p: float | None
    p_below: float | None
    precision: float | None = None
    seed: int | None = None
    forces: dict = field(default_factory=dict)
    #: The question of each legal value, by value (read for its exact fractions).
    questions: dict = field(default_factory=dict, compare=False)
    #: ``{"p": Fraction, "p_below": Fraction}`` once asked (:meth:`with_fractions`).
    fractions: dict | None = None

    def with_fractions(self) -> NeededResult:
        """The answer with its chance and the one below as exact fractions, shown by every
        format (:func:`~oddsengine.questions.needed_fractions.chance_fractions`)."""
        from dataclasses import replace

        from oddsengine.questions.needed_fractions import chance_fractions

        return replace(self, fractions=chance_fractions(self))

    @property
    def force(self) -> str | None:
        """The force (as written) with the value needed, or None."""
        if self.value is None:
            return None
        return self.candidates[self._index(self.value)].force

    def _index(self, value: int) -> int:
        return next(i for i, c in enumerate(self.candidates) if c.value == value)

    @property
    def best(self) -> Candidate | None:
        """The legal candidate with the highest chance (the smallest on a tie)."""
        legal = [c for c in self.candidates if c.legal]
        return max(legal, key=lambda c: (c.p, -c.value)) if legal else None

    def __repr__(self) -> str:
        return f"<NeededResult {self.kind}, {self.method}: {self.sentence()}>"

    def sentence(self) -> str:
        """The answer in one sentence."""
        within = _within_words(self.kind, self.within)
        if self.value is not None:
            exact = self.fractions or {}
            below = (
                "no legal force one step below"
                if self.p_below is None
                else f"one less: {self.p_below:.2%}{fraction_words(exact.get('p_below'))}"
            )
            return (
                f"{self.force}: P({self.event}{within}) = {self.p:.2%}"
                f"{fraction_words(exact.get('p'))} (target {self.target:.0%}; {below})"
            )
        best = self.best
        if best is None:
            runs = refused_runs(self.candidates)
            if len(runs) == 1:
                return f"no legal force: {self.candidates[-1].refusal}"
            # Each reason with its values: a card no count makes playable shows as one of
            # them, not hidden behind the last value's reason.
            reasons = "; ".join(f"{value_ranges(values)}: {reason}" for values, reason in runs)
            return f"no legal force: every value is refused ({reasons})"
        return (
            f"no legal force reaches the target of {self.target:.0%}: the best is "
            f"{best.force} with P({self.event}{within}) = {best.p:.2%}; "
            f"{self.limit_reason()}"
        )

    def limit_reason(self) -> str:
        """Why the search stopped where it did."""
        last_legal = max((c.value for c in self.candidates if c.legal), default=None)
        above = [c for c in self.candidates if last_legal is not None and c.value > last_legal]
        if above:
            return f"beyond {last_legal}: {above[0].refusal}"
        if self.unknown.counts == "rating":
            return f"a battle rating is at most {MAX_RATING} (5.1)"
        return f"the search stops at {self.candidates[-1].value} {self.unknown.counts}"

    def to_dict(self) -> dict:
        """JSON-ready: ``value``, ``p``, ``p_below``, ``method`` and the question."""
        return {
            "kind": self.kind,
            "value": self.value,
            "p": self.p,
            "p_below": self.p_below,
            "method": self.method,
            "force": self.force,
            "target": self.target,
            "event": self.event,
            "within": self.within,
            "unknown": {"role": self.unknown.where, "counts": self.unknown.counts},
            "forces": dict(self.forces),
            "precision": self.precision,
            "seed": self.seed,
            "message": self.sentence(),
            **(
                {}
                if self.fractions is None
                else {"fractions": {k: fraction_text(v) for k, v in self.fractions.items()}}
            ),
            "candidates": [
                {"value": c.value, "force": c.force, "p": c.p, "refusal": c.refusal}
                for c in self.candidates
            ],
        }

    def to_frame(self):
        """One row per candidate: value, force, chance (NaN when refused), refusal."""
        import pandas as pd

        frame = pd.DataFrame(
            {
                "value": [c.value for c in self.candidates],
                "force": [c.force for c in self.candidates],
                "p": [math.nan if c.p is None else c.p for c in self.candidates],
                "refusal": [c.refusal for c in self.candidates],
            }
        )
        if self.fractions is not None:  # the value needed and the one below, as fractions
            frame["fraction"] = fraction_column(self)
        return frame

    def summary(self) -> str:
        """The answer, then every legal candidate's chance (a run of three or more
        equal chances as one row, ``11-30  25.86%  11..30R Suleiman``)."""
        method = (
            "exact"
            if self.method == "exact"
            else (f"Monte Carlo to a 95% half-width of {self.precision:.2%}, seed {self.seed}")
        )
        lines = [
            f"Needed ({self.kind}): {self.unknown.counts} in the {self.unknown.where} for "
            f"{self.event}{_within_words(self.kind, self.within)} >= {self.target:.0%}",
            f"Method: {method}",
            "",
            self.sentence(),
            "",
            f"{'value':>6}  {'chance':>9}  force",
        ]
        # Runs of equal chances as one row each (JSON and CSV keep every candidate).
        lines += chance_rows(self.candidates, self.value, self.unknown)
        for values, reason in refused_runs(self.candidates):
            lines.append(f"refused {value_ranges(values)}: {reason}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary()

    def _repr_html_(self) -> str:
        from html import escape

        return f"<p>{escape(self.sentence())}</p>" + self.to_frame().to_html(index=False)


def _within_words(kind: str, within: int | None) -> str:
    if within is None:
        return ""
    unit = getattr(NEEDED_KINDS.get(kind), "within_unit", "impulse")
    return f" within {within} {unit}{'' if within == 1 else 's'}"


def _check_target(target) -> float:
    if isinstance(target, bool) or not isinstance(target, int | float):
        raise OddsEngineTypeError(f"target must be a probability, not {shown(target)}")
    if not 0 < target <= 1:
        raise OddsEngineError(f"target must be above 0 and at most 1, not {shown(target)}")
    return float(target)


def _check_within(kind: NeededKind, within) -> int | None:
    if within is None:
        if kind.within == "required":
            raise OddsEngineError(f"{kind.name}: give within (impulses or attempts), e.g. 2")
        return None
    if kind.within == "refused":
        raise OddsEngineError(f"{kind.name} takes no 'within': it is decided at once")
    # A campaign is played over at most MAX_IMPULSES impulses (or attempts): beyond, the
    # question is refused before any candidate is answered.
    return check_count("within", within, MAX_IMPULSES, minimum=1)


def find_kind(name: str) -> NeededKind:
    """The force-needed record of the kind whose command is ``name``, or a refusal listing
    the kinds."""
    if not isinstance(name, str):
        raise OddsEngineTypeError(f"kind must be the name of a kind, not {shown(name)}")
    if name not in NEEDED_KINDS:
        raise unknown_name("kind", name, sorted(NEEDED_KINDS), where="needed")
    return NEEDED_KINDS[name]


def needed(
    kind: str,
    *,
    target: float,
    within: int | None = None,
    event: str | None = None,
    method: str = "auto",
    precision: float = DEFAULT_PRECISION,
    seed=None,
    max_units: int = MAX_UNITS,
    **arguments,
) -> NeededResult:
    """Find the smallest value of the ``?`` in one force that reaches ``target``.

    Parameters
    ----------
    kind : str
        ``"battle"``, ``"assault"``, ``"siege"``, ``"move"``, ``"naval"`` or
        ``"foreign-war"`` (see :data:`~oddsengine.questions.needed_kinds.NEEDED_KINDS`).
    target : float
        The chance to reach, in (0, 1].
    within : int, optional
        Sieges: the impulses of assaults (required). Moves: follow the siege the move
        lays for this many impulses (events ``taken`` and ``held``). Foreign wars: the
        attempts (required; event ``won``, or ``won_by:k``).
    event : str, optional
        The event whose chance must reach the target. Default: what the side holding
        the ``?`` wants (battle: ``attacker_wins`` or ``defender_wins``; assault:
        ``success`` or ``held``; siege: ``taken`` or ``held``; move: for the mover
        ``besieging`` into a fortified space and ``mover_in_control`` otherwise, or
        ``taken`` with ``within``; for the other stacks ``repelled``, the mover neither
        controlling nor besieging the space, or ``held`` with ``within``; naval:
        ``attacker_wins`` or ``defender_wins``; foreign war: ``won``).
    method : {"auto", "exact", "monte-carlo"}
        ``auto`` takes the exact engine wherever it applies.
    precision : float
        Monte Carlo: the 95% half-width of each candidate's chance.
    seed : int, optional
        Monte Carlo seed (a fresh one is drawn and reported when None).
    max_units : int
        The largest unit count tried where no rule bounds the force.
    **arguments
        The forces of the kind (one holds the ``?``), e.g. ``attacker="?R Suleiman"``,
        ``defender="hapsburg: 4R Ferdinand"``; sieges ``besiegers``, ``garrison``;
        moves ``scenario`` and ``stacks`` (space -> force); naval battles fleets
        (``attacker="ottoman: ?Sq Dragut"``); foreign wars ``war`` and ``force``; and the
        kind's other parameters (``attacker_cards``, ``reinforcements``, ``in_port``,
        ``foreign``, ``cards``, ...).

    Returns
    -------
    NeededResult
        With ``value`` None when no legal force reaches the target.

    Raises
    ------
    OddsEngineError
        On a malformed question: no ``?`` or several, an unknown event or kind, a target
        outside (0, 1], a ``within`` the kind does not take.

    Examples
    --------
    >>> answer = needed("siege", besiegers="?R Suleiman", garrison="hapsburg: 4R Ferdinand",
    ...                 target=0.75, within=2)
    >>> answer.value, round(answer.p, 4)
    (11, 0.7769)
    """
    from oddsengine.engines._random import normalise_seed
    from oddsengine.questions._needed_checks import (
        check_fixed_forces,
        check_reachable_precision,
        refuse_a_question_no_value_makes_legal,
        unknown_keyword,
    )

    record = find_kind(kind)
    target = _check_target(target)
    within = _check_within(record, within)
    if not isinstance(method, str) or method not in ("auto", "exact", "monte-carlo"):
        raise OddsEngineError(f"method must be auto, exact or monte-carlo, not {shown(method)}")
    precision = check_precision(precision)
    if event is not None and not isinstance(event, str):
        raise OddsEngineTypeError(f"event must be the name of an event, not {shown(event)}")
    if method == "exact" and seed is not None:
        raise OddsEngineError("method 'exact' takes no seed: a seed is for Monte Carlo")
    if method == "exact" and not record.exact:
        raise OddsEngineError(f"{record.name}: the exact engine does not answer this kind")
    engine = "exact" if method == "auto" and record.exact else method
    engine = "monte-carlo" if engine == "auto" else engine
    if engine == "monte-carlo":
        if precision is None:
            raise OddsEngineError("Monte Carlo needs a precision, e.g. 0.005")
        check_reachable_precision(precision)
        seed = normalise_seed(seed)
    # Every candidate up to max_units is answered: the bound is the length of the search.
    max_units = check_count("max_units", max_units, MAX_SEARCH_UNITS, minimum=1)
    forces = _forces_of(record, arguments)
    unknown = find_unknown(forces, record.units, record.ratings)
    check_fixed_forces(record, forces, unknown.role)
    parameters = {k: v for k, v in arguments.items() if k not in record.roles}
    asked = []  # (value, force, question or refusal) of every candidate, in order
    for value in unknown.values(max_units):
        filled = dict(forces)
        filled[unknown.role] = unknown.substitute(forces[unknown.role], value)
        try:
            question = record.build(_unflatten(record, filled), within, **parameters)
        except OddsEngineError as refusal:
            question = refusal
        except TypeError as error:  # a keyword the kind does not take, refused by its name
            raise OddsEngineTypeError(f"needed {record.name}: {unknown_keyword(error)}") from None
        asked.append((value, filled[unknown.role], question))
    refuse_a_question_no_value_makes_legal(record, asked, unknown.counts != "rating")
    answers = _batch_answers(record, engine, [item[2] for item in asked])
    candidates, questions = [], {}
    chosen_event = event
    for (value, force, question), answer in zip(asked, answers, strict=True):
        try:
            if isinstance(question, OddsEngineError):
                raise question
            # Some refusals come only while playing out (a reinforced formation that
            # outgrows its command limit before a later assault): refused all the same.
            chances = (
                answer if answer is not None else record.chances(question, engine, precision, seed)
            )
        except OddsEngineError as refusal:
            candidates.append(Candidate(value, force, None, str(refusal)))
            continue
        if chosen_event is None:
            chosen_event = record.default_event(question, unknown.role, within)
        if chosen_event not in chances:
            raise unknown_name(
                "event", chosen_event, sorted(chances), where=f"needed {record.name}"
            )
        candidates.append(Candidate(value, force, float(chances[chosen_event])))
        questions[value] = question
    if chosen_event is None:  # every candidate refused: keep the question's own words
        chosen_event = event or "the target event"
    value, p, p_below = first_reaching(candidates, target, engine)
    return NeededResult(
        record.name,
        chosen_event,
        target,
        within,
        unknown,
        engine,
        tuple(candidates),
        value,
        p,
        p_below,
        precision=precision if engine == "monte-carlo" else None,
        seed=seed if engine == "monte-carlo" else None,
        forces=forces,
        questions=questions,
    )


def _batch_answers(record: NeededKind, engine: str, questions: list) -> list:
    """The chances of every legal question at once, on the exact grid path, where the kind
    has one; None for a question to ask one by one (and for every refused one)."""
    legal = [question for question in questions if not isinstance(question, OddsEngineError)]
    if engine != "exact" or record.exact_batch is None or not legal:
        return [None] * len(questions)
    try:
        answers = iter(record.exact_batch(legal))
    except OddsEngineError:
        return [None] * len(questions)  # one by one, so that each refusal is its own
    return [
        None if isinstance(question, OddsEngineError) else next(answers) for question in questions
    ]


def first_reaching(candidates, target: float, method: str = "exact") -> tuple:
    """``(value, p, p_below)`` of the first legal candidate whose chance reaches
    ``target``, trying every candidate in order (no monotonicity is assumed); ``p_below``
    is None when the value one step below is refused; all three are None when no
    candidate reaches the target."""
    slack = _EXACT_SLACK if method == "exact" else 0.0
    for index, candidate in enumerate(candidates):
        if candidate.legal and candidate.p >= target - slack:
            below = candidates[index - 1] if index > 0 else None
            p_below = below.p if below is not None and below.legal else None
            return candidate.value, candidate.p, p_below
    return None, None, None


def _forces_of(record: NeededKind, arguments: dict) -> dict:
    """Role -> force string; a mapping role (a move's stacks) is flattened by key."""
    forces = {}
    for role in record.roles:
        value = arguments.get(role)
        if isinstance(value, dict):
            for key, text in value.items():
                forces[f"{role}:{key}"] = text
        elif value is not None:
            if not isinstance(value, str):
                raise OddsEngineTypeError(f"{role} must be a force string, not {shown(value)}")
            forces[role] = value
    return forces


def _unflatten(record: NeededKind, forces: dict) -> dict:
    nested: dict = {}
    for key, text in forces.items():
        role, _, inner = key.partition(":")
        if inner:
            nested.setdefault(role, {})[inner] = text
        else:
            nested[role] = text
    return nested

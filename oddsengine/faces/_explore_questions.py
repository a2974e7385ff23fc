"""The questions the calculator asks: which engagements it offers, the spec a set of
control values makes, what each side may choose, and the command line that gives the same
answer.

Everything a side may choose is read from the records: the leaders from
:data:`~oddsengine.combat.leaders.LEADERS` and
:data:`~oddsengine.combat.fleets.NAVAL_LEADERS` (the powers each serves), the cards from
:data:`~oddsengine.combat.cards.CARD_RULES` (the engagements a card is played in and its
own refusal checks) and their effects at sea and in foreign wars. The kinds themselves are
those of :data:`~oddsengine.kinds.KINDS`; a kind's spec and its command line come from its
declaration (:mod:`oddsengine.declaration`), the calculator's layout giving its inputs.
"""

from __future__ import annotations

import dataclasses
import shlex
from collections.abc import Mapping

from oddsengine import kinds
from oddsengine.combat.card_types import SIDES, Play
from oddsengine.combat.cards import CARD_EFFECTS, CARD_RULES, post_roll_slugs
from oddsengine.combat.cards import POST_ROLL_CARDS as LAND_POST_ROLL_CARDS
from oddsengine.combat.fleets import NAVAL_LEADERS, parse_fleet
from oddsengine.combat.forces import Force, parse_force
from oddsengine.combat.leaders import LEADERS, leaders_serving
from oddsengine.combat.options import POST_ROLL_POLICIES, Policies
from oddsengine.combat.powers import normalise_power
from oddsengine.combat.war_cards import DEFAULT_WAR, WARS
from oddsengine.declaration import command_words as declared_words
from oddsengine.declaration import options_of, spec_of
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown
from oddsengine.kinds.registry import RegistryView

__all__ = [
    "ENGAGEMENTS",
    "POST_ROLL_CARDS",
    "build_spec",
    "casualty_policies",
    "command_line",
    "command_words",
    "control_text",
    "entry",
    "inputs_of",
    "leaders_in_text",
    "offered_cards",
    "offered_leaders",
    "side_force",
    "side_of_role",
    "side_power",
    "solve",
    "takes_cards",
    "unit_group",
    "with_leaders",
]


def _records() -> dict:
    """Every engagement offered, by name: ``(title, command, ExplorerEntry)``, for each kind
    of the registry the explorer lays out (:func:`~oddsengine.faces.explore_layouts.layout_of`:
    its own layout, or the one a kind's record gives), and the further engagements a
    layout's ``also`` names; else from its declaration."""
    from oddsengine.faces._explore_declared import declared_entry
    from oddsengine.faces.explore_layouts import layout_of
    from oddsengine.kind_commands import is_form

    records = {}
    for name, kind in kinds.KINDS.items():
        layout = layout_of(kind)
        if layout is not None:
            records[name] = (kind.title, kind.command, layout)
            for further, title, command, record in layout.also:
                records.setdefault(further, (title, command, record))
        elif kind.declared and not is_form(kind):  # offered from its declaration
            records[name] = (kind.title, kind.command, declared_entry(kind))
    return records


def _engagements() -> dict:
    """The engagements the calculator offers, by their name in
    :data:`~oddsengine.kinds.KINDS` (or the name a layout gives a further one, its
    ``also``): label, the two roles and the default forces, read from each
    :class:`~oddsengine.kinds.ExplorerEntry`. A role of ``"(none)"`` has no force."""
    return {name: (title, row.roles, row.forces) for name, (title, _, row) in _records().items()}


#: The engagements the calculator offers (label, roles, default forces), by kind name.
ENGAGEMENTS: Mapping[str, tuple] = RegistryView(_engagements, "engagements")


def entry(kind: str) -> kinds.ExplorerEntry:
    """The explorer entry of ``kind``: its boxes, whose force each is, its units and its
    own controls."""
    record = _records().get(kind) if isinstance(kind, str) else None
    if record is None:
        raise OddsEngineError(f"no engagement {kind!r}; use one of " + ", ".join(ENGAGEMENTS))
    return record[2]


def side_of_role(kind: str) -> tuple:
    """Which power each box of ``kind`` belongs to: the active power (who moves, attacks
    or besieges), the other, the war card's or None. Switching the engagement keeps a
    force on its power's side."""
    return entry(kind).sides


def unit_group(kind: str) -> str:
    """``"land"`` or ``"sea"``: the units of ``kind``'s forces (else the kind itself)."""
    return entry(kind).units or kind


def _card_engagement(kind: str) -> str:
    """The engagement the card records name for a land combat kind (empty: none)."""
    return getattr(kinds.KINDS.get(kind), "card_engagement", "")


def _card_combat(kind: str) -> str:
    """The combat of the card effects played in a kind (empty: none)."""
    return getattr(kinds.KINDS.get(kind), "card_combat", "")


def takes_cards(kind: str) -> bool:
    """Whether cards are played in ``kind``: a land combat's (its record's
    ``card_engagement``) or card effects of its combat (``card_combat``)."""
    combat = _card_combat(kind)
    return bool(_card_engagement(kind)) or any(effect.combat == combat for effect in CARD_EFFECTS)


def _post_roll_slugs(kind: str) -> tuple:
    """The post-roll cards of ``kind``: the land cards in a land combat, else those of its
    combat's effects."""
    if _card_engagement(kind):
        return LAND_POST_ROLL_CARDS
    return post_roll_slugs(_card_combat(kind)) if _card_combat(kind) else ()


def _post_roll_cards() -> dict:
    """The post-roll cards on land, and of each engagement offered whose cards are effects."""
    own = (name for name in ENGAGEMENTS if not _card_engagement(name))
    return {
        "land": LAND_POST_ROLL_CARDS,
        **{n: _post_roll_slugs(n) for n in own if _post_roll_slugs(n)},
    }


#: The cards played after seeing the roll, whose play is a policy (RULES.md §9, §11,
#: §13), read from the card records: on land, and in each kind whose cards are effects.
POST_ROLL_CARDS: Mapping[str, tuple] = RegistryView(_post_roll_cards, "post-roll cards")


def _letters(order) -> str:
    """A casualty order as the letters the controls show (``"MRC"``)."""
    return "".join(kind[0].upper() for kind in order)


def with_leaders(force: str, leaders) -> str:
    """The force notation with the chosen leaders appended (``"ottoman: 4R Suleiman"``)."""
    return " ".join([str(force).strip(), *leaders]).strip()


def control_text(values: dict, key: str) -> str:
    """The text control ``key`` of ``values`` (empty when it is not given)."""
    value = values.get(key, "")
    if not isinstance(value, str):
        raise OddsEngineTypeError(f"{key} must be text, not {shown(value)}")
    return value


#: The kind of value each key of :func:`build_spec` takes.
_TEXT_KEYS = ("engagement", "attacker", "defender", "post_roll", "attacker_casualty_order",
              "defender_casualty_order", "reinforcements", "war", "scenario",
              "defender_policy", "stacks", "control", "fleets")  # fmt: skip
_LIST_KEYS = ("attacker_leaders", "defender_leaders", "attacker_cards", "defender_cards")
_COUNT_KEYS = ("zone_squadrons", "adjacent_squadrons", "adjacent_fortresses", "target_ports",
               "horizon", "foreign", "reinforcements_per_attempt")  # fmt: skip
_FLAG_KEYS = ("in_port", "lost_battle_this_impulse")


def _check_value_types(values) -> None:
    """Refuse values of the wrong kind before any is read, naming the key."""
    if not isinstance(values, dict):
        raise OddsEngineTypeError(f"build_spec takes a dict of values, not {shown(values)}")
    for key, value in values.items():
        if key in _TEXT_KEYS and not isinstance(value, str) and (value, key) != (None, "post_roll"):
            raise OddsEngineTypeError(f"{key} must be text, not {shown(value)}")
        if key in _LIST_KEYS and (
            not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value)
        ):
            raise OddsEngineTypeError(f"{key} must be a list of names, not {shown(value)}")
        if key in _COUNT_KEYS and (isinstance(value, bool) or not isinstance(value, int)):
            raise OddsEngineTypeError(f"{key} must be a whole number, not {shown(value)}")
        if key in _FLAG_KEYS and not isinstance(value, bool):
            raise OddsEngineTypeError(f"{key} must be True or False, not {shown(value)}")


def _post_roll(values: dict, kind: str, chosen) -> dict:
    policy = values.get("post_roll") or POST_ROLL_POLICIES[0]
    slugs = _post_roll_slugs(kind)
    return {slug: policy for slug in chosen if slug in slugs}


def casualty_policies(values: dict, post_roll: dict) -> Policies:
    """A land combat's policies: the sides' casualty orders (``"MRC"``; RULES.md §9, the
    order losses are taken in) and the post-roll cards' policy."""
    default = Policies()
    return Policies(
        attacker_casualty_order=values.get("attacker_casualty_order")
        or default.attacker_casualty_order,
        defender_casualty_order=values.get("defender_casualty_order")
        or default.defender_casualty_order,
        post_roll=post_roll,
    )


def _source(kind: str):
    """The record whose own options ``kind``'s spec takes (its ``arguments``, else its
    own)."""
    record = kinds.KINDS[kind]
    return kinds.kind_of(record.arguments) if record.arguments else record


def _declared(kind: str) -> tuple:
    """The declared inputs of ``kind``: its spec's options (those of the kind its
    ``arguments`` names where its spec declares none) and its record's own."""
    source = _source(kind)
    spec = options_of(kinds.KINDS[kind].spec) or options_of(source.spec)
    return (*spec, *source.options)


def inputs_of(kind: str, values: dict) -> dict:
    """The inputs of ``kind``'s declaration (:mod:`oddsengine.declaration`), by option
    name, that the calculator's ``values`` give: its forces from the boxes with their
    leaders (named after its record's roles), each side's cards (its spec's
    ``card_fields``), the chosen post-roll cards' policy unless the default (``policy``),
    the casualty orders unless the rules' default, and its controls that are options.

    Examples
    --------
    >>> inputs_of("battle", {"attacker": "ottoman: 4R", "attacker_leaders": ("Ibrahim",),
    ...                      "defender": "hapsburg: 4R", "attacker_cards": ("janissaries",),
    ...                      "post_roll": "always", "defender_casualty_order": "RCM"})
    ... # doctest: +NORMALIZE_WHITESPACE
    {'attacker': 'ottoman: 4R Ibrahim', 'defender': 'hapsburg: 4R',
     'attacker_cards': ('janissaries',), 'defender_cards': (),
     'policy': ('janissaries=always',), 'defender_casualty_order': 'RCM'}
    """
    record, names = entry(kind), {option.name for option in _declared(kind)}
    roles = (*kinds.KINDS[kind].roles, None, None)
    inputs = {
        role: with_leaders(control_text(values, key), values.get(f"{key}_leaders", ()))
        for key, box, role in zip(("attacker", "defender"), record.roles, roles[:2], strict=True)
        if box != "(none)" and role in names
    }
    sides = getattr(kinds.KINDS[kind].spec, "card_fields", None)
    sides = sides or getattr(_source(kind).spec, "card_fields", ())
    for side, field in sides:
        inputs[field] = tuple(values.get(f"{side}_cards", ()))
    chosen = tuple(card for cards in map(inputs.get, dict(sides).values()) for card in cards)
    policies = _post_roll(values, kind, chosen).items()
    if "policy" in names and any(policy != POST_ROLL_POLICIES[0] for _, policy in policies):
        inputs["policy"] = tuple(f"{slug}={policy}" for slug, policy in policies)
    default = Policies()
    for side in ("attacker", "defender"):
        order = values.get(f"{side}_casualty_order")
        name = f"{side}_casualty_order"
        if name in names and order and order != _letters(getattr(default, name)):
            inputs[name] = order
    inputs.update({key: values[key] for key in record.controls if key in values and key in names})
    return inputs


def _spec_of(kind: str, inputs: dict):
    """The spec of ``kind`` for its declared ``inputs``, as the command line builds it."""
    record = kinds.KINDS[kind]
    like = _source(kind).spec if record.arguments else None
    return spec_of(record.spec, inputs, like=like)


def build_spec(values: dict):
    """The spec the calculator solves for a set of control values.

    Parameters
    ----------
    values : dict
        ``engagement`` (a key of :data:`ENGAGEMENTS`), ``attacker``/``defender`` (force or
        fleet notation of the first and second role), and optionally
        ``attacker_leaders``/``defender_leaders`` (names), ``attacker_cards``/
        ``defender_cards`` (card slugs), ``post_roll`` (the policy of every chosen card
        played after the roll, :data:`POST_ROLL_CARDS`),
        ``attacker_casualty_order``/``defender_casualty_order`` (``"MRC"``), ``in_port``,
        ``lost_battle_this_impulse``, the piracy counts ``zone_squadrons``,
        ``adjacent_squadrons``, ``adjacent_fortresses``, ``target_ports``, and for the
        campaigns ``horizon``, ``reinforcements`` (a force for a siege, regulars per
        attempt for a foreign war), ``war``, ``foreign``, ``scenario`` (a shipped example
        or a file), ``defender_policy``, a move's what-ifs ``stacks`` and ``control``
        (``"Linz=hapsburg: 4R; Graz=hapsburg: 2R"``, ``"Linz=ottoman"``: the command
        line's ``--stack`` and ``--control``, separated by ``;``) and a naval move's
        ``fleets`` (its ``--fleet``); a kind offered from its declaration (the Part III
        and Part IV engagements) takes its options' keys, ``KIND.OPTION``
        (``reformation.protestant_dice``, ``debate.zone``: those
        :func:`oddsengine.faces._explore_declared.widgets` makes).

    Returns
    -------
    spec
        The spec of the kind, built from its declaration as its command builds it: its
        forces, cards, post-roll policy, casualty orders and the controls its
        :class:`~oddsengine.kinds.ExplorerEntry` names, as inputs (:func:`inputs_of`) of
        its class's ``from_options``; or what its entry's builder makes (a
        :class:`SiegeCampaign`, :class:`ForeignWar` or :class:`Move`).

    Raises
    ------
    OddsEngineError
        When the rules refuse the choice.

    Examples
    --------
    >>> spec = build_spec({"engagement": "assault", "attacker": "9R Suleiman",
    ...                    "defender": "4R Ferdinand"})
    >>> type(spec).__name__
    'Assault'
    """
    _check_value_types(values)
    kind = values.get("engagement", "battle")
    record = entry(kind)
    forces = [
        with_leaders(control_text(values, key), values.get(f"{key}_leaders", ()))
        for key, role in zip(("attacker", "defender"), record.roles, strict=True)
        if role != "(none)"
    ]
    cards = {
        "attacker_cards": tuple(values.get("attacker_cards", ())),
        "defender_cards": tuple(values.get("defender_cards", ())),
    }
    chosen = cards["attacker_cards"] + cards["defender_cards"]
    if any(chosen) and not takes_cards(kind):
        raise OddsEngineError(f"no card is played in {ENGAGEMENTS[kind][0].lower()} here")
    if record.build:
        post_roll = _post_roll(values, kind, chosen)
        return kinds.named(record.build)(values, forces, cards, post_roll)
    # Built from its declaration, as its command builds it: its inputs, its from_options.
    return _spec_of(kind, inputs_of(kind, values))


def solve(spec):
    """The exact answer to ``spec``, through the one door of the exact engines (a siege
    campaign, a foreign war and a move included)."""
    from oddsengine.engines.exact import exact

    return exact(spec)


# -- what each side may choose --------------------------------------------------------------


def side_force(kind: str, text: str, war: str | None = None):
    """The force or fleet ``text`` says, or None while it does not read."""
    try:
        if entry(kind).units == "sea":
            return parse_fleet(text)
        power = WARS[war or DEFAULT_WAR].power if _war_side(kind) else None
        return parse_force(text, power=power)
    except (OddsEngineError, KeyError):
        return None


def leaders_in_text(kind: str, text: str, war: str | None = None) -> tuple | None:
    """The named leaders a typed force holds, taken out of its text for the leader list:
    ``(text without them, their names)``; None while the text does not read or names no
    leader (an anonymous ``L2`` stays in the text: the list holds names).

    Examples
    --------
    >>> leaders_in_text("assault", "ottoman: 9R Suleiman Ibrahim")
    ('ottoman: 9R', ('Suleiman', 'Ibrahim Pasha'))
    >>> leaders_in_text("naval", "2Sq Barbarossa")
    ('ottoman: 2Sq', ('Barbarossa',))
    >>> leaders_in_text("battle", "4R L2") is None
    True
    """
    force = side_force(kind, text, war)
    if force is None:
        return None
    listed = NAVAL_LEADERS if entry(kind).units == "sea" else LEADERS
    named = tuple(leader.name for leader in force.leaders if leader.name in listed)
    if not named:
        return None
    kept = tuple(leader for leader in force.leaders if leader.name not in named)
    return dataclasses.replace(force, leaders=kept).notation(), named


def side_power(kind: str, text: str, war: str | None = None) -> str | None:
    """The power whose units ``text`` gives, even while the rest does not read yet (the
    ``power:`` it starts with), or None.

    Examples
    --------
    >>> side_power("assault", "hapsburg: 4R Suleiman"), side_power("battle", "4R")
    ('hapsburg', None)
    """
    if _war_side(kind):
        return WARS.get(war or DEFAULT_WAR, WARS[DEFAULT_WAR]).power
    force = side_force(kind, text, war)
    if force is not None:
        return force.power
    prefix, colon, _ = str(text).partition(":")
    if not colon or len(prefix) > 40:
        return None
    try:
        return normalise_power(prefix)
    except OddsEngineError:
        return None


def _war_side(kind: str) -> bool:
    """Whether the force of ``kind`` is the war card's power (a foreign war, rule 21.7)."""
    return entry(kind).sides[0] == "war"


def _power(kind: str, force, war: str | None):
    if _war_side(kind):
        return WARS.get(war or DEFAULT_WAR, WARS[DEFAULT_WAR]).power
    return getattr(force, "power", None)


def offered_leaders(kind: str, power: str | None) -> list[str]:
    """The leaders a side of ``power`` may add, by name: those of its power (every leader
    while the power is not known), read from the leader records.

    Examples
    --------
    >>> offered_leaders("assault", "hapsburg")
    ['Charles V', 'Duke of Alva', 'Ferdinand', 'Maurice of Saxony', 'Renegade']
    >>> offered_leaders("naval", "ottoman")
    ['Barbarossa', 'Dragut']
    """
    if entry(kind).roles[0] == "(none)":  # no force box: its forces are its own (a move)
        return []
    if entry(kind).units == "sea":
        return [
            name
            for name, leader in NAVAL_LEADERS.items()
            if power is None or power in leader.serves
        ]
    if power is None:
        return list(LEADERS)
    # RULES.md §1: the leaders who serve the power, as their records say.
    return [leader.name for leader in leaders_serving(power)]


def offered_cards(kind: str, role: int, forces, war: str | None = None) -> list[tuple]:
    """The cards the side of ``role`` (0 or 1) may play, as (label, slug): in a land
    combat those whose record lets that side play them in that engagement against those
    forces (every card of the engagement while the forces do not read); at sea and in a
    foreign war those with an effect there for the side's power.

    Examples
    --------
    >>> garrison = offered_cards("assault", 1, (parse_force("ottoman: 9R Suleiman"),
    ...                                         parse_force("hapsburg: 4R")))
    >>> [slug for _, slug in garrison]
    ['mercenaries-grow-restless', 'surprise-attack', 'foul-weather', 'gout']
    >>> [slug for _, slug in offered_cards("battle", 0, (None, None))][:3]
    ['janissaries', 'arquebusiers', 'field-artillery']
    """
    mode = _card_engagement(kind)
    if mode:
        force, opponent = forces[role], forces[1 - role]
        known = isinstance(force, Force) and isinstance(opponent, Force)
        offered = []
        for slug, rule in CARD_RULES.items():
            if mode not in rule.engagements:
                continue
            if known:
                play = Play(SIDES[role], mode, force, opponent, forces[0])
                if rule.refusal(play) is not None:
                    continue
            offered.append((rule.card.name, slug))
        return offered
    combat = _card_combat(kind)
    if not combat or entry(kind).roles[role] == "(none)":
        return []
    power = _power(kind, forces[role], war)
    return list(
        dict.fromkeys(
            (effect.card.name, effect.slug)
            for effect in CARD_EFFECTS
            if effect.combat == combat and (not effect.powers or power in effect.powers)
        )
    )


# -- the same question on the command line --------------------------------------------------


def _force_options(kind: str) -> tuple:
    """The command line's options for the two forces, from the kind's roles (an option is
    named after its role: ``--interceptor``); None where the kind has no second force."""
    if kind not in kinds.KINDS:  # a further engagement (a run): no force options
        return (None, None)
    roles = kinds.kind_of(kind).roles
    options = (*(f"--{role}" for role in roles), *(None,) * (2 - len(roles)))
    # A box of no force (a Part III kind's roles are its own controls') writes none.
    boxes = entry(kind).roles
    return tuple(
        None if box == "(none)" else option for box, option in zip(boxes, options, strict=True)
    )


def command_line(values: dict) -> str:
    """The ``oddsengine`` command that answers the same question as ``values``.

    Examples
    --------
    >>> print(command_line({"engagement": "assault", "attacker": "ottoman: 9R",
    ...                     "attacker_leaders": ("Suleiman",), "defender": "hapsburg: 4R",
    ...                     "attacker_cards": ("siege-mining",)}))
    oddsengine assault --attacker 'ottoman: 9R Suleiman' --defender 'hapsburg: 4R' --attacker-cards siege-mining --exact
    """  # noqa: E501
    return shlex.join(command_words(values))


def command_words(values: dict) -> list[str]:
    """The words of :func:`command_line`, one argument each (unquoted).

    Examples
    --------
    >>> command_words({"engagement": "battle", "attacker": "4R", "defender": "hapsburg: 3R"})
    ['oddsengine', 'battle', '--attacker', '4R', '--defender', 'hapsburg: 3R', '--exact']
    """
    kind = values.get("engagement", "battle")
    record = entry(kind)  # an engagement offered, else refused in words
    if not record.build:  # its declaration's words, as its spec is built
        words = declared_words(kinds.KINDS[kind].command, kinds.KINDS[kind].spec,
                               inputs_of(kind, values), _source(kind).options)  # fmt: skip
        return ["oddsengine", *words, "--exact"]
    words = ["oddsengine", _records()[kind][1]]
    options = _force_options(kind)
    for key, option in zip(("attacker", "defender"), options, strict=True):
        if option is not None:
            force = with_leaders(control_text(values, key), values.get(f"{key}_leaders", ()))
            words += [option, force]
    words += _card_words(kind, values)
    words += _kind_words(kind, values)
    # The exact engine, as every kind's command is asked; a further engagement (a run of
    # attempts) is answered exactly by its command itself.
    return [*words, "--exact"] if kind in kinds.KINDS else words


def _card_words(kind: str, values: dict) -> list[str]:
    if not takes_cards(kind):
        return []
    words = []
    chosen = ()
    two_sides = entry(kind).roles[1] != "(none)"
    for side in ("attacker", "defender") if two_sides else ("attacker",):
        cards = tuple(values.get(f"{side}_cards", ()))
        chosen += cards
        if cards:
            # One side only (a foreign war): its cards are the command's --cards.
            option = f"--{side}-cards" if two_sides else "--cards"
            words += [option, ",".join(cards)]
    for slug, policy in _post_roll(values, kind, chosen).items():
        if policy != POST_ROLL_POLICIES[0]:
            words += ["--policy", f"{slug}={policy}"]
    if _card_engagement(kind):
        default = Policies()
        for side in ("attacker", "defender"):
            order = values.get(f"{side}_casualty_order")
            if order and order != _letters(getattr(default, f"{side}_casualty_order")):
                words += [f"--{side}-casualty-order", order]
    return words


def _kind_words(kind: str, values: dict) -> list[str]:
    """The options of a kind built by its entry's builder: its entry's writer."""
    record = entry(kind)
    return list(kinds.named(record.words)(values)) if record.words else []

"""The questions the calculator asks: which engagements it offers, the spec a set of
control values makes, what each side may choose, and the command line that gives the same
answer.

Everything a side may choose is read from the records: the leaders from
:data:`~oddsengine.combat.leaders.LEADERS` and
:data:`~oddsengine.combat.fleets.NAVAL_LEADERS` (the powers each serves), the cards from
:data:`~oddsengine.combat.cards.CARD_RULES` (the engagements a card is played in and its
own refusal checks) and their effects at sea and in foreign wars. The kinds themselves are
those of :data:`~oddsengine.kinds.KINDS`.
"""

from __future__ import annotations

import shlex

from oddsengine import kinds
from oddsengine.combat.card_types import SIDES, Play
from oddsengine.combat.cards import CARD_EFFECTS, CARD_RULES, post_roll_slugs
from oddsengine.combat.cards import POST_ROLL_CARDS as LAND_POST_ROLL_CARDS
from oddsengine.combat.engagements import Assault, FieldBattle
from oddsengine.combat.fleets import NAVAL_LEADERS, parse_fleet
from oddsengine.combat.forces import Force, parse_force
from oddsengine.combat.foreign_war import ForeignWar
from oddsengine.combat.leaders import LEADERS, find_leader
from oddsengine.combat.naval import NavalBattle
from oddsengine.combat.options import POST_ROLL_POLICIES, Policies
from oddsengine.combat.piracy import Piracy
from oddsengine.combat.powers import normalise_power
from oddsengine.combat.rolls import AvoidBattle, Interception
from oddsengine.combat.war_cards import DEFAULT_WAR, WARS
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown

__all__ = [
    "ENGAGEMENTS",
    "POST_ROLL_CARDS",
    "build_spec",
    "command_line",
    "offered_cards",
    "offered_leaders",
    "side_force",
    "side_power",
    "solve",
    "with_leaders",
]

#: The engagements the calculator offers, by their name in :data:`~oddsengine.kinds.KINDS`:
#: label, the two roles and the default forces, read from each kind's
#: :class:`~oddsengine.kinds.ExplorerEntry`. A role of ``"(none)"`` has no force.
ENGAGEMENTS = {
    kind.name: (kind.title, kind.explorer.roles, kind.explorer.forces)
    for kind in kinds.KINDS.values()
    if kind.explorer is not None
}

#: Which power each role of a kind belongs to: the active power (who moves, attacks or
#: besieges) or the other. Switching the engagement keeps a force on its power's side.
SIDE_OF_ROLE = {name: kinds.KINDS[name].explorer.sides for name in ENGAGEMENTS}

#: The kinds whose forces are land units, fleets, or neither.
LAND_KINDS = tuple(name for name in ENGAGEMENTS if kinds.KINDS[name].explorer.units == "land")
SEA_KINDS = tuple(name for name in ENGAGEMENTS if kinds.KINDS[name].explorer.units == "sea")


def _card_engagement(kind: str) -> str:
    """The engagement the card records name for a land combat kind (empty: none)."""
    return getattr(kinds.KINDS.get(kind), "card_engagement", "")


def _card_combat(kind: str) -> str:
    """The combat of the card effects played in a kind (empty: none)."""
    return getattr(kinds.KINDS.get(kind), "card_combat", "")


#: The cards played after seeing the roll, whose play is a policy (RULES.md §9, §11,
#: §13), read from the card records: on land, and in each kind whose cards are effects.
POST_ROLL_CARDS = {
    "land": LAND_POST_ROLL_CARDS,
    **{
        name: post_roll_slugs(_card_combat(name))
        for name in ENGAGEMENTS
        if post_roll_slugs(_card_combat(name))
    },
}


def _letters(order) -> str:
    """A casualty order as the letters the controls show (``"MRC"``)."""
    return "".join(kind[0].upper() for kind in order)


def with_leaders(force: str, leaders) -> str:
    """The force notation with the chosen leaders appended (``"ottoman: 4R Suleiman"``)."""
    return " ".join([str(force).strip(), *leaders]).strip()


def _text(values: dict, key: str) -> str:
    value = values.get(key, "")
    if not isinstance(value, str):
        raise OddsEngineTypeError(f"{key} must be text, not {shown(value)}")
    return value


#: The kind of value each key of :func:`build_spec` takes.
_TEXT_KEYS = ("engagement", "attacker", "defender", "post_roll", "attacker_casualty_order",
              "defender_casualty_order", "reinforcements", "war", "scenario",
              "defender_policy")  # fmt: skip
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
    group = kind if kind in POST_ROLL_CARDS else "land"
    policy = values.get("post_roll") or POST_ROLL_POLICIES[0]
    return {slug: policy for slug in chosen if slug in POST_ROLL_CARDS[group]}


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
        or a file) and ``defender_policy``.

    Returns
    -------
    spec
        A :class:`FieldBattle`, :class:`Assault`, :class:`Interception`,
        :class:`AvoidBattle`, :class:`NavalBattle`, :class:`Piracy`,
        :class:`SiegeCampaign`, :class:`ForeignWar` or :class:`Move`.

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
    if kind not in ENGAGEMENTS:
        raise OddsEngineError(f"no engagement {kind!r}; use one of " + ", ".join(ENGAGEMENTS))
    first = with_leaders(_text(values, "attacker"), values.get("attacker_leaders", ()))
    second = with_leaders(_text(values, "defender"), values.get("defender_leaders", ()))
    cards = {
        "attacker_cards": tuple(values.get("attacker_cards", ())),
        "defender_cards": tuple(values.get("defender_cards", ())),
    }
    chosen = cards["attacker_cards"] + cards["defender_cards"]
    post_roll = _post_roll(values, kind, chosen)
    if _card_engagement(kind):  # a land combat: casualty orders and land cards
        default = Policies()
        policies = Policies(
            attacker_casualty_order=values.get("attacker_casualty_order")
            or default.attacker_casualty_order,
            defender_casualty_order=values.get("defender_casualty_order")
            or default.defender_casualty_order,
            post_roll=post_roll,
        )
        if kind == "siege-campaign":
            return _siege_campaign(values, first, second, policies, cards)
        engagement = FieldBattle if kind == "battle" else Assault
        return engagement(first, second, policies=policies, **cards)
    if kind == "naval":
        return NavalBattle(
            first, second, in_port=bool(values.get("in_port")), post_roll=post_roll, **cards
        )
    if kind == "foreign-war":
        return _foreign_war(values, first, cards["attacker_cards"], post_roll)
    if any(chosen):
        raise OddsEngineError(f"no card is played in {ENGAGEMENTS[kind][0].lower()} here")
    if kind == "intercept":
        return Interception(first, second)
    if kind == "avoid":
        return AvoidBattle(
            first, second, lost_battle_this_impulse=bool(values.get("lost_battle_this_impulse"))
        )
    if kind == "move":
        return _move(values)
    return Piracy(
        first,
        zone_squadrons=int(values.get("zone_squadrons", 0)),
        adjacent_squadrons=int(values.get("adjacent_squadrons", 0)),
        adjacent_fortresses=int(values.get("adjacent_fortresses", 0)),
        target_ports=int(values.get("target_ports", 1)),
    )


def _siege_campaign(values, besiegers, garrison, policies, cards):
    from oddsengine.moves.siege_campaign import SiegeCampaign

    reinforcements = _text(values, "reinforcements").strip() or None
    return SiegeCampaign(
        besiegers,
        garrison,
        horizon=int(values.get("horizon", 3)),
        reinforcements=reinforcements,
        policies=policies,
        **cards,
    )


def _foreign_war(values, force, cards, post_roll):
    foreign = int(values.get("foreign", 0)) or None  # 0: the number the card gives
    return ForeignWar(
        values.get("war") or DEFAULT_WAR,
        force,
        foreign=foreign,
        horizon=int(values.get("horizon", 3)),
        cards=cards,
        post_roll_policy=next(iter(post_roll.values()), POST_ROLL_POLICIES[0]),
        reinforcements=int(values.get("reinforcements_per_attempt", 0)),
    )


def _move(values):
    from oddsengine.moves.scenario_file import load_move

    scenario = _text(values, "scenario").strip()
    if not scenario:
        raise OddsEngineError("give a scenario: a shipped example such as 'vienna' or a file")
    policy = _text(values, "defender_policy").strip() or "best"
    return load_move(scenario, defender_policy=policy)


def solve(spec):
    """The exact answer to ``spec``, through the one door of the exact engines (a siege
    campaign, a foreign war and a move included)."""
    from oddsengine.engines.exact import exact

    return exact(spec)


# -- what each side may choose --------------------------------------------------------------


def side_force(kind: str, text: str, war: str | None = None):
    """The force or fleet ``text`` says, or None while it does not read."""
    try:
        if kind in SEA_KINDS:
            return parse_fleet(text)
        power = WARS[war or DEFAULT_WAR].power if kind == "foreign-war" else None
        return parse_force(text, power=power)
    except (OddsEngineError, KeyError):
        return None


def side_power(kind: str, text: str, war: str | None = None) -> str | None:
    """The power whose units ``text`` gives, even while the rest does not read yet (the
    ``power:`` it starts with), or None.

    Examples
    --------
    >>> side_power("assault", "hapsburg: 4R Suleiman"), side_power("battle", "4R")
    ('hapsburg', None)
    """
    if kind == "foreign-war":
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


def _power(kind: str, force, war: str | None):
    if kind == "foreign-war":
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
    if kind == "move":
        return []
    if kind in SEA_KINDS:
        return [
            name
            for name, leader in NAVAL_LEADERS.items()
            if power is None or power in leader.serves
        ]
    offered = []
    for name in LEADERS:
        try:
            find_leader(name, power=power)
        except OddsEngineError:
            continue
        offered.append(name)
    return offered


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
    if not combat or (kind == "foreign-war" and role == 1):
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
    roles = kinds.kind_of(kind).roles
    return (*(f"--{role}" for role in roles), *(None,) * (2 - len(roles)))


def command_line(values: dict) -> str:
    """The ``oddsengine`` command that answers the same question as ``values``.

    Examples
    --------
    >>> print(command_line({"engagement": "assault", "attacker": "ottoman: 9R",
    ...                     "attacker_leaders": ("Suleiman",), "defender": "hapsburg: 4R",
    ...                     "attacker_cards": ("siege-mining",)}))
    oddsengine assault --attacker 'ottoman: 9R Suleiman' --defender 'hapsburg: 4R' --attacker-cards siege-mining --exact
    """  # noqa: E501
    kind = values.get("engagement", "battle")
    words = ["oddsengine", kinds.kind_of(kind).command]
    if kind == "move":
        words.append(_text(values, "scenario").strip())
        policy = _text(values, "defender_policy").strip()
        if policy and policy != "best":
            words += ["--defender", policy]
        return shlex.join([*words, "--exact"])
    options = _force_options(kind)
    for key, option in zip(("attacker", "defender"), options, strict=True):
        if option is not None:
            words += [option, with_leaders(_text(values, key), values.get(f"{key}_leaders", ()))]
    words += _card_words(kind, values)
    words += _kind_words(kind, values)
    return shlex.join([*words, "--exact"])


def _card_words(kind: str, values: dict) -> list[str]:
    words = []
    chosen = ()
    sides = ("attacker",) if kind == "foreign-war" else ("attacker", "defender")
    for side in sides:
        cards = tuple(values.get(f"{side}_cards", ()))
        chosen += cards
        if cards:
            option = "--cards" if kind == "foreign-war" else f"--{side}-cards"
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
    words = []
    if kind == "naval" and values.get("in_port"):
        words.append("--in-port")
    if kind == "avoid" and values.get("lost_battle_this_impulse"):
        words.append("--lost-battle-this-impulse")
    if kind == "piracy":
        for key in ("zone_squadrons", "adjacent_squadrons", "adjacent_fortresses"):
            if int(values.get(key, 0)):
                words += [f"--{key.replace('_', '-')}", str(int(values[key]))]
        words += ["--target-ports", str(int(values.get("target_ports", 1)))]
    if kind == "siege-campaign":
        words += ["--horizon", str(int(values.get("horizon", 3)))]
        reinforcements = _text(values, "reinforcements").strip()
        if reinforcements:
            words += ["--reinforcements", reinforcements]
    if kind == "foreign-war":
        words += ["--war", values.get("war") or DEFAULT_WAR]
        if int(values.get("foreign", 0)):
            words += ["--foreign", str(int(values["foreign"]))]
        words += ["--horizon", str(int(values.get("horizon", 3)))]
        if int(values.get("reinforcements_per_attempt", 0)):
            words += ["--reinforcements", str(int(values["reinforcements_per_attempt"]))]
    return words

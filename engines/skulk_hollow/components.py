"""Component data: the map, the Foxen units and deck, each guardian's board and deck.

The values live in ``data/*.toml``. What the rulebook prints is used as printed (RULINGS
K2); everything else is listed in a record's ``assumed`` field (RULINGS K3) so the app can run a
one-time component check. An owner's corrections are a profile: a nested dict mirroring
the data files, for example ``{"grak": {"location": {"stomp": {"wounds": 4}}}}``, flattened
into ``Correction`` values that a ``Config`` carries (so a saved game replays with the same
data). Everything is checked on load; a problem raises ``ComponentError`` saying what and
where, in words an owner can act on.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from engines.core.data_files import read_toml
from engines.core.serial import quote, shorten
from engines.skulk_hollow.geometry import SPACE_IDS, Direction, Layout

DATA_DIR = Path(__file__).parent / "data"

GUARDIANS: tuple[str, ...] = ("grak", "apoda", "tanthos", "raptra")
LEADERS: tuple[str, ...] = (
    "king_of_war",
    "prince_of_guile",
    "queen_of_blessing",
    "princess_of_tactics",
)
#: The actions printed on each guardian's player mat (besides MOVE and PREPARE).
GUARDIAN_ACTIONS: dict[str, tuple[str, ...]] = {
    "grak": ("gaze", "swing", "throw", "stomp", "mend"),
    "apoda": ("stab", "sizzle", "slam", "burrow", "molt"),
    "tanthos": ("shock", "tunnel", "crush", "pull", "mend"),
    "raptra": ("flap", "claw", "shriek", "launch", "mend"),
}
HERO_ACTIONS: tuple[str, ...] = ("leap", "melee", "missile")
HERO_CARD_ACTIONS: tuple[str, ...] = (
    "move",
    "gain_power",
    "leap",
    "double_leap",
    "melee",
    "missile",
)
ABILITIES: tuple[str, ...] = ("", "mount", "dash", "fire", "hurl", "recall", "heal", "command")
UNIT_IDS: tuple[str, ...] = ("sentinel", "knight", "rogue", "archer", *LEADERS)
SPACE_KINDS: tuple[str, ...] = ("keep", "town", "mine", "clearing", "farm", "forest", "lair")
#: Printed totals (RULINGS K2).
FOXEN_CARDS = 29
GUARDIAN_CARDS = 14
FOXEN_FIGURES = 10
POWER_CUBES = 25
WOUND_TOKENS = 25
RELIC_TOKENS = 6
#: Printed facts about the units (RULINGS K2): who may never hold power, who lacks which icon.
NO_POWER_UNITS = ("knight", "archer")
NO_MISSILE_UNITS = ("knight", "rogue", *LEADERS)
NO_LEAP_OR_MELEE_UNITS = ("archer",)

Role = Literal["unit", "sentinel", "leader"]
Value = int | bool | str | tuple[int, ...] | tuple[str, ...]


class ComponentError(ValueError):
    """The component data (or an owner's correction) is wrong; the message says how."""


@dataclass(frozen=True)
class Correction:
    """One value an owner corrected: ``path`` like ``"grak.location.stomp.wounds"``."""

    path: str
    value: Value


@dataclass(frozen=True)
class Space:
    id: str
    name: str
    kind: str
    at: tuple[int, int]
    assumed: tuple[str, ...] = ()


@dataclass(frozen=True)
class Option:
    """One action shown on a card: ``move`` with arrows, ``gain_power`` with an amount,
    or the name of an action."""

    action: str
    arrows: tuple[Direction, ...] = ()
    amount: int = 0

    @property
    def text(self) -> str:
        if self.action == "move":
            return "MOVE " + "/".join(arrow.label for arrow in self.arrows)
        if self.action == "gain_power":
            return f"GAIN {self.amount} POWER"
        return self.action.replace("_", " ").upper()


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    count: int
    options: tuple[Option, ...] = ()
    #: For a Foxen unit card: the unit it summons.
    unit: str = ""
    assumed: tuple[str, ...] = ()

    def option(self, action: str) -> Option | None:
        """The card's option for ``action``; move options are merged (any shown arrow)."""
        found = [option for option in self.options if option.action == action]
        if not found:
            return None
        if action == "move":
            arrows = tuple(dict.fromkeys(a for option in found for a in option.arrows))
            return Option("move", arrows)
        return found[0]


@dataclass(frozen=True)
class UnitType:
    id: str
    name: str
    role: Role
    wounds: int
    power: int
    actions: tuple[str, ...]
    ability: str
    figures: int
    cards: int
    assumed: tuple[str, ...] = ()


@dataclass(frozen=True)
class Location:
    id: str
    name: str
    ability: str
    wounds: int
    slots: int
    lowest: bool
    connected: tuple[str, ...]
    assumed: tuple[str, ...] = ()


@dataclass(frozen=True)
class GuardianData:
    id: str
    name: str
    hand_size: int
    action_limit: int
    power: int
    locations: tuple[Location, ...]
    cards: tuple[Card, ...]

    def location(self, location_id: str) -> Location:
        for location in self.locations:
            if location.id == location_id:
                return location
        raise KeyError(f"{self.name} has no location {location_id!r}")

    def card(self, card_id: str) -> Card:
        for card in self.cards:
            if card.id == card_id:
                return card
        raise KeyError(f"{self.name} has no card {card_id!r}")

    @property
    def total_wounds(self) -> int:
        return sum(location.wounds for location in self.locations)

    @property
    def deck(self) -> tuple[str, ...]:
        """Every card of the deck, copies repeated, in data order."""
        return tuple(card.id for card in self.cards for _ in range(card.count))


@dataclass(frozen=True)
class FoxenData:
    hand_size: int
    action_limit: int
    units: tuple[UnitType, ...]
    cards: tuple[Card, ...]

    def unit(self, unit_id: str) -> UnitType:
        for unit in self.units:
            if unit.id == unit_id:
                return unit
        raise KeyError(f"no Foxen unit {unit_id!r}")

    def card(self, card_id: str) -> Card:
        for card in self.cards:
            if card.id == card_id:
                return card
        raise KeyError(f"no Foxen card {card_id!r}")

    def deck(self) -> tuple[str, ...]:
        """The hero deck's cards (unit cards of the summoned units and order cards)."""
        return tuple(card.id for card in self.cards for _ in range(card.count))

    def all_cards(self) -> tuple[str, ...]:
        """Every Foxen card that can ever be drawn (the Sentinel's card included)."""
        return tuple(card.id for card in self.cards for _ in range(self.copies(card.id)))

    def copies(self, card_id: str) -> int:
        """How many copies of a card the game has (the Sentinel's starts in play)."""
        card = self.card(card_id)
        return card.count + (1 if card.unit and self.unit(card.unit).role == "sentinel" else 0)


@dataclass(frozen=True)
class Components:
    spaces: tuple[Space, ...]
    foxen: FoxenData
    guardians: tuple[GuardianData, ...]

    @functools.cached_property
    def layout(self) -> Layout:
        return Layout(tuple((space.id, space.at) for space in self.spaces))

    def space(self, space_id: str) -> Space:
        for space in self.spaces:
            if space.id == space_id:
                return space
        raise KeyError(f"no ground space {space_id!r}")

    def guardian(self, guardian_id: str) -> GuardianData:
        for guardian in self.guardians:
            if guardian.id == guardian_id:
                return guardian
        raise KeyError(f"no guardian {guardian_id!r}")


# -- reading ---------------------------------------------------------------------------


def raw_data() -> dict[str, Any]:
    """The data files as read, keyed ``map``, ``foxen`` and each guardian's id."""
    names = ("map", "foxen", *GUARDIANS)
    return {name: read_toml(DATA_DIR / f"{name}.toml", ComponentError) for name in names}


#: Dots in the longest correction path worth reading ("grak.location.stomp.wounds" has 3).
_DEEPEST_PATH = 8


def corrections_from_profile(profile: object) -> tuple[Correction, ...]:
    """Flatten an owner's profile (nested like the data files, or flat with dotted paths
    as the component check saves it) into corrections.

    The profile is read from the database, so it may hold anything: what is not a value
    the data files hold raises ``ComponentError``.
    """
    if not isinstance(profile, Mapping):
        raise ComponentError("The saved corrections are not a list of component values.")
    found: list[Correction] = []

    def walk(prefix: str, node: Any) -> None:
        where = shorten(prefix, 60)
        if isinstance(node, Mapping):
            if prefix.count(".") >= _DEEPEST_PATH:  # the data files nest a few levels only
                raise ComponentError(f"{where}: nested deeper than the data files.")
            for key in sorted(node, key=str):
                walk(f"{prefix}.{key}" if prefix else str(key), node[key])
            return
        if isinstance(node, (list, tuple)):
            node = tuple(node)
            if not all(isinstance(item, (int, str)) for item in node):
                raise ComponentError(f"{where}: a list of numbers or names is expected.")
        if not isinstance(node, (int, str, tuple)):
            raise ComponentError(f"{where}: {quote(node)} is not a value the data files hold.")
        found.append(Correction(prefix, node))

    walk("", profile)
    return tuple(found)


def apply_corrections(raw: dict[str, Any], corrections: tuple[Correction, ...]) -> None:
    """Write each correction into ``raw`` (in place); unknown paths are refused."""
    for correction in corrections:
        parts = correction.path.split(".")
        node: Any = raw
        for depth, part in enumerate(parts[:-1]):
            where = ".".join(parts[: depth + 1])
            if isinstance(node, dict) and part in node:
                node = node[part]
            elif isinstance(node, list):
                match = [item for item in node if isinstance(item, dict) and item.get("id") == part]
                if not match:
                    raise ComponentError(f"Correction {correction.path}: nothing called {where}.")
                node = match[0]
            else:
                raise ComponentError(f"Correction {correction.path}: nothing called {where}.")
        last = parts[-1]
        if not isinstance(node, dict) or last not in node or last in ("id", "assumed"):
            raise ComponentError(f"Correction {correction.path}: that value cannot be corrected.")
        value = correction.value
        node[last] = list(value) if isinstance(value, tuple) else value


@functools.lru_cache(maxsize=32)
def load_components(corrections: tuple[Correction, ...] = ()) -> Components:
    """The component data with an owner's corrections applied, checked."""
    raw = raw_data()
    apply_corrections(raw, corrections)
    return Components(
        spaces=_spaces(raw["map"]),
        foxen=_foxen(raw["foxen"]),
        guardians=tuple(_guardian(gid, raw[gid]) for gid in GUARDIANS),
    )


def assumed_values(components: Components | None = None) -> list[tuple[str, Value]]:
    """Every value marked assumed, as (correction path, current value): the component check."""
    components = components or load_components()
    found: list[tuple[str, Value]] = []

    def add(prefix: str, record: Any) -> None:
        for name in record.assumed:
            value = getattr(record, name)
            if isinstance(value, tuple) and value and isinstance(value[0], Option):
                value = tuple(_option_spec(option) for option in value)
            found.append((f"{prefix}.{record.id}.{name}", value))

    for space in components.spaces:
        add("map.space", space)
    if "hand_size" in _FOXEN_MAT_ASSUMED:
        found.append(("foxen.mat.hand_size", components.foxen.hand_size))
    for unit in components.foxen.units:
        add("foxen.unit", unit)
    for card in components.foxen.cards:
        if not card.unit:
            add("foxen.card", card)
    for guardian in components.guardians:
        for location in guardian.locations:
            add(f"{guardian.id}.location", location)
        for card in guardian.cards:
            add(f"{guardian.id}.card", card)
    return found


_FOXEN_MAT_ASSUMED = ("hand_size",)


def _option_spec(option: Option) -> str:
    if option.action == "move":
        return "move:" + ",".join(arrow.value for arrow in option.arrows)
    if option.action == "gain_power":
        return f"gain_power:{option.amount}"
    return option.action


# -- checking --------------------------------------------------------------------------


def _get(record: Mapping[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in record:
        raise ComponentError(f"{where}: {key} is missing.")
    value = record[key]
    if kind is int and (type(value) is not int):
        raise ComponentError(f"{where}: {key} must be a whole number, not {value!r}.")
    if kind is not int and not isinstance(value, kind):
        raise ComponentError(f"{where}: {key} has the wrong kind of value: {value!r}.")
    return value


def _count(record: Mapping[str, Any], key: str, where: str, least: int = 0) -> int:
    value: int = _get(record, key, int, where)
    if value < least:
        raise ComponentError(f"{where}: {key} must be at least {least}, not {value}.")
    return value


def _strings(record: Mapping[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = record.get(key, [])
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ComponentError(f"{where}: {key} must be a list of names.")
    return tuple(value)


def _assumed(record: Mapping[str, Any], where: str) -> tuple[str, ...]:
    names = _strings(record, "assumed", where)
    unknown = [name for name in names if name not in record]
    if unknown:
        raise ComponentError(f"{where}: assumed names unknown fields {unknown}.")
    return names


def _records(data: Mapping[str, Any], key: str, where: str) -> list[dict[str, Any]]:
    records = data.get(key)
    if not isinstance(records, list) or not all(isinstance(r, dict) for r in records):
        raise ComponentError(f"{where}: expected a list of [[{key}]] entries.")
    ids = [record.get("id") for record in records]
    if any(not isinstance(i, str) or not i for i in ids):
        raise ComponentError(f"{where}: every [[{key}]] needs an id.")
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise ComponentError(f"{where}: {key} ids used twice: {duplicates}.")
    return records


def _spaces(data: Mapping[str, Any]) -> tuple[Space, ...]:
    spaces = []
    for record in _records(data, "space", "map"):
        where = f"map space {record['id']}"
        at = record.get("at")
        if not (isinstance(at, list) and len(at) == 2 and all(type(x) is int for x in at)):
            raise ComponentError(f"{where}: at must be two whole numbers [a, b].")
        kind = _get(record, "kind", str, where)
        if kind not in SPACE_KINDS:
            raise ComponentError(f"{where}: kind must be one of {', '.join(SPACE_KINDS)}.")
        spaces.append(
            Space(
                record["id"],
                _get(record, "name", str, where),
                kind,
                (at[0], at[1]),
                _assumed(record, where),
            )
        )
    if sorted(s.id for s in spaces) != sorted(SPACE_IDS):
        raise ComponentError(f"The map needs exactly the spaces {', '.join(SPACE_IDS)}.")
    try:
        Layout(tuple((space.id, space.at) for space in spaces))
    except ValueError:
        raise ComponentError("The map needs each ground space on its own cell of 3x3.") from None
    fixed = {s.id: s.at for s in spaces if s.id in ("keep", "lair", "clearing")}
    if fixed != {"keep": (0, 0), "lair": (2, 2), "clearing": (1, 1)}:
        raise ComponentError("KEEP, CLEARING and LAIR are printed at (0,0), (1,1) and (2,2).")
    return tuple(spaces)


def _options(specs: tuple[str, ...], allowed: tuple[str, ...], where: str) -> tuple[Option, ...]:
    options = []
    for spec in specs:
        action, _, argument = spec.partition(":")
        if action not in allowed:
            raise ComponentError(f"{where}: unknown card option {spec!r}.")
        if action == "move":
            try:
                arrows = tuple(Direction(arrow) for arrow in argument.split(",") if arrow)
            except ValueError:
                raise ComponentError(f"{where}: {spec!r} has an unknown arrow.") from None
            if not arrows:
                raise ComponentError(f"{where}: {spec!r} needs at least one arrow.")
            options.append(Option("move", arrows))
        elif action == "gain_power":
            if not argument.isdigit() or int(argument) < 1:
                raise ComponentError(
                    f"{where}: {spec!r} needs a number of cubes, e.g. gain_power:1."
                )
            options.append(Option("gain_power", amount=int(argument)))
        else:
            if argument:
                raise ComponentError(f"{where}: {spec!r} takes no argument.")
            options.append(Option(action))
    if not options:
        raise ComponentError(f"{where}: a card needs at least one option.")
    return tuple(options)


def _cards(data: Mapping[str, Any], allowed: tuple[str, ...], where: str) -> tuple[Card, ...]:
    cards = []
    for record in _records(data, "card", where):
        at = f"{where} card {record['id']}"
        cards.append(
            Card(
                record["id"],
                _get(record, "name", str, at),
                _count(record, "count", at),
                _options(_strings(record, "options", at), allowed, at),
                assumed=_assumed(record, at),
            )
        )
    return tuple(cards)


def _foxen(data: Mapping[str, Any]) -> FoxenData:
    mat = data.get("mat")
    if not isinstance(mat, dict):
        raise ComponentError("foxen: the [mat] table is missing.")
    units = []
    for record in _records(data, "unit", "foxen"):
        where = f"foxen unit {record['id']}"
        role = _get(record, "role", str, where)
        if role not in ("unit", "sentinel", "leader"):
            raise ComponentError(f"{where}: role must be unit, sentinel or leader.")
        actions = _strings(record, "actions", where)
        if any(action not in HERO_ACTIONS for action in actions):
            raise ComponentError(f"{where}: actions may only be {', '.join(HERO_ACTIONS)}.")
        ability = _get(record, "ability", str, where)
        if ability not in ABILITIES:
            raise ComponentError(f"{where}: unknown ability {ability!r}.")
        unit = UnitType(
            record["id"],
            _get(record, "name", str, where),
            role,
            _count(record, "wounds", where, 1),
            _count(record, "power", where),
            actions,
            ability,
            _count(record, "figures", where, 1),
            _count(record, "cards", where),
            _assumed(record, where),
        )
        _check_printed_unit(unit, where)
        units.append(unit)
    if sorted(u.id for u in units) != sorted(UNIT_IDS):
        raise ComponentError(f"foxen: the units must be exactly {', '.join(UNIT_IDS)}.")
    for unit in units:
        if unit.role != "unit" and (unit.figures != 1 or unit.cards != 0):
            raise ComponentError(f"foxen unit {unit.id}: it has one figure and starts in play.")
    if sum(unit.figures for unit in units) != FOXEN_FIGURES:
        raise ComponentError(f"foxen: the game has {FOXEN_FIGURES} hero figures in all.")
    orders = _cards(data, HERO_CARD_ACTIONS, "foxen")
    clash = {c.id for c in orders} & {u.id for u in units}
    if clash:
        raise ComponentError(f"foxen: order cards may not share a unit's id: {sorted(clash)}.")
    # The Sentinel's card starts in play, but once the Sentinel falls its card joins the
    # discard pile and can be drawn and played again like any unit card.
    unit_cards = tuple(
        Card(unit.id, unit.name, unit.cards, unit=unit.id)
        for unit in units
        if unit.role != "leader"
    )
    cards = unit_cards + orders
    total = sum(card.count for card in cards) + sum(1 for u in units if u.role != "unit")
    if total != FOXEN_CARDS:
        raise ComponentError(
            f"foxen: the Foxen deck has {FOXEN_CARDS} cards with the Sentinel and the four "
            f"leaders, but these data give {total}."
        )
    return FoxenData(
        _count(mat, "hand_size", "foxen mat", 1),
        _count(mat, "action_limit", "foxen mat", 1),
        tuple(units),
        cards,
    )


def _check_printed_unit(unit: UnitType, where: str) -> None:
    if unit.id in NO_POWER_UNITS and unit.power:
        raise ComponentError(f"{where}: the rulebook says {unit.name}s cannot hold power.")
    if unit.id in NO_MISSILE_UNITS and "missile" in unit.actions:
        raise ComponentError(f"{where}: the rulebook says the {unit.name} cannot MISSILE ATTACK.")
    if unit.id in NO_LEAP_OR_MELEE_UNITS and {"leap", "melee"} & set(unit.actions):
        raise ComponentError(f"{where}: the rulebook says the {unit.name} cannot LEAP or MELEE.")


def _guardian(guardian_id: str, data: Mapping[str, Any]) -> GuardianData:
    mat = data.get("mat")
    if not isinstance(mat, dict):
        raise ComponentError(f"{guardian_id}: the [mat] table is missing.")
    actions = GUARDIAN_ACTIONS[guardian_id]
    locations = []
    for record in _records(data, "location", guardian_id):
        where = f"{guardian_id} location {record['id']}"
        ability = _get(record, "ability", str, where)
        if ability not in actions:
            raise ComponentError(f"{where}: ability must be one of {', '.join(actions)}.")
        locations.append(
            Location(
                record["id"],
                _get(record, "name", str, where),
                ability,
                _count(record, "wounds", where, 1),
                _count(record, "slots", where, 1),
                _get(record, "lowest", bool, where),
                _strings(record, "connected", where),
                _assumed(record, where),
            )
        )
    ids = {location.id for location in locations}
    for location in locations:
        for other in location.connected:
            if other not in ids:
                raise ComponentError(
                    f"{guardian_id} location {location.id}: no location {other!r}."
                )
            back = next(loc for loc in locations if loc.id == other)
            if location.id not in back.connected:
                raise ComponentError(
                    f"{guardian_id}: {location.id} lists {other} as connected but not back."
                )
    if not any(location.lowest for location in locations):
        raise ComponentError(f"{guardian_id}: at least one location must be lowest.")
    cards = _cards(data, ("move", "gain_power", *actions), guardian_id)
    total = sum(card.count for card in cards)
    if total != GUARDIAN_CARDS:
        raise ComponentError(
            f"{guardian_id}: a guardian deck has {GUARDIAN_CARDS} cards, not {total}."
        )
    return GuardianData(
        guardian_id,
        _get(mat, "name", str, f"{guardian_id} mat"),
        _count(mat, "hand_size", f"{guardian_id} mat", 1),
        _count(mat, "action_limit", f"{guardian_id} mat", 1),
        _count(mat, "power", f"{guardian_id} mat"),
        tuple(locations),
        cards,
    )

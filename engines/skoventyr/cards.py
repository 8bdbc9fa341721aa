"""Skoventyr's cards: the kinds of card, and their costs and powers read from data.

The card table lives in ``data/cards.toml`` (RULINGS S2): each card's cost (paid when it
is taken with Vogter's Call) and power (used by discarding it with Command: Mission) is a
list of effects in a small vocabulary, each marked ``printed`` or ``assumed``. The table
is checked when it is read; a malformed file raises ``CardDataError`` saying what is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any, Literal

from engines.core.data_files import parse_toml, read_toml
from engines.core.serial import quote

DATA_FILE = Path(__file__).parent / "data" / "cards.toml"


class Card(StrEnum):
    """A kind of deck card. The five Ally types, then the Adversary."""

    ELLEFOLK = "ellefolk"
    FORMSKIFTER = "formskifter"
    HULDRE = "huldre"
    NISSE = "nisse"
    TROLD = "trold"
    GAMLE_ERIK = "gamle_erik"

    @property
    def is_ally(self) -> bool:
        return self is not Card.GAMLE_ERIK

    @property
    def label(self) -> str:
        """The card's name as printed ("Gamle Erik", "Trold")."""
        return "Gamle Erik" if self is Card.GAMLE_ERIK else self.value.capitalize()

    @property
    def with_article(self) -> str:
        """The name with its article: "an Ellefolk", "a Trold"."""
        return ("an " if self is Card.ELLEFOLK else "a ") + self.label


ALLIES: tuple[Card, ...] = tuple(card for card in Card if card.is_ally)
CARD_ORDER: dict[Card, int] = {card: index for index, card in enumerate(Card)}

Status = Literal["printed", "assumed"]
EFFECTS = (
    "damage_tree",
    "heal_tree",
    "move_ge",
    "move_vogter",
    "reveal_allies",
    "future_to_bottom",
    "discard_to_bottom",
)
EFFECT_KEYS: dict[str, frozenset[str]] = {
    "damage_tree": frozenset({"count"}),
    "heal_tree": frozenset({"count"}),
    "move_ge": frozenset({"count", "direction", "up_to"}),
    "move_vogter": frozenset({"count", "onto_hidden_ally"}),
    "reveal_allies": frozenset({"count"}),
    "future_to_bottom": frozenset({"count", "which"}),
    "discard_to_bottom": frozenset({"count", "distinct", "exclude"}),
}
#: The most times one effect repeats: far beyond any card (the Forest has eight Trees), a
#: bound so that a damaged profile cannot ask for a million steps.
MAX_COUNT = 20


class CardDataError(ValueError):
    """The card table is malformed; the message says where and what."""


@dataclass(frozen=True)
class Effect:
    """One step of a cost or power, e.g. ``Effect("damage_tree", count=1)``."""

    effect: str
    count: int = 1
    status: Status = "printed"
    direction: Literal["clockwise", "counterclockwise"] = "clockwise"
    up_to: bool = False
    onto_hidden_ally: bool = False
    which: Literal["ally", "adversary", "any"] = "any"
    distinct: bool = False
    exclude: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        # Effects are also read back from saved games (an owner's profile in a Config),
        # where anything may have been written: check them as the card table's reader does.
        problem = ""
        if self.effect not in EFFECTS:
            problem = f"{quote(self.effect)} is not an effect the app knows"
        elif type(self.count) is not int or not 1 <= self.count <= MAX_COUNT:
            problem = f"an effect happens 1 to {MAX_COUNT} times, not {quote(self.count)}"
        elif self.status not in ("printed", "assumed"):
            problem = f"an effect is printed or assumed, not {quote(self.status)}"
        elif self.direction not in ("clockwise", "counterclockwise"):
            problem = f"Gamle Erik moves clockwise or counterclockwise, not {quote(self.direction)}"
        elif self.which not in ("ally", "adversary", "any"):
            problem = f"a Future card is an ally, an adversary or any, not {quote(self.which)}"
        elif {type(self.up_to), type(self.onto_hidden_ally), type(self.distinct)} != {bool}:
            problem = "an option of the effect is not true or false"
        elif not all(isinstance(card, Card) for card in self.exclude):
            problem = f"only cards can be left out, not {quote(self.exclude)}"
        if problem:
            raise CardDataError(f"Card effect: {problem}.")

    @property
    def text(self) -> str:
        """The effect in a player's words."""
        n = self.count
        if self.effect == "damage_tree":
            return "damage a Tree" if n == 1 else f"damage a Tree {n} times"
        if self.effect == "heal_tree":
            return "heal a Tree" if n == 1 else f"heal {n} Trees"
        if self.effect == "move_ge":
            way = "clockwise" if self.direction == "clockwise" else "counter-clockwise"
            steps = "once" if n == 1 else f"{n} times"
            return f"move Gamle Erik {'up to ' if self.up_to else ''}{steps} {way}"
        if self.effect == "move_vogter":
            extra = (
                " onto a Tree with a Hidden Ally, and reveal it" if self.onto_hidden_ally else ""
            )
            return f"move Vogter {'once' if n == 1 else f'{n} times'} clockwise{extra}"
        if self.effect == "reveal_allies":
            return f"reveal {n} Hidden All{'y' if n == 1 else 'ies'} in the Forest"
        if self.effect == "future_to_bottom":
            what = {"ally": "Ally", "adversary": "Adversary", "any": "card"}[self.which]
            some = ("an " if what[0] == "A" else "a ") + what if n == 1 else f"{n} {what}s"
            return f"put {some} from the Future under the deck"
        kinds = " of different types" if self.distinct else ""
        but = f", not {', '.join(c.label for c in self.exclude)}," if self.exclude else ""
        allies = "an Ally" if n == 1 else f"{n} Allies"
        return f"put {allies}{kinds}{but} from the discard pile under the deck"


@dataclass(frozen=True)
class CardRule:
    """What one kind of card does."""

    card: Card
    count: int
    cost: tuple[Effect, ...]
    power: tuple[Effect, ...]
    #: May be discarded with Command: Mission for its power.
    mission: bool = True
    #: Formskifter: may join Allies of any type in the Forest.
    mixes_with_any_type: bool = False
    #: Gamle Erik: never stays in a hand, goes under the deck at once.
    leaves_hand_at_once: bool = False
    status: Status = "printed"


@dataclass(frozen=True)
class MinionRule:
    name: str
    value: int
    count: int
    status: Status = "printed"

    @property
    def title(self) -> str:
        return self.name.capitalize()


@dataclass(frozen=True)
class CardTable:
    cards: tuple[CardRule, ...]
    minions: tuple[MinionRule, ...]

    def rule(self, card: Card) -> CardRule:
        for rule in self.cards:
            if rule.card is card:
                return rule
        raise KeyError(card)  # pragma: no cover - the table is checked complete on load

    def count(self, card: Card) -> int:
        return self.rule(card).count

    @property
    def total(self) -> int:
        return sum(rule.count for rule in self.cards)

    def assumed(self) -> tuple[str, ...]:
        """Where the table relies on values the rulebook does not print."""
        notes = []
        for rule in self.cards:
            for box, effects in (("cost", rule.cost), ("power", rule.power)):
                for effect in effects:
                    if effect.status == "assumed":
                        notes.append(f"{rule.card.label} {box}: {effect.text}")
        return tuple(notes)


def _fail(where: str, problem: str) -> CardDataError:
    return CardDataError(f"Card table, {where}: {problem}")


def _int(where: str, value: Any, minimum: int, maximum: int | None = None) -> int:
    if type(value) is not int or value < minimum:
        raise _fail(where, f"expected a whole number of at least {minimum}, got {quote(value)}")
    if maximum is not None and value > maximum:
        raise _fail(where, f"expected at most {maximum}, got {value}")
    return value


def _bool(where: str, value: Any) -> bool:
    if type(value) is not bool:
        raise _fail(where, f"expected true or false, got {quote(value)}")
    return value


def _choice(where: str, value: Any, options: tuple[str, ...]) -> Any:
    if value not in options:
        raise _fail(where, f"expected one of {', '.join(options)}, got {quote(value)}")
    return value


def effect_from_data(where: str, data: Any, status: Status | None = None) -> Effect:
    """Read one effect written as in the card table; ``status``, when given, is the one
    an effect that does not say takes."""
    if not isinstance(data, dict):
        raise _fail(where, f"an effect must be a table, got {quote(data)}")
    name = _choice(f"{where} effect", data.get("effect"), EFFECTS)
    status = _choice(f"{where} status", data.get("status", status), ("printed", "assumed"))
    extra = set(data) - {"effect", "status"} - EFFECT_KEYS[name]
    if extra:
        raise _fail(where, f"{name} does not take {', '.join(sorted(extra))}")
    exclude = data.get("exclude", [])
    if not isinstance(exclude, list):
        raise _fail(f"{where} exclude", f"expected a list of card names, got {quote(exclude)}")
    return Effect(
        effect=name,
        count=_int(f"{where} count", data.get("count", 1), 1, MAX_COUNT),
        status=status,
        direction=_choice(
            f"{where} direction",
            data.get("direction", "clockwise"),
            ("clockwise", "counterclockwise"),
        ),
        up_to=_bool(f"{where} up_to", data.get("up_to", False)),
        onto_hidden_ally=_bool(f"{where} onto_hidden_ally", data.get("onto_hidden_ally", False)),
        which=_choice(f"{where} which", data.get("which", "any"), ("ally", "adversary", "any")),
        distinct=_bool(f"{where} distinct", data.get("distinct", False)),
        exclude=tuple(
            Card(_choice(f"{where} exclude", name, tuple(c.value for c in Card)))
            for name in exclude
        ),
    )


def _effects(where: str, data: Any) -> tuple[Effect, ...]:
    if not isinstance(data, list):
        raise _fail(where, f"expected a list of effects, got {quote(data)}")
    return tuple(effect_from_data(f"{where} #{i + 1}", item) for i, item in enumerate(data))


_CARD_KEYS = frozenset(
    {
        "name",
        "kind",
        "count",
        "count_status",
        "cost",
        "power",
        "mission",
        "mixes_with_any_type",
        "leaves_hand_at_once",
    }
)


def _card(index: int, data: Any) -> CardRule:
    where = f"card #{index + 1}"
    if not isinstance(data, dict):
        raise _fail(where, "expected a table")
    name = _choice(f"{where} name", data.get("name"), tuple(c.value for c in Card))
    card = Card(name)
    where = f"card {name!r}"
    extra = set(data) - _CARD_KEYS
    if extra:
        raise _fail(where, f"unknown field(s) {', '.join(sorted(extra))}")
    kind = _choice(f"{where} kind", data.get("kind"), ("ally", "adversary"))
    if (kind == "ally") != card.is_ally:
        raise _fail(where, f"{card.label} cannot be an {kind}")
    for box in ("cost", "power"):
        if box not in data:
            raise _fail(where, f"missing {box}")
    return CardRule(
        card=card,
        count=_int(f"{where} count", data.get("count"), 1),
        status=_choice(
            f"{where} count_status", data.get("count_status", "printed"), ("printed", "assumed")
        ),
        cost=_effects(f"{where} cost", data["cost"]),
        power=_effects(f"{where} power", data["power"]),
        mission=_bool(f"{where} mission", data.get("mission", True)),
        mixes_with_any_type=_bool(
            f"{where} mixes_with_any_type", data.get("mixes_with_any_type", False)
        ),
        leaves_hand_at_once=_bool(
            f"{where} leaves_hand_at_once", data.get("leaves_hand_at_once", False)
        ),
    )


def _minion(index: int, data: Any) -> MinionRule:
    where = f"minion #{index + 1}"
    if not isinstance(data, dict):
        raise _fail(where, "expected a table")
    name = data.get("name")
    if not isinstance(name, str) or not name:
        raise _fail(where, f"expected a name, got {name!r}")
    extra = set(data) - {"name", "value", "count", "status"}
    if extra:
        raise _fail(where, f"unknown field(s) {', '.join(sorted(extra))}")
    return MinionRule(
        name=name,
        value=_int(f"minion {name!r} value", data.get("value"), 1),
        count=_int(f"minion {name!r} count", data.get("count"), 1),
        status=_choice(f"minion {name!r} status", data.get("status"), ("printed", "assumed")),
    )


def parse_card_table(text: str) -> CardTable:
    """Read and check a card table written in TOML."""
    return card_table(parse_toml(text, "data/cards.toml", CardDataError))


def load_card_table(path: Path = DATA_FILE) -> CardTable:
    return card_table(read_toml(path, CardDataError))


def card_table(data: dict[str, Any]) -> CardTable:
    """Check the card table's parsed TOML."""
    cards_data = data.get("card")
    if not isinstance(cards_data, list):
        raise CardDataError("Card table has no [[card]] entries.")
    cards = tuple(_card(i, item) for i, item in enumerate(cards_data))
    names = [rule.card for rule in cards]
    doubled = sorted({c.value for c in names if names.count(c) > 1})
    if doubled:
        raise CardDataError(f"Card table lists {', '.join(doubled)} more than once.")
    missing = [c.value for c in Card if c not in names]
    if missing:
        raise CardDataError(f"Card table is missing the card(s) {', '.join(missing)}.")
    minions_data = data.get("minion")
    if not isinstance(minions_data, list) or not minions_data:
        raise CardDataError("Card table has no [[minion]] entries.")
    minions = tuple(_minion(i, item) for i, item in enumerate(minions_data))
    ordered = tuple(sorted(cards, key=lambda rule: CARD_ORDER[rule.card]))
    return CardTable(cards=ordered, minions=minions)


#: The table shipped with the app.
CARDS: CardTable = load_card_table()

"""An owner's card profile: the cost and power of their own cards where these differ from
the shipped card table (RULINGS S2 and "Component profiles").

A ``CardCorrection`` replaces one box (the cost, or the power) of one kind of card with
effects of the engine's vocabulary. A game's ``Config`` carries the corrections, so a saved
game replays with the card powers it was started with; ``corrected_table`` is the card
table they make, which the rules and the bots read.

The app stores a profile as plain data, each effect written as in ``data/cards.toml``:
``{"huldre": {"power": [{"effect": "heal_tree", "count": 2}]}}``. An owner's effects are
read off their own cards, so they count as printed.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, Literal

from engines.core.quick_replace import replace
from engines.core.serial import quote
from engines.skoventyr.cards import (
    CARDS,
    EFFECT_KEYS,
    Card,
    CardDataError,
    CardTable,
    Effect,
    effect_from_data,
)

Box = Literal["cost", "power"]
BOXES: tuple[Box, ...] = ("cost", "power")

#: The kinds of effect, as the owner chooses among them, in the card table's order.
EFFECT_KINDS: dict[str, str] = {
    "damage_tree": "Damage Trees",
    "heal_tree": "Heal Trees",
    "move_ge": "Move Gamle Erik",
    "move_vogter": "Move Vogter",
    "reveal_allies": "Reveal Allies",
    "future_to_bottom": "Future to deck",
    "discard_to_bottom": "Discards to deck",
}
#: How many times an effect may be chosen to happen on the profile screen.
CHOICE_COUNTS = (1, 2, 3)


@dataclass(frozen=True)
class CardCorrection:
    """What one box of one kind of card does on the owner's cards."""

    card: Card
    box: Box
    effects: tuple[Effect, ...]


def editable_boxes(card: Card) -> tuple[Box, ...]:
    """The boxes an owner may correct: every cost, and the power of a card used with
    Mission (a Formskifter's right box is how it is placed; a Gamle Erik never stays in a
    hand to be used)."""
    return BOXES if CARDS.rule(card).mission else ("cost",)


@functools.lru_cache(maxsize=16)
def corrected_table(corrections: tuple[CardCorrection, ...] = ()) -> CardTable:
    """The shipped card table with ``corrections`` in place of the boxes they name.

    Raises ``CardDataError`` (a ValueError) for a correction that cannot be made: a box
    a card has no use for, or a box corrected twice.
    """
    rules = {rule.card: rule for rule in CARDS.cards}
    done: set[tuple[Card, str]] = set()
    for correction in corrections:
        card, box = correction.card, correction.box
        if not isinstance(card, Card) or box not in BOXES:
            raise CardDataError(f"{quote(card)} {quote(box)} is not a card's cost or power.")
        if box not in editable_boxes(card):
            raise CardDataError(f"A {card.label} has no power to use with Mission.")
        if (card, box) in done:
            raise CardDataError(f"The {card.label}'s {box} is corrected twice.")
        done.add((card, box))
        rule = rules[card]
        if box == "cost":
            rules[card] = replace(rule, cost=correction.effects)
        else:
            rules[card] = replace(rule, power=correction.effects)
    return replace(CARDS, cards=tuple(rules[rule.card] for rule in CARDS.cards))


def shipped(card: Card, box: Box) -> tuple[Effect, ...]:
    """What ``box`` of ``card`` does in the shipped card table."""
    effects: tuple[Effect, ...] = getattr(CARDS.rule(card), box)
    return effects


def same_effects(a: tuple[Effect, ...], b: tuple[Effect, ...]) -> bool:
    """Whether two boxes do the same, printed or assumed alike."""
    return [replace(e, status="printed") for e in a] == [replace(e, status="printed") for e in b]


def effect_choices(card: Card) -> dict[str, tuple[Effect, ...]]:
    """Every effect an owner may choose for ``card``, by kind: the vocabulary with the
    counts and options each kind takes."""
    choices: dict[str, tuple[Effect, ...]] = {}
    for name in EFFECT_KINDS:
        variants: list[Effect] = []
        for count in CHOICE_COUNTS:
            if name == "move_ge":
                # "Up to" is asked as how many steps *back* (toward safety) he goes.
                variants += [
                    Effect(name, count, direction="clockwise"),
                    Effect(name, count, direction="counterclockwise"),
                    Effect(name, count, direction="counterclockwise", up_to=True),
                ]
            elif name == "move_vogter":
                variants += [Effect(name, count, onto_hidden_ally=onto) for onto in (False, True)]
            elif name == "future_to_bottom":
                variants += [Effect(name, count, which=w) for w in ("ally", "adversary", "any")]
            elif name == "discard_to_bottom":
                leave_out: tuple[tuple[Card, ...], ...] = ((), (card,)) if card.is_ally else ((),)
                variants += [
                    Effect(name, count, distinct=distinct, exclude=exclude)
                    for distinct in (False, True)
                    for exclude in leave_out
                    if count > 1 or not distinct  # one card is always of one type
                ]
            else:
                variants.append(Effect(name, count))
        choices[name] = tuple(variants)
    return choices


def effect_data(effect: Effect) -> dict[str, Any]:
    """An effect as the card table writes it: its name and what differs from the defaults."""
    data: dict[str, Any] = {"effect": effect.effect, "count": effect.count}
    defaults = Effect(effect.effect)
    for field in fields(Effect):
        value = getattr(effect, field.name)
        if field.name in EFFECT_KEYS[effect.effect] and value != getattr(defaults, field.name):
            data[field.name] = [c.value for c in value] if field.name == "exclude" else value
    return data


def profile_data(corrections: tuple[CardCorrection, ...]) -> dict[str, dict[str, Any]]:
    """The corrections as the store keeps them."""
    data: dict[str, dict[str, Any]] = {}
    for correction in corrections:
        effects = [effect_data(effect) for effect in correction.effects]
        data.setdefault(correction.card.value, {})[correction.box] = effects
    return data


def corrections_from_profile(data: object) -> tuple[CardCorrection, ...]:
    """Read a stored profile. It comes from the database and may hold anything: what is
    not a profile raises ``CardDataError`` saying what is wrong."""
    if not isinstance(data, Mapping):
        raise CardDataError(f"A card profile lists cards, not {quote(data)}.")
    found: list[CardCorrection] = []
    for name, boxes in data.items():
        if name not in {card.value for card in Card}:
            raise CardDataError(f"The card profile names {quote(name)}, not a Skoventyr card.")
        card = Card(name)
        if not isinstance(boxes, Mapping) or not set(boxes) <= set(BOXES):
            raise CardDataError(f"The {card.label}'s entry holds {quote(boxes)}.")
        for box in BOXES:
            if box in boxes:
                effects = boxes[box]
                where = f"{card.label} {box}"
                if not isinstance(effects, list):
                    raise CardDataError(f"{where}: a list of effects, not {quote(effects)}.")
                read = tuple(
                    effect_from_data(f"{where} #{i + 1}", item, "printed")
                    for i, item in enumerate(effects)
                )
                found.append(CardCorrection(card, box, read))
    corrections = tuple(found)
    corrected_table(corrections)  # refuses boxes a card has no use for
    return corrections

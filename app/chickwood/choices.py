"""The choices final scoring leaves to a player, listed for the table to override the
proposed ones: tied chest types, Travelling Entertainers, Golden Arrow, Fake Beard.

Which choices are allowed is the engine's to say: every candidate listed here is checked
by scoring it, and the ones it refuses are left out.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import product
from typing import Any

from engines.chickwood import (
    CHEST_TYPES,
    ENTERTAINERS,
    FAKE_BEARD,
    GOLDEN_ARROW,
    LEGENDARY_NAMES,
    AlmsSwap,
    ChestChoice,
    Choices,
    FinalTable,
    TreasureSwap,
    loot_lines,
    treasure_name,
)
from engines.core import IllegalAction

NOT_USED = "Not used"
Groups = dict[str, list[tuple[str, Any]]]


@dataclass(frozen=True)
class Choice:
    """One overridable choice: its button words, and the choices it offers, grouped."""

    key: str  # "entertainers", "golden_arrow", "fake_beard" or "chests:<player>"
    words: str
    groups: Groups

    def apply(self, choices: Choices, value: Any) -> Choices:
        if self.key.startswith("chests:"):
            others = tuple(c for c in choices.chests if c.player != value.player)
            return replace(choices, chests=(*others, value))
        return replace(choices, **{self.key: value})


def _chest_choices(resolved: FinalTable, name: str) -> list[tuple[str, ChestChoice]]:
    """The distinct ways ``name`` may settle tied chest types (each checked by scoring)."""
    loot = resolved.player(name).loot
    busts = min(loot.busts, sum(loot.chests))
    found: dict[str, ChestChoice] = {}
    for discards in product(CHEST_TYPES, repeat=busts):
        for scored in (*CHEST_TYPES, None):
            choice = ChestChoice(name, discards, scored)
            try:
                lines = loot_lines(loot, choice, name)
            except IllegalAction:
                continue
            words = "; ".join(line.detail for line in lines[:2])
            found.setdefault(words, choice)
    return [(words, choice) for words, choice in found.items()]


def _alms_swaps(table: FinalTable) -> Groups:
    spaces = [
        (village.profile, space, owner)
        for village in table.villages
        for space, owner in enumerate(village.owners)
    ]
    groups: Groups = {NOT_USED: [("Leave the alms where they are", None)]}
    for i, (card_a, space_a, owner_a) in enumerate(spaces):
        for card_b, space_b, owner_b in spaces[i + 1 :]:
            if owner_a != owner_b:
                words = (
                    f"{owner_a}'s alms on {card_a.label} (space {space_a + 1}) with "
                    f"{owner_b}'s on {card_b.label} (space {space_b + 1})"
                )
                swap = AlmsSwap(card_a.card, space_a, card_b.card, space_b)
                groups.setdefault(card_a.label.capitalize(), []).append((words, swap))
    return groups


def _treasure_swaps(table: FinalTable, holder: str) -> Groups:
    groups: Groups = {NOT_USED: [("Keep every treasure", None)]}
    mine = table.player(holder).loot.treasures()
    for opponent in table.players:
        if opponent.name == holder:
            continue
        for give, take in product(mine, opponent.loot.treasures()):
            if give != take:
                words = (
                    f"Give a {treasure_name(give)}, take {opponent.name}'s {treasure_name(take)}"
                )
                swap = TreasureSwap(opponent.name, give, take)
                groups.setdefault(opponent.name, []).append((words, swap))
    return groups


def _describe(table: FinalTable, value: Any) -> str:
    if value is None:
        return "not used"
    if isinstance(value, AlmsSwap):
        labels = {village.profile.card: village.profile.glory for village in table.villages}
        first, second = labels[value.first_village], labels[value.second_village]
        return f"swap alms on the villages with {first} and with {second}"
    if isinstance(value, TreasureSwap):
        return f"{treasure_name(value.give)} for {value.opponent}'s {treasure_name(value.take)}"
    return f"a henchman to {value}"


def overridable(table: FinalTable, resolved: FinalTable, choices: Choices) -> list[Choice]:
    """Every choice the table may change, with the one now in force in its words.
    ``table`` is before the Legendary cards, ``resolved`` after them."""
    found = []
    legendary: list[tuple[str, str, Groups]] = []
    holder = table.holder(ENTERTAINERS)
    if holder:
        legendary.append(("entertainers", holder, _alms_swaps(table)))
    holder = table.holder(GOLDEN_ARROW)
    if holder:
        legendary.append(("golden_arrow", holder, _treasure_swaps(table, holder)))
    holder = table.holder(FAKE_BEARD)
    if holder and table.player(holder).loot.henchmen:
        opponents = [(f"Give a henchman to {n}", n) for n in table.names if n != holder]
        legendary.append(
            (
                "fake_beard",
                holder,
                {NOT_USED: [("Keep the henchmen", None)], "Opponents": opponents},
            )
        )
    cards = {"entertainers": ENTERTAINERS, "golden_arrow": GOLDEN_ARROW, "fake_beard": FAKE_BEARD}
    for key, holder, groups in legendary:
        now = _describe(table, getattr(choices, key))
        words = f"{LEGENDARY_NAMES[cards[key]]} ({holder}): {now}"
        found.append(Choice(key, words, groups))
    for name in resolved.names:
        options = _chest_choices(resolved, name)
        if len(options) > 1:
            current = next((c for c in choices.chests if c.player == name), None)
            now = next((w for w, c in options if c == current), options[0][0])
            found.append(Choice(f"chests:{name}", f"{name}'s chests: {now}", {name: options}))
    return found

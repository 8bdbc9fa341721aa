"""Loot cards: what a player has stolen, counted by kind, and the game's supply of them.

Chest, garment and jewelry types are named after the rulebook's examples (gold, silver,
emerald chests; armor, jerkin, gown garments; bracelet 2, pendant 3, ring 4). The fourth
chest type and the fourth garment type are not named in the rulebook: "ruby" and "cloak"
are our names for them (assumed).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from engines.core import Saveable

CHEST_TYPES: tuple[str, ...] = ("gold", "silver", "emerald", "ruby")
GARMENT_TYPES: tuple[str, ...] = ("armor", "jerkin", "gown", "cloak")
JEWELRY_TYPES: tuple[str, ...] = ("bracelet", "pendant", "ring")
JEWELRY_VALUES: dict[str, int] = {"bracelet": 2, "pendant": 3, "ring": 4}

SPY_GLASS = "spy_glass"
KEY = "key"
ENTERTAINERS = "travelling_entertainers"
GOLDEN_ARROW = "golden_arrow"
FAKE_BEARD = "fake_beard"
LEGENDARY: tuple[str, ...] = (SPY_GLASS, KEY, ENTERTAINERS, GOLDEN_ARROW, FAKE_BEARD)
LEGENDARY_NAMES: dict[str, str] = {
    SPY_GLASS: "Spy Glass",
    KEY: "Key",
    ENTERTAINERS: "Travelling Entertainers",
    GOLDEN_ARROW: "Golden Arrow",
    FAKE_BEARD: "Fake Beard",
}

#: Benefactor cards by the alms they give (1, 2, 3): 9, 9 and 5 cards.
BENEFACTORS: dict[int, int] = {1: 9, 2: 9, 3: 5}


def _counts(kind: str, names: tuple[str, ...], given: Mapping[str, int]) -> tuple[int, ...]:
    unknown = set(given) - set(names)
    if unknown:
        raise ValueError(
            f"There is no {kind} called {sorted(unknown)[0]!r}; the {kind} types are "
            f"{', '.join(names)}."
        )
    return tuple(given.get(name, 0) for name in names)


@dataclass(frozen=True)
class Collection(Saveable):
    """Loot cards held, by kind (benefactors are resolved at once and never kept).

    ``chests`` and ``garments`` count each type in the order of ``CHEST_TYPES`` and
    ``GARMENT_TYPES``; ``jewelry`` counts bracelets, pendants and rings.
    """

    chests: tuple[int, int, int, int] = (0, 0, 0, 0)
    garments: tuple[int, int, int, int] = (0, 0, 0, 0)
    jewelry: tuple[int, int, int] = (0, 0, 0)
    maids: int = 0
    henchmen: int = 0
    busts: int = 0
    legendary: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if len(self.chests) != 4 or len(self.garments) != 4 or len(self.jewelry) != 3:
            raise ValueError("Count chests and garments for 4 types each, jewelry for 3.")
        numbers: tuple[int, ...] = (*self.chests, *self.garments, *self.jewelry)
        numbers += (self.maids, self.henchmen, self.busts)
        if any(not isinstance(n, int) or n < 0 for n in numbers):
            raise ValueError("A number of cards can't be negative.")
        for card in self.legendary:
            if card not in LEGENDARY:
                raise ValueError(f"There is no Legendary card called {card!r}.")
        if len(set(self.legendary)) != len(self.legendary):
            raise ValueError("Each Legendary card exists only once.")

    @classmethod
    def of(
        cls,
        chests: Mapping[str, int] | None = None,
        garments: Mapping[str, int] | None = None,
        jewelry: Mapping[str, int] | None = None,
        maids: int = 0,
        henchmen: int = 0,
        busts: int = 0,
        legendary: tuple[str, ...] = (),
    ) -> Collection:
        """Build a collection from type names: ``Collection.of(chests={"gold": 4})``."""
        c = _counts("chest", CHEST_TYPES, chests or {})
        g = _counts("garment", GARMENT_TYPES, garments or {})
        j = _counts("piece of jewelry", JEWELRY_TYPES, jewelry or {})
        return cls(
            chests=(c[0], c[1], c[2], c[3]),
            garments=(g[0], g[1], g[2], g[3]),
            jewelry=(j[0], j[1], j[2]),
            maids=maids,
            henchmen=henchmen,
            busts=busts,
            legendary=legendary,
        )

    @property
    def cards(self) -> int:
        """How many cards the collection holds."""
        return (
            sum(self.chests)
            + sum(self.garments)
            + sum(self.jewelry)
            + self.maids
            + self.henchmen
            + self.busts
            + len(self.legendary)
        )

    def plus(self, other: Collection) -> Collection:
        c = tuple(a + b for a, b in zip(self.chests, other.chests, strict=True))
        g = tuple(a + b for a, b in zip(self.garments, other.garments, strict=True))
        j = tuple(a + b for a, b in zip(self.jewelry, other.jewelry, strict=True))
        return Collection(
            chests=(c[0], c[1], c[2], c[3]),
            garments=(g[0], g[1], g[2], g[3]),
            jewelry=(j[0], j[1], j[2]),
            maids=self.maids + other.maids,
            henchmen=self.henchmen + other.henchmen,
            busts=self.busts + other.busts,
            legendary=self.legendary + other.legendary,
        )

    # Treasures (chests, garments, jewelry) are named "chest:gold", "jewelry:ring", ...

    def treasures(self) -> tuple[str, ...]:
        """The treasure kinds held at least once, as keys like ``"chest:gold"``."""
        held = [f"chest:{n}" for n, k in zip(CHEST_TYPES, self.chests, strict=True) if k]
        held += [f"garment:{n}" for n, k in zip(GARMENT_TYPES, self.garments, strict=True) if k]
        held += [f"jewelry:{n}" for n, k in zip(JEWELRY_TYPES, self.jewelry, strict=True) if k]
        return tuple(held)

    def count(self, treasure: str) -> int:
        group, index = _treasure_index(treasure)
        return self._group(group)[index]

    def add_treasure(self, treasure: str, delta: int) -> Collection:
        """A copy with ``delta`` more (or fewer) of one treasure kind."""
        group, index = _treasure_index(treasure)
        counts = list(self._group(group))
        counts[index] += delta
        if counts[index] < 0:
            raise ValueError(f"There is no {treasure_name(treasure)} to give away.")
        if group == "chest":
            return replace(self, chests=(counts[0], counts[1], counts[2], counts[3]))
        if group == "garment":
            return replace(self, garments=(counts[0], counts[1], counts[2], counts[3]))
        return replace(self, jewelry=(counts[0], counts[1], counts[2]))

    def _group(self, group: str) -> tuple[int, ...]:
        return {"chest": self.chests, "garment": self.garments, "jewelry": self.jewelry}[group]


def _treasure_index(treasure: str) -> tuple[str, int]:
    group, _, name = treasure.partition(":")
    names = {"chest": CHEST_TYPES, "garment": GARMENT_TYPES, "jewelry": JEWELRY_TYPES}.get(group)
    if names is None or name not in names:
        raise ValueError(f"{treasure!r} is not a treasure (a chest, garment or jewelry type).")
    return group, names.index(name)


def treasure_name(treasure: str) -> str:
    """``"chest:gold"`` -> ``"gold chest"``, for messages and score lines."""
    group, _, name = treasure.partition(":")
    return f"{name} {group}" if group != "jewelry" else name


def supply(legendary: bool = False) -> Collection:
    """Every loot card in the game (benefactors apart). The Legendary variant removes one
    piece of jewelry of each value and one henchman, and adds the five Legendary cards."""
    less = 1 if legendary else 0
    return Collection(
        chests=(7, 7, 7, 7),
        garments=(2, 2, 2, 2),
        jewelry=(6 - less, 4 - less, 3 - less),
        maids=3,
        henchmen=12 - less,
        busts=3,
        legendary=LEGENDARY if legendary else (),
    )


def check_supply(taken: Collection, legendary: bool) -> None:
    """Raise ``ValueError`` in a player's words if more cards are taken than exist."""
    box = supply(legendary)
    groups: list[tuple[str, tuple[str, ...], tuple[int, ...], tuple[int, ...]]] = [
        ("chest", CHEST_TYPES, taken.chests, box.chests),
        ("garment", GARMENT_TYPES, taken.garments, box.garments),
        ("jewelry", JEWELRY_TYPES, taken.jewelry, box.jewelry),
    ]
    for group, names, counts, limits in groups:
        for name, count, limit in zip(names, counts, limits, strict=True):
            if count > limit:
                what = treasure_name(f"{group}:{name}")
                raise ValueError(f"The game has only {limit} {what} cards, not {count}.")
    for what, count, limit in (
        ("Maid Marihen", taken.maids, box.maids),
        ("henchman", taken.henchmen, box.henchmen),
        ("bust", taken.busts, box.busts),
    ):
        if count > limit:
            raise ValueError(f"The game has only {limit} {what} cards, not {count}.")
    for card in taken.legendary:
        if card not in box.legendary:
            raise ValueError(
                f"The {LEGENDARY_NAMES[card]} is only in play with the Legendary variant."
            )


#: Words for one card of each kind, and for several ("gold chest", "gold chests").
_KIND_WORDS: dict[str, tuple[str, str]] = {
    **{f"chest:{n}": (f"{n} chest", f"{n} chests") for n in CHEST_TYPES},
    **{f"garment:{n}": (n, f"{n}s") for n in GARMENT_TYPES},
    **{f"jewelry:{n}": (n, f"{n}s") for n in JEWELRY_TYPES},
    "maids": ("Maid Marihen", "Maid Marihens"),
    "henchmen": ("henchman", "henchmen"),
    "busts": ("bust", "busts"),
}


def kind_counts(loot: Collection) -> dict[str, int]:
    """The cards of a collection by kind key ("chest:gold", "maids", "legendary:key"...),
    in the order of the scoring sheet; kinds not held count 0."""
    return {
        **{f"chest:{n}": k for n, k in zip(CHEST_TYPES, loot.chests, strict=True)},
        **{f"garment:{n}": k for n, k in zip(GARMENT_TYPES, loot.garments, strict=True)},
        **{f"jewelry:{n}": k for n, k in zip(JEWELRY_TYPES, loot.jewelry, strict=True)},
        "maids": loot.maids,
        "henchmen": loot.henchmen,
        "busts": loot.busts,
        **{f"legendary:{c}": int(c in loot.legendary) for c in LEGENDARY},
    }


def from_counts(counts: Mapping[str, int]) -> Collection:
    """The collection with these cards by kind key (the keys of ``kind_counts``; kinds
    not named count 0); ValueError, in a player's words, for a key that is no kind."""
    unknown = set(counts) - set(kind_counts(Collection()))
    if unknown:
        raise ValueError(f"There is no kind of loot card called {sorted(unknown)[0]!r}.")
    for card in LEGENDARY:
        if counts.get(f"legendary:{card}", 0) > 1:
            raise ValueError(f"The {LEGENDARY_NAMES[card]} exists only once.")

    def group(prefix: str, names: tuple[str, ...]) -> dict[str, int]:
        return {name: counts.get(f"{prefix}:{name}", 0) for name in names}

    return Collection.of(
        chests=group("chest", CHEST_TYPES),
        garments=group("garment", GARMENT_TYPES),
        jewelry=group("jewelry", JEWELRY_TYPES),
        maids=counts.get("maids", 0),
        henchmen=counts.get("henchmen", 0),
        busts=counts.get("busts", 0),
        legendary=tuple(c for c in LEGENDARY if counts.get(f"legendary:{c}", 0)),
    )


def kind_name(key: str, count: int = 1) -> str:
    """One kind of loot card in words: "gold chest", "rings", "the Key"."""
    if key.startswith("legendary:"):
        return f"the {LEGENDARY_NAMES[key.partition(':')[2]]}"
    return _KIND_WORDS[key][0 if count == 1 else 1]


def describe_counts(counts: Mapping[str, int]) -> str:
    """Cards by kind in words: "2 gold chests, 1 ring and 1 henchman" ("no loot" if none)."""
    parts = [
        kind_name(key) if key.startswith("legendary:") else f"{count} {kind_name(key, count)}"
        for key, count in counts.items()
        if count
    ]
    if not parts:
        return "no loot"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def describe(loot: Collection) -> str:
    """A collection in words: "2 gold chests, 1 ring and 1 henchman"."""
    return describe_counts(kind_counts(loot))

"""Loot entered by touch: counts by kind, turned into the engine's Collection.

A kind is a key such as "chest:gold", "jewelry:ring", "maids", "legendary:key" or
"alms:2" (a benefactor card giving two alms, resolved at once and never kept).
"""

from __future__ import annotations

from collections.abc import Mapping

from engines.chickwood import (
    CHEST_TYPES,
    GARMENT_TYPES,
    JEWELRY_TYPES,
    JEWELRY_VALUES,
    LEGENDARY,
    LEGENDARY_NAMES,
    Collection,
    from_counts,
)

SINGLES = {"maids": "Maid\nMarihen", "henchmen": "Henchman", "busts": "Bust"}


def kinds(legendary: bool, benefactors: bool) -> list[tuple[str, str]]:
    """The keys and words of the pad's buttons, in the order of the scoring sheet."""
    found = [(f"chest:{n}", f"{n.capitalize()}\nchest") for n in CHEST_TYPES]
    found += [(f"garment:{n}", n.capitalize()) for n in GARMENT_TYPES]
    found += [(f"jewelry:{n}", f"{n.capitalize()} {JEWELRY_VALUES[n]}") for n in JEWELRY_TYPES]
    found += list(SINGLES.items())
    if benefactors:
        found += [(f"alms:{n}", f"Alms {n}") for n in (1, 2, 3)]
    if legendary:
        found += [(f"legendary:{c}", LEGENDARY_NAMES[c]) for c in LEGENDARY]
    return found


def collection(counts: Mapping[str, int]) -> Collection:
    """The loot cards counted on the pad (benefactors left out)."""
    return from_counts({k: n for k, n in counts.items() if not k.startswith("alms:")})


def benefactors(counts: Mapping[str, int]) -> tuple[int, ...]:
    """The alms on each benefactor card counted, e.g. (1, 1, 3)."""
    return tuple(n for n in (1, 2, 3) for _ in range(counts.get(f"alms:{n}", 0)))

"""Life cards: the hand limit they give (RULINGS G2) and the final bonus (RULINGS G3)."""

from __future__ import annotations

from collections.abc import Sequence

LIFE_TYPES: tuple[str, ...] = ("B", "F", "P", "M")
LIFE_NAMES: dict[str, str] = {
    "B": "Balans (balance)",
    "F": "Fröspridning (seed dispersal)",
    "P": "Pollinering (pollination)",
    "M": "Mykorrhiza (mycorrhiza)",
}
LIFE_CARDS = 19
MOST_BONUS = 10
SHARED_MOST_BONUS = 5
ALL_TYPES_BONUS = 10


def hand_limit(life_cards: int) -> int:
    """Species tiles a player may hold: 4; 5 with two life cards; 6 with four or more."""
    if life_cards >= 4:
        return 6
    if life_cards >= 2:
        return 5
    return 4


def life_bonus(holdings: Sequence[Sequence[int]]) -> tuple[tuple[int, int], ...]:
    """For each player's life cards (counts of B, F, P, M): (most-cards bonus, all-types
    bonus). The most life cards earn 10, or 5 each for tied leaders; holding none earns
    nothing. At least one card of each type earns 10 more."""
    totals = [sum(counts) for counts in holdings]
    best = max(totals, default=0)
    leaders = sum(1 for total in totals if total == best)
    result = []
    for counts, total in zip(holdings, totals, strict=True):
        most = 0
        if best > 0 and total == best:
            most = MOST_BONUS if leaders == 1 else SHARED_MOST_BONUS
        result.append((most, ALL_TYPES_BONUS if all(counts) else 0))
    return tuple(result)

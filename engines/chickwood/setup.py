"""Set-up guidance for the chosen options, in our own words."""

from __future__ import annotations

from engines.chickwood.config import Config
from engines.chickwood.rounds import deal
from engines.chickwood.scoring import ALMS_PER_PLAYER
from engines.core import SetupStep


def setup_steps(config: Config | None = None, seed: int = 0) -> list[SetupStep]:
    """The steps to lay out the game. Where the app deals (village layout, starting
    castles), the steps show the deal that ``new_game(config, seed)`` uses."""
    config = config or Config()
    count = len(config.players)
    layout, castles, _ = deal(config, seed)
    steps: list[SetupStep] = []

    if count == 2:
        sort = "Two players: put every card with the two-player symbol back in the box."
    elif count == 5:
        sort = "Five players: the cards with the five-player symbol join the game."
    else:
        sort = "Leave the cards with the two- and five-player symbols in the box."
    if config.legendary:
        legendary = (
            "Legendary variant: take out one jewelry card worth 2, one worth 3, one worth 4 "
            "and one henchman, and mix the five Legendary cards into the loot instead."
        )
    else:
        legendary = "The five Legendary cards stay in the box."
    steps.append(SetupStep("Sort the cards", f"{sort} {legendary}"))

    steps.append(
        SetupStep(
            "Deal the loot",
            f"Shuffle the loot cards and give each player {config.hand_size} face down. "
            f"The rest, about {config.deck - count * config.hand_size} cards, is the deck.",
        )
    )
    steps.append(
        SetupStep(
            "Take your alms",
            f"Each player takes the {ALMS_PER_PLAYER} alms cubes of their colour.",
            tuple(config.players),
        )
    )

    rows, cols = config.grid_shape
    grid_items = tuple(" | ".join(layout[r * cols : (r + 1) * cols]) for r in range(rows))
    steps.append(
        SetupStep(
            "Lay out the villages",
            f"Mix the village and forest cards and lay them in {rows} rows of {cols}, "
            "as listed here from the top row down.",
            grid_items,
        )
    )

    side = "Night" if config.night else "Day"
    steps.append(
        SetupStep(
            "Set out the castles",
            f"Use castles 1 to {config.top_castle}, {side} side up, in one pile per value. "
            "The other castles go back in the box.",
            tuple(f"Castle {v}" for v in range(1, config.top_castle + 1)),
        )
    )
    order = sorted(zip(castles, config.players, strict=True))
    steps.append(
        SetupStep(
            "Starting castles",
            "Each player takes one castle of a different value and sets it in front of them; "
            "the castle left over goes back on its pile. The lowest castle plays first, "
            "then the others from low to high.",
            tuple(f"{name}: castle {value}" for value, name in order),
        )
    )
    return steps

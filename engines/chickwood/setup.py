"""Set-up guidance for the chosen options, in our own words."""

from __future__ import annotations

from engines.chickwood.config import ALMS_COLOURS, Config
from engines.chickwood.rounds import deal
from engines.chickwood.scoring import ALMS_PER_PLAYER
from engines.chickwood.village import CardProfile
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
            f"Each player takes the {ALMS_PER_PLAYER} alms cubes of one colour, as listed: "
            "the screen shows each player's alms in that colour.",
            tuple(
                f"{name}: {colour}"
                for name, colour in zip(config.players, ALMS_COLOURS, strict=False)
            ),
        )
    )

    rows, cols = config.grid_shape
    cards = {card.card: card for card in config.cards_in_play}
    row_names = ("Top", "Bottom") if rows == 2 else ("Top", "Middle", "Bottom")
    grid_items = tuple(
        f"{row_names[r]} row: "
        + " | ".join(_card_words(cards[name]) for name in layout[r * cols : (r + 1) * cols])
        for r in range(rows)
    )
    steps.append(
        SetupStep(
            "Lay out the villages",
            f"Lay the village and forest cards in {rows} rows of {cols}, left to right as "
            "listed. The cards print no names: tell the villages apart by the glory printed "
            "on their rows, top row first.",
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


def _card_words(card: CardProfile) -> str:
    return "forest" if card.forest else card.glory.capitalize()

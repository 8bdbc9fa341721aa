"""Set-up guidance for the chosen options, in our own words."""

from __future__ import annotations

from dataclasses import dataclass

from engines.chickwood.alms_snake import Cell, Grid
from engines.chickwood.config import ALMS_COLOURS, Config
from engines.chickwood.rounds import deal
from engines.chickwood.scoring import ALMS_PER_PLAYER
from engines.chickwood.village import CardProfile
from engines.core import SetupStep


@dataclass(frozen=True)
class SetupTable:
    """The table a set-up lays out, each piece by the name the steps' ``shows`` use:
    the deal of ``setup_steps`` with the same seed."""

    grid: Grid  # the village and forest cards as they lie, no alms yet
    castles: tuple[int, ...]  # each player's starting castle, in seat order
    deck: str
    hands: tuple[str, ...]  # in seat order, as are alms and starting
    alms: tuple[str, ...]
    villages: tuple[str, ...]  # by the card's index in the grid
    piles: tuple[str, ...]  # the castle piles, 1 first
    starting: tuple[str, ...]


def setup_table(config: Config | None = None, seed: int = 0) -> SetupTable:
    config = config or Config()
    layout, castles, _ = deal(config, seed)
    rows, cols = config.grid_shape
    profiles = {card.card: card for card in config.cards}
    grid = Grid(rows, cols, tuple(Cell(profiles[name]) for name in layout))
    names = config.players
    return SetupTable(
        grid=grid,
        castles=tuple(castles),
        deck="the loot deck",
        hands=tuple(f"{name}'s hand" for name in names),
        alms=tuple(f"{name}'s alms" for name in names),
        villages=tuple(grid.name(i) for i in range(len(grid.cells))),
        piles=tuple(f"the castle {v} pile" for v in range(1, config.top_castle + 1)),
        starting=tuple(
            f"{name}'s castle {value}" for name, value in zip(names, castles, strict=True)
        ),
    )


def setup_steps(config: Config | None = None, seed: int = 0) -> list[SetupStep]:
    """The steps to lay out the game. Where the app deals (village layout, starting
    castles), the steps show the deal that ``new_game(config, seed)`` uses."""
    config = config or Config()
    count = len(config.players)
    layout, castles, _ = deal(config, seed)
    table = setup_table(config, seed)
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
            shows=(table.deck, *table.hands),
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
            table.alms,
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
            table.villages,
        )
    )

    side = "Night" if config.night else "Day"
    steps.append(
        SetupStep(
            "Set out the castles",
            f"Use castles 1 to {config.top_castle}, {side} side up, in one pile per value. "
            "The other castles go back in the box.",
            tuple(f"Castle {v}" for v in range(1, config.top_castle + 1)),
            table.piles,
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
            table.starting,
        )
    )
    return steps


def _card_words(card: CardProfile) -> str:
    return "forest" if card.forest else card.glory.capitalize()

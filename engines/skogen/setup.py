"""Set-up guidance for Skogen, in our own words."""

from __future__ import annotations

from dataclasses import replace

from engines.core import SetupStep
from engines.skogen.config import SPECIES_TILES, STARTING_HAND, Config
from engines.skogen.ledger import ACTION_CARDS_EACH
from engines.skogen.life_cards import LIFE_NAMES

#: What the steps put on the table, in the words the set-up picture names its pieces by.
BOARD = "the board"
ELEMENT_PILES = "12 element piles"
BAGS = ("circle bag", "triangle bag", "square bag")
DIE = "the catastrophe die"


def _from(players: tuple[str, ...], seat: int) -> tuple[str, ...]:
    """The players in turn order from ``seat``: the same circle, another first."""
    return players[seat:] + players[:seat]


def token(player: str) -> str:
    return f"{player}'s token"


def action_cards(player: str) -> str:
    return f"{player}'s {ACTION_CARDS_EACH} action cards"


def screen(player: str) -> str:
    return f"{player}'s screen and {STARTING_HAND} species tiles"


def life_cards(letter: str) -> str:
    return f"{letter} life cards"


def setup_steps(config: Config | None = None) -> list[SetupStep]:
    config = config or Config()
    count = len(config.players)
    die = (
        "The app rolls the catastrophe die."
        if config.die == "app"
        else "Keep the catastrophe die at hand and tell the app each face rolled."
    )
    return [
        SetupStep(
            "Board and tokens",
            "Open the board and put each player's token on the starting square: it shows "
            "their points.",
            tuple(config.players),
            (BOARD, *map(token, config.players)),
        ),
        SetupStep(
            "Element tiles",
            "Sort the element tiles by kind into twelve piles, element side up, beside the board.",
            shows=(ELEMENT_PILES,),
        ),
        SetupStep(
            "Action cards",
            "Shuffle the 18 action cards and deal three to each player; keep them secret "
            "until used. The rest stay out of the game.",
            shows=tuple(map(action_cards, config.players)),
        ),
        SetupStep(
            "Species bags",
            f"Put the {SPECIES_TILES} species tiles into the bag matching the symbol on "
            "their back.",
            (
                "Circle bag (green): tiles worth 1 to 3",
                "Triangle bag (blue): tiles worth 6",
                "Square bag (red): tiles worth 5 to 9",
            ),
            BAGS,
        ),
        SetupStep(
            "Starting tiles",
            f"Everyone draws {STARTING_HAND} species tiles unseen, from any bags, and "
            "hides them behind a screen. The circle bag is the easiest start.",
            (f"{SPECIES_TILES - STARTING_HAND * count} tiles stay in the bags",),
            tuple(map(screen, config.players)),
        ),
        SetupStep(
            "Life cards and die",
            f"Lay the life cards out by letter, face up, next to the board. {die}",
            tuple(f"{letter}: {name}" for letter, name in LIFE_NAMES.items()),
            (*map(life_cards, LIFE_NAMES), *((DIE,) if config.die == "table" else ())),
        ),
        SetupStep(
            "Who starts",
            "Whoever was in a forest most recently starts (the rules' way); turns then go "
            "clockwise. Touch who starts: the order below follows.",
            tuple(f"{n}. {name}" for n, name in enumerate(config.players, start=1)),
            # In an order the choice does not change (by name), so no button takes
            # another's place under the finger.
            choices=tuple(
                (f"{name} starts", replace(config, players=_from(config.players, seat)))
                for seat, name in sorted(enumerate(config.players), key=lambda s: s[1].casefold())
            ),
        ),
    ]

"""The set-up options of a Chickwood Forest game, checked as they are built."""

from __future__ import annotations

from dataclasses import dataclass, field

from engines.chickwood.data import default_cards, default_deck_size
from engines.chickwood.village import CardProfile
from engines.core import Saveable

MAX_PLAYERS = 5
#: The alms colours in the box, given out in seat order (the screen draws them the same).
ALMS_COLOURS: tuple[str, ...] = ("red", "yellow", "purple", "blue", "green")


@dataclass(frozen=True)
class Config(Saveable):
    """Players (alms colours, in seat order), the Legendary variant, the village cards.

    ``cards`` are the owner's village and forest cards (the shipped defaults are assumed).
    ``layout`` names the cards of the grid row by row, as they lie on the table; ``None``
    lets the app shuffle them. ``starting_castles`` gives each player's starting castle;
    ``None`` lets the app deal them. ``deck_size`` is the loot deck before the first deal;
    ``None`` takes the assumed size for the player count. ``quick`` skips the rounds:
    the table enters the final collections at once (quick score).
    """

    players: tuple[str, ...] = ("Red", "Yellow", "Purple", "Blue")
    legendary: bool = False
    cards: tuple[CardProfile, ...] = field(default_factory=default_cards)
    layout: tuple[str, ...] | None = None
    starting_castles: tuple[int, ...] | None = None
    deck_size: int | None = None
    quick: bool = False

    def __post_init__(self) -> None:
        count = len(self.players)
        if not 2 <= count <= MAX_PLAYERS:
            raise ValueError("Chickwood Forest is for 2 to 5 players.")
        if any(not name.strip() for name in self.players):
            raise ValueError("Every player needs a name (their alms colour will do).")
        if len(set(self.players)) != count:
            raise ValueError("Two players have the same name.")
        names = [card.card for card in self.cards]
        if len(set(names)) != len(names):
            raise ValueError("A village card is listed twice.")
        in_play = self.cards_in_play
        rows, cols = self.grid_shape
        if len(in_play) != rows * cols:
            raise ValueError(
                f"The {rows} x {cols} village grid needs {rows * cols} cards, but "
                f"{len(in_play)} are in play for {count} players."
            )
        if self.layout is not None and sorted(self.layout) != sorted(c.card for c in in_play):
            raise ValueError(
                "The layout must place each village and forest card in play exactly once: "
                f"{', '.join(sorted(c.card for c in in_play))}."
            )
        if self.starting_castles is not None:
            castles = self.starting_castles
            if len(castles) != count or len(set(castles)) != count:
                raise ValueError("Each player starts with a different castle.")
            if any(not 1 <= value <= self.top_castle for value in castles):
                raise ValueError(f"Starting castles are worth 1 to {self.top_castle}.")
        if self.deck_size is not None and self.deck_size < count * self.hand_size:
            raise ValueError(
                f"The deck needs at least {count * self.hand_size} cards to deal the first hands."
            )

    @property
    def hand_size(self) -> int:
        return 4 if len(self.players) == 2 else 3

    @property
    def top_castle(self) -> int:
        """The highest castle in play: 1-3 for two players, else 1 to players + 1."""
        return 3 if len(self.players) == 2 else len(self.players) + 1

    @property
    def night(self) -> bool:
        """Two players use the castles' Night side."""
        return len(self.players) == 2

    @property
    def grid_shape(self) -> tuple[int, int]:
        return (2, 3) if len(self.players) == 2 else (3, 3)

    @property
    def cards_in_play(self) -> tuple[CardProfile, ...]:
        if len(self.players) == 2:
            return tuple(card for card in self.cards if card.in_two_player)
        return self.cards

    @property
    def deck(self) -> int:
        """Loot cards in the deck before the first deal."""
        if self.deck_size is not None:
            return self.deck_size
        return default_deck_size(len(self.players), self.legendary)

    @staticmethod
    def castle_limit(castle: int) -> int | None:
        """At most two cards go to castle 1 and three to castle 2; the rest have no limit."""
        return {1: 2, 2: 3}.get(castle)

"""The set-up options of a Skoventyr game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engines.core import Saveable
from engines.skoventyr.cards import CardTable
from engines.skoventyr.profile import CardCorrection, corrected_table

STANDARD_TREES = 6
MAX_TREES = 8

DeckMode = Literal["app", "table"]


@dataclass(frozen=True)
class Config(Saveable):
    """Players, difficulty, modules and deck mode. ``Config()`` is the standard game.

    Difficulty: ``damaged_trees`` of the Forest's Trees start on their Damaged side (a
    harder game); ``extra_healthy_trees`` and ``extra_damaged_trees`` add one or two more
    Trees to the Forest (an easier game). ``deck_mode`` is "app" when the app shuffles and
    says which card comes up, "table" when people shuffle real cards and tell the app.
    ``profile`` carries the owner's corrections to the cards' costs and powers.
    ``first_player``: the seat (from 0) whose turn is first, as the table chose it.
    """

    players: int = 1
    damaged_trees: int = 0
    extra_healthy_trees: int = 0
    extra_damaged_trees: int = 0
    lygtemands: bool = False
    rescue: bool = False
    deck_mode: DeckMode = "app"
    profile: tuple[CardCorrection, ...] = ()
    first_player: int = 0

    def __post_init__(self) -> None:
        if type(self.players) is not int or not 1 <= self.players <= 4:
            raise ValueError("Skoventyr is played by one to four players.")
        if type(self.first_player) is not int or not 0 <= self.first_player < self.players:
            raise ValueError("The first player must be one of the players at the table.")
        if min(self.damaged_trees, self.extra_healthy_trees, self.extra_damaged_trees) < 0:
            raise ValueError("A number of Trees cannot be negative.")
        if self.extra_healthy_trees + self.extra_damaged_trees > MAX_TREES - STANDARD_TREES:
            raise ValueError("At most two extra Trees can be added: the game has eight Trees.")
        if self.damaged_trees > STANDARD_TREES:
            raise ValueError("Only the six standard Trees can start Damaged.")
        if self.deck_mode not in ("app", "table"):
            raise ValueError('The deck mode is "app" (the app shuffles) or "table".')
        try:
            corrected_table(self.profile)
        except ValueError as error:
            raise ValueError(f"The card profile does not fit: {error}") from None

    @property
    def cards(self) -> CardTable:
        """The card table this game is played with: the shipped one, as corrected."""
        return corrected_table(self.profile)

    @property
    def trees(self) -> int:
        """How many Trees the Forest starts with."""
        return STANDARD_TREES + self.extra_healthy_trees + self.extra_damaged_trees

    @property
    def starting_damaged(self) -> int:
        return self.damaged_trees + self.extra_damaged_trees

    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(f"player{i + 1}" for i in range(self.players))

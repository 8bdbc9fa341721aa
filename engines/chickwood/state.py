"""The state of a tracked Chickwood Forest game: a value, never changed once built."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from engines.chickwood.alms_snake import Grid
from engines.chickwood.config import Config
from engines.chickwood.loot import Collection
from engines.chickwood.scoring import ALMS_PER_PLAYER, Choices, FinalTable
from engines.core import Rng, Saveable

#: entry: quick score, waiting for the final collections; raid: the next player raids a
#: castle; alms: they lay their alms snake; scoring: the deck ran out (or the collections
#: were entered) and the table confirms the final choices; over: the scores stand.
Phase = Literal["entry", "raid", "alms", "scoring", "over"]


@dataclass(frozen=True)
class PlayerState(Saveable):
    name: str
    castles: tuple[int, ...]  # the starting castle first, then each castle raided
    loot: Collection = field(default_factory=Collection)
    alms_given: int = 0

    @property
    def castle(self) -> int:
        """The castle on top of the player's pile, which sets their place in turn order."""
        return self.castles[-1]

    @property
    def store(self) -> int:
        """Alms cubes not yet given."""
        return ALMS_PER_PLAYER - self.alms_given


@dataclass(frozen=True)
class RaidRecord(Saveable):
    round: int
    seat: int
    castle: int
    loot: Collection
    benefactors: tuple[int, ...]


@dataclass(frozen=True)
class Placement(Saveable):
    """One alms given: the order of these records is the order of giving."""

    round: int
    seat: int
    cell: int
    space: int  # 0 = the village's first space


@dataclass(frozen=True)
class Snake(Saveable):
    """The alms snake being laid: whose, how many alms are still to give, where it went."""

    seat: int
    to_give: int
    visited: tuple[int, ...] = ()


@dataclass(frozen=True)
class State(Saveable):
    config: Config
    rng: Rng
    grid: Grid
    players: tuple[PlayerState, ...]
    deck: int  # loot cards left in the deck after this round's deal
    round: int = 1
    order: tuple[int, ...] = ()  # seats in this round's turn order
    turn: int = 0  # index into ``order``
    raided: tuple[int, ...] = ()  # castles raided this round
    cards_raided: int = 0  # loot cards taken this round
    phase: Phase = "raid"
    snake: Snake | None = None
    raids: tuple[RaidRecord, ...] = ()
    placements: tuple[Placement, ...] = ()
    choices: Choices | None = None
    final: FinalTable | None = None  # final collections entered or corrected by the table

    @property
    def seat(self) -> int | None:
        """Whose turn it is (None once the rounds are over)."""
        if self.phase == "alms" and self.snake is not None:
            return self.snake.seat
        if self.phase == "raid":
            return self.order[self.turn]
        return None

    @property
    def names(self) -> tuple[str, ...]:
        return self.config.players

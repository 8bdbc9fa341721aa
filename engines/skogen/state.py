"""The state of a Skogen ledger: a value, never changed once built."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engines.core import Rng, Saveable
from engines.skogen.config import STARTING_HAND, Config
from engines.skogen.life_cards import hand_limit

#: turn: the current player takes their turn; roll: the catastrophe die must be rolled;
#: element: they pick an element tile for the face rolled; over: the game has ended.
Phase = Literal["turn", "roll", "element", "over"]


@dataclass(frozen=True)
class PlayerLedger(Saveable):
    name: str
    score: int = 0  # points on the track, all laps together
    hand: int = STARTING_HAND  # species tiles behind the screen
    life: tuple[int, int, int, int] = (0, 0, 0, 0)  # life cards B, F, P, M
    action_cards: tuple[str, ...] = ()  # action cards used, in order

    @property
    def life_cards(self) -> int:
        return sum(self.life)

    @property
    def hand_limit(self) -> int:
        return hand_limit(self.life_cards)


@dataclass(frozen=True)
class TurnRecord(Saveable):
    """One line of the ledger."""

    number: int
    seat: int
    choice: Literal["place", "take_two"]
    points: int = 0
    species: tuple[int, ...] = ()
    elements: int = 0
    life_cards: tuple[str, ...] = ()
    action_cards: tuple[str, ...] = ()
    drew: int = 0


@dataclass(frozen=True)
class RollRecord(Saveable):
    """One roll of the catastrophe die and the element tile it gave (None: none taken)."""

    turn: int
    seat: int
    face: str
    element: str | None = None
    rerolled: bool = False


@dataclass(frozen=True)
class State(Saveable):
    config: Config
    rng: Rng
    players: tuple[PlayerLedger, ...]
    bags: int  # species tiles left in the three bags together
    current: int = 0  # whose turn (seat)
    turn: int = 1  # turns taken so far, this one included
    phase: Phase = "turn"
    rolls_due: int = 0  # catastrophe rolls still owed this turn
    face: str | None = None  # the face waiting for an element choice
    quiet_turns: int = 0  # turns in a row in which nobody played a species tile
    ledger: tuple[TurnRecord, ...] = ()
    rolls: tuple[RollRecord, ...] = ()
    end_cause: str | None = None

    @property
    def player(self) -> PlayerLedger:
        return self.players[self.current]

"""The moves of a Skogen ledger, as saved in the event log."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engines.core import Action
from engines.skogen.catastrophe import ELEMENT_NAMES
from engines.skogen.ledger import ELEMENT_POINTS
from engines.skogen.words import counted


class SkogenAction(Action, game="skogen"):
    """Base of every Skogen action."""


@dataclass(frozen=True)
class PlaceTiles(SkogenAction, kind="place"):
    """Take one element tile, then place tiles: ``species`` lists the printed points of
    each species tile placed, ``elements`` counts element tiles placed. ``life_cards``
    (B, F, P, M) are picked up for species showing those letters; ``action_cards`` are
    used this turn. ``drew`` is how many species tiles were drawn at the end (G5: the
    printed number is as many as were placed, and a player may draw more up to their hand
    limit). None, in games saved before draws were recorded, meant back up to the limit."""

    player: str
    species: tuple[int, ...] = ()
    elements: int = 0
    life_cards: tuple[str, ...] = ()
    action_cards: tuple[str, ...] = ()
    drew: int | None = None

    @property
    def points(self) -> int:
        return sum(self.species) + ELEMENT_POINTS * self.elements

    @property
    def label(self) -> str:
        return f"{self.player} places tiles: {counted(self.points, 'point')}"


@dataclass(frozen=True)
class TakeTwo(SkogenAction, kind="take_two"):
    """Take two element tiles instead of placing anything; ``drew`` species tiles drawn
    at the end (none are printed, but a player may draw up to their hand limit, RULINGS G5)."""

    player: str
    drew: int = 0

    @property
    def label(self) -> str:
        return f"{self.player} takes two element tiles"


@dataclass(frozen=True)
class RollDie(SkogenAction, kind="roll"):
    """The app rolls the catastrophe die."""

    player: str

    @property
    def label(self) -> str:
        return f"Roll the catastrophe die for {self.player}"


@dataclass(frozen=True)
class DieFace(SkogenAction, kind="die_face"):
    """The face rolled on the real catastrophe die: wildfire, storm or flood."""

    player: str
    face: str

    @property
    def label(self) -> str:
        return f"{self.player} rolled {self.face}"


@dataclass(frozen=True)
class TakeElement(SkogenAction, kind="take_element"):
    """Take one of the element tiles the face rolled offers."""

    player: str
    element: str

    @property
    def label(self) -> str:
        return f"{self.player} takes {ELEMENT_NAMES.get(self.element, self.element)}"


@dataclass(frozen=True)
class Reroll(SkogenAction, kind="reroll"):
    """None of the face's element tiles are left: roll the die again."""

    player: str

    @property
    def label(self) -> str:
        return f"None left: {self.player} rolls again"


@dataclass(frozen=True)
class NoElement(SkogenAction, kind="no_element"):
    """None of the face's element tiles are left and the player does not roll again."""

    player: str

    @property
    def label(self) -> str:
        return f"{self.player} takes no element tile"


@dataclass(frozen=True)
class SetScore(SkogenAction, kind="set_score"):
    """Correct a player's points to where their token stands (the board is the truth)."""

    player: str
    score: int

    @property
    def label(self) -> str:
        return f"{self.player}'s token is at {counted(self.score, 'point')}"


@dataclass(frozen=True)
class FixTurn(SkogenAction, kind="fix_turn"):
    """Correct the ledger's line for turn ``turn``: what that player really did (placed
    tiles or took two elements), the tiles, cards and the species tiles drawn. Later
    turns stand; the token moves by the difference in points."""

    turn: int
    choice: Literal["place", "take_two"] = "place"
    species: tuple[int, ...] = ()
    elements: int = 0
    life_cards: tuple[str, ...] = ()
    action_cards: tuple[str, ...] = ()
    drew: int = 0

    @property
    def points(self) -> int:
        return sum(self.species) + ELEMENT_POINTS * self.elements

    @property
    def label(self) -> str:
        if self.choice == "take_two":
            return f"Corrected: turn {self.turn} took two element tiles"
        return f"Corrected: turn {self.turn} placed tiles for {counted(self.points, 'point')}"


action_from_dict = SkogenAction.from_dict

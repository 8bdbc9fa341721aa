"""The moves of a Skogen ledger, as saved in the event log."""

from __future__ import annotations

from dataclasses import dataclass

from engines.core import Action
from engines.skogen.catastrophe import ELEMENT_NAMES
from engines.skogen.ledger import ELEMENT_POINTS


class SkogenAction(Action, game="skogen"):
    """Base of every Skogen action."""


@dataclass(frozen=True)
class PlaceTiles(SkogenAction, kind="place"):
    """Take one element tile, then place tiles: ``species`` lists the printed points of
    each species tile placed, ``elements`` counts element tiles placed. ``life_cards``
    (B, F, P, M) are picked up for species showing those letters; ``action_cards`` are
    used this turn. ``drew`` is how many species tiles are drawn at the end (None: back
    up to the hand limit)."""

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
        return f"{self.player} places tiles: {self.points} points"


@dataclass(frozen=True)
class TakeTwo(SkogenAction, kind="take_two"):
    """Take two element tiles instead of placing anything."""

    player: str

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
        return f"{self.player}'s token is at {self.score} points"


action_from_dict = SkogenAction.from_dict

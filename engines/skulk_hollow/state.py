"""The state of a Skulk Hollow game: an immutable value that saves itself as JSON.

Hero units in play carry their wounds and power; a unit is either in a ground space
(``space``) or attached to a guardian location (``location``). Each side's cards are a
``Cards`` value: when the app holds a deck it knows the hand and the deck order; when the
people hold it (the Foxen deck at the table) only the counts and the face-up discard pile
are known. ``pending`` is the decision in progress (a card played, waiting for a unit, a
target...); ``prompt`` says in a few words what is asked and ``asking`` who must answer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engines.core import Rng, Saveable
from engines.skulk_hollow.components import Components, FoxenData, GuardianData, UnitType
from engines.skulk_hollow.config import Config
from engines.skulk_hollow.geometry import Direction, Layout

Side = Literal["hero", "guardian"]
Asking = Literal["hero", "guardian", "table", ""]


@dataclass(frozen=True)
class Unit(Saveable):
    """A hero figure in play. ``id`` names the figure ("knight_2"), ``kind`` its unit card."""

    id: str
    kind: str
    wounds: int = 0
    power: int = 0
    space: str = ""
    location: str = ""


@dataclass(frozen=True)
class Cards(Saveable):
    """One side's hand, deck and discard pile.

    ``known`` is true when the app holds the cards: ``hand`` (sorted) and ``deck`` (top
    first) are then exact. Otherwise only ``hand_count`` and ``deck_count`` are kept. The
    counts are kept in both cases. The discard pile is face up and always known.
    In a player's view (``rules.view``) ``deck`` is always empty and ``hand`` is empty for
    the other side's cards: there the counts are the truth.
    ``drawn`` and ``shuffles`` count the cards drawn and the discard piles shuffled into a
    new deck so far: they tell the table exactly what happened between two states (a
    draw and a shuffle can leave the same counts as something else).
    """

    known: bool
    hand: tuple[str, ...] = ()
    deck: tuple[str, ...] = ()
    hand_count: int = 0
    deck_count: int = 0
    discard: tuple[str, ...] = ()
    drawn: int = 0
    shuffles: int = 0


@dataclass(frozen=True)
class Pending(Saveable):
    """A decision in progress: which ``step`` is asked, and what was chosen so far.

    ``source`` says what started it ("card", "power", "command", "mount", "double",
    "prepare", "ground", "cleanup"); ``queue`` holds the candidates or the figures still
    to be handled (STOMP), ``leaps`` counts leaps taken under DOUBLE LEAP.
    """

    step: str
    source: str = ""
    card: str = ""
    action: str = ""
    unit: str = ""
    arrows: tuple[Direction, ...] = ()
    queue: tuple[str, ...] = ()
    leaps: int = 0


@dataclass(frozen=True)
class State(Saveable):
    config: Config
    rng: Rng
    hero_cards: Cards
    guardian_cards: Cards
    guardian_wounds: tuple[int, ...]
    units: tuple[Unit, ...] = ()
    active: Side = "hero"
    turn: int = 1
    actions_left: int = 0
    hero_pool: int = 0
    hero_relics: int = 0
    guardian_space: str = "lair"
    guardian_power: int = 0
    guardian_pool: int = 0
    guardian_relics: int = 0
    #: Hero units eliminated so far (Grak's tribute track follows this).
    eliminated: int = 0
    #: Apoda: rune tokens still on the map (their spaces) and runes collected.
    runes: tuple[str, ...] = ()
    runes_collected: int = 0
    #: Tanthos: the spaces of the root tokens on the map (one entry per token).
    roots: tuple[str, ...] = ()
    #: Raptra: the status card shows the air side.
    airborne: bool = False
    pending: Pending | None = None
    #: Once the game is over: the Outcome's cause key.
    ended: str = ""
    prompt: str = ""
    asking: Asking = "hero"
    #: What the latest action did, in a sentence, for the table.
    last: str = ""
    #: "" for the whole state; "hero" or "guardian" for what that seat may see.
    seen_by: str = ""
    #: Corrections by hand made so far (``edits``): ``table_changes`` tells a change
    #: the people made themselves from one the app must announce.
    corrections: int = 0

    @property
    def components(self) -> Components:
        return self.config.components

    @property
    def layout(self) -> Layout:
        return self.components.layout

    @property
    def foxen(self) -> FoxenData:
        return self.components.foxen

    @property
    def board(self) -> GuardianData:
        return self.components.guardian(self.config.guardian)

    def unit(self, unit_id: str) -> Unit:
        for unit in self.units:
            if unit.id == unit_id:
                return unit
        raise KeyError(f"no hero unit {unit_id!r} in play")

    def has_unit(self, unit_id: str) -> bool:
        return any(unit.id == unit_id for unit in self.units)

    def unit_type(self, unit: Unit) -> UnitType:
        return self.foxen.unit(unit.kind)

    def cards(self, side: Side) -> Cards:
        return self.hero_cards if side == "hero" else self.guardian_cards

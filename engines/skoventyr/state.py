"""The game state: an immutable value that saves itself as JSON.

A turn is a queue of small ``Task`` steps. Steps the app can do alone (moving Gamle Erik,
putting a card in a hand) run inside ``apply``; the first step that needs someone (a
player's choice, or in table-deck mode the card that came up) stops the queue, and
``prompt`` says what is being asked.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from engines.core import Outcome, Rng, Saveable
from engines.skoventyr.cards import Card
from engines.skoventyr.config import Config
from engines.skoventyr.deck import Deck
from engines.skoventyr.forest import Forest

#: A Lygtemand shows an Ally type, or "any" for the one marked "?".
ANY_ALLY = "any"


@dataclass(frozen=True)
class Minion:
    id: int
    name: str
    value: int
    #: The Trickster Lygtemand covering it ("ellefolk" .. "trold" or "any"), if any.
    lygtemand: str | None = None
    #: The Acorn token on it (pairs share a number), if any.
    acorn: int | None = None

    @property
    def title(self) -> str:
        return f"{self.name.capitalize()} ({self.value})"


@dataclass(frozen=True)
class Hostage:
    card: Card
    double: bool = False


@dataclass(frozen=True)
class Task:
    """One step still to do. ``op`` names it; the other fields are its parameters."""

    op: str
    n: int = 0
    which: str = ""
    card: Card | None = None
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True)
class State(Saveable):
    config: Config
    rng: Rng
    forest: Forest
    deck: Deck
    #: Left to right; no gaps (the rulebook's sliding left is done at once).
    future: tuple[Card, ...] = ()
    #: One hand per player, kept sorted.
    hands: tuple[tuple[Card, ...], ...] = ()
    discard: tuple[Card, ...] = ()
    minions: tuple[Minion, ...] = ()
    defeated: tuple[Minion, ...] = ()
    #: Rescue module: the Allies still held with a Hostage token, and their tokens.
    hostages: tuple[Hostage, ...] = ()
    #: Lygtemands module: Rallied Lygtemands beside the Future, and those out of the game.
    rallied: tuple[str, ...] = ()
    lygtemands_removed: tuple[str, ...] = ()
    #: Rescue module: Acorn tokens in the centre of the Forest, and those spent.
    acorns: tuple[int, ...] = ()
    acorns_spent: tuple[int, ...] = ()
    #: The card chosen with Vogter's Call, between the Future and a hand.
    taken: Card | None = None
    #: Cards face up off the deck for the moment (set aside at set-up, Involve reveals).
    revealed: tuple[Card, ...] = ()
    #: The cards revealed from the deck by the latest ``apply`` (or by set-up), in order:
    #: in app-deck mode the screen tells people to take these from the sorted pile.
    drawn: tuple[Card, ...] = ()
    #: The kind of the action that led here ("call", "damage_tree", "edit_move_pawn"...)
    #: and how many actions have been applied since set-up: what the table must be told
    #: depends on which move the people entered, and on the way (forward, or an undo).
    entered: str = ""
    applied: int = 0
    #: The place of the Future that move took a card from, if any (Call, putting a card
    #: under the deck, Revenge): a refill may bring the same card back there.
    entered_slot: int | None = None
    #: The move entered was a Risky Draw (a Call without its cost).
    entered_risky: bool = False
    #: Whose turn (0-based) and which turn of the game (1-based; 0 during set-up).
    player: int = 0
    turn: int = 0
    tasks: tuple[Task, ...] = ()
    #: What is being asked now, for the screen.
    prompt: str = ""
    ended: Outcome | None = None

    @property
    def hand(self) -> tuple[Card, ...]:
        """The hand of the player whose turn it is."""
        return self.hands[self.player]

    @property
    def asking(self) -> str:
        """The step waiting for an answer ("" when a player chooses their action)."""
        return self.tasks[0].op if self.tasks else ""

    def card_zones(self) -> dict[str, Counter[Card]]:
        """Every deck card, zone by zone (a check that none is lost or doubled)."""
        zones: dict[str, Counter[Card]] = {
            "deck": self.deck.counts(),
            "future": Counter(self.future),
            "forest": Counter(self.forest.ally_cards()),
            "discard": Counter(self.discard),
            "hostages": Counter(h.card for h in self.hostages),
            "taken": Counter([self.taken] if self.taken is not None else []),
            "revealed": Counter(self.revealed),
        }
        for i, hand in enumerate(self.hands):
            zones[f"hand{i + 1}"] = Counter(hand)
        return zones

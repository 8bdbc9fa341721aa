"""What lies on a Skoventyr table, as places (see ``engines.core.changes``), and the names
the table's instructions give them.

Place keys and what each holds:

* ``pawn:vogter``, ``pawn:gamle_erik``: the Tree the pawn stands on;
* ``forest``: the Trees of the ring, clockwise; ``tree:<id>``: each Tree of the game,
  "Healthy", "Damaged" or "discarded"; ``ally:<id>``: the Ally on it and whether it is
  hidden or revealed;
* ``future:<n>``: the card in the n-th place of the Future, counted from the left;
* ``hand:<n>``: player n's hand; ``taken``: the card taken with Call while its cost is
  paid; ``set_aside``: cards lying face up beside the deck; ``discard``: the discard pile;
* ``deck``: how many cards the face-down deck holds (table-deck mode), or
  ``deck:pile:<card>``: how many of that card the sorted pile holds (app-deck mode);
  ``deck:top:<n>`` and ``deck:bottom:<n>``: the cards known to lie on top of the real deck
  and under it, counted from the unknown middle outwards, so that a card put on top or
  under has a place of its own (table-deck mode only: in app-deck mode the app keeps the
  deck's order in mind, and the pile on the table, sorted by kind, does not change when a
  card moves within the deck);
  ``deck:shuffles``: how often the real deck has been shuffled (table-deck mode);
* ``minion:<id>``: "in play" or "defeated"; ``lygtemand:<id>`` and ``acorn:<id>``: the
  Trickster Lygtemand and the Acorn token on it; ``rallied``, ``lygtemands_out``: the
  Rallied Lygtemands beside the Future and those out of the game;
* ``hostage:<card>``: the Hostage token ("x1" or "x2") on that Ally, lying apart from the
  deck; ``acorns``, ``acorns_out``: Acorn tokens in the centre of the Forest and spent.

An empty place is left out (it reads as None).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable

from engines.skoventyr.cards import CARD_ORDER, Card
from engines.skoventyr.state import ANY_ALLY, Minion, State

SLOT_NAMES = ("first", "second", "third")


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=CARD_ORDER.__getitem__))


def table_places(state: State) -> dict[str, Hashable]:
    """Everything the people can see or handle on the table, place by place."""
    forest = state.forest
    deck = state.deck
    app_deck = state.config.deck_mode == "app"
    places: dict[str, Hashable] = {
        "pawn:vogter": forest.vogter,
        "pawn:gamle_erik": forest.gamle_erik,
        "forest": forest.ids,
    }
    if app_deck:
        places.update({deck_count_key(state, card): n for card, n in deck.counts().items() if n})
    else:
        places["deck"] = deck.size
        places.update({top_key(deck.top, i): card for i, card in enumerate(deck.top)})
        places.update({f"deck:bottom:{i + 1}": card for i, card in enumerate(deck.bottom)})
    for tree in forest.trees:
        places[f"tree:{tree.id}"] = tree.side
        if tree.ally is not None:
            places[f"ally:{tree.id}"] = (tree.ally, "revealed" if tree.revealed else "hidden")
    for tree_id in forest.discarded:
        places[f"tree:{tree_id}"] = "discarded"
    for slot, card in enumerate(state.future):
        places[f"future:{slot + 1}"] = card
    for player, hand in enumerate(state.hands):
        if hand:
            places[f"hand:{player + 1}"] = hand
    optional: dict[str, Hashable] = {
        "taken": state.taken,
        "set_aside": _sorted(state.revealed),
        "discard": _sorted(state.discard),
        "deck:shuffles": 0 if app_deck else deck.shuffles,
        "rallied": tuple(sorted(state.rallied)),
        "lygtemands_out": tuple(sorted(state.lygtemands_removed)),
        "acorns": tuple(sorted(state.acorns)),
        "acorns_out": tuple(sorted(state.acorns_spent)),
    }
    places.update({key: value for key, value in optional.items() if value})
    for minion in state.minions:
        places[f"minion:{minion.id}"] = "in play"
        if minion.lygtemand is not None:
            places[f"lygtemand:{minion.id}"] = minion.lygtemand
        if minion.acorn is not None:
            places[f"acorn:{minion.id}"] = minion.acorn
    for minion in state.defeated:
        places[f"minion:{minion.id}"] = "defeated"
    for hostage in state.hostages:
        places[f"hostage:{hostage.card.value}"] = "x2" if hostage.double else "x1"
    return places


def deck_count_key(state: State, card: Card) -> str:
    """The place that counts a card in the deck: its size, or its kind in the pile."""
    return f"deck:pile:{card.value}" if state.config.deck_mode == "app" else "deck"


def top_key(top: tuple[Card, ...], index: int) -> str:
    """The place of the known top card ``top[index]`` (the first is drawn first)."""
    return f"deck:top:{len(top) - index}"


# -- names for the instructions --------------------------------------------------------


def slot_name(slot: int) -> str:
    """The Future's place ``slot`` (0 = leftmost) by its rank: "third"."""
    return SLOT_NAMES[slot] if slot < len(SLOT_NAMES) else f"number {slot + 1}"


def slot_words(slot: int) -> str:
    """The Future's place ``slot`` in full: "the third place of the Future"."""
    return f"the {slot_name(slot)} place of the Future"


def hand_words(state: State, player: int) -> str:
    """A player's hand: "your hand" in a solo game, else "player 2's hand" (the screen
    puts the players' names in)."""
    return "your hand" if len(state.hands) == 1 else f"player {player + 1}'s hand"


def minion_words(state: State, minion_id: int) -> str:
    """A Minion by its name and value, "the Mare (3)"; "the second Mare (3)" while its
    twin is in the game, so that the two can be told apart in the row."""
    everyone = sorted((*state.minions, *state.defeated), key=lambda m: m.id)
    minion = next(m for m in everyone if m.id == minion_id)
    twins = [m.id for m in everyone if m.name == minion.name]
    name = f"{minion.name.capitalize()} ({minion.value})"
    if len(twins) > 1:
        name = f"{('first', 'second', 'third')[min(twins.index(minion.id), 2)]} {name}"
    return f"the {name}"


def lygtemand_words(shown: str) -> str:
    """A Lygtemand by the Ally it shows: "the Trold Lygtemand", "the ? Lygtemand"."""
    return f"the {'?' if shown == ANY_ALLY else Card(shown).label} Lygtemand"


def count_cards(cards: Iterable[Card]) -> str:
    """Cards in words, most common first: "2 Trolds and a Huldre"."""
    counts = Counter(cards)
    parts = [
        card.with_article if n == 1 else f"{n} {card.label}s"
        for card, n in sorted(counts.items(), key=lambda item: (-item[1], CARD_ORDER[item[0]]))
    ]
    return join_words(parts)


def join_words(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def minion_by_id(state: State, minion_id: int) -> Minion:
    return next(m for m in (*state.minions, *state.defeated) if m.id == minion_id)

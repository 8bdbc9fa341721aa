"""Build Skoventyr states for tests: a chosen table layout, with every one of the 38
cards somewhere (the cards not placed elsewhere make up the unknown part of the deck)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from engines.core import Action
from engines.skoventyr import Config, State, apply, legal_actions, new_game
from engines.skoventyr.cards import CARDS, Card
from engines.skoventyr.deck import Deck
from engines.skoventyr.forest import Forest, Tree
from engines.skoventyr.rules import prompt
from engines.skoventyr.state import Hostage, Task

E, F, H, N, T, G = (
    Card.ELLEFOLK,
    Card.FORMSKIFTER,
    Card.HULDRE,
    Card.NISSE,
    Card.TROLD,
    Card.GAMLE_ERIK,
)


def forest(
    trees: int = 6,
    vogter: int = 3,
    ge: int = 0,
    damaged: Iterable[int] = (),
    allies: Mapping[int, Card] | None = None,
    revealed: Iterable[int] = (),
    discarded: Iterable[int] = (),
) -> Forest:
    """A ring of Trees 0..trees-1 (clockwise), with pawns, Damaged Trees and Allies."""
    allies = allies or {}
    damaged, revealed, gone = set(damaged), set(revealed), set(discarded)
    return Forest(
        trees=tuple(
            Tree(i, damaged=i in damaged, ally=allies.get(i), revealed=i in revealed)
            for i in range(trees)
            if i not in gone
        ),
        vogter=vogter,
        gamle_erik=ge,
        discarded=tuple(sorted(gone)),
    )


def make(
    config: Config | None = None,
    *,
    woods: Forest | None = None,
    future: Iterable[Card] = (E, H, T),
    hand: Iterable[Card] = (),
    hands: Iterable[Iterable[Card]] | None = None,
    discard: Iterable[Card] = (),
    top: Iterable[Card] = (),
    bottom: Iterable[Card] = (),
    unknown: Mapping[Card, int] | None = None,
    player: int = 0,
    hostages: tuple[Hostage, ...] | None = None,
    **fields: Any,
) -> State:
    """A state at the start of a turn (nothing asked), laid out as given."""
    config = config or Config()
    base = new_game(config, seed=0)
    woods = woods or forest()
    if hands is None:
        hands = [tuple(hand)] + [()] * (config.players - 1)
    hands_t = tuple(tuple(sorted(h, key=list(Card).index)) for h in hands)
    hostages = base.hostages if hostages is None else hostages
    placed: Counter[Card] = Counter()
    for group in (future, discard, top, bottom, woods.ally_cards(), *hands_t):
        placed.update(group)
    placed.update(h.card for h in hostages)
    if unknown is None:
        rest = Counter({rule.card: rule.count for rule in CARDS.cards})
        rest.subtract(placed)
        assert all(n >= 0 for n in rest.values()), f"too many cards placed: {placed}"
        unknown = rest
    counts = Counter(dict(unknown))
    deck = replace(Deck.shuffled(counts.elements()), top=tuple(top), bottom=tuple(bottom))
    state = replace(
        base,
        forest=woods,
        future=tuple(future),
        hands=hands_t,
        discard=tuple(discard),
        deck=deck,
        hostages=hostages,
        player=player,
        turn=1,
        tasks=(),
        **fields,
    )
    return replace(state, prompt=prompt(state))


def at_step(state: State, *tasks: Task) -> State:
    """The state with ``tasks`` waiting (as in the middle of an action)."""
    state = replace(state, tasks=tasks)
    return replace(state, prompt=prompt(state))


def play(state: State, *actions: Action) -> State:
    for action in actions:
        state = apply(state, action)
    return state


def kinds(state: State) -> set[str]:
    return {action.kind for action in legal_actions(state)}


def total_cards(state: State) -> Counter[Card]:
    total: Counter[Card] = Counter()
    for zone in state.card_zones().values():
        total.update(zone)
    return total

"""The simulator changes a game exactly as the engine does, step by step.

A determinization of the view before a step is dealt so that its deck reveals the cards
the engine revealed (``State.drawn``); after the same action, everything a player could
know must match the engine's next state: the Forest, the pawns, every zone, the steps
still to do and how the game ended.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from engines.skoventyr import Config, State, view
from engines.skoventyr.bots.sim import CARD_LIST, Move, Sim, to_action
from tests.engines.skoventyr.play import MODULE_CONFIGS, random_game

SETUP = ("setup_future", "setup_hand", "setup_return")


def seen(state: State) -> Sim:
    return Sim.from_state(view(state, state.config.seats[state.player]), random.Random(0))


def dealt(state: State, drawn: tuple[Any, ...], seed: int) -> Sim | None:
    """A determinization of ``state`` whose next draws are ``drawn`` (None: impossible)."""
    sim = Sim.from_state(view(state, state.config.seats[state.player]), random.Random(seed))
    deck = sim.deck
    for i, card in enumerate(CARD_LIST.index(c) for c in drawn):
        if card not in deck[i:]:
            return None  # drawn after going under the deck in this very step
        j = deck.index(card, i)
        deck[i], deck[j] = deck[j], deck[i]
    return sim


def facts(sim: Sim, exact_deck: bool) -> dict[str, Any]:
    return {
        "trees": sim.trees,
        "pawns": (sim.v, sim.ge),
        "trees out": sim.tdisc,
        "future": sim.future if exact_deck else None,
        "cards in deck and future": sorted(sim.deck + sim.future),
        "hands": [sorted(h) for h in sim.hands],
        "discard": sorted(sim.discard),
        "minions": sim.minions,
        "hostages": sim.hostages,
        "rallied": len(sim.rallied),
        "acorns": sorted(sim.acorns),
        "taken": sim.taken,
        "revealed": sorted(sim.revealed),
        "turn": (sim.player, sim.turn),
        "tasks": sim.tasks,
        "ended": sim.ended,
    }


def known_deck_matches(sim: Sim, state: State) -> bool:
    top = [CARD_LIST.index(c) for c in state.deck.top]
    bottom = [CARD_LIST.index(c) for c in state.deck.bottom]
    deck = sim.deck
    return deck[: len(top)] == top and (not bottom or deck[-len(bottom) :] == bottom)


@pytest.mark.parametrize("config", MODULE_CONFIGS, ids=repr)
def test_each_simulated_step_changes_the_game_as_the_engine_does(config: Config) -> None:
    checked = 0
    for seed in range(12):
        for before, action, after in random_game(config, seed, purposeful=True):
            if before.tasks and before.tasks[0].op in SETUP:
                continue
            sim = dealt(before, after.drawn, seed)
            if sim is None:
                continue
            move: Move = next(m for m in sim.options() if to_action(m) == action)
            sim.play(move)
            # A Wrath shuffles the deck: the sim's deal of the rest may differ, not the cards.
            exact = not (action.kind == "wrath" and after.drawn)
            assert facts(sim, exact) == facts(seen(after), exact), f"{action} in {before.prompt}"
            if exact:
                assert known_deck_matches(sim, after)
            checked += 1
    assert checked > 200

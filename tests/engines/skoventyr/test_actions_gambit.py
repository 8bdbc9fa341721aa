import pytest

from engines.core import IllegalAction
from engines.skoventyr import (
    Config,
    DamageTree,
    Gambit,
    PutUnder,
    Reveal,
    StopPutting,
    legal_actions,
)
from tests.engines.skoventyr.builders import E, G, H, N, T, forest, make, play


def test_gambit_damages_then_puts_chosen_future_cards_under_in_order() -> None:
    state = make(Config(deck_mode="table"), future=(G, E, H), woods=forest(damaged=[5]))
    state = play(state, Gambit())
    assert legal_actions(state) == [DamageTree(5)]  # a Free Damaged Tree goes first
    state = play(state, DamageTree(5))
    assert not state.forest.has(5)
    assert legal_actions(state) == [PutUnder(0), PutUnder(1), PutUnder(2), StopPutting()]
    state = play(state, PutUnder(2), PutUnder(0))
    assert state.deck.bottom == (H, G) and state.future == (E,)
    state = play(state, StopPutting())
    assert state.prompt == "Refill the Future: which card came up?"
    state = play(state, Reveal(T), Reveal(N))
    assert state.future == (E, T, N)


def test_gambit_ends_its_step_when_the_future_is_empty() -> None:
    state = play(make(Config(deck_mode="table"), future=(G,)), Gambit(), DamageTree(1))
    state = play(state, PutUnder(0))
    assert state.prompt == "Refill the Future: which card came up?"


def test_gambit_needs_a_tree_that_can_be_damaged() -> None:
    state = make(woods=forest(trees=4, vogter=2, ge=0, allies={1: E, 3: E}))
    assert Gambit() not in legal_actions(state)
    with pytest.raises(IllegalAction, match="no Tree is Free"):
        play(state, Gambit())

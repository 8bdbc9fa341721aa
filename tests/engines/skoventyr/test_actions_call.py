import pytest

from engines.core import IllegalAction
from engines.skoventyr import (
    Call,
    Config,
    DamageTree,
    PutUnder,
    Reveal,
    RevealAlly,
    State,
    immediate_loss,
    legal_actions,
)
from engines.skoventyr.deck import Deck
from tests.engines.skoventyr.builders import E, F, G, H, N, T, forest, make, play

TABLE = Config(deck_mode="table")


def calls(state: State) -> list[Call]:
    return [a for a in legal_actions(state) if isinstance(a, Call)]


def test_a_leftmost_adversary_must_be_taken() -> None:
    state = make(future=(G, E, H))
    assert calls(state) == [Call(0), Call(0, risky=True)]
    with pytest.raises(IllegalAction, match="leftmost Future card is a Gamle Erik"):
        play(state, Call(1))


def test_taking_gamle_erik_moves_him_and_the_card_goes_under_the_deck() -> None:
    state = play(make(future=(G, E, H), hand=(T,)), Call(0))
    assert state.forest.gamle_erik == 1
    assert state.hand == (T,)
    assert state.deck.bottom == (G,)
    assert len(state.future) == 3  # refilled at the end of the turn


def test_formskifter_cost_moves_gamle_erik_once() -> None:
    state = play(make(future=(F, E, H)), Call(0))
    assert state.forest.gamle_erik == 1 and state.hand == (F,)


def test_huldre_cost_damages_a_tree_chosen_by_the_player() -> None:
    state = play(make(future=(H, E, T)), Call(0))
    assert state.prompt == "Choose a Tree to damage."
    assert legal_actions(state) == [DamageTree(1), DamageTree(2), DamageTree(4), DamageTree(5)]
    state = play(state, DamageTree(4))
    assert state.forest.tree(4).damaged and state.hand == (H,)


def test_a_cost_that_cannot_be_paid_needs_a_risky_draw() -> None:
    crowded = forest(trees=4, vogter=2, ge=0, allies={1: E, 3: E})
    state = make(future=(H, E, T), woods=crowded)
    assert Call(0) not in calls(state) and Call(0, risky=True) in calls(state)
    with pytest.raises(IllegalAction, match="Take it with a Risky Draw instead"):
        play(state, Call(0))


def test_trold_cost_reveals_two_hidden_allies() -> None:
    one = make(future=(T, E, H), woods=forest(allies={3: E}))
    assert Call(0) not in calls(one)
    two = make(future=(T, E, H), woods=forest(allies={3: E, 4: E, 0: E}, revealed=[4]))
    assert Call(0) in calls(two)
    state = play(two, Call(0))
    assert legal_actions(state) == [RevealAlly(0), RevealAlly(3)]
    state = play(state, RevealAlly(0))
    assert state.forest.tree(0).ally is None and state.discard == (E,)  # under Gamle Erik
    assert legal_actions(state) == [RevealAlly(3)]
    state = play(state, RevealAlly(3))
    assert state.forest.tree(3).revealed and state.hand == (T,)


def test_nisse_cost_moves_vogter_onto_a_hidden_ally_and_reveals_it() -> None:
    no_ally = make(future=(N, E, H), woods=forest(allies={3: E}))
    assert Call(0) not in calls(no_ally)
    state = make(future=(N, E, H), woods=forest(allies={3: E, 4: E}))
    state = play(state, Call(0))
    assert state.forest.vogter == 4 and state.forest.tree(4).revealed
    assert state.hand == (N,)


def test_ellefolk_cost_puts_another_ally_from_the_future_under_the_deck() -> None:
    lone = make(future=(E, G, G))
    assert Call(0) not in calls(lone)  # the Ellefolk taken cannot pay for itself
    state = play(make(future=(E, G, H)), Call(0))
    assert legal_actions(state) == [PutUnder(1)]
    state = play(state, PutUnder(1))
    assert state.hand == (E,) and state.deck.bottom == (H,)


def test_risky_draw_of_an_adversary_moves_gamle_erik_twice() -> None:
    state = make(TABLE, future=(T, E, H), woods=forest(ge=0, vogter=4))
    state = play(state, Call(0, risky=True))
    assert state.prompt == "Risky Draw: which card came up?"
    state = play(state, Reveal(G))
    assert state.forest.gamle_erik == 2
    assert state.hand == (T,)
    assert state.deck.bottom == (G,)


def test_risky_draw_of_an_ally_changes_nothing_but_the_deck() -> None:
    state = make(TABLE, future=(T, E, H))
    state = play(state, Call(0, risky=True), Reveal(N))
    assert state.forest.gamle_erik == 0 and state.deck.bottom == (N,) and state.hand == (T,)


def test_a_known_top_card_is_not_asked_for() -> None:
    state = make(TABLE, future=(T, E, H), top=(G,), woods=forest(ge=0, vogter=4))
    state = play(state, Call(0, risky=True))
    assert state.forest.gamle_erik == 2
    assert state.prompt == "Refill the Future: which card came up?"


def test_risky_draw_on_an_empty_deck_does_nothing() -> None:
    state = make(TABLE, future=(T, E, H), unknown={}, discard=(G,) * 13 + (E,) * 4)
    assert state.deck == Deck()
    state = play(state, Call(0, risky=True))
    assert state.forest.gamle_erik == 0
    assert state.hand == (T,) and state.future == (E, H)  # RULINGS S9: stays short


def test_immediate_loss_warns_only_when_certain() -> None:
    near = forest(ge=0, vogter=2)
    state = make(TABLE, future=(T, E, H), woods=near)
    assert not immediate_loss(state, Call(0, risky=True))  # depends on the card
    known = make(TABLE, future=(T, E, H), woods=near, top=(G,))
    assert immediate_loss(known, Call(0, risky=True))
    adjacent = make(future=(F, E, H), woods=forest(ge=0, vogter=1))
    assert immediate_loss(adjacent, Call(0))
    assert not immediate_loss(adjacent, Call(1))
    assert not immediate_loss(adjacent, Call(5))  # illegal: not a loss


def test_gamle_erik_moves_step_by_step_and_stops_when_he_catches_vogter() -> None:
    state = make(TABLE, future=(T, E, H), woods=forest(ge=0, vogter=1))
    lost = play(state, Call(0, risky=True), Reveal(G))
    assert lost.forest.gamle_erik == 1  # the first step caught Vogter; no second step
    assert lost.ended is not None and lost.ended.cause == "caught"
    assert lost.prompt == lost.ended.reason and legal_actions(lost) == []


def test_each_tree_gamle_erik_steps_onto_loses_its_revealed_ally() -> None:
    woods = forest(ge=0, vogter=4, allies={1: E, 2: E, 3: E}, revealed=[1, 2])
    state = play(make(TABLE, future=(T, E, H), woods=woods), Call(0, risky=True), Reveal(G))
    assert state.forest.gamle_erik == 2
    assert state.discard == (E, E)
    assert state.forest.tree(3).ally is E

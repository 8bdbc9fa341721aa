import pytest

from engines.core import IllegalAction
from engines.skoventyr import (
    Call,
    Config,
    DiscardFromHand,
    Position,
    Reveal,
    legal_actions,
)
from tests.engines.skoventyr.builders import E, F, G, H, N, T, make, play

TABLE = Config(deck_mode="table")


def test_more_than_five_cards_must_be_discarded_down_to_five() -> None:
    state = play(make(hand=(T, T, H, N, N), future=(F, E, H)), Call(0))
    assert state.prompt == "Player 1: discard down to five cards."
    assert legal_actions(state) == [
        DiscardFromHand(F),
        DiscardFromHand(H),
        DiscardFromHand(N),
        DiscardFromHand(T),
    ]
    with pytest.raises(IllegalAction, match="no Ellefolk in your hand"):
        play(state, DiscardFromHand(E))
    state = play(state, DiscardFromHand(N))
    assert len(state.hand) == 5 and state.discard == (N,)


def test_five_cards_are_kept() -> None:
    state = play(make(hand=(T, T, H, N), future=(F, E, H)), Call(0))
    assert len(state.hand) == 5 and state.discard == ()


def test_the_future_is_refilled_to_three_after_the_action() -> None:
    state = play(make(TABLE, hand=(T,), future=(E, H, T)), Call(1, risky=True), Reveal(N))
    assert state.future == (E, T)
    assert state.prompt == "Refill the Future: which card came up?"
    state = play(state, Reveal(G))
    assert state.future == (E, T, G)
    assert state.prompt == "Player 1: choose an action."
    assert state.turn == 2


def test_known_bottom_cards_refill_without_asking_once_the_deck_is_known() -> None:
    state = make(TABLE, future=(E, H, T), unknown={}, bottom=(N, G), discard=(G,) * 12)
    state = play(state, Call(0, risky=True))
    # The Risky Draw took N (known) to the bottom; the refill takes G, also known.
    assert state.future == (H, T, G)
    assert state.deck.bottom == (N,)
    assert state.prompt == "Player 1: choose an action."


def test_an_empty_deck_leaves_the_future_short() -> None:
    state = make(future=(E, H, T), unknown={}, discard=(G,) * 13 + (E,) * 4)
    state = play(state, Call(0, risky=True))
    assert state.future == (H, T) and state.deck.empty
    assert state.discard.count(G) == 13  # the discard pile is never shuffled back (RULINGS S9)


def test_players_take_turns_with_their_own_hands() -> None:
    state = make(Config(players=3), hands=[(T,), (H,), (N,)], future=(E, H, T))
    assert state.prompt == "Player 1: choose an action."
    state = play(state, Position(T, 3))
    assert (state.player, state.turn) == (1, 2)
    assert state.hands[0] == () and state.hand == (H,)
    assert Position(T, 4) not in legal_actions(state)  # player 2 holds no Trold
    state = play(state, Call(0, risky=True))
    assert state.hands[1] == (E, H)
    state = play(state, Call(0, risky=True))
    assert state.player == 0 and state.turn == 4

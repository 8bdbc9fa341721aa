import pytest

from engines.core import IllegalAction
from engines.skoventyr import (
    HealTree,
    Mission,
    MoveGamleErikBack,
    Position,
    PutUnder,
    ReturnFromDiscard,
    State,
    legal_actions,
)
from tests.engines.skoventyr.builders import E, F, G, H, N, T, forest, make, play


def positions(state: State) -> list[Position]:
    return [a for a in legal_actions(state) if isinstance(a, Position)]


def test_the_first_ally_goes_on_vogters_tree() -> None:
    state = make(hand=(T,))
    assert positions(state) == [Position(T, 3)]
    with pytest.raises(IllegalAction, match="first Ally in the Forest goes on Vogter's Tree"):
        play(state, Position(T, 4))
    after = play(state, Position(T, 3))
    assert after.forest.tree(3).ally is T and not after.forest.tree(3).revealed
    assert after.hand == ()


def test_later_allies_go_next_to_an_ally_on_an_empty_tree() -> None:
    state = make(hand=(T,), woods=forest(allies={3: T}))
    assert positions(state) == [Position(T, 2), Position(T, 4)]
    with pytest.raises(IllegalAction, match="next to a Tree that already holds an Ally"):
        play(state, Position(T, 5))
    with pytest.raises(IllegalAction, match="already holds an Ally"):
        play(state, Position(T, 3))


def test_a_hidden_ally_may_be_placed_on_gamle_eriks_tree() -> None:
    state = make(hand=(T,), woods=forest(allies={1: T}))
    assert Position(T, 0) in positions(state)
    after = play(state, Position(T, 0))
    assert after.forest.tree(0).ally is T


def test_all_allies_of_one_type_except_formskifter() -> None:
    state = make(hand=(H, F), woods=forest(allies={3: T}))
    assert {p.card for p in positions(state)} == {F}
    with pytest.raises(IllegalAction, match="must be of one type"):
        play(state, Position(H, 4))
    mixed = make(hand=(T,), woods=forest(allies={3: T, 4: F}))
    assert Position(T, 5) in positions(mixed)


def test_only_formskifters_in_the_forest_admit_only_formskifters() -> None:
    state = make(hand=(T, F), woods=forest(allies={3: F}))
    assert {p.card for p in positions(state)} == {F}
    with pytest.raises(IllegalAction, match="only Formskifters are in the Forest"):
        play(state, Position(T, 4))


def test_only_from_the_hand() -> None:
    with pytest.raises(IllegalAction, match="no Trold in your hand"):
        play(make(hand=(H,)), Position(T, 3))


def test_formskifter_has_no_mission() -> None:
    state = make(hand=(F,))
    assert Mission(F) not in legal_actions(state)
    with pytest.raises(IllegalAction, match="no power to use with Mission"):
        play(state, Mission(F))


def test_trold_power_moves_gamle_erik_back_zero_to_three_steps() -> None:
    state = play(make(hand=(T,), woods=forest(ge=1, vogter=4)), Mission(T))
    assert state.discard == (T,) and state.hand == ()
    assert legal_actions(state) == [MoveGamleErikBack(s) for s in range(4)]
    assert play(state, MoveGamleErikBack(0)).forest.gamle_erik == 1
    back2 = play(state, MoveGamleErikBack(2))
    assert back2.forest.gamle_erik == 5 and back2.forest.gap == 5
    # Three steps back go round the ring onto Vogter's Tree: caught (RULINGS S4).
    back3 = play(state, MoveGamleErikBack(3))
    outcome = back3.ended
    assert outcome is not None and outcome.cause == "caught"


def test_nisse_power_returns_two_different_non_nisse_allies() -> None:
    short = make(hand=(N,), discard=(N, N, E, E))
    with pytest.raises(
        IllegalAction,
        match=r"Nisse's power \(.*\) cannot be used now: the discard pile holds too few",
    ):
        play(short, Mission(N))
    state = play(make(hand=(N,), discard=(E, E, N, H, H, G)), Mission(N))
    assert legal_actions(state) == [ReturnFromDiscard(E), ReturnFromDiscard(H)]
    state = play(state, ReturnFromDiscard(H))
    assert legal_actions(state) == [ReturnFromDiscard(E)]
    with pytest.raises(IllegalAction, match="different types"):
        play(state, ReturnFromDiscard(H))
    state = play(state, ReturnFromDiscard(E))
    assert state.deck.bottom == (H, E)
    assert sorted(state.discard) == sorted((E, N, H, N, G))


def test_huldre_power_heals_a_free_damaged_tree_assumed() -> None:
    assert Mission(H) not in legal_actions(make(hand=(H,)))
    state = play(make(hand=(H,), woods=forest(damaged=[0, 5])), Mission(H))
    assert legal_actions(state) == [HealTree(5)]
    assert not play(state, HealTree(5)).forest.tree(5).damaged


def test_ellefolk_power_puts_an_adversary_under_the_deck_assumed() -> None:
    assert Mission(E) not in legal_actions(make(hand=(E,), future=(T, H, N)))
    state = play(make(hand=(E,), future=(T, G, N)), Mission(E))
    assert legal_actions(state) == [PutUnder(1)]
    state = play(state, PutUnder(1))
    assert state.deck.bottom == (G,)


def test_mission_only_from_the_hand() -> None:
    with pytest.raises(IllegalAction, match="no Trold in your hand"):
        play(make(hand=(H,)), Mission(T))

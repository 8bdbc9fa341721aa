import pytest

from engines.core import IllegalAction
from engines.skoventyr import (
    Call,
    Config,
    EditDiscardAlly,
    EditDiscardTree,
    EditDoubleHostage,
    EditFlipTree,
    EditMoveCard,
    EditMovePawn,
    EditPlaceAlly,
    EditRestoreTree,
    EditRevealAlly,
    EditSkipStep,
    EditSwapTokens,
    apply,
    legal_actions,
    manual_edits,
    new_game,
    outcome,
)
from engines.skoventyr.actions import EDITS
from tests.engines.skoventyr.builders import E, G, H, N, T, forest, make, play, total_cards
from tests.engines.skoventyr.play import CONFIGS, random_game


def test_edits_are_never_listed_as_legal_actions_but_are_accepted() -> None:
    state = make(hand=(T,), woods=forest(allies={3: E}))
    edits = manual_edits(state)
    assert edits and all(isinstance(edit, EDITS) for edit in edits)
    assert not any(isinstance(action, EDITS) for action in legal_actions(state))
    for edit in edits:
        after = apply(state, edit)
        assert sum(total_cards(after).values()) == 38, edit


def test_every_listed_edit_applies_in_the_middle_of_random_games() -> None:
    for config in (CONFIGS[-1], CONFIGS[6]):
        for state, _, _ in list(random_game(config, 2, purposeful=True))[::4]:
            for edit in manual_edits(state)[::7]:
                assert sum(total_cards(apply(state, edit)).values()) == 38


def test_pawns_trees_and_allies_by_hand() -> None:
    state = make(woods=forest(allies={3: E, 4: H}))
    state = play(state, EditMovePawn("gamle_erik", 2), EditFlipTree(5), EditRevealAlly(4))
    assert state.forest.gamle_erik == 2 and state.forest.tree(5).damaged
    assert state.forest.tree(4).revealed
    state = play(state, EditDiscardTree(5), EditDiscardAlly(4))
    assert not state.forest.has(5) and state.discard == (H,)
    state = play(state, EditRestoreTree(5, 1), EditPlaceAlly(H, "discard", 5))
    assert state.forest.ids == (0, 1, 5, 2, 3, 4)
    assert state.forest.tree(5).ally is H and state.discard == ()
    with pytest.raises(IllegalAction, match="pawn on it cannot be discarded"):
        play(state, EditDiscardTree(3))


def test_moving_gamle_erik_onto_vogter_by_hand_still_loses() -> None:
    lost = play(make(), EditMovePawn("gamle_erik", 3))
    result = outcome(lost)
    assert result is not None and result.cause == "caught"
    with pytest.raises(IllegalAction, match="The game is over"):
        play(lost, EditMovePawn("gamle_erik", 0))


def test_cards_move_between_zones_by_hand() -> None:
    state = make(hand=(T,), future=(E, H, T), discard=(G,))
    state = play(
        state,
        EditMoveCard(H, "future", "hand1"),
        EditMoveCard(G, "discard", "deck_top"),
        EditMoveCard(T, "deck", "deck_bottom"),
    )
    assert state.hand == (H, T) and state.future == (E, T)
    assert state.deck.top == (G,) and state.deck.bottom == (T,) and state.discard == ()
    with pytest.raises(IllegalAction, match="no Nisse in the future"):
        play(state, EditMoveCard(N, "future", "discard"))
    with pytest.raises(IllegalAction, match="no place called"):
        play(state, EditMoveCard(E, "future", "pocket"))


def test_a_step_done_by_hand_can_be_skipped() -> None:
    state = play(make(Config(deck_mode="table")), Call(0, risky=True))
    assert state.prompt == "Risky Draw: which card came up?"
    state = play(state, EditSkipStep())
    assert state.prompt == "Refill the Future: which card came up?"
    with pytest.raises(IllegalAction, match="nothing to skip"):
        play(new_game(), EditSkipStep())


def test_tokens_can_be_matched_to_the_table() -> None:
    state = new_game(Config(lygtemands=True, rescue=True), seed=2)
    first, second = state.minions[0], state.minions[1]
    swapped = play(state, EditSwapTokens("lygtemand", 0, 1), EditSwapTokens("acorn", 0, 1))
    assert swapped.minions[0].lygtemand == second.lygtemand
    assert swapped.minions[1].acorn == first.acorn
    target = next(h.card for h in state.hostages if not h.double)
    moved = play(state, EditDoubleHostage(target))
    assert [h.card for h in moved.hostages if h.double] == [target]
    with pytest.raises(IllegalAction, match="two different Minions"):
        play(state, EditSwapTokens("acorn", 0, 0))

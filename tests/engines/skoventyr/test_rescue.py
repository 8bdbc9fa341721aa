import pytest

from engines.core import IllegalAction
from engines.skoventyr import (
    Config,
    DamageTree,
    Mission,
    PlaceRecoveredTree,
    Position,
    Rescue,
    Wrath,
    legal_actions,
)
from engines.skoventyr.state import Hostage, Minion
from tests.engines.skoventyr.builders import E, F, H, N, T, forest, make, play

RESCUE = Config(rescue=True, deck_mode="table")
HOSTAGES = tuple(Hostage(card, double=card is H) for card in (E, F, H, N, T))


def test_a_hostage_blocks_command_for_that_type() -> None:
    state = make(RESCUE, hand=(T, H), hostages=HOSTAGES[:4], woods=forest(damaged=[5]))
    # Trold is free, the Huldre is still a hostage.
    assert Position(T, 3) in legal_actions(state)
    assert Position(H, 3) not in legal_actions(state)
    assert Mission(H) not in legal_actions(state)
    with pytest.raises(IllegalAction, match="Huldre is held hostage"):
        play(state, Mission(H))
    with pytest.raises(IllegalAction, match="held hostage"):
        play(state, Position(H, 3))


def test_rescue_damages_a_tree_and_puts_the_ally_on_top_of_the_deck() -> None:
    state = make(RESCUE, hostages=HOSTAGES)
    state = play(state, Rescue(T))
    assert state.prompt == "Choose a Tree to damage."
    state = play(state, DamageTree(1))
    assert T not in [h.card for h in state.hostages]
    assert state.deck.top == (T,)
    assert state.prompt == "Player 1: choose an action."  # the known top card is not asked


def test_the_x2_token_damages_twice() -> None:
    state = play(make(RESCUE, hostages=HOSTAGES), Rescue(H))
    assert state.prompt == "Choose a Tree to damage (1 of 2)."  # review N21
    state = play(state, DamageTree(1))
    assert state.prompt == "Choose a Tree to damage (2 of 2)."
    assert legal_actions(state) == [DamageTree(1)]  # the Tree just flipped goes first
    state = play(state, DamageTree(1))
    assert not state.forest.has(1) and state.deck.top == (H,)


def test_rescue_needs_enough_free_trees() -> None:
    woods = forest(trees=4, vogter=2, ge=0, allies={3: E}, damaged=[1])
    state = make(RESCUE, hostages=HOSTAGES, woods=woods)
    assert Rescue(T) in legal_actions(state)
    assert Rescue(H) not in legal_actions(state)
    with pytest.raises(IllegalAction, match="twice"):
        play(state, Rescue(H))
    with pytest.raises(IllegalAction, match="No Ellefolk is held hostage"):
        play(make(RESCUE, hostages=HOSTAGES[1:]), Rescue(E))


def test_a_defeated_minions_acorn_goes_to_the_centre() -> None:
    minions = tuple(Minion(i, "genganger", 2, acorn=1 + i // 2) for i in range(6))
    state = make(RESCUE, woods=forest(allies={3: T, 4: T}), minions=minions)
    state = play(state, Wrath(0))
    assert state.acorns == (1,)


def test_two_matching_acorns_recover_a_tree_in_the_arc() -> None:
    woods = forest(trees=6, vogter=3, ge=0, discarded=[1])
    state = make(RESCUE, woods=woods, acorns=(1, 2, 1), future=(E, H, T))
    # At the start of the next turn the pair of 1s brings a Tree back.
    state = play(state, Rescue(T), DamageTree(4))
    assert state.prompt == "Acorns: choose where the recovered Tree goes."
    assert state.forest.tree(4).damaged  # flipped, not discarded
    assert legal_actions(state) == [PlaceRecoveredTree(t) for t in (3, 4, 5)]
    assert state.acorns == (2,) and state.acorns_spent == (1, 1)
    with pytest.raises(IllegalAction, match="between Vogter and Gamle Erik"):
        play(state, PlaceRecoveredTree(2))
    state = play(state, PlaceRecoveredTree(5))
    assert state.forest.ids == (0, 2, 3, 4, 5, 1)
    assert state.forest.gap == woods.gap == 2 and not state.forest.tree(1).damaged


def test_a_pair_of_acorns_waits_while_no_tree_is_discarded() -> None:
    state = make(RESCUE, acorns=(1, 1), future=(E, H, T))
    state = play(state, Rescue(T), DamageTree(4))
    assert state.acorns == (1, 1) and state.prompt == "Player 1: choose an action."

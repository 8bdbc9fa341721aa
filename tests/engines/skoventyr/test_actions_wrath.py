import pytest

from engines.core import IllegalAction
from engines.skoventyr import (
    ChooseReward,
    Config,
    DiscardAdversary,
    HealTree,
    Refuge,
    Wrath,
    legal_actions,
    outcome,
)
from tests.engines.skoventyr.builders import E, F, G, H, T, forest, make, play

THREE = forest(allies={3: T, 4: T, 5: F})  # Vogter on 3, Gamle Erik on 0


def test_wrath_needs_at_least_as_many_allies_as_the_minions_value() -> None:
    state = make(woods=forest(allies={3: T, 4: T}))
    assert [a for a in legal_actions(state) if isinstance(a, Wrath)] == [Wrath(4), Wrath(5)]
    with pytest.raises(IllegalAction, match="needs at least 3 Allies in the Forest"):
        play(state, Wrath(2))
    assert Wrath(0) not in legal_actions(make(woods=THREE))
    assert Wrath(2) in legal_actions(make(woods=THREE))


def test_wrath_removes_the_minion_shuffles_the_deck_and_offers_rewards() -> None:
    state = play(make(woods=THREE, bottom=(G, E)), Wrath(2))
    assert [m.id for m in state.minions] == [0, 1, 3, 4, 5]
    assert [m.id for m in state.defeated] == [2]
    assert state.deck.bottom == () and state.deck.top == ()
    assert state.prompt.startswith("Choose a reward")
    assert [a.reward for a in legal_actions(state)] == ["refuge", "revenge"]  # type: ignore[attr-defined]


def test_the_reward_prompt_names_exactly_the_rewards_offered() -> None:
    state = play(make(woods=THREE, future=(E, H, T)), Wrath(2))
    assert state.prompt == (
        "Choose a reward; each clears the Forest. Refuge: Vogter may first move on "
        "through the Allies. Revenge: no more, as no Gamle Erik is in the Future."
    )
    damaged = forest(allies={3: T, 4: T, 5: F}, damaged=[1])
    state = play(make(woods=damaged, future=(E, G, T)), Wrath(2))
    assert [a.reward for a in legal_actions(state)] == ["refuge", "revenge", "restoration"]  # type: ignore[attr-defined]
    assert "Revenge: a Gamle Erik then leaves the Future" in state.prompt
    assert state.prompt.endswith("Restoration: a Damaged Tree is then healed.")


def test_refuge_moves_vogter_only_through_trees_with_allies_then_clears_the_forest() -> None:
    state = play(make(woods=THREE), Wrath(4), ChooseReward("refuge"))
    assert legal_actions(state) == [Refuge(3), Refuge(4), Refuge(5)]
    state = play(state, Refuge(5))
    assert state.forest.vogter == 5 and state.forest.gap == 5
    assert state.forest.allies() == () and sorted(state.discard) == sorted((T, T, F))
    gap = play(make(woods=forest(allies={3: T, 5: T, 2: T})), Wrath(4), ChooseReward("refuge"))
    with pytest.raises(IllegalAction, match="only move clockwise onto Trees that hold an Ally"):
        play(gap, Refuge(5))
    stay = play(gap, Refuge(3))
    assert stay.forest.vogter == 3


def test_revenge_discards_an_adversary_from_the_future() -> None:
    state = play(make(woods=THREE, future=(E, G, G)), Wrath(4), ChooseReward("revenge"))
    assert state.forest.allies() == ()
    assert legal_actions(state) == [DiscardAdversary(1), DiscardAdversary(2)]
    state = play(state, DiscardAdversary(1))
    assert G in state.discard and state.future[:2] == (E, G)
    with pytest.raises(IllegalAction):
        play(
            make(woods=THREE, future=(E, G, G)),
            Wrath(4),
            ChooseReward("revenge"),
            DiscardAdversary(0),
        )


def test_revenge_without_an_adversary_discards_nothing_more() -> None:
    state = make(Config(deck_mode="table"), woods=THREE, future=(E, H, T))
    state = play(state, Wrath(4), ChooseReward("revenge"))
    assert G not in state.discard
    assert state.prompt == "Player 1: choose an action."  # the Future was full: no refill


def test_restoration_heals_a_tree_freed_by_the_cleared_forest() -> None:
    woods = forest(allies={3: T, 4: T, 5: F}, damaged=[4])
    state = play(make(woods=woods), Wrath(4))
    assert ChooseReward("restoration") in legal_actions(state)
    state = play(state, ChooseReward("restoration"))
    assert legal_actions(state) == [HealTree(4)]
    assert not play(state, HealTree(4)).forest.tree(4).damaged
    no_damage = play(make(woods=THREE), Wrath(4))
    with pytest.raises(IllegalAction, match="Restoration heals a Tree"):
        play(no_damage, ChooseReward("restoration"))


def test_the_game_is_won_the_moment_the_last_minion_leaves() -> None:
    base = make(woods=THREE)
    state = make(woods=THREE, minions=base.minions[5:])
    won = play(state, Wrath(5))
    result = outcome(won)
    assert result is not None and result.result == "won"
    assert result.cause == "all_minions_defeated"
    assert won.forest.allies() != ()  # no reward was taken
    assert legal_actions(won) == []
    with pytest.raises(IllegalAction, match="The game is over"):
        play(won, ChooseReward("refuge"))

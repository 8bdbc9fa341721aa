import pytest

from engines.skoventyr.forest import starting_forest
from tests.engines.skoventyr.builders import E, F, H, T, forest


@pytest.mark.parametrize("trees", [6, 7, 8])
def test_setup_puts_two_trees_between_gamle_erik_and_vogter(trees: int) -> None:
    woods = starting_forest(trees, damaged=0)
    assert len(woods.trees) == trees
    assert woods.distance(woods.gamle_erik, woods.vogter) == 3  # RULINGS S5
    assert woods.gap == 3
    assert not any(t.damaged for t in woods.trees)


def test_harder_game_damages_free_trees_first() -> None:
    woods = starting_forest(6, damaged=2)
    assert [t.id for t in woods.trees if t.damaged] == [5, 6]  # the two after Vogter (4)
    assert not woods.tree(woods.vogter).damaged
    assert [t.id for t in starting_forest(6, damaged=6).trees if not t.damaged] == []


def test_clockwise_steps_and_distance_wrap_around() -> None:
    woods = forest()
    assert woods.step(5) == 0
    assert woods.step(0, -1) == 5
    assert woods.distance(4, 1) == 3
    assert woods.distance(3, 0) == 3


def test_a_tree_is_free_without_pawns_or_allies() -> None:
    woods = forest(allies={2: E})
    assert [t for t in woods.ids if woods.is_free(t)] == [1, 4, 5]


def test_damage_picks_a_free_damaged_tree_first() -> None:
    woods = forest(damaged=[0, 2, 5], allies={2: E})
    # Tree 0 has Gamle Erik, Tree 2 an Ally: only Tree 5 is a Free Damaged Tree.
    assert woods.damage_options() == (5,)
    after = woods.damage(5)
    assert not after.has(5) and after.discarded == (5,)
    # With no Free Damaged Tree left, a Free Healthy one is flipped.
    assert after.damage_options() == (1, 4)
    flipped = after.damage(4)
    assert flipped.tree(4).damaged and flipped.has(4)
    with pytest.raises(ValueError):
        flipped.damage(1)  # Tree 4 is a Free Damaged Tree now: it must go first


def test_damage_capacity_counts_two_for_healthy_one_for_damaged() -> None:
    assert forest(trees=4, vogter=3, ge=0, damaged=[1]).damage_capacity() == 3
    assert forest(trees=4, vogter=2, ge=0, allies={1: E, 3: E}).damage_capacity() == 0


def test_heal_only_a_free_damaged_tree() -> None:
    woods = forest(damaged=[0, 1, 4], allies={4: H})
    assert woods.heal_options() == (1,)
    assert not woods.heal(1).tree(1).damaged


def test_first_ally_goes_on_vogters_tree_then_next_to_an_ally() -> None:
    assert forest().placement_trees() == (3,)
    woods = forest(allies={3: T, 4: T})
    assert woods.placement_trees() == (2, 5)


def test_one_type_in_the_forest_with_the_formskifter_exception() -> None:
    trolds = forest(allies={3: T})
    assert trolds.type_allows(T, mixes=False)
    assert not trolds.type_allows(H, mixes=False)
    assert trolds.type_allows(F, mixes=True)
    mixed = forest(allies={3: T, 4: F})
    assert mixed.type_allows(T, mixes=False) and not mixed.type_allows(E, mixes=False)
    only_formskifters = forest(allies={3: F})
    assert not only_formskifters.type_allows(T, mixes=False)
    assert only_formskifters.type_allows(F, mixes=True)


def test_revealing_an_ally_under_gamle_erik_discards_it() -> None:
    woods = forest(allies={0: H, 1: H})
    after, discarded = woods.reveal(0)
    assert discarded == (H,) and after.tree(0).ally is None
    after, discarded = woods.reveal(1)
    assert discarded == () and after.tree(1).revealed


def test_gamle_erik_ignores_hidden_allies_but_discards_revealed_ones() -> None:
    woods = forest(allies={1: E, 2: E}, revealed=[2])
    step1, gone1 = woods.step_gamle_erik(1)
    assert gone1 == () and step1.tree(1).ally is E
    step2, gone2 = step1.step_gamle_erik(1)
    assert gone2 == (E,) and step2.tree(2).ally is None


def test_caught_when_pawns_share_a_tree() -> None:
    woods = forest(vogter=1, ge=0)
    assert not woods.caught
    moved, _ = woods.step_gamle_erik(1)
    assert moved.caught


def test_refuge_only_through_trees_with_allies() -> None:
    woods = forest(allies={3: E, 4: E, 5: E}, ge=1)
    assert woods.refuge_trees() == (3, 4, 5)
    gap = forest(allies={3: E, 5: E})
    assert gap.refuge_trees() == (3,)


def test_recovered_tree_goes_in_the_arc_from_vogter_to_gamle_erik() -> None:
    woods = forest(vogter=3, ge=0, discarded=[1])
    assert woods.recovery_spots() == (3, 4, 5)
    back = woods.recover(1, after=4)
    assert back.ids == (0, 2, 3, 4, 1, 5)
    assert back.gap == woods.gap
    assert not back.tree(1).damaged and back.discarded == ()

from dataclasses import replace

from engines.skulk_hollow import rules
from engines.skulk_hollow.actions import (
    ChooseAction,
    ChooseCard,
    ChooseUnit,
    EndTurn,
    PlayCard,
    Prepare,
)
from engines.skulk_hollow.state import Cards
from tests.engines.skulk_hollow.builders import (
    game,
    guardian_turn,
    leader,
    place,
    run,
    table_cards,
    unit,
)


def test_power_fills_every_empty_space_and_the_rest_returns() -> None:
    # The rulebook's example: four cubes, room for three (the Archer holds none).
    state = place(
        game(),
        leader(power=1),
        unit("sentinel", "keep"),
        unit("archer_1", "keep"),
    )
    state = run(replace(state, hero_pool=4), EndTurn())
    assert state.unit("king_of_war").power == 3
    assert state.unit("sentinel").power == 1
    assert state.hero_pool == 0
    assert state.active == "guardian"


def test_the_hero_chooses_where_scarce_power_goes() -> None:
    state = place(game(), leader(power=1), unit("sentinel", "keep"), unit("archer_1", "keep"))
    state = run(replace(state, hero_pool=2), EndTurn())
    assert state.pending is not None and state.pending.step == "allocate"
    assert state.asking == "hero"
    assert rules.legal_actions(state) == [ChooseUnit("king_of_war"), ChooseUnit("sentinel")]
    state = run(state, ChooseUnit("sentinel"))
    assert rules.legal_actions(state) == [ChooseUnit("king_of_war")]
    state = run(state, ChooseUnit("king_of_war"))
    assert state.unit("king_of_war").power == 2 and state.unit("sentinel").power == 1
    assert state.active == "guardian"


def test_refill_draws_up_to_the_hand_size() -> None:
    state = replace(game(), hero_cards=table_cards(hand_count=2, deck_count=10))
    state = run(state, EndTurn())
    assert (state.hero_cards.hand_count, state.hero_cards.deck_count) == (5, 7)


def test_a_full_hand_draws_only_one() -> None:
    state = replace(game(), hero_cards=table_cards(hand_count=6, deck_count=10))
    state = run(state, EndTurn())
    assert state.hero_cards.hand_count == 7


def test_grak_example_prepare_then_one_card_in_cleanup() -> None:
    state = guardian_turn(game(), hand=("stride", "lumber", "toss", "quake", "rage"))
    state = replace(state, guardian_space="clearing")
    state = place(state, leader(space="town_mill"), unit("sentinel", "town_mill"))
    state = run(state, PlayCard("stride"), ChooseAction("gaze"), ChooseUnit("sentinel"))
    state = run(state, Prepare(), ChooseCard("toss"))
    assert state.guardian_cards.hand_count == 5
    state = run(state, EndTurn())
    assert state.guardian_cards.hand_count == 6
    assert state.active == "hero"


def test_an_empty_deck_is_rebuilt_from_the_discard_pile() -> None:
    cards = Cards(
        known=True,
        hand=("rally", "strike", "strike"),
        hand_count=3,
        deck=(),
        deck_count=0,
        discard=("bound", "scatter", "advance", "rally"),
    )
    state = replace(game(foxen_deck="app"), hero_cards=cards)
    state = run(state, EndTurn())
    after = state.hero_cards
    assert after.hand_count == len(after.hand) == 5
    assert after.discard == () and after.deck_count == len(after.deck) == 2
    assert sorted((*after.hand, *after.deck)) == sorted((*cards.hand, *cards.discard))


def test_no_cards_anywhere_means_no_draw_and_no_prepare() -> None:
    state = replace(game(), hero_cards=table_cards(hand_count=1, deck_count=0))
    assert Prepare() not in rules.legal_actions(state)
    state = run(state, EndTurn())
    assert state.hero_cards.hand_count == 1


def test_prepare_with_an_empty_hand_still_draws_two() -> None:
    state = replace(game(), hero_cards=table_cards(hand_count=0, deck_count=5))
    state = run(state, Prepare())
    assert state.hero_cards.hand_count == 2 and state.pending is None
    assert state.actions_left == 2


def test_prepare_at_the_table_names_the_discarded_card() -> None:
    state = run(game(), Prepare())
    assert state.pending is not None and state.pending.step == "discard"
    state = run(state, ChooseCard("scatter"))
    assert state.hero_cards.discard == ("scatter",)
    assert state.hero_cards.hand_count == 6


def test_a_new_hero_turn_resets_the_actions() -> None:
    state = run(game(), EndTurn())
    assert state.active == "guardian" and state.actions_left == 2
    state = run(state, EndTurn())
    assert state.active == "hero" and state.actions_left == 3 and state.turn == 2

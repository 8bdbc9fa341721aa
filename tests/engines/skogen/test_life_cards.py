"""Life cards: hand limits (RULINGS G2) and the final bonus with ties (RULINGS G3)."""

import pytest

from engines.skogen import PlaceTiles, TakeTwo
from engines.skogen.life_cards import hand_limit, life_bonus

from .helpers import game, play, refused


@pytest.mark.parametrize(("cards", "limit"), [(0, 4), (1, 4), (2, 5), (3, 5), (4, 6), (7, 6)])
def test_hand_limit_grows_with_life_cards(cards: int, limit: int) -> None:
    assert hand_limit(cards) == limit


def test_a_second_life_card_lets_the_player_refill_to_five() -> None:
    state = play(game(), PlaceTiles("Ana", (5, 6), 0, ("B", "F")))
    ana = state.players[0]
    assert ana.life_cards == 2 and ana.hand_limit == 5
    assert ana.hand == 5
    assert state.ledger[-1].drew == 3


def test_no_one_may_hold_more_than_their_limit() -> None:
    refused(game(), PlaceTiles("Ana", (5,), drew=2), "at most 4 species tiles")


def test_a_life_card_needs_a_species_tile() -> None:
    refused(game(), PlaceTiles("Ana", (), 1, ("B",)), "comes with a species tile")
    refused(game(), PlaceTiles("Ana", (5,), 0, ("X",)), "B, F, P and M")


def test_there_are_nineteen_life_cards() -> None:
    state = game(("Ana", "Bo"))
    letters = ("B", "F", "P", "M")
    for _ in range(4):
        state = play(state, PlaceTiles("Ana", (1, 1, 1, 1), 0, letters), TakeTwo("Bo"))
    state = play(state, PlaceTiles("Ana", (1, 1), 0, ("B", "F")), TakeTwo("Bo"))
    assert sum(state.players[0].life) == 18
    state = play(state, PlaceTiles("Ana", (1,), 0, ("M",)), PlaceTiles("Bo", elements=1))
    refused(state, PlaceTiles("Ana", (1,), 0, ("P",)), "only 19 life cards")


def test_the_most_life_cards_earn_ten() -> None:
    assert life_bonus([(1, 1, 0, 0), (1, 0, 0, 0), (0, 0, 0, 0)]) == ((10, 0), (0, 0), (0, 0))


def test_tied_leaders_earn_five_each() -> None:
    bonus = life_bonus([(2, 0, 0, 0), (0, 1, 1, 0), (1, 0, 0, 0)])
    assert bonus == ((5, 0), (5, 0), (0, 0))
    three = life_bonus([(1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 1, 0)])
    assert [most for most, _ in three] == [5, 5, 5]


def test_one_of_each_type_earns_ten_more() -> None:
    bonus = life_bonus([(1, 1, 1, 1), (3, 0, 0, 0)])
    assert bonus == ((10, 10), (0, 0))
    tied = life_bonus([(1, 1, 1, 1), (2, 2, 0, 0)])
    assert tied == ((5, 10), (5, 0))


def test_no_life_cards_no_bonus() -> None:
    assert life_bonus([(0, 0, 0, 0), (0, 0, 0, 0)]) == ((0, 0), (0, 0))

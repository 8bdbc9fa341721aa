"""The turn ledger: the rulebook's examples, points, laps and the checks on a turn."""

from dataclasses import replace

import pytest

from engines.skogen import Board, PlaceTiles, SetScore, TakeTwo, standings
from engines.skogen.ledger import turn_points

from .helpers import game, play, refused


def test_blue_tit_with_a_new_tree_hole_scores_five() -> None:
    # The deciduous tree was already on the board: only the tree-hole (an element, 2) and
    # the blue tit (3) score.
    state = play(game(), PlaceTiles("Ana", species=(3,), elements=1))
    assert state.players[0].score == 5
    assert state.ledger[-1].points == 5
    assert turn_points((3,), 1) == 5


def test_the_marten_brings_the_balans_life_card() -> None:
    state = play(game(), PlaceTiles("Ana", species=(5,), life_cards=("B",)))
    assert state.players[0].life == (1, 0, 0, 0)


def test_every_element_tile_is_worth_two() -> None:
    assert turn_points((), 3) == 6
    assert turn_points((9, 1, 6), 2) == 20


@pytest.mark.parametrize("points", [0, 4, 10, -1])
def test_impossible_species_points_are_refused(points: int) -> None:
    refused(game(), PlaceTiles("Ana", species=(points,)), f"No species tile is worth {points}")


def test_taking_two_elements_scores_nothing_and_passes_the_turn() -> None:
    state = play(game(), TakeTwo("Ana"))
    assert state.players[0].score == 0
    assert state.current == 1
    assert state.ledger[-1].choice == "take_two"
    refused(state, TakeTwo("Ana"), "Bo's turn")


def test_tokens_lap_the_track() -> None:
    state = game(board=Board(track_length=20, green_squares=()))
    state = play(state, PlaceTiles("Ana", (9, 8), 2), TakeTwo("Bo"))
    state = play(state, PlaceTiles("Ana", (7,), 0))
    ana = standings(state)[0]
    assert (ana.score, ana.laps, ana.square) == (28, 1, 8)
    assert standings(state)[1].laps == 0


def test_a_player_cannot_place_more_species_than_they_hold() -> None:
    refused(game(), PlaceTiles("Ana", (1, 1, 1, 1, 1)), "holds only 4")


def test_placed_species_are_replaced_from_the_bags() -> None:
    state = game()
    bags = state.bags
    state = play(state, PlaceTiles("Ana", (1, 2), 1))
    assert state.players[0].hand == 4
    assert state.bags == bags - 2
    assert state.ledger[-1].drew == 2
    refused(game(), PlaceTiles("Ana", (1, 2), drew=1), "must draw 2")


def test_the_last_tiles_in_the_bags_are_all_that_can_be_drawn() -> None:
    state = replace(game(), bags=1)
    state = play(state, PlaceTiles("Ana", (1, 2)))
    assert (state.players[0].hand, state.bags) == (3, 0)
    refused(replace(game(), bags=1), PlaceTiles("Ana", (1, 2), drew=2), "Only 1 species tile")


def test_each_player_uses_at_most_three_action_cards_of_eighteen() -> None:
    state = play(game(), PlaceTiles("Ana", action_cards=("hot_spot", "migration")), TakeTwo("Bo"))
    refused(state, PlaceTiles("Ana", action_cards=("expedition", "energiboost")), "only 3 action")
    refused(game(), PlaceTiles("Ana", action_cards=("teleport",)), "no action card")
    three = game(("Ana", "Bo", "Cy", "Di"))
    three = play(
        three,
        PlaceTiles("Ana", action_cards=("hot_spot",)),
        PlaceTiles("Bo", action_cards=("hot_spot",)),
        PlaceTiles("Cy", action_cards=("hot_spot",)),
    )
    refused(three, PlaceTiles("Di", action_cards=("hot_spot",)), "only 3 Hot Spot")


def test_the_score_can_be_corrected_to_the_board() -> None:
    state = play(game(), PlaceTiles("Ana", (3,), 1), SetScore("Ana", 7))
    assert state.players[0].score == 7
    refused(state, SetScore("Cy", 3), "isn't playing")
    refused(state, SetScore("Ana", -2), "before the start")


def test_refusals_count_in_the_right_number() -> None:
    """One tile, one card: no "1 species tiles" (review D16)."""
    refused(
        game(),
        PlaceTiles("Ana", (5,), life_cards=("B", "F", "P")),
        r"3 life cards for 1 species tile\.$",
    )
    refused(game(), PlaceTiles("Ana", life_cards=("B",)), r"1 life card for 0 species tiles\.$")
    one_left = replace(game(), bags=1)
    refused(one_left, PlaceTiles("Ana", (1, 2), drew=2), r"^Only 1 species tile is left in")
    refused(game(), PlaceTiles("Ana", (1,), drew=0), r"must draw 1 species tile to replace")
    short = replace(game(), players=(replace(game().players[0], hand=1), game().players[1]))
    refused(short, PlaceTiles("Ana", (1, 2)), r"^Ana holds only 1 species tile\.$")
    refused(game(), PlaceTiles("Ana", (1,), drew=2), r"at most 4 species tiles \(0 life cards\)")
    with_one = play(game(), PlaceTiles("Ana", (1,), life_cards=("B",)), TakeTwo("Bo"))
    refused(with_one, PlaceTiles("Ana", (1,), drew=2), r"at most 4 species tiles \(1 life card\)")


def test_one_point_is_a_point() -> None:
    assert PlaceTiles("Ana", (1,)).label == "Ana places tiles: 1 point"
    assert SetScore("Ana", 1).label == "Ana's token is at 1 point"
    assert PlaceTiles("Ana", (1, 2)).label == "Ana places tiles: 3 points"

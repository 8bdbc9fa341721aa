"""The end of the game: both conditions (RULINGS G4), the final bonus (RULINGS G3) and the
winner."""

from dataclasses import replace

from engines.skogen import PlaceTiles, TakeTwo, legal_actions, outcome, scores
from engines.skogen.end import final_scores

from .helpers import game, play, refused


def test_empty_bags_and_an_empty_hand_end_the_game() -> None:
    state = game()
    players = (replace(state.players[0], hand=2), state.players[1])
    state = replace(state, bags=0, players=players)
    state = play(state, PlaceTiles("Ana", (3,), 0))
    assert state.phase == "turn"  # Ana still holds one tile
    state = play(state, TakeTwo("Bo"), PlaceTiles("Ana", (2,), 0))
    assert state.phase == "over"
    result = outcome(state)
    assert result is not None and result.cause == "bags_empty"
    assert "Ana has no species tiles" in result.reason
    assert legal_actions(state) == []
    refused(state, TakeTwo("Bo"), "game is over")


def test_empty_bags_alone_do_not_end_the_game() -> None:
    state = replace(game(), bags=0)
    state = play(state, PlaceTiles("Ana", (3,), 0))
    assert state.phase == "turn" and outcome(state) is None


def test_two_rounds_without_a_species_tile_end_the_game() -> None:
    names = ("Ana", "Bo", "Cy")
    state = game(names)
    quiet = [TakeTwo(n) for n in names] + [PlaceTiles(n, (), 1) for n in names]
    state = play(state, *quiet[:-1])
    assert state.phase == "turn"
    state = play(state, quiet[-1])
    result = outcome(state)
    assert result is not None and result.cause == "two_quiet_rounds"


def test_a_species_tile_starts_the_count_again() -> None:
    names = ("Ana", "Bo")
    state = play(game(names), TakeTwo("Ana"), TakeTwo("Bo"), TakeTwo("Ana"))
    state = play(state, PlaceTiles("Bo", (1,)), TakeTwo("Ana"), TakeTwo("Bo"), TakeTwo("Ana"))
    assert state.phase == "turn" and state.quiet_turns == 3
    state = play(state, TakeTwo("Bo"))
    assert state.phase == "over"


def test_the_life_card_bonus_can_decide_the_winner() -> None:
    state = game(("Ana", "Bo", "Cy"))
    state = play(
        state,
        PlaceTiles("Ana", (9,), 3),  # 15, no life cards
        PlaceTiles("Bo", (2, 3), 0, ("B", "F")),  # 5, most life cards
        PlaceTiles("Cy", (1,), 0, ("P",)),  # 1
    )
    board = {s.name: s.total for s in scores(state)}
    assert board == {"Ana": 15, "Bo": 5 + 10, "Cy": 1}
    state = replace(state, phase="over", end_cause="two_quiet_rounds")
    result = outcome(state)
    assert result is not None
    assert result.winners == ("Ana", "Bo")
    assert "share the win" in result.reason


def test_all_four_life_cards_and_the_most_add_up() -> None:
    state = play(game(), PlaceTiles("Ana", (1, 2, 3, 5), 0, ("B", "F", "P", "M")))
    ana = next(s for s in scores(state) if s.name == "Ana")
    assert [line.points for line in ana.lines] == [11, 10, 10]
    assert ana.total == 31


def test_a_shared_most_life_cards_bonus_says_who_shares_it() -> None:
    scores = final_scores(
        ("Ana", "Bo", "Cy"), (10, 12, 9), ((1, 1, 0, 0), (2, 0, 0, 0), (0, 0, 1, 0))
    )
    ana, bo, cy = ([line.detail for line in score.lines] for score in scores)
    assert ana[1] == "2 life cards, tied with Bo: 5 each"
    assert bo[1] == "2 life cards, tied with Ana: 5 each"
    assert cy[1:] == ["1 life card", "types held: P"]

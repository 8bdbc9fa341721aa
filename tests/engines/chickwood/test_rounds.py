"""Round tracking: raids in turn order, the alms snake as actions, the end of the game."""

import json
from dataclasses import replace

import pytest

from engines.chickwood import (
    Choices,
    Collection,
    Config,
    GiveAlms,
    Raid,
    Score,
    SetDeckCount,
    State,
    apply,
    legal_actions,
    new_game,
    outcome,
    scoreboard,
)
from engines.core import IllegalAction

# The rulebook's first snake example: forests at the middle left and in the centre.
LAYOUT = (
    "village-1",
    "village-2",
    "village-3",
    "forest-1",
    "forest-2",
    "village-4",
    "village-5",
    "village-6",
    "village-7",
)


def game(deck_size: int | None = None, castles: tuple[int, ...] = (2, 1, 3)) -> State:
    config = Config(
        players=("Red", "Blue", "Green"),
        layout=LAYOUT,
        starting_castles=castles,
        deck_size=deck_size,
    )
    return new_game(config)


def refused(state: State, action: object, match: str) -> None:
    """The action raises IllegalAction with ``match`` and leaves the state as it was."""
    saved = json.dumps(state.to_dict())
    with pytest.raises(IllegalAction, match=match):
        apply(state, action)  # type: ignore[arg-type]
    assert json.dumps(state.to_dict()) == saved


def play(state: State, *actions: object) -> State:
    for action in actions:
        state = apply(state, action)  # type: ignore[arg-type]
    return state


def test_the_lowest_starting_castle_raids_first() -> None:
    state = game()
    assert [state.players[s].name for s in state.order] == ["Blue", "Red", "Green"]
    refused(state, Raid("Red", 4), "Blue's turn")


def test_a_castle_is_raided_once_a_round() -> None:
    state = play(game(), Raid("Blue", 4))
    refused(state, Raid("Red", 4), "already raided this round by Blue")
    refused(state, Raid("Red", 5), "castles 1 to 4")


def test_castles_one_and_two_hold_few_cards() -> None:
    state = game()
    refused(state, Raid("Blue", 1, Collection(henchmen=3)), "At most 2 cards")
    refused(state, Raid("Blue", 2, Collection(henchmen=2), (1, 1)), "At most 3 cards")
    assert apply(state, Raid("Blue", 1, Collection(henchmen=2))).players[1].loot.henchmen == 2


def test_no_more_cards_than_exist_or_were_played() -> None:
    state = play(game(), Raid("Blue", 4, Collection.of(garments={"gown": 2})))
    refused(state, Raid("Red", 3, Collection.of(garments={"gown": 1})), "only 2 gown")
    refused(state, Raid("Red", 3, Collection(henchmen=8)), "Only 9 cards")
    refused(state, Raid("Red", 3, benefactors=(4,)), "1, 2 or 3 alms")


def test_a_raid_adds_the_castle_and_loot_and_starts_the_snake() -> None:
    state = play(game(), Raid("Blue", 3, Collection.of(chests={"gold": 1}), (2, 3)))
    blue = state.players[1]
    assert blue.castles == (1, 3)
    assert blue.loot.chests == (1, 0, 0, 0)
    assert state.phase == "alms"
    assert state.snake is not None and state.snake.to_give == 5
    refused(state, Raid("Red", 4), "Blue must finish giving alms")


def test_five_alms_snake_from_bottom_centre_to_top_centre() -> None:
    state = play(game(), Raid("Blue", 3, benefactors=(2, 3)))
    path = [(2, 1), (2, 2), (1, 2), (0, 2), (0, 1)]
    state = play(state, *(GiveAlms("Blue", r, c) for r, c in path))
    assert state.players[1].alms_given == 5
    assert [state.grid.position(p.cell) for p in state.placements] == path
    assert state.phase == "raid" and state.seat == 0  # Red's raid is next


def test_a_snake_that_cannot_go_on_leaves_the_rest_in_the_store() -> None:
    state = play(game(), Raid("Blue", 3, benefactors=(2, 3)))
    state = play(state, *(GiveAlms("Blue", r, c) for r, c in [(1, 2), (2, 2), (2, 1), (2, 0)]))
    assert state.players[1].alms_given == 4
    assert state.players[1].store == 11
    assert state.phase == "raid" and state.snake is None


@pytest.mark.parametrize(
    ("steps", "match"),
    [
        ([(1, 1)], "forest"),
        ([(1, 2), (1, 1)], "forest"),
        ([(2, 0), (1, 1)], "forest"),
        ([(2, 2), (1, 2), (1, 1)], "forest"),
        ([(0, 0), (1, 0)], "forest"),
        ([(2, 1), (2, 2), (2, 1)], "already gave alms"),
        ([(2, 2), (0, 2)], "not next to"),
        ([(0, 1), (1, 2)], "no diagonals"),
        ([(3, 0)], "3 rows of 3"),
    ],
)
def test_illegal_snake_steps_are_refused_and_change_nothing(
    steps: list[tuple[int, int]], match: str
) -> None:
    state = play(game(), Raid("Blue", 3, benefactors=(3, 3)))
    state = play(state, *(GiveAlms("Blue", r, c) for r, c in steps[:-1]))
    refused(state, GiveAlms("Blue", *steps[-1]), match)


def test_a_full_village_is_refused() -> None:
    state = game()
    cells = list(state.grid.cells)
    cells[0] = replace(cells[0], owners=(0,) * cells[0].profile.capacity)
    state = replace(state, grid=replace(state.grid, cells=tuple(cells)))
    state = play(state, Raid("Blue", 3, benefactors=(2,)))
    refused(state, GiveAlms("Blue", 0, 0), "no free space")


def test_only_the_player_who_raided_gives_alms() -> None:
    state = play(game(), Raid("Blue", 3, benefactors=(2,)))
    refused(state, GiveAlms("Red", 0, 0), "Blue is giving alms now")
    refused(game(), GiveAlms("Blue", 0, 0), "right after a raid")


def test_alms_given_are_limited_by_the_store() -> None:
    state = game()
    players = list(state.players)
    players[1] = replace(players[1], alms_given=14)
    state = replace(state, players=tuple(players))
    state = play(state, Raid("Blue", 3, benefactors=(3,)))
    assert state.snake is not None and state.snake.to_give == 1
    state = play(state, GiveAlms("Blue", 0, 0))
    assert state.players[1].store == 0
    state = play(state, Raid("Red", 4), Raid("Green", 2))
    # Round 2 goes Green (castle 2), Blue (3), Red (4).
    state = play(state, Raid("Green", 1), Raid("Blue", 2, benefactors=(2,)))
    assert state.phase == "raid"  # no alms left: no snake


def test_the_snake_legal_actions_are_the_open_neighbours() -> None:
    state = play(game(), Raid("Blue", 3, benefactors=(3,)), GiveAlms("Blue", 2, 1))
    options = {(a.row, a.col) for a in legal_actions(state) if isinstance(a, GiveAlms)}
    assert options == {(2, 0), (2, 2)}


def full_round(state: State) -> State:
    order = [state.players[s].name for s in state.order]
    castles = iter((4, 2, 3))
    return play(state, *(Raid(name, next(castles)) for name in order))


def test_the_next_round_goes_by_the_castles_just_raided() -> None:
    state = full_round(game())
    assert state.round == 2
    # Blue took 4, Red 2, Green 3.
    assert [state.players[s].name for s in state.order] == ["Red", "Green", "Blue"]
    assert state.raided == ()


def test_the_game_ends_when_the_deck_cannot_deal_new_hands() -> None:
    enough = game(deck_size=18)  # 9 dealt now, 9 more after round 1
    assert enough.deck == 9
    state = full_round(enough)
    assert (state.phase, state.round, state.deck) == ("raid", 2, 0)
    state = full_round(state)
    assert state.phase == "scoring"
    short = full_round(game(deck_size=17))
    assert short.phase == "scoring"


def test_the_deck_count_can_be_corrected_from_the_table() -> None:
    state = apply(game(deck_size=17), SetDeckCount(9))
    assert full_round(state).phase == "raid"
    refused(game(), SetDeckCount(-1), "negative number of cards")


def test_final_scoring_is_proposed_then_settled() -> None:
    state = play(game(deck_size=9), Raid("Blue", 4, Collection.of(chests={"gold": 3}), (1,)))
    state = play(state, GiveAlms("Blue", 0, 0), Raid("Red", 3, benefactors=(1,)))
    state = play(state, GiveAlms("Red", 0, 0), Raid("Green", 2))
    assert state.phase == "scoring"
    assert outcome(state) is None
    (score,) = legal_actions(state)
    assert isinstance(score, Score)
    board = scoreboard(state)
    assert board is not None
    # village-1 holds Blue then Red: Red gave last and wins the tie for the 3 glory.
    assert board.player("Red").points("Villages") == 3
    assert board.player("Blue").points("Villages") == 0
    assert board.player("Blue").total == 1 + 4 + 9
    final = apply(state, score)
    result = outcome(final)
    assert result is not None and result.winners == ("Blue",)
    assert dict(result.scores) == {"Red": 2 + 3 + 3, "Blue": 14, "Green": 3 + 2}
    refused(final, Raid("Red", 1), "game is over")


def test_final_choices_the_rules_forbid_are_refused() -> None:
    state = full_round(game(deck_size=9))
    refused(state, Score(Choices(fake_beard="Red")), "Nobody holds the Fake Beard")
    refused(game(), Score(Choices()), "deck can't deal")


def test_a_raid_says_its_alms_in_words_that_agree_with_the_count() -> None:
    one = Raid("Ana", 3, Collection(), (1,))
    assert one.label == "Ana raids castle 3, taking 1 card (1 alms cube to give)"
    assert Raid("Ana", 3, Collection(), (1, 2)).label.endswith("(3 alms cubes to give)")

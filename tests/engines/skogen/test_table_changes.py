"""What lies on the Skogen table, and the changes that keep it in step with the ledger:
every difference accounted for once, in both directions, in words for the table."""

import itertools
import random
from collections.abc import Hashable

import pytest

from engines import skogen
from engines.core import Action, Change, to_announce
from engines.skogen import (
    Board,
    Config,
    DieFace,
    PlaceTiles,
    RollDie,
    SetScore,
    State,
    TakeElement,
    TakeTwo,
    apply,
    new_game,
    table_changes,
    table_places,
)
from tests.engines.table_accounts import account_problems
from tests.engines.table_accounts import random_states as random_states_of

NAMES = ("Ana", "Bo", "Cy", "Dag", "Eve", "Fay")
#: One green square, at 8: a turn worth 8 points rolls the die.
GREEN_AT_8 = Board(track_length=50, green_squares=(8,))


def random_states(seed: int, players: int, die: str) -> list[State]:
    """Every state of a game played with random legal actions, from the start to the end."""
    config = Config(players=NAMES[:players], die=die)  # type: ignore[arg-type]
    states: list[State] = random_states_of(skogen, config, seed, limit=10_000)
    return states


@pytest.mark.parametrize("seed", range(20))
def test_every_step_of_a_random_game_is_accounted_for_both_ways(seed: int) -> None:
    die = "app" if seed % 2 else "table"
    for before, after in itertools.pairwise(random_states(seed, 2 + seed % 5, die)):
        assert account_problems(skogen, before, after) == []
        forward = table_changes(before, after)
        # A turn is the people's own entry; the app announces only the die it rolls.
        announced = [change.keys for change in to_announce(forward)]
        rolled_by_app = die == "app" and len(after.rolls) > len(before.rolls)
        assert announced == ([("die",)] if rolled_by_app else [])


def test_states_far_apart_are_accounted_for_too() -> None:
    """Undo may jump back over several steps: any two states of one game will do."""
    states = list(random_states(3, 4, "app"))
    chooser = random.Random(3)
    for _ in range(300):
        before, after = chooser.sample(states, 2)
        assert account_problems(skogen, before, after) == []


def on_the_table(state: State) -> Hashable:
    """Every component the people handle, straight from the state: what the places must
    follow."""
    return (
        tuple((p.score, p.hand, p.life, p.action_cards) for p in state.players),
        state.bags,
        tuple((t.seat, t.choice, t.species, t.elements, t.drew) for t in state.ledger),
        tuple((roll.face, roll.element) for roll in state.rolls),
    )


def test_the_places_see_every_component_the_table_holds() -> None:
    for seed in range(6):
        states = random_states(seed, 2 + seed % 5, "app" if seed % 2 else "table")
        for before, after in itertools.pairwise(states):
            if on_the_table(before) != on_the_table(after):
                assert table_places(before) != table_places(after)


# --- worked cases, word for word -------------------------------------------------------


def step(state: State, action: Action) -> tuple[State, list[Change]]:
    after = apply(state, action)
    assert account_problems(skogen, state, after) == []
    return after, table_changes(state, after)


def test_a_turn_is_the_players_own_move() -> None:
    start = new_game(Config(players=("Ana", "Bo"), board=GREEN_AT_8))
    state, changes = step(start, PlaceTiles("Ana", (3,), 1, ("B",)))
    assert changes == [
        Change("Ana: take the life card B (Balans)", ("life:Ana",), chosen=True),
        Change(
            "Ana: take 1 element tile from the piles, put species tile 3 on the board, put 1 "
            "element tile on the board and draw 1 species tile from the bags; 41 left in the "
            "bags",
            ("taken:Ana", "species:Ana", "elements:Ana", "drawn:Ana", "bags"),
            chosen=True,
        ),
        Change(
            "Move Ana's token 5 squares on, to 5",
            ("token:Ana",),
            target="token:Ana",
            chosen=True,
        ),
    ]
    assert to_announce(changes) == []
    # Undone: what to put back, the last thing done first.
    assert [change.words for change in table_changes(state, start)] == [
        "Move Ana's token 5 squares back, to the start",
        "Ana: put 1 species tile back in the bags, take species tile 3 off the board (back "
        "behind your screen), take 1 element tile off the board and put 1 element tile back "
        "on the piles; 42 left in the bags",
        "Ana: put back the life card B (Balans)",
    ]


def test_taking_two_elements_and_a_used_action_card() -> None:
    start = new_game(Config(players=("Ana", "Bo"), board=GREEN_AT_8))
    state, changes = step(start, TakeTwo("Ana"))
    assert [c.words for c in changes] == ["Ana: take 2 element tiles from the piles"]
    _, changes = step(state, PlaceTiles("Bo", (), 1, (), ("hot_spot",), drew=0))
    assert [c.words for c in changes] == [
        "Bo: discard the action card Hot Spot, used",
        "Bo: take 1 element tile from the piles and put 1 element tile on the board",
        "Move Bo's token 2 squares on, to 2",
    ]


def test_a_token_past_the_end_of_the_track_is_on_its_next_lap() -> None:
    start = new_game(Config(players=("Ana", "Bo"), board=GREEN_AT_8))
    _, changes = step(start, SetScore("Bo", 57))
    assert changes == [
        Change(
            "Move Bo's token 57 squares on, to 7 on lap 2",
            ("token:Bo",),
            target="token:Bo",
            chosen=True,
        )
    ]


def landed_on_green(die: str) -> State:
    start = new_game(Config(players=("Ana", "Bo"), board=GREEN_AT_8, die=die))  # type: ignore[arg-type]
    return apply(start, PlaceTiles("Ana", (6,), 1))


def test_the_die_the_app_rolls_is_announced_with_what_it_offers() -> None:
    state = landed_on_green("app")
    rolled, changes = step(state, RollDie("Ana"))
    assert rolled.face == "storm"  # seed 0's first roll
    assert changes == [
        Change("Storm for Ana: take the yellow sun element or the grey element", ("die",))
    ]
    took, changes = step(rolled, TakeElement("Ana", "grey"))
    assert changes == [
        Change("Ana: take the grey element from the piles", ("taken:Ana",), chosen=True)
    ]
    assert [c.words for c in table_changes(took, rolled)] == [
        "Ana: put the grey element back on the piles"
    ]
    assert [c.words for c in table_changes(rolled, state)] == [
        "Take back Ana's storm roll of the catastrophe die"
    ]


def test_the_real_die_is_the_peoples_own_roll() -> None:
    _, changes = step(landed_on_green("table"), DieFace("Ana", "flood"))
    assert changes == [
        Change(
            "Flood for Ana: take the green leaf element, the grey element or the blue element",
            ("die",),
            chosen=True,
        )
    ]


@pytest.mark.parametrize("seed", range(6))
def test_every_change_names_its_step_of_the_rulebooks_turn_in_order(seed: int) -> None:
    """Each change names the phase of the turn it belongs to (TURN_ORDER, the rules
    folder's order), and a move forward never tells a phase before one already told."""
    die = "app" if seed % 2 else "table"
    order = skogen.TURN_ORDER
    assert order.source and order.phases
    for before, after in itertools.pairwise(random_states(seed, 2 + seed % 5, die)):
        ranks = [order.rank(change.phase) for change in table_changes(before, after)]
        assert ranks == sorted(ranks), (before.turn, after.turn)

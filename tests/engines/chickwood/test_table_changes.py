"""What lies on the Chickwood Forest table, and the changes that keep it in step with the
app: every difference accounted for once, in both directions, in words for the table."""

import itertools
import random
from collections.abc import Hashable, Iterator
from dataclasses import replace

import pytest

from engines import chickwood
from engines.chickwood import (
    ChickwoodAction,
    Choices,
    Collection,
    Config,
    EnterFinal,
    GiveAlms,
    Raid,
    Score,
    SetDeckCount,
    State,
    apply,
    final_table,
    new_game,
    propose,
    table_changes,
    table_places,
)
from engines.core import Change, to_announce
from tests.engines.table_accounts import account_problems
from tests.engines.table_accounts import random_states as random_states_of

PLAYERS = {
    2: ("Red", "Blue"),
    3: ("Ana", "Bo", "Cy"),
    4: ("Ana", "Bo", "Cy", "Dag"),
    5: ("Ana", "Bo", "Cy", "Dag", "Eve"),
}
#: The shipped cards row by row: the village with glory 3 6 at the top left, a forest in
#: the middle left and one at the bottom right.
LAYOUT = ("village-1", "village-2", "village-3", "forest-1", "village-4", "village-5")
LAYOUT += ("village-6", "village-7", "forest-2")


def random_states(seed: int, config: Config) -> list[State]:
    """Every state of a game played with random legal actions, from the start to the end."""
    states: list[State] = random_states_of(chickwood, config, seed, limit=10_000)
    return states


def quick_states(seed: int, legendary: bool) -> Iterator[State]:
    """A quick score: the final count of a random tracked game entered at once, then scored."""
    config = Config(players=PLAYERS[3 + seed % 3], legendary=legendary, deck_size=30)
    *_, tracked = (s for s in random_states(seed, config) if s.phase != "over")
    quick = new_game(Config(players=config.players, legendary=legendary, quick=True), seed)
    yield quick
    entered = apply(quick, EnterFinal(final_table(tracked)))
    yield entered
    yield apply(entered, Score(propose(final_table(entered))))


def check_pair(before: State, after: State) -> list[Change]:
    """The changes from ``before`` to ``after``, checked both ways; no village is named by
    an id no card prints."""
    assert account_problems(chickwood, before, after) == []
    changes = table_changes(before, after)
    assert not any("village-" in change.words for change in changes)
    return changes


def pairs(states: Iterator[State]) -> Iterator[tuple[State, State]]:
    yield from itertools.pairwise(states)


@pytest.mark.parametrize("seed", range(24))
def test_every_step_of_a_random_game_is_accounted_for_both_ways(seed: int) -> None:
    config = Config(players=PLAYERS[2 + seed % 4], legendary=seed % 2 == 0, deck_size=40)
    for before, after in pairs(random_states(seed, config)):
        forward = check_pair(before, after)
        # The people enter their own raids and alms; the app tells only the new hands.
        announced = to_announce(forward)
        assert [c.keys for c in announced] == ([("deck",)] if after.round > before.round else [])


@pytest.mark.parametrize("seed", range(6))
def test_a_quick_score_and_its_legendary_swaps_are_accounted_for_both_ways(seed: int) -> None:
    for before, after in pairs(quick_states(seed, legendary=seed % 2 == 0)):
        check_pair(before, after)


def test_states_far_apart_are_accounted_for_too() -> None:
    """Undo may jump back over several steps: any two states of one game will do."""
    states = list(random_states(7, Config(players=PLAYERS[4], legendary=True, deck_size=40)))
    chooser = random.Random(7)
    for _ in range(200):
        before, after = chooser.sample(states, 2)
        check_pair(before, after)


def on_the_table(state: State) -> Hashable:
    """Every component the people handle, straight from the state: what the places must
    follow."""
    legendary = state.choices or Choices()
    chosen = (legendary.entertainers, legendary.golden_arrow, legendary.fake_beard)
    if state.config.quick:
        return chosen if state.phase == "over" else (None, None, None)
    table = final_table(state)
    return (
        tuple((p.castles, p.loot) for p in table.players),
        tuple(v.owners for v in table.villages),
        tuple(p.alms_given for p in state.players),
        tuple(raid.benefactors for raid in state.raids),
        state.deck,
        chosen if state.phase == "over" else (None, None, None),
    )


def test_the_places_see_every_component_the_table_holds() -> None:
    games = [
        random_states(seed, Config(players=PLAYERS[2 + seed % 4], legendary=True, deck_size=40))
        for seed in range(8)
    ]
    games += [quick_states(seed, legendary=True) for seed in range(4)]
    for states in games:
        for before, after in pairs(states):
            if on_the_table(before) != on_the_table(after):
                assert table_places(before) != table_places(after)


# --- worked cases, word for word -------------------------------------------------------


def three_players() -> State:
    """Ana (castle 1) raids first, then Bo (2), then Cy (3); the villages as LAYOUT."""
    config = Config(players=PLAYERS[3], layout=LAYOUT, starting_castles=(1, 2, 3))
    return new_game(config)


def step(state: State, action: ChickwoodAction) -> tuple[State, list[Change]]:
    after = apply(state, action)
    return after, check_pair(state, after)


def test_a_raid_is_the_raiders_own_move_in_one_instruction() -> None:
    loot = Collection.of(chests={"gold": 1}, jewelry={"ring": 1})
    state, changes = step(three_players(), Raid("Ana", 4, loot, (2,)))
    assert changes == [
        Change(
            "Ana: put castle 4 on your pile; add 1 gold chest and 1 ring to your loot, face "
            "up; set aside the benefactor cards (2 alms cubes)",
            ("castles:Ana", "loot:Ana", "benefactors:Ana"),
            chosen=True,
        )
    ]
    undone = table_changes(state, three_players())
    assert [c.words for c in undone] == [
        "Ana: put castle 4 from your pile back in the row of castles, with 1 gold chest and "
        "1 ring in front; put the benefactor cards (2 alms cubes) back there too"
    ]


def test_an_alms_names_the_village_by_its_place_and_glory_and_goes_back_to_the_store() -> None:
    state, _ = step(three_players(), Raid("Ana", 4, benefactors=(2,)))
    state, changes = step(state, GiveAlms("Ana", 0, 0))
    assert changes == [
        Change(
            "Put Ana's alms on the village top left (glory 3 6)",
            ("village:0", "store:Ana"),
            target="village:0",
            chosen=True,
        )
    ]
    before_alms = apply(three_players(), Raid("Ana", 4, benefactors=(2,)))
    assert [(c.words, c.source) for c in table_changes(state, before_alms)] == [
        ("Take Ana's alms off the village top left (glory 3 6), back to Ana's store", "village:0")
    ]


def test_the_new_hands_are_announced_when_a_round_ends() -> None:
    state = three_players()
    state = apply(state, Raid("Ana", 1))
    state = apply(state, Raid("Bo", 2))
    after, changes = step(state, Raid("Cy", 3))
    assert to_announce(changes) == [
        Change(
            "Round 2: set aside any loot left at the castles and deal 3 loot cards to each "
            f"player; {after.deck} stay in the deck",
            ("deck",),
        )
    ]
    undone = table_changes(after, state)
    assert undone[0].words == (
        f"Back to round 1: take back the new hands and put the 9 cards on the loot deck "
        f"({state.deck} cards)"
    )
    assert undone[-1].words == "Cy: put castle 3 from your pile back in the row of castles"


def test_a_corrected_deck_count_is_the_peoples_own() -> None:
    _, changes = step(three_players(), SetDeckCount(20))
    assert changes == [Change("The loot deck holds 20 cards", ("deck",), chosen=True)]


def test_legendary_swaps_are_made_as_the_scores_are_confirmed() -> None:
    config = Config(players=("Ana", "Bo"), legendary=True, quick=True)
    state = new_game(config)
    table = final_table(state)  # nothing yet: fill it in as counted
    villages = [v for v in table.villages if v.profile.card in ("village-1", "village-2")]
    counted = replace(
        table,
        players=(
            replace(table.players[0], loot=Collection(henchmen=2, legendary=("fake_beard",))),
            replace(table.players[1], loot=Collection.of(chests={"gold": 2})),
        ),
        villages=tuple(
            replace(v, owners=("Ana", "Bo")) if v in villages else v for v in table.villages
        ),
    )
    entered, changes = step(state, EnterFinal(counted))
    assert changes == []  # the count describes the table: nothing there changes
    _, changes = step(entered, Score(Choices(fake_beard="Bo")))
    assert changes == [
        Change("Fake Beard: Ana gives Bo a henchman", ("legendary:fake_beard",), chosen=True)
    ]

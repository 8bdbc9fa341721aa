"""The rulebook's order of a Chickwood Forest round, written once as data (TURN_ORDER):
every change the engine tells names a phase of it, and within a round the phases told
never go back; the deal that ends a round opens the next, before its scouting."""

import itertools
import random

import pytest

from engines import chickwood as C
from engines.core import Progress


def played(seed: int, config: C.Config) -> list[C.State]:
    chooser = random.Random(seed)
    states = [C.new_game(config, seed)]
    while C.legal_actions(states[-1]) and len(states) < 2000:
        states.append(C.apply(states[-1], chooser.choice(C.legal_actions(states[-1]))))
    return states


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_change_told_names_a_phase_in_the_rulebooks_order(players: int) -> None:
    names = ("Ana", "Bo", "Cy", "Dag", "Eve")[:players]
    config = C.Config(players=names, legendary=players % 2 == 1, deck_size=40)
    states = played(players, config)
    assert states[-1].phase == "over"
    rounds_seen = 0
    last: dict[Progress, int] = {}  # a turn -> the rank of the last phase in it
    for before, after in itertools.pairwise(states):
        chain = C.told_changes(before, after)
        for change in chain:
            rank = C.TURN_ORDER.rank(change.phase)  # a phase the order lists
            # The people's own move belongs to the turn they made it in; what the app
            # tells, to the turn it leads to (the deal opens the next round).
            turn = C.progress(before if change.chosen else after)
            assert rank >= last.get(turn, 0), f"{change.words!r} out of the round's order"
            last[turn] = rank
        if after.round > before.round:
            rounds_seen += 1
            phases = [change.phase for change in chain if not change.chosen]
            assert phases == ["end_of_round", "scouting"]  # deal, then the new round's scouting
            assert chain[-1].words.startswith("Scouting: ")
    assert rounds_seen >= 1
    assert "(the text copy prints no page numbers)" in C.TURN_ORDER.source


def test_a_final_count_and_the_legendary_swaps_are_final_scoring() -> None:
    config = C.Config(players=("Ana", "Bo", "Cy"), legendary=True, deck_size=30)
    states = played(7, config)
    scored = [
        change
        for before, after in itertools.pairwise(states)
        if before.phase == "scoring"
        for change in C.table_changes(before, after)
    ]
    assert all(change.phase == "final_scoring" for change in scored)

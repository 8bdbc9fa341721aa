"""Each round's scouting, which the app tells but does not track (review N14)."""

from dataclasses import replace

from engines import chickwood as C


def test_scouting_names_the_turn_order_the_cards_and_the_castle_limits() -> None:
    state = C.new_game(C.Config(players=("Ana", "Bo", "Cy")), seed=2)
    names = [state.players[seat].name for seat in state.order]
    words = C.scouting(state).words
    assert words.startswith(f"Scouting: {names[0]}, {names[1]}, then {names[2]}, ")
    assert "until all 3 are played" in words  # three hand cards each with three players
    assert "at most 2 cards at castle 1, 3 at castle 2" in words
    assert "Spy Glass" not in words
    two = C.new_game(C.Config(players=("Ana", "Bo")), seed=2)
    assert "until all 4 are played" in C.scouting(two).words


def test_the_spy_glass_holder_is_reminded_before_the_first_raid() -> None:
    state = C.new_game(C.Config(players=("Ana", "Bo", "Cy"), legendary=True), seed=2)
    bo = state.players[1]
    holding = replace(bo, loot=bo.loot.plus(C.Collection(legendary=("spy_glass",))))
    state = replace(state, players=(state.players[0], holding, state.players[2]))
    assert C.scouting(state).words.endswith(
        "Bo has the Spy Glass: before the first raid, look at the face-down cards of one castle."
    )

"""Drawn species tiles recorded (RULINGS G5), and ledger lines corrected without undoing the turns
after them: logged, undoable, replayed; the bags and the end of the game follow."""

import random

import pytest

from engines import skogen
from engines.core import Session
from engines.skogen import (
    Config,
    FixTurn,
    PlaceTiles,
    SetScore,
    SkogenAction,
    State,
    TakeTwo,
    apply,
    legal_actions,
    manual_edits,
    outcome,
    printed_draw,
    scores,
)
from engines.skogen.corrections import CORRECTIONS
from tests.engines.skogen.helpers import QUIET_BOARD, game, play, refused
from tests.engines.table_accounts import account_problems


def session_of(*actions: SkogenAction, players: tuple[str, ...] = ("Ana", "Bo")) -> Session:
    session = Session(skogen, Config(players=players, board=QUIET_BOARD))
    for action in actions:
        session.play(action)
    return session


def checked(session: Session, correction: SkogenAction) -> State:
    """Play a correction: every change told, a resume rebuilds the same state, undo
    restores the state before it. Returns the corrected state."""
    before = session.state
    after = session.play(correction)
    assert account_problems(skogen, before, after) == []
    resumed = Session.replay(skogen, session.config, session.seed, session.events)
    assert resumed.state == after
    assert session.undo() == before
    return session.play(correction)


# --- the tiles drawn (RULINGS G5) ----------------------------------------------------------


def test_the_printed_draw_is_as_many_as_were_placed_and_what_was_drawn_is_recorded() -> None:
    state = game()
    assert printed_draw(state, 2) == 2
    after = apply(state, PlaceTiles("Ana", (3, 6), 1, drew=2))
    assert after.players[0].hand == 4 and after.bags == state.bags - 2
    assert after.ledger[-1].drew == 2


def test_a_player_may_draw_more_up_to_the_hand_limit_but_not_fewer_than_printed() -> None:
    state = game()
    refused(state, PlaceTiles("Ana", (3, 6), drew=1), "must draw 2")
    refused(state, PlaceTiles("Ana", (3,), drew=2), "at most 4 species tiles")
    state = apply(state, PlaceTiles("Ana", (3, 5), 0, ("B", "F"), drew=3))  # limit 5 now
    assert state.players[0].hand == 5


def test_a_player_taking_two_elements_may_draw_up_to_the_limit() -> None:
    state = apply(game(), PlaceTiles("Ana", (3, 5), 0, ("B", "F"), drew=2))
    state = apply(state, TakeTwo("Bo"))
    assert state.players[1].hand == 4 and state.ledger[-1].drew == 0
    refused(state, TakeTwo("Ana", drew=2), "at most 5")
    state = apply(state, TakeTwo("Ana", drew=1))
    assert state.players[0].hand == 5 and state.ledger[-1].drew == 1


def test_old_games_without_recorded_draws_still_fill_up_to_the_limit() -> None:
    state = apply(game(), PlaceTiles("Ana", (3, 5), 0, ("B", "F")))
    assert state.players[0].hand == 5 and state.ledger[-1].drew == 3


def test_the_end_of_the_game_follows_the_recorded_draws() -> None:
    """The bags empty as the draws say: drawing none at the end leaves a hand empty."""
    state = game()
    state = play(state, SetScore("Ana", 0))
    bags = state.bags
    assert bags == 42
    moves = []
    for turn in range(10):  # Ana places 4 tiles and draws 4 each turn; Bo takes two
        moves += [PlaceTiles("Ana", (1, 1, 1, 1), drew=min(4, bags)), TakeTwo("Bo")]
        bags -= min(4, bags)
        if turn == 9:
            break
    state = play(state, *moves)
    assert state.bags == 2 and state.phase == "turn"
    state = apply(state, PlaceTiles("Ana", (1, 1, 1, 1), drew=2))
    assert state.bags == 0 and state.phase == "turn"
    state = play(state, TakeTwo("Bo"), PlaceTiles("Ana", (1, 1), drew=0))
    assert state.phase == "over" and state.players[0].hand == 0


# --- corrections of the ledger -------------------------------------------------------------


def test_corrections_are_never_legal_actions_but_are_listed_and_accepted() -> None:
    session = session_of(PlaceTiles("Ana", (3,), 1, ("B",), drew=1), TakeTwo("Bo"))
    edits = manual_edits(session.state)
    assert {type(edit) for edit in edits} == {FixTurn, SetScore}
    assert not any(isinstance(a, CORRECTIONS) for a in legal_actions(session.state))


def test_an_earlier_turns_points_are_corrected_and_later_turns_stand() -> None:
    session = session_of(
        PlaceTiles("Ana", (3,), 1, drew=1),
        PlaceTiles("Bo", (6,), 0, drew=1),
        PlaceTiles("Ana", (2,), 0, drew=1),
    )
    before = session.state
    after = checked(session, FixTurn(1, "place", (9,), 1, drew=1))
    assert after.players[0].score == before.players[0].score + 6
    assert after.ledger[0].points == 11 and after.ledger[1:] == before.ledger[1:]
    assert after.players[1] == before.players[1]
    assert (after.current, after.turn, after.bags) == (before.current, before.turn, before.bags)


def test_life_cards_and_draws_of_an_old_turn_are_counted_again() -> None:
    session = session_of(PlaceTiles("Ana", (3,), 1, drew=1), TakeTwo("Bo"))
    before = session.state
    after = checked(session, FixTurn(1, "place", (3, 5), 1, ("M",), drew=3))
    ana = after.players[0]
    assert ana.life == (0, 0, 0, 1) and ana.hand == 5 and after.bags == before.bags - 2
    assert ana.score == before.players[0].score + 5


def test_a_correction_the_tiles_cannot_allow_is_refused() -> None:
    session = session_of(PlaceTiles("Ana", (3,), 1, drew=1), TakeTwo("Bo"))
    refused(session.state, FixTurn(1, "place", (3, 3, 3, 3, 3)), "held only 4")
    refused(session.state, FixTurn(1, "take_two", (3,)), "places nothing")
    refused(session.state, FixTurn(9, "place"), "Turn 9 is not in the ledger")
    refused(session.state, FixTurn(1, "place", (4,)), "No species tile is worth 4")


def two_quiet_rounds() -> Session:
    return session_of(*[TakeTwo(name) for _ in range(2) for name in ("Ana", "Bo")])


def test_a_correction_can_take_back_the_end_of_the_game_or_end_it() -> None:
    session = two_quiet_rounds()
    assert session.state.phase == "over" and outcome(session.state) is not None
    after = checked(session, FixTurn(2, "place", (3,), drew=1))
    assert after.phase == "turn" and outcome(after) is None
    assert after.player.name == "Ana" and after.turn == 5 and after.quiet_turns == 2
    ended = checked(session, FixTurn(2, "take_two"))
    assert ended.phase == "over" and ended.end_cause == "two_quiet_rounds"
    assert ended.turn == 4


def test_nobody_gets_the_most_life_cards_bonus_when_nobody_holds_one() -> None:
    """RULINGS G5: with no life cards anywhere, the 10 points for the most life cards go to
    nobody (not 5 each to every tied player)."""
    state = two_quiet_rounds().state
    for score in scores(state):
        lines = {line.category: line.points for line in score.lines}
        assert lines["Most life cards"] == 0 and lines["All four life cards"] == 0


@pytest.mark.parametrize("seed", range(8))
def test_random_corrections_in_seeded_games_stay_accounted_for_and_the_game_goes_on(
    seed: int,
) -> None:
    chooser = random.Random(seed)
    players = ("Ana", "Bo", "Cy", "Dag", "Eve", "Fi")[: 2 + seed % 5]
    config = Config(players=players, die="table" if seed % 2 else "app")
    session = Session(skogen, config, seed)
    corrections = 0
    for _ in range(3000):
        state = session.state
        edits = manual_edits(state) if chooser.random() < 0.2 else []
        if edits:
            action = chooser.choice(edits)
            corrections += 1
        elif state.phase == "over":
            break
        else:
            action = chooser.choice(legal_actions(state))
        after = session.play(action)
        assert account_problems(skogen, state, after) == []
    assert session.state.phase == "over" and corrections > 0
    resumed = Session.replay(skogen, config, seed, session.events)
    assert resumed.state == session.state

"""The Hint's words: the suggested move's score, what it rests on, and the runner-up."""

from app.skoventyr.advisor import hint_for
from engines import skoventyr as S
from engines.skoventyr.bots.bots import MoveFigures

CALL, RISKY, GAMBIT, WRATH = S.Call(0), S.Call(1, risky=True), S.Gambit(), S.Wrath(4)


def test_the_hint_gives_its_moves_score_and_how_many_games_it_rests_on() -> None:
    arms = [
        MoveFigures(CALL, 96, 1.375, 2),
        MoveFigures(GAMBIT, 96, 1.5, 3),
        MoveFigures(RISKY, 96, 0.8, 0),
        MoveFigures(WRATH, 8, 0.4, 0),  # dropped early: not on the same games
    ]
    hint = hint_for(GAMBIT, arms, horizon=40)
    assert hint.games == 96 and hint.score == 1.5
    assert hint.estimate == (
        "In 96 simulated games, each played about 20 turns on and then judged, this move "
        "scores 1.50 (a sixth per Minion defeated, plus 1 for a win); next, "
        f"{CALL.label[0].lower() + CALL.label[1:]}: 1.38."
    )


def test_a_kept_move_that_scored_a_little_lower_is_said_to_be_within_chance() -> None:
    arms = [MoveFigures(CALL, 24, 0.71, 0), MoveFigures(RISKY, 24, 0.73, 0)]
    hint = hint_for(CALL, arms, horizon=40)
    assert hint.estimate.endswith(": 0.73, within chance.")


def test_a_hint_with_nothing_simulated_says_so() -> None:
    assert "nothing to simulate" in hint_for(CALL, [], horizon=40).estimate
    whole = hint_for(CALL, [MoveFigures(CALL, 12, 0.5, 0)], horizon=None)
    assert "each played to the end" in whole.estimate

"""The Hint's words: the suggested move's score, what it rests on, and the runners-up."""

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
    assert hint.estimate.startswith(
        "Compared on 96 simulated games, each played about 20 turns ahead and then judged: "
        "this move scores 1.50; "
    )
    # The runners-up by score, on the same games; never one played on fewer games.
    assert hint.estimate.index("1.38") < hint.estimate.index("0.80")
    assert "0.40" not in hint.estimate
    assert hint.estimate.endswith("(a sixth for each Minion defeated, 1 more for a win).")


def test_a_hint_with_nothing_simulated_says_so() -> None:
    assert "nothing to simulate" in hint_for(CALL, [], horizon=40).estimate
    whole = hint_for(CALL, [MoveFigures(CALL, 12, 0.5, 0)], horizon=None)
    assert "each played to the end" in whole.estimate

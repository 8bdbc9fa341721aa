"""Stepping through a saved game: by step or by turn, with captions in words, and each
step shown afresh (no prompt left over from the step shown before)."""

from __future__ import annotations

import pytest

from app.games import BY_KEY
from app.play.replay import Replay
from engines import skulk_hollow as K
from engines.core import Progress
from tests.ui.driver import Driver

pytestmark = pytest.mark.ui


def replay_of_two_rounds(driver: Driver) -> Replay:
    """A Skulk Hollow game played a step into its second round (the first choice every
    time), opened from History: the replay shows its last step."""
    driver.app.start_game(BY_KEY["skulk_hollow"], K.Config(), ["Ana"], 3)
    driver.pump()
    driver.close_popups()
    play = driver.app.current_screen.play
    while K.progress(play.state).number < 2:
        play.play(K.legal_actions(play.state)[0])
    play.play(K.legal_actions(play.state)[0])
    assert K.progress(play.state) == Progress(2)  # still the players' turn
    driver.tap_text("Back")
    driver.tap_text("History")
    row = next(w for w in driver.visible() if getattr(w, "session_id", None) == play.session_id)
    driver.tap(row)
    replay = driver.app.current_screen.play
    assert isinstance(replay, Replay)
    return replay


def caption(driver: Driver) -> str:
    return next(t for t in driver.texts() if " of " in t and ("Round" in t or "set-up" in t))


def test_a_replay_jumps_a_turn_at_a_time_and_says_whose_turn_it_is(driver: Driver) -> None:
    replay = replay_of_two_rounds(driver)
    steps = replay.steps
    assert caption(driver).startswith(f"Round 2, the players' turn ({steps} of {steps}): ")

    driver.tap_text("< Turn")  # to the start of this turn
    second = replay.step
    assert caption(driver).startswith(f"Round 2, the players' turn ({second} of {steps})")
    driver.tap_text("< Turn")  # the guardian's turn before it
    grak = replay.step
    assert 0 < grak < second
    assert caption(driver).startswith(f"Round 1, Grak's turn ({grak} of {steps})")
    driver.tap_text("<")
    assert caption(driver).startswith(f"Round 1, the players' turn ({grak - 1} of {steps})")
    driver.tap_text("< Turn")
    assert replay.step == 0 and caption(driver) == f"The set-up (0 of {steps})"

    driver.tap_text("Turn >")
    assert replay.step == grak
    driver.tap_text("Turn >")
    assert replay.step == second
    driver.tap_text("Turn >")  # no turn begins later: to the end
    assert replay.step == steps


def test_the_set_up_shows_no_prompt_left_from_the_step_shown_before(driver: Driver) -> None:
    replay = replay_of_two_rounds(driver)
    screen = driver.app.current_screen
    for step in range(replay.steps, -1, -1):  # back a step at a time, through Grak's turn
        screen.show_step(step)
    driver.pump()
    assert replay.step == 0
    assert not [t for t in driver.texts() if "turn is over" in t]


def test_a_replay_says_what_happened_at_each_step_not_what_to_do(driver: Driver) -> None:
    """Review N20: no "Your turn: 3 actions left. Play a card..." in a replay."""
    replay = replay_of_two_rounds(driver)
    screen = driver.app.current_screen
    for step in range(replay.steps, -1, -1):
        screen.show_step(step)
        driver.pump()
        prompt = screen.view.prompt
        assert not prompt.startswith("Your turn"), prompt
        if step:
            assert prompt == replay.state.last
    assert screen.view.prompt == "The set-up, as the table was laid out."

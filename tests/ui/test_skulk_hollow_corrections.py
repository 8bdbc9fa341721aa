"""Skulk Hollow corrections by hand through the screen: a forgotten wound added in two
touches from the play screen, recorded as an action, and taken back with Undo."""

from __future__ import annotations

import pytest

from app.kit.choice_list import ChoiceListPopup
from engines import skulk_hollow as K
from tests.ui.driver import Driver
from tests.ui.test_skulk_hollow_play import start_game

pytestmark = pytest.mark.ui


def by_hand_list(driver: Driver) -> ChoiceListPopup | None:
    return next((w for w in driver.visible() if isinstance(w, ChoiceListPopup)), None)


def test_a_forgotten_wound_is_added_by_hand_and_undone(driver: Driver) -> None:
    start_game(driver, "Grak")
    screen = driver.app.current_screen
    before = screen.state
    touches = 0
    driver.tap_text("By hand")
    touches += 1
    popup = by_hand_list(driver)
    assert popup is not None and popup.heading == "Correct by hand"
    driver.tap_text("Put a wound on the Sentinel")  # the Wounds list is open first
    touches += 1
    assert touches == 2
    assert by_hand_list(driver) is None
    state = screen.state
    assert state.unit("sentinel").wounds == before.unit("sentinel").wounds + 1
    assert screen.play.session.actions[-1] == K.EditUnitWound("sentinel", True)
    assert not screen.instructions.active  # the people did it: nothing to tell them
    assert "Recorded: put a wound on the Sentinel." in screen.view.prompt
    assert (state.asking, state.actions_left) == ("hero", before.actions_left)  # turn goes on

    driver.tap_text("Undo")
    assert screen.state == before
    assert screen.play.session.actions == ()
    # Undo tells what to put back: the wound comes off the Sentinel's card.
    assert screen.instructions.active
    assert "Take 1 wound off the Sentinel" in " ".join(driver.texts())
    driver.tap_text("Done")
    assert not screen.instructions.active


def test_by_hand_waits_for_a_half_made_choice(driver: Driver) -> None:
    start_game(driver, "Grak")
    screen = driver.app.current_screen
    screen.take(K.PlayCard("scatter"))  # a MOVE played: which hero moves?
    driver.pump()
    driver.tap_text("By hand")
    assert by_hand_list(driver) is None
    assert "Finish the choice being made" in screen.view.prompt
    assert screen.play.session.actions[0] == K.PlayCard("scatter")

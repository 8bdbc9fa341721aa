"""Whole Skulk Hollow games through the screen, against each of the four guardians.

One game is played entirely by simulated touches (the hero's moves, Done for each of the
guardian's instructions). The others go through the same screen with the same targets,
handed to it directly without drawing frames, which keeps the suite quick.
"""

import random
import time
from collections.abc import Callable

import pytest
from kivy.clock import Clock

from app.skulk_hollow import touch_paths
from app.skulk_hollow.look import title
from app.widgets import TButton
from engines import skulk_hollow as K
from tests.ui.driver import Driver

pytestmark = pytest.mark.ui


def choose(driver: Driver, row_label: str, words: str) -> None:
    row = driver.find(row_label).parent
    driver.tap(next(w for w in row.walk() if isinstance(w, TButton) and w.text == words))


def start_game(driver: Driver, guardian: str, level: str = "Normal") -> None:
    tile = driver.find("Skulk Hollow").parent
    driver.tap(next(w for w in tile.walk() if isinstance(w, TButton) and w.text == "New game"))
    choose(driver, "Guardian", guardian)
    choose(driver, "Its level", level)
    driver.tap_text("Set up the table")
    while "Done" not in driver.texts():
        driver.tap_text("Next")
    driver.tap_text("Done")
    assert driver.app.root.current.endswith("SkulkHollowPlayScreen")


def touch(driver: Driver, target: tuple[str, object]) -> None:
    kind, value = target
    if kind == "card":  # cards are picked from a list
        driver.tap_text(title(str(value)))
        return
    found = [
        w
        for w in driver.visible()
        if getattr(w, "target", None) == target and not getattr(w, "disabled", False)
    ]
    assert found, f"nothing on the screen to touch for {target}"
    driver.tap(found[0])


def play_to_the_end(driver: Driver, seed: int, by_touch: bool) -> K.State:
    screen = driver.app.current_screen
    chooser = random.Random(seed)
    for _ in range(3000):
        state: K.State = screen.play.state
        if state.ended:
            return state
        count = len(screen.play.session.events)
        if state.asking == "guardian":

            def decided(before: int = count) -> bool:
                return screen.decision is not None or len(screen.play.session.events) != before

            wait(driver, decided, by_touch)
            if len(screen.play.session.events) == count:
                assert screen.prompt == screen.decision.reason  # the instruction is shown
                if by_touch:
                    driver.tap_text("Done")
                else:
                    screen.done()
        else:
            options = K.legal_actions(state)
            playing = [a for a in options if not isinstance(a, K.EndTurn)]
            action = chooser.choice(playing or options)
            for target in touch_paths.path(action):
                if by_touch:
                    touch(driver, target)
                else:
                    assert target in screen.selection.options()
                    screen.pick(target)
            assert screen.play.session.actions[-1] == action, f"{action.label} was not taken"
        assert len(screen.play.session.events) > count
    raise AssertionError("the game did not end")


def wait(driver: Driver, condition: Callable[[], bool], drawing: bool) -> None:
    """Until the guardian has decided: frames when drawing, else just the clock."""
    for _ in range(500):
        if condition():
            return
        if drawing:
            driver.pump()
        else:
            time.sleep(0.002)
            Clock.tick()
    raise AssertionError("the guardian never decided")


@pytest.mark.parametrize(
    ("guardian", "by_touch"),
    [("Grak", True), ("Apoda", False), ("Tanthos", False), ("Raptra", False)],
)
def test_a_whole_game_against_each_guardian(driver: Driver, guardian: str, by_touch: bool) -> None:
    start_game(driver, guardian)
    screen = driver.app.current_screen
    assert screen.play.session.config.guardian == guardian.lower()
    state = play_to_the_end(driver, seed=len(guardian), by_touch=by_touch)
    driver.pump()
    saved = driver.app.store.session(screen.play.session_id)
    assert saved.status == "finished"
    assert saved.outcome["reason"] == screen.play.session.outcome().reason
    expected = "You won!" if saved.outcome["result"] == "won" else f"{guardian} wins"
    assert expected in driver.texts()
    assert state.ended
    driver.close_popups()
    driver.tap_text("Home")
    driver.tap_text("History")
    assert any(t.endswith(f"{guardian} vs King of War, normal guardian") for t in driver.texts())


def test_the_hard_guardian_shows_how_far_its_thinking_has_got(driver: Driver) -> None:
    start_game(driver, "Raptra", level="Hard")
    screen = driver.app.current_screen
    assert screen.play.session.config.level == "hard"
    assert screen.title == "Raptra (Hard)"
    shown: set[str] = set()
    for _ in range(20):  # guardian decisions, until one has taken long enough to show
        while screen.state.asking != "guardian":  # the hero ends the turn at once
            ending = [a for a in K.legal_actions(screen.state) if isinstance(a, K.EndTurn)]
            screen.take((ending or K.legal_actions(screen.state))[0])
        for _ in range(600):
            shown.add(screen.instruction)
            if screen.decision is not None or screen.state.asking != "guardian":
                break
            driver.pump()
        if any(line.startswith("Raptra is thinking... ") for line in shown):
            break
        if screen.decision is not None:
            screen.done()
    thinking = [line for line in shown if line.startswith("Raptra is thinking... ")]
    assert thinking and all(line.endswith("%") for line in thinking)


def test_a_refused_touch_says_which_rule_refuses_it(driver: Driver) -> None:
    start_game(driver, "Grak")
    screen = driver.app.current_screen
    for target in touch_paths.path(K.PlayCard("knight")):
        touch(driver, target)
    events = len(screen.play.session.events)
    lair = next(w for w in driver.visible() if getattr(w, "target", None) == ("space", "lair"))
    driver.tap(lair)  # not lit: heroes cannot join there
    assert "New heroes join in KEEP or a TOWN space" in screen.prompt
    assert len(screen.play.session.events) == events
    touch(driver, ("space", "keep"))
    assert screen.play.session.actions[-1] == K.ChooseSpace("keep")


def test_component_corrections_are_checked_saved_and_used(driver: Driver) -> None:
    tile = driver.find("Skulk Hollow").parent
    driver.tap(next(w for w in tile.walk() if isinstance(w, TButton) and w.text == "New game"))
    driver.tap_text("Check components")
    driver.tap_text("Grak")
    path = "grak.location.gaze.wounds"
    default = dict(K.assumed_values())[path]
    driver.tap_text(f"GAZE location: wounds = {default}")
    driver.tap_text("+1")
    driver.tap_text("Keep this value")
    assert f"GAZE location: wounds = {default + 1}   (yours)" in driver.texts()

    driver.tap_text("Foxen")
    driver.tap_text("Foxen mat: hand size = 5")
    editor = next(w for w in driver.visible() if type(w).__name__ == "ValueEditorPopup")
    editor.text = "0"  # as if stepped down to nothing
    driver.tap_text("Keep this value")
    assert editor.error  # the engine refuses it, in words, and nothing is kept
    driver.tap_text("Cancel")

    driver.tap_text("Save")
    assert driver.app.store.profile("skulk_hollow") == {path: default + 1}
    driver.close_popups()
    driver.tap_text("Back")
    driver.tap_text("Set up the table")
    while "Done" not in driver.texts():
        driver.tap_text("Next")
    driver.tap_text("Done")
    config = driver.app.current_screen.play.session.config
    assert config.profile == (K.Correction(path, default + 1),)
    assert config.components.guardian("grak").location("gaze").wounds == default + 1

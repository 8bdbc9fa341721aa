"""Whole Skoventyr games played through the screen, touch by touch, as a person would."""

import random
import time

import pytest
from kivy.uix.widget import Widget

from app import tap_guard
from app.skoventyr import touch_paths
from app.widgets import TButton
from engines import skoventyr as S
from hardware import Controls
from tests.ui.driver import Driver

pytestmark = pytest.mark.ui


def touchable_for(driver: Driver, target: object) -> Widget:
    found = [
        w
        for w in driver.visible()
        if getattr(w, "target", None) == target and not getattr(w, "disabled", False)
    ]
    # Two cards of one kind in a hand are the same choice: either may be touched.
    assert found, f"nothing on the screen to touch for {target}"
    assert len({type(w) for w in found}) == 1, f"{target} is shown as different things"
    return found[0]


def preference(action: S.SkoventyrAction) -> int:
    """A naive but purposeful player: place Allies, pay costs, fight when possible."""
    if isinstance(action, S.Wrath):
        return 4
    if isinstance(action, S.Position):
        return 3
    if isinstance(action, S.Call) and not action.risky:
        return 2
    if isinstance(action, (S.Call, S.Gambit)):
        return 0
    return 1


def choose(driver: Driver, row_label: str, words: str) -> None:
    row = driver.find(row_label).parent
    driver.tap(next(w for w in row.walk() if isinstance(w, TButton) and w.text == words))


def start_game(driver: Driver, players: int, options: dict[str, str]) -> None:
    driver.tap(tile_button(driver, "Skoventyr", "New game"))
    assert driver.app.root.current == "new_game"
    choose(driver, "Players", str(players))  # no roster in the test database: a count
    for row_label, words in options.items():
        choose(driver, row_label, words)
    driver.tap_text("Set up the table")
    assert driver.app.root.current == "setup_guide"
    while "Done" not in driver.texts():
        driver.tap_text("Next")
    driver.tap_text("Done")
    assert driver.app.root.current.endswith("SkoventyrPlayScreen")


def tile_button(driver: Driver, game_title: str, words: str) -> Widget:
    tile = driver.find(game_title).parent
    return next(w for w in tile.walk() if isinstance(w, TButton) and w.text == words)


def play_to_the_end(driver: Driver, seed: int) -> S.State:
    screen = driver.app.current_screen
    chooser = random.Random(seed)
    for _ in range(2000):
        state: S.State = screen.play.state
        if state.ended is not None:
            return state
        driver.close_popups()  # the deal at the start
        actions = S.legal_actions(state)
        safe = [a for a in actions if not S.immediate_loss(state, a)] or actions
        best = max(preference(a) for a in safe)
        action = chooser.choice([a for a in safe if preference(a) == best])
        count = len(screen.play.session.events)
        for target in touch_paths.path(action):
            driver.tap(touchable_for(driver, target))
        if S.immediate_loss(state, action):
            driver.tap_text("Lose the game")  # the warning asks first
        assert len(screen.play.session.events) == count + 1, f"{action.label} was not taken"
        assert screen.play.session.actions[-1] == action
    raise AssertionError("the game did not end")


def check_saved_and_go_home(driver: Driver, state: S.State) -> None:
    screen = driver.app.current_screen
    saved = driver.app.store.session(screen.play.session_id)
    assert saved.status == "finished"
    assert state.ended is not None
    assert saved.outcome["result"] == state.ended.result
    assert saved.outcome["reason"] == state.ended.reason
    assert ("You won!" if state.ended.result == "won" else "Gamle Erik wins") in driver.texts()
    driver.close_popups()
    driver.tap_text("Home")
    assert driver.app.root.current == "home"


def test_a_whole_solo_game_by_touch(driver: Driver) -> None:
    start_game(driver, 1, {})
    state = play_to_the_end(driver, seed=1)
    check_saved_and_go_home(driver, state)


def test_a_three_player_game_with_both_modules_by_touch(driver: Driver) -> None:
    start_game(driver, 3, {"Lygtemands": "With", "Rescue": "With"})
    config = driver.app.current_screen.play.session.config
    assert (config.players, config.lygtemands, config.rescue) == (3, True, True)
    state = play_to_the_end(driver, seed=2)
    check_saved_and_go_home(driver, state)
    driver.tap_text("History")
    assert "Player 1, Player 2, Player 3 \u00b7 Standard, Lygtemands, Rescue" in driver.texts()


def test_a_table_deck_game_asks_for_reveals_and_plays_to_the_end(driver: Driver) -> None:
    start_game(driver, 1, {"Deck": "We shuffle real cards"})
    screen = driver.app.current_screen
    assert screen.play.state.asking  # set-up waits for the cards that came up
    assert any(text.startswith("Trold\n") and text.endswith("%") for text in driver.texts())
    state = play_to_the_end(driver, seed=3)
    check_saved_and_go_home(driver, state)


def press(controls: Controls, pin_number: int) -> None:
    pin = controls.pin_factory.pin(pin_number)
    time.sleep(tap_guard.remaining())  # presses right after a change are ignored
    pin.drive_low()
    pin.drive_high()


def test_by_hand_edits_the_danger_light_and_the_undo_button(driver: Driver) -> None:
    start_game(driver, 1, {})
    controls = driver.app.controls
    assert controls is not None
    assert "Deal the cards" in driver.texts()
    press(controls, controls.pin_map.buttons.confirm)  # the Confirm button closes it
    driver.wait_until(lambda: "Deal the cards" not in driver.texts())
    screen = driver.app.current_screen
    assert screen.play.state.forest.gap == 3
    assert controls.light_state("danger") == "off"

    driver.tap_text("Call")  # a first touch, then the Undo button takes it back
    assert screen.selection.prefix == (("verb", "call"),)
    driver.tap_text("Undo")
    assert screen.selection.prefix == ()

    driver.tap_text("Deck")
    assert any(
        t.startswith(f"{screen.play.state.deck.size} cards in the deck") for t in driver.texts()
    )
    driver.close_popups()

    driver.tap_text("By hand")
    driver.tap_text("Pawns")
    driver.tap_text("Move Gamle Erik to Tree 3")
    assert screen.play.state.forest.gap == 1
    assert screen.play.session.actions[-1] == S.EditMovePawn("gamle_erik", 3)
    assert controls.light_state("danger") == "blink"

    press(controls, controls.pin_map.buttons.undo)
    driver.wait_until(lambda: screen.play.state.forest.gap == 3)
    assert controls.light_state("danger") == "off"
    assert [e.type for e in screen.play.session.events] == ["action", "undo"]
    assert len(driver.app.store.events(screen.play.session_id)) == 2


def test_the_hint_thinks_without_freezing_and_suggests_a_legal_step(driver: Driver) -> None:
    start_game(driver, 1, {})
    driver.close_popups()
    screen = driver.app.current_screen
    legal = {a.label for a in S.legal_actions(screen.play.state)}
    frames = 0
    driver.tap(driver.find("Hint", TButton))
    deadline = time.monotonic() + 30
    while not screen.message.startswith("Hint: "):
        driver.pump()  # frames keep coming while the advisor thinks
        frames += 1
        assert time.monotonic() < deadline, "no hint came"
    assert frames > 3  # it thought in the background, the screen went on drawing
    suggested = screen.message.removeprefix("Hint: ").split(". ")[0]
    assert suggested in legal
    assert screen.message in driver.texts()

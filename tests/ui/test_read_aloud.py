"""The instructions read aloud in a real window (issue 57): turned on in Settings, each
instruction of a game is said as it appears, a touch on it says it again in every game,
the set-up guide's steps and the end are said; nothing waits for speech. espeak-ng is
replaced by a command that says nothing, its words written down."""

from __future__ import annotations

import pytest
from kivy.core.window import Window

from app.games import BY_KEY, GAMES
from app.kit.widgets import TButton
from app.play.instructions import InstructionPanel
from app.speech import speaker as S
from app.speech.popup import ReadAloudPopup
from app.tools import oracle
from engines import skoventyr as V
from tests.ui.driver import Driver

pytestmark = pytest.mark.ui


def test_instructions_are_said_and_said_again_on_a_touch(
    driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(S.Speaker, "command", lambda _self, _text: ["true"])
    app = driver.app
    app.go("settings")
    driver.pump(2)
    driver.tap(driver.find("Read aloud: Off", TButton))
    driver.pump(2)
    popup = next(child for child in Window.children if isinstance(child, ReadAloudPopup))
    driver.tap(next(w for w in popup.walk() if getattr(w, "text", "") == "On"))
    assert app.reading_aloud and app.speech is not None
    driver.tap(driver.find("Close", TButton))
    speaker = app.speech.speaker
    try:
        app.start_game(BY_KEY["skoventyr"], V.Config(), ["Ana"], seed=3)  # the deal is told
        driver.pump(3)
        touched_and_said_again(driver)
        app.home()
        app.go("setup_guide", game=BY_KEY["skulk_hollow"])
        driver.pump(2)
        title = app.current_screen.step_title
        driver.wait_for(lambda: any(said.startswith(title) for said in speaker.said))
    finally:
        app.set_read_aloud(False)
    assert app.speech is None and not app.reading_aloud


def touched_and_said_again(driver: Driver) -> None:
    """The instruction shown now has been said; a touch on it says it once more."""
    app = driver.app
    assert app.speech is not None
    speaker = app.speech.speaker
    shown = app.current_screen.controller.telling.current
    assert shown is not None
    driver.wait_for(lambda: shown.words in speaker.said)
    count = speaker.said.count(shown.words)
    (panel,) = [w for w in driver.visible() if isinstance(w, InstructionPanel)]
    assert panel.words == shown.words
    driver.tap(panel)
    driver.wait_for(lambda: speaker.said.count(shown.words) == count + 1)


#: Every game with a seeded person to play it (app.play.autoplay).
PLAYED = [info.key for info in GAMES if oracle.table_play(info) is not None]


@pytest.mark.parametrize("key", PLAYED)
def test_a_touch_on_the_instruction_says_it_again_in_every_game(
    driver: Driver, monkeypatch: pytest.MonkeyPatch, key: str
) -> None:
    """Each game played by its seeded person up to its first instruction for the table,
    shown on its own play screen, and touched there."""
    monkeypatch.setattr(S.Speaker, "command", lambda _self, _text: ["true"])
    app, game = driver.app, BY_KEY[key]
    table = oracle.table_play(game)
    assert table is not None
    config = table.sample[0]
    app.set_read_aloud(True)
    try:
        app.start_game(game, config, oracle.seat_names(config, table.players), seed=2)
        screen = app.current_screen
        person = table.person(2)
        for _ in range(200):
            if screen.controller.telling.active:
                break
            assert person.step(screen.controller), "the game ended without an instruction"
        screen.refresh()
        # A card list the screen opens for a choice the person made without it.
        driver.close_popups()
        driver.pump(3)
        touched_and_said_again(driver)
    finally:
        app.set_read_aloud(False)

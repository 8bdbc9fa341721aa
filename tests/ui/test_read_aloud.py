"""The instructions read aloud in a real window (issue 57): turned on in Settings, each
instruction of a game is said as it appears, a touch on it says it again in every game,
the set-up guide's steps and the end are said; nothing waits for speech. espeak-ng is
replaced by a command that says nothing, its words written down."""

from __future__ import annotations

import itertools
import time

import pytest
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.uix.modalview import ModalView

from app.games import BY_KEY, GAMES
from app.kit import legibility
from app.kit.widgets import TButton
from app.play.instructions import InstructionPanel
from app.speech import popup as popup_module
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
    turned_on(driver)
    assert app.speech is not None
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


def button(popup: ReadAloudPopup, words: str) -> TButton:
    (found,) = [w for w in popup.walk() if isinstance(w, TButton) and w.text == words]
    return found


def turned_on(driver: Driver) -> ReadAloudPopup:
    """Settings' Read aloud opened and turned on; the popup, left open."""
    app = driver.app
    app.go("settings")
    driver.pump(2)
    driver.tap(driver.find("Read aloud: Off", TButton))
    driver.pump(2)
    popup = next(child for child in Window.children if isinstance(child, ReadAloudPopup))
    driver.tap(button(popup, "On"))
    assert app.reading_aloud and app.speech is not None
    return popup


def test_a_speaker_that_cannot_be_opened_is_said_in_settings_never_at_the_table(
    driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    """espeak-ng cannot open the sound device (another program holds it): the table
    plays on, told nothing; Settings says why nothing is heard, legibly at 800x480."""
    busy = "echo 'error: Device or resource busy' >&2"  # as espeak-ng 1.51 says it
    monkeypatch.setattr(S.Speaker, "command", lambda _self, _text: ["sh", "-c", busy])
    monkeypatch.setattr(popup_module, "problem", lambda: None)  # espeak-ng and a card here
    app = driver.app
    popup = turned_on(driver)
    try:
        assert popup.note == ""
        driver.tap(button(popup, "Say a test line"))
        driver.wait_for(lambda: popup.note == S.BUSY)
        driver.pump(2)
        assert S.BUSY in driver.texts()
        assert not legibility.problems(driver.measure())
        driver.tap(driver.find("Close", TButton))
        app.start_game(BY_KEY["skoventyr"], V.Config(), ["Ana"], seed=3)  # the deal is told
        driver.pump(3)
        shown = app.current_screen.controller.telling.current
        assert shown is not None and app.speech is not None
        speaker = app.speech.speaker
        driver.wait_for(lambda: shown.words in speaker.said)
        driver.wait_for(lambda: speaker._saying is not None and speaker._saying.poll() is not None)
        driver.pump(3)
        assert speaker.fault == S.BUSY
        assert app.root.current == BY_KEY["skoventyr"].play_screen
        assert not [child for child in Window.children if isinstance(child, ModalView)]
    finally:
        app.set_read_aloud(False)


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


#: How long each saying lasts in the test of frames: were one said on the UI thread, a
#: frame would wait as long, and no saying would still be under way after its step.
SAYING = 5.0


def test_no_frame_waits_for_speech(driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    """A seeded Skulk Hollow game (the guardian's steps) played a step a drawn frame with
    reading aloud on, each saying lasting 5 s (a command that sleeps), cut short by the
    next: after most steps a saying is still under way, which a UI thread that waited
    for it would never see. The longest gap between two frames of Kivy's clock and the
    longest a saying kept the UI thread are printed, not judged: a test run shares its
    cores (issue 57 asks under 0.1 s; docs/measurements.md has the figures)."""
    monkeypatch.setattr(S.Speaker, "command", lambda _self, _text: ["sleep", str(SAYING)])
    handing: list[float] = []  # how long each saying kept the UI thread
    say = S.Speaker.say

    def timed(speaker: S.Speaker, text: str) -> None:
        start = time.perf_counter()
        say(speaker, text)
        handing.append(time.perf_counter() - start)

    monkeypatch.setattr(S.Speaker, "say", timed)
    app, game = driver.app, BY_KEY["skulk_hollow"]
    table = oracle.table_play(game)
    assert table is not None
    config = table.sample[0]
    app.set_read_aloud(True)
    frames: list[float] = []
    speaking: list[bool] = []  # whether a saying was under way, each step
    try:
        app.start_game(game, config, oracle.seat_names(config, table.players), seed=5)
        screen = app.current_screen
        assert app.speech is not None
        speaker = app.speech.speaker
        person = table.person(5)
        driver.draw()
        ticking = Clock.schedule_interval(lambda _dt: frames.append(time.perf_counter()), 0)
        for _ in range(40):
            assert person.step(screen.controller)
            screen.draw()
            driver.draw()
            saying = speaker._saying
            speaking.append(saying is not None and saying.poll() is None)
        ticking.cancel()
    finally:
        app.set_read_aloud(False)
    longest = max(b - a for a, b in itertools.pairwise(frames))
    print(
        f"\nread aloud: {len(handing)} sayings, each handed over in at most "
        f"{max(handing) * 1000:.1f} ms; {len(frames)} frames, the longest gap "
        f"{longest * 1000:.0f} ms ({sum(speaking)} of {len(speaking)} steps while speaking)"
    )
    assert len(handing) >= 10 and sum(speaking) >= len(speaking) // 2

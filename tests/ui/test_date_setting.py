"""A game played while the clock was not known right: marked "Time not checked" on its end
screen and in History, where its date is set with + and - and saved."""

import random
import sqlite3
import time
from datetime import UTC, datetime, timedelta

import pytest
from kivy.core.window import Window
from kivy.uix.modalview import ModalView
from kivy.uix.widget import Widget

import engines
from app.games import BY_KEY
from app.kit.date_setting import DatePopup, SetDateButton, local_time
from app.kit.widgets import TButton
from app.screens.history import HistoryRow
from app.screens.when import when
from tests.ui.driver import Driver

pytestmark = pytest.mark.ui

WON = {"result": "won", "reason": "All six Minions defeated.", "cause": "all_minions"}


def _popup(driver: Driver) -> DatePopup:
    (popup,) = [w for w in driver.visible() if isinstance(w, DatePopup)]
    return popup


def _step(driver: Driver, caption: str, sign: str) -> None:
    """Touch + or - of the day, month, year, hour or minute."""
    (field,) = [w for w in driver.visible() if getattr(w, "caption", None) == caption]
    driver.tap(next(w for w in field.children if isinstance(w, TButton) and w.text == sign))


def _saved_row(driver: Driver, session_id: int) -> tuple[str, str, int]:
    """The game's start, end and mark as they are on disk, read through a connection of
    its own: what the screen says is saved is committed."""
    path = driver.app.store.path
    assert path is not None
    with sqlite3.connect(path) as other:
        row = other.execute(
            "select started, ended, time_checked from sessions where id = ?", [session_id]
        ).fetchone()
    return row[0], row[1], row[2]


def _set_date_buttons(driver: Driver) -> list[Widget]:
    return [w for w in driver.visible() if isinstance(w, SetDateButton)]


@pytest.mark.parametrize("key", engines.game_keys())
def test_the_end_screen_of_a_game_whose_time_was_not_checked_sets_its_date(
    driver: Driver, monkeypatch: pytest.MonkeyPatch, key: str
) -> None:
    game = BY_KEY[key]
    rules = game.rules()
    driver.app.start_game(game, None, ["Ana", "Bo"], seed=3)
    driver.pump(3)
    screen = driver.app.current_screen
    while screen.instructions.active:  # what the game opens with (Chickwood's scouting)
        screen.instruction_done()
    play = screen.play
    monkeypatch.setattr(driver.app.store, "clock_known_right", lambda: False)  # no network yet
    chooser = random.Random(3)
    while play.session.outcome() is None:
        play.play(chooser.choice(rules.legal_actions(play.state)))
    screen.refresh()
    driver.close_popups()  # the end is announced
    driver.pump(3)
    assert "Home" in driver.texts()

    (offer,) = _set_date_buttons(driver)
    assert offer.text == "Time not checked:\nset the date"
    driver.tap(offer)
    popup = _popup(driver)
    proposed = popup.start
    _step(driver, "Day", "+")
    _step(driver, "Hour", "\u2212")
    _step(driver, "Hour", "\u2212")
    _step(driver, "Minute", "+")
    chosen = proposed + timedelta(days=1, hours=-2, minutes=5)
    assert (popup.day, popup.hour, popup.minute) == (
        str(chosen.day),
        f"{chosen:%H}",
        f"{chosen:%M}",
    )
    driver.tap_text("Save the date")

    # Said once saved, and only that: the end is not announced again.
    assert [w.heading for w in Window.children if isinstance(w, ModalView)] == ["Date saved"]
    assert f"This game started {chosen:on %a %d %b %Y at %H:%M}." in driver.texts()
    started, _ended, checked = _saved_row(driver, play.session_id)
    assert datetime.fromisoformat(started) == chosen.astimezone().astimezone(UTC)
    assert checked == 1
    driver.close_popups()
    driver.pump(3)
    assert not _set_date_buttons(driver)  # the mark is gone
    assert "Home" in driver.texts()


def test_history_marks_such_a_game_and_its_date_is_set_there(driver: Driver) -> None:
    store = driver.app.store
    machine_clock = store.clock_known_right
    store.clock_known_right = lambda: False
    game = store.start_session("skoventyr", {}, 3, ["Ana"])
    store.append_event(game, {"type": "undo"})
    store.clock_known_right = machine_clock
    store.finish_session(game, WON)
    # A Pi with no saved time at all: the whole game is in 1970.
    store.db.execute(
        "update sessions set started = ?, updated = ?, ended = ? where id = ?",
        [
            "1970-01-01T00:00:00+00:00",
            "1970-01-01T00:20:00+00:00",
            "1970-01-01T00:20:00+00:00",
            game,
        ],
    )
    store.db.execute(
        "update events set at = ? where session_id = ?", ["1970-01-01T00:20:00+00:00", game]
    )
    checked = store.start_session("skogen", {}, 4, ["Bo"])

    driver.tap_text("History")
    rows = {w.session_id: w for w in driver.visible() if isinstance(w, HistoryRow)}
    assert rows[game].when == "Time not checked"
    assert rows[checked].when.startswith("today")
    driver.tap(
        next(w for w in rows[game].walk() if isinstance(w, TButton) and w.text == "Set date")
    )
    popup = _popup(driver)
    # No time of it can be right: the proposal is the clock's now, less its 20 minutes.
    assert datetime.now() - timedelta(minutes=21) < popup.start < datetime.now()
    assert "20 minutes of play" in popup.summary
    proposed = popup.start
    # A start that would end the game after now is refused, in words (review N19).
    _step(driver, "Year", "+")
    assert popup.start.year == proposed.year + 1
    driver.tap_text("Save the date")
    assert popup.error.startswith("That is later than now")
    assert _saved_row(driver, game)[2] == 0  # nothing saved
    _step(driver, "Year", "\u2212")
    _step(driver, "Day", "\u2212")
    chosen = popup.start
    assert chosen == proposed - timedelta(days=1) and popup.error == ""
    driver.tap_text("Save the date")
    driver.close_popups()

    started, ended, mark = _saved_row(driver, game)
    start = chosen.astimezone().astimezone(UTC)
    assert (datetime.fromisoformat(started), datetime.fromisoformat(ended), mark) == (
        start,
        start + timedelta(minutes=20),
        1,
    )
    row = next(w for w in driver.visible() if getattr(w, "session_id", None) == game)
    assert row.when == when(started)
    assert not row.time_not_checked


def test_the_date_cannot_go_before_the_release(driver: Driver) -> None:
    popup = DatePopup(
        local_time(datetime(2026, 12, 2, 12, 0, tzinfo=UTC)), timedelta(0), lambda _s: None
    )
    before = popup.start
    popup.step("year", -1)
    popup.step("month", -1)
    assert popup.start == before
    popup.step("month", 2)
    assert (popup.month, popup.year) == ("Feb", "2027")


def test_a_held_plus_repeats_and_it_ended_just_now_proposes_now(driver: Driver) -> None:
    from app.kit.date_setting import REPEAT, REPEAT_AFTER

    saved: list[datetime] = []
    now = datetime(2027, 3, 10, 18, 30)
    popup = DatePopup(now - timedelta(days=3), timedelta(minutes=50), saved.append, now)
    popup.open()
    driver.pump(3)
    (field,) = [w for w in driver.visible() if getattr(w, "caption", None) == "Hour"]
    plus = next(w for w in field.children if isinstance(w, TButton) and w.text == "+")
    before = popup.start
    plus.dispatch("on_press")  # held down...
    driver.wait_until(lambda: popup.start >= before + timedelta(hours=4))
    plus.dispatch("on_release")  # ... and let go: no more steps
    held = popup.start
    driver.pump(3)
    time.sleep(REPEAT_AFTER + 2 * REPEAT)
    driver.pump(3)
    assert popup.start == held
    driver.tap_text("It ended just now")
    assert popup.start == now - timedelta(minutes=50)
    driver.tap_text("Save the date")
    assert saved and popup.error == ""


def test_send_to_bgstats_asks_an_unchecked_date_first_and_goes_on(
    driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Review N19: with the clock unchecked, Send to BG Stats is offered beside the date;
    it asks the date and, once saved, shows the code: two touches, no notice between."""
    from app.play.send_to_bgstats import CODE_SCREEN, SEND

    game = BY_KEY["skogen"]
    rules = game.rules()
    driver.app.start_game(game, None, ["Ana", "Bo"], seed=3)
    driver.pump(3)
    screen = driver.app.current_screen
    play = screen.play
    monkeypatch.setattr(driver.app.store, "clock_known_right", lambda: False)
    chooser = random.Random(3)
    while play.session.outcome() is None:
        play.play(chooser.choice(rules.legal_actions(play.state)))
    screen.refresh()
    driver.close_popups()
    driver.pump(3)
    assert _set_date_buttons(driver) and SEND in driver.texts()
    driver.tap_text(SEND)
    popup = _popup(driver)
    driver.tap_text("Save the date")
    assert driver.app.root.current == CODE_SCREEN
    assert not [w for w in Window.children if isinstance(w, ModalView)]  # no notice
    assert _saved_row(driver, play.session_id)[2] == 1
    assert popup.start is not None

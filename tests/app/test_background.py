"""Background work: an answer, or the error of work that raised, comes back on the main
thread (Kivy's clock), and is dropped when its request was forgotten or superseded."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

import pytest
from kivy.clock import Clock

from app.kit.background import Background
from app.play.play_session import Position


def tick_until(condition: Callable[[], bool]) -> None:
    deadline = time.monotonic() + 10
    while not condition():
        assert time.monotonic() < deadline, "nothing was handed back"
        time.sleep(0.002)
        Clock.tick()


def settle(name: str) -> None:
    """Let the threads called ``name`` end, then run what they scheduled."""
    for thread in threading.enumerate():
        if thread.name == name:
            thread.join(10)
    Clock.tick()
    Clock.tick()


def trips() -> int:
    raise RuntimeError("the bot tripped")


def test_an_error_is_logged_clears_busy_and_is_handed_over(
    caplog: pytest.LogCaptureFixture,
) -> None:
    work: Background[int] = Background("tripping")
    answers: list[int] = []
    errors: list[Exception] = []
    with caplog.at_level(logging.ERROR, logger="tableside"):
        work.run("asked", trips, answers.append, errors.append)
        assert work.busy
        tick_until(lambda: bool(errors))
    assert not work.busy
    assert answers == []
    assert [type(e) for e in errors] == [RuntimeError] and str(errors[0]) == "the bot tripped"
    logged = [r for r in caplog.records if r.getMessage() == "tripping failed"]
    assert len(logged) == 1 and logged[0].exc_info is not None  # with its traceback
    assert logged[0].exc_info[1] is errors[0]


def test_an_error_for_a_superseded_or_forgotten_request_is_dropped() -> None:
    work: Background[int] = Background("held")
    release = threading.Event()

    def trips_late() -> int:
        release.wait(10)
        raise RuntimeError("too late")

    answers: list[int] = []
    errors: list[Exception] = []
    work.run(1, trips_late, answers.append, errors.append)
    work.run(2, lambda: 42, answers.append, errors.append)  # a newer request
    tick_until(lambda: answers == [42])
    release.set()
    settle("held")
    assert errors == [] and answers == [42] and not work.busy

    release.clear()
    work.run(3, trips_late, answers.append, errors.append)
    work.forget()
    assert not work.busy
    release.set()
    settle("held")
    assert errors == [] and answers == [42] and not work.busy


def test_an_answer_asked_before_forget_is_dropped_even_at_an_equal_key() -> None:
    """Home, then Resume of another game at the same move count: the request looks the
    same, but the answer on its way is the earlier one's."""
    work: Background[str] = Background("same key")
    release = threading.Event()

    def first_game() -> str:
        release.wait(10)
        return "the first game's plan"

    answers: list[str] = []
    work.run(7, first_game, answers.append, pytest.fail)
    work.forget()
    work.run(
        7, lambda: (release.wait(10), "the second game's plan")[1], answers.append, pytest.fail
    )
    release.set()
    tick_until(lambda: bool(answers))
    settle("same key")
    assert answers == ["the second game's plan"] and not work.busy


def test_an_answer_for_a_position_no_longer_shown_is_dropped() -> None:
    shown = Position(session_id=1, moment=4)
    work: Background[str] = Background("position", lambda: shown)
    answers: list[str] = []
    errors: list[Exception] = []
    work.run(Position(1, 4), lambda: "for game 1 at 4", answers.append, errors.append)
    tick_until(lambda: not work.busy)
    assert answers == ["for game 1 at 4"]

    work.run(Position(1, 4), lambda: "for game 1 at 4", answers.append, errors.append)
    shown = Position(session_id=2, moment=4)  # another game, at the same move count
    tick_until(lambda: not work.busy)
    work.run(Position(2, 4), trips, answers.append, errors.append)
    shown = Position(session_id=2, moment=5)  # the game moved on
    tick_until(lambda: not work.busy)
    assert answers == ["for game 1 at 4"] and errors == []

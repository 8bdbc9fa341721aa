"""Background work: an answer, or the error of work that raised, comes back on the main
thread (Kivy's clock), and is dropped when its request was forgotten or superseded."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

import pytest
from kivy.clock import Clock

from app.play.background import Background


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

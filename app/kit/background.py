"""Work off the UI thread (a bot thinking), its answer handed back on the main thread.

Each request carries a key: for a game, the ``Position`` it was asked at (which game, and
how far into it). Only the latest request's answer is handed over, and only while the
caller still shows the position it was asked for: an answer that arrives after a newer
request or ``forget()``, even one asked at an equal key (Home, then Resume of another game
at the same move count), or for a position the caller has left, is dropped. Work that
raises is logged here with its traceback, and its error goes to the caller's ``fail``
instead of an answer, on the main thread and dropped in the same way: nothing waits for
ever.

A screen that waits for what it shows (History's list, a Statistics page, a game to step
through) says so with ``shows_the_answer``: ``screens_waiting()`` then tells whether any
screen is still waiting (the screenshots and the UI tests wait for it, as a person waits
for the list).
"""

from __future__ import annotations

import logging
import threading
import weakref
from collections.abc import Callable, Hashable
from functools import partial
from typing import Any, ClassVar, Generic, TypeVar

from kivy.clock import Clock

T = TypeVar("T")

log = logging.getLogger("tableside")


class Background(Generic[T]):
    #: Those made with ``shows_the_answer``.
    _showing: ClassVar[weakref.WeakSet[Background[Any]]] = weakref.WeakSet()

    def __init__(
        self, name: str, shown: Callable[[], Hashable] | None = None, shows_the_answer: bool = False
    ) -> None:
        """``shown``: what the caller shows now, comparable with the keys it asks with
        (a game screen's Position); an answer for anything else is dropped.
        ``shows_the_answer``: the caller's screen is incomplete until the answer comes."""
        self._name = name
        self._shown = shown
        #: The request in progress: its own token, so an equal key asked again is another.
        self._asked: object | None = None
        if shows_the_answer:
            Background._showing.add(self)

    @staticmethod
    def screens_waiting() -> bool:
        """Whether a screen still waits for the answer it shows."""
        return any(background.busy for background in Background._showing)

    @property
    def busy(self) -> bool:
        return self._asked is not None

    def run(
        self,
        key: Hashable,
        work: Callable[[], T],
        deliver: Callable[[T], None],
        fail: Callable[[Exception], None],
    ) -> None:
        request = self._asked = object()

        def thread() -> None:
            handed: Callable[[], None]
            try:
                handed = partial(deliver, work())
            except Exception as error:  # whatever went wrong, the caller hears of it
                log.exception("%s failed", self._name)
                handed = partial(fail, error)
            Clock.schedule_once(lambda _dt: self._hand_over(request, key, handed))

        threading.Thread(target=thread, name=self._name, daemon=True).start()

    def _hand_over(self, request: object, key: Hashable, handed: Callable[[], None]) -> None:
        if request is not self._asked:
            return
        self._asked = None
        if self._shown is not None and self._shown() != key:
            log.info("%s: dropped the answer for %s, which is no longer shown", self._name, key)
            return
        handed()

    def forget(self) -> None:
        self._asked = None

"""Work off the UI thread (a bot thinking), its answer handed back on the main thread.

Each request carries a key (what the game looked like when it was asked); an answer that
arrives after a newer request, or after ``forget()``, is dropped. Work that raises is
logged here with its traceback, and its error goes to the caller's ``fail`` instead of an
answer, on the main thread and dropped in the same way: nothing waits for ever.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Hashable
from functools import partial
from typing import Generic, TypeVar

from kivy.clock import Clock

T = TypeVar("T")

log = logging.getLogger("tableside")


class Background(Generic[T]):
    def __init__(self, name: str) -> None:
        self._name = name
        self._asked: Hashable = None

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
        self._asked = key

        def thread() -> None:
            handed: Callable[[], None]
            try:
                handed = partial(deliver, work())
            except Exception as error:  # whatever went wrong, the caller hears of it
                log.exception("%s failed", self._name)
                handed = partial(fail, error)
            Clock.schedule_once(lambda _dt: self._hand_over(key, handed))

        threading.Thread(target=thread, name=self._name, daemon=True).start()

    def _hand_over(self, key: Hashable, handed: Callable[[], None]) -> None:
        if key == self._asked:
            self._asked = None
            handed()

    def forget(self) -> None:
        self._asked = None

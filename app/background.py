"""Work off the UI thread (a bot thinking), its answer handed back on the main thread.

Each request carries a key (what the game looked like when it was asked); an answer that
arrives after a newer request, or after ``forget()``, is dropped.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from kivy.clock import Clock

T = TypeVar("T")


class Background(Generic[T]):
    def __init__(self, name: str) -> None:
        self._name = name
        self._asked: Hashable = None

    @property
    def busy(self) -> bool:
        return self._asked is not None

    def run(self, key: Hashable, work: Callable[[], T], deliver: Callable[[T], None]) -> None:
        self._asked = key

        def thread() -> None:
            answer = work()
            Clock.schedule_once(lambda _dt: self._deliver(key, answer, deliver))

        threading.Thread(target=thread, name=self._name, daemon=True).start()

    def _deliver(self, key: Hashable, answer: T, deliver: Callable[[T], None]) -> None:
        if key == self._asked:
            self._asked = None
            deliver(answer)

    def forget(self) -> None:
        self._asked = None

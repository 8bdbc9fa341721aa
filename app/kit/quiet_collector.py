"""Python's cycle collector run when nobody is touching the screen, not in the middle of
a touch.

CPython frees most objects the moment they are unused, and finds the rest (objects that
refer to each other) with a collector that runs by itself after so many allocations:
its full passes walk every object the app holds. With thousands of saved games shown in
History, or a long game being stepped through, a full pass took 100-400 ms of the UI
thread on the development machine (four or five times that on a Pi), wherever it
happened to fall: `python -m app.tools.ui_bench` measured the step-through's first opening at
480 ms with it and 91 ms without it, and a move's longest screen update at 198 ms and
20 ms.

So the collector's own timing is switched off, and the app runs it instead: the young
objects (those made since the last pass, a few milliseconds' work) every
``YOUNG_EVERY`` seconds, and a full pass once the table has been quiet for
``QUIET_SECONDS`` after a touch or a key, or at the latest every ``FULL_AT_LEAST``
seconds whatever happens.
"""

from __future__ import annotations

import gc
import time
from typing import Any

from kivy.clock import Clock

#: Seconds between two collections of the young objects.
YOUNG_EVERY = 0.5
#: Seconds without a touch or key after which a full pass runs (once).
QUIET_SECONDS = 2.0
#: The longest time between two full passes, in seconds, busy or not.
FULL_AT_LEAST = 120.0


class QuietCollector:
    def __init__(self) -> None:
        self.last_activity = time.monotonic()
        self.last_full = time.monotonic()
        self._full_since_activity = False
        self._event: Any = None  # the interval, once started

    def start(self) -> None:
        """Take over from Python's own timing (undone by ``stop``)."""
        gc.disable()
        # What start-up made lives as long as the app: no pass need walk it again.
        gc.collect()
        gc.freeze()
        self.last_full = time.monotonic()
        self._event = Clock.schedule_interval(self._tick, YOUNG_EVERY)

    def stop(self) -> None:
        if self._event is None:  # never started (a refused start, a test's app)
            return
        self._event.cancel()
        self._event = None
        gc.unfreeze()
        gc.enable()

    def active(self, *_args: Any) -> None:
        """A touch or a key: the next full pass waits for quiet again."""
        self.last_activity = time.monotonic()
        self._full_since_activity = False

    def _tick(self, _dt: float) -> None:
        now = time.monotonic()
        quiet = now - self.last_activity >= QUIET_SECONDS
        if (quiet and not self._full_since_activity) or now - self.last_full >= FULL_AT_LEAST:
            gc.collect()
            self.last_full = now
            self._full_since_activity = quiet
        else:
            gc.collect(1)  # the young and the middle-aged: what the last moments made

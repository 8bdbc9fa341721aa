"""The guardian thinks off the UI thread, then hands its decision back on the main thread.

A decision that arrives after the game moved on (an undo, a new game) is dropped.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable

from kivy.clock import Clock

from engines import skulk_hollow as K
from engines.skulk_hollow.policy import Decision, decide


class GuardianThinker:
    def __init__(self, on_decision: Callable[[Decision, int], None]) -> None:
        self._on_decision = on_decision
        self._asked = -1

    def think(self, state: K.State, moment: int, seed: int) -> None:
        """Decide for ``state`` (the ``moment``-th event of the game) in the background."""
        self._asked = moment
        seen = K.view(state, "guardian")  # the guardian sees only what its player would

        def work() -> None:
            decision = decide(seen, random.Random(seed * 100_003 + moment))
            Clock.schedule_once(lambda _dt: self._deliver(decision, moment))

        threading.Thread(target=work, name="guardian", daemon=True).start()

    def _deliver(self, decision: Decision, moment: int) -> None:
        if moment == self._asked:
            self._on_decision(decision, moment)

    def forget(self) -> None:
        self._asked = -1

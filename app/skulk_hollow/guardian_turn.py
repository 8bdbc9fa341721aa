"""The guardian thinks off the UI thread, from what its player may see, and hands its
decision back on the main thread; one that arrives after the game moved on is dropped."""

from __future__ import annotations

import random
from collections.abc import Callable

from app.background import Background
from engines import skulk_hollow as K
from engines.skulk_hollow.policy import Decision, decide


class GuardianThinker:
    def __init__(self, on_decision: Callable[[Decision, int], None]) -> None:
        self._on_decision = on_decision
        self._work: Background[Decision] = Background("guardian")

    def think(self, state: K.State, moment: int, seed: int) -> None:
        """Decide for ``state`` (the ``moment``-th event of the game) in the background."""
        seen = K.view(state, "guardian")  # the guardian sees only what its player would
        self._work.run(
            moment,
            lambda: decide(seen, random.Random(seed * 100_003 + moment)),
            lambda decision: self._on_decision(decision, moment),
        )

    def forget(self) -> None:
        self._work.forget()

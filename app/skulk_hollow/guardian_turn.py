"""The guardian thinks off the UI thread, from what its player may see, and hands its
decision back on the main thread; one that arrives after the game moved on is dropped."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from app.background import Background
from engines import skulk_hollow as K
from engines.skulk_hollow.bots import GuardianBot, make_guardian
from engines.skulk_hollow.policy import Decision


class GuardianThinker:
    def __init__(self, on_decision: Callable[[Decision, int], None]) -> None:
        self._on_decision = on_decision
        self._work: Background[Decision] = Background("guardian")
        self._bot: GuardianBot | None = None
        self._began = 0.0

    def think(self, state: K.State, moment: int, seed: int) -> None:
        """Decide for ``state`` (the ``moment``-th event of the game) in the background."""
        bot = self._bot
        if bot is None or bot.level != state.config.level:
            # One bot a game: the Hard guardian shares its time out over a whole turn.
            bot = self._bot = make_guardian(state.config.level)
        seen = K.view(state, "guardian")  # the guardian sees only what its player would
        self._began = time.monotonic()
        self._work.run(
            moment,
            lambda: bot.decide(seen, random.Random(seed * 100_003 + moment)),
            lambda decision: self._on_decision(decision, moment),
        )

    @property
    def busy(self) -> bool:
        return self._work.busy

    def progress(self) -> float:
        """How far the decision in progress is through its time budget (0..0.99)."""
        budget = self._bot.budget if self._bot is not None else 0.0
        if budget <= 0:
            return 0.99
        return min(0.99, (time.monotonic() - self._began) / budget)

    def forget(self) -> None:
        """Drop the decision in progress; the next guardian turn gets a fresh bot."""
        self._work.forget()
        self._bot = None

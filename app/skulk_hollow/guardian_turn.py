"""The guardian thinks off the UI thread, from what its player may see, and hands its
plan (app.skulk_hollow.guardian_plan) back on the main thread; a plan that arrives after
the game moved on is dropped.

A guardian whose thinking fails (an error in its bot) thinks again one level simpler,
and stays there for the rest of the turn; when even Easy fails, the screen is told, so
that the person can choose the guardian's moves.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from app.kit.background import Background
from app.play.play_session import Position
from app.skulk_hollow.guardian_plan import Plan, think_through
from engines import skulk_hollow as K
from engines.skulk_hollow.bots import GuardianBot, make_guardian

#: The level a guardian falls back to when its thinking fails.
SIMPLER: dict[str, str] = {"hard": "normal", "normal": "easy"}


class GuardianThinker:
    def __init__(
        self,
        on_plan: Callable[[Plan], None],
        on_simpler: Callable[[str], None],
        on_stuck: Callable[[], None],
        shown: Callable[[], Position],
    ) -> None:
        """``on_plan`` gets each plan; ``on_simpler`` the level the guardian falls back to
        for the rest of its turn; ``on_stuck`` hears that no level could decide.
        ``shown`` is the position the screen shows: a plan or a failure for any other is
        dropped."""
        self._on_plan = on_plan
        self._on_simpler = on_simpler
        self._on_stuck = on_stuck
        self._work: Background[Plan] = Background("guardian", shown)
        self._bot: GuardianBot | None = None
        self._fallback: tuple[int, str] | None = None  # (turn, level) after a failure
        self._began = 0.0

    def bot(self, state: K.State) -> GuardianBot:
        """The game's guardian: one bot a game, since the Hard guardian shares its time
        out over a whole turn; a simpler one for the rest of a turn in which it failed."""
        level = state.config.level
        if self._fallback is not None and self._fallback[0] == state.turn:
            level = self._fallback[1]
        if self._bot is None or self._bot.level != level:
            self._bot = make_guardian(level)
        return self._bot

    def think(self, state: K.State, position: Position, seed: int) -> None:
        """Plan the guardian's next decision from ``state`` in the background."""
        bot = self.bot(state)
        self._began = time.monotonic()
        self._work.run(
            position,
            lambda: think_through(bot, state, position, seed),
            self._on_plan,
            lambda _error: self._failed(bot.level, state, position, seed),
        )

    def _failed(self, level: str, state: K.State, position: Position, seed: int) -> None:
        """The guardian at ``level`` could not decide (the error is logged): think again
        one level simpler, or, once Easy has failed too, leave the decision to the person."""
        simpler = SIMPLER.get(level)
        if simpler is None:
            self._on_stuck()
            return
        self._fallback = (state.turn, simpler)
        self._on_simpler(simpler)
        self.think(state, position, seed)

    @property
    def busy(self) -> bool:
        return self._work.busy

    def progress(self) -> float:
        """How far the decision in progress is through its time budget (0..0.99)."""
        budget = self._bot.budget if self._bot is not None else 0.0
        if budget <= 0:
            return 0.99
        return min(0.99, (time.monotonic() - self._began) / budget)

    def forget(self, new_bot: bool = False) -> None:
        """Drop the plan in progress; with ``new_bot``, the next plan gets a fresh bot at
        the game's own level (a new turn, or one taken back)."""
        self._work.forget()
        if new_bot:
            self._bot = None
            self._fallback = None

"""The Hint: the advisor's suggestion for the next step, thought out off the UI thread."""

from __future__ import annotations

import random
from dataclasses import dataclass

from engines import skoventyr as S
from engines.skoventyr.bots import make_bot

#: Seconds of look-ahead for a hint: the screen shows its progress meanwhile.
HINT_BUDGET = 1.5


@dataclass(frozen=True)
class Hint:
    action: S.SkoventyrAction
    reason: str
    win_chance: float | None

    def words(self) -> str:
        chance = (
            f" About {round(self.win_chance * 100)}% to win." if self.win_chance is not None else ""
        )
        return f"Hint: {self.action.label}. {self.reason}{chance}"


def advise(state: S.State, seed: int) -> Hint:
    """The search bot's choice for whoever acts now, from what that seat may see."""
    bot = make_bot("search")
    seat = state.config.seats[state.player]
    action = bot.choose(S.view(state, seat), random.Random(seed), HINT_BUDGET)
    return Hint(action, bot.explain(), getattr(bot, "last_estimate", None))

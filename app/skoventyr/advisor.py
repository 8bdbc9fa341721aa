"""The Hint: the advisor's suggestion for the next step, thought out off the UI thread.

Every move shown was played out on the same simulated deals, each game played on by a
rule of thumb for a few turns and then judged by an estimate fitted on many such games
(``engines.skoventyr.bots.value``). A move's score is its mean there: a sixth for each
Minion defeated, plus one for a win. The words say how many simulated games the figures
rest on, with the best of the other moves. The search keeps the rule of thumb's move
unless another is clearly better, so that one may have scored a little higher by chance;
the hint then says so.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engines import skoventyr as S
from engines.skoventyr.bots import make_bot
from engines.skoventyr.bots.bots import MoveFigures, SearchBot

#: Seconds of look-ahead for a hint: the screen shows its progress meanwhile.
HINT_BUDGET = 1.5


@dataclass(frozen=True)
class Hint:
    action: S.SkoventyrAction
    #: What to do, in the action's own words.
    suggestion: str
    #: How the suggestion was found, with its figures.
    estimate: str
    #: The suggested move's mean score and how many simulated games it rests on (None:
    #: no look-ahead).
    score: float | None = None
    games: int | None = None

    def words(self) -> str:
        return f"Hint: {self.suggestion} {self.estimate}"


def advise(state: S.State, seed: int, rollouts: int | None = None) -> Hint:
    """The search bot's choice for whoever acts now, from what that seat may see
    (``rollouts`` caps the simulated games, for a hint that depends only on the seed)."""
    bot = make_bot("search")
    assert isinstance(bot, SearchBot)
    bot.rollouts = rollouts
    seat = state.config.seats[state.player]
    budget = HINT_BUDGET if rollouts is None else 60.0
    action = bot.choose(S.view(state, seat), random.Random(seed), budget)
    return hint_for(action, bot.last_arms, bot.horizon)


def hint_for(action: S.SkoventyrAction, arms: list[MoveFigures], horizon: int | None) -> Hint:
    """The hint for ``action``, with the figures of the moves compared on the same games
    (each game ``horizon`` steps long, about two to a turn; None: played to the end)."""
    suggestion = f"{action.label}."
    mine = next((arm for arm in arms if arm.action == action), None)
    if mine is None or mine.games == 0:
        how = "the only possible step" if not arms else "a rule of thumb"
        return Hint(action, suggestion, f"Chosen by {how}: there was nothing to simulate.")
    others = [arm for arm in arms if arm.action != action and arm.games == mine.games]
    ahead = "to the end" if horizon is None else f"about {max(1, horizon // 2)} turns on"
    estimate = (
        f"In {mine.games} simulated games, each played {ahead} and then judged, this move "
        f"scores {mine.score:.2f} (a sixth per Minion defeated, plus 1 for a win)"
    )
    if others:
        runner = max(others, key=lambda arm: arm.score)
        # The search keeps the rule of thumb's move unless another is clearly better.
        close = ", within chance" if runner.score > mine.score else ""
        estimate += f"; next, {_short(runner.action)}: {runner.score:.2f}{close}"
    estimate += "."
    return Hint(action, suggestion, estimate, mine.score, mine.games)


def _short(action: S.SkoventyrAction) -> str:
    """An action's words, to follow a semicolon."""
    label = action.label
    return label[0].lower() + label[1:] if not label.startswith(("Gamle", "Vogter")) else label

"""The Hint: the advisor's suggestion for the next step, thought out off the UI thread.

Its figures agree with each other: every move shown was played out on the same simulated
games, and the suggested move won at least as many of them as any other move shown. The
games are played on by a rule of thumb that is weaker than a person, so the estimate is
worded as the rough guide it is.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engines import skoventyr as S
from engines.skoventyr.bots import make_bot
from engines.skoventyr.bots.bots import SearchBot

#: Seconds of look-ahead for a hint: the screen shows its progress meanwhile.
HINT_BUDGET = 1.5
#: How many other moves the hint names beside its suggestion.
OTHERS_SHOWN = 2


@dataclass(frozen=True)
class Hint:
    action: S.SkoventyrAction
    #: What to do, in the action's own words.
    suggestion: str
    #: How the suggestion was found, with its figures.
    estimate: str
    #: Simulated games the suggested move won, of how many (None: no look-ahead).
    won: int | None = None
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
    return hint_for(action, bot.last_arms)


def hint_for(action: S.SkoventyrAction, arms: list[tuple[S.SkoventyrAction, int, int]]) -> Hint:
    """The hint for ``action``, with the figures of the moves compared on the same games."""
    suggestion = f"{action.label}."
    mine = next(((won, games) for a, won, games in arms if a == action), None)
    if mine is None or mine[1] == 0:
        how = "the only possible step" if not arms else "a rule of thumb"
        return Hint(action, suggestion, f"Chosen by {how}: there was nothing to simulate.")
    won, games = mine
    others = sorted(
        ((w, a) for a, w, g in arms if a != action and g == games and w <= won),
        key=lambda pair: -pair[0],
    )[:OTHERS_SHOWN]
    estimate = (
        f"A rough guide: in {games} quick simulated games, played on by a rule of thumb "
        f"weaker than a person, this move won {won} of {games}"
    )
    if others:
        estimate += "; " + "; ".join(f"{_short(a)} won {w} of {games}" for w, a in others)
    return Hint(action, suggestion, estimate + ".", won, games)


def _short(action: S.SkoventyrAction) -> str:
    """An action's words, to follow a semicolon."""
    label = action.label
    return label[0].lower() + label[1:] if not label.startswith(("Gamle", "Vogter")) else label

"""The Hint: the advisor's suggestion for the next step, thought out off the UI thread.

Every move shown was played out on the same simulated deals, each game played on by a
rule of thumb for a few turns and then judged by an estimate fitted on many such games
(``engines.skoventyr.bots.value``). A move's score is its mean there: a sixth for each
Minion defeated, plus one for a win. A move that scored less is never named the better.

The words put first a reason the people can check on the table, found by comparing the
position with what the move does to it ("Gamle Erik is 1 step behind Vogter: this puts
him 3 steps behind"); the figures follow, short. Moves whose scores differ by less than
chance explains (or figures from too few games) make "No clear best", never one
preferred. A move of several
steps (Gambit) names them all at once: the Tree, and the cards to put under the deck.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from engines import skoventyr as S
from engines.skoventyr import FEW_GAMES, HINT_BUDGET, count_cards, join_words, too_close

if TYPE_CHECKING:
    from engines.skoventyr.bots import MoveFigures

#: How many moves tied with the suggestion a hint names besides it.
TIES_NAMED = 1

#: The steps of a Gambit the first hint already names (which Tree, which cards).
GAMBIT_STEPS = ("damage", "gambit_bottom")


class HintUnavailable(Exception):
    """No hint can be given at all (not just this time); the message says why."""


@dataclass(frozen=True)
class Hint:
    action: S.SkoventyrAction
    #: What to do, in the action's own words.
    suggestion: str
    #: Why, in words to check on the table, then the figures.
    estimate: str
    #: The suggested move's mean score and how many simulated games it rests on (None:
    #: no look-ahead).
    score: float | None = None
    games: int | None = None
    #: The steps that follow inside the same move (a Gambit's Tree and cards): the hint
    #: goes on to these as each is taken, with no second Hint.
    then: tuple[S.SkoventyrAction, ...] = ()
    #: Moves within chance of each other (or too few games to tell): all are named.
    unclear: bool = False

    @property
    def headline(self) -> str:
        """The hint's first line on the board."""
        if self.unclear:
            return "Hint, no clear best: " + self.suggestion.removeprefix("No clear best: ")
        return f"Hint: {self.suggestion}"

    def next_step(self) -> Hint | None:
        """The hint for the next step of the same move, once this one is taken."""
        if not self.then:
            return None
        return replace(self, action=self.then[0], then=self.then[1:])


def advise(state: S.State, seed: int, rollouts: int | None = None) -> Hint:
    """The search bot's choice for whoever acts now, from what that seat may see
    (``rollouts`` caps the simulated games, for a hint that depends only on the seed).

    The bots are imported here, off the UI thread: they read the advisor's data file,
    and a damaged one (``AdvisorDataError``) then costs the hint, never the game."""
    try:
        from engines.skoventyr.bots import SearchBot
    except ValueError as error:  # AdvisorDataError
        raise HintUnavailable(
            f"No hint: the advisor cannot think. {error} Reinstall Tableside to repair it."
        ) from error
    bot = SearchBot()
    bot.rollouts = rollouts
    seat = state.config.seats[state.player]
    budget = HINT_BUDGET if rollouts is None else 60.0
    view = S.view(state, seat)
    action = bot.choose(view, random.Random(seed), budget)
    return hint_for(action, bot.last_arms, bot.horizon, view, random.Random(seed))


def hint_for(
    action: S.SkoventyrAction,
    arms: list[MoveFigures],
    horizon: int | None,
    state: S.State | None = None,
    rng: random.Random | None = None,
) -> Hint:
    """The hint for ``action`` in ``state``, with the figures of the moves compared on
    the same games (each game ``horizon`` steps long, about two to a turn; None: played
    to the end).

    It never names a move that scored less than another as the better one: a move that
    scored more, clearly, is named instead; moves within chance of each other, or
    figures from fewer than ``FEW_GAMES`` games, make "No clear best", the higher score
    first (and marked on the board)."""
    mine = next((arm for arm in arms if arm.action == action), None)
    if mine is None or mine.games == 0:
        then = _then(state, action, rng)
        how = "the only possible step" if not arms else "a rule of thumb"
        figures = f"Chosen by {how}: there was nothing to simulate."
        return Hint(
            action, _said(action, then), _join(_why(state, action, then), figures), then=then
        )
    same = [arm for arm in arms if arm.games == mine.games]
    others = [arm for arm in same if arm.action != action]
    ahead = [
        arm for arm in others if arm.score > mine.score and not too_close(arm.lead, arm.lead_error)
    ]
    tied = [arm for arm in others if too_close(arm.lead, arm.lead_error)]
    if ahead:  # another clearly did better on the same deals: that one
        mine, tied = max(ahead, key=lambda arm: arm.score), []
        others = [arm for arm in same if arm.action != mine.action]
    close = sorted([mine, *tied], key=lambda arm: -arm.score)
    few = mine.games < FEW_GAMES
    if few and not tied:
        close = sorted(same, key=lambda arm: -arm.score)[:2]
    unclear = len(close) > 1
    top = close[0] if unclear else mine
    then = _then(state, top.action, rng)
    suggestion = _said(top.action, then)
    ahead_words = "to the end" if horizon is None else f"about {max(1, horizon // 2)} turns on"
    if unclear:
        more = len(close) - 1 - TIES_NAMED
        moves = " or ".join(arm.action.label for arm in close[: 1 + TIES_NAMED])
        suggestion = f"No clear best: {moves}" + (f" (or {more} more)." if more > 0 else ".")
        low, high = close[-1].score, close[0].score
        why_not = "too few to tell" if few else "within chance of each other"
        figures = (
            f"Scores {low:.2f} to {high:.2f} in {mine.games} simulated games, "
            f"{ahead_words}: {why_not}."
        )
    else:
        figures = f"Score {mine.score:.2f} in {mine.games} simulated games, {ahead_words}"
        rest = [arm for arm in same if arm is not mine]
        if rest:
            figures += f"; next best {max(arm.score for arm in rest):.2f}"
        figures += "."
    why = _why(state, top.action, then)
    return Hint(top.action, suggestion, _join(why, figures), top.score, top.games, then, unclear)


def _then(
    state: S.State | None, action: S.SkoventyrAction, rng: random.Random | None
) -> tuple[S.SkoventyrAction, ...]:
    return _gambit_steps(state, action, rng or random.Random(0)) if state is not None else ()


def _why(
    state: S.State | None, action: S.SkoventyrAction, then: tuple[S.SkoventyrAction, ...]
) -> str:
    return reason(state, action, then) if state is not None else ""


def _join(reason_words: str, figures: str) -> str:
    return f"{reason_words} {figures}" if reason_words else figures


def _said(action: S.SkoventyrAction, then: tuple[S.SkoventyrAction, ...]) -> str:
    """The action's words; a Gambit's with its Tree and cards."""
    if not then:
        return f"{action.label}."
    tree = next((a.tree for a in then if isinstance(a, S.DamageTree)), None)
    slots = [a.slot for a in then if isinstance(a, S.PutUnder)]
    words = "Gambit"
    if tree is not None:
        words += f": damage Tree {tree}"
    if slots:
        words += f", then put the {join_words([_place(s) for s in _as_laid(slots)])}"
        words += f" Future card{'s' if len(slots) > 1 else ''} under the deck"
    else:
        words += ", and keep the whole Future"
    return words + "."


def _as_laid(slots: list[int]) -> list[int]:
    """The places of the cards put under, counted as the Future lies before any goes (the
    Future closes up after each card, so later slots shift left)."""
    left = list(range(3))
    laid = []
    for slot in slots:
        laid.append(left.pop(slot))
    return sorted(laid)


def _place(slot: int) -> str:
    return ("first", "second", "third")[slot] if slot < 3 else f"number {slot + 1}"


def _short(action: S.SkoventyrAction) -> str:
    """An action's words, to follow a colon or a comma."""
    label = action.label
    return label[0].lower() + label[1:] if not label.startswith(("Gamle", "Vogter")) else label


def _gambit_steps(
    state: S.State, action: S.SkoventyrAction, rng: random.Random
) -> tuple[S.SkoventyrAction, ...]:
    """A Gambit's later choices (the Tree to damage, the Future cards to put under the
    deck), as the rule of thumb makes them: named in the first hint."""
    if not isinstance(action, S.Gambit):
        return ()
    from engines.skoventyr.bots import HeuristicBot  # see ``advise``

    bot = HeuristicBot()
    steps: list[S.SkoventyrAction] = []
    after = S.apply(_asking(state), action)
    while after.ended is None and after.asking in GAMBIT_STEPS:
        step = bot.choose(after, rng)
        steps.append(step)
        after = S.apply(after, step)
    return tuple(steps)


def _asking(state: S.State) -> S.State:
    """The state as if the table told each card: nothing is drawn by chance."""
    return replace(state, config=replace(state.config, deck_mode="table"))


def reason(
    state: S.State, action: S.SkoventyrAction, then: tuple[S.SkoventyrAction, ...] = ()
) -> str:
    """Why, in facts to check on the table: where Gamle Erik stands, then what the move
    (with its later steps) changes that a player can see."""
    before = _asking(state)
    gap = before.forest.gap
    where = f"Gamle Erik is {gap} step{'s' if gap != 1 else ''} behind Vogter"
    try:
        after = S.apply(before, action)
        for step in then:
            after = S.apply(after, step)
    except ValueError:  # not a move now (an old hint): the position alone
        return f"{where}."
    effects = _effects(before, after)
    under = sum(isinstance(step, S.PutUnder) for step in then)
    if under:
        effects.append(f"this renews {under} Future card{'s' if under != 1 else ''}")
    return f"{where}: {join_words(effects)}." if effects else f"{where}."


def _effects(before: S.State, after: S.State) -> list[str]:
    """What the move visibly does, in a few words each."""
    said = []
    gap, gap_after = before.forest.gap, after.forest.gap
    if after.ended is not None and after.ended.result == "won":
        said.append("this wins the game")
    defeated = [m for m in after.defeated if m not in before.defeated]
    if defeated:
        names = join_words([f"the {m.title}" for m in defeated])
        said.append(f"this defeats {names} ({len(after.defeated)} of 6 defeated)")
    if gap_after > gap:
        said.append(f"this puts him {gap_after} steps behind")
    elif gap_after < gap:
        said.append(f"this lets him come {gap - gap_after} closer")
    placed = len(after.forest.ally_cards()) - len(before.forest.ally_cards())
    if placed > 0 and not defeated:
        count = len(after.forest.ally_cards())
        said.append(f"this makes {count} All{'y' if count == 1 else 'ies'} in the Forest")
    gained = [c for c in set(after.hand) if after.hand.count(c) > before.hand.count(c)]
    if after.taken is not None and before.taken is None:
        gained.append(after.taken)
    if gained and after.player == before.player:
        said.append(f"this takes {count_cards(gained)} for your hand")
    return said

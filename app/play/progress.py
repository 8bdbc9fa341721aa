"""How far a game has got (the engine's Progress), in words for the screen:
"Round 6, Grak's turn", "Turn 12: Ana", "The final count"; and the question asked before
an undo goes back into an earlier turn."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from app.seat_names import seat_name
from engines.core import AnyGameRules, Progress, Session


def progress_words(progress: Progress, players: Sequence[str]) -> str:
    if progress.number == 0:
        return "The set-up"
    if progress.stage:
        return progress.stage[:1].upper() + progress.stage[1:]
    if progress.side:
        who = progress.side
    elif progress.seat is not None:
        seat = progress.seat
        who = players[seat] if seat < len(players) else seat_name(seat + 1)
    else:
        who = "the players"
    if progress.counted_by == "turn":
        return f"Turn {progress.number}: {who}"
    turn = f"{who}'" if who.endswith("s") else f"{who}'s"
    return f"Round {progress.number}, {turn} turn"


def progress_at_each_step(
    rules: AnyGameRules, config: Any, seed: int, actions: Sequence[Any]
) -> list[Progress]:
    """The game's progress after each of ``actions`` (None for an undo), the set-up first:
    one pass through a log that is known to replay."""
    session = Session(rules, config, seed)
    found = [rules.progress(session.state)]
    for action in actions:
        if action is None:
            session.undo()
        else:
            session.play(action)
        found.append(rules.progress(session.state))
    return found


@dataclass(frozen=True)
class UndoQuestion:
    heading: str
    words: str


def undo_crossing(
    rules: AnyGameRules, session: Session[Any, Any, Any], players: Sequence[str], steps: int = 1
) -> UndoQuestion | None:
    """The question to ask before an undo of the last ``steps`` actions that goes back
    into an earlier turn or round (a turn the players have finished and passed on), so
    that Undo pressed once too often never undoes a finished turn unasked (review N11);
    None when the undo stays in the turn being played."""
    states, actions = session.states, session.actions
    if not actions or steps >= len(states):
        return None
    back_to = rules.progress(states[-1 - steps])
    if rules.progress(states[-1]) == back_to:
        return None
    taken = "; ".join(action.label for action in actions[-steps:])
    return UndoQuestion(
        f"Go back to {progress_words(back_to, players)}?",
        f"That turn is over. Undo takes back: {taken}.",
    )

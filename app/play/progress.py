"""How far a game has got (the engine's Progress), in words for the screen:
"Round 6, Grak's turn", "Turn 12: Ana", "The final count"."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.core import GameRules, Progress, Session


def progress_words(progress: Progress, players: Sequence[str]) -> str:
    if progress.number == 0:
        return "The set-up"
    if progress.stage:
        return progress.stage[:1].upper() + progress.stage[1:]
    if progress.side:
        who = progress.side
    elif progress.seat is not None:
        seat = progress.seat
        who = players[seat] if seat < len(players) else f"Player {seat + 1}"
    else:
        who = "the players"
    if progress.counted_by == "turn":
        return f"Turn {progress.number}: {who}"
    turn = f"{who}'" if who.endswith("s") else f"{who}'s"
    return f"Round {progress.number}, {turn} turn"


def progress_at_each_step(
    rules: GameRules, config: Any, seed: int, actions: Sequence[Any]
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

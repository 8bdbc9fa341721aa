"""The end of the game (RULINGS G4) and the final scores with the life-card bonus (RULINGS G3)."""

from __future__ import annotations

from collections.abc import Sequence

from engines.core import Line, Outcome, PlayerScore
from engines.skogen.life_cards import LIFE_TYPES, SHARED_MOST_BONUS, life_bonus
from engines.skogen.words import counted

BAGS_EMPTY = "bags_empty"
TWO_QUIET_ROUNDS = "two_quiet_rounds"
REASONS = {
    BAGS_EMPTY: "The species bags are empty and {who} has no species tiles left.",
    TWO_QUIET_ROUNDS: "Two whole rounds went by without anyone playing a species tile.",
}


def end_cause(bags: int, hands: Sequence[int], quiet_turns: int) -> str | None:
    """Why the game is over, or None. ``quiet_turns`` counts turns in a row (by anyone)
    in which no species tile was played; two rounds are ``2 x players`` such turns."""
    if bags == 0 and any(hand == 0 for hand in hands):
        return BAGS_EMPTY
    if quiet_turns >= 2 * len(hands):
        return TWO_QUIET_ROUNDS
    return None


def final_scores(
    names: Sequence[str], track: Sequence[int], life: Sequence[Sequence[int]]
) -> tuple[PlayerScore, ...]:
    """Track points plus the life-card bonus, line by line for each player."""
    scores = []
    held_by = {name: sum(counts) for name, counts in zip(names, life, strict=True)}
    for name, points, counts, (most, every) in zip(
        names, track, life, life_bonus(life), strict=True
    ):
        held = held_by[name]
        types = " ".join(t for t, k in zip(LIFE_TYPES, counts, strict=True) if k) or "none"
        tied = [other for other, count in held_by.items() if other != name and count == held]
        most_words = counted(held, "life card")
        if most and tied:
            most_words += f", tied with {' and '.join(tied)}: {SHARED_MOST_BONUS} each"
        lines = (
            Line("Score track", counted(points, "point"), points),
            Line("Most life cards", most_words, most),
            Line("All four life cards", f"types held: {types}", every),
        )
        scores.append(PlayerScore(name, lines, points + most + every))
    return tuple(scores)


def outcome_of(scores: Sequence[PlayerScore], cause: str, empty_hand: str = "") -> Outcome:
    best = max(score.total for score in scores)
    winners = tuple(score.name for score in scores if score.total == best)
    reason = REASONS[cause].format(who=empty_hand or "a player")
    if len(winners) == 1:
        reason += f" {winners[0]} wins with {counted(best, 'point')}."
    else:
        reason += f" {' and '.join(winners)} share the win with {counted(best, 'point')}."
    return Outcome(
        result="scored",
        reason=reason,
        cause=cause,
        winners=winners,
        scores=tuple((score.name, score.total) for score in scores),
    )

"""Statistics over saved games: win rates over time, scores, causes of defeat, a
suggested difficulty and each player's record. Pure functions over ``SavedSession``s,
so they are tested on a seeded database without a window."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import engines
from app.storage.sessions import SavedSession


def finished(sessions: Iterable[SavedSession], game: str | None = None) -> list[SavedSession]:
    """Finished sessions with a readable outcome, oldest first. A damaged one (History
    lists it) is left out rather than let it spoil every figure."""
    done = [
        s
        for s in sessions
        if s.status == "finished"
        and s.damage is None
        and readable_outcome(s.outcome)
        and (game is None or s.game == game)
    ]
    return sorted(done, key=lambda s: (s.ended or s.started, s.id))


def readable_outcome(outcome: Any) -> bool:
    """The outcome has the shape the figures read: a result, and if any, scores as
    (name, points) pairs and winners as names."""
    if not isinstance(outcome, dict) or not isinstance(outcome.get("result"), str):
        return False
    scores = outcome.get("scores", [])
    winners = outcome.get("winners", [])
    return (
        isinstance(scores, list)
        and all(
            isinstance(pair, list)
            and len(pair) == 2
            and isinstance(pair[0], str)
            and isinstance(pair[1], int)
            for pair in scores
        )
        and isinstance(winners, list)
        and all(isinstance(name, str) for name in winners)
        and isinstance(outcome.get("cause", ""), str)
        and isinstance(outcome.get("reason", ""), str)
    )


@dataclass(frozen=True)
class Series:
    """One line of a chart: ``points`` are (game number in the group, win rate so far)."""

    label: str
    points: tuple[tuple[int, float], ...]
    games: int
    wins: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def win_rates(
    sessions: Iterable[SavedSession], group: Callable[[SavedSession], str]
) -> list[Series]:
    """The running win rate of each group of co-op games (by options, by guardian...)."""
    by_group: dict[str, list[bool]] = defaultdict(list)
    for session in finished(sessions):
        if engines.cooperative(session.game):  # won or lost by the table
            by_group[group(session)].append(session.outcome["result"] == "won")
    series = []
    for label, results in by_group.items():
        wins = 0
        points = []
        for number, won in enumerate(results, start=1):
            wins += won
            points.append((number, wins / number))
        series.append(Series(label, tuple(points), len(results), wins))
    return sorted(series, key=lambda s: (-s.games, s.label))


def loss_causes(sessions: Iterable[SavedSession], game: str) -> list[tuple[str, int]]:
    """How lost games ended, most frequent first: each cause in the words of the first
    game it ended, with its count."""
    causes: Counter[str] = Counter()
    words: dict[str, str] = {}
    for session in finished(sessions, game):
        if session.outcome["result"] == "lost":
            cause = session.outcome.get("cause") or session.outcome.get("reason", "")
            causes[cause] += 1
            words.setdefault(cause, session.outcome.get("reason") or cause)
    return [(words[cause], count) for cause, count in causes.most_common()]


def scores(sessions: Iterable[SavedSession], game: str) -> list[int]:
    """Every final score of every player in the scored games of ``game``."""
    return [
        int(points)
        for s in finished(sessions, game)
        for _name, points in s.outcome.get("scores", ())
    ]


def histogram(values: list[int], bins: int = 8) -> list[tuple[str, int]]:
    """Counts of ``values`` in ``bins`` equal ranges, labelled "10-14"."""
    if not values:
        return []
    low, high = min(values), max(values)
    width = max(1, -(-(high - low + 1) // bins))
    counts = Counter((value - low) // width for value in values)
    return [
        (f"{low + i * width}-{low + (i + 1) * width - 1}", counts.get(i, 0))
        for i in range(-(-(high - low + 1) // width))
    ]


@dataclass(frozen=True)
class Suggestion:
    words: str
    recent_wins: int
    recent_games: int


def suggest_difficulty(
    sessions: Iterable[SavedSession], game: str, level_of: Callable[[SavedSession], str]
) -> Suggestion | None:
    """From the last five games at the level played most recently: four or more wins
    suggest a harder game, one or none an easier one."""
    played = finished(sessions, game)
    if not played:
        return None
    level = level_of(played[-1])
    recent = [s for s in played if level_of(s) == level][-5:]
    wins = sum(s.outcome["result"] == "won" for s in recent)
    if len(recent) < 3:
        games = f"{len(recent)} game{'s' if len(recent) != 1 else ''}"
        words = f"Keep playing at {level}: {games} so far."
    elif wins >= 4:
        words = f"Try a harder game than {level}: {wins} wins in the last {len(recent)}."
    elif wins <= 1:
        won = "no win" if wins == 0 else "1 win"
        words = f"Try an easier game than {level}: {won} in the last {len(recent)}."
    else:
        words = f"{level} suits you: {wins} wins in the last {len(recent)}."
    return Suggestion(words, wins, len(recent))


@dataclass(frozen=True)
class Record:
    """A player's record: games played and won, per game, and best scores."""

    name: str
    played: dict[str, int]
    won: dict[str, int]
    best: dict[str, int]

    @property
    def total_played(self) -> int:
        return sum(self.played.values())

    @property
    def total_won(self) -> int:
        return sum(self.won.values())


def player_record(sessions: Iterable[SavedSession], name: str) -> Record:
    """Co-op wins count for everyone at the table; scored games for the winners."""
    return player_records(sessions, [name])[0]


def player_records(sessions: Iterable[SavedSession], names: list[str]) -> list[Record]:
    """Each of ``names``' records (names as spelt there, matched in any case), in one
    pass over the games: a roster of thousands costs no more than one of four."""
    records = {name.casefold(): Record(name, {}, {}, {}) for name in names}
    for session in finished(sessions):
        outcome = session.outcome
        co_op = engines.cooperative(session.game)
        winners = {w.casefold() for w in outcome.get("winners", ())}
        scores: dict[str, int] = {}
        for player, points in outcome.get("scores", ()):
            key = player.casefold()
            scores[key] = max(scores.get(key, points), points)
        for key in {p.casefold() for p in session.players} & records.keys():
            record, game = records[key], session.game
            record.played[game] = record.played.get(game, 0) + 1
            won = outcome["result"] == "won" if co_op else key in winners
            record.won[game] = record.won.get(game, 0) + won
            if not co_op and key in scores:
                record.best[game] = max(record.best.get(game, scores[key]), scores[key])
    return [records[name.casefold()] for name in names]

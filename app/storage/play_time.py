"""When a saved game was played and for how long, from the times its moves were saved.

Those times come from a clock that may have been wrong (app.storage.clock_check) and set
right in the middle of the game: years forward after a power cut, or a little back. So a
game's duration is the sum of the gaps between its start and its moves, one after the
other, leaving out any gap that goes backwards and any longer than ``LONGEST_GAP``; and
the start of a game whose time was not checked is worked out back from the latest of
its times that can be right.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from itertools import pairwise

from app.storage.clock_check import plausible
from app.storage.events import LoggedEvent
from app.storage.faults import shorten
from app.storage.sessions import SavedSession

#: A longer gap between two moves is not play: the table paused (a meal, a night) or
#: the clock was set. Every game here asks for a touch each turn or round, and no turn
#: of theirs takes half an hour; a clock set right by less than this is counted in.
LONGEST_GAP = timedelta(minutes=30)
#: The longest play an import accepts (app.exchange); a longer span is no play's.
LONGEST_PLAY = timedelta(days=365)


@dataclass(frozen=True)
class Played:
    #: When the game started: as saved, when the clock was known right (or a person set
    #: it); else worked out from its times; None when none of them can be right.
    start: datetime | None
    duration: timedelta

    @property
    def minutes(self) -> int:
        return int(self.duration.total_seconds()) // 60

    @property
    def end(self) -> datetime | None:
        return None if self.start is None else self.start + self.duration


def played(session: SavedSession, events: Sequence[LoggedEvent]) -> Played:
    """The game's start and the time it was played. ValueError when its saved start
    cannot be read (a damaged row); a move whose time cannot be read is passed over."""
    start = parse_time(session.started)
    # The moves' times are the clock's: they follow the start the clock gave.
    stamps = [parse_time(session.clock_start or session.started), *_readable_times(events)]
    if len(stamps) > 1:
        duration = play_duration(stamps)
    else:  # no moves: an imported play (its file gave its span), or one never played
        span = parse_time(session.ended) - start if session.ended else timedelta(0)
        sane = session.time_checked and timedelta(0) <= span <= LONGEST_PLAY
        duration = span if sane else timedelta(0)
    return Played(start if session.time_checked else _worked_out_start(stamps), duration)


def play_duration(stamps: Sequence[datetime]) -> timedelta:
    """The sum of the gaps between consecutive times, without the backward and long ones."""
    gaps = (after - before for before, after in pairwise(stamps))
    return sum((gap for gap in gaps if timedelta(0) <= gap <= LONGEST_GAP), timedelta(0))


def _worked_out_start(stamps: list[datetime]) -> datetime | None:
    """The latest time that can be right, less the play counted before it: a clock is
    only ever set right, so the later a time the likelier it is right."""
    for index in range(len(stamps) - 1, -1, -1):
        if plausible(stamps[index]):
            return stamps[index] - play_duration(stamps[: index + 1])
    return None


def _readable_times(events: Sequence[LoggedEvent]) -> list[datetime]:
    times = []
    for event in events:
        try:
            times.append(parse_time(event.at))
        except ValueError:
            continue
    return times


def parse_time(text: str) -> datetime:
    """An ISO or BG Stats time; one without a zone is taken as UTC. ValueError for text
    that is not a time, or a time beyond what can be held in UTC."""
    moment = datetime.fromisoformat(text.strip())
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    try:
        return moment.astimezone(UTC).replace(microsecond=0)
    except OverflowError:  # 0001-01-01 east of UTC, 9999-12-31 west of it
        raise ValueError(f"{shorten(text, 40)} is out of range") from None

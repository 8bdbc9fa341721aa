"""Setting the date of a game whose time was not checked (app.storage.clock_check), from
its end screen or History: when it started, as day, month, year, hour and minute, each
changed with + and - (there is no keyboard at the table). Its play time stays as its
moves took.
"""

from __future__ import annotations

import calendar
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from kivy.clock import Clock
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.modalview import ModalView

from app.kit.popups import show_notice
from app.kit.widgets import TButton
from app.kv import load_kv
from app.storage.clock_check import LATEST_YEAR, NOT_CHECKED, RELEASE_DATE
from app.storage.faults import StorageFault
from app.storage.play_time import played
from app.storage.store import Store


def set_date(
    store: Store,
    session_id: int,
    on_saved: Callable[[], None],
    then: Callable[[], None] | None = None,
) -> None:
    """Ask when the game started; once that is saved, ``on_saved`` (the screen shows the
    game anew) and a word saying so; or, with ``then`` (what the date was asked for:
    sending the game to BG Stats), that at once."""
    try:
        session = store.session(session_id)
        events, _unreadable = store.readable_events(session_id)
    except StorageFault as fault:
        show_notice("The date cannot be set now", str(fault))
        return
    play = played(session, events)
    # None of its times can be right: propose now, if the clock can be, less the play.
    proposal = play.start or max(datetime.now(UTC) - play.duration, RELEASE_DATE)

    def save(start: datetime) -> str | None:
        try:
            store.set_date(session_id, start, start + play.duration)
        except StorageFault as fault:
            return str(fault)
        on_saved()
        if then is not None:
            then()
        else:
            show_notice("Date saved", f"This game started {_spoken(local_time(start))}.")
        return None

    latest = local_time(datetime.now(UTC)) if store.clock_known_right() else None
    DatePopup(local_time(proposal), play.duration, save, latest).open()


def local_time(moment: datetime) -> datetime:
    """A moment as the table's clock shows it, without its zone."""
    return moment.astimezone().replace(tzinfo=None, second=0, microsecond=0)


#: One touch of + or -. Minutes go five at a time: no one recalls a start to the minute.
_STEPS = {"day": timedelta(days=1), "hour": timedelta(hours=1), "minute": timedelta(minutes=5)}


def stepped(moment: datetime, field: str, by: int) -> datetime:
    """``moment`` with one of its fields changed by ``by`` steps: days, hours and minutes
    carry over (the day after 31 December is 1 January); a month or a year keeps its day,
    or the month's last. A date outside those a game can have is not taken."""
    if field in _STEPS:
        changed = moment + by * _STEPS[field]
    else:
        months = moment.year * 12 + moment.month - 1 + by * (12 if field == "year" else 1)
        year, month = divmod(months, 12)
        day = min(moment.day, calendar.monthrange(year, month + 1)[1])
        changed = moment.replace(year=year, month=month + 1, day=day)
    earliest = local_time(RELEASE_DATE)
    return changed if earliest <= changed and changed.year < LATEST_YEAR else moment


def _spoken(moment: datetime) -> str:
    return moment.strftime("on %a %d %b %Y at %H:%M")


def _play_words(duration: timedelta) -> str:
    hours, minutes = divmod(int(duration.total_seconds()) // 60, 60)
    parts = [f"{hours} hour{'s' * (hours != 1)}"] if hours else []
    if minutes or not hours:
        parts.append(f"{minutes} minute{'s' * (minutes != 1)}")
    return " ".join(parts)


#: Hold-to-repeat: the wait before + or - repeats, and the time between repeats.
REPEAT_AFTER = 0.5
REPEAT = 0.12
#: A start proposed "now" less the play rounds down to the minute: this much late is now.
SLACK = timedelta(minutes=1)


class SetDateButton(TButton):
    """The end screen's offer to set the date of a game whose time was not checked."""

    shown = BooleanProperty(True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(text=f"{NOT_CHECKED}:\nset the date", **kwargs)


class DatePopup(ModalView):
    day = StringProperty("")
    month = StringProperty("")
    year = StringProperty("")
    hour = StringProperty("")
    minute = StringProperty("")
    summary = StringProperty("")
    error = StringProperty("")

    def __init__(
        self,
        start: datetime,
        duration: timedelta,
        on_save: Callable[[datetime], str | None],
        now: datetime | None = None,
        **kwargs: Any,
    ) -> None:
        """``start`` in the table's local time; ``on_save`` takes the start in UTC and
        returns why it was not saved, or None. ``now``: the local time, when the clock
        is known to be right now (a game cannot end after it); None when it is not (a
        stale clock would refuse the true date)."""
        super().__init__(**kwargs)
        self.start = start
        self._duration = duration
        self._on_save = on_save
        self._now = now
        self._repeat: Any = None
        self._show()

    def step(self, field: str, by: int) -> None:
        self.start = stepped(self.start, field, by)
        self.error = ""
        self._show()

    def hold(self, field: str, by: int) -> None:
        """A + or - pressed: one step now, then more while it is held (after a pause
        long enough for a single touch)."""
        self.step(field, by)
        self.let_go()

        def again(_dt: float) -> None:
            self.step(field, by)
            self._repeat = Clock.schedule_interval(lambda _dt: self.step(field, by), REPEAT)

        self._repeat = Clock.schedule_once(again, REPEAT_AFTER)

    def let_go(self) -> None:
        if self._repeat is not None:
            self._repeat.cancel()
            self._repeat = None

    def ended_now(self) -> None:
        """The game just ended: it started its play's length ago, by this clock."""
        now = self._now or local_time(datetime.now(UTC))
        self.start = now - self._duration
        self.error = ""
        self._show()

    def _show(self) -> None:
        start = self.start
        self.day, self.month, self.year = str(start.day), start.strftime("%b"), str(start.year)
        self.hour, self.minute = start.strftime("%H"), start.strftime("%M")
        played_for = ""
        if self._duration >= timedelta(minutes=1):
            end = start + self._duration
            played_for = f"; {_play_words(self._duration)} of play, so it ended about {end:%H:%M}"
        self.summary = f"It started {_spoken(start)}{played_for}."

    def dismiss(self, *args: Any, **kwargs: Any) -> Any:
        self.let_go()  # a + held as the popup closes repeats no more
        return super().dismiss(*args, **kwargs)

    def save(self) -> None:
        if self._now is not None and self.start + self._duration > self._now + SLACK:
            self.error = (
                f"That is later than now ({self._now:%H:%M} on {self._now:%d %b}): a game "
                "that ended then has not been played yet."
            )
            return
        problem = self._on_save(self.start.astimezone().astimezone(UTC))
        if problem:
            self.error = problem
        else:
            self.dismiss()


load_kv("date_setting.kv")

"""Saved times in a person's words: "today 13:52", "yesterday 18:04", "Tue 24 Nov 18:04"."""

from __future__ import annotations

from datetime import datetime, timedelta


def when(saved: str, now: datetime | None = None) -> str:
    """A time the store saved (ISO 8601, UTC), in local time, as near days are spoken of;
    "time unknown" for one that cannot be read (a damaged row)."""
    try:
        moment = datetime.fromisoformat(saved).astimezone()
    except (TypeError, ValueError, OverflowError):  # not a time, or beyond local time's range
        return "time unknown"
    today = (now or datetime.now().astimezone()).date()
    clock = moment.strftime("%H:%M")
    if moment.date() == today:
        return f"today {clock}"
    if moment.date() == today - timedelta(days=1):
        return f"yesterday {clock}"
    if moment.year == today.year:
        return moment.strftime(f"%a %d %b {clock}")
    return moment.strftime(f"%d %b %Y {clock}")

"""Run a test in a chosen local time zone: BG Stats files hold the table's wall-clock
time, so what is written and read depends on the system's zone."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager

#: Central European time with its summer time rule (POSIX form, needs no tz database):
#: UTC+1 in winter, UTC+2 from the last Sunday of March to the last Sunday of October.
CET = "CET-1CEST,M3.5.0,M10.5.0/3"


@contextmanager
def time_zone(posix_tz: str) -> Iterator[None]:
    """The process's local zone is ``posix_tz`` inside the block, as it was after it."""
    before = os.environ.get("TZ")
    os.environ["TZ"] = posix_tz
    time.tzset()
    try:
        yield
    finally:
        if before is None:
            del os.environ["TZ"]
        else:
            os.environ["TZ"] = before
        time.tzset()

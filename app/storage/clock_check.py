"""Is this machine's clock known to be right now?

A Raspberry Pi 4 or earlier has no battery-backed clock: after a power cut it starts at
the time last saved to its card (fake-hwclock, systemd-timesyncd), or at 1970, and keeps
that until the network sets it. The clock is known right when a time service has
synchronised it (systemd-timesyncd's flag file, or the kernel's own flag, which chrony
and ntpd set too) or when the machine keeps time through power cuts (an RTC, as every
PC has); and never while it shows a date before this release of Tableside was made.

Each probe can be replaced (``ClockCheck``'s fields), so tests can fake every case.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

#: How a game whose time was not checked is marked: its end screen, History and Home.
NOT_CHECKED = "Time not checked"

#: No game played with this release of Tableside can be older than it.
RELEASE_DATE = datetime(2026, 12, 2, tzinfo=UTC)

#: systemd-timesyncd creates it once it has synchronised the clock (and removes it at boot).
SYNCHRONIZED_FLAG = Path("/run/systemd/timesync/synchronized")
#: A battery-backed clock; a Pi 5 has one (with a battery fitted), a Pi 4 and earlier none.
RTC = Path("/sys/class/rtc/rtc0")

#: The first year an import refuses (app.exchange), so no later time is exported.
LATEST_YEAR = 2200

#: adjtimex's answer while the kernel's STA_UNSYNC (or STA_CLOCKERR) flag is set.
TIME_ERROR = 5


def adjtimex_state() -> int:
    """The kernel's clock state (adjtimex with no change asked): 0-4 while a time service
    keeps the clock synchronised, TIME_ERROR while not, -1 when it cannot be asked."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        adjtimex = libc.adjtimex
    except (OSError, AttributeError):  # not Linux
        return -1
    # struct timex with modes = 0 (read only); only the return value is read, so its
    # layout, which differs between 32- and 64-bit systems, does not matter: the buffer
    # is larger than any of them.
    timex = ctypes.create_string_buffer(512)
    return int(adjtimex(timex))


def kernel_synchronized(state: Callable[[], int] = adjtimex_state) -> bool:
    return 0 <= state() < TIME_ERROR


def _utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class ClockCheck:
    synchronized_flag: Path = SYNCHRONIZED_FLAG
    rtc: Path = RTC
    kernel_synchronized: Callable[[], bool] = kernel_synchronized
    now: Callable[[], datetime] = _utc_now

    def known_right(self) -> bool:
        if self.now() < RELEASE_DATE:
            return False
        return self.synchronized_flag.exists() or self.kernel_synchronized() or self.rtc.exists()


#: The machine's own clock (tests put a fake in its place).
SYSTEM = ClockCheck()


def clock_known_right() -> bool:
    """Whether a time read from this machine's clock now can be trusted."""
    return SYSTEM.known_right()


def plausible(moment: datetime) -> bool:
    """A time a game of this release can have been played at, and that Tableside's own
    import accepts."""
    return RELEASE_DATE <= moment < datetime(LATEST_YEAR, 1, 1, tzinfo=UTC)

"""Is this machine's clock known to be right now?

A Raspberry Pi 4 or earlier has no battery-backed clock: after a power cut it starts at
the time last saved to its card (fake-hwclock, systemd-timesyncd), or at 1970, and keeps
that until the network sets it. The clock is known right when a time service has
synchronised it (systemd-timesyncd's flag file, or the kernel's own flag, which chrony
and ntpd set too) or when the machine's real-time clock is known to have kept time
through the power cut; and never while it shows a date before this release of Tableside
was made.

Having an RTC is not enough: a Pi 5 always has one, and without its battery it keeps time
only while powered, so after a power cut it starts again from nothing. An RTC counts
when the kernel set the system clock from it at boot (its ``hctosys``) and it shows a
plausible date now: a PC, or a Pi 5 with its battery. A Pi 5 without one, after a power
cut, shows a date near 1970; a Pi 4 has no RTC at all.

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
#: No game played with any release can be older than the first (games saved before
#: times were checked are judged by it: app.storage.sessions).
FIRST_RELEASE = datetime(2026, 11, 29, tzinfo=UTC)

#: systemd-timesyncd creates it once it has synchronised the clock (and removes it at boot).
SYNCHRONIZED_FLAG = Path("/run/systemd/timesync/synchronized")
#: The real-time clock's sysfs folder; a Pi 5 has one (battery or not), a Pi 4 and earlier
#: none.
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


def rtc_kept_time(rtc: Path) -> bool:
    """The RTC at ``rtc`` set the system clock at boot (``hctosys`` is 1) and shows a
    plausible date now (``since_epoch``, its seconds since 1970): it kept time while the
    power was off. False when it cannot be read."""
    try:
        set_the_clock = (rtc / "hctosys").read_text().strip() == "1"
        shows = datetime.fromtimestamp(int((rtc / "since_epoch").read_text()), UTC)
    except (OSError, ValueError, OverflowError):
        return False
    return set_the_clock and plausible(shows)


@dataclass(frozen=True)
class ClockCheck:
    synchronized_flag: Path = SYNCHRONIZED_FLAG
    rtc: Path = RTC
    kernel_synchronized: Callable[[], bool] = kernel_synchronized
    now: Callable[[], datetime] = _utc_now

    def known_right(self) -> bool:
        if self.now() < RELEASE_DATE:
            return False
        synchronised = self.synchronized_flag.exists() or self.kernel_synchronized()
        return synchronised or rtc_kept_time(self.rtc)


#: The machine's own clock (tests put a fake in its place).
SYSTEM = ClockCheck()


def clock_known_right() -> bool:
    """Whether a time read from this machine's clock now can be trusted."""
    return SYSTEM.known_right()


def plausible(moment: datetime) -> bool:
    """A time a game of this release can have been played at, and that Tableside's own
    import accepts."""
    return RELEASE_DATE <= moment < datetime(LATEST_YEAR, 1, 1, tzinfo=UTC)

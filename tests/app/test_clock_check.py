from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from app.storage import clock_check
from app.storage.clock_check import RELEASE_DATE, TIME_ERROR, ClockCheck, kernel_synchronized
from app.storage.store import Store

LATER = RELEASE_DATE + timedelta(days=40)


def _clock(
    tmp_path: Path, flag: bool = False, kernel: bool = False, rtc: bool = False
) -> ClockCheck:
    """A machine with timesyncd's flag, the kernel's synchronised state and an RTC as asked."""
    for name, present in (("synchronized", flag), ("rtc0", rtc)):
        if present:
            (tmp_path / name).touch()
    return ClockCheck(
        synchronized_flag=tmp_path / "synchronized",
        rtc=tmp_path / "rtc0",
        kernel_synchronized=lambda: kernel,
        now=lambda: LATER,
    )


@pytest.mark.parametrize(
    ("machine", "right"),
    [
        ({}, False),  # a Pi 4 after a power cut, before the network answered
        ({"flag": True}, True),  # systemd-timesyncd has synchronised it
        ({"kernel": True}, True),  # chrony or ntpd has (the kernel's STA_UNSYNC is clear)
        ({"rtc": True}, True),  # a battery-backed clock, as a PC has
        ({"flag": True, "kernel": True, "rtc": True}, True),
    ],
    ids=["nothing", "timesyncd", "kernel", "rtc", "all"],
)
def test_the_clock_is_known_right_after_a_sync_or_with_a_battery_clock(
    tmp_path: Path, machine: dict[str, bool], right: bool
) -> None:
    assert _clock(tmp_path, **machine).known_right() is right


@pytest.mark.parametrize(
    ("now", "right"),
    [
        (datetime(1970, 1, 1, tzinfo=UTC), False),  # a Pi with no saved time at all
        (RELEASE_DATE - timedelta(seconds=1), False),
        (RELEASE_DATE, True),
    ],
)
def test_a_date_before_the_release_is_never_right(
    tmp_path: Path, now: datetime, right: bool
) -> None:
    synchronised = _clock(tmp_path, flag=True, kernel=True, rtc=True)
    assert replace(synchronised, now=lambda: now).known_right() is right


def test_the_kernel_state_reads_time_error_as_not_synchronised() -> None:
    assert kernel_synchronized(lambda: 0)  # TIME_OK
    assert kernel_synchronized(lambda: 1)  # a leap second to come: still synchronised
    assert not kernel_synchronized(lambda: TIME_ERROR)
    assert not kernel_synchronized(lambda: -1)  # adjtimex could not be asked
    # This machine's own answer is one of adjtimex's states.
    assert -1 <= clock_check.adjtimex_state() <= TIME_ERROR


def test_a_store_asks_the_machine_s_clock(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    store = Store.in_memory()
    monkeypatch.setattr(clock_check, "SYSTEM", _clock(tmp_path))
    unset = store.start_session("skogen", {}, 1, ["Ana"])
    monkeypatch.setattr(clock_check, "SYSTEM", _clock(tmp_path, rtc=True))
    battery = store.start_session("skogen", {}, 1, ["Ana"])
    assert not store.session(unset).time_checked
    assert store.session(battery).time_checked

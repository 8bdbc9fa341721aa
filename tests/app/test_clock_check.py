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
    """A machine with timesyncd's flag, the kernel's synchronised state and (``rtc``) a
    real-time clock that kept time, as asked."""
    if flag:
        (tmp_path / "synchronized").touch()
    if rtc:
        _rtc(tmp_path / "rtc0", hctosys="1", shows=LATER)
    return ClockCheck(
        synchronized_flag=tmp_path / "synchronized",
        rtc=tmp_path / "rtc0",
        kernel_synchronized=lambda: kernel,
        now=lambda: LATER,
    )


def _rtc(folder: Path, hctosys: str, shows: datetime) -> Path:
    """The sysfs folder of an RTC, as the kernel shows it."""
    folder.mkdir()
    (folder / "hctosys").write_text(hctosys + "\n")
    (folder / "since_epoch").write_text(f"{int(shows.timestamp())}\n")
    return folder


UPTIME = timedelta(minutes=3)


@pytest.mark.parametrize(
    ("hctosys", "shows", "right"),
    [
        # A Pi 5 with its battery: the kernel set the clock from it, and it kept time.
        ("1", LATER, True),
        # A Pi 5 without one, after a power cut: it began again at 1970 when power came
        # back, and the kernel set the clock from it all the same.
        ("1", datetime(1970, 1, 1, tzinfo=UTC) + UPTIME, False),
        # An RTC the kernel did not set the clock from (another clock did, or none).
        ("0", LATER, False),
    ],
    ids=["pi5-battery", "pi5-no-battery-after-power-cut", "not-the-boot-clock"],
)
def test_an_rtc_counts_only_when_it_kept_time(
    tmp_path: Path, hctosys: str, shows: datetime, right: bool
) -> None:
    rtc = _rtc(tmp_path / "rtc0", hctosys, shows)
    pi5 = replace(_clock(tmp_path), rtc=rtc)
    assert pi5.known_right() is right
    # A time service settles it either way.
    assert replace(pi5, kernel_synchronized=lambda: True).known_right()


def test_a_pi_4_has_no_rtc_and_waits_for_a_time_service(tmp_path: Path) -> None:
    pi4 = _clock(tmp_path)  # no rtc0 folder at all
    assert not pi4.known_right()
    assert replace(pi4, kernel_synchronized=lambda: True).known_right()


def test_an_rtc_that_cannot_be_read_does_not_count(tmp_path: Path) -> None:
    rtc = tmp_path / "rtc0"
    rtc.mkdir()
    (rtc / "hctosys").write_text("1\n")
    (rtc / "since_epoch").write_text("not a number\n")
    assert not replace(_clock(tmp_path), rtc=rtc).known_right()


@pytest.mark.parametrize(
    ("machine", "right"),
    [
        ({}, False),  # a Pi 4 after a power cut, before the network answered
        ({"flag": True}, True),  # systemd-timesyncd has synchronised it
        ({"kernel": True}, True),  # chrony or ntpd has (the kernel's STA_UNSYNC is clear)
        ({"rtc": True}, True),  # an RTC that kept time, as a PC's or a Pi 5's with battery
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

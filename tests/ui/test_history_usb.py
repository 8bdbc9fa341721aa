"""History's Export and Import with a (fake) USB stick plugged in, and without one."""

from __future__ import annotations

import re
import shutil
from datetime import datetime
from pathlib import Path

import pytest

from app.exchange import usb_sticks
from app.kit.choice_list import ChoiceListPopup
from app.screens.history import NO_STICK, SAFE_TO_PULL
from tests.ui.driver import Driver
from tests.usb_fakes import DESKTOP_OPTIONS, FakeRoot, plug_stick

pytestmark = pytest.mark.ui

WON = {"result": "won", "reason": "All six Minions defeated.", "cause": "all_minions"}


def finish_a_game(driver: Driver) -> None:
    store = driver.app.store
    store.finish_session(store.start_session("skoventyr", {}, 5, ["Ana"]), WON)


def test_export_goes_to_the_stick_and_says_when_it_can_be_pulled(
    driver: Driver, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(usb_sticks, "ROOT", tmp_path)
    stick = plug_stick(tmp_path, "KINGSTON")
    finish_a_game(driver)
    driver.tap_text("History")
    driver.tap_text("Export")
    driver.wait_for_background()

    notice = next(t for t in driver.texts() if t.startswith("Your games are in "))
    where = re.match(r"Your games are in (export-\S+) on the stick KINGSTON\. Its files", notice)
    assert where is not None, notice
    folder = stick / where.group(1)
    assert {"tableside.json", "sessions.csv", "events.csv"} <= {p.name for p in folder.iterdir()}
    assert notice.endswith(SAFE_TO_PULL)
    driver.close_popups()

    driver.tap_text("Import")  # the stick and its export come first
    popup = next(w for w in driver.visible() if isinstance(w, ChoiceListPopup))
    assert next(iter(popup._groups)) == "KINGSTON: " + _export_name(folder)
    assert "USB stick KINGSTON" not in popup._groups  # no file at the top of the stick


def test_a_file_on_the_stick_is_offered_first_for_import(
    driver: Driver, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(usb_sticks, "ROOT", tmp_path)
    stick = plug_stick(tmp_path, "BACKUP")
    (stick / "plays.bgsplay").write_text("not a play file")
    driver.tap_text("History")
    driver.tap_text("Import")
    assert "plays.bgsplay" in driver.texts()  # the first group is open
    driver.tap_text("plays.bgsplay")
    driver.wait_for_background()
    assert "Nothing was imported" in driver.texts()  # and it was read from the stick


def test_without_a_stick_export_stays_on_the_pi_and_says_so(driver: Driver) -> None:
    finish_a_game(driver)
    driver.tap_text("History")
    driver.tap_text("Export")
    driver.wait_for_background()
    notice = next(t for t in driver.texts() if t.startswith("Your games are in "))
    assert notice.endswith(NO_STICK)
    where = re.match(r"Your games are in (\S+), a folder in (.+?)\. Its files", notice)
    assert where is not None, notice
    # Left on the Pi as before; removed so that the other tests' exports stand alone.
    shutil.rmtree(Path(where.group(2)) / where.group(1))


def test_a_read_only_stick_is_named_as_read_only(
    driver: Driver, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(usb_sticks, "ROOT", tmp_path)
    fake = FakeRoot(tmp_path)
    fake.disk("sda", removable=True, usb=True)
    fake.partition("sda", "sda1")  # its lock switch on: the desktop mounts it read-only
    stick = fake.mount("/dev/sda1", "/media/pi/LOCKED", options="ro" + DESKTOP_OPTIONS[2:])
    finish_a_game(driver)
    driver.tap_text("History")
    driver.tap_text("Export")
    driver.wait_for_background()

    notice = next(t for t in driver.texts() if t.startswith("Your games are in "))
    assert NO_STICK not in notice
    assert notice.endswith(
        "The USB stick LOCKED is read-only: nothing can be written to it. If it has a lock "
        "switch, slide it to unlocked, or plug in another stick, then try again."
    )
    assert list(stick.iterdir()) == []
    where = re.match(r"Your games are in (\S+), a folder in (.+?)\. Its files", notice)
    assert where is not None, notice
    shutil.rmtree(Path(where.group(2)) / where.group(1))


def _export_name(folder: Path) -> str:
    return datetime.strptime(folder.name, "export-%Y%m%d-%H%M%S").strftime("Export %d %b %H:%M")

"""Finding USB sticks from the mounts table and /sys, faked; flushing files to them."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from app.exchange import usb_sticks
from app.exchange.usb_sticks import Stick
from tests.usb_fakes import FakeRoot, plug_stick


@pytest.fixture
def fake(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> FakeRoot:
    monkeypatch.setattr(usb_sticks, "ROOT", tmp_path)
    return FakeRoot(tmp_path)


def test_a_stick_the_desktop_mounted_is_found_by_its_label(tmp_path: Path, fake: FakeRoot) -> None:
    folder = plug_stick(tmp_path, "KINGSTON", user="pi")
    assert usb_sticks.find_sticks() == [Stick(folder, "KINGSTON", writable=True)]


def test_a_stick_mounted_for_the_lite_service_under_run_media_is_found(fake: FakeRoot) -> None:
    fake.disk("sdb", removable=True)
    fake.partition("sdb", "sdb1")
    options = "rw,nosuid,nodev,noexec,relatime,uid=999,gid=995"
    folder = fake.mount("/dev/sdb1", "/run/media/system/BACKUP", options=options)
    assert usb_sticks.find_sticks() == [Stick(folder, "BACKUP", writable=True)]


def test_a_whole_disk_stick_under_mnt_and_a_label_with_a_space(fake: FakeRoot) -> None:
    fake.disk("sdc", removable=True)
    folder = fake.mount("/dev/sdc", "/mnt/MY STICK")
    (stick,) = usb_sticks.find_sticks()
    assert stick.folder == folder and stick.label == "MY STICK"


def test_a_usb_disk_that_says_it_is_not_removable_still_counts(fake: FakeRoot) -> None:
    fake.disk("sda", removable=False, usb=True)
    fake.partition("sda", "sda1")
    fake.mount("/dev/sda1", "/media/pi/SSD")
    assert [stick.label for stick in usb_sticks.find_sticks()] == ["SSD"]


def test_fixed_disks_other_places_and_non_devices_are_not_sticks(fake: FakeRoot) -> None:
    fake.disk("mmcblk0", removable=False)  # the Pi's SD card, not on USB
    fake.partition("mmcblk0", "mmcblk0p1")
    fake.mount("/dev/mmcblk0p1", "/media/pi/bootfs")
    fake.disk("sdd", removable=True, usb=True)
    fake.partition("sdd", "sdd1")
    fake.mount("/dev/sdd1", "/boot/firmware")  # removable, but not where sticks go
    fake.mount("tmpfs", "/mnt/scratch", fs="tmpfs", options="rw")
    fake.mount("/dev/sde1", "/media/pi/GONE")  # a stick pulled out: no longer in /sys
    assert usb_sticks.find_sticks() == []


def test_a_read_only_stick_is_found_but_not_writable(fake: FakeRoot) -> None:
    fake.disk("sda", removable=True)
    fake.partition("sda", "sda1")
    fake.mount("/dev/sda1", "/media/pi/LOCKED", options="ro,nosuid,nodev")
    (stick,) = usb_sticks.find_sticks()
    assert not stick.writable


def test_no_mounts_table_means_no_sticks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(usb_sticks, "ROOT", tmp_path / "not-linux")
    assert usb_sticks.find_sticks() == []


def test_flush_syncs_every_file_and_folder_of_an_export(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    export = tmp_path / "stick" / "export-20261201-201500"
    (export / "inner").mkdir(parents=True)
    (export / "tableside.json").write_text("{}")
    (export / "inner" / "events.csv").write_text("seq\n")
    synced: list[str] = []
    real_fsync = os.fsync

    def record(descriptor: int) -> None:
        synced.append(os.readlink(f"/proc/self/fd/{descriptor}"))
        real_fsync(descriptor)

    monkeypatch.setattr(os, "fsync", record)
    usb_sticks.flush(export)
    expected = [export / "tableside.json", export / "inner/events.csv", export / "inner"]
    assert set(synced) == {str(p) for p in [*expected, export, export.parent]}
    # Files before the folders that name them.
    assert synced.index(str(export / "inner/events.csv")) < synced.index(str(export / "inner"))


def test_flush_says_when_the_stick_is_gone(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        usb_sticks.flush(tmp_path / "pulled-out" / "export-20261201-201500")

"""USB sticks: where a plugged-in stick is mounted, so that History's Export writes to it
and Import looks on it first; and making sure what was written is on the stick before
the person pulls it out.

Who mounts a stick:
- on a desktop, the file manager (through udisks2), under /media/<user>/<label>
  (/run/media/<user>/<label> on some distributions);
- on Raspberry Pi OS Lite nothing does, so deploy/install.sh adds a udev rule
  (deploy/usb-stick.rules) that mounts it with systemd-mount under
  /run/media/system/<label>, owned by the service user;
- a person by hand, often under /mnt/<name> or /media/<name>.

Either way a stick is a line of the mounts table (/proc/mounts) whose device is a
removable block device (/sys/block/<disk>/removable is 1) or one on the USB bus (some
sticks and USB disks say they are not removable). Everything is read under ``ROOT``
("/"), which the tests point at a fake tree.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from app.storage.volatile import mount_field

#: The root of the file system the tables and mount points are read under.
ROOT = Path("/")

#: Where sticks get mounted (see above); a removable device mounted elsewhere (the
#: Pi's own SD card, say) is not offered.
MOUNT_PLACES = ("/media/*/*", "/media/*", "/run/media/*/*", "/mnt/*")


@dataclass(frozen=True)
class Stick:
    #: Where its files are.
    folder: Path
    #: Its name for the screen: the mount point's name, which the mounters take from
    #: the stick's label.
    label: str
    writable: bool


def find_sticks() -> list[Stick]:
    """The USB sticks mounted now, by mount point."""
    try:
        table = (ROOT / "proc/mounts").read_text(encoding="utf-8", errors="replace")
    except OSError:  # no mounts table (not Linux): no sticks to offer
        return []
    sticks = []
    for line in table.splitlines():
        fields = line.split()
        if len(fields) < 4:
            continue
        device, mount_point, options = mount_field(fields[0]), mount_field(fields[1]), fields[3]
        where = PurePosixPath(mount_point)
        if not any(where.match(place) for place in MOUNT_PLACES):
            continue
        if not _is_removable(device):
            continue
        sticks.append(
            Stick(
                folder=ROOT / where.relative_to("/"),
                label=where.name,
                writable="ro" not in options.split(","),
            )
        )
    return sorted(sticks, key=lambda stick: str(stick.folder))


def _is_removable(device: str) -> bool:
    """Whether ``device`` ("/dev/sda1") is, or is a partition of, a removable disk or
    one on the USB bus."""
    if not device.startswith("/dev/"):
        return False  # tmpfs, a network share, a loop file...
    name = PurePosixPath(device).name
    try:
        disks = list((ROOT / "sys/block").iterdir())
    except OSError:
        return False
    for disk in disks:
        # /sys/block/sda is the disk; its partitions are folders in it (/sys/block/sda/sda1).
        if disk.name != name and not (disk / name).is_dir():
            continue
        try:
            removable = (disk / "removable").read_text().strip() == "1"
        except OSError:
            removable = False
        # /sys/block/sda links to the device's place among the buses, which for a USB
        # disk passes through a USB controller (.../usb1/1-1/...).
        return removable or "/usb" in str(disk.resolve())
    return False


def flush(folder: Path) -> None:
    """Write the files of ``folder`` (and its own entry in its parent) through to the
    device, so that pulling the stick out afterwards loses nothing. Raises ``OSError``
    if the device cannot take them."""
    directories = [folder, folder.parent]
    for path in folder.rglob("*"):
        if path.is_dir():
            directories.append(path)
        elif path.is_file():
            _fsync(path, os.O_RDONLY)
    for directory in directories:  # after their files: the entries naming them
        _fsync(directory, os.O_RDONLY | os.O_DIRECTORY)


def _fsync(path: Path, flags: int) -> None:
    descriptor = os.open(path, flags)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)

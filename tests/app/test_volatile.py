"""Saved games in memory only (raspi-config's overlay file system, a tmpfs folder) are
found from the kernel command line and the mount table, and said in a player's words."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.storage.volatile import Machine, lost_at_restart

CARD = "/dev/mmcblk0p2 / ext4 rw,noatime 0 0\n"
#: raspi-config's overlay: the card read-only below, the changes in a tmpfs above.
OVERLAY = (
    "/dev/mmcblk0p2 /media/root-ro ext4 ro,relatime 0 0\n"
    "tmpfs-root /media/root-rw tmpfs rw,relatime 0 0\n"
    "overlayroot / overlay rw,relatime,lowerdir=/media/root-ro,"
    "upperdir=/media/root-rw/overlay,workdir=/media/root-rw/overlay-workdir 0 0\n"
)
#: A container's root: an overlay too, its upper layer on the host's disk.
CONTAINER = (
    "overlay / overlay rw,relatime,lowerdir=/var/lib/docker/overlay2/l/A,"
    "upperdir=/var/lib/docker/overlay2/x/diff,workdir=/var/lib/docker/overlay2/x/work 0 0\n"
)
TMP = "tmpfs /tmp tmpfs rw,nosuid,nodev 0 0\n"
STICK = "/dev/sda1 /media/usb\\040stick vfat rw,relatime 0 0\n"
#: The service's saved-games folder as systemd's sandbox (StateDirectory=) mounts it: a
#: folder of the card's root partition, bind-mounted in its own place.
STATE_DIRECTORY = "/dev/mmcblk0p2 /var/lib/tableside ext4 rw,noatime 0 0\n"
SERVICE_DB = Path("/var/lib/tableside/tableside.db")
BOOT = "console=tty1 root=PARTUUID=1234-02 rootfstype=ext4 fsck.repair=yes rootwait"


def machine(tmp_path: Path, mounts: str, cmdline: str = BOOT) -> Machine:
    (tmp_path / "cmdline").write_text(cmdline + "\n")
    (tmp_path / "mounts").write_text(mounts)
    return Machine(cmdline=tmp_path / "cmdline", mounts=tmp_path / "mounts")


HOME_DB = Path("/home/pi/.local/share/tableside/tableside.db")


@pytest.mark.parametrize(
    ("mounts", "cmdline", "db", "lost"),
    [
        (CARD, BOOT, HOME_DB, ""),
        (OVERLAY, BOOT + " overlayroot=tmpfs", HOME_DB, "overlay file system"),
        (OVERLAY, BOOT, HOME_DB, "overlay file system"),  # found by the mounts alone
        (CARD, BOOT + " overlayroot=tmpfs", HOME_DB, "overlay file system"),  # by boot
        (CARD, BOOT + " overlayroot=disabled", HOME_DB, ""),
        (CONTAINER, BOOT, HOME_DB, ""),
        (CARD + TMP, BOOT, Path("/tmp/games/tableside.db"), "(/tmp/games) is in memory"),
        # Games on a stick escape the overlay.
        (OVERLAY + STICK, BOOT + " overlayroot=tmpfs", Path("/media/usb stick/t.db"), ""),
        # The service's own folder, bind-mounted from the root partition, does not.
        (CARD + STATE_DIRECTORY, BOOT + " overlayroot=tmpfs", SERVICE_DB, "overlay file system"),
        (CARD + STATE_DIRECTORY, BOOT, SERVICE_DB, ""),
    ],
    ids=[
        "card",
        "overlay",
        "overlay-mounts",
        "overlay-cmdline",
        "disabled",
        "container",
        "tmpfs-folder",
        "stick-under-overlay",
        "service-folder-under-overlay",
        "service-folder",
    ],
)
def test_games_kept_in_memory_only_are_found(
    tmp_path: Path, mounts: str, cmdline: str, db: Path, lost: str
) -> None:
    words = lost_at_restart(db, machine(tmp_path, mounts, cmdline))
    if not lost:
        assert words is None
    else:
        assert words is not None and lost in words
        assert "TABLESIDE_DB" in words  # and says what to do


def test_unreadable_probes_are_taken_as_kept(tmp_path: Path) -> None:
    nowhere = Machine(cmdline=tmp_path / "none", mounts=tmp_path / "none")
    assert lost_at_restart(HOME_DB, nowhere) is None

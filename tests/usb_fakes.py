"""A fake file-system root for app.exchange.usb_sticks: a mounts table, /sys/block and the
mount points, as the kernel and the mounters lay them out, without any hardware."""

from __future__ import annotations

from pathlib import Path

#: A line of /proc/mounts for a stick the desktop's file manager mounted (udisks2).
DESKTOP_OPTIONS = "rw,nosuid,nodev,relatime,uid=1000,gid=1000,fmask=0022,dmask=0022"


class FakeRoot:
    """Everything under ``root``; point ``app.exchange.usb_sticks.ROOT`` at it."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.mounts: list[str] = []
        (root / "proc").mkdir(parents=True, exist_ok=True)
        (root / "sys/block").mkdir(parents=True, exist_ok=True)
        self._write_mounts()

    def disk(self, name: str, removable: bool, usb: bool = False) -> Path:
        """/sys/block/NAME; a USB disk's entry links into a USB controller's folder, as
        the real one links into /sys/devices."""
        bus = "usb1/1-1/1-1:1.0/host0/target0:0:0/0:0:0:0" if usb else "soc/mmc0/mmc0:0001"
        place = self.root / "sys/devices/platform" / bus / "block" / name
        place.mkdir(parents=True, exist_ok=True)
        (place / "removable").write_text("1\n" if removable else "0\n")
        (self.root / "sys/block" / name).symlink_to(place)
        return place

    def partition(self, disk: str, name: str) -> None:
        (self.root / "sys/block" / disk / name).mkdir()

    def mount(
        self, device: str, mount_point: str, fs: str = "vfat", options: str = DESKTOP_OPTIONS
    ) -> Path:
        """A line in /proc/mounts (spaces escaped as the kernel does); returns the
        mount point's folder under the fake root, created."""
        escaped = mount_point.replace(" ", "\\040")
        self.mounts.append(f"{device} {escaped} {fs} {options} 0 0")
        self._write_mounts()
        folder = self.root / mount_point.lstrip("/")
        folder.mkdir(parents=True, exist_ok=True)
        return folder

    def _write_mounts(self) -> None:
        base = ["/dev/mmcblk0p2 / ext4 rw,noatime 0 0", "proc /proc proc rw 0 0"]
        (self.root / "proc/mounts").write_text("\n".join(base + self.mounts) + "\n")


def plug_stick(root: Path, label: str = "KINGSTON", user: str = "pi") -> Path:
    """A removable USB stick /dev/sda1 as a desktop mounts it, /media/USER/LABEL; returns
    its folder."""
    fake = FakeRoot(root)
    fake.disk("sda", removable=True, usb=True)
    fake.partition("sda", "sda1")
    return fake.mount("/dev/sda1", f"/media/{user}/{label}")

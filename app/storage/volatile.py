"""Will the saved games outlive a restart? Not on a file system that lives in memory.

raspi-config's Overlay File System (often recommended to spare SD cards) puts every write
of the root file system in RAM: ``overlayroot=tmpfs`` on the kernel command line, and ``/``
an overlay whose upper layer is a tmpfs. Saved games there vanish at the next reboot
while every save succeeds, so the loss would be silent. A saved-games folder on a tmpfs
or ramfs mount (``/tmp`` on many systems) loses them the same way.

An overlay is not in itself a sign: a container's root is one too, its upper layer on
disk. Only an upper layer on a memory mount counts.

The probes read files, so tests give fake ones (``Machine``).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

#: File systems that live in memory only.
MEMORY = {"tmpfs", "ramfs"}


@dataclass(frozen=True)
class Mount:
    #: What is mounted: a partition ("/dev/mmcblk0p2"), or a name ("tmpfs"). A folder
    #: bind-mounted elsewhere (systemd's StateDirectory= in a sandboxed service) shows
    #: the device of the file system it belongs to.
    device: str
    point: str
    fstype: str
    options: dict[str, str]


@dataclass(frozen=True)
class Machine:
    cmdline: Path = Path("/proc/cmdline")
    mounts: Path = Path("/proc/self/mounts")

    def overlay_at_boot(self) -> bool:
        """The kernel command line asks for raspi-config's overlay root."""
        try:
            words = self.cmdline.read_text().split()
        except OSError:
            return False
        return any(
            word.startswith("overlayroot=") and word.split("=", 1)[1] not in ("", "disabled")
            for word in words
        )

    def mount_table(self) -> list[Mount]:
        try:
            lines = self.mounts.read_text().splitlines()
        except OSError:
            return []
        table = []
        for line in lines:
            fields = line.split()
            if len(fields) >= 4:
                options = dict(option.partition("=")[::2] for option in fields[3].split(","))
                table.append(
                    Mount(mount_field(fields[0]), mount_field(fields[1]), fields[2], options)
                )
        return table


def mount_field(field: str) -> str:
    """A mounts-table field as it is: the kernel writes a space as \\040, a tab as
    \\011, a newline as \\012 and a backslash as \\134 (any other byte, a letter
    beyond ASCII too, as it is)."""
    return re.sub(r"\\([0-7]{3})", lambda octal: chr(int(octal.group(1), 8)), field)


def _mount_of(path: str, table: list[Mount]) -> Mount | None:
    """The mount that holds ``path``: the one at its longest matching point (of two at the
    same point, the later, which hides the other)."""
    best: Mount | None = None
    for mount in table:
        point = mount.point.rstrip("/")
        inside = path == point or path.startswith(point + "/")
        if inside and (best is None or len(point) >= len(best.point.rstrip("/"))):
            best = mount
    return best


def memory_kind(path: Path, machine: Machine) -> str:
    """How files written at ``path`` are kept in memory only: "overlay" (an overlay whose
    upper layer is a memory mount), "memory" (a tmpfs or ramfs), "" when they are not."""
    table = machine.mount_table()
    mount = _mount_of(os.path.realpath(path), table)
    if mount is None:
        return ""
    if mount.fstype in MEMORY:
        return "memory"
    upper = mount.options.get("upperdir", "")
    if mount.fstype == "overlay" and upper:
        holder = _mount_of(upper, [other for other in table if other is not mount])
        return "overlay" if holder is not None and holder.fstype in MEMORY else ""
    return ""


#: The warning's few words, for the top bars of Home and Settings.
SHORT = "Games are lost at restart"


def lost_at_restart(db_path: Path, machine: Machine | None = None) -> str | None:
    """Why games saved at ``db_path`` would be lost at the next restart, with what to do,
    in a player's words; None when they are kept."""
    machine = machine or SYSTEM
    kind = memory_kind(db_path.parent, machine)
    if not kind and machine.overlay_at_boot() and _on_root(db_path.parent, machine):
        kind = "overlay"  # asked for at boot; a stick or another partition escapes it
    if kind == "overlay":
        return (
            "Your games are kept only until Tableside is turned off: the overlay file "
            "system keeps every change in memory, not on the card. To keep them, turn the "
            "overlay off (raspi-config: Performance Options, Overlay File System), or keep "
            "the saved games on a USB stick or another partition (TABLESIDE_DB, see the "
            "README)."
        )
    if kind == "memory":
        return (
            f"Your games are kept only until Tableside is turned off: their folder "
            f"({db_path.parent}) is in memory, not on the card. To keep them, point "
            "TABLESIDE_DB at a folder on the card, a USB stick or another partition (see "
            "the README)."
        )
    return None


def _on_root(path: Path, machine: Machine) -> bool:
    """``path`` is on the root file system (or the mounts cannot be read): under ``/``'s
    own mount, or a folder of it bind-mounted elsewhere (the service's saved-games folder,
    as systemd sandboxes it: the emulated Pi showed the overlay unsaid for that)."""
    table = machine.mount_table()
    mount = _mount_of(os.path.realpath(path), table)
    root = _mount_of("/", table)
    return mount is None or mount.point == "/" or (root is not None and mount.device == root.device)


#: This machine (tests put a fake in its place).
SYSTEM = Machine()

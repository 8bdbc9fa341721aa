#!/usr/bin/env python3
"""Tableside on an emulated Raspberry Pi: arm64 Debian under qemu, as close to a Pi at the
table as this machine allows.

    sudo python3 deploy/emulated-pi/emulated_pi.py                 # every step, both releases
    sudo python3 deploy/emulated-pi/emulated_pi.py --release trixie --steps lite

Steps (each check prints a PASS line with its time, a step that fails a FAIL line saying
what was seen; the exit status is 1 if any failed):

lite     A minimal arm64 root (debootstrap minbase: python3, git, sudo and nothing else), a
         non-root user with sudo, as on Raspberry Pi OS Lite. The user clones the project
         and runs the README's ``./tableside``, which must install every system library
         the app needs by itself; then every screen is rendered (``--screenshots --check``)
         under a virtual display, the one thing a real Pi has that this root lacks.
boot     A full-system arm64 VM (qemu-system-aarch64, Debian's arm64 kernel, the root as
         its virtio disk, a virtio GPU, no KVM): ``deploy/install.sh --mode console``
         installs the service, the VM reboots, systemd starts Tableside on KMS/DRM and a
         screendump shows Home. A game is started and played by touches (a multitouch
         panel made inside the VM, guest/touch-panel.py), the VM is killed (a pulled
         plug), booted again, and the game is offered and resumes at the same move.
         Then Settings → Turn off the Pi turns the VM off (install.sh's polkit rule),
         and booted with ``overlayroot=tmpfs`` Home warns that games are lost at restart.
overlay  That last check alone, on the boot step's disk (after a change to it).
desktop  (trixie) lightdm with autologin and labwc: the autostart entry starts the app
         after login, and starts it again after it is killed.

Roots, disk images, logs and screendumps are kept in the cache folder (``--cache``,
default ~/.cache/tableside-emulated-pi), never in the repository. The project is taken
from this repository's committed HEAD (a git bundle), as a clean clone would be.
Needs root; it installs Debian's debootstrap, qemu-user-static, qemu-system-arm, e2fsprogs
and tesseract-ocr (which reads the screendumps) when they are missing.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import shutil
import socket
import struct
import subprocess
import sys
import time
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
GUEST = HERE / "guest"

#: The Debian releases of Raspberry Pi OS 64-bit, with the Python each brings.
RELEASES = {"bookworm": "3.11", "trixie": "3.13"}
MIRROR = "http://deb.debian.org/debian"
USER = "pi"  # Raspberry Pi OS's first user has sudo without a password; so has this one
# Packages the boot step adds to the Lite root (the kernel comes from kernel_layer):
# systemd as init, udev for the GPU and input devices, and DHCP through systemd-networkd.
# Nothing the app itself uses.
BOOT_PACKAGES = ["systemd-sysv", "udev", "kmod", "iproute2", "procps"]
# Raspberry Pi OS's desktop, as far as Debian has it: lightdm logging the user in to a
# labwc session, XWayland for Kivy's SDL (which has no Wayland), and dex to start the
# XDG autostart entries (Pi OS's labwc autostart uses lxsession-xdg-autostart).
DESKTOP_PACKAGES = ["lightdm", "labwc", "xwayland", "swayidle", "dex", "dbus-user-session"]
HOST_CA_BUNDLE = Path("/etc/ssl/certs/ca-certificates.crt")
ROOT_LABEL = "tableside-pi"
#: Inside the VM: the user brings the clone up to this repository's HEAD (a bundle).
UPDATE_CLONE = (
    f"runuser -u {USER} -- git -C /home/{USER}/tableside pull -q --ff-only "
    "/usr/local/lib/emulated-pi/tableside.bundle HEAD"
)


# --- Reporting --------------------------------------------------------------------------


@dataclass
class Report:
    failures: int = 0
    lines: list[str] = field(default_factory=list)

    def line(self, ok: bool, release: str, name: str, detail: str, seconds: float) -> None:
        text = f"{'PASS' if ok else 'FAIL'} {release:8} {name}: {detail} ({_duration(seconds)})"
        self.lines.append(text)
        self.failures += not ok
        print(text, flush=True)


def _duration(seconds: float) -> str:
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes}m{rest:02d}s" if minutes else f"{rest}s"


#: What a step calls for each of its checks that held: its name and what was seen.
Passed = Callable[[str, str], None]


class StepFailed(Exception):
    """A check that did not hold; its message says what was seen."""


def log(message: str) -> None:
    print(f"  .. {message}", file=sys.stderr, flush=True)


# --- Running things ---------------------------------------------------------------------


def run(
    cmd: list[str],
    *,
    log_to: Path | None = None,
    check: bool = True,
    env: dict[str, str] | None = None,
    timeout: float | None = None,
) -> str:
    """Run a host command; its output goes to ``log_to`` (appended) and is returned."""
    result = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout)
    output = result.stdout + result.stderr
    if log_to is not None:
        with log_to.open("a") as handle:
            handle.write(f"$ {' '.join(cmd)}\n{output}\n[exit {result.returncode}]\n")
    if check and result.returncode != 0:
        tail = "\n".join(output.strip().splitlines()[-15:])
        raise StepFailed(f"{' '.join(cmd[:6])}... exited {result.returncode}:\n{tail}")
    return output


@contextlib.contextmanager
def mounted(root: Path) -> Iterator[None]:
    """/proc, /sys and /dev inside a root, for the length of a chroot session."""
    points = [
        ("proc", root / "proc", ["-t", "proc", "proc"]),
        ("sys", root / "sys", ["-t", "sysfs", "sysfs"]),
        ("dev", root / "dev", ["--rbind", "/dev"]),
    ]
    done: list[Path] = []
    try:
        for _name, target, how in points:
            target.mkdir(exist_ok=True)
            run(["mount", *how, str(target)])
            done.append(target)
        yield
    finally:
        for target in reversed(done):
            subprocess.run(["umount", "-R", "-l", str(target)], check=False)


def in_root(
    root: Path,
    script: str,
    *,
    user: str = "root",
    log_to: Path | None = None,
    check: bool = True,
    timeout: float = 3600,
) -> str:
    """Run a bash script inside the root (under qemu-user), as root or as the user."""
    env = {
        "PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
        "LANG": "C.UTF-8",
        "TERM": "dumb",
        "DEBIAN_FRONTEND": "noninteractive",
    }
    # Its own host name (a UTS namespace), as the hosts file says: sudo looks it up.
    cmd = [
        "unshare",
        "--uts",
        "sh",
        "-c",
        'hostname tableside-pi && exec "$@"',
        "-",
        "chroot",
        str(root),
    ]
    if user == "root":
        cmd += [
            "env",
            "-i",
            *(f"{k}={v}" for k, v in env.items()),
            "HOME=/root",
            "bash",
            "-c",
            script,
        ]
    else:
        # A login shell, as a person who opened a terminal would have.
        cmd += [
            "env",
            "-i",
            *(f"{k}={v}" for k, v in env.items()),
            "runuser",
            "-l",
            user,
            "-c",
            script,
        ]
    return run(cmd, log_to=log_to, check=check, timeout=timeout)


#: What the harness runs on this machine, and the Debian package that has it.
HOST_TOOLS = {
    "debootstrap": "debootstrap",
    "qemu-aarch64-static": "qemu-user-static",
    "qemu-system-aarch64": "qemu-system-arm",
    "mke2fs": "e2fsprogs",
    "tesseract": "tesseract-ocr",
    "git": "git",
}


def ensure_host_tools() -> None:
    """Install the Debian packages of the tools that are missing here."""
    missing = sorted({package for tool, package in HOST_TOOLS.items() if not shutil.which(tool)})
    if missing:
        log(f"installing on this machine: {' '.join(missing)}")
        run(["apt-get", "update", "-qq"])
        run(
            ["apt-get", "install", "-y", "-qq", *missing],
            env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"},
        )


BINFMT = Path("/proc/sys/fs/binfmt_misc")
SYSTEMD_BINFMT = Path("/usr/lib/binfmt.d/qemu-aarch64.conf")


def ensure_binfmt() -> None:
    """arm64 programs run through qemu-user, with set-user-id honoured.

    Debian registers qemu-aarch64 without the 'C' flag, so inside the root sudo runs
    without its set-user-id bit and refuses ("effective uid is not 0"); a person on a Pi
    has a working sudo, and ./tableside uses it. Re-registered with the same magic and
    interpreter, adding O and C (open the binary, credentials from it) to its flags."""
    if not (BINFMT / "register").exists():
        run(["mount", "-t", "binfmt_misc", "binfmt_misc", str(BINFMT)])
    entry = BINFMT / "qemu-aarch64"
    if not entry.exists() and shutil.which("update-binfmts"):
        run(["update-binfmts", "--enable", "qemu-aarch64"])
    elif not entry.exists():
        # No binfmt-support (a container without systemd, which would register it at
        # boot): qemu-user-static's own line for systemd-binfmt, registered by hand.
        (BINFMT / "register").write_text(SYSTEMD_BINFMT.read_text().strip())
    info = dict(line.split(" ", 1) for line in entry.read_text().splitlines() if " " in line)
    if "C" in info["flags:"]:
        return
    # (Debian's wrapper, aarch64-binfmt-P, expects the P flag: argv[0] preserved.)

    def escaped(hex_text: str) -> str:
        return "".join(f"\\x{hex_text[i : i + 2]}" for i in range(0, len(hex_text), 2))

    entry.write_text("-1")
    (BINFMT / "register").write_text(
        f":qemu-aarch64:M::{escaped(info['magic'])}:{escaped(info['mask'])}:"
        f"{info['interpreter']}:{''.join(sorted(set(info['flags:'].strip()) | set('OC')))}"
    )


# --- The roots --------------------------------------------------------------------------


def base_root(cache: Path, release: str, logs: Path) -> Path:
    """debootstrap minbase with python3, git and sudo, and the user; built once."""
    root = cache / release / "base"
    stamp = root / ".tableside-base-done"
    if stamp.exists():
        return root
    if not (root / ".debootstrap-done").exists():
        shutil.rmtree(root, ignore_errors=True)
        root.parent.mkdir(parents=True, exist_ok=True)
        log(f"debootstrap {release} arm64 (about 6 minutes)")
        run(
            [
                "debootstrap",
                "--arch=arm64",
                "--variant=minbase",
                "--include=python3,git,sudo,ca-certificates",
                release,
                str(root),
                MIRROR,
            ],
            log_to=logs / "debootstrap.log",
        )
        (root / ".debootstrap-done").touch()
    # This machine reaches the package registries through its own certificate
    # authority: the root needs its bundle (apt itself is plain http), kept under a name
    # that the root's own update-ca-certificates never rewrites, and pip pointed at it.
    shutil.copy(HOST_CA_BUNDLE, root / "etc/ssl/certs/host-ca-bundle.crt")
    (root / "etc/pip.conf").write_text("[global]\ncert = /etc/ssl/certs/host-ca-bundle.crt\n")
    (root / "etc/hostname").write_text("tableside-pi\n")
    (root / "etc/hosts").write_text("127.0.0.1 localhost\n127.0.1.1 tableside-pi\n")
    with mounted(root):
        in_root(
            root,
            f"useradd --create-home --shell /bin/bash --groups sudo {USER} && "
            f"echo '{USER} ALL=(ALL) NOPASSWD: ALL' >/etc/sudoers.d/010_{USER}-nopasswd && "
            f"chmod 0440 /etc/sudoers.d/010_{USER}-nopasswd && apt-get clean",
            log_to=logs / "debootstrap.log",
        )
    stamp.write_text(time.strftime("%F %T\n"))
    return root


def fresh_copy(source: Path, target: Path) -> Path:
    shutil.rmtree(target, ignore_errors=True)
    run(["cp", "-a", "--reflink=auto", str(source), str(target)])
    shutil.copy("/etc/resolv.conf", target / "etc/resolv.conf")
    return target


def project_bundle(into: Path) -> None:
    """The project's committed HEAD as a git bundle, for a clone inside the root."""
    into.parent.mkdir(parents=True, exist_ok=True)
    run(["git", "-C", str(REPO), "bundle", "create", str(into), "HEAD", "--branches"])


# --- Step: Lite ---------------------------------------------------------------------------

# The shared libraries the app opens at run time on a Pi without a desktop: Kivy's
# bundled SDL2 dlopens EGL, GLES and GBM/DRM for KMS output (Mesa's drivers behind
# them), and Kivy's touch provider opens mtdev. None is in a minimal root.
RUNTIME_LIBRARIES = ["libEGL.so.1", "libGLESv2.so.2", "libgbm.so.1", "libdrm.so.2", "libmtdev.so.1"]


def step_lite(cache: Path, release: str, logs: Path, passed: Passed) -> str:
    base = base_root(cache, release, logs)
    root = fresh_copy(base, cache / release / "lite")
    project_bundle(root / "tmp/tableside.bundle")
    with mounted(root):
        return _lite_in(root, cache, release, logs, passed)


def _lite_in(root: Path, cache: Path, release: str, logs: Path, passed: Passed) -> str:
    home = f"/home/{USER}"
    log(f"{release}: git clone, then ./tableside as '{USER}' (first run installs)")
    # No display: what a person sees on Lite's console. `run --help` installs everything
    # (system packages, .venv) and stops before opening a window.
    first = in_root(
        root,
        "git clone -q /tmp/tableside.bundle tableside && cd tableside && ./tableside run --help",
        user=USER,
        log_to=logs / "lite.log",
    )
    if "installing" not in first:
        raise StepFailed("the first run of ./tableside said nothing about installing")
    probe = root / "tmp/runtime_libraries.py"
    probe.write_text(
        "import ctypes\n"
        f"for name in {RUNTIME_LIBRARIES!r}:\n"
        "    try:\n        ctypes.CDLL(name)\n"
        "    except OSError:\n        print(name)\n"
    )
    missing = in_root(
        root,
        f"{home}/tableside/.venv/bin/python /tmp/runtime_libraries.py",
        user=USER,
        log_to=logs / "lite.log",
    ).split()
    if missing:
        raise StepFailed(f"./tableside left these libraries out: {', '.join(missing)}")
    installed = re.findall(r"installing system packages[^:]*: (.*)", first)
    packages = sorted({word for found in installed for word in found.split()})
    passed(
        "first run",
        f"./tableside installed {', '.join(packages) or 'no system package'} and .venv "
        "by itself, saying so; the app's run-time libraries all load",
    )
    # The virtual display stands in for the panel; it is the harness's, not the app's.
    in_root(root, "apt-get install -y -qq xvfb xauth >/dev/null", log_to=logs / "lite.log")
    shots = f"{home}/screenshots"
    in_root(
        root,
        f"cd tableside && xvfb-run -a -s '-screen 0 1280x800x24' "
        f"./tableside run --screenshots {shots} --check",
        user=USER,
        log_to=logs / "lite.log",
        timeout=5400,
    )
    out = cache / release / "screenshots"
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(root / shots.lstrip("/"), out)
    count = len(list(out.glob("*.png")))
    if count == 0:
        raise StepFailed("--screenshots wrote no PNG")
    return f"{count} screens rendered and checked at 800x480 ({out})"


# --- The virtual machine ------------------------------------------------------------------


def png_from_ppm(ppm: Path, png: Path) -> tuple[int, int]:
    """QEMU's screendump (binary PPM) as a PNG, with the standard library only."""
    data = ppm.read_bytes()
    fields: list[bytes] = []
    at = 0
    while len(fields) < 4:  # P6, width, height, maxval, with comments skipped
        while data[at : at + 1].isspace():
            at += 1
        if data[at : at + 1] == b"#":
            at = data.index(b"\n", at)
            continue
        end = at
        while not data[end : end + 1].isspace():
            end += 1
        fields.append(data[at:end])
        at = end
    width, height = int(fields[1]), int(fields[2])
    pixels = data[at + 1 : at + 1 + width * height * 3]
    rows = b"".join(b"\x00" + pixels[y * width * 3 : (y + 1) * width * 3] for y in range(height))

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body))
            + kind
            + body
            + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
        )

    png.write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(rows, 6))
        + chunk(b"IEND", b"")
    )
    return width, height


@dataclass
class Word:
    text: str
    line: tuple[int, int, int]  # tesseract's block, paragraph and line numbers
    x: int
    y: int
    width: int
    height: int


def read_screen(png: Path) -> list[Word]:
    """The words on a screendump, by OCR (tesseract), each with its place."""
    out = run(["tesseract", str(png), "-", "--psm", "11", "tsv"])
    words = []
    for row in out.splitlines()[1:]:
        cells = row.split("\t")
        if len(cells) == 12 and cells[11].strip():
            left, top, width, height = (int(cell) for cell in cells[6:10])
            words.append(
                Word(
                    cells[11].strip(),
                    (int(cells[2]), int(cells[3]), int(cells[4])),
                    left,
                    top,
                    width,
                    height,
                )
            )
    return words


def _plain(text: str) -> str:
    """A word as find_phrase compares it: lower case, no end punctuation, any dash "-"."""
    return text.lower().strip(".,:;!").replace("\u2014", "-").replace("\u2013", "-")


def find_phrase(words: list[Word], phrase: str) -> tuple[int, int] | None:
    """The centre of the first place where the phrase's words stand in a row (each word
    compared as ``_plain`` leaves it, on both sides: "Round 1, Player 1's turn")."""
    wanted = [_plain(word) for word in phrase.split()]
    for i in range(len(words) - len(wanted) + 1):
        run_of = words[i : i + len(wanted)]
        if [_plain(w.text) for w in run_of] == wanted and len({w.line for w in run_of}) == 1:
            left, top = run_of[0].x, min(w.y for w in run_of)
            right = run_of[-1].x + run_of[-1].width
            bottom = max(w.y + w.height for w in run_of)
            return (left + right) // 2, (top + bottom) // 2
    return None


class VM:
    """qemu-system-aarch64 with a serial console (a root shell, which also drives the
    guest's touch panel) and QMP (screendumps, power)."""

    def __init__(
        self, work: Path, disk: Path, kernel: Path, initrd: Path, logs: Path, cmdline: str = ""
    ) -> None:
        """``cmdline``: words added to the kernel command line."""
        self.work, self.logs = work, logs
        self.machine = (disk, kernel, initrd)
        self.serial_path, self.qmp_path = work / "serial.sock", work / "qmp.sock"
        for path in (self.serial_path, self.qmp_path):
            path.unlink(missing_ok=True)
        self.console_log = (logs / "vm-console.log").open("ab")
        self.process = subprocess.Popen(
            [
                "qemu-system-aarch64",
                "-M",
                "virt",
                "-cpu",
                "max",
                "-smp",
                "2",
                "-m",
                "2048",
                "-kernel",
                str(kernel),
                "-initrd",
                str(initrd),
                "-append",
                f"root=LABEL={ROOT_LABEL} rw console=ttyAMA0 loglevel=3 {cmdline}".strip(),
                "-drive",
                f"file={disk},if=none,format=raw,id=disk,cache=writeback",
                "-device",
                "virtio-blk-pci,drive=disk",
                # The Pi's 7" panel: an 800x480 KMS/DRM screen (virtio GPU, no 3D).
                "-device",
                "virtio-gpu-pci,xres=800,yres=480",
                "-netdev",
                "user,id=net",
                "-device",
                "virtio-net-pci,netdev=net",
                "-serial",
                f"unix:{self.serial_path},server=on,wait=off",
                "-qmp",
                f"unix:{self.qmp_path},server=on,wait=off",
                "-display",
                "none",
                "-monitor",
                "none",
            ],
            stdout=subprocess.DEVNULL,
            stderr=(logs / "qemu.log").open("ab"),
        )
        self.serial = self._connect(self.serial_path)
        self.qmp_socket = self._connect(self.qmp_path)
        self.qmp_file = self.qmp_socket.makefile("rwb")
        self.qmp_file.readline()  # the greeting
        self.qmp("qmp_capabilities")
        self.buffer = b""
        self.count = 0

    def _connect(self, path: Path) -> socket.socket:
        for _ in range(100):
            if path.exists():
                sock = socket.socket(socket.AF_UNIX)
                with contextlib.suppress(OSError):
                    sock.connect(str(path))
                    return sock
            time.sleep(0.1)
        raise StepFailed(f"qemu did not open {path.name} (see {self.logs / 'qemu.log'})")

    def qmp(self, command: str, **arguments: object) -> object:
        message = {"execute": command, **({"arguments": arguments} if arguments else {})}
        self.qmp_file.write(json.dumps(message).encode() + b"\n")
        self.qmp_file.flush()
        while True:
            reply = json.loads(self.qmp_file.readline())
            if "return" in reply:
                return reply["return"]
            if "error" in reply:
                raise StepFailed(f"QMP {command}: {reply['error'].get('desc')}")

    def _read_until(self, marker: re.Pattern[bytes], timeout: float) -> re.Match[bytes]:
        deadline = time.monotonic() + timeout
        while True:
            found = marker.search(self.buffer)
            if found:
                return found
            left = deadline - time.monotonic()
            if left <= 0 or self.process.poll() is not None:
                tail = self.buffer[-600:].decode(errors="replace")
                raise StepFailed(f"the VM's console never showed {marker.pattern!r}:\n{tail}")
            self.serial.settimeout(min(left, 5))
            try:
                data = self.serial.recv(65536)
            except TimeoutError:
                continue
            self.console_log.write(data)
            self.console_log.flush()
            self.buffer = (self.buffer + data)[-200000:]

    def wait_for_shell(self, timeout: float = 900) -> None:
        """Until the serial console's automatic root login gives a shell that answers."""
        deadline = time.monotonic() + timeout
        self._read_until(re.compile(rb"root@[\w-]+:[^#\n]*# "), timeout)
        self.serial.sendall(b"stty -echo cols 200; dmesg -n 1; export SYSTEMD_PAGER= TERM=dumb\n")
        self.shell("true", timeout=max(60.0, deadline - time.monotonic()))

    def reboot(self) -> None:
        """Reboot the guest and wait for the new boot's root shell (not the prompt the
        old shell prints as the reboot command returns)."""
        self.buffer = b""
        self.serial.sendall(b"systemctl reboot\n")
        found = self._read_until(re.compile(rb"\(automatic login\)"), 900)
        self.buffer = self.buffer[found.end() :]
        self.wait_for_shell()

    def shell(self, command: str, timeout: float = 600, check: bool = True) -> str:
        """Run a command in the VM's root shell; its output (stdout and stderr)."""
        self.count += 1
        begin, end = f"@@begin{self.count}@@", f"@@end{self.count}@@"
        # printf builds the markers, so the typed command (if echoed) never matches them.
        line = (
            f"printf '@@%s{self.count}@@\\n' begin; ( {command} ) 2>&1; "
            f"printf '@@%s{self.count}@@%d\\n' end $?\n"
        )
        self.buffer = b""
        self.serial.sendall(line.encode())
        found = self._read_until(re.compile(re.escape(end.encode()) + rb"(\d+)"), timeout)
        text = self.buffer[: found.start()].decode(errors="replace")
        text = text.split(begin, 1)[-1].replace("\r", "").strip("\n")
        with (self.logs / "vm-shell.log").open("a") as handle:
            handle.write(f"# {command}\n{text}\n[exit {found.group(1).decode()}]\n")
        if check and found.group(1) != b"0":
            raise StepFailed(
                f"in the VM, `{command}` exited {found.group(1).decode()}:\n"
                + "\n".join(text.splitlines()[-15:])
            )
        return text

    def screendump(self, png: Path) -> list[Word]:
        ppm = self.work / "screen.ppm"
        ppm.unlink(missing_ok=True)
        self.qmp("screendump", filename=str(ppm))
        png_from_ppm(ppm, png)
        return read_screen(png)

    def wait_for_text(self, phrase: str, png: Path, timeout: float = 180) -> list[Word]:
        """Screendumps until OCR finds the phrase on the screen; the last one's words."""
        deadline = time.monotonic() + timeout
        while True:
            words = self.screendump(png)
            if find_phrase(words, phrase) is not None:
                return words
            if time.monotonic() > deadline:
                seen = " ".join(w.text for w in words)
                raise StepFailed(f"the screen never showed {phrase!r} ({png}); it read: {seen}")
            time.sleep(3)

    def tap(self, x: int, y: int) -> None:
        """A finger on the panel at (x, y) (guest/touch-panel.py), down and up."""
        self.shell(f"echo 'tap {x} {y}' > /run/touch-panel")

    def boot_again(self, cmdline: str = "") -> VM:
        """The same machine started again, on the same disk (``cmdline``: kernel words)."""
        disk, kernel, initrd = self.machine
        return VM(self.work, disk, kernel, initrd, self.logs, cmdline)

    def wait_for_power_off(self, timeout: float) -> None:
        """Until the guest has turned itself off (qemu exits when it does)."""
        if not self._drained_until_exit(timeout):
            raise StepFailed(f"the VM was still on {timeout:.0f} s later")
        self.close()

    def _drained_until_exit(self, timeout: float) -> bool:
        """Whether qemu exited within ``timeout``, reading the console meanwhile: a
        console nobody reads fills qemu's socket, and the guest's shutdown then blocks
        on its next console line (seen: the Pi reached systemd-shutdown, never off)."""
        deadline = time.monotonic() + timeout
        while self.process.poll() is None:
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            self.serial.settimeout(min(left, 1))
            try:
                data = self.serial.recv(65536)
            except TimeoutError:
                continue
            except OSError:
                time.sleep(min(left, 1))
                continue
            if not data:  # qemu closed the console as it ended
                time.sleep(min(left, 0.2))
            self.console_log.write(data)
            self.console_log.flush()
        return True

    def pull_the_plug(self) -> None:
        """SIGKILL: the guest gets no shutdown, and loses what it had not yet written."""
        self.process.kill()
        self.process.wait()
        self.close()

    def power_off(self) -> None:
        with contextlib.suppress(OSError, StepFailed):
            self.shell("systemctl poweroff", timeout=5, check=False)
        if not self._drained_until_exit(180):
            self.process.kill()
            self.process.wait()
        self.close()

    def close(self) -> None:
        for closable in (self.qmp_file, self.qmp_socket, self.serial, self.console_log):
            with contextlib.suppress(OSError):
                closable.close()


# --- Step: boot -------------------------------------------------------------------------


def kernel_layer(cache: Path, release: str, logs: Path) -> Path:
    """Debian's arm64 kernel with its initramfs and modules, installed into a copy of the
    base root once (building the initramfs under qemu-user takes many minutes). udev
    goes in with it: the initramfs needs it to load the disk's driver and find the root
    by its label."""
    root = cache / release / "kernel"
    stamp = root / ".tableside-kernel-done"
    if stamp.exists():
        return root
    fresh_copy(base_root(cache, release, logs), root)
    with mounted(root):
        log(f"{release}: Debian's arm64 kernel and its initramfs (once; many minutes)")
        in_root(
            root,
            "apt-get update -qq && apt-get install -y -qq --no-install-recommends "
            "linux-image-arm64 udev >/dev/null && apt-get clean",
            log_to=logs / "vm-image.log",
        )
    stamp.write_text(time.strftime("%F %T\n"))
    return root


def vm_image(
    cache: Path, release: str, logs: Path, desktop: bool = False
) -> tuple[Path, Path, Path]:
    """The Lite root after ./tableside, made bootable: the kernel's modules, systemd, udev
    and DHCP; the serial console logs root in (the harness's way in, as a keyboard would
    be); the disk is an ext4 image of the root. With ``desktop``, a desktop that logs the
    user in by itself (set_up_desktop). Returns the kernel, initrd and disk."""
    lite = cache / release / "lite"
    if not (lite / f"home/{USER}/tableside/.venv").exists():
        raise StepFailed("the boot step starts from the lite step's root: run --steps lite")
    kernel_root = kernel_layer(cache, release, logs)
    name = "desktop" if desktop else "vm"
    root = fresh_copy(lite, cache / release / f"{name}-root")
    # This HEAD, for the user's git pull (not in /tmp, which the boot empties).
    project_bundle(root / "usr/local/lib/emulated-pi/tableside.bundle")
    packages = BOOT_PACKAGES + (DESKTOP_PACKAGES if desktop else [])
    run(["cp", "-a", f"{kernel_root}/lib/modules", f"{root}/lib/"])
    with mounted(root):
        log(f"{release}: systemd and udev into the root")
        in_root(
            root,
            "apt-get update -qq && "
            "networkd=$(apt-cache show systemd-networkd >/dev/null 2>&1 "
            "&& echo systemd-networkd); "
            "apt-get install -y -qq --no-install-recommends "
            f"{' '.join(packages)} $networkd >/dev/null && apt-get clean",
            log_to=logs / "vm-image.log",
        )
    (root / "etc/fstab").write_text(f"LABEL={ROOT_LABEL} / ext4 defaults 0 1\n")
    (root / "etc/resolv.conf").unlink(missing_ok=True)
    (root / "etc/resolv.conf").write_text("nameserver 10.0.2.3\n")  # qemu's user network
    (root / "etc/machine-id").write_text("")  # made at first boot
    for drop_ins in ("serial-getty@ttyAMA0.service.d", "systemd-networkd.service.d"):
        (root / "etc/systemd/system" / drop_ins).mkdir(parents=True, exist_ok=True)
    shutil.copy(
        GUEST / "serial-autologin.conf",
        root / "etc/systemd/system/serial-getty@ttyAMA0.service.d/autologin.conf",
    )
    (root / "usr/local/lib/emulated-pi").mkdir(parents=True, exist_ok=True)
    for script in ("saved-moves.py", "touch-panel.py"):
        shutil.copy(GUEST / script, root / "usr/local/lib/emulated-pi" / script)
    shutil.copy(GUEST / "touch-panel.service", root / "etc/systemd/system/touch-panel.service")
    (root / "etc/systemd/network").mkdir(parents=True, exist_ok=True)
    shutil.copy(GUEST / "wired.network", root / "etc/systemd/network/20-wired.network")
    wants = root / "etc/systemd/system/multi-user.target.wants"
    wants.mkdir(parents=True, exist_ok=True)
    for unit in (
        "/lib/systemd/system/systemd-networkd.service",
        "/etc/systemd/system/touch-panel.service",
    ):
        link = wants / Path(unit).name
        link.unlink(missing_ok=True)
        link.symlink_to(unit)
    # The serial console's getty, named outright: Trixie's systemd did not start one for
    # console=ttyAMA0 by itself, and without it the harness has no way in.
    gettys = root / "etc/systemd/system/getty.target.wants"
    gettys.mkdir(parents=True, exist_ok=True)
    (gettys / "serial-getty@ttyAMA0.service").unlink(missing_ok=True)
    (gettys / "serial-getty@ttyAMA0.service").symlink_to(
        "/lib/systemd/system/serial-getty@.service"
    )
    if desktop:
        set_up_desktop(root)
    boot = kernel_root / "boot"
    kernel, initrd = cache / release / "vmlinuz", cache / release / "initrd.img"
    shutil.copy(max(boot.glob("vmlinuz-*")), kernel)
    shutil.copy(max(boot.glob("initrd.img-*")), initrd)
    disk = cache / release / f"{name}.img"
    disk.unlink(missing_ok=True)
    log(f"{release}: the root as an ext4 disk image")
    run(
        ["mke2fs", "-q", "-t", "ext4", "-L", ROOT_LABEL, "-d", str(root), str(disk), "8G"],
        log_to=logs / "vm-image.log",
    )
    return kernel, initrd, disk


def set_up_desktop(root: Path) -> None:
    """The desktop as Raspberry Pi OS sets it up with Desktop Autologin (raspi-config's
    B4): graphical.target, lightdm logging the user in to labwc, and labwc's autostart
    with the swayidle line that blanks the screen after ten minutes (blanking on). The
    emulated GPU has no 3D, so labwc draws with wlroots' software renderer."""
    systemd = root / "etc/systemd/system"
    for link, target in (
        ("default.target", "/lib/systemd/system/graphical.target"),
        ("display-manager.service", "/lib/systemd/system/lightdm.service"),
    ):
        (systemd / link).unlink(missing_ok=True)
        (systemd / link).symlink_to(target)
    conf = root / "etc/lightdm/lightdm.conf.d"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "50-autologin.conf").write_text(
        f"[Seat:*]\nautologin-user={USER}\nautologin-session=labwc\n"
    )
    labwc = root / f"home/{USER}/.config/labwc"
    labwc.mkdir(parents=True, exist_ok=True)
    (labwc / "environment").write_text("WLR_RENDERER=pixman\nWLR_NO_HARDWARE_CURSORS=1\n")
    (labwc / "autostart").write_text(
        "swayidle -w timeout 600 'wlopm --off \\*' resume 'wlopm --on \\*' &\ndex -a &\n"
    )
    uid = next(
        line.split(":")[2:4]
        for line in (root / "etc/passwd").read_text().splitlines()
        if line.startswith(f"{USER}:")
    )
    for path in [labwc.parent, labwc, *labwc.iterdir()]:
        os.chown(path, int(uid[0]), int(uid[1]))


def app_pid(vm: VM, timeout: float = 1500, other_than: str = "") -> str:
    """The process id of the app the desktop user's session runs, once there is one (and
    it is not ``other_than``)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = vm.shell(f"pgrep -u {USER} -f 'venv/bin/python -m app'", check=False).split()
        fresh = [pid for pid in found if pid.isdigit() and pid != other_than]
        if fresh:
            return fresh[0]
        time.sleep(10)
    raise StepFailed(
        "the desktop session never started the app:\n"
        + vm.shell(f"tail -5 /home/{USER}/.local/state/tableside/tableside.log", check=False)
    )


def start_vm(cache: Path, release: str, logs: Path, desktop: bool = False) -> tuple[VM, Path]:
    """A fresh disk image booting in qemu, and an empty folder for its screendumps."""
    kernel, initrd, disk = vm_image(cache, release, logs, desktop)
    name = "desktop" if desktop else "vm"
    work = cache / release / name
    work.mkdir(exist_ok=True)
    screens = cache / release / f"{name}-screens"
    shutil.rmtree(screens, ignore_errors=True)
    screens.mkdir()
    return VM(work, disk, kernel, initrd, logs), screens


def step_desktop(cache: Path, release: str, logs: Path, passed: Passed) -> str:
    vm, screens = start_vm(cache, release, logs, desktop=True)
    try:
        vm.wait_for_shell()
        vm.shell("systemctl stop lightdm", check=False)  # install first, as after a fresh image
        out = vm.shell(
            f"{UPDATE_CLONE} && cd /home/{USER}/tableside && ./deploy/install.sh", timeout=5400
        )
        if "Mode: desktop" not in out:
            raise StepFailed("install.sh did not choose the desktop:\n" + out[-600:])
        autostart = vm.shell(f"cat /home/{USER}/.config/labwc/autostart")
        if "swayidle" in autostart:
            raise StepFailed("labwc still blanks the screen after install.sh:\n" + autostart)
        vm.reboot()
        first = app_pid(vm)
        vm.wait_for_text("Settings", screens / "1-home-after-login.png", timeout=900)
        vm.shell(f"kill -9 {first}")
        second = app_pid(vm, timeout=600, other_than=first)
        vm.wait_for_text("Settings", screens / "2-home-after-a-kill.png", timeout=900)
    finally:
        vm.power_off()
    return (
        f"install.sh chose the desktop and took swayidle out of labwc's autostart; after a "
        f"reboot lightdm's autologin started the app (pid {first}), and after kill -9 it "
        f"was back (pid {second}); screens in {screens}"
    )


def wait_for_app(vm: VM, boot_id: str, timeout: float = 1200) -> None:
    """Until the service has been started by systemd and Kivy has entered its main loop."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = vm.shell("systemctl is-active tableside", check=False).strip().splitlines()
        journal = vm.shell(
            f"journalctl -u tableside -b {boot_id} --no-pager -o cat | "
            "grep -c 'Start application main loop'",
            check=False,
        )
        if state and state[-1] == "active" and journal.strip().splitlines()[-1:] != ["0"]:
            time.sleep(5)  # the first frames
            return
        time.sleep(10)
    raise StepFailed(
        "systemd never had Tableside running:\n"
        + vm.shell("journalctl -u tableside -b --no-pager | tail -20", check=False)
    )


def step_boot(cache: Path, release: str, logs: Path, passed: Passed) -> str:
    vm, screens = start_vm(cache, release, logs)
    passed("image", f"the Lite root made bootable, as {vm.machine[0]}")
    try:
        vm.wait_for_shell()
        passed("first boot", "systemd reached the console's root login")
        # The user's clone, updated as a person would (it may be older than this HEAD).
        vm.shell(
            f"{UPDATE_CLONE} && cd /home/{USER}/tableside && ./deploy/install.sh --mode console",
            timeout=5400,
        )
        vm.shell("systemctl is-enabled tableside")
        passed("install", "deploy/install.sh --mode console installed and enabled the service")
        vm.reboot()
        wait_for_app(vm, "0")
        renderer = vm.shell(
            "journalctl -u tableside -b --no-pager -o cat | grep -m1 'OpenGL renderer'",
            check=False,
        ).strip()
        passed("service", f"systemd started Tableside at boot on KMS/DRM: {renderer}")
        home = screens / "1-home-after-boot.png"
        words = vm.wait_for_text("Settings", home, timeout=300)
        if not {"History", "Skoventyr"} <= {w.text for w in words}:
            raise StepFailed(f"the screen after boot is not Home: {home}")
        passed("home", f"a screendump reads Home ({home})")
        title = play_skogen_turns(vm, screens)
        moves = saved_moves(vm)
        passed("a game", f"3 Skogen turns by touch, {moves} moves saved, at {title!r}")
        vm.pull_the_plug()
        vm = vm.boot_again()
        vm.wait_for_shell()
        wait_for_app(vm, "0")
        after = screens / "5-home-after-the-pulled-plug.png"
        resume = find_phrase(vm.wait_for_text("Resume", after), "Resume")
        if saved_moves(vm) != moves:
            raise StepFailed(
                f"{moves} moves were saved before the plug was pulled, {saved_moves(vm)} after"
            )
        passed("pulled plug", f"killed and booted again: Home offers the game, {moves} moves")
        vm.tap(*(resume or (0, 0)))
        vm.wait_for_text(title, screens / "6-resumed.png")
        passed("resume", f"Resume opens the game at {title!r}")
        passed("phones", phones_from_settings(vm, screens))
        turn_off_from_settings(vm, screens)
        passed("turn off", "Settings, Turn off the Pi, Turn off: the Pi turned itself off")
        vm = vm.boot_again(cmdline=OVERLAY_ROOT)
        warned_of_the_overlay(vm, screens / "10-home-overlay.png", passed)
    finally:
        vm.power_off()
    return f"turned off and warned of the overlay (screens in {screens})"


#: The kernel word raspi-config's Overlay File System sets. Debian's initramfs ignores
#: it, so the root stays writable: what is checked is that the app reads it.
OVERLAY_ROOT = "overlayroot=tmpfs"


def warned_of_the_overlay(vm: VM, screen: Path, passed: Passed) -> None:
    """The VM, booted with ``OVERLAY_ROOT``, shows Home with the overlay's warning."""
    vm.wait_for_shell()
    wait_for_app(vm, "0")
    # The notice's words: OCR reads them whole, the top bar's small red ones not always.
    vm.wait_for_text("kept only until Tableside is turned off", screen, timeout=300)
    passed("overlay", f"booted with {OVERLAY_ROOT}: Home says the games are lost at restart")


def step_overlay(cache: Path, release: str, logs: Path, passed: Passed) -> str:
    """The boot step's disk booted again with ``OVERLAY_ROOT`` (the boot step's last
    check alone, for a run after a change to it)."""
    work = cache / release / "vm"
    disk, kernel, initrd = (cache / release / name for name in ("vm.img", "vmlinuz", "initrd.img"))
    if not disk.exists():
        raise StepFailed("the overlay step boots the boot step's disk: run --steps boot")
    screens = cache / release / "vm-screens"
    screens.mkdir(exist_ok=True)
    vm = VM(work, disk, kernel, initrd, logs, OVERLAY_ROOT)
    try:
        warned_of_the_overlay(vm, screens / "10-home-overlay.png", passed)
    finally:
        vm.power_off()
    return f"warned of the overlay (screens in {screens})"


# The game screen's Back and Home's Settings, top left and top right at 800x480.
BACK_BUTTON = (68, 32)
TOP_RIGHT_BUTTON = (726, 31)


# The Turn off popup's confirm button at 800x480 (app/kit/popups.kv). Its words, and
# Cancel's on grey under the dimmed screen, OCR reads only now and then.
TURN_OFF_BUTTON = (626, 289)


#: Asked inside the Pi: the page's server answers a page of its own (200) and a token
#: it never gave (404), on the port its unit names.
ASK_THE_PAGE = (
    "python3 -c \"exec('import urllib.request as u, urllib.error as e\\n"
    "def ask(p):\\n try: return u.urlopen(\\'http://127.0.0.1:8765\\' + p, timeout=10).status\\n"
    " except e.HTTPError as r: return r.code\\n"
    "print(ask(\\'/page.js\\'), ask(\\'/P/NOTATOKEN/state.json\\'))')\""
)


def phones_from_settings(vm: VM, screens: Path) -> str:
    """Back to Home, Settings, Phones at the table On: the page's own service starts and
    answers inside the Pi, its socket the page service's, not the app's; Off stops it."""
    vm.tap(*BACK_BUTTON)
    vm.wait_for_text("Settings", screens / "7-home-for-phones.png")
    vm.tap(*TOP_RIGHT_BUTTON)
    words = vm.wait_for_text("Phones at the table:", screens / "7-settings-phones.png")
    button = find_phrase(words, "Phones at the table:") or (0, 0)
    vm.tap(*button)  # it says Off: on
    vm.shell(
        "for i in $(seq 60); do systemctl is-active --quiet tableside-phones && break; "
        "sleep 2; done; systemctl is-active tableside-phones",
        timeout=200,
    )
    answers = ""
    for _ in range(60):
        answers = vm.shell(ASK_THE_PAGE, check=False).strip()
        if answers == "200 404":
            break
        time.sleep(2)
    if answers != "200 404":
        raise StepFailed(f"the page for phones did not answer as it should: {answers!r}")
    listener = vm.shell("ss -Htlnp 'sport = :8765'", check=False)
    page_pid = vm.shell("systemctl show -p MainPID --value tableside-phones").strip()
    if f"pid={page_pid}," not in listener:
        raise StepFailed(f"port 8765 is not the page service's ({page_pid}): {listener}")
    vm.tap(*button)  # and off again
    vm.shell(
        "for i in $(seq 30); do systemctl is-active --quiet tableside-phones || break; "
        "sleep 2; done; ! systemctl is-active --quiet tableside-phones",
        timeout=100,
    )
    vm.tap(*BACK_BUTTON)  # Home again: where turning the Pi off begins
    vm.wait_for_text("History", screens / "7-home-after-phones.png")
    return (
        "Settings, Phones at the table On: tableside-phones started and answered inside "
        "the Pi on its own socket; Off stopped it"
    )


def turn_off_from_settings(vm: VM, screens: Path) -> None:
    """From Home, Settings, Turn off the Pi, and the popup's Turn off; until the VM is
    off. The popup is known by its message, which OCR reads well."""
    vm.wait_for_text("History", screens / "7-home.png")
    vm.tap(*TOP_RIGHT_BUTTON)
    words = vm.wait_for_text("Turn off the Pi", screens / "8-settings.png")
    vm.tap(*(find_phrase(words, "Turn off the Pi") or (0, 0)))
    vm.wait_for_text("Your games are saved", screens / "9-turn-off-asked.png")
    vm.tap(*TURN_OFF_BUTTON)
    vm.wait_for_power_off(300)


# Where Home's "New game" button of the Skogen tile and the screens' main button (bottom
# right: Set up the table, Next, Done, Enter N points) are at 800x480. OCR reads the
# white text on the dark screen well, but not the dark text on these coloured buttons,
# so they are touched at their place and each touch is checked by what follows.
SKOGEN_NEW_GAME = (695, 427)
MAIN_BUTTON = (672, 447)
TURNS = ("5", "2", "6")  # points per turn: players 1, 2, 1 (keys OCR reads well)


def play_skogen_turns(vm: VM, screens: Path) -> str:
    """New game, the set-up guide, and three turns by touch; the title it ends on. Under
    emulation a screen can take seconds to follow a touch, so each touch waits for the
    screen it leads to before the next (a touch sent sooner would land on what follows)."""
    vm.tap(*SKOGEN_NEW_GAME)
    vm.wait_for_text("New Skogen game", screens / "2-new-game.png")
    vm.tap(*MAIN_BUTTON)  # Set up the table
    words = vm.wait_for_text("Set up Skogen", screens / "3-setup-guide-1.png")
    steps = guide_length(words)
    for step in range(1, steps + 1):
        vm.wait_for_text(f"Step {step} of {steps}", screens / f"3-setup-guide-{step}.png")
        vm.tap(*MAIN_BUTTON)  # Next, and Done on the last step
    # Turn titles count rounds: "Round 1, Player 1's turn", "Round 1, Player 2's turn",
    # "Round 2, Player 1's turn", ...
    titles = [f"Round {n // 2 + 1}, Player {n % 2 + 1}'s turn" for n in range(len(TURNS) + 1)]
    for turn, points in enumerate(TURNS):
        png = screens / f"4-turn-{turn + 1}.png"
        words = vm.wait_for_text(titles[turn], png)
        keypad = [w for w in words if w.text == points and w.x > 470]
        if not keypad:
            raise StepFailed(f"no key {points} on the Skogen keypad ({png})")
        vm.tap(keypad[0].x + keypad[0].width // 2, keypad[0].y + keypad[0].height // 2)
        # The keypad's sum, white on the dark screen: "5 points; then draw 1 species tile"
        vm.wait_for_text("then draw", png, 60)
        vm.tap(*MAIN_BUTTON)  # Enter N points
    vm.wait_for_text(titles[-1], screens / "4-after-three-turns.png")
    return titles[-1]


def guide_length(words: list[Word]) -> int:
    """N in the set-up guide's "Step 1 of N"."""
    texts = [w.text for w in words]
    for i in range(len(texts) - 3):
        if texts[i : i + 3] == ["Step", "1", "of"] and texts[i + 3].isdigit():
            return int(texts[i + 3])
    raise StepFailed("the set-up guide does not say how many steps it has")


def saved_moves(vm: VM) -> int:
    """How many moves the unfinished game has in the service's database (read-only)."""
    out = vm.shell("python3 /usr/local/lib/emulated-pi/saved-moves.py")
    return int(out.strip().splitlines()[-1])


# --- Driver -------------------------------------------------------------------------------

STEPS: dict[str, Callable[[Path, str, Path, Passed], str]] = {
    "lite": step_lite,
    "boot": step_boot,
    "overlay": step_overlay,
    "desktop": step_desktop,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--release",
        action="append",
        choices=sorted(RELEASES),
        help="Debian release (repeatable; default: both)",
    )
    parser.add_argument(
        "--steps",
        default="lite,boot,desktop",
        help="comma-separated steps from: " + ", ".join(STEPS),
    )
    parser.add_argument(
        "--cache", type=Path, default=Path.home() / ".cache" / "tableside-emulated-pi"
    )
    args = parser.parse_args(argv)
    if os.geteuid() != 0:
        parser.error("run it as root (debootstrap, chroot and mounts need it)")
    wanted = [name.strip() for name in args.steps.split(",") if name.strip()]
    unknown = [name for name in wanted if name not in STEPS]
    if unknown:
        parser.error(f"unknown steps: {', '.join(unknown)}")
    ensure_host_tools()
    ensure_binfmt()
    report = Report()
    started = time.monotonic()
    for release in args.release or list(RELEASES):
        logs = args.cache / release / "logs"
        logs.mkdir(parents=True, exist_ok=True)
        for name in wanted:
            if name == "desktop" and release != "trixie":
                continue  # labwc is in Debian from Trixie on
            begun = time.monotonic()

            def passed(check: str, detail: str, release: str = release, step: str = name) -> None:
                nonlocal begun
                report.line(True, release, f"{step} {check}", detail, time.monotonic() - begun)
                begun = time.monotonic()

            try:
                detail, ok = STEPS[name](args.cache, release, logs, passed), True
            except (StepFailed, subprocess.TimeoutExpired, OSError) as problem:
                detail, ok = f"{problem} (logs: {logs})", False
            report.line(ok, release, name, detail, time.monotonic() - begun)
    print(
        f"{len(report.lines) - report.failures} passed, {report.failures} failed "
        f"in {_duration(time.monotonic() - started)}"
    )
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())

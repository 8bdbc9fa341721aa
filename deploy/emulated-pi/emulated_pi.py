#!/usr/bin/env python3
"""Tableside on an emulated Raspberry Pi: arm64 Debian under qemu, as close to a Pi at the
table as this machine allows.

    sudo python3 deploy/emulated-pi/emulated_pi.py                 # every step, both releases
    sudo python3 deploy/emulated-pi/emulated_pi.py --release trixie --steps lite

Steps (each prints one PASS or FAIL line with its time; the exit status is 1 if any failed):

lite     A minimal arm64 root (debootstrap minbase: python3, git, sudo and nothing else), a
         non-root user with sudo, as on Raspberry Pi OS Lite. The user clones the project
         and runs the README's ``./tableside``, which must install every system library
         the app needs by itself; then every screen is rendered (``--screenshots --check``)
         under a virtual display, the one thing a real Pi has that this root lacks.
boot     A full-system arm64 VM (qemu-system-aarch64, Debian's arm64 kernel, the root as
         its virtio disk, a virtio GPU, no KVM): ``deploy/install.sh --mode console``
         installs the service, the VM reboots, systemd starts Tableside on KMS/DRM and a
         screendump shows Home. A game is started and played by touches (a virtual
         tablet), the VM is killed (a pulled plug), booted again, and the game is offered
         and resumes at the same move.
desktop  (trixie) lightdm with autologin and labwc: the autostart entry starts the app
         after login, and starts it again after it is killed.

Roots, disk images, logs and screendumps are kept in the cache folder (``--cache``,
default ~/.cache/tableside-emulated-pi), never in the repository. The project is taken
from this repository's committed HEAD (a git bundle), as a clean clone would be.
Needs root and Debian's debootstrap, qemu-user-static, qemu-system-arm and e2fsprogs.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
GUEST = HERE / "guest"

RELEASES = {"bookworm": "3.11", "trixie": "3.13"}
MIRROR = "http://deb.debian.org/debian"
USER = "pi"  # Raspberry Pi OS's first user has sudo without a password; so has this one
# Packages the boot step adds to the Lite root: a kernel, systemd as init, udev for the
# GPU and input devices, and DHCP through systemd-networkd. Nothing the app itself uses.
BOOT_PACKAGES = ["linux-image-arm64", "systemd-sysv", "udev", "kmod", "iproute2", "procps"]
DESKTOP_PACKAGES = ["lightdm", "labwc", "xwayland", "swayidle", "dbus-user-session"]
HOST_CA_BUNDLE = Path("/etc/ssl/certs/ca-certificates.crt")


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


class StepFailed(Exception):
    """A check that did not hold; its message says what was seen."""


def log(message: str) -> None:
    print(f"  .. {message}", file=sys.stderr, flush=True)


# --- Running things ---------------------------------------------------------------------


def run(cmd: list[str], *, log_to: Path | None = None, check: bool = True, **kw: object) -> str:
    """Run a host command; its output goes to ``log_to`` (appended) and is returned."""
    result = subprocess.run(cmd, capture_output=True, text=True, **kw)  # type: ignore[call-overload]
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
    points = [("proc", root / "proc", ["-t", "proc", "proc"]),
              ("sys", root / "sys", ["-t", "sysfs", "sysfs"]),
              ("dev", root / "dev", ["--rbind", "/dev"])]
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


def in_root(root: Path, script: str, *, user: str = "root", log_to: Path | None = None,
            check: bool = True, timeout: float = 3600) -> str:
    """Run a bash script inside the root (under qemu-user), as root or as the user."""
    env = {"PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
           "LANG": "C.UTF-8", "TERM": "dumb", "DEBIAN_FRONTEND": "noninteractive"}
    # Its own host name (a UTS namespace), as the hosts file says: sudo looks it up.
    cmd = ["unshare", "--uts", "sh", "-c", 'hostname tableside-pi && exec "$@"', "-",
           "chroot", str(root)]
    if user == "root":
        cmd += ["env", "-i", *(f"{k}={v}" for k, v in env.items()), "HOME=/root",
                "bash", "-c", script]
    else:
        # A login shell, as a person who opened a terminal would have.
        cmd += ["env", "-i", *(f"{k}={v}" for k, v in env.items()),
                "runuser", "-l", user, "-c", script]
    return run(cmd, log_to=log_to, check=check, timeout=timeout)


BINFMT = Path("/proc/sys/fs/binfmt_misc")


def ensure_binfmt() -> None:
    """arm64 programs run through qemu-user, with set-user-id honoured.

    Debian registers qemu-aarch64 without the 'C' flag, so inside the root sudo runs
    without its set-user-id bit and refuses ("effective uid is not 0"); a person on a Pi
    has a working sudo, and ./tableside uses it. Re-registered with the same magic and
    interpreter, adding O and C (open the binary, credentials from it) to its flags."""
    if not (BINFMT / "register").exists():
        run(["mount", "-t", "binfmt_misc", "binfmt_misc", str(BINFMT)])
    entry = BINFMT / "qemu-aarch64"
    if not entry.exists():
        run(["update-binfmts", "--enable", "qemu-aarch64"])
    info = dict(line.split(" ", 1) for line in entry.read_text().splitlines() if " " in line)
    if "C" in info["flags:"]:
        return
    # (Debian's wrapper, aarch64-binfmt-P, expects the P flag: argv[0] preserved.)

    def escaped(hex_text: str) -> str:
        return "".join(f"\\x{hex_text[i:i + 2]}" for i in range(0, len(hex_text), 2))

    entry.write_text("-1")
    (BINFMT / "register").write_text(
        f":qemu-aarch64:M::{escaped(info['magic'])}:{escaped(info['mask'])}:"
        f"{info['interpreter']}:{''.join(sorted(set(info['flags:'].strip()) | set('OC')))}")


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
        run(["debootstrap", "--arch=arm64", "--variant=minbase",
             "--include=python3,git,sudo,ca-certificates", release, str(root), MIRROR],
            log_to=logs / "debootstrap.log")
        (root / ".debootstrap-done").touch()
    # This machine reaches the package registries through its own certificate
    # authority: the root needs its bundle (apt itself is plain http), kept under a name
    # that the root's own update-ca-certificates never rewrites, and pip pointed at it.
    shutil.copy(HOST_CA_BUNDLE, root / "etc/ssl/certs/host-ca-bundle.crt")
    (root / "etc/pip.conf").write_text("[global]\ncert = /etc/ssl/certs/host-ca-bundle.crt\n")
    (root / "etc/hostname").write_text("tableside-pi\n")
    (root / "etc/hosts").write_text("127.0.0.1 localhost\n127.0.1.1 tableside-pi\n")
    with mounted(root):
        in_root(root, f"useradd --create-home --shell /bin/bash --groups sudo {USER} && "
                      f"echo '{USER} ALL=(ALL) NOPASSWD: ALL' >/etc/sudoers.d/010_{USER}-nopasswd && "
                      f"chmod 0440 /etc/sudoers.d/010_{USER}-nopasswd && apt-get clean",
                log_to=logs / "debootstrap.log")
    stamp.write_text(time.strftime("%F %T\n"))
    return root


def fresh_copy(source: Path, target: Path) -> Path:
    shutil.rmtree(target, ignore_errors=True)
    run(["cp", "-a", "--reflink=auto", str(source), str(target)])
    shutil.copy("/etc/resolv.conf", target / "etc/resolv.conf")
    return target


def project_bundle(into: Path) -> None:
    """The project's committed HEAD as a git bundle, for a clone inside the root."""
    run(["git", "-C", str(REPO), "bundle", "create", str(into), "HEAD", "--branches"])


# --- Step: Lite ---------------------------------------------------------------------------

# The shared libraries the app opens at run time on a Pi without a desktop: Kivy's
# bundled SDL2 dlopens EGL, GLES and GBM/DRM for KMS output (Mesa's drivers behind
# them), and Kivy's touch provider opens mtdev. None is in a minimal root.
RUNTIME_LIBRARIES = ["libEGL.so.1", "libGLESv2.so.2", "libgbm.so.1", "libdrm.so.2",
                     "libmtdev.so.1"]


def step_lite(cache: Path, release: str, logs: Path) -> str:
    base = base_root(cache, release, logs)
    root = fresh_copy(base, cache / release / "lite")
    project_bundle(root / "tmp/tableside.bundle")
    with mounted(root):
        return _lite_in(root, cache, release, logs)


def _lite_in(root: Path, cache: Path, release: str, logs: Path) -> str:
    home = f"/home/{USER}"
    log(f"{release}: git clone, then ./tableside as '{USER}' (first run installs)")
    # No display: what a person sees on Lite's console. `run --help` installs everything
    # (system packages, .venv) and stops before opening a window.
    first = in_root(root, "git clone -q /tmp/tableside.bundle tableside && cd tableside "
                          "&& ./tableside run --help", user=USER, log_to=logs / "lite.log")
    if "installing" not in first:
        raise StepFailed("the first run of ./tableside said nothing about installing")
    probe = root / "tmp/runtime_libraries.py"
    probe.write_text("import ctypes\n"
                     f"for name in {RUNTIME_LIBRARIES!r}:\n"
                     "    try:\n        ctypes.CDLL(name)\n"
                     "    except OSError:\n        print(name)\n")
    missing = in_root(root, f"{home}/tableside/.venv/bin/python /tmp/runtime_libraries.py",
                      user=USER, log_to=logs / "lite.log").split()
    if missing:
        raise StepFailed(f"./tableside left these libraries out: {', '.join(missing)}")
    # The virtual display stands in for the panel; it is the harness's, not the app's.
    in_root(root, "apt-get install -y -qq xvfb xauth >/dev/null", log_to=logs / "lite.log")
    shots = f"{home}/screenshots"
    in_root(root, f"cd tableside && xvfb-run -a -s '-screen 0 1280x800x24' "
                  f"./tableside run --screenshots {shots} --check",
            user=USER, log_to=logs / "lite.log", timeout=5400)
    out = cache / release / "screenshots"
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(root / shots.lstrip("/"), out)
    count = len(list(out.glob("*.png")))
    if count == 0:
        raise StepFailed("--screenshots wrote no PNG")
    packages = sorted({word for line in first.splitlines() if "system packages:" in line
                       for word in line.split("system packages:")[1].split()})
    return (f"./tableside installed {', '.join(packages) or 'no system package'} by itself; "
            f"{count} screens rendered and checked at 800x480 ({out})")


# --- Driver -------------------------------------------------------------------------------

STEPS: dict[str, Callable[[Path, str, Path], str]] = {"lite": step_lite}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--release", action="append", choices=sorted(RELEASES),
                        help="Debian release (repeatable; default: both)")
    parser.add_argument("--steps", default="lite,boot,desktop",
                        help="comma-separated steps from: " + ", ".join(STEPS))
    parser.add_argument("--cache", type=Path,
                        default=Path.home() / ".cache" / "tableside-emulated-pi")
    args = parser.parse_args(argv)
    if os.geteuid() != 0:
        parser.error("run it as root (debootstrap, chroot and mounts need it)")
    wanted = [name.strip() for name in args.steps.split(",") if name.strip()]
    unknown = [name for name in wanted if name not in STEPS]
    if unknown:
        parser.error(f"unknown steps: {', '.join(unknown)}")
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
            try:
                detail, ok = STEPS[name](args.cache, release, logs), True
            except (StepFailed, subprocess.TimeoutExpired, OSError) as problem:
                detail, ok = f"{problem} (logs: {logs})", False
            report.line(ok, release, name, detail, time.monotonic() - begun)
    print(f"{len(report.lines) - report.failures} passed, {report.failures} failed "
          f"in {_duration(time.monotonic() - started)}")
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())

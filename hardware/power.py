"""Turning the Pi off cleanly, through systemd, from the table (Settings, or Menu held).

Only an app started by what deploy/install.sh wrote (the service, or the desktop
launcher) may do it: they set TABLESIDE_POWER_OFF=1. Started any other way (./tableside
or python -m app on a developer's computer, the tests) it never turns the machine off.
install.sh's polkit rule lets the app's account run `systemctl poweroff`.
"""

from __future__ import annotations

import logging
import os
import subprocess
from collections.abc import Callable, Mapping, Sequence

log = logging.getLogger("tableside.hardware")

POWER_OFF_ENV = "TABLESIDE_POWER_OFF"
COMMAND = ("systemctl", "poweroff")

NOT_HERE = (
    "Tableside turns off only a Raspberry Pi it was installed on (deploy/install.sh). "
    "This computer stays on: close the window to end Tableside."
)
REFUSED = (
    "The Pi did not let Tableside turn it off. Whoever set it up can allow it by running "
    "the installer again (sudo deploy/install.sh). Your games are saved."
)
BUSY = (
    "The Pi is busy with something that must not be cut short (an update, perhaps), so it "
    "stays on. Try again in a few minutes. Your games are saved."
)
FAILED = "The Pi could not be turned off ({detail}). Your games are saved."

Runner = Callable[[Sequence[str]], "subprocess.CompletedProcess[str]"]


def _run(command: Sequence[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, capture_output=True, text=True, timeout=30, check=False)


def may_power_off(environ: Mapping[str, str] | None = None) -> bool:
    """Whether this app is the Pi's own, started by what install.sh wrote."""
    return (os.environ if environ is None else environ).get(POWER_OFF_ENV) == "1"


def power_off(run: Runner = _run, environ: Mapping[str, str] | None = None) -> str | None:
    """Ask systemd to turn the machine off. None when it agreed (it is shutting down:
    the service is stopped cleanly, as at any shutdown); otherwise why not, in a
    player's words."""
    if not may_power_off(environ):
        return NOT_HERE
    try:
        result = run(COMMAND)
    except (OSError, subprocess.SubprocessError) as problem:  # no systemctl, or it hung
        log.error("systemctl poweroff could not run: %s", problem)
        return FAILED.format(detail="the system did not answer")
    if result.returncode == 0:
        return None
    said = (result.stderr or result.stdout or "").strip()
    log.error("systemctl poweroff refused (status %s): %s", result.returncode, said)
    words = said.lower()
    if "inhibit" in words:
        return BUSY
    if any(
        sign in words
        for sign in ("access denied", "authentication", "not authorized", "permission")
    ):
        return REFUSED
    return FAILED.format(detail=f"status {result.returncode}")

"""deploy/tableside.service: what the unit must say, and `systemd-analyze verify`.

verify insists that ExecStart names an executable that exists. /opt/tableside/.venv is
only there on an installed Pi, so the tests verify a copy of the installed unit whose
ExecStart points at a stand-in executable in tmp_path; every other line is unchanged.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.deploy.support import DEPLOY, run_install

INSTALLED_UNIT = "etc/systemd/system/tableside.service"
PYTHON = "/opt/tableside/.venv/bin/python"

needs_systemd_analyze = pytest.mark.skipif(
    shutil.which("systemd-analyze") is None,
    reason="systemd-analyze is not installed (package systemd; .ci/run installs it)",
)


def directives(text: str) -> dict[str, list[str]]:
    """'Section.Key' -> every value given for it (Environment= may repeat)."""
    found: dict[str, list[str]] = {}
    section = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            section = line.strip("[]")
            continue
        key, _, value = line.partition("=")
        found.setdefault(f"{section}.{key}", []).append(value)
    return found


def environment(unit: dict[str, list[str]]) -> dict[str, str]:
    pairs = " ".join(unit["Service.Environment"]).split()
    return dict(pair.split("=", 1) for pair in pairs)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One offline install shared by this module's tests, which only read it."""
    prefix = tmp_path_factory.mktemp("root")
    run_install(prefix)
    return prefix


def verify(unit_text: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    stand_in = tmp_path / "python"
    stand_in.write_text("#!/bin/sh\nexit 0\n")
    stand_in.chmod(0o755)
    unit = tmp_path / "units" / "tableside.service"
    unit.parent.mkdir(exist_ok=True)
    unit.write_text(unit_text.replace(PYTHON, str(stand_in)))
    return subprocess.run(
        ["systemd-analyze", "verify", str(unit)], capture_output=True, text=True, timeout=30
    )


def test_the_unit_runs_the_app_as_its_own_user_with_what_it_needs(installed: Path) -> None:
    unit = directives((installed / INSTALLED_UNIT).read_text())

    assert unit["Service.User"] == ["tableside"]
    # Its groups are its account's (install.sh makes it a member of video, render, input
    # and gpio where they exist): a group named here that the system lacks would keep
    # the service from ever starting ("Failed to determine supplementary groups").
    assert "Service.SupplementaryGroups" not in unit
    assert unit["Service.StateDirectory"] == ["tableside"]
    assert unit["Service.WorkingDirectory"] == ["/var/lib/tableside"]
    # A kiosk: restarted whatever ended it, but a crash loop gives up after a while
    # (at least a minute of tries, no more than 20 starts).
    assert unit["Service.Restart"] == ["always"]
    assert 1 <= int(unit["Service.RestartSec"][0]) <= 30
    burst = int(unit["Unit.StartLimitBurst"][0])
    interval = int(unit["Unit.StartLimitIntervalSec"][0])
    assert 3 <= burst <= 20 and interval >= burst * int(unit["Service.RestartSec"][0])
    assert unit["Service.ExecStart"] == [f"{PYTHON} -m app"]
    # A stop that hangs (the app under KMS/DRM did not end on SIGTERM on the emulated
    # Pi) is cut short: turning the Pi off must not wait minutes for it.
    assert 1 <= int(unit["Service.TimeoutStopSec"][0]) <= 30
    assert unit["Install.WantedBy"] == ["multi-user.target"]
    env = environment(unit)
    assert env["KIVY_HOME"] == "/etc/tableside/kivy"
    assert env["TABLESIDE_DB"].startswith("/var/lib/tableside/")
    assert env["SDL_VIDEODRIVER"] == "kmsdrm"
    assert env["KIVY_WINDOW"] == "sdl2"
    assert env["SDL_TOUCH_MOUSE_EVENTS"] == "0"


def test_the_unit_points_at_what_the_installer_put_in_place(installed: Path) -> None:
    env = environment(directives((installed / INSTALLED_UNIT).read_text()))
    # KIVY_HOME holds the panel config; the pin map and the app's entry point exist.
    assert (installed / env["KIVY_HOME"].lstrip("/") / "config.ini").is_file()
    assert (installed / env["TABLESIDE_PINMAP"].lstrip("/")).is_file()
    assert (installed / "opt/tableside/app/__main__.py").is_file()
    assert PYTHON.startswith("/opt/tableside/.venv/")


@needs_systemd_analyze
def test_the_installed_unit_passes_systemd_analyze_verify(installed: Path, tmp_path: Path) -> None:
    result = verify((installed / INSTALLED_UNIT).read_text(), tmp_path)
    assert result.returncode == 0, result.stderr
    # verify reports bad lines as warnings but still exits 0: there must be none.
    assert "tableside.service" not in result.stdout + result.stderr


@needs_systemd_analyze
def test_verify_would_catch_a_bad_unit(tmp_path: Path) -> None:
    template = (DEPLOY / "tableside.service").read_text().replace("@USER@", "tableside")
    broken = template.replace("Restart=always", "Restart=sometimes")
    result = verify(broken, tmp_path)
    assert "Failed to parse service restart specifier" in result.stderr
    # ...and why the tests swap ExecStart: the real path only exists on an installed Pi.
    missing = tmp_path / "as-is.service"
    missing.write_text(template)
    result = subprocess.run(
        ["systemd-analyze", "verify", str(missing)], capture_output=True, text=True, timeout=30
    )
    assert result.returncode != 0
    assert PYTHON in result.stderr

"""What a Pi at the table does to the desktop kiosk: the app crashes or is killed (it
comes back, as the console service's Restart=always brings it back), the installer ran
before labwc ever started (its screen blanking still goes off), the person asks where
the games and the log are (the summary names the desktop user's files), and 32-bit
Raspberry Pi OS (the pins cannot work there, and both scripts say so)."""

from __future__ import annotations

import os
import stat
import subprocess
from pathlib import Path

from tests.deploy.support import REPO, run_install
from tests.deploy.test_install_mode import AUTOLOGIN_ON, fake_pi

LAUNCHER = "usr/local/bin/tableside-kiosk"
APP = "/opt/tableside/.venv/bin/python -m app"


def stand_in(folder: Path, name: str, script: str) -> Path:
    """An executable shell script ``name`` in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text("#!/bin/sh\n" + script)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def test_the_desktop_kiosk_starts_the_app_again_after_a_crash_or_a_kill(tmp_path: Path) -> None:
    (tmp_path / "pi").mkdir()
    run_install(tmp_path / "pi", "--mode", "desktop")
    launcher = (tmp_path / "pi" / LAUNCHER).read_text()
    assert APP in launcher
    # The app stands in as a script: it counts its starts, then crashes (status 1) or is
    # killed (SIGKILL, as the out-of-memory killer does), in turn.
    starts = tmp_path / "starts"
    app = stand_in(
        tmp_path,
        "app",
        f'echo start >>"{starts}"\n'
        f'if [ $(wc -l <"{starts}") -lt 3 ]; then exit 1; fi\nkill -9 $$\n',
    )
    kiosk = stand_in(tmp_path, "kiosk", launcher.replace(APP, str(app)).split("\n", 1)[1])
    no_wait = stand_in(tmp_path / "bin", "sleep", "exit 0\n")  # the 3 s between starts

    home = tmp_path / "home"
    home.mkdir()
    result = subprocess.run(
        [str(kiosk)],
        env={"HOME": str(home), "PATH": f"{no_wait.parent}{os.pathsep}{os.environ['PATH']}"},
        capture_output=True,
        text=True,
        timeout=60,
    )

    # Started again each time, until ten starts within five minutes make a crash loop.
    assert starts.read_text().count("start") == 10
    assert result.returncode == 1
    log = (home / ".local/state/tableside/tableside.log").read_text()
    assert log.count("starting Tableside") == 10
    assert "Tableside ended (status 1); starting it again" in log
    assert "Tableside ended (status 137); starting it again" in log  # killed
    assert log.rstrip().endswith("10 starts within 5 minutes; not starting it again")


def pi_with_user(root: Path, labwc_system: str | None, labwc_user: str | None) -> Path:
    """A desktop Pi with autologin as 'anna', and labwc's autostart files as given."""
    fake_pi(root, "graphical.target", lightdm=AUTOLOGIN_ON)
    (root / "etc/passwd").write_text(
        "root:x:0:0:root:/root:/bin/bash\nanna:x:1000:1000:,,,:/home/anna:/bin/bash\n"
    )
    if labwc_system is not None:
        (root / "etc/xdg/labwc").mkdir(parents=True)
        (root / "etc/xdg/labwc/autostart").write_text(labwc_system)
    user_file = root / "home/anna/.config/labwc/autostart"
    if labwc_user is not None:
        user_file.parent.mkdir(parents=True)
        user_file.write_text(labwc_user)
    return user_file


SWAYIDLE = "swayidle -w timeout 600 'wlopm --off \\*' resume 'wlopm --on \\*' &\n"
PANEL = "/usr/bin/lwrespawn /usr/bin/wf-panel-pi &\n"


def test_labwc_blanking_goes_off_though_no_compositor_runs_while_installing(
    tmp_path: Path,
) -> None:
    """raspi-config looks for a running labwc to choose its branch; the installer edits
    labwc's file itself, for the user the desktop logs in."""
    user_file = pi_with_user(tmp_path, labwc_system=None, labwc_user=PANEL + SWAYIDLE)

    out = run_install(tmp_path).stdout

    assert user_file.read_text() == PANEL
    assert "wrote: /home/anna/.config/labwc/autostart" in out
    # Run again, nothing is left to change.
    assert "labwc: nothing blanks the screen for 'anna'" in run_install(tmp_path).stdout


def test_no_user_labwc_file_is_made_since_pi_os_runs_both_files(tmp_path: Path) -> None:
    """Pi OS starts labwc with -m (merge-config): the system's autostart runs AND the
    user's, so a user copy of the system file would start the panel twice."""
    user_file = pi_with_user(tmp_path, labwc_system=PANEL, labwc_user=None)

    out = run_install(tmp_path).stdout

    assert not user_file.exists()
    assert "labwc: nothing blanks the screen for 'anna'" in out
    assert (tmp_path / "etc/xdg/labwc/autostart").read_text() == PANEL


def test_a_system_labwc_file_that_blanks_is_named_not_copied(tmp_path: Path) -> None:
    """swayidle in the system file runs whatever the user's file says (merge-config):
    copying the file cannot stop it, so the installer says what to change."""
    user_file = pi_with_user(tmp_path, labwc_system=PANEL + SWAYIDLE, labwc_user=None)

    out = run_install(tmp_path).stdout

    assert not user_file.exists()
    assert "NOTE: /etc/xdg/labwc/autostart starts swayidle" in out
    assert (tmp_path / "etc/xdg/labwc/autostart").read_text() == PANEL + SWAYIDLE


def test_an_earlier_installers_copy_of_the_system_labwc_file_is_removed(tmp_path: Path) -> None:
    """The copy the installer used to write (the system file less swayidle) only
    doubled what the system file starts."""
    user_file = pi_with_user(tmp_path, labwc_system=PANEL + SWAYIDLE, labwc_user=PANEL)

    out = run_install(tmp_path).stdout

    assert not user_file.exists()
    assert "removed: /home/anna/.config/labwc/autostart" in out


def test_the_desktop_summary_names_the_desktop_users_games_and_log(tmp_path: Path) -> None:
    pi_with_user(tmp_path, labwc_system=None, labwc_user=None)

    out = run_install(tmp_path).stdout

    assert "Saved games: /home/anna/.local/share/tableside/tableside.db." in out
    assert "Log: /home/anna/.local/state/tableside/tableside.log" in out
    assert "journalctl" not in out.split("Done.")[-1]
    assert "/var/lib/tableside/tableside.db" not in out.split("Done.")[-1]


def thirty_two_bit(folder: Path) -> Path:
    """A `uname` that answers as 32-bit Raspberry Pi OS does."""
    return stand_in(
        folder, "uname", 'if [ "$1" = -m ]; then echo armv7l; else exec /bin/uname "$@"; fi\n'
    ).parent


def test_install_says_the_pins_need_64_bit_raspberry_pi_os(tmp_path: Path) -> None:
    for root in ("pi", "pc"):
        (tmp_path / root).mkdir()
    out = run_install(
        tmp_path / "pi", "--mode", "console", path_first=thirty_two_bit(tmp_path)
    ).stdout

    assert "NOTE: this is 32-bit Raspberry Pi OS" in out
    assert "64-bit" in out
    assert "32-bit" not in run_install(tmp_path / "pc", "--mode", "console").stdout


def test_tableside_says_the_pins_need_64_bit_raspberry_pi_os(tmp_path: Path) -> None:
    fakes = thirty_two_bit(tmp_path)
    result = subprocess.run(
        [str(REPO / "tableside"), "run", "--help"],
        env={**os.environ, "PATH": f"{fakes}{os.pathsep}{os.environ['PATH']}"},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert "this is a 32-bit system" in result.stderr
    assert "64-bit" in result.stderr

"""deploy/install.sh: desktop or console, chosen from how the Pi boots (its default
systemd target, an enabled display manager, lightdm's autologin) or with --mode.

The Pi's state is faked with the files raspi-config and systemd leave behind, under a
temporary prefix; `systemctl get-default` (read when installing into /) with a stand-in
systemctl first on PATH.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.deploy.support import run_install

WANTS = "etc/systemd/system/multi-user.target.wants/tableside.service"
AUTOSTART = "etc/xdg/autostart/tableside.desktop"
LIGHTDM = "etc/lightdm/lightdm.conf"


def fake_pi(
    root: Path,
    target: str | None,
    display_manager: bool = True,
    lightdm: str | None = None,
    lightdm_d: dict[str, str] | None = None,
) -> None:
    """The links and files that `raspi-config nonint do_boot_behaviour` leaves."""
    systemd = root / "etc/systemd/system"
    systemd.mkdir(parents=True)
    if target is not None:
        (systemd / "default.target").symlink_to(f"/lib/systemd/system/{target}")
    if display_manager:
        (systemd / "display-manager.service").symlink_to("/lib/systemd/system/lightdm.service")
    if lightdm is not None:
        (root / LIGHTDM).parent.mkdir(parents=True, exist_ok=True)
        (root / LIGHTDM).write_text(lightdm)
    for name, text in (lightdm_d or {}).items():
        folder = root / "etc/lightdm/lightdm.conf.d"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)


# raspi-config's B4 ("Desktop Autologin") sets the line; B3 ("Desktop") comments it out.
AUTOLOGIN_ON = "[Seat:*]\ngreeter-session=pi-greeter\nautologin-user=anna\n"
AUTOLOGIN_OFF = "[Seat:*]\ngreeter-session=pi-greeter\n#autologin-user=\n"


def mode_line(out: str) -> str:
    return next(line for line in out.splitlines() if line.startswith("Mode: "))


def test_desktop_image_set_to_boot_to_the_console_gets_the_service(tmp_path: Path) -> None:
    """The issue's case: a display manager is installed, but raspi-config set the boot
    to the console (multi-user.target), so the desktop never starts."""
    fake_pi(tmp_path, "multi-user.target", lightdm=AUTOLOGIN_ON)

    out = run_install(tmp_path).stdout

    assert mode_line(out) == (
        "Mode: console, because the Pi boots to the text console"
        " (default target: multi-user.target)."
    )
    assert os.readlink(tmp_path / WANTS) == "/etc/systemd/system/tableside.service"
    assert not (tmp_path / AUTOSTART).exists()
    assert "NOTE" not in out


def test_desktop_with_autologin_gets_the_autostart_entry(tmp_path: Path) -> None:
    fake_pi(tmp_path, "graphical.target", lightdm=AUTOLOGIN_ON)

    out = run_install(tmp_path).stdout

    assert mode_line(out) == (
        "Mode: desktop, because the Pi boots to the desktop"
        " (graphical.target, display manager enabled)."
    )
    assert "Desktop autologin: on, as 'anna'" in out
    assert "NOTE" not in out
    assert (tmp_path / AUTOSTART).is_file()
    assert not (tmp_path / WANTS).is_symlink()
    # Screen blanking goes off through raspi-config (skipped here: offline).
    assert "skipped (offline): raspi-config nonint do_blanking 1" in out


def test_desktop_without_autologin_says_what_to_change(tmp_path: Path) -> None:
    fake_pi(tmp_path, "graphical.target", lightdm=AUTOLOGIN_OFF)

    out = run_install(tmp_path).stdout

    assert mode_line(out).startswith("Mode: desktop, because the Pi boots to the desktop")
    assert "NOTE: desktop autologin is off" in out
    assert "sudo raspi-config nonint do_boot_behaviour B4" in out
    assert (tmp_path / AUTOSTART).is_file()
    # It only says so: lightdm's settings are the person's.
    assert (tmp_path / LIGHTDM).read_text() == AUTOLOGIN_OFF


@pytest.mark.parametrize(
    ("lightdm", "lightdm_d", "autologin"),
    [
        # A drop-in file sets it and lightdm.conf (read last) leaves it alone.
        (AUTOLOGIN_OFF, {"50-kiosk.conf": "[Seat:*]\nautologin-user=bo\n"}, "bo"),
        # lightdm.conf, read last, empties it again.
        ("[Seat:*]\nautologin-user=\n", {"50-kiosk.conf": "[Seat:*]\nautologin-user=bo\n"}, None),
        # No lightdm settings at all.
        (None, {}, None),
    ],
)
def test_autologin_is_read_from_lightdm_conf_and_its_folder(
    tmp_path: Path, lightdm: str | None, lightdm_d: dict[str, str], autologin: str | None
) -> None:
    fake_pi(tmp_path, "graphical.target", lightdm=lightdm, lightdm_d=lightdm_d)

    out = run_install(tmp_path, "--dry-run").stdout

    if autologin is None:
        assert "NOTE: desktop autologin is off" in out
    else:
        assert f"Desktop autologin: on, as '{autologin}'" in out
        assert "NOTE" not in out


def test_graphical_target_without_a_display_manager_is_console(tmp_path: Path) -> None:
    fake_pi(tmp_path, "graphical.target", display_manager=False)

    out = run_install(tmp_path).stdout

    assert mode_line(out) == (
        "Mode: console, because the default target is graphical.target,"
        " but no display manager is enabled."
    )
    assert (tmp_path / WANTS).is_symlink()


def test_forced_console_on_a_desktop_boot_warns_that_the_desktop_holds_the_screen(
    tmp_path: Path,
) -> None:
    fake_pi(tmp_path, "graphical.target", lightdm=AUTOLOGIN_ON)

    out = run_install(tmp_path, "--mode", "console").stdout

    assert mode_line(out) == (
        "Mode: console, because --mode console (this Pi's default boot target: graphical.target)."
    )
    assert "NOTE: this Pi boots to the desktop" in out
    assert "do_boot_behaviour B1" in out
    assert (tmp_path / WANTS).is_symlink()
    assert not (tmp_path / AUTOSTART).exists()


def test_forced_desktop_on_a_console_boot(tmp_path: Path) -> None:
    fake_pi(tmp_path, "multi-user.target")

    out = run_install(tmp_path, "--mode=desktop").stdout

    assert mode_line(out).startswith("Mode: desktop, because --mode desktop")
    assert "NOTE: desktop autologin is off" in out
    assert (tmp_path / AUTOSTART).is_file()


def test_on_the_running_system_the_target_comes_from_systemctl(tmp_path: Path) -> None:
    """Installing into / asks `systemctl get-default` (here a stand-in that logs its
    arguments); a dry run changes nothing, so it needs no root."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    calls = tmp_path / "calls"
    systemctl = bin_dir / "systemctl"
    systemctl.write_text(f'#!/bin/sh\necho "$*" >>{calls}\necho multi-user.target\n')
    systemctl.chmod(0o755)

    out = run_install(Path("/"), "--dry-run", offline=False, path_first=bin_dir).stdout

    assert mode_line(out) == (
        "Mode: console, because the Pi boots to the text console"
        " (default target: multi-user.target)."
    )
    assert calls.read_text().splitlines()[0] == "get-default"
    assert "Dry run finished: nothing was changed." in out

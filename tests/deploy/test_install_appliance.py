"""deploy/install.sh for a Pi left on at the table: the screen never blanks (the console's
consoleblank, wayfire's dpms_timeout, labwc's swayidle), the app's account may turn the
Pi off (a polkit rule for logind's power-off alone), and --uninstall puts each back.
Checked on the files it renders under a fake root."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.deploy.support import run_install
from tests.deploy.test_install_kiosk import PANEL, SWAYIDLE, pi_with_user
from tests.deploy.test_tableside_service import directives, environment

CMDLINE = "console=serial0,115200 console=tty1 root=PARTUUID=1234-02 rootwait quiet"
RULE = "etc/polkit-1/rules.d/50-tableside-power-off.rules"
WAYFIRE = "home/anna/.config/wayfire.ini"
LABWC = "home/anna/.config/labwc/autostart"


def with_cmdline(root: Path, line: str, where: str = "boot/firmware") -> Path:
    path = root / where / "cmdline.txt"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(line + "\n")
    return path


# -- the console --------------------------------------------------------------------------


@pytest.mark.parametrize("where", ["boot/firmware", "boot"])
def test_console_mode_stops_console_blanking_and_uninstall_takes_it_out(
    tmp_path: Path, where: str
) -> None:
    cmdline = with_cmdline(tmp_path, CMDLINE, where)

    out = run_install(tmp_path, "--mode", "console").stdout

    assert cmdline.read_text() == CMDLINE + " consoleblank=0\n"
    assert f"wrote: /{where}/cmdline.txt" in out
    assert "console blanking: off" in run_install(tmp_path, "--mode", "console").stdout
    assert cmdline.read_text() == CMDLINE + " consoleblank=0\n"  # not added twice

    run_install(tmp_path, "--uninstall")

    assert cmdline.read_text() == CMDLINE + "\n"


def test_a_blanking_time_of_the_owners_is_put_back_by_uninstall(tmp_path: Path) -> None:
    cmdline = with_cmdline(tmp_path, f"{CMDLINE} consoleblank=600 splash")

    run_install(tmp_path, "--mode", "console")
    assert cmdline.read_text() == f"{CMDLINE} consoleblank=0 splash\n"
    run_install(tmp_path, "--mode", "console")  # a re-run does not record its own edit

    run_install(tmp_path, "--uninstall")

    assert cmdline.read_text() == f"{CMDLINE} consoleblank=600 splash\n"


def test_consoleblank_already_0_is_left_to_its_owner(tmp_path: Path) -> None:
    cmdline = with_cmdline(tmp_path, f"{CMDLINE} consoleblank=0")

    run_install(tmp_path, "--mode", "console")
    run_install(tmp_path, "--uninstall")

    assert cmdline.read_text() == f"{CMDLINE} consoleblank=0\n"


def test_no_cmdline_txt_is_said_and_nothing_is_made(tmp_path: Path) -> None:
    out = run_install(tmp_path, "--mode", "console").stdout

    assert "console blanking: no cmdline.txt" in out
    assert not (tmp_path / "boot").exists()


def test_a_desktop_install_leaves_the_kernel_command_line_alone(tmp_path: Path) -> None:
    cmdline = with_cmdline(tmp_path, CMDLINE)

    run_install(tmp_path, "--mode", "desktop")

    assert cmdline.read_text() == CMDLINE + "\n"


def test_dry_run_changes_no_command_line(tmp_path: Path) -> None:
    cmdline = with_cmdline(tmp_path, CMDLINE)

    out = run_install(tmp_path, "--mode", "console", "--dry-run").stdout

    assert "would write: /boot/firmware/cmdline.txt" in out
    assert cmdline.read_text() == CMDLINE + "\n"


# -- wayfire (Bookworm) ------------------------------------------------------------------


def with_wayfire(root: Path) -> None:
    wayfire = root / "usr/bin/wayfire"
    wayfire.parent.mkdir(parents=True)
    wayfire.write_text("")


def test_wayfire_gets_an_idle_section_that_never_blanks_and_uninstall_removes_it(
    tmp_path: Path,
) -> None:
    pi_with_user(tmp_path, labwc_system=None, labwc_user=None)
    with_wayfire(tmp_path)

    run_install(tmp_path)

    assert (tmp_path / WAYFIRE).read_text() == "[idle]\ndpms_timeout = -1\n"
    assert "wayfire: the screen already stays on for 'anna'" in run_install(tmp_path).stdout

    run_install(tmp_path, "--uninstall")

    assert not (tmp_path / WAYFIRE).exists()


def test_wayfires_ten_minutes_become_never_and_come_back_at_uninstall(tmp_path: Path) -> None:
    pi_with_user(tmp_path, labwc_system=None, labwc_user=None)
    ini = tmp_path / WAYFIRE
    ini.parent.mkdir(parents=True, exist_ok=True)
    ini.write_text("[core]\nplugins = idle\n\n[idle]\ndpms_timeout=600\n\n[output]\nmode = auto\n")

    run_install(tmp_path)

    assert ini.read_text() == (
        "[core]\nplugins = idle\n\n[idle]\ndpms_timeout = -1\n\n[output]\nmode = auto\n"
    )
    run_install(tmp_path, "--uninstall")
    assert ini.read_text() == (
        "[core]\nplugins = idle\n\n[idle]\ndpms_timeout = 600\n\n[output]\nmode = auto\n"
    )


def test_a_wayfire_file_without_an_idle_section_gets_one(tmp_path: Path) -> None:
    pi_with_user(tmp_path, labwc_system=None, labwc_user=None)
    ini = tmp_path / WAYFIRE
    ini.parent.mkdir(parents=True, exist_ok=True)
    ini.write_text("[output]\nmode = auto\n")

    run_install(tmp_path)

    assert ini.read_text() == "[output]\nmode = auto\n\n[idle]\ndpms_timeout = -1\n"
    run_install(tmp_path, "--uninstall")
    assert ini.read_text() == "[output]\nmode = auto\n\n[idle]\n"


def test_no_wayfire_no_wayfire_file(tmp_path: Path) -> None:
    pi_with_user(tmp_path, labwc_system=None, labwc_user=None)

    out = run_install(tmp_path).stdout

    assert "wayfire: not installed" in out
    assert not (tmp_path / WAYFIRE).exists()


# -- labwc's uninstall -------------------------------------------------------------------


def test_uninstall_gives_labwc_its_blanking_back(tmp_path: Path) -> None:
    user_file = pi_with_user(tmp_path, labwc_system=PANEL, labwc_user=PANEL + SWAYIDLE)

    run_install(tmp_path)
    assert user_file.read_text() == PANEL

    run_install(tmp_path, "--uninstall")

    assert user_file.read_text() == PANEL + SWAYIDLE


# -- turning off ---------------------------------------------------------------------------


def test_console_mode_lets_the_service_user_alone_power_off(tmp_path: Path) -> None:
    run_install(tmp_path, "--mode", "console", "--user", "kiosk")

    rule = (tmp_path / RULE).read_text()
    assert '"org.freedesktop.login1.power-off"' in rule
    assert '"org.freedesktop.login1.power-off-multiple-sessions"' in rule
    assert '(subject.user == "kiosk")' in rule
    # logind's power-off and nothing else: not reboot, not overriding an inhibitor.
    actions = [word for word in rule.split('"') if word.startswith("org.freedesktop")]
    assert actions == [
        "org.freedesktop.login1.power-off",
        "org.freedesktop.login1.power-off-multiple-sessions",
    ]
    assert "polkit.Result.YES" in rule and rule.count("return") == 1


def test_desktop_mode_lets_the_desktop_user_power_off_too(tmp_path: Path) -> None:
    pi_with_user(tmp_path, labwc_system=None, labwc_user=None)

    run_install(tmp_path)

    rule = (tmp_path / RULE).read_text()
    assert '(subject.user == "tableside" || subject.user == "anna")' in rule


def test_polkitd_is_among_the_packages_installed(tmp_path: Path) -> None:
    out = run_install(tmp_path, "--dry-run").stdout
    install_line = next(line for line in out.splitlines() if "apt-get install" in line)
    assert " polkitd " in install_line


def test_uninstall_removes_the_power_off_rule(tmp_path: Path) -> None:
    run_install(tmp_path, "--mode", "console")
    assert (tmp_path / RULE).is_file()

    out = run_install(tmp_path, "--uninstall").stdout

    assert not (tmp_path / RULE).exists()
    assert f"removed: /{RULE}" in out


def test_only_what_install_sh_starts_may_turn_the_pi_off(tmp_path: Path) -> None:
    """The service and the desktop launcher set TABLESIDE_POWER_OFF=1; ./tableside and
    a developer's `python -m app` do not, so their Turn off never turns anything off."""
    run_install(tmp_path, "--mode", "desktop")
    launcher = (tmp_path / "usr/local/bin/tableside-kiosk").read_text()
    assert "export TABLESIDE_POWER_OFF=1\n" in launcher
    unit = directives((tmp_path / "etc/systemd/system/tableside.service").read_text())
    assert environment(unit)["TABLESIDE_POWER_OFF"] == "1"
    repo = Path(__file__).resolve().parents[2]
    assert "TABLESIDE_POWER_OFF" not in (repo / "tableside").read_text()

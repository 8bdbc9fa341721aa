"""deploy/install.sh: shellcheck, --dry-run, an offline install into a temporary prefix,
idempotence, panel and mode switches, and --uninstall."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.deploy.support import DEPLOY, INSTALL_SH, REPO, run_install, snapshot, source

UNIT = "etc/systemd/system/tableside.service"
WANTS = "etc/systemd/system/multi-user.target.wants/tableside.service"
CONFIG = "etc/tableside/kivy/config.ini"
PINMAP = "etc/tableside/pinmap.toml"
AUTOSTART = "etc/xdg/autostart/tableside.desktop"
LAUNCHER = "usr/local/bin/tableside-kiosk"
SAVED_GAME = "var/lib/tableside/tableside.db"


def files_under(root: Path) -> set[str]:
    return {rel for rel, (kind, _, _) in snapshot(root).items() if kind != "dir"}


@pytest.mark.skipif(
    shutil.which("shellcheck") is None,
    reason="shellcheck is not installed (./tableside test and .ci/run install it with apt)",
)
def test_the_scripts_and_the_desktop_launcher_pass_shellcheck(tmp_path: Path) -> None:
    run_install(tmp_path, "--mode", "desktop")
    launcher = tmp_path / LAUNCHER
    scripts = [INSTALL_SH, DEPLOY / "packages.sh", REPO / "tableside", launcher]
    result = subprocess.run(
        ["shellcheck", "--external-sources", "--severity=style", *map(str, scripts)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout


def test_dry_run_prints_every_step_and_writes_nothing(tmp_path: Path) -> None:
    (tmp_path / "etc").mkdir()
    (tmp_path / "etc" / "hostname").write_text("pi\n")
    before = snapshot(tmp_path)

    result = run_install(tmp_path, "--dry-run", offline=False)

    assert snapshot(tmp_path) == before
    out = result.stdout
    steps = [line for line in out.splitlines() if line.startswith("[")]
    assert [step.split("]")[0] for step in steps] == [f"[{n}" for n in range(1, 13)]
    for expected in (
        "system packages:",
        "system user 'tableside' (groups: video render input gpio audio)",
        "would copy: app/__main__.py",
        "would copy: kv/home.kv",
        "would run: python3 -m venv /opt/tableside/.venv",
        "would run: python3 -m compileall -q -j 0",
        "--editable /opt/tableside",
        "would write: /etc/tableside/kivy/config.ini",
        "would write: /etc/tableside/pinmap.toml",
        "would write: /etc/systemd/system/tableside.service",
        "would write: /etc/polkit-1/rules.d/50-tableside-power-off.rules",
        "would write: /etc/systemd/system/tableside-phones.service",
        "would write: /etc/polkit-1/rules.d/50-tableside-phones.rules",
        "would link: /etc/systemd/system/multi-user.target.wants/tableside.service",
        "would run: systemctl restart tableside.service",
        "Dry run finished: nothing was changed.",
    ):
        assert expected in out, expected


def test_offline_dry_run_lists_the_apt_and_useradd_commands(tmp_path: Path) -> None:
    out = run_install(tmp_path, "--dry-run").stdout
    assert "would run: apt-get update" in out
    install_line = next(line for line in out.splitlines() if "apt-get install" in line)
    for package in (
        "python3-venv",
        "libgl1",
        "libgl1-mesa-dri",
        "libgles2",
        "libegl1",
        "libmtdev1",
    ):
        assert package in install_line.split()
    assert (
        "would run: useradd --system --user-group --home-dir /var/lib/tableside"
        " --no-create-home --shell /usr/sbin/nologin"
        " --groups video,render,input,gpio,audio tableside"
    ) in out
    assert list(tmp_path.iterdir()) == []


def test_install_writes_the_release_config_and_unit(tmp_path: Path) -> None:
    out = run_install(tmp_path, "--user", "gamer").stdout

    assert "skipped (offline): apt-get" in out
    release = tmp_path / "opt/tableside"
    for rel in ("app/__main__.py", "hardware/controls.py", "kv/home.kv", "pyproject.toml"):
        assert (release / rel).read_bytes() == (source() / rel).read_bytes(), rel
    assert list(release.rglob("__pycache__"))  # byte-compiled: see test_install_bytecode
    assert (tmp_path / CONFIG).read_bytes() == (source() / "deploy/kivy/dsi7.ini").read_bytes()
    # Kivy makes these in KIVY_HOME when missing; the service cannot write in /etc.
    assert (tmp_path / "etc/tableside/kivy/mods").is_dir()
    assert (tmp_path / "etc/tableside/kivy/icon").is_dir()
    assert (tmp_path / PINMAP).read_bytes() == (source() / "deploy/pinmap.toml").read_bytes()
    unit = (tmp_path / UNIT).read_text()
    assert "User=gamer\n" in unit and "Group=gamer\n" in unit and "@USER@" not in unit
    assert os.readlink(tmp_path / WANTS) == "/etc/systemd/system/tableside.service"
    assert not (tmp_path / AUTOSTART).exists()
    assert oct((tmp_path / UNIT).stat().st_mode & 0o777) == "0o644"


def test_a_second_run_changes_nothing(tmp_path: Path) -> None:
    run_install(tmp_path)
    first = snapshot(tmp_path)

    out = run_install(tmp_path).stdout

    assert snapshot(tmp_path) == first
    assert "Done: everything was already in place." in out
    assert "wrote:" not in out and "copied:" not in out


def test_a_changed_unit_counts_as_a_change(tmp_path: Path) -> None:
    run_install(tmp_path)
    unit = tmp_path / UNIT
    unit.write_text(unit.read_text().replace("RestartSec=3", "RestartSec=9"))

    out = run_install(tmp_path).stdout

    assert "wrote: /etc/systemd/system/tableside.service" in out
    assert "RestartSec=3\n" in unit.read_text()
    # The installer counts it as a change (so a real run reloads and restarts).
    assert "everything was already in place" not in out


def test_a_rerun_repairs_a_changed_file_and_drops_stale_ones(tmp_path: Path) -> None:
    run_install(tmp_path)
    changed = tmp_path / "opt/tableside/app/__main__.py"
    changed.write_text("broken\n")
    stale = tmp_path / "opt/tableside/app/old_screen.py"
    stale.write_text("gone\n")
    before = snapshot(tmp_path)

    out = run_install(tmp_path).stdout

    assert changed.read_bytes() == (source() / "app/__main__.py").read_bytes()
    assert not stale.exists()
    assert "copied: app/__main__.py" in out and "removed old file: app/old_screen.py" in out
    after = snapshot(tmp_path)
    moved = {rel for rel in after if rel in before and after[rel] != before[rel]}
    # Only the repaired file, its bytecode and the folders whose entries changed.
    assert moved == {
        "opt/tableside/app/__main__.py",
        "opt/tableside/app",
        f"opt/tableside/app/__pycache__/__main__.{sys.implementation.cache_tag}.pyc",
        "opt/tableside/app/__pycache__",
    }


def test_panel_option_switches_the_kivy_config_and_keeps_an_edited_pin_map(
    tmp_path: Path,
) -> None:
    run_install(tmp_path)
    edited = (source() / "deploy/pinmap.toml").read_text().replace("confirm = 17", "confirm = 5")
    (tmp_path / PINMAP).write_text(edited)

    out = run_install(tmp_path, "--panel", "touch2").stdout

    assert (tmp_path / CONFIG).read_bytes() == (source() / "deploy/kivy/touch2.ini").read_bytes()
    assert (tmp_path / PINMAP).read_text() == edited
    assert "kept: /etc/tableside/pinmap.toml" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--panel", "vga"], "unknown panel 'vga'"),
        (["--mode", "tv"], "unknown mode 'tv'"),
        (["--user", "Bad User"], "not a valid user name"),
        (["--frobnicate"], "unknown option --frobnicate"),
    ],
)
def test_bad_options_are_refused_before_anything_is_written(
    tmp_path: Path, args: list[str], message: str
) -> None:
    result = run_install(tmp_path, *args, check=False)
    assert result.returncode != 0
    assert message in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_real_run_into_another_prefix_needs_offline(tmp_path: Path) -> None:
    result = run_install(tmp_path, offline=False, check=False)
    assert result.returncode != 0
    assert "TABLESIDE_INSTALL_OFFLINE=1" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_desktop_starts_from_the_session_instead_of_the_service(tmp_path: Path) -> None:
    out = run_install(tmp_path, "--mode", "desktop").stdout

    assert "desktop: start full screen" in out
    assert not (tmp_path / WANTS).is_symlink()
    assert (tmp_path / UNIT).is_file()
    entry = (tmp_path / AUTOSTART).read_text()
    assert "Exec=/usr/local/bin/tableside-kiosk\n" in entry
    launcher = tmp_path / LAUNCHER
    assert os.access(launcher, os.X_OK)
    text = launcher.read_text()
    assert "KIVY_HOME=/etc/tableside/kivy" in text
    assert '/opt/tableside/.venv/bin/python -m app "$@"' in text  # in its restart loop

    # Console mode on the same prefix swaps the autostart entry for the enabled service.
    out = run_install(tmp_path, "--mode", "console").stdout
    assert os.readlink(tmp_path / WANTS) == "/etc/systemd/system/tableside.service"
    assert not (tmp_path / AUTOSTART).exists() and not launcher.exists()


def test_uninstall_removes_what_install_added_and_keeps_the_saved_games(
    tmp_path: Path,
) -> None:
    saved = tmp_path / SAVED_GAME
    saved.parent.mkdir(parents=True)
    saved.write_bytes(b"SQLite format 3\x00 games")
    other_unit = tmp_path / "etc/systemd/system/other.service"
    other_unit.parent.mkdir(parents=True)
    other_unit.write_text("[Service]\nExecStart=/bin/true\n")
    before = files_under(tmp_path)
    run_install(tmp_path, "--mode", "desktop")
    run_install(tmp_path, "--mode", "console")  # leaves both kinds of start-up behind once
    added = files_under(tmp_path) - before
    assert {UNIT, WANTS, CONFIG, PINMAP, "opt/tableside/app/__main__.py"} <= added

    dry = run_install(tmp_path, "--uninstall", "--dry-run").stdout
    assert "would remove: /opt/tableside" in dry
    assert files_under(tmp_path) - before == added

    out = run_install(tmp_path, "--uninstall").stdout

    assert files_under(tmp_path) == before
    assert saved.read_bytes() == b"SQLite format 3\x00 games"
    assert "/var/lib/tableside" in out and "Kept: the saved games" in out
    assert not (tmp_path / "opt/tableside").exists()
    assert not (tmp_path / "etc/tableside").exists()
    # Uninstalling again finds nothing to do and still succeeds.
    again = run_install(tmp_path, "--uninstall").stdout
    assert "not present: /opt/tableside" in again

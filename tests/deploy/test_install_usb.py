"""deploy/install.sh: on the console (Lite) a udev rule mounts USB sticks for the
service user; on a desktop, where the file manager mounts them, there is no rule."""

from __future__ import annotations

import re
from pathlib import Path

from tests.deploy.support import run_install

RULE = "etc/udev/rules.d/90-tableside-usb-stick.rules"


def rule_lines(root: Path) -> list[str]:
    text = (root / RULE).read_text()
    return [line for line in text.splitlines() if line and not line.startswith("#")]


def test_console_install_mounts_fat_sticks_safely_for_the_service_user(tmp_path: Path) -> None:
    out = run_install(tmp_path, "--mode", "console", "--user", "tablefolk").stdout
    (rule,) = rule_lines(tmp_path)
    assert 'ACTION=="add"' in rule and 'SUBSYSTEMS=="usb"' in rule
    assert 'ENV{ID_FS_TYPE}=="vfat|exfat"' in rule  # no file system with owners or devices
    command = re.search(r'RUN\{program\}\+="([^"]+)"', rule)
    assert command is not None
    words = command.group(1).split()
    assert words[0] == "/usr/bin/systemd-mount" and words[-1] == "$devnode"
    assert {"--no-block", "--automount=no", "--owner=tablefolk"} <= set(words)
    options = next(w for w in words if w.startswith("--options=")).split("=", 1)[1]
    assert {"nosuid", "nodev", "noexec"} <= set(options.split(","))
    assert "skipped (offline): udevadm control --reload" in out


def test_a_second_console_install_leaves_the_rule_and_udev_alone(tmp_path: Path) -> None:
    run_install(tmp_path, "--mode", "console")
    out = run_install(tmp_path, "--mode", "console").stdout
    assert f"unchanged: /{RULE}" in out and "udevadm" not in out


def test_desktop_install_removes_the_rule(tmp_path: Path) -> None:
    run_install(tmp_path, "--mode", "console")
    out = run_install(tmp_path, "--mode", "desktop").stdout
    assert not (tmp_path / RULE).exists()
    assert "the desktop mounts them" in out


def test_uninstall_removes_the_rule(tmp_path: Path) -> None:
    run_install(tmp_path, "--mode", "console")
    out = run_install(tmp_path, "--uninstall").stdout
    assert not (tmp_path / RULE).exists() and f"removed: /{RULE}" in out


def test_dry_run_names_the_rule_and_the_udev_reload(tmp_path: Path) -> None:
    out = run_install(tmp_path, "--mode", "console", "--dry-run").stdout
    assert f"would write: /{RULE}" in out and "would run: udevadm control --reload" in out
    assert not (tmp_path / RULE).exists()

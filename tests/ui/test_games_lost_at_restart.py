"""Saved games in memory only (raspi-config's overlay file system) are said at start-up,
and Home keeps saying so in its top bar."""

from pathlib import Path

import pytest

from app.storage import volatile
from tests.ui.driver import Driver

pytestmark = pytest.mark.ui


def test_an_overlay_root_is_told_at_start_up_and_on_home(
    driver: Driver, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "cmdline").write_text("console=tty1 root=/dev/mmcblk0p2 overlayroot=tmpfs\n")
    (tmp_path / "mounts").write_text("/dev/mmcblk0p2 / ext4 rw 0 0\n")
    monkeypatch.setattr(
        volatile, "SYSTEM", volatile.Machine(tmp_path / "cmdline", tmp_path / "mounts")
    )
    app = driver.app
    app.check_games_kept()
    app._show_notices()
    driver.pump(2)
    assert any("overlay file system" in text for text in driver.texts())
    driver.close_popups()
    app.root.get_screen("home").refresh()
    driver.pump()
    assert volatile.SHORT in driver.texts()

    monkeypatch.setattr(volatile, "SYSTEM", volatile.Machine(tmp_path / "none", tmp_path / "none"))
    app.check_games_kept()  # turned off and started again: nothing to say
    app.root.get_screen("home").refresh()
    driver.pump()
    assert volatile.SHORT not in driver.texts() and not app.notices

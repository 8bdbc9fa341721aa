"""deploy/packages.sh: which system packages ./tableside and install.sh still need."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from tests.deploy.support import DEPLOY
from tests.deploy.test_install_kiosk import stand_in

# What `dpkg-query -W -f='${db:Status-Abbrev} ${Package} ${Provides}\n'` prints on
# Trixie, where the time_t transition renamed libmtdev1 (it is provided, not installed).
TRIXIE_DPKG = (
    "ii  libgl1 \n"
    "ii  libmtdev1t64 libmtdev1 (= 1.1.7-1)\n"
    "rc  libgbm1 \n"  # removed, its settings kept: not installed
    "ii  fonts-dejavu-core fonts-dejavu-extra, ttf-dejavu-core | ttf-bitstream-vera\n"
)


def missing(tmp_path: Path, *packages: str) -> list[str]:
    fakes = stand_in(tmp_path, "dpkg-query", f"printf '%s' '{TRIXIE_DPKG}'\n").parent
    result = subprocess.run(
        ["bash", "-c", f'. "{DEPLOY / "packages.sh"}"; missing_packages "$@"', "-", *packages],
        env={**os.environ, "PATH": f"{fakes}{os.pathsep}{os.environ['PATH']}"},
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout.split()


def test_a_package_provided_by_another_counts_as_installed(tmp_path: Path) -> None:
    assert missing(tmp_path, "libgl1", "libmtdev1", "ttf-dejavu-core", "libgbm1", "libegl1") == [
        "libgbm1",
        "libegl1",
    ]


def test_the_runtime_list_is_read_without_its_comments() -> None:
    result = subprocess.run(
        ["bash", "-c", f'. "{DEPLOY / "packages.sh"}"; runtime_packages'],
        capture_output=True,
        text=True,
        check=True,
    )
    packages = result.stdout.split()
    assert "libgl1-mesa-dri" in packages and "libgbm1" in packages
    assert not any(word.startswith("#") for word in packages)

"""The service's sandbox (issue 54, item 5): systemd's own measure of how exposed the unit
is scores 2.0 or better, while the unit still allows what the app needs at the table:
the GPU, the touch panel and the pins (no private /dev), D-Bus for turning the Pi off
(Unix sockets), device events (netlink), and no network. The emulated Pi's boot step
(deploy/emulated-pi) shows it running on KMS/DRM, by touch, and turning the Pi off.

The page for phones at the table (issue 55) is a service of its own, started only while
the setting is on: it alone has IP sockets, to the local network, and nothing else."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
UNIT = DEPLOY / "tableside.service"
PHONES_UNIT = DEPLOY / "tableside-phones.service"


def settings(unit: Path = UNIT) -> dict[str, str]:
    """The unit's settings (a key set twice: its values joined by a space)."""
    found: dict[str, str] = {}
    for line in unit.read_text(encoding="utf-8").splitlines():
        if "=" in line and not line.startswith("#"):
            key, value = line.split("=", 1)
            found[key] = f"{found[key]} {value}" if key in found else value
    return found


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="needs systemd-analyze")
@pytest.mark.parametrize("template", [UNIT, PHONES_UNIT], ids=lambda path: path.name)
def test_systemd_rates_the_sandbox_2_or_better(tmp_path: Path, template: Path) -> None:
    unit = tmp_path / template.name
    unit.write_text(template.read_text(encoding="utf-8").replace("@USER@", "tableside"))
    shown = subprocess.run(
        ["systemd-analyze", "security", "--offline=yes", "--no-pager", str(unit)],
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    found = re.search(r"Overall exposure level for \S+: (\d+\.\d)", shown)
    assert found, shown[-500:]
    assert float(found.group(1)) <= 2.0, shown[-2000:]


def test_the_sandbox_keeps_what_the_app_needs() -> None:
    unit = settings()
    for hides_devices in ("PrivateDevices", "ProtectClock", "DeviceAllow", "ProcSubset"):
        assert hides_devices not in unit, hides_devices
    assert "MemoryDenyWriteExecute" not in unit  # Mesa compiles shaders into memory
    assert set(unit["RestrictAddressFamilies"].split()) == {"AF_UNIX", "AF_NETLINK"}
    # The clock's state is read (adjtimex); a call left out fails, it does not kill.
    assert unit["SystemCallFilter"].split() == ["@system-service", "adjtimex", "clock_adjtime"]
    assert unit["SystemCallErrorNumber"] == "EPERM"
    assert unit["IPAddressDeny"] == "any"


def test_only_the_phones_page_has_the_network_and_only_the_local_one() -> None:
    app, phones = settings(UNIT), settings(PHONES_UNIT)
    assert "TABLESIDE_PHONES_UNIT=tableside-phones.service" in app["Environment"].split()
    assert set(phones["RestrictAddressFamilies"].split()) == {"AF_INET", "AF_INET6", "AF_UNIX"}
    assert phones["IPAddressDeny"] == "any"
    allowed = phones["IPAddressAllow"].split()
    assert "any" not in allowed and "0.0.0.0/0" not in allowed
    assert phones["PartOf"] == "tableside.service"  # stops with the app
    assert "WantedBy" not in phones  # never started at boot: the app starts it when on
    assert phones["ReadWritePaths"] == "/var/lib/tableside/phones"
    assert phones["ExecStart"].split()[1:4] == [
        "-m",
        "app.phones.server",
        "/var/lib/tableside/phones",
    ]

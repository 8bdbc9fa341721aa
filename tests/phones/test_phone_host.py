"""The app's side of the phones' page (app.phones.host): on the Pi the page's own service
started and stopped through systemctl (asked without a password prompt, for that unit
alone), elsewhere a child process; and what Settings says when phones cannot reach it."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from app.phones import folder as F
from app.phones import host
from app.phones.host import NO_NETWORK, NOT_STARTED, ChildServer, PhoneHost, UnitServer


def fake_systemctl(tmp_path: Path, active: bool) -> Path:
    """A systemctl on PATH that logs what it was asked and says the unit is (not) active."""
    log = tmp_path / "asked.log"
    script = tmp_path / "bin" / "systemctl"
    script.parent.mkdir()
    script.write_text(
        "#!/bin/sh\n"
        f'echo "$@" >> {log}\n'
        f'case "$*" in *is-active*) exit {0 if active else 3};; esac\n'
        "exit 0\n"
    )
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return log


def test_on_the_pi_the_page_is_its_own_service(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = fake_systemctl(tmp_path, active=True)
    monkeypatch.setenv("PATH", f"{tmp_path / 'bin'}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("TABLESIDE_PHONES_UNIT", "tableside-phones.service")
    phones = PhoneHost(tmp_path / "phones")
    assert isinstance(phones.server, UnitServer)
    phones.turn_on()
    assert phones.server.running() and phones.server.running()  # asked once: remembered
    phones.turn_off()
    assert log.read_text().splitlines() == [
        "--no-ask-password start tableside-phones.service",
        "--no-ask-password is-active --quiet tableside-phones.service",
        "--no-ask-password stop tableside-phones.service",
    ]


def test_elsewhere_a_child_process_which_says_where_it_listens(tmp_path: Path) -> None:
    phones = PhoneHost(tmp_path / "phones", port=0)
    assert isinstance(phones.server, ChildServer)
    phones.turn_on()
    try:
        found = phones.address(wait=20)
        assert found is not None and found[1] > 0
        assert phones.problem() in (None, NO_NETWORK)  # a machine on no network: said
    finally:
        phones.turn_off()
    assert not phones.server.running() and phones.address() is None
    assert not (tmp_path / "phones" / F.ADDRESS).exists()


class StandIn:
    """A server that runs, or has stopped, as the test says."""

    def __init__(self, running: bool) -> None:
        self.is_running = running

    def start(self, _folder: Path, _port: int) -> None: ...

    def stop(self) -> None: ...

    def running(self) -> bool:
        return self.is_running


@pytest.mark.parametrize(
    ("running", "addresses", "said"),
    [
        (True, ["192.168.1.20"], None),
        (True, ["127.0.0.1"], NO_NETWORK),
        (False, ["192.168.1.20"], NOT_STARTED),
    ],
)
def test_settings_says_why_phones_cannot_reach_the_page(
    tmp_path: Path, running: bool, addresses: list[str], said: str | None
) -> None:
    phones = PhoneHost(tmp_path / "phones")
    phones.server = StandIn(running)
    phones.turn_on()
    F.write_json(tmp_path / "phones" / F.ADDRESS, {"port": 8765, "addresses": addresses})
    assert phones.problem() == said
    assert host.PhoneHost(tmp_path / "off").problem() is None  # off: nothing to say

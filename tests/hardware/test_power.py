"""hardware.power: systemctl poweroff only for the Pi's installed app, never run for real
here (a stand-in runner), and every refusal said in a player's words."""

from __future__ import annotations

import subprocess
from collections.abc import Sequence

import pytest

from hardware import power

ALLOWED = {power.POWER_OFF_ENV: "1"}


class Runner:
    """Stands in for subprocess.run: records the command and answers as systemctl."""

    def __init__(self, status: int = 0, stderr: str = "", fail: Exception | None = None):
        self.commands: list[list[str]] = []
        self.status, self.stderr, self.fail = status, stderr, fail

    def __call__(self, command: Sequence[str]) -> subprocess.CompletedProcess[str]:
        self.commands.append(list(command))
        if self.fail is not None:
            raise self.fail
        return subprocess.CompletedProcess(list(command), self.status, "", self.stderr)


def test_the_installed_app_asks_systemd_to_power_off() -> None:
    run = Runner()
    assert power.power_off(run, ALLOWED) is None
    assert run.commands == [["systemctl", "poweroff"]]


@pytest.mark.parametrize("environ", [{}, {power.POWER_OFF_ENV: "0"}, {"TABLESIDE_DB": "x"}])
def test_a_computer_tableside_was_not_installed_on_stays_on(environ: dict[str, str]) -> None:
    run = Runner()
    assert power.power_off(run, environ) == power.NOT_HERE
    assert run.commands == []  # systemctl never even asked


def test_this_test_run_may_not_power_off() -> None:
    """The environment the tests run in: the app here would never turn anything off."""
    assert not power.may_power_off()


@pytest.mark.parametrize(
    ("stderr", "words"),
    [
        ("Call to PowerOff failed: Access denied", power.REFUSED),
        (
            "Failed to power off system via logind: Interactive authentication required.",
            power.REFUSED,
        ),
        (
            'Operation inhibited by "apt" (PID 812 "unattended-upgr", user root), reason '
            'is "upgrade".',
            power.BUSY,
        ),
        (
            "Failed to connect to bus: No such file or directory",
            power.FAILED.format(detail="status 1"),
        ),
    ],
)
def test_a_refusal_is_said_in_a_players_words(stderr: str, words: str) -> None:
    said = power.power_off(Runner(status=1, stderr=stderr), ALLOWED)
    assert said == words
    assert said is not None and "systemctl" not in said and "logind" not in said
    assert "Your games are saved" in said or "Try again" in said


@pytest.mark.parametrize(
    "fail", [FileNotFoundError("systemctl"), subprocess.TimeoutExpired("systemctl", 30)]
)
def test_no_systemctl_or_no_answer(fail: Exception) -> None:
    said = power.power_off(Runner(fail=fail), ALLOWED)
    assert said == power.FAILED.format(detail="the system did not answer")

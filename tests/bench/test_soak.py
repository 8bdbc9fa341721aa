"""The soak run plays every engine to the end and reports what it met."""

import pytest

import engines
from engines import soak

pytestmark = pytest.mark.bench


def test_soak_runs_every_game_and_reports(capsys: pytest.CaptureFixture[str]) -> None:
    soak.main(["--games", "8", "--jobs", "1"])
    last = capsys.readouterr().out.strip().splitlines()[-1]
    summary = dict(pair.split("=") for pair in last.split())
    assert summary["games"] == "8"
    assert summary["exceptions"] == "0"


def test_a_game_that_raises_is_counted_not_fatal(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(state: object, action: object) -> object:
        raise RuntimeError("boom")

    monkeypatch.setattr(engines.rules("skogen"), "apply", broken)
    name, _steps, problem = soak.play_one("skogen", 1)
    assert name == "skogen" and "RuntimeError: boom" in problem

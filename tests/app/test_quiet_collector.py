"""Python's cycle collector runs when the table is quiet: young objects often, a full
pass once after each burst of touches (or at the latest every FULL_AT_LEAST seconds),
never Python's own, timed by allocations, in the middle of a touch."""

from __future__ import annotations

import gc

import pytest

from app.kit import quiet_collector
from app.kit.quiet_collector import FULL_AT_LEAST, QUIET_SECONDS, QuietCollector

#: The time the collector reads (``passes`` puts it in place of the clock).
now = [0.0]


@pytest.fixture
def passes(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The generations collected, 2 for a full pass; time stands still unless moved."""
    seen: list[int] = []
    monkeypatch.setattr(gc, "collect", lambda generation=2: seen.append(generation) or 0)
    monkeypatch.setattr(quiet_collector.time, "monotonic", lambda: now[0])
    now[0] = 1000.0
    return seen


def test_full_passes_wait_for_quiet_and_come_once(passes: list[int]) -> None:
    collector = QuietCollector()
    collector.start()
    try:
        assert not gc.isenabled()  # Python's own timing is off
        passes.clear()
        collector.active()
        for _ in range(3):  # touches keep coming: young objects only
            now[0] += QUIET_SECONDS / 2
            collector.active()
            collector._tick(0.5)
        assert passes == [1, 1, 1]
        now[0] += QUIET_SECONDS  # quiet: one full pass, then young ones again
        for _ in range(3):
            collector._tick(0.5)
        assert passes == [1, 1, 1, 2, 1, 1]
    finally:
        collector.stop()
    assert gc.isenabled()


def test_a_long_busy_stretch_still_gets_a_full_pass(passes: list[int]) -> None:
    collector = QuietCollector()
    collector.start()
    try:
        passes.clear()
        while now[0] < 1000.0 + FULL_AT_LEAST + 1:
            now[0] += 0.5
            collector.active()
            collector._tick(0.5)
        assert passes.count(2) == 1
    finally:
        collector.stop()

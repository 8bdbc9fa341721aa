"""History's words for damaged saved games: listed as damaged, never a crash, whatever
a row holds."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from app.kit import theme
from app.screens.history import describe
from app.screens.when import when
from app.storage.sessions import SavedSession
from app.storage.store import Store


def _session(**fields: Any) -> SavedSession:
    values: dict[str, Any] = {
        "id": 7,
        "game": "skogen",
        "config": {},
        "seed": 1,
        "players": ("Ana", "Bo"),
        "status": "finished",
        "started": "2026-11-03T20:00:00+00:00",
        "updated": "2026-11-03T21:00:00+00:00",
        "ended": "2026-11-03T21:00:00+00:00",
        "outcome": {"result": "scored", "reason": "Ana won."},
        "event_count": 3,
    }
    return SavedSession(**{**values, **fields})


@pytest.fixture
def west_of_utc() -> Iterator[None]:
    """Local time five hours behind UTC, where year 1's first hours do not exist."""
    before = os.environ.get("TZ")
    os.environ["TZ"] = "EST+5"
    time.tzset()
    yield
    if before is None:
        del os.environ["TZ"]
    else:
        os.environ["TZ"] = before
    time.tzset()


@pytest.mark.usefixtures("west_of_utc")
@pytest.mark.parametrize(
    "saved", ["", "someday", "0001-01-01T00:00:00+00:00", "2026-13-45T99:00:00", "x" * 100_000]
)
def test_a_time_that_cannot_be_read_is_unknown(saved: str) -> None:
    assert when(saved) == "time unknown"


@pytest.mark.usefixtures("west_of_utc")
def test_a_time_is_still_spoken_of_as_before() -> None:
    evening = datetime(2026, 11, 3, 18, 0).astimezone()
    assert when("2026-11-03T20:00:00+00:00", now=evening) == "today 15:00"
    assert when("2025-11-03T20:00:00+00:00", now=evening) == "03 Nov 2025 15:00"


def test_a_damaged_session_is_listed_as_damaged() -> None:
    row = describe(
        _session(game="unknown", players=(), started="", damage="its game and its players")
    )
    assert row["game_title"] == "Unknown game"
    assert row["result"] == "Damaged: its game and its players"
    assert row["damage"] == "its game and its players"
    assert row["when"] == "time unknown"
    assert row["accent"] == theme.DANGER
    known = describe(_session(damage="its result cannot be read"))
    assert known["game_title"] == "Skogen" and known["players"] == "Ana, Bo"


@pytest.mark.parametrize(
    ("outcome", "result"),
    [
        ([1, 2], "Finished"),
        ({"reason": ["not", "words"]}, "Finished"),
        ({"reason": "Bo won."}, "Bo won."),
        ("a string", "Finished"),
    ],
)
def test_an_odd_outcome_never_breaks_the_list(outcome: Any, result: str) -> None:
    assert describe(_session(outcome=outcome))["result"] == result


def test_every_session_of_a_damaged_store_can_be_described(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "tableside.db")
    for column, value in [
        ("started", "'not a date'"),
        ("outcome", "'[1, 2]'"),
        ("config", "'{'"),
        ("players", "'7'"),
        ("status", "'lost in time'"),
        ("game", "cast(x'ff' as text)"),  # text that is not UTF-8
    ]:
        session = store.start_session("skogen", {}, 1, ["Ana"])
        store.finish_session(session, {"result": "scored", "reason": "Ana won."})
        with store.db.atomic():
            store.db.execute(f"update sessions set {column} = {value} where id = ?", [session])

    rows = [describe(session) for session in store.sessions()]

    assert len(rows) == 6
    assert all(row["result"].startswith("Damaged: ") for row in rows)

"""When two plays are the same play on import: only by their uuids, unless neither has
one, or one of them is a game played on this table.

BG Stats users log many plays at a default time of day (a real Android backup has 59 of
its 207 plays at the same date, time and players as another play, each with its own
uuid, winner and scores); and a file without play ids, imported again after the table
moved to another time zone, must not bring its plays in twice.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.exchange.bgstats_import import import_bgstats
from app.storage.store import Store
from engines.core import Outcome, to_data
from tests.time_zone import CET, time_zone

#: New York: five or six hours behind Central Europe.
EASTERN = "EST5EDT,M3.2.0,M11.1.0"


@pytest.fixture(autouse=True)
def table_in_central_europe() -> Iterator[None]:
    with time_zone(CET):
        yield


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store.open(tmp_path / "db" / "tableside.db")


def _file(path: Path, plays: list[dict[str, Any]]) -> Path:
    data = {
        "games": [{"id": 1, "name": "Skogen", "bggId": 0}],
        "players": [
            {"id": 1, "name": "Åse", "isAnonymous": False},
            {"id": 2, "name": "Øyvind", "isAnonymous": False},
        ],
        "plays": plays,
    }
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _play(
    day: int, uuid: str | None, ase: int, oyvind: int, time: str = "10:00:00"
) -> dict[str, Any]:
    """A Skogen play in March, logged at BG Stats' default time of day (ten in the
    morning) unless ``time`` says otherwise."""
    play: dict[str, Any] = {
        "gameRefId": 1,
        "playDate": f"2026-03-{day:02d} {time}",
        "durationMin": 30,
        "playerScores": [
            {"playerRefId": 1, "score": str(ase), "winner": ase > oyvind},
            {"playerRefId": 2, "score": str(oyvind), "winner": oyvind > ase},
        ],
    }
    if uuid is not None:
        play["uuid"] = uuid
    return play


def test_plays_at_the_same_time_with_their_own_uuids_are_all_kept(
    store: Store, tmp_path: Path
) -> None:
    # Three evenings, three plays each evening at the default time, each its own uuid.
    plays = [
        _play(day, f"7C1D0B9E-0000-4000-8000-{day:06d}{game:06d}", 30 + game, 31 - game)
        for day in (3, 4, 5)
        for game in range(3)
    ]

    report = import_bgstats(store, _file(tmp_path / "BGStatsExport.json", plays))

    assert (report.added, report.duplicates) == (9, 0)
    assert "already here" not in report.message
    scores = sorted(tuple(s.outcome["scores"][0]) for s in store.sessions())
    assert scores == sorted(("Åse", 30 + game) for _day in (3, 4, 5) for game in range(3))
    again = import_bgstats(store, _file(tmp_path / "BGStatsExport.json", plays))
    assert (again.added, again.duplicates) == (0, 9)


def test_plays_without_uuids_at_the_same_time_are_one_play(store: Store, tmp_path: Path) -> None:
    plays = [_play(3, None, 30, 31), _play(3, None, 30, 31), _play(4, None, 30, 31)]

    report = import_bgstats(store, _file(tmp_path / "plays.json", plays))

    assert (report.added, report.duplicates) == (2, 1)


def test_a_play_with_a_uuid_is_not_one_without_at_the_same_time(
    store: Store, tmp_path: Path
) -> None:
    import_bgstats(store, _file(tmp_path / "without.json", [_play(3, None, 30, 31)]))

    report = import_bgstats(store, _file(tmp_path / "with.json", [_play(3, "B-1", 40, 20)]))

    assert (report.added, report.duplicates) == (1, 0)


def test_a_play_of_this_tables_own_game_is_recognised_without_its_uuid(
    store: Store, tmp_path: Path
) -> None:
    own = store.start_session("skogen", {}, 5, ["Åse", "Øyvind"])
    scores = (("Åse", 30), ("Øyvind", 31))
    store.finish_session(own, to_data(Outcome("scored", "Øyvind won.", scores=scores)))
    store.db.execute(
        "update sessions set started = ? where id = ?", ["2026-03-03T09:00:00+00:00", own]
    )

    report = import_bgstats(store, _file(tmp_path / "phone.json", [_play(3, "B-2", 30, 31)]))

    assert (report.added, report.duplicates) == (0, 1)


def test_a_file_without_play_ids_comes_back_once_after_the_table_moves(
    store: Store, tmp_path: Path
) -> None:
    # Fifty plays, at ten in the morning and a quarter past eight in the evening.
    plays = [_play(day, None, 20 + day, 40 - day) for day in range(1, 26)]
    plays += [_play(day, None, 1, 2, time="20:15:00") for day in range(1, 26)]
    path = _file(tmp_path / "no-ids.json", plays)
    assert import_bgstats(store, path).added == 50

    with time_zone(EASTERN):
        report = import_bgstats(store, path)

    assert (report.added, report.duplicates) == (0, 50)
    assert len(store.sessions()) == 50


def test_a_stopped_import_adds_nothing_not_even_its_players(store: Store, tmp_path: Path) -> None:
    """Review R3: a long import can be stopped, and what it had added is rolled back."""
    import threading

    from app.exchange.bgstats_import import ImportStopped

    before = (store.session_ids(), [p.name for p in store.players()])
    path = _file(tmp_path / "plays.json", [_play(d, f"P-{d}", 30 + d, 31) for d in range(1, 29)])
    stop = threading.Event()

    def told(done: int, _total: int) -> None:
        if done == 10:  # the person touches Stop a third of the way through
            stop.set()

    with pytest.raises(ImportStopped):
        import_bgstats(store, path, told, stop)
    assert (store.session_ids(), [p.name for p in store.players()]) == before
    assert import_bgstats(store, path).added == 28  # and it can be imported later

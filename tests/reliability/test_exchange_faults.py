"""Export and import when things go wrong: a damaged database is exported as far as it
can be read (and says what it left out), a storage fault or a full stick is put in words,
and a hostile file to import is refused in words, changing nothing."""

from __future__ import annotations

import csv
import errno
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from app.exchange.bgstats_import import COMMENT_LIMIT, MAX_IMPORT_BYTES, NAME_LIMIT, import_bgstats
from app.exchange.export import ExportReport, export_all
from app.exchange.files import write_problem
from app.exchange.tableside_json import export_session_as_stored
from app.storage.faults import StorageFault
from app.storage.store import Store

WON = {"result": "won", "reason": "All six Minions defeated.", "cause": "all_minions"}
SCORED = {"result": "scored", "reason": "Ana won.", "winners": ["Ana"], "scores": [["Ana", 9]]}


def _damage(store: Store, sql: str, *params: Any) -> None:
    """Write a value the app would never write, as a bit flip or a bad card might."""
    with store.db.atomic():
        store.db.execute(sql, list(params))


@pytest.fixture
def store(tmp_path: Path) -> Store:
    """A healthy finished game (1), a finished one whose players cannot be read (2), and
    a finished one whose second of three events cannot be read (3)."""
    store = Store.open(tmp_path / "db" / "tableside.db")
    store.add_player("Ana")
    for seed in (1, 2, 3):
        session = store.start_session("skoventyr", {}, seed, ["Ana"])
        for step in range(3):
            store.append_event(session, {"type": "action", "action": {"kind": "move", "to": step}})
        store.finish_session(session, WON)
    _damage(store, "update sessions set players = '[\"Ana\", ' where id = 2")
    _damage(store, "update events set payload = '[1, 2]' where session_id = 3 and seq = 2")
    return store


def _json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def _bgstats_plays(report: ExportReport) -> list[Any]:
    plays: list[Any] = _json(report.folder / report.bgstats_file)["plays"]
    return plays


def test_a_damaged_database_is_exported_as_far_as_it_can_be_read(
    store: Store, tmp_path: Path
) -> None:
    damage = store.session(2).damage
    assert damage  # the store says what it could not read

    report = export_all(store, tmp_path / "out")

    data = _json(tmp_path / "out" / "tableside.json")
    whole = {s["id"]: s for s in data["sessions"]}
    assert set(whole) == {1, 3}
    assert [e["seq"] for e in whole[1]["events"]] == [1, 2, 3]
    assert [e["seq"] for e in whole[3]["events"]] == [1, 3]
    # Nothing the person had is lost: the unreadable event and row are kept as stored.
    assert [(e["seq"], e["payload"]) for e in whole[3]["unreadable_events"]] == [(2, "[1, 2]")]
    (kept,) = data["damaged_sessions"]
    assert kept["id"] == 2 and kept["damage"] == damage
    assert kept["stored"]["players"] == '["Ana", '
    assert len(kept["stored"]["events"]) == 3
    # The CSV and BG Stats files have what could be read, and the report says the rest.
    with (tmp_path / "out" / "sessions.csv").open(newline="", encoding="utf-8-sig") as file:
        assert [row["id"] for row in csv.DictReader(file)] == ["1", "3"]
    plays = _bgstats_plays(report)
    assert report.bgstats_file.endswith(".bgsplay")
    assert len(plays) == 2  # a finished game with an unreadable move still has its result
    assert report.skipped == (
        f"Skoventyr game 2 ({damage})",
        "an unreadable move of Skoventyr game 3",
    )
    assert f"Skoventyr game 2 ({damage})" in report.message
    assert "tableside.json keeps them as they were saved" in report.message


def test_a_long_list_of_damaged_games_is_summed_up(store: Store, tmp_path: Path) -> None:
    for _ in range(20):
        session = store.start_session("skogen", {}, 1, ["Ana"])
        _damage(store, "update sessions set config = '{' where id = ?", session)

    report = export_all(store, tmp_path / "out")

    assert len(report.skipped) == 22  # 21 damaged games and game 3's unreadable move
    assert report.message.count("Skogen game") == 7  # 8 named (one is Skoventyr's)...
    assert "and 14 more." in report.message  # ...and the rest counted
    assert len(_json(tmp_path / "out" / "tableside.json")["damaged_sessions"]) == 21


def test_a_finished_game_whose_end_is_not_a_time_is_left_out_of_bg_stats(
    store: Store, tmp_path: Path
) -> None:
    _damage(store, "update sessions set ended = 'the day after' where id = 1")

    report = export_all(store, tmp_path / "out")

    plays = _bgstats_plays(report)
    assert len(plays) == 1  # game 3 only: 2 is damaged, 1 has no readable end
    assert any("Skoventyr game 1" in note for note in report.skipped)


def test_a_lone_surrogate_in_a_saved_value_is_exported_as_its_escape(
    store: Store, tmp_path: Path
) -> None:
    """JSON text may escape half of a character pair ("\\ud800"), which UTF-8 cannot
    hold: the files keep it as that escape, and the export goes on."""
    _damage(store, """update sessions set players = '["Ana", "B\\ud800"]' where id = 1""")
    _damage(store, """update events set payload = '{"to": "\\udc80"}' where seq = 1""")

    export_all(store, tmp_path / "out")

    data = _json(tmp_path / "out" / "tableside.json")
    first = next(s for s in data["sessions"] if s["id"] == 1)
    assert first["players"] == ["Ana", "B\ud800"]
    assert first["events"][0]["payload"] == {"to": "\udc80"}
    assert "B\\ud800" in (tmp_path / "out" / "sessions.csv").read_text(encoding="utf-8")


def test_one_damaged_game_is_saved_as_stored_on_its_own(store: Store, tmp_path: Path) -> None:
    export_session_as_stored(store, 2, tmp_path / "two.json")
    export_session_as_stored(store, 3, tmp_path / "three.json")

    two = _json(tmp_path / "two.json")
    assert two["sessions"] == [] and two["damaged_sessions"][0]["id"] == 2
    assert two["damaged_sessions"][0]["stored"]["players"] == '["Ana", '
    three = _json(tmp_path / "three.json")
    assert three["sessions"][0]["unreadable_events"][0]["payload"] == "[1, 2]"


def test_a_full_stick_leaves_no_half_written_file(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(_descriptor: int) -> None:  # the stick says so as the file is synced to it
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError) as raised:
        export_all(store, tmp_path / "out")

    assert sorted(p.name for p in tmp_path.iterdir()) == ["db"]  # nothing, not even .partial
    assert write_problem(raised.value) == "there is no space left there"
    assert write_problem(OSError(errno.EROFS, "x")) == "that place is read-only"
    assert write_problem(OSError("no errno")) == "the storage refused them"


def test_a_storage_fault_during_an_export_is_raised_as_such(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def locked(_self: Store, _session_id: int) -> Any:
        raise StorageFault("locked")

    monkeypatch.setattr(Store, "readable_events", locked)
    with pytest.raises(StorageFault, match="busy in another program"):
        export_all(store, tmp_path / "out")


#: A child that exports the saved games and dies (a power cut, a kill) half-way through
#: events.csv: its rows so far reach the file, and nothing after them.
DIES_IN_EVENTS_CSV = """
import csv, os, sys
from pathlib import Path
from app.exchange.export import export_all
from app.storage.store import Store

real = csv.writer

def dying(file, *args, **kwargs):
    writer = real(file, *args, **kwargs)
    if "events.csv" not in str(getattr(file, "name", "")):
        return writer
    rows = []

    class Dying:
        def writerow(self, row):
            writer.writerow(row)
            rows.append(row)
            if len(rows) == 5:
                file.flush()
                os._exit(9)

        def writerows(self, many):
            for row in many:
                self.writerow(row)

    return Dying()

csv.writer = dying
export_all(Store.open(Path(sys.argv[1])), Path(sys.argv[2]))
"""


def test_a_cut_during_an_export_leaves_nothing_cut_short_and_is_tidied_next_time(
    store: Store, tmp_path: Path
) -> None:
    db, base = store.path, tmp_path / "stick"
    assert db is not None
    store.close()
    cut = subprocess.run(
        [sys.executable, "-c", DIES_IN_EVENTS_CSV, str(db), str(base / "export-1")],
        capture_output=True,
        text=True,
    )
    assert cut.returncode == 9, cut.stderr

    # Whatever has its final name is whole: here, nothing does (not even the folder).
    finished = [p for p in base.rglob("*") if ".partial" not in str(p.relative_to(base))]
    assert finished == []
    assert list(base.rglob("*.partial")) != []  # what was being written, set apart

    store = Store.open(db)
    export_all(store, base / "export-2")  # the next export tidies up
    assert list(base.rglob("*.partial")) == []
    assert sorted(p.name for p in base.iterdir()) == ["export-2"]
    with (base / "export-2" / "events.csv").open(newline="", encoding="utf-8-sig") as file:
        assert len(list(csv.DictReader(file))) == 5  # those of games 1 and 3 that can be read


# -- import ----------------------------------------------------------------------------


def _bgstats(plays: list[Any], players: Any = None) -> dict[str, Any]:
    return {
        "games": [{"id": 7, "name": "Chickwood Forest"}],
        "players": players
        if players is not None
        else [{"id": 1, "name": "Ana"}, {"id": 2, "name": "Bo"}],
        "plays": plays,
    }


def _play(**fields: Any) -> dict[str, Any]:
    play = {
        "uuid": "u-1",
        "gameRefId": 7,
        "playDate": "2026-10-20 19:00:00",
        "durationMin": 45,
        "playerScores": [
            {"playerRefId": 1, "score": "30", "winner": True, "seatOrder": 1},
            {"playerRefId": 2, "score": "20", "winner": False, "seatOrder": 2},
        ],
    }
    return {**play, **fields}


def _file(tmp_path: Path, content: str | bytes | dict[str, Any]) -> Path:
    path = tmp_path / "import.json"
    if isinstance(content, dict):
        content = json.dumps(content)
    if isinstance(content, str):
        content = content.encode("utf-8")
    path.write_bytes(content)
    return path


HUGE = "9" * 100_000
HOSTILE: dict[str, str | bytes | dict[str, Any]] = {
    "a duration of 10**30": _bgstats([_play(durationMin=10**30)]),
    "a negative duration": _bgstats([_play(durationMin=-5)]),
    "a duration that is NaN": json.dumps(_bgstats([_play(durationMin=0)])).replace(
        '"durationMin": 0', '"durationMin": NaN'
    ),
    "an infinite duration": json.dumps(_bgstats([_play(durationMin=0)])).replace(
        '"durationMin": 0', '"durationMin": -Infinity'
    ),
    "a duration as text": _bgstats([_play(durationMin="an hour")]),
    "year 1 east of UTC": _bgstats([_play(playDate="0001-01-01 00:00:00+05:00")]),
    "year 9999 west of UTC": _bgstats([_play(playDate="9999-12-31 23:30:00-05:00")]),
    "year 9999, ending in year 10000": _bgstats([_play(playDate="9999-12-31 23:30:00")]),
    "year 1": _bgstats([_play(playDate="0001-01-01 00:00:00")]),
    "a 100,000-character date": _bgstats([_play(playDate=HUGE)]),
    "a date that is a list": _bgstats([_play(playDate=[2026, 10, 20])]),
    "JSON nested 5,000 deep": '{"plays": ' + "[" * 5000 + "]" * 5000 + "}",
    "a number of 100,000 digits": '{"plays": [], "games": [], "players": [], "n": ' + HUGE + "}",
    "bytes that are not UTF-8": b'{"plays": [\xff\xfe]}',
    "a list for the whole file": "[[[]]]",
    "a list where a play should be": _bgstats([[7, "2026-10-20"]]),
    "a list where players should be": _bgstats([_play()], players=[[1, "Ana"]]),
    "an object where seats should be": _bgstats([_play(playerScores={"1": "Ana"})]),
    "a list where a seat should be": _bgstats([_play(playerScores=[[1, "30"]])]),
    "a thousand seats": _bgstats(
        [_play(playerScores=[{"playerRefId": 1, "score": "1"} for _ in range(1000)])]
    ),
}


@pytest.mark.parametrize("content", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_hostile_file_is_refused_in_words_and_changes_nothing(
    store: Store, tmp_path: Path, content: str | bytes | dict[str, Any]
) -> None:
    before = (store.players(), [s.id for s in store.sessions()])

    with pytest.raises(ValueError) as refused:
        import_bgstats(store, _file(tmp_path, content))

    message = str(refused.value)
    assert re.match(r"This file (is damaged|is not a BG Stats export|is too large)", message)
    assert len(message) < 200  # a value quoted from the file is shortened
    assert not re.search(r"out of range|Errno|codec|recursion|Exceeds|expected", message)
    assert (store.players(), [s.id for s in store.sessions()]) == before


def test_a_huge_file_is_refused_unread(store: Store, tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as file:  # sparse: no 33 MB written to the disk
        file.truncate(MAX_IMPORT_BYTES + 1)
    with pytest.raises(ValueError, match="too large to be a BG Stats export"):
        import_bgstats(store, path)


def test_a_folder_is_not_imported(store: Store, tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="not a file that can be imported"):
        import_bgstats(store, tmp_path)


def test_long_and_odd_text_is_kept_within_bounds(store: Store, tmp_path: Path) -> None:
    players = [{"id": 1, "name": "A" * 5000}, {"id": 2, "name": "Bo \ud800"}]
    play = _play(uuid="\udc80" * 3, comments="long " * 10_000, playerScores=_play()["playerScores"])
    play["playerScores"][0]["score"] = HUGE  # not a score: none is kept
    play["playerScores"][1]["score"] = 1e300

    report = import_bgstats(store, _file(tmp_path, _bgstats([play], players)))

    assert report.added == 1
    saved = next(s for s in store.sessions() if s.game == "chickwood")
    assert all(len(name) <= NAME_LIMIT for name in saved.players)
    assert saved.players[1] == "Bo ?"  # a lone surrogate, which SQLite refuses, replaced
    assert saved.external_id == "???"
    assert len(saved.outcome["reason"]) == COMMENT_LIMIT
    assert saved.outcome["scores"] == []
    assert "Bo ?" in report.new_players


def test_a_storage_fault_during_an_import_adds_nothing(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    plays = [_play(uuid=f"u-{n}", playDate=f"2026-10-2{n} 19:00:00") for n in range(3)]
    original = Store.add_finished_session
    calls: list[int] = []

    def full_on_the_second(self: Store, *args: Any, **kwargs: Any) -> int:
        calls.append(1)
        if len(calls) == 2:
            raise StorageFault("full")
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Store, "add_finished_session", full_on_the_second)
    with pytest.raises(StorageFault, match="storage is full"):
        import_bgstats(store, _file(tmp_path, _bgstats(plays)))

    assert len(store.sessions()) == 3
    assert "Bo" not in {p.name for p in store.players()}


def test_an_import_works_beside_damaged_games(store: Store, tmp_path: Path) -> None:
    _damage(store, "update sessions set started = 'someday' where id = 1")

    report = import_bgstats(store, _file(tmp_path, _bgstats([_play()])))

    assert report.added == 1


def test_importing_again_after_an_imported_games_row_was_damaged_adds_nothing(
    store: Store, tmp_path: Path
) -> None:
    path = _file(tmp_path, _bgstats([_play()]))
    assert import_bgstats(store, path).added == 1
    (imported,) = (s.id for s in store.sessions() if s.external_id == "u-1")
    _damage(store, "update sessions set players = '[\"Ana\", ' where id = ?", imported)
    before = len(store.sessions())

    report = import_bgstats(store, path)  # the same play, kept in a row that cannot be read

    assert (report.added, report.duplicates) == (0, 1)
    assert report.message == (
        "Added 0 games. 1 game was already here. It is damaged here: touch it in History "
        "to save it as a file."
    )
    assert len(store.sessions()) == before

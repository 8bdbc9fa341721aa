import codecs
import csv
import io
import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from app.exchange.bgstats import play_uuid
from app.exchange.bgstats_export import export_bgstats
from app.exchange.bgstats_import import import_bgstats
from app.exchange.csv_files import export_csv
from app.exchange.export import export_all
from app.exchange.tableside_json import export_json
from app.storage.store import Store
from engines.core import Outcome, to_data
from tests.time_zone import time_zone


@pytest.fixture(autouse=True)
def table_in_utc() -> Iterator[None]:
    """BG Stats times are the table's local time: here the table's clock is on UTC, so
    they read as the store's (tests/app/test_bgstats_format.py moves the table)."""
    with time_zone("UTC0"):
        yield


def _set_times(store: Store, session_id: int, started: str, ended: str | None) -> None:
    """The game's times, and its moves' spread evenly up to its end (a minute apart in
    an unfinished game): a play lasts the time its moves took."""
    start = datetime.fromisoformat(started)
    count = store.session(session_id).event_count
    step = (datetime.fromisoformat(ended) - start) / count if ended else timedelta(minutes=1)
    moves = [(start + step * number).isoformat() for number in range(1, count + 1)]
    _set_stamps(store, session_id, started, moves, ended)


def _set_stamps(
    store: Store, session_id: int, started: str, moves: list[str], ended: str | None
) -> None:
    """The times the clock gave the game's start, each of its moves and its end."""
    store.db.execute(
        "update sessions set started = ?, updated = ?, ended = ? where id = ?",
        [started, ended or started, ended, session_id],
    )
    for seq, at in enumerate(moves, start=1):
        store.db.execute(
            "update events set at = ? where session_id = ? and seq = ?", [at, session_id, seq]
        )


@pytest.fixture
def store(tmp_path: Path) -> Store:
    """Four games with known times: won, lost, scored, and one still being played."""
    store = Store.open(tmp_path / "home" / "tableside.db")
    for name in ("Ana", "Bo", "Camille", "Bjørn"):
        store.add_player(name)

    won = store.start_session("skoventyr", {"trees": 3}, 11, ["Ana", "Bo"])
    store.append_event(won, {"type": "action", "action": {"kind": "move", "to": 4}})
    store.append_event(won, {"type": "undo"})
    store.finish_session(
        won,
        to_data(Outcome("won", "Vogter defeated every Minion.", "all_minions_defeated")),
    )
    _set_times(store, won, "2026-11-01T18:00:00+00:00", "2026-11-01T18:45:00+00:00")

    lost = store.start_session("skulk_hollow", {"guardian": "grak"}, 12, ["Camille"])
    for _ in range(2):
        store.append_event(lost, {"type": "action", "action": {"kind": "attack"}})
    store.finish_session(
        lost, to_data(Outcome("lost", "Grak crushed the heroes. The guardian wins.", "crushed"))
    )
    _set_times(store, lost, "2026-11-02T19:30:00+00:00", "2026-11-02T20:10:00+00:00")

    scored = store.start_session("chickwood", {"quick": True}, 13, ["Bjørn", "Ana", "Bo"])
    for glory in (12, 30, 41):
        store.append_event(scored, {"type": "action", "action": {"kind": "score", "glory": glory}})
    store.finish_session(
        scored,
        to_data(
            Outcome(
                "scored",
                "Bjørn has the most glory, 41.",
                "most_glory",
                winners=("Bjørn",),
                scores=(("Bjørn", 41), ("Ana", 37), ("Bo", 37)),
            )
        ),
    )
    _set_times(store, scored, "2026-11-03T20:00:00+00:00", "2026-11-03T21:05:00+00:00")

    unfinished = store.start_session("skogen", {"die": "app"}, 14, ["Ana", "Camille"])
    store.append_event(unfinished, {"type": "action", "action": {"kind": "roll"}})
    _set_times(store, unfinished, "2026-11-04T17:00:00+00:00", None)
    return store


def _read_json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def _by_game(store: Store) -> dict[str, Any]:
    return {session.game: session for session in store.sessions()}


def test_the_json_export_holds_every_session_with_its_events(store: Store, tmp_path: Path) -> None:
    path = tmp_path / "out" / "tableside.json"
    export_json(store, path)
    data = _read_json(path)

    assert data["format"] == "tableside"
    assert data["version"] == 1
    assert data["games"]["skulk_hollow"] == "Skulk Hollow"
    assert sorted(data["players"]) == ["Ana", "Bjørn", "Bo", "Camille"]
    sessions = data["sessions"]
    assert [s["game"] for s in sessions] == ["skoventyr", "skulk_hollow", "chickwood", "skogen"]
    won = sessions[0]
    assert won["seed"] == 11
    assert won["config"] == {"trees": 3}
    assert won["players"] == ["Ana", "Bo"]
    assert won["status"] == "finished"
    assert won["started"] == "2026-11-01T18:00:00+00:00"
    assert won["outcome"]["result"] == "won"
    assert won["outcome"]["cause"] == "all_minions_defeated"
    assert [e["seq"] for e in won["events"]] == [1, 2]
    assert won["events"][0]["payload"] == {"type": "action", "action": {"kind": "move", "to": 4}}
    assert won["events"][1]["at"]
    scored = sessions[2]
    assert scored["outcome"]["scores"] == [["Bjørn", 41], ["Ana", 37], ["Bo", 37]]
    unfinished = sessions[3]
    assert unfinished["status"] == "active"
    assert unfinished["ended"] is None and unfinished["outcome"] is None
    assert len(unfinished["events"]) == 1
    # Written as UTF-8 text, not escaped.
    assert "Bjørn" in path.read_text(encoding="utf-8")


def test_the_csv_export_has_a_row_per_session_and_per_event(store: Store, tmp_path: Path) -> None:
    sessions_path, events_path = export_csv(store, tmp_path / "csv")
    assert sessions_path.name == "sessions.csv" and events_path.name == "events.csv"

    with sessions_path.open(newline="", encoding="utf-8-sig") as file:
        sessions = list(csv.DictReader(file))
    with events_path.open(newline="", encoding="utf-8-sig") as file:
        events = list(csv.DictReader(file))

    assert len(sessions) == 4
    assert len(events) == 8  # 2 + 2 + 3 + 1
    scored = next(row for row in sessions if row["game"] == "chickwood")
    assert scored == {
        "id": str(_by_game(store)["chickwood"].id),
        "game": "chickwood",
        "started": "2026-11-03T20:00:00+00:00",
        "ended": "2026-11-03T21:05:00+00:00",
        "status": "finished",
        "players": "Bjørn; Ana; Bo",
        "result": "scored",
        "reason": "Bjørn has the most glory, 41.",
        "scores": "Bjørn: 41; Ana: 37; Bo: 37",
        "minutes": "65",
        "time_checked": "yes",
    }
    unfinished = next(row for row in sessions if row["game"] == "skogen")
    assert unfinished["ended"] == "" and unfinished["result"] == ""
    first = events[0]
    assert first["session_id"] == str(_by_game(store)["skoventyr"].id)
    assert first["seq"] == "1"
    assert first["time"]
    assert json.loads(first["payload"]) == {"type": "action", "action": {"kind": "move", "to": 4}}


def test_a_spreadsheet_reads_the_csv_names_whole(tmp_path: Path) -> None:
    """As a spreadsheet does: a byte-order mark says UTF-8 (else Excel reads ANSI), and the
    names come back letter for letter."""
    store = Store.in_memory()
    names = ["Øyvind", "Zoë", "Fröspridning"]
    game = store.start_session("chickwood", {}, 1, names)
    scores = [[name, 30 + seat] for seat, name in enumerate(names)]
    store.finish_session(
        game, {"result": "scored", "reason": "Zoë won.", "winners": ["Zoë"], "scores": scores}
    )
    sessions_path, events_path = export_csv(store, tmp_path / "csv")

    for path in (sessions_path, events_path):
        assert path.read_bytes().startswith(codecs.BOM_UTF8)
    text = sessions_path.read_bytes()[len(codecs.BOM_UTF8) :].decode("utf-8")
    [header, row] = list(csv.reader(io.StringIO(text, newline="")))
    assert header[0] == "id"  # not "\ufeffid": the mark is not part of the first cell
    assert row[header.index("players")] == "Øyvind; Zoë; Fröspridning"
    assert row[header.index("scores")] == "Øyvind: 30; Zoë: 31; Fröspridning: 32"
    assert row[header.index("reason")] == "Zoë won."


def test_csv_cells_that_a_spreadsheet_would_run_are_written_as_text(
    store: Store, tmp_path: Path
) -> None:
    names = ['=HYPERLINK("http://x")', "+1+1", "-2", "@SUM(A1)"]
    game = store.start_session("skogen", {}, 5, names)
    store.finish_session(game, {"result": "scored", "reason": "=1+1", "scores": {}})
    sessions_path, events_path = export_csv(store, tmp_path / "csv")
    for path in (sessions_path, events_path):
        with path.open(newline="", encoding="utf-8-sig") as file:
            cells = [cell for row in csv.reader(file) for cell in row]
        assert not [cell for cell in cells if cell[:1] in ("=", "+", "-", "@", "\t", "\r")]
    with sessions_path.open(newline="", encoding="utf-8-sig") as file:
        row = next(r for r in csv.DictReader(file) if r["id"] == str(game))
    # Shown as text, with nothing of the name lost.
    assert row["players"] == "'" + "; ".join(names)
    assert row["reason"] == "'=1+1"
    assert row["id"] == str(game) and row["minutes"].isdigit()


def test_the_bgstats_export_lists_games_players_and_finished_plays(
    store: Store, tmp_path: Path
) -> None:
    path = tmp_path / "plays.bgsplay"
    export_bgstats(store, path)
    data = _read_json(path)

    assert set(data) >= {"games", "players", "locations", "plays"}
    games = {game["name"]: game for game in data["games"]}
    assert set(games) == {"Skoventyr", "Skulk Hollow", "Chickwood Forest"}  # no unfinished
    assert games["Skoventyr"]["cooperative"] is True
    assert games["Skulk Hollow"]["cooperative"] is True
    assert games["Chickwood Forest"]["cooperative"] is False
    assert len({game["uuid"] for game in data["games"]}) == 3

    players = {player["id"]: player["name"] for player in data["players"]}
    assert sorted(players.values()) == ["Ana", "Bjørn", "Bo", "Camille"]

    plays = data["plays"]
    assert len(plays) == 3
    game_names = {game["id"]: game["name"] for game in data["games"]}
    by_game = {game_names[play["gameRefId"]]: play for play in plays}

    won = by_game["Skoventyr"]
    assert won["playDate"] == "2026-11-01 18:00:00"
    assert won["durationMin"] == 45
    assert [players[s["playerRefId"]] for s in won["playerScores"]] == ["Ana", "Bo"]
    assert all(s["winner"] for s in won["playerScores"])
    assert not any(s["winner"] for s in by_game["Skulk Hollow"]["playerScores"])

    scored = by_game["Chickwood Forest"]
    seats = {players[s["playerRefId"]]: s for s in scored["playerScores"]}
    assert {name: s["score"] for name, s in seats.items()} == {
        "Bjørn": "41",
        "Ana": "37",
        "Bo": "37",
    }
    assert [name for name, s in seats.items() if s["winner"]] == ["Bjørn"]
    assert {name: s["rank"] for name, s in seats.items()} == {"Bjørn": 1, "Ana": 2, "Bo": 2}
    assert seats["Bjørn"]["startPlayer"] is True and seats["Ana"]["startPlayer"] is False
    assert scored["comments"] == "Bjørn has the most glory, 41."

    # Stable: the same saved games give the same file, uuids included.
    again = tmp_path / "again.bgsplay"
    export_bgstats(store, again)
    assert again.read_bytes() == path.read_bytes()
    assert won["uuid"] == play_uuid(_by_game(store)["skoventyr"])
    assert len({play["uuid"] for play in plays}) == 3


def test_export_then_import_reproduces_the_finished_plays(store: Store, tmp_path: Path) -> None:
    path = tmp_path / "plays.bgsplay"
    export_bgstats(store, path)
    fresh = Store.open(tmp_path / "other" / "tableside.db")

    report = import_bgstats(fresh, path)

    assert report.added == 3
    assert report.duplicates == 0 and report.other_games == 0
    assert sorted(report.new_players) == ["Ana", "Bjørn", "Bo", "Camille"]
    assert sorted(p.name for p in fresh.players()) == ["Ana", "Bjørn", "Bo", "Camille"]
    original, copied = _by_game(store), _by_game(fresh)
    assert set(copied) == {"skoventyr", "skulk_hollow", "chickwood"}
    for game, session in copied.items():
        before = original[game]
        assert session.status == "finished"
        assert session.players == before.players
        assert session.started == before.started
        assert session.ended == before.ended
        assert session.outcome["result"] == before.outcome["result"]
        assert session.outcome["reason"] == before.outcome["reason"]
        assert session.outcome["winners"] == before.outcome["winners"]
        assert session.outcome["scores"] == before.outcome["scores"]
        assert session.external_id == play_uuid(before)
        assert session.event_count == 0

    # Exporting the copy gives the same plays back, so the uuids travel on. Only the
    # guardian Skulk Hollow's heroes faced stays behind (an imported game has no set-up).
    copy_path = tmp_path / "copy.bgsplay"
    export_bgstats(fresh, copy_path)
    roles = {"Foxen against Grak": "Foxen"}
    expected = _read_json(path)["plays"]
    for play in expected:
        for seat in play["playerScores"]:
            seat["role"] = roles.get(seat["role"], seat["role"])
    assert _read_json(copy_path)["plays"] == expected


def test_importing_the_same_file_again_adds_nothing(store: Store, tmp_path: Path) -> None:
    path = tmp_path / "plays.bgsplay"
    export_bgstats(store, path)
    fresh = Store.open(tmp_path / "other" / "tableside.db")
    assert import_bgstats(fresh, path).added == 3

    second = import_bgstats(fresh, path)

    assert second.added == 0
    assert second.duplicates == 3
    assert second.new_players == ()
    assert len(fresh.sessions()) == 3
    assert "3 games were already here" in second.message
    # The store the file came from recognises its own games too.
    home = import_bgstats(store, path)
    assert (home.added, home.duplicates) == (0, 3)
    assert len(store.sessions()) == 4


def _bgstats_file(path: Path, plays: list[dict[str, Any]], **extra: Any) -> Path:
    data = {
        "games": [
            {"id": 7, "uuid": "G-7", "name": "Chickwood Forest", "cooperative": False},
            {"id": 8, "uuid": "G-8", "name": "Catan", "cooperative": False},
            {"id": 9, "uuid": "G-9", "name": "Skulk Hollow", "cooperative": True},
        ],
        "players": [
            {"id": 1, "uuid": "P-1", "name": "ana", "isAnonymous": False},
            {"id": 2, "uuid": "P-2", "name": "Dag", "isAnonymous": False},
            {"id": 3, "uuid": "P-3", "name": "Anonymous player", "isAnonymous": True},
        ],
        "locations": [{"id": 1, "uuid": "L-1", "name": "Home"}],
        "plays": plays,
        **extra,
    }
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _seat(ref: int, score: str = "", winner: bool = False, seat: int = 0) -> dict[str, Any]:
    return {"playerRefId": ref, "score": score, "winner": winner, "seatOrder": seat}


def test_a_file_from_bg_stats_adds_its_plays_and_skips_other_games(
    store: Store, tmp_path: Path
) -> None:
    plays = [
        {
            "uuid": "4B1F6A0E-0000-4000-8000-000000000001",
            "gameRefId": 7,
            "playDate": "2026-10-20 19:00:00",
            "durationMin": 50,
            "playerScores": [_seat(2, "30", False, 2), _seat(1, "33", True, 1)],
        },
        {
            "uuid": "4B1F6A0E-0000-4000-8000-000000000002",
            "gameRefId": 8,
            "playDate": "2026-10-21 19:00:00",
            "playerScores": [_seat(1, "10", True)],
        },
        {
            "uuid": "4B1F6A0E-0000-4000-8000-000000000003",
            "gameRefId": 9,
            "playDate": "2026-10-22 18:00:00",
            "comments": "Close one.",
            "playerScores": [_seat(3, "", True)],
        },
    ]
    path = _bgstats_file(tmp_path / "BGStatsExport.json", plays)

    report = import_bgstats(store, path)

    assert (report.added, report.other_games, report.duplicates) == (2, 1, 0)
    assert report.new_players == ("Dag",)  # "ana" is Ana; anonymous players stay off the roster
    assert sorted(p.name for p in store.players()) == ["Ana", "Bjørn", "Bo", "Camille", "Dag"]
    assert "1 play of other games was left out" in report.message
    imported = [s for s in store.sessions() if s.external_id]
    chickwood = next(s for s in imported if s.game == "chickwood")
    assert chickwood.players == ("Ana", "Dag")  # seat order, roster spelling
    assert chickwood.started == "2026-10-20T19:00:00+00:00"
    assert chickwood.ended == "2026-10-20T19:50:00+00:00"
    assert chickwood.config is None
    assert chickwood.outcome["result"] == "scored"
    assert chickwood.outcome["winners"] == ["Ana"]
    assert chickwood.outcome["scores"] == [["Ana", 33], ["Dag", 30]]
    assert chickwood.outcome["reason"] == "Ana won."
    skulk = next(s for s in imported if s.game == "skulk_hollow")
    assert skulk.outcome["result"] == "won"
    assert skulk.outcome["reason"] == "Close one."
    assert skulk.players == ("Anonymous player",)


def test_a_play_already_here_under_another_uuid_is_recognised(store: Store, tmp_path: Path) -> None:
    # Same game, start time and players (in another order and case) as the chickwood game.
    file = {
        "games": [{"id": 1, "name": "Chickwood Forest"}],
        "players": [
            {"id": 1, "name": "ANA"},
            {"id": 2, "name": "bo"},
            {"id": 3, "name": "Bjørn"},
        ],
        "plays": [
            {
                "uuid": "not-from-tableside",
                "gameRefId": 1,
                "playDate": "2026-11-03 20:00:00",
                "playerScores": [_seat(1, "37"), _seat(2, "37"), _seat(3, "41", True)],
            }
        ],
    }
    path = tmp_path / "bg.json"
    path.write_text(json.dumps(file), encoding="utf-8")

    report = import_bgstats(store, path)

    assert (report.added, report.duplicates) == (0, 1)
    assert len(store.sessions()) == 4


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("this is not json {", "not a BG Stats export: it is not JSON"),
        ('{"games": [], "players": []}', "not a BG Stats export: it has no plays"),
        ('[{"plays": []}]', "not a BG Stats export: it has no plays"),
        ('{"plays": [], "players": []}', "it has no list of games"),
    ],
)
def test_a_file_that_is_not_an_export_is_refused(
    store: Store, tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(ValueError, match=message):
        import_bgstats(store, path)
    assert len(store.sessions()) == 4


def test_a_damaged_file_changes_nothing(store: Store, tmp_path: Path) -> None:
    # The first play is fine and would add Dag; the second names a player not in the file.
    plays = [
        {
            "uuid": "ok",
            "gameRefId": 7,
            "playDate": "2026-10-20 19:00:00",
            "playerScores": [_seat(2, "30", True)],
        },
        {
            "uuid": "broken",
            "gameRefId": 7,
            "playDate": "2026-10-21 19:00:00",
            "playerScores": [_seat(99, "12")],
        },
    ]
    path = _bgstats_file(tmp_path / "damaged.json", plays)
    before_players = store.players()
    before_sessions = store.sessions()

    with pytest.raises(ValueError, match="names a player that is not in it"):
        import_bgstats(store, path)

    assert store.players() == before_players
    assert store.sessions() == before_sessions

    bad_date = [{"uuid": "x", "gameRefId": 7, "playDate": "someday", "playerScores": []}]
    with pytest.raises(ValueError, match="has no readable date"):
        import_bgstats(store, _bgstats_file(tmp_path / "date.json", bad_date))
    assert store.sessions() == before_sessions


def test_a_failure_while_writing_rolls_everything_back(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    plays = [
        {
            "uuid": f"play-{n}",
            "gameRefId": 7,
            "playDate": f"2026-10-2{n} 19:00:00",
            "playerScores": [_seat(2, "30", True)],
        }
        for n in range(3)
    ]
    path = _bgstats_file(tmp_path / "three.json", plays)
    original = Store.add_finished_session
    calls: list[int] = []

    def failing_on_the_second(self: Store, *args: Any, **kwargs: Any) -> int:
        calls.append(1)
        if len(calls) == 2:
            raise OSError("disk full")
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Store, "add_finished_session", failing_on_the_second)
    with pytest.raises(OSError):
        import_bgstats(store, path)

    assert len(store.sessions()) == 4
    assert "Dag" not in {p.name for p in store.players()}


def test_a_play_whose_uuid_is_known_is_skipped_even_if_edited_since(
    store: Store, tmp_path: Path
) -> None:
    path = tmp_path / "plays.bgsplay"
    export_bgstats(store, path)
    data = _read_json(path)
    for play in data["plays"]:  # moved by an hour in BG Stats: only the uuid still matches
        play["playDate"] = play["playDate"].replace(" 1", " 0", 1)
    path.write_text(json.dumps(data), encoding="utf-8")
    assert data["plays"][0]["playDate"] == "2026-11-01 08:00:00"

    report = import_bgstats(store, path)

    assert (report.added, report.duplicates) == (0, 3)


def _game_on_the_clock(
    store: Store, started: str, moves: list[str], ended: str, known_right: bool = False
) -> int:
    """A finished Skogen game saved at these times, by a clock not known right (unless
    ``known_right``)."""
    store.clock_known_right = lambda: known_right
    session = store.start_session("skogen", {}, 21, ["Ana", "Bo"])
    for _ in moves:
        store.append_event(session, {"type": "undo"})
    scores = (("Ana", 30), ("Bo", 20))
    store.finish_session(
        session, to_data(Outcome("scored", "Ana won.", winners=("Ana",), scores=scores))
    )
    store.clock_known_right = lambda: True
    _set_stamps(store, session, started, moves, ended)
    return session


def _plays(path: Path) -> dict[str, dict[str, Any]]:
    data = _read_json(path)
    names = {game["id"]: game["name"] for game in data["games"]}
    return {names[play["gameRefId"]]: play for play in data["plays"]}


def test_a_game_begun_on_a_1970_clock_comes_back_from_its_own_bgstats_file(
    store: Store, tmp_path: Path
) -> None:
    # A power cut, and no saved time: the Pi starts in 1970; the network sets its
    # clock during the game.
    game = _game_on_the_clock(
        store,
        "1970-01-01T00:00:00+00:00",
        [
            "1970-01-01T00:05:00+00:00",
            "1970-01-01T00:12:00+00:00",
            "2026-12-05T19:30:00+00:00",
            "2026-12-05T19:40:00+00:00",
        ],
        "2026-12-05T19:40:00+00:00",
    )
    path = tmp_path / "plays.bgsplay"
    export_bgstats(store, path)

    fresh = Store.open(tmp_path / "other" / "tableside.db")
    assert import_bgstats(fresh, path).added == 4  # Tableside takes its own file back
    play = _plays(path)["Skogen"]
    assert play["durationMin"] == 5 + 7 + 10  # not 29,941,660 minutes
    assert play["playDate"] == "2026-12-05 19:18:00"  # the last right time, less the play
    assert play["entryDate"] == play["modificationDate"] == "2026-12-05 19:40:00"
    assert play["uuid"] == play_uuid(store.session(game))
    copy = next(s for s in fresh.sessions() if s.game == "skogen")
    assert (copy.started, copy.ended) == ("2026-12-05T19:18:00+00:00", "2026-12-05T19:40:00+00:00")
    home = import_bgstats(store, path)
    assert (home.added, home.duplicates) == (0, 4)

    # Its date set by hand: the next export uses it, and it is still the same play.
    start = datetime(2026, 12, 5, 18, 0, tzinfo=UTC)
    store.set_date(game, start, start + timedelta(minutes=22))
    later = tmp_path / "later.bgsplay"
    export_bgstats(store, later)
    again = _plays(later)["Skogen"]
    assert (again["playDate"], again["durationMin"]) == ("2026-12-05 18:00:00", 22)
    assert again["uuid"] == play["uuid"]
    assert import_bgstats(store, path).added == 0
    assert import_bgstats(fresh, later).added == 0  # the copy knows it by its uuid


def test_a_play_lasts_the_time_its_moves_took(store: Store, tmp_path: Path) -> None:
    game = _game_on_the_clock(
        store,
        "2026-12-05T19:00:00+00:00",
        [
            "2026-12-05T19:10:00+00:00",
            "2026-12-05T18:50:00+00:00",  # the clock set back: left out
            "2026-12-05T19:00:00+00:00",
            "2026-12-05T20:00:00+00:00",  # an hour's pause: left out
            "2026-12-05T20:05:00+00:00",
        ],
        "2026-12-05T20:05:00+00:00",
        known_right=True,
    )
    path = tmp_path / "plays.bgsplay"
    export_bgstats(store, path)
    play = _plays(path)["Skogen"]
    assert (play["playDate"], play["durationMin"]) == ("2026-12-05 19:00:00", 25)
    sessions, _events = export_csv(store, tmp_path / "csv")
    with sessions.open(newline="", encoding="utf-8-sig") as file:
        row = next(row for row in csv.DictReader(file) if row["id"] == str(game))
    assert (row["minutes"], row["time_checked"]) == ("25", "yes")


def test_a_game_played_wholly_on_an_unset_clock_waits_for_its_date(
    store: Store, tmp_path: Path
) -> None:
    game = _game_on_the_clock(
        store,
        "1970-01-01T00:00:00+00:00",
        ["1970-01-01T00:10:00+00:00", "1970-01-01T00:30:00+00:00"],
        "1970-01-01T00:30:00+00:00",
    )
    report = export_all(store, tmp_path / "before")
    plays = _plays(tmp_path / "before" / report.bgstats_file)
    assert "Skogen" not in plays  # no date to give it
    assert any("set its date in History" in note for note in report.skipped)
    with (tmp_path / "before" / "sessions.csv").open(newline="", encoding="utf-8-sig") as file:
        row = next(row for row in csv.DictReader(file) if row["id"] == str(game))
    assert (row["started"], row["ended"], row["minutes"], row["time_checked"]) == (
        "",
        "",
        "30",
        "no",
    )
    exported = _read_json(tmp_path / "before" / "tableside.json")["sessions"]
    assert next(s for s in exported if s["id"] == game)["time_checked"] is False

    start = datetime(2026, 12, 6, 20, 0, tzinfo=UTC)
    store.set_date(game, start, start + timedelta(minutes=30))
    report = export_all(store, tmp_path / "after")
    play = _plays(tmp_path / "after" / report.bgstats_file)["Skogen"]
    assert (play["playDate"], play["durationMin"]) == ("2026-12-06 20:00:00", 30)
    assert not report.skipped
    fresh = Store.open(tmp_path / "other" / "tableside.db")
    import_bgstats(fresh, tmp_path / "after" / report.bgstats_file)
    assert next(s for s in fresh.sessions() if s.game == "skogen").started == start.isoformat()

"""Tableside's BG Stats files against the public format, not against its own writer.

The sample file below is laid out as the public programs that write files BG Stats
imports lay theirs out:

- ctuncan/bga_bgstats ``bga_bgstats.py``: ``userInfo.meRefId``, one location ("Board Game
  Arena", id 1) and ``locationRefId: 1`` on every play, ``playImages: "[]"``, upper-case
  uuids;
- soul28561/bgstats-lichess-import ``LichessImport.java``: the same, dates written with
  ``yyyy-MM-dd HH:mm:ss`` and no zone, games with ``bggId``/``bggName``/``bggYear``;
- theiam79/BGStats.Bot ``Models/PlayerScore.cs`` and ``Models/Game.cs``: seats carry a
  text ``role``, games ``isBaseGame``/``isExpansion``.

BG Stats' support page "Push plays to BG Stats from other apps or websites" gives
``"playDate": "2020-10-23 19:16:58"`` (local wall-clock time) and sets the location to
the app the play comes from. The table here is in Central European time, so that a local
time and UTC differ.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from app.exchange.bgstats import LOCATION_NAME, bgg, set_bgg, set_owner
from app.exchange.bgstats_import import import_bgstats
from app.exchange.export import export_all
from app.games import BY_KEY
from app.storage.store import Store
from engines.core import Outcome, to_data
from tests.time_zone import CET, time_zone

#: The keys the two public generators write, by object (a file BG Stats accepts has them).
GENERATOR_KEYS = {
    "file": {"games", "plays", "locations", "players", "userInfo"},
    "game": {"id", "uuid", "noPoints", "highestWins", "cooperative", "bggId", "bggYear", "name"},
    "location": {"id", "name", "uuid", "modificationDate"},
    "player": {"id", "name", "uuid", "modificationDate"},
    "play": {
        "uuid",
        "ignored",
        "rating",
        "scoringSetting",
        "playerScores",
        "playDate",
        "entryDate",
        "modificationDate",
        "manualWinner",
        "locationRefId",
        "rounds",
        "usesTeams",
        "bggId",
        "playImages",
        "durationMin",
        "gameRefId",
    },
    "seat": {"winner", "seatOrder", "score", "startPlayer", "playerRefId", "rank", "newPlayer"},
}


@pytest.fixture(autouse=True)
def table_in_central_europe() -> Iterator[None]:
    with time_zone(CET):
        yield


#: Skulk Hollow's BoardGameGeek id, on its entry in app.games.
SKULK_BGG_ID = (BY_KEY["skulk_hollow"].bgg or (0, 0))[0]


def _public_sample() -> dict[str, Any]:
    """A play file as the public generators write one (see the module's docstring)."""
    seat = {"seatOrder": 0, "startPlayer": False, "rank": 0, "newPlayer": False}
    return {
        "userInfo": {"meRefId": 1},
        "games": [
            {  # a name Tableside does not know: only the BGG id says which game it is
                "id": 1,
                "uuid": "BG-STATS-SAMPLE-GAME-1",
                "noPoints": False,
                "highestWins": True,
                "cooperative": True,
                "bggId": SKULK_BGG_ID,
                "bggName": "Skulk Hollow",
                "bggYear": 2019,
                "name": "Skulk Hollow (Kickstarter edition)",
            },
            {  # no BGG id: matched by its name
                "id": 2,
                "uuid": "BG-STATS-SAMPLE-GAME-2",
                "noPoints": False,
                "highestWins": True,
                "cooperative": False,
                "bggId": 0,
                "bggYear": 0,
                "name": "Chickwood Forest",
            },
            {  # another game with an id of its own: left out
                "id": 3,
                "uuid": "BG-STATS-SAMPLE-GAME-3",
                "noPoints": False,
                "highestWins": True,
                "cooperative": False,
                "bggId": 171,
                "bggName": "Chess",
                "bggYear": 1475,
                "name": "Chess",
            },
        ],
        "locations": [
            {
                "id": 1,
                "name": "Kitchen table",
                "uuid": "BG-STATS-SAMPLE-LOCATION-1",
                "modificationDate": "2026-01-01 00:00:00",
            }
        ],
        "players": [
            {"id": 1, "name": "Ana", "uuid": "P-1", "modificationDate": "2026-01-01 00:00:00"},
            {"id": 2, "name": "Dag", "uuid": "P-2", "modificationDate": "2026-01-01 00:00:00"},
        ],
        "plays": [
            {
                "uuid": "4B1F6A0E-0000-4000-8000-00000000000A",
                "ignored": False,
                "rating": 0,
                "scoringSetting": 0,
                "playDate": "2026-10-23 19:16:58",  # summer time: UTC+2
                "entryDate": "2026-10-23 19:16:58",
                "modificationDate": "2026-10-23 19:16:58",
                "manualWinner": False,
                "locationRefId": 1,
                "rounds": 0,
                "usesTeams": False,
                "bggId": 0,
                "playImages": "[]",
                "durationMin": 40,
                "gameRefId": 1,
                "playerScores": [
                    {**seat, "playerRefId": 1, "score": "", "winner": True, "role": "Foxen"}
                ],
            },
            {
                "uuid": "4B1F6A0E-0000-4000-8000-00000000000B",
                "ignored": False,
                "rating": 0,
                "scoringSetting": 0,
                "playDate": "2026-12-01 00:30:00",  # winter time: UTC+1, the day before in UTC
                "manualWinner": False,
                "locationRefId": 1,
                "rounds": 0,
                "usesTeams": False,
                "bggId": 0,
                "playImages": "[]",
                "durationMin": 50,
                "gameRefId": 2,
                "playerScores": [
                    {**seat, "playerRefId": 1, "score": "33", "winner": True},
                    {**seat, "playerRefId": 2, "score": "30", "winner": False},
                ],
            },
            {
                "uuid": "LICHESS-ABCDEFGH",
                "playDate": "2026-10-24 10:00:00",
                "locationRefId": 1,
                "durationMin": 10,
                "gameRefId": 3,
                "playerScores": [{**seat, "playerRefId": 1, "score": "1", "winner": True}],
            },
        ],
    }


def test_a_play_file_in_the_public_layout_is_read_in_local_time(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "db" / "tableside.db")
    path = tmp_path / "from-phone.bgsplay"
    path.write_text(json.dumps(_public_sample()), encoding="utf-8")

    report = import_bgstats(store, path)

    assert (report.added, report.other_games) == (2, 1)
    by_game = {s.game: s for s in store.sessions()}
    skulk = by_game["skulk_hollow"]  # matched by its BGG id despite its name
    assert skulk.started == "2026-10-23T17:16:58+00:00"
    assert skulk.ended == "2026-10-23T17:56:58+00:00"
    assert skulk.outcome["result"] == "won"
    chickwood = by_game["chickwood"]  # matched by its name
    assert chickwood.started == "2026-11-30T23:30:00+00:00"
    assert chickwood.outcome["winners"] == ["Ana"]


def _store_with_games(path: Path) -> Store:
    store = Store.open(path)
    heroes = store.start_session("skulk_hollow", {"guardian": "tanthos"}, 1, ["Ana"])
    store.finish_session(heroes, to_data(Outcome("won", "Tanthos fell.", "guardian_defeated")))
    scored = store.start_session("chickwood", {}, 2, ["Bo", "Ana"])
    store.finish_session(
        scored,
        to_data(Outcome("scored", "Bo won.", winners=("Bo",), scores=(("Bo", 40), ("Ana", 35)))),
    )
    for session, start, end in (
        (heroes, "2026-07-04T17:59:30+00:00", "2026-07-04T18:40:00+00:00"),
        (scored, "2026-11-30T23:30:00+00:00", "2026-12-01T00:20:00+00:00"),
    ):
        store.db.execute(
            "update sessions set started = ?, updated = ?, ended = ? where id = ?",
            [start, end, end, session],
        )
    return store


def test_the_export_is_a_play_file_as_the_public_generators_write_it(tmp_path: Path) -> None:
    store = _store_with_games(tmp_path / "db" / "tableside.db")

    report = export_all(store, tmp_path / "out")

    assert report.bgstats_file == f"tableside-{date.today().isoformat()}.bgsplay"
    assert report.bgstats_file in report.message
    data = json.loads((tmp_path / "out" / report.bgstats_file).read_text(encoding="utf-8"))
    assert GENERATOR_KEYS["file"] <= set(data)
    assert type(data["userInfo"]["meRefId"]) is int
    (location,) = data["locations"]
    assert GENERATOR_KEYS["location"] <= set(location)
    assert location["name"] == LOCATION_NAME
    for game in data["games"]:
        assert GENERATOR_KEYS["game"] <= set(game)
        assert (game["isBaseGame"], game["isExpansion"]) == (1, 0)
    for player in data["players"]:
        assert GENERATOR_KEYS["player"] <= set(player)
    for play in data["plays"]:
        assert GENERATOR_KEYS["play"] <= set(play)
        assert play["locationRefId"] == location["id"]
        for seat in play["playerScores"]:
            assert GENERATOR_KEYS["seat"] <= set(seat)
            assert isinstance(seat["role"], str)

    games = {game["id"]: game for game in data["games"]}
    plays = {games[play["gameRefId"]]["name"]: play for play in data["plays"]}
    skulk_game = next(g for g in data["games"] if g["name"] == "Skulk Hollow")
    assert skulk_game["bggId"] == 232595
    skulk = plays["Skulk Hollow"]
    assert skulk["playDate"] == "2026-07-04 19:59:30"  # summer: UTC+2
    assert skulk["durationMin"] == 40
    assert [seat["role"] for seat in skulk["playerScores"]] == ["Foxen against Tanthos"]
    chickwood = plays["Chickwood Forest"]
    assert chickwood["playDate"] == "2026-12-01 00:30:00"  # winter: UTC+1, the next day
    assert chickwood["playDateYmd"] == 20261201
    assert chickwood["entryDate"] == "2026-12-01 01:20:00"
    assert [seat["role"] for seat in chickwood["playerScores"]] == ["", ""]


def test_a_file_tableside_wrote_comes_back_at_the_same_moments(tmp_path: Path) -> None:
    store = _store_with_games(tmp_path / "db" / "tableside.db")
    report = export_all(store, tmp_path / "out")
    fresh = Store.open(tmp_path / "other" / "tableside.db")

    imported = import_bgstats(fresh, tmp_path / "out" / report.bgstats_file)

    assert imported.added == 2
    assert {(s.game, s.started) for s in fresh.sessions()} == {
        (s.game, s.started) for s in store.sessions()
    }
    # BG Stats keeps whole minutes of play: the end comes back to the minute.
    ends = {s.game: datetime.fromisoformat(str(s.ended)) for s in store.sessions()}
    for session in fresh.sessions():
        cut = ends[session.game] - datetime.fromisoformat(str(session.ended))
        assert timedelta(0) <= cut < timedelta(minutes=1)
    again = import_bgstats(store, tmp_path / "out" / report.bgstats_file)
    assert (again.added, again.duplicates) == (0, 2)


#: What BG Stats 5 itself writes on every play and seat (its Android 5.3 backup of 560
#: plays, gz97/board-games-analysis BGStatsExport.json): ``nemestatsId`` and
#: ``importPlayId`` are 0, a seat's place in the turn order is its ``startPosition`` as
#: text ("1", "2"...), and ``seatOrder`` is 0 in every seat.
BG_STATS_5_PLAY = {"nemestatsId": 0, "importPlayId": 0}


def _exported(store: Store, folder: Path) -> dict[str, Any]:
    report = export_all(store, folder)
    data: dict[str, Any] = json.loads((folder / report.bgstats_file).read_text(encoding="utf-8"))
    return data


def _me(data: dict[str, Any]) -> str:
    """The name of the player ``userInfo.meRefId`` names (KeyError if it names none)."""
    names = {player["id"]: player["name"] for player in data["players"]}
    return str(names[data["userInfo"]["meRefId"]])


def test_plays_and_seats_are_written_as_bg_stats_5_writes_them(tmp_path: Path) -> None:
    store = _store_with_games(tmp_path / "db" / "tableside.db")

    data = _exported(store, tmp_path / "out")

    for play in data["plays"]:
        assert {key: play[key] for key in BG_STATS_5_PLAY} == BG_STATS_5_PLAY
    games = {game["id"]: game["name"] for game in data["games"]}
    names = {player["id"]: player["name"] for player in data["players"]}
    chickwood = next(p for p in data["plays"] if games[p["gameRefId"]] == "Chickwood Forest")
    seats = [
        (names[seat["playerRefId"]], seat["startPosition"], seat["seatOrder"], seat["startPlayer"])
        for seat in chickwood["playerScores"]
    ]
    assert seats == [("Bo", "1", 0, True), ("Ana", "2", 0, False)]  # Bo went first


def test_me_is_the_player_in_the_most_games_unless_settings_say_who(tmp_path: Path) -> None:
    store = _store_with_games(tmp_path / "db" / "tableside.db")  # Ana in two, Bo in one
    assert _me(_exported(store, tmp_path / "first")) == "Ana"

    set_owner(store, "Bo")
    assert _me(_exported(store, tmp_path / "second")) == "Bo"

    set_owner(store, "Zoë")  # in no game yet: the file names her all the same
    data = _exported(store, tmp_path / "third")
    assert _me(data) == "Zoë"
    assert len(data["players"]) == 3
    assert len({player["id"] for player in data["players"]}) == 3


def test_seats_from_bg_stats_5_come_in_turn_order(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "db" / "tableside.db")
    data = _public_sample()
    play = data["plays"][1]  # Chickwood Forest: Ana and Dag
    for seat, position in zip(play["playerScores"], ("2", "1"), strict=True):
        seat["startPosition"] = position
    path = tmp_path / "BGStatsExport.json"
    path.write_text(json.dumps(data), encoding="utf-8")

    import_bgstats(store, path)

    chickwood = next(s for s in store.sessions() if s.game == "chickwood")
    assert chickwood.players == ("Dag", "Ana")


@pytest.mark.parametrize(
    "names",
    [
        # Review R9: an escape sequence, a zero-width space alone, a NUL.
        ("\x1b[31mAna\x1b[0m", "\u200b", "Bo\x00\x07"),
        # Issue 54: a right-to-left embedding, Hangul fillers and a blank Braille
        # pattern (looks blank), isolates and a variation selector.
        ("\u202bAna\u202c", "\u3164\u2800\u115f", "B\u2066o\u2069\ufe0f"),
    ],
)
def test_names_of_control_or_invisible_characters_are_cleaned_on_import(
    tmp_path: Path, names: tuple[str, str, str]
) -> None:
    """Such names reached the roster as they were; the blank one is an unnamed seat."""
    store = Store.open(tmp_path / "db" / "tableside.db")
    data = _public_sample()
    data["players"] = [
        {"id": number, "name": name, "uuid": f"P-{number}"}
        for number, name in enumerate(names, start=1)
    ]
    data["plays"][1]["playerScores"].append(
        {"playerRefId": 3, "score": "12", "winner": False, "seatOrder": 2}
    )
    path = tmp_path / "BGStatsExport.json"
    path.write_text(json.dumps(data), encoding="utf-8")

    import_bgstats(store, path)

    assert sorted(p.name for p in store.players()) == ["Ana", "Bo"]
    chickwood = next(s for s in store.sessions() if s.game == "chickwood")
    assert chickwood.players == ("Ana", "Player 2", "Bo")  # the blank one: an unnamed seat


def test_an_unnamed_seat_goes_as_bg_stats_anonymous_player_and_is_never_me(
    tmp_path: Path,
) -> None:
    from app.exchange.bgstats_link import push_link
    from tests.qr_reading import play_in

    store = _store_with_games(tmp_path / "db" / "tableside.db")
    seated = ["Bo", "Player 2", "Player 3"]
    unnamed = store.start_session("skogen", {}, 4, seated)
    scores = (("Bo", 30), ("Player 2", 41), ("Player 3", 20))
    store.finish_session(
        unnamed, to_data(Outcome("scored", "Player 2 won.", winners=("Player 2",), scores=scores))
    )
    set_owner(store, "Player 1")  # a stand-in is nobody: the most games decide

    data = _exported(store, tmp_path / "out")

    assert _me(data) == "Ana"
    anonymous = [p for p in data["players"] if p["isAnonymous"]]
    assert [p["name"] for p in anonymous] == ["Anonymous player"]
    assert not any(p["name"].startswith("Player ") for p in data["players"])
    skogen = next(p for p in data["plays"] if len(p["playerScores"]) == 3)
    refs = [seat["playerRefId"] for seat in skogen["playerScores"]]
    assert refs[1] == refs[2] == anonymous[0]["id"]
    assert [seat["winner"] for seat in skogen["playerScores"]] == [False, True, False]
    events, _unreadable = store.readable_events(unnamed)
    players = play_in(push_link(store.session(unnamed), events, store).link)["players"]
    assert [p["name"] for p in players] == ["Bo", "Anonymous player", "Anonymous player"]
    assert [p["score"] for p in players] == [30, 41, 20]


def test_a_bgg_id_set_in_settings_goes_in_the_file_and_the_link(tmp_path: Path) -> None:
    from app.exchange.bgstats_link import push_link
    from tests.qr_reading import play_in

    store = _store_with_games(tmp_path / "db" / "tableside.db")
    chickwood = next(s.id for s in store.sessions() if s.game == "chickwood")

    def sent() -> tuple[dict[str, Any], Any]:
        games = {
            g["name"]: g
            for g in _exported(store, tmp_path / f"out{len(store.sessions())}")["games"]
        }
        events, _unreadable = store.readable_events(chickwood)
        link = play_in(push_link(store.session(chickwood), events, store).link)
        return games, link["game"]["bggId"]

    assert bgg("chickwood", store) == (0, 0)  # the entry's default until it is set
    set_bgg(store, "chickwood", " 123456 ")  # a made-up id: the real one is not known here
    assert bgg("chickwood", store) == (123456, 0)
    games, link_id = sent()
    assert (games["Chickwood Forest"]["bggId"], link_id) == (123456, 123456)
    assert games["Chickwood Forest"]["bggName"] == "Chickwood Forest"
    assert games["Skulk Hollow"]["bggId"] == bgg("skulk_hollow", store)[0] == 232595  # untouched

    with pytest.raises(ValueError, match="Type the number"):
        set_bgg(store, "chickwood", "chickwood-forest")
    assert bgg("chickwood", store) == (123456, 0)  # a refused id changes nothing
    set_bgg(store, "chickwood", "")
    assert bgg("chickwood", store) == (0, 0)
    set_bgg(store, "skulk_hollow", "232595")
    assert bgg("skulk_hollow", store) == (232595, 2019)  # the entry's own: its year too


def test_an_import_of_many_new_players_reads_the_roster_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Review R3: each new name read the whole roster again (2,000 names took 21.6 s)."""
    store = Store.open(tmp_path / "db" / "tableside.db")
    data = _public_sample()
    data["players"] = [{"id": n, "name": f"Guest {n}", "uuid": f"P-{n}"} for n in range(1, 61)]
    data["plays"][1]["playerScores"] = [
        {"playerRefId": n, "score": str(n), "winner": n == 60, "seatOrder": n} for n in range(1, 61)
    ]
    path = tmp_path / "BGStatsExport.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    reads = []
    real = store.players
    monkeypatch.setattr(store, "players", lambda: reads.append(1) or real())

    import_bgstats(store, path)

    assert len(reads) == 1  # when the import began
    assert len(real()) == 60


def test_an_import_knows_a_game_by_the_boardgamegeek_id_set_in_settings(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "db" / "tableside.db")
    data = _public_sample()
    chickwood = data["games"][1]
    chickwood.update(bggId=123456, name="Chickwood (my copy)")  # a name it does not know
    path = tmp_path / "BGStatsExport.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    set_bgg(store, "chickwood", "123456")

    import_bgstats(store, path)

    assert "chickwood" in {s.game for s in store.sessions()}

"""A finished game as BG Stats' push-plays link (app.exchange.bgstats_link), and that
link as the QR code the screen shows: read back by a real decoder at the size it is
drawn on the 800x480 panel and in portrait, it is exactly the link."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import segno

from app.exchange import bgstats_link
from app.exchange.bgstats_export import DateUnknown
from app.exchange.bgstats_link import (
    CAPACITY,
    MAX_VERSION,
    MODULE_PX,
    PushLink,
    TooLarge,
    push_link,
)
from app.kit import qr_code
from app.storage.store import Store
from engines.core import Outcome, to_data
from tests.qr_reading import drawn, play_in, read_code
from tests.time_zone import CET, time_zone

NAMES = ("Åse", "Øyvind", "Zoë", "Dag")
#: Where the view draws the code: a square as large as the window's short side.
SCREENS = {"800x480": 480, "480x800": 480, "720x1280": 720}


@pytest.fixture(autouse=True)
def table_in_central_europe() -> Iterator[None]:
    with time_zone(CET):
        yield


@pytest.fixture
def store() -> Store:
    return Store.in_memory()


def _finished(
    store: Store,
    game: str,
    players: list[str],
    outcome: Outcome,
    config: Any = None,
    comment: bool = False,
) -> PushLink:
    """The link of a game played on 4 July 2026 from 17:59:30 UTC (19:59:30 in Oslo),
    for 41 minutes (with how it ended as the comment, when ``comment``)."""
    session = store.start_session(game, config or {}, 3, players)
    store.finish_session(session, to_data(outcome))
    store.db.execute(
        "update sessions set started = ?, ended = ?, updated = ? where id = ?",
        [
            "2026-07-04T17:59:30+00:00",
            "2026-07-04T18:40:30+00:00",
            "2026-07-04T18:40:30+00:00",
            session,
        ],
    )
    events, _unreadable = store.readable_events(session)
    return push_link(store.session(session), events, store, comment)


def _reads_back_on_every_screen(link: PushLink) -> None:
    code = link.code()
    assert isinstance(code.version, int) and code.version <= MAX_VERSION
    for screen, side in SCREENS.items():
        assert read_code(drawn(code.matrix, side), code.matrix) == link.link, screen


def _scored(players: list[str]) -> Outcome:
    scores = tuple((name, 30 + 3 * seat) for seat, name in enumerate(players))
    best = scores[-1][0]
    return Outcome("scored", f"{best} won.", "most_points", winners=(best,), scores=scores)


CASES = [
    *(("skoventyr", count, "won") for count in range(1, 5)),
    *(("skoventyr", count, "lost") for count in range(1, 5)),
    ("skulk_hollow", 1, "won"),
    ("skulk_hollow", 1, "lost"),
    *(("chickwood", count, "scored") for count in range(2, 5)),
    *(("skogen", count, "scored") for count in range(2, 5)),
]


@pytest.mark.parametrize(("game", "count", "result"), CASES)
def test_every_game_goes_whole_into_a_code_that_reads_back_as_its_link(
    store: Store, game: str, count: int, result: str
) -> None:
    players = list(NAMES[:count])
    config = {"guardian": "tanthos"} if game == "skulk_hollow" else None
    if result == "scored":
        outcome = _scored(players)
    else:
        outcome = Outcome(result, "The table won." if result == "won" else "The table lost.")

    link = _finished(store, game, players, outcome, config)

    assert link.left_out == ()
    play = play_in(link.link)
    assert play["sourceName"] == "Tableside"
    assert (play["playDate"], play["durationMin"]) == ("2026-07-04 19:59:30", 41)
    assert len(play["sourcePlayId"]) == 8
    # BG Stats sets the location to the app; the comment goes only when asked for.
    assert "location" not in play and "comments" not in play
    cooperative = result != "scored"
    assert play["game"] == {
        "bggId": 232595 if game == "skulk_hollow" else 0,
        "name": {
            "skoventyr": "Skoventyr",
            "skulk_hollow": "Skulk Hollow",
            "chickwood": "Chickwood Forest",
            "skogen": "Skogen",
        }[game],
        "highestWins": True,
        "noPoints": cooperative,
        "sourceGameId": game,
    }
    assert [p["name"] for p in play["players"]] == players
    assert [p["startPlayer"] for p in play["players"]] == [True] + [False] * (count - 1)
    if cooperative:
        assert [p["winner"] for p in play["players"]] == [result == "won"] * count
        assert all("score" not in p for p in play["players"])
    else:
        assert [p["winner"] for p in play["players"]] == [False] * (count - 1) + [True]
        assert [p["score"] for p in play["players"]] == [30 + 3 * seat for seat in range(count)]
    role = "Foxen against Tanthos" if game == "skulk_hollow" else ""
    assert [p["role"] for p in play["players"]] == [role] * count
    ids = [p["sourcePlayerId"] for p in play["players"]]
    assert len(set(ids)) == count
    again = _finished(store, game, players[::-1], outcome, config)
    assert [p["sourcePlayerId"] for p in play_in(again.link)["players"]] == ids[::-1]
    _reads_back_on_every_screen(link)
    with_comment = _finished(store, game, players, outcome, config, comment=True)
    assert play_in(with_comment.link) == {**play, "comments": outcome.reason}
    assert with_comment.left_out == ()
    _reads_back_on_every_screen(with_comment)


def test_the_code_keeps_its_modules_large_on_the_panel() -> None:
    # The largest code allowed, with its quiet zone, fills no more than the panel's
    # height at MODULE_PX pixels a module; one version more would not.
    modules = 17 + 4 * MAX_VERSION + 2 * qr_code.QUIET_ZONE
    assert (MAX_VERSION, modules * MODULE_PX) == (25, 476)
    assert (modules + 4) * MODULE_PX > 480
    assert bgstats_link.QUIET_ZONE == qr_code.QUIET_ZONE
    for side in (480, 480, 720):
        assert qr_code.module_px(side, modules) >= MODULE_PX
    # CAPACITY is what segno puts in that version at level L.
    assert segno.make("a" * CAPACITY, error="L", micro=False).version == MAX_VERSION
    assert segno.make("a" * (CAPACITY + 1), error="L", micro=False).version == MAX_VERSION + 1


def test_a_small_play_gets_larger_modules(store: Store) -> None:
    link = _finished(store, "skoventyr", ["Dag"], Outcome("won", "The table won."))
    code = link.code()
    assert isinstance(code.version, int) and code.version < MAX_VERSION
    modules = len(code.matrix) + 2 * qr_code.QUIET_ZONE
    assert qr_code.module_px(480, modules) > MODULE_PX


def test_the_largest_plays_are_shortened_to_fit_and_say_what_went(store: Store) -> None:
    long_names = [
        "Margaretha Fredrika",
        "Johannes Benedikt",
        "Kristina Sigurdsen",
        "Ingeborg Amalie",
    ]
    whole = _finished(
        store,
        "chickwood",
        [name[:18] for name in long_names],
        _scored([name[:18] for name in long_names]),
        comment=True,
    )
    assert whole.left_out == ()
    _reads_back_on_every_screen(whole)

    five_names = [f"{name} Østby-Ålesund Ø" for name in (*NAMES, "Eirik")]
    five = _finished(store, "chickwood", five_names, _scored(five_names), comment=True)
    assert five.left_out == ("the comment",)
    assert "comments" not in play_in(five.link)
    _reads_back_on_every_screen(five)
    # The roles and the players' ids outlast the comment.
    assert all({"role", "sourcePlayerId"} <= set(p) for p in play_in(five.link)["players"])

    six_names = [f"{name} Østby-Ålesund-Øvre" for name in (*NAMES, "Eirik", "Frida")]
    six = _finished(store, "skogen", six_names, _scored(six_names), comment=True)
    assert six.left_out[-1] == "the players' ids (BG Stats matches them by name)"
    assert [p["name"] for p in play_in(six.link)["players"]] == six_names
    assert all("sourcePlayerId" not in p for p in play_in(six.link)["players"])
    _reads_back_on_every_screen(six)


def test_a_long_comment_is_cut_at_a_word(store: Store) -> None:
    names = ["Margaretha Fredrika", "Johannes Benedikt", "Kristina Sigurdsen", "Ingeborg Amalie"]
    reason = "Johannes won by a single point after a long and very close final round. " * 4
    link = _finished(
        store,
        "chickwood",
        names,
        Outcome(
            "scored", reason, winners=("Johannes Benedikt",), scores=tuple((n, 40) for n in names)
        ),
        comment=True,
    )

    assert link.left_out == ("the end of the comment",)
    comment = play_in(link.link)["comments"]
    assert comment.endswith("...") and reason.startswith(comment[:-3])
    assert reason[len(comment) - 3] == " "  # cut between words
    _reads_back_on_every_screen(link)


def test_a_play_too_large_for_any_readable_code_gets_none(store: Store) -> None:
    names = [f"{letter * 14}" for letter in "ÅÆØÄÖÜ"]
    with pytest.raises(TooLarge, match="Export in History"):
        _finished(store, "skogen", names, _scored(names))


def test_a_game_whose_time_was_not_checked_goes_at_the_time_that_can_be_right(store: Store) -> None:
    store.clock_known_right = lambda: False
    session = store.start_session("skogen", {}, 3, ["Åse", "Dag"])
    store.finish_session(session, to_data(_scored(["Åse", "Dag"])))
    store.db.execute(
        "update sessions set started = ?, ended = ?, updated = ? where id = ?",
        [
            "1970-01-01T00:00:00+00:00",
            "1970-01-01T00:30:00+00:00",
            "1970-01-01T00:30:00+00:00",
            session,
        ],
    )
    events, _unreadable = store.readable_events(session)
    with pytest.raises(DateUnknown):  # no time of it can be right: History asks for its date
        push_link(store.session(session), events, store)


def test_the_chickwood_start_player_is_who_raided_first_not_seat_one(store: Store) -> None:
    from app.exchange.bgstats_export import seats
    from engines import chickwood as C

    players = ["Anna", "Ben", "Cara"]
    config = C.Config(players=tuple(players), starting_castles=(3, 2, 1))  # Cara raids first
    link = _finished(store, "chickwood", players, _scored(players), config.to_dict())

    play = play_in(link.link)
    assert [p["startPlayer"] for p in play["players"]] == [False, False, True]
    saved = store.session(store.sessions()[0].id)
    assert [seat.start for seat in seats(saved)] == [False, False, True]  # the play file too
    # A quick score never saw the rounds: no one is named the start player.
    quick = C.Config(players=tuple(players), quick=True)
    link = _finished(store, "chickwood", players, _scored(players), quick.to_dict())
    assert [p["startPlayer"] for p in play_in(link.link)["players"]] == [False] * 3

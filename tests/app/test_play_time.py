from datetime import UTC, datetime, timedelta

from app.storage.events import LoggedEvent
from app.storage.play_time import LONGEST_GAP, play_duration, played
from app.storage.sessions import SavedSession


def _at(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


def _session(
    started: str, ended: str | None = None, checked: bool = True, clock_start: str | None = None
) -> SavedSession:
    return SavedSession(
        id=1,
        game="skogen",
        config={},
        seed=1,
        players=("Ana",),
        status="finished" if ended else "active",
        started=started,
        updated=ended or started,
        ended=ended,
        outcome=None,
        event_count=0,
        time_checked=checked,
        clock_start=clock_start,
    )


def _moves(*times: str) -> list[LoggedEvent]:
    return [LoggedEvent(seq, at, {"type": "undo"}) for seq, at in enumerate(times, start=1)]


def test_a_backward_step_and_a_long_gap_are_left_out() -> None:
    stamps = [
        _at("2026-12-05T19:00:00"),  # the start
        _at("2026-12-05T19:10:00"),  # 10 minutes
        _at("2026-12-05T18:50:00"),  # the clock set back 20 minutes: left out
        _at("2026-12-05T19:00:00"),  # 10 minutes
        _at("2026-12-05T20:00:00"),  # an hour's pause: left out
        _at("2026-12-05T20:05:00"),  # 5 minutes
    ]
    assert play_duration(stamps) == timedelta(minutes=25)
    assert play_duration(stamps[:1]) == timedelta(0)
    # The longest gap that counts is LONGEST_GAP itself.
    assert play_duration([stamps[0], stamps[0] + LONGEST_GAP]) == LONGEST_GAP


def test_a_checked_game_starts_when_saved_and_lasts_its_moves() -> None:
    session = _session("2026-12-05T19:00:00+00:00", "2026-12-05T21:00:00+00:00")
    moves = _moves("2026-12-05T19:20:00+00:00", "2026-12-05T20:50:00+00:00")
    play = played(session, moves)
    assert play.start == _at("2026-12-05T19:00:00")
    assert play.minutes == 20
    assert play.end == _at("2026-12-05T19:20:00")


def test_a_game_begun_on_a_1970_clock_is_dated_from_its_first_right_time() -> None:
    session = _session("1970-01-01T00:00:00+00:00", "2026-12-05T19:40:00+00:00", checked=False)
    moves = _moves(
        "1970-01-01T00:05:00+00:00",
        "1970-01-01T00:12:00+00:00",
        "2026-12-05T19:30:00+00:00",  # the network set the clock
        "2026-12-05T19:40:00+00:00",
    )
    play = played(session, moves)
    assert play.minutes == 5 + 7 + 10
    assert play.start == _at("2026-12-05T19:18:00")  # 19:40 less the 22 minutes before it


def test_a_game_with_no_time_that_can_be_right_has_no_start() -> None:
    session = _session("1970-01-01T00:00:00+00:00", "1970-01-01T00:30:00+00:00", checked=False)
    play = played(session, _moves("1970-01-01T00:10:00+00:00", "1970-01-01T00:30:00+00:00"))
    assert play.start is None and play.end is None
    assert play.minutes == 30


def test_a_game_without_moves_lasts_its_saved_span_when_checked() -> None:
    imported = _session("2026-12-05T19:00:00+00:00", "2026-12-05T20:30:00+00:00")
    assert played(imported, []).minutes == 90
    unchecked = _session("1970-01-01T00:00:00+00:00", "2026-12-05T20:30:00+00:00", checked=False)
    assert played(unchecked, []).minutes == 0
    assert played(_session("2026-12-05T19:00:00+00:00"), []).minutes == 0  # never played


def test_a_move_whose_time_cannot_be_read_is_passed_over() -> None:
    session = _session("2026-12-05T19:00:00+00:00", "2026-12-05T19:20:00+00:00")
    moves = _moves("2026-12-05T19:10:00+00:00", "someday", "2026-12-05T19:20:00+00:00")
    assert played(session, moves).minutes == 20


def test_a_date_set_by_hand_moves_the_start_and_keeps_the_play() -> None:
    session = _session(
        "2026-12-06T20:00:00+00:00",
        "2026-12-06T20:30:00+00:00",
        clock_start="1970-01-01T00:00:00+00:00",  # the moves' times follow this one
    )
    play = played(session, _moves("1970-01-01T00:10:00+00:00", "1970-01-01T00:30:00+00:00"))
    assert (play.start, play.minutes) == (_at("2026-12-06T20:00:00"), 30)

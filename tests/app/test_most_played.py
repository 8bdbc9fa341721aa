"""The player in the most finished games (Settings' "This is me" by default, and the
owner of an exported BG Stats file): one query over the saved games."""

from __future__ import annotations

from app.storage.store import Store

SCORED = {"result": "scored", "reason": "", "winners": [], "scores": []}


def finished(store: Store, players: list[str]) -> int:
    session_id = store.start_session("skogen", {}, 1, players)
    store.finish_session(session_id, SCORED)
    return session_id


def test_the_player_in_the_most_finished_games() -> None:
    store = Store.in_memory()
    assert store.most_played() is None
    store.start_session("skogen", {}, 1, ["Cy", "Dag"])  # unfinished: not counted
    assert store.most_played() is None
    finished(store, ["Ana", "Bo"])
    finished(store, ["bo", "Cy"])  # names that differ in case are one player
    assert store.most_played() == "Bo"  # in two games, Ana in one
    finished(store, ["Ana", "ANA", "Cy"])  # once per game, however written
    # Ana, Bo and Cy are in two games each: the first of them to have played, as spelt then.
    assert store.most_played() == "Ana"
    damaged = finished(store, ["Cy", "Dag"])
    assert store.most_played() == "Cy"
    with store.db.atomic():  # players that cannot be read count for no one
        store.db.execute('update sessions set players = \'["Cy", "D\' where id = ?', [damaged])
    assert store.most_played() == "Ana"


def test_it_is_one_query_however_many_games() -> None:
    store = Store.in_memory()
    for number in range(120):
        finished(store, ["Ana", f"Guest {number}"])
    statements: list[str] = []
    store.db.conn.set_trace_callback(statements.append)
    assert store.most_played() == "Ana"
    store.db.conn.set_trace_callback(None)
    assert len([s for s in statements if "sessions" in s]) == 1


def test_an_unnamed_seat_is_nobody_and_guests_are_offered() -> None:
    """Review N18: "Player 1" is never the owner; History's filter lists the names games
    were played with (guests too), never an unnamed seat."""
    store = Store.in_memory()
    for _ in range(3):
        finished(store, ["Player 1", "Player 2", "Zoë"])
    finished(store, ["Ana", "Player 1"])
    assert store.most_played() == "Zoë"
    store.add_player("Bo")  # on the roster, no game yet
    store.start_session("skogen", {}, 1, ["ana", "Cy"])  # unfinished games count too
    assert store.names_played() == ["Ana", "Bo", "Cy", "Zoë"]

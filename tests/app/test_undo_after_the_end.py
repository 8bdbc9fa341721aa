"""Undo after the end, in every game: the game becomes unfinished again, its outcome
leaves History and the statistics, and it can end again."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from app import stats
from app.games import GAMES, GameInfo
from app.play.play_session import PlaySession
from app.storage.store import Store


@pytest.mark.parametrize("game", [g for g in GAMES if g.playable], ids=lambda g: g.key)
def test_undoing_the_last_move_reopens_a_finished_game(game: GameInfo, tmp_path: Path) -> None:
    rules = game.rules()
    store = Store.open(tmp_path / "tableside.db")
    play = PlaySession.start(store, rules, None, 3, ["Ana", "Bo"])
    chooser = random.Random(3)
    while play.session.outcome() is None:
        play.play(chooser.choice(rules.legal_actions(play.state)))
    [finished] = store.sessions()
    assert finished.status == "finished" and finished.outcome is not None
    moves = len(play.session.events)

    play.undo()
    [reopened] = store.sessions()
    assert reopened.status == "active" and reopened.outcome is None and reopened.ended is None
    assert [s.id for s in store.unfinished_sessions()] == [reopened.id]
    assert stats.finished(store.sessions()) == []
    assert len(store.events(reopened.id)) == moves + 1

    resumed = PlaySession.resume(store, rules, reopened.id)  # the reopened game replays
    assert resumed.state == play.state and resumed.session.outcome() is None
    last = play.session.events[-2].action  # the move that ended it, made again
    assert last is not None
    resumed.play(last)
    [again] = store.sessions()
    assert again.status == "finished" and again.outcome == finished.outcome
    store.close()


def test_an_abandoned_game_is_not_reopened_by_undo(tmp_path: Path) -> None:
    from engines import skogen

    store = Store.open(tmp_path / "tableside.db")
    play = PlaySession.start(store, skogen, None, 1, ["Ana", "Bo"])
    play.play(skogen.legal_actions(play.state)[0])
    play.abandon()
    with pytest.raises(ValueError, match="no longer open"):
        play.undo()
    assert store.sessions()[0].status == "abandoned"
    store.close()

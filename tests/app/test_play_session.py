import random
from pathlib import Path

import pytest

from app.play.play_session import PlaySession
from app.storage.store import Store
from engines.core import IllegalAction
from tests.engines.core import pig


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store.open(tmp_path / "tableside.db")


def test_each_action_is_on_disk_before_the_state_changes(store: Store) -> None:
    game = PlaySession.start(store, pig, pig.Config(), seed=3, players=["Ana", "Bo"])
    seen: list[int] = []
    original = store.append_event

    def watching_append(
        session_id: int, event: dict, reopen: bool = False, owed: object = None, told: object = None
    ) -> int:
        seen.append(len(game.session.events))  # the session has not moved yet
        return original(session_id, event, reopen, owed, told)

    store.append_event = watching_append  # type: ignore[method-assign]
    game.play(pig.Roll())
    assert seen == [0]
    assert len(store.events(game.session_id)) == 1


def test_what_the_table_is_owed_is_saved_with_the_move_and_read_back_for_it(
    tmp_path: Path,
) -> None:
    store = Store.open(tmp_path / "tableside.db")
    game = PlaySession.start(store, pig, pig.Config(), seed=3, players=["Ana"])
    game.play(pig.Roll(), owed=lambda state: {"rolled": state.last_roll})
    rolled = game.state.last_roll
    game.keep_owed({"rolled": rolled, "done": 1})
    store.close()
    store = Store.open(tmp_path / "tableside.db")
    again = PlaySession.resume(store, pig, game.session_id)
    assert again.owed_when_opened == {"rolled": rolled, "done": 1}
    again.undo()  # a move that keeps nothing: nothing is owed after it
    assert PlaySession.resume(store, pig, game.session_id).owed_when_opened is None


def test_a_game_is_resumed_exactly_after_a_restart(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "tableside.db")
    game = PlaySession.start(store, pig, pig.Config(target=200), seed=8, players=["Ana", "Bo"])
    chooser = random.Random(8)
    for _ in range(40):
        game.play(chooser.choice(list(pig.legal_actions(game.state))))
    game.undo()
    state = game.state
    store.close()

    reopened = Store.open(tmp_path / "tableside.db")
    assert [s.id for s in reopened.unfinished_sessions("pig")] == [game.session_id]
    resumed = PlaySession.resume(reopened, pig, game.session_id)
    assert resumed.state == state
    resumed.play(pig.Roll())  # and play goes on, saved to the same game
    assert len(reopened.events(game.session_id)) == 42


def test_an_illegal_action_saves_nothing(store: Store) -> None:
    game = PlaySession.start(store, pig, None, seed=1, players=["Ana", "Bo"])
    with pytest.raises(IllegalAction):
        game.play(pig.Hold())
    assert store.events(game.session_id) == []


def test_the_end_of_the_game_is_saved_with_its_outcome(store: Store) -> None:
    game = PlaySession.start(store, pig, pig.Config(target=10), seed=2, players=["Ana", "Bo"])
    chooser = random.Random(2)
    while game.session.outcome() is None:
        game.play(chooser.choice(list(pig.legal_actions(game.state))))
    saved = store.session(game.session_id)
    assert saved.status == "finished"
    assert saved.outcome["result"] == "scored"
    assert saved.outcome["winners"]
    assert store.unfinished_sessions() == []

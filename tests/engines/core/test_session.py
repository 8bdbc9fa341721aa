import json
import random
from typing import Any

import pytest

from engines.core import UNDO, Event, IllegalAction, Session
from tests.engines.core import pig, pig_conformance


def play_randomly(session: Session, moves: int, chooser: random.Random) -> None:
    for _ in range(moves):
        actions = session.legal_actions()
        if not actions:
            return
        session.play(chooser.choice(actions))


def test_pig_module_satisfies_the_game_protocol() -> None:
    rules = pig_conformance.PIG  # mypy checks its signatures there
    assert rules.NAME == "pig"


def test_replaying_the_log_rebuilds_the_same_state() -> None:
    session = Session(pig, seed=7)
    play_randomly(session, 30, random.Random(1))
    session.undo()
    session.undo()
    play_randomly(session, 5, random.Random(2))

    saved = json.loads(json.dumps([event.to_dict() for event in session.events]))
    events = [Event.from_dict(pig, data) for data in saved]
    replayed = Session.replay(pig, session.config, session.seed, events)

    assert replayed.state == session.state
    assert replayed.events == session.events
    assert replayed.actions == session.actions


def test_undo_is_appended_and_restores_the_previous_state() -> None:
    session = Session(pig, seed=3)
    session.play(pig.Roll())
    before = session.state
    session.play(pig.Roll())
    after = session.undo()

    assert after == before == session.state
    assert [e.type for e in session.events] == ["action", "action", "undo"]
    assert len(session.actions) == 1


def test_a_fork_goes_on_alone_and_the_session_stays_as_it_was() -> None:
    session = Session(pig, seed=3)
    session.play(pig.Roll())
    state, events = session.state, session.events
    seen: list[Event] = []
    fork = session.fork(record=lambda event, _after: seen.append(event))
    fork.undo()
    fork.play(pig.Roll())
    fork.play(pig.Roll())
    assert [e.type for e in seen] == ["undo", "action", "action"]
    assert session.state is state and session.events == events and len(session.actions) == 1
    assert len(fork.events) == 4 and len(fork.actions) == 2


def test_undo_with_nothing_to_undo_is_refused_and_logs_nothing() -> None:
    session = Session(pig)
    with pytest.raises(IllegalAction, match="nothing to undo"):
        session.undo()
    assert session.events == ()


def test_an_illegal_action_leaves_state_and_log_unchanged() -> None:
    session = Session(pig, seed=5)
    state = session.state
    with pytest.raises(IllegalAction, match="roll at least once"):
        session.play(pig.Hold())
    assert session.state == state
    assert session.events == ()


def test_the_recorder_sees_each_event_and_its_state_before_the_session_shows_them() -> None:
    seen: list[tuple[Event, int, Any]] = []
    session = Session(pig, seed=4)
    start = session.state
    session.record = lambda event, state: seen.append((event, len(session.events), state))
    rolled = session.play(pig.Roll())
    session.undo()
    assert seen == [(Event("action", pig.Roll()), 0, rolled), (UNDO, 1, start)]
    assert rolled != start


def test_a_failing_recorder_leaves_the_session_unchanged() -> None:
    def disk_full(event: Event, state: Any) -> None:
        raise OSError("disk full")

    session = Session(pig, seed=4)
    session.play(pig.Roll())
    state = session.state
    session.record = disk_full
    with pytest.raises(OSError):
        session.play(pig.Roll())
    with pytest.raises(OSError):
        session.undo()
    assert session.state == state
    assert len(session.events) == 1


def test_same_seed_same_game_and_other_seeds_differ() -> None:
    def rolls(seed: int) -> list[int | None]:
        session = Session(pig, seed=seed)
        return [session.play(pig.Roll()).last_roll for _ in range(12)]

    assert rolls(11) == rolls(11)
    assert len({tuple(rolls(seed)) for seed in range(6)}) > 1


@pytest.mark.parametrize("seed", range(20))
def test_seeded_random_games_end_with_an_outcome(seed: int) -> None:
    session = Session(pig, pig.Config(target=15), seed=seed)
    play_randomly(session, 10_000, random.Random(seed))
    outcome = session.outcome()
    assert outcome is not None
    assert outcome.result == "scored"
    assert max(score for _, score in outcome.scores) >= 15
    assert session.legal_actions() == []


def test_state_round_trips_through_json() -> None:
    session = Session(pig, seed=9)
    play_randomly(session, 25, random.Random(9))
    data = json.loads(json.dumps(session.state.to_dict()))
    assert pig.State.from_dict(data) == session.state


def test_config_round_trips_and_is_validated() -> None:
    session = Session(pig, pig.Config(players=("A", "B", "C"), target=50))
    data = json.loads(json.dumps(session.config_to_dict()))
    assert Session.config_from_dict(pig, data) == session.config
    with pytest.raises(ValueError, match="at least two players"):
        Session.config_from_dict(pig, {"players": ["A"], "target": 10})


def test_a_damaged_event_is_reported() -> None:
    with pytest.raises(ValueError, match="no action"):
        Event.from_dict(pig, {"type": "action", "action": {"kind": "cheat"}})
    with pytest.raises(ValueError, match="not a saved event"):
        Event.from_dict(pig, {"type": "redo"})


def test_a_saved_move_the_rules_refuse_is_named() -> None:
    log = [Event("action", pig.Roll()), UNDO, Event("action", pig.Hold())]
    with pytest.raises(IllegalAction, match=r"Saved move 3 \(hold\) cannot be replayed: .*roll"):
        Session.replay(pig, pig.Config(), 5, log)


def test_a_saved_move_the_rules_cannot_apply_is_named_logged_and_a_value_error(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Decoded from disk, a move may hold values no player could choose: whatever the
    rules raise on it is a ValueError saying which move, and the original is logged."""

    def apply(state: pig.State, action: pig.PigAction) -> pig.State:
        raise IndexError("tuple index out of range")

    monkeypatch.setattr(pig, "apply", apply)
    with pytest.raises(ValueError, match=r"Saved move 1 \(roll\) cannot be replayed") as refusal:
        Session.replay(pig, pig.Config(), 5, [Event("action", pig.Roll())])
    assert not isinstance(refusal.value, IllegalAction)
    assert isinstance(refusal.value.__cause__, IndexError)
    assert "tuple index out of range" in caplog.text


def test_a_saved_set_up_the_rules_cannot_start_is_a_value_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def new_game(config: pig.Config | None = None, seed: int = 0) -> pig.State:
        raise OverflowError("int too large")

    monkeypatch.setattr(pig, "new_game", new_game)
    with pytest.raises(ValueError, match="The saved set-up cannot be replayed"):
        Session.replay(pig, pig.Config(target=10**30), 5, [])


def test_a_damaged_value_is_quoted_short() -> None:
    huge = "x" * 100_000
    for damaged in (huge, [[[[[[huge]]]]]], {"type": huge}, {"kind": 10**4000}):
        with pytest.raises(ValueError) as refusal:
            Event.from_dict(pig, damaged)
        assert len(str(refusal.value)) < 100
    with pytest.raises(ValueError, match="no action 'xxx") as refusal:
        Event.from_dict(pig, {"type": "action", "action": {"kind": huge}})
    assert len(str(refusal.value)) < 100

"""Skogen as a game module: random legal play, replay, round trips."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines import conformance, skogen
from engines.core import Event, Session
from engines.skogen import Config, State, action_from_dict, legal_actions, new_game


def test_the_package_satisfies_the_game_protocol() -> None:
    rules = conformance.SKOGEN  # mypy checks its signatures there
    assert rules.NAME == "skogen"
    assert isinstance(rules.new_game(), State)
    assert legal_actions(new_game())


def random_game(seed: int, players: int, die: str) -> Session:
    names = tuple(f"Player {n}" for n in range(1, players + 1))
    session = Session(skogen, Config(players=names, die=die), seed)  # type: ignore[arg-type]
    chooser = random.Random(seed)
    for _ in range(3000):
        actions = session.legal_actions()
        if not actions:
            break
        state = session.state
        before = json.dumps(state.to_dict())
        session.play(chooser.choice(actions))
        assert json.dumps(state.to_dict()) == before  # apply never mutates its input
        after = session.state
        assert after.bags >= 0
        assert all(0 <= p.hand <= p.hand_limit for p in after.players)
        assert sum(p.life_cards for p in after.players) <= 19
    return session


@pytest.mark.parametrize(("players", "die"), [(2, "app"), (4, "table"), (6, "app")])
def test_random_legal_play_ends_with_a_winner(players: int, die: str) -> None:
    session = random_game(players, players, die)
    result = session.outcome()
    assert result is not None and result.result == "scored"
    assert result.cause in ("bags_empty", "two_quiet_rounds")
    best = max(points for _, points in result.scores)
    assert set(result.winners) == {name for name, points in result.scores if points == best}


@settings(max_examples=15, deadline=None, database=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 6),
    die=st.sampled_from(["app", "table"]),
)
def test_any_seeded_game_ends_and_replays_to_the_same_state(
    seed: int, players: int, die: str
) -> None:
    session = random_game(seed, players, die)
    assert session.outcome() is not None
    saved = json.loads(json.dumps([event.to_dict() for event in session.events]))
    events = [Event.from_dict(skogen, data) for data in saved]
    replayed = Session.replay(skogen, session.config, session.seed, events)
    assert replayed.state == session.state


def test_every_action_and_state_round_trips_through_json() -> None:
    session = random_game(seed=5, players=3, die="table")
    kinds = set()
    for action in session.actions:
        assert action_from_dict(json.loads(json.dumps(action.to_dict()))) == action
        kinds.add(action.kind)
    assert {"place", "take_two", "die_face", "take_element"} <= kinds
    state = session.state
    assert State.from_dict(json.loads(json.dumps(state.to_dict()))) == state
    assert Config.from_dict(json.loads(json.dumps(session.config.to_dict()))) == session.config


def test_undo_returns_to_the_state_before() -> None:
    session = Session(skogen, seed=1)
    first = session.state
    session.play(legal_actions(first)[1])
    session.undo()
    assert session.state == first

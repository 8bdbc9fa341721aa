"""Chickwood Forest as a game module: random legal play, replay, round trips."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines import chickwood, conformance
from engines.chickwood import (
    Collection,
    Config,
    GiveAlms,
    Raid,
    State,
    action_from_dict,
    apply,
    legal_actions,
    new_game,
    outcome,
)
from engines.chickwood.scoring import ALMS_PER_PLAYER
from engines.core import Event, Session

PLAYERS = {
    2: ("Red", "Blue"),
    3: ("Red", "Yellow", "Blue"),
    4: ("Red", "Yellow", "Purple", "Blue"),
    5: ("Red", "Yellow", "Purple", "Blue", "Green"),
}


def test_the_package_satisfies_the_game_protocol() -> None:
    rules = conformance.CHICKWOOD  # mypy checks its signatures there
    assert rules.NAME == "chickwood"
    assert isinstance(rules.new_game(), State)


def random_game(seed: int, players: int, legendary: bool) -> Session:
    session = Session(chickwood, Config(players=PLAYERS[players], legendary=legendary), seed)
    chooser = random.Random(seed)
    for _ in range(500):
        actions = session.legal_actions()
        if not actions:
            break
        before = json.dumps(session.state.to_dict())
        state = session.state
        session.play(chooser.choice(actions))
        assert json.dumps(state.to_dict()) == before  # apply never mutates its input
        check_invariants(session.state)
    return session


def check_invariants(state: State) -> None:
    for seat, player in enumerate(state.players):
        on_board = sum(cell.owners.count(seat) for cell in state.grid.cells)
        assert on_board == player.alms_given <= ALMS_PER_PLAYER
    for cell in state.grid.cells:
        assert len(cell.owners) <= cell.profile.capacity
        assert not (cell.forest and cell.owners)
    assert len(state.placements) == sum(p.alms_given for p in state.players)


@pytest.mark.parametrize(("players", "legendary"), [(2, False), (3, True), (4, False), (5, True)])
def test_random_legal_play_ends_with_scores(players: int, legendary: bool) -> None:
    session = random_game(seed=players, players=players, legendary=legendary)
    result = session.outcome()
    assert result is not None and result.result == "scored"
    assert {name for name, _ in result.scores} == set(PLAYERS[players])
    best = max(points for _, points in result.scores)
    assert set(result.winners) == {n for n, p in result.scores if p == best}
    assert session.state.phase == "over"


@settings(max_examples=15, deadline=None, database=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3, 4, 5]))
def test_any_seeded_game_ends_and_replays_to_the_same_state(seed: int, players: int) -> None:
    session = random_game(seed, players, legendary=seed % 2 == 0)
    assert session.outcome() is not None
    saved = json.loads(json.dumps([event.to_dict() for event in session.events]))
    events = [Event.from_dict(chickwood, data) for data in saved]
    replayed = Session.replay(chickwood, session.config, session.seed, events)
    assert replayed.state == session.state


def test_every_action_and_state_round_trips_through_json() -> None:
    session = random_game(seed=11, players=4, legendary=True)
    kinds = set()
    for action in session.actions:
        data = json.loads(json.dumps(action.to_dict()))
        assert action_from_dict(data) == action
        kinds.add(action.kind)
    assert {"raid", "give_alms", "score"} <= kinds
    state = session.state
    assert State.from_dict(json.loads(json.dumps(state.to_dict()))) == state
    config = session.config
    assert Config.from_dict(json.loads(json.dumps(config.to_dict()))) == config


def test_undo_goes_back_to_the_state_before() -> None:
    session = Session(chickwood, Config(), seed=3)
    first = session.state
    player = first.players[first.order[0]].name
    session.play(Raid(player, 4, Collection(), (2,)))
    assert session.state.phase == "alms"
    session.play(GiveAlms(player, 0, 0))
    session.undo()
    session.undo()
    assert session.state == first


def test_new_game_deals_layout_and_castles_from_the_seed() -> None:
    a, b, c = new_game(seed=1), new_game(seed=1), new_game(seed=2)
    assert a == b
    layouts = {tuple(cell.profile.card for cell in s.grid.cells) for s in (a, c)}
    castles = {tuple(p.castle for p in s.players) for s in (a, c)}
    assert len(layouts) + len(castles) > 2  # a different seed deals differently
    castles_a = [p.castle for p in a.players]
    assert len(set(castles_a)) == 4 and set(castles_a) <= {1, 2, 3, 4, 5}


def test_outcome_is_none_while_the_rounds_go_on() -> None:
    state = new_game()
    assert outcome(state) is None
    assert legal_actions(state)
    assert all(isinstance(a, Raid) for a in legal_actions(state))
    assert apply(state, legal_actions(state)[0]) != state

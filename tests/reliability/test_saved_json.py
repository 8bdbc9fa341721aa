"""Saved games are read from disk: whatever JSON a damaged or hostile file holds, reading
an event or a config, and replaying the log, either works or raises ValueError with a
short message. Nothing else may escape: the screens catch ValueError only.

The inputs are arbitrary JSON (deeply nested, huge numbers, NaN, long strings) and real
logs of seeded random games with one change somewhere inside: a field dropped, swapped,
retyped or replaced, an event dropped or moved.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.games import BY_KEY, GAMES
from engines.core import AnyGameRules, Event, Session

GAME_KEYS = [game.key for game in GAMES]
#: A message quotes values cut short; 100,000 characters of data never make a long one.
LONGEST_MESSAGE = 500
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def rules(key: str) -> AnyGameRules:
    return BY_KEY[key].rules()


@cache
def saved_game(key: str, seed: int) -> tuple[Any, list[dict[str, Any]]]:
    """The config and event log (as saved) of a short random game, undos included."""
    session = Session(rules(key), None, seed)
    chooser = random.Random(seed)
    for _ in range(30):
        legal = list(session.legal_actions())
        if not legal or session.outcome() is not None:
            break
        if session.can_undo and chooser.random() < 0.1:
            session.undo()
        else:
            session.play(chooser.choice(legal))
    return session.config_to_dict(), [event.to_dict() for event in session.events]


def nested(depth: int, as_dict: bool) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = {"kind": value} if as_dict else [value]
    return value


SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=10**30, max_value=10**300)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=20)
    | st.sampled_from(["action", "undo", "kind", "move", "app", "table", "x" * 100_000])
)
JSON_VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
) | st.builds(nested, st.integers(100, 5_000), st.booleans())


@st.composite
def changed(draw: st.DrawFn, value: Any) -> Any:
    """``value`` with one change somewhere inside it."""
    if isinstance(value, dict) and value and draw(st.booleans()):
        key = draw(st.sampled_from(sorted(value)))
        return {**value, key: draw(changed(value[key]))}
    if isinstance(value, list) and value and draw(st.booleans()):
        at = draw(st.integers(0, len(value) - 1))
        return [*value[:at], draw(changed(value[at])), *value[at + 1 :]]
    return draw(st.one_of(replacements(value)))


def replacements(value: Any) -> list[st.SearchStrategy[Any]]:
    """What ``value`` may become: any JSON, itself retyped, or itself rearranged."""
    found = [JSON_VALUES, st.just([value]), st.just({"value": value}), st.just(str(value))]
    if isinstance(value, dict) and value:
        keys = sorted(value)
        found.append(st.sampled_from(keys).map(lambda key: without(value, key)))
        found.append(st.permutations(keys).map(lambda order: swapped(value, order)))
        found.append(st.just({**value, "extra": 1}))
    if isinstance(value, list) and value:
        found.append(st.permutations(value).map(list))
        found.append(st.integers(0, len(value) - 1).map(lambda at: value[:at] + value[at + 1 :]))
        found.append(st.just(value + value[-1:]))
    if isinstance(value, int) and not isinstance(value, bool):
        numbers = [-value, value + 1, value - 1, value * 10**30, float(value)]
        found.append(st.sampled_from(numbers))
    return found


def without(data: dict[str, Any], key: str) -> dict[str, Any]:
    return {name: item for name, item in data.items() if name != key}


def swapped(data: dict[str, Any], keys: list[str]) -> dict[str, Any]:
    """The same values under the keys in another order: fields swapped."""
    return dict(zip(keys, data.values(), strict=True))


@st.composite
def damaged_log(draw: st.DrawFn, log: list[dict[str, Any]]) -> list[Any]:
    """The store hands over a list of events: one of them changed, or one dropped or moved."""
    if draw(st.integers(0, 3)) == 0:
        at = draw(st.integers(0, len(log) - 1))
        rest = log[:at] + log[at + 1 :]
        return draw(st.sampled_from([rest, [log[at], *rest], [*rest, log[at]]]))
    at = draw(st.integers(0, len(log) - 1))
    return [*log[:at], draw(changed(log[at])), *log[at + 1 :]]


def refused_briefly(error: ValueError) -> None:
    assert len(str(error)) <= LONGEST_MESSAGE, f"a {len(str(error))}-character message"


@pytest.mark.parametrize("key", GAME_KEYS)
@FAST
@given(data=JSON_VALUES)
def test_any_json_as_an_event_or_a_config_is_read_or_refused(key: str, data: Any) -> None:
    for read in (Event.from_dict, Session.config_from_dict, Session.config_from_dict):
        try:
            read(rules(key), data)
        except ValueError as error:
            refused_briefly(error)
    for wrapped in ({"type": "action", "action": data}, {"type": data}, [data]):
        try:
            Event.from_dict(rules(key), wrapped)
        except ValueError as error:
            refused_briefly(error)


@pytest.mark.parametrize("key", GAME_KEYS)
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(1, 3), data=st.data())
def test_a_real_log_with_one_change_replays_or_is_refused(
    key: str, seed: int, data: st.DataObject
) -> None:
    config_data, log = saved_game(key, seed)
    damaged = data.draw(damaged_log(log), label="damaged log")
    game = rules(key)
    try:
        config = Session.config_from_dict(game, config_data)
        events = [Event.from_dict(game, event) for event in damaged]
        Session.replay(game, config, seed, events)
    except ValueError as error:
        refused_briefly(error)


@pytest.mark.parametrize("key", GAME_KEYS)
@FAST
@given(seed=st.integers(1, 3), data=st.data())
def test_a_real_config_with_one_change_starts_or_is_refused(
    key: str, seed: int, data: st.DataObject
) -> None:
    config_data, log = saved_game(key, seed)
    damaged = data.draw(changed(config_data), label="damaged config")
    game = rules(key)
    try:
        config = Session.config_from_dict(game, damaged)
        Session.replay(game, config, seed, [Event.from_dict(game, event) for event in log])
    except ValueError as error:
        refused_briefly(error)


@pytest.mark.parametrize("key", GAME_KEYS)
def test_the_real_logs_replay_unchanged(key: str) -> None:
    """The damage above is damage: the same logs untouched replay to the end."""
    game = rules(key)
    for seed in (1, 2, 3):
        config_data, log = saved_game(key, seed)
        config = Session.config_from_dict(game, config_data)
        replayed = Session.replay(game, config, seed, [Event.from_dict(game, e) for e in log])
        assert [event.to_dict() for event in replayed.events] == log

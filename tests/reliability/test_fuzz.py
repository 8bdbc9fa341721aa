"""Random actions, legal and illegal, fed into every engine: an illegal one raises
IllegalAction with a message and leaves the state equal; nothing else ever raises."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engines
from engines.core import IllegalAction

ENGINES = {key: engines.rules(key) for key in engines.game_keys()}


def strangers(module: Any, seeds: range, steps: int) -> list[Any]:
    """Actions that were legal somewhere in other games: mostly illegal in this one."""
    found: list[Any] = []
    for seed in seeds:
        chooser = random.Random(seed)
        state = module.new_game(None, seed)
        for _ in range(steps):
            actions = list(module.legal_actions(state))
            if not actions or module.outcome(state) is not None:
                break
            found.extend(chooser.sample(actions, min(3, len(actions))))
            state = module.apply(state, chooser.choice(actions))
    return found


STRANGERS = {name: strangers(module, range(100, 106), 60) for name, module in ENGINES.items()}


@pytest.mark.parametrize("name", sorted(ENGINES))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), picks=st.lists(st.integers(0, 10**6), max_size=80))
def test_random_actions_never_break_an_engine(name: str, seed: int, picks: list[int]) -> None:
    module = ENGINES[name]
    state = module.new_game(None, seed)
    for pick in picks:
        legal = list(module.legal_actions(state))
        if pick % 3 == 0 or not legal:  # a stranger: probably illegal here
            action = STRANGERS[name][pick % len(STRANGERS[name])]
        else:
            action = legal[pick % len(legal)]
        before = state.to_dict()
        try:
            state = module.apply(state, action)
        except IllegalAction as refusal:
            assert str(refusal).strip(), f"{action!r} was refused without a reason"
            assert state.to_dict() == before, "a refused action changed the state"
            assert action not in legal, f"{action!r} was listed as legal, then refused"

"""Shared helpers for the Skogen tests."""

import json

import pytest

from engines.core import Action, IllegalAction
from engines.skogen import Board, Config, State, apply, new_game

# No green squares: turns never trigger the die unless a test wants it.
QUIET_BOARD = Board(track_length=50, green_squares=())


def game(players: tuple[str, ...] = ("Ana", "Bo"), **options: object) -> State:
    board = options.pop("board", QUIET_BOARD)
    return new_game(Config(players=players, board=board, **options))  # type: ignore[arg-type]


def play(state: State, *actions: Action) -> State:
    for action in actions:
        state = apply(state, action)
    return state


def refused(state: State, action: Action, match: str) -> None:
    saved = json.dumps(state.to_dict())
    with pytest.raises(IllegalAction, match=match):
        apply(state, action)
    assert json.dumps(state.to_dict()) == saved

"""Pig, a tiny dice game that exercises the engine protocol in tests.

Two players take turns. On your turn roll the die as often as you like: a 1 loses the
points of this turn and ends it; otherwise the roll adds to the turn's points. Hold to
bank the turn's points and pass the die. The first to reach the target wins.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, replace

from engines.core import (
    Action,
    Change,
    IllegalAction,
    Outcome,
    Progress,
    Rng,
    Saveable,
    SetupStep,
    TurnOrder,
    differences,
    settle,
)

NAME = "pig"


@dataclass(frozen=True)
class Config(Saveable):
    players: tuple[str, ...] = ("Ana", "Bo")
    target: int = 20

    def __post_init__(self) -> None:
        if len(self.players) < 2:
            raise ValueError("Pig needs at least two players.")


@dataclass(frozen=True)
class State(Saveable):
    config: Config
    rng: Rng
    banked: tuple[int, ...]
    turn_points: int = 0
    player: int = 0
    last_roll: int | None = None


class PigAction(Action, game="pig"):
    pass


@dataclass(frozen=True)
class Roll(PigAction, kind="roll"):
    @property
    def label(self) -> str:
        return "Roll the die"


@dataclass(frozen=True)
class Hold(PigAction, kind="hold"):
    @property
    def label(self) -> str:
        return "Hold and bank the points"


action_from_dict = PigAction.from_dict


def new_game(config: Config | None = None, seed: int = 0) -> State:
    config = config or Config()
    return State(config=config, rng=Rng(seed), banked=(0,) * len(config.players))


def setup_steps(config: Config | None = None) -> list[SetupStep]:
    players = (config or Config()).players
    return [SetupStep("Find a die", f"Give it to {players[0]}, who rolls first.")]


def legal_actions(state: State) -> list[PigAction]:
    if outcome(state) is not None:
        return []
    return [Roll(), Hold()] if state.turn_points else [Roll()]


def apply(state: State, action: Action) -> State:
    if outcome(state) is not None:
        raise IllegalAction("The game is over.")
    if isinstance(action, Roll):
        roll, rng = state.rng.randint(1, 6)
        if roll == 1:
            return _pass_die(replace(state, rng=rng, turn_points=0, last_roll=roll))
        return replace(state, rng=rng, turn_points=state.turn_points + roll, last_roll=roll)
    if isinstance(action, Hold):
        if not state.turn_points:
            raise IllegalAction("You must roll at least once before you hold.")
        banked = list(state.banked)
        banked[state.player] += state.turn_points
        return _pass_die(replace(state, banked=tuple(banked), turn_points=0))
    raise IllegalAction(f"Pig has no move {action.label!r}.")


def _pass_die(state: State) -> State:
    if max(state.banked) >= state.config.target:
        return state
    return replace(state, player=(state.player + 1) % len(state.config.players))


def outcome(state: State) -> Outcome | None:
    best = max(state.banked)
    if best < state.config.target:
        return None
    names = state.config.players
    return Outcome(
        result="scored",
        reason=f"{names[state.banked.index(best)]} reached {state.config.target}.",
        cause="target_reached",
        winners=tuple(n for n, b in zip(names, state.banked, strict=True) if b == best),
        scores=tuple(zip(names, state.banked, strict=True)),
    )


def view(state: State, seat: str) -> State:
    return state  # nothing is hidden in Pig


def manual_edits(state: State) -> list[PigAction]:
    return []  # the score pad is the table: nothing to put right by hand


def progress(state: State) -> Progress:
    return Progress(number=1, seat=state.player)  # Pig counts no rounds, only whose turn


def table_places(state: State) -> dict[str, Hashable]:
    """The score pad: each player's banked points."""
    return {
        f"score:{name}": points
        for name, points in zip(state.config.players, state.banked, strict=True)
    }


#: A turn of Pig: roll until you hold, then write the score.
TURN_ORDER = TurnOrder(source="Pig, as played: roll, then hold", phases=("score",))


def table_changes(before: State, after: State) -> list[Change]:
    changes = [
        Change(f"Write {key.removeprefix('score:')}'s score: {now}", (key,), phase="score")
        for key, (_, now) in differences(table_places(before), table_places(after)).items()
    ]
    return settle(changes, table_places(after))

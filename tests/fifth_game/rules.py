"""Pebbles: a test-only fifth game, proof that a game joins Tableside through its two
registry entries alone (docs/adding-a-game.md). Its rules satisfy engines.core.GameRules.

A pile of pebbles lies between the players. In turn, each takes one or two. Whoever takes
the last pebble wins; each scores the pebbles they took.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engines.core import (
    Action,
    Change,
    IllegalAction,
    Outcome,
    Places,
    Progress,
    Saveable,
    SetupStep,
    TurnOrder,
    settle,
)

NAME = "pebbles"


@dataclass(frozen=True)
class Config(Saveable):
    players: tuple[str, ...] = ("Ana", "Bo")
    pile: int = 7

    def __post_init__(self) -> None:
        if not 2 <= len(self.players) <= 4:
            raise ValueError("Pebbles is for 2 to 4 players.")
        if not 3 <= self.pile <= 30:
            raise ValueError("The pile holds 3 to 30 pebbles.")


@dataclass(frozen=True)
class State(Saveable):
    config: Config
    taken: tuple[int, ...]  # by seat
    seat: int = 0  # whose turn; after the last pebble, who took it
    turns: int = 0


class PebblesAction(Action, game="pebbles"):
    pass


@dataclass(frozen=True)
class Take(PebblesAction, kind="take"):
    count: int

    @property
    def label(self) -> str:
        return f"Take {self.count}"


action_from_dict = PebblesAction.from_dict


def left(state: State) -> int:
    return state.config.pile - sum(state.taken)


def new_game(config: Config | None = None, seed: int = 0) -> State:
    config = config or Config()
    return State(config=config, taken=(0,) * len(config.players))


def legal_actions(state: State) -> list[PebblesAction]:
    return [Take(count) for count in (1, 2) if count <= left(state)]


def apply(state: State, action: Action) -> State:
    if not left(state):
        raise IllegalAction("The game is over: the pile is empty.")
    if action not in legal_actions(state):
        raise IllegalAction(f"You can take 1 or 2 pebbles, and {left(state)} are left.")
    assert isinstance(action, Take)
    taken = list(state.taken)
    taken[state.seat] += action.count
    after = replace(state, taken=tuple(taken), turns=state.turns + 1)
    if not left(after):
        return after
    return replace(after, seat=(state.seat + 1) % len(taken))


def outcome(state: State) -> Outcome | None:
    if left(state):
        return None
    names = state.config.players
    return Outcome(
        result="scored",
        reason=f"{names[state.seat]} took the last pebble.",
        cause="last_pebble",
        winners=(names[state.seat],),
        scores=tuple(zip(names, state.taken, strict=True)),
    )


def progress(state: State) -> Progress:
    return Progress(state.turns // len(state.taken) + 1, seat=state.seat)


def view(state: State, seat: str) -> State:
    return state  # nothing is hidden


def table_places(state: State) -> Places:
    names = state.config.players
    return {
        "pile": left(state),
        **{f"hand:{n}": t for n, t in zip(names, state.taken, strict=True)},
    }


#: A turn of Pebbles: take some, or put some back.
TURN_ORDER = TurnOrder(source="Pebbles, as played: take or put back", phases=("turn",))


def table_changes(before: State, after: State) -> list[Change]:
    """Each player's pebbles taken or put back; the first change covers the pile too.
    Taking is the player's own move (``chosen``): the app need not say it."""
    changes: list[Change] = []
    pile = ("pile",) if left(before) != left(after) else ()
    for name, was, now in zip(before.config.players, before.taken, after.taken, strict=True):
        if was != now:
            words = f"{name} takes {now - was}" if now > was else f"{name} puts back {was - now}"
            keys = (f"hand:{name}", *pile)
            changes.append(Change(words, keys, chosen=now > was, phase="turn"))
            pile = ()
    return settle(changes, table_places(after))


def setup_steps(config: Config | None = None) -> list[SetupStep]:
    pile = (config or Config()).pile
    return [SetupStep("Make the pile", f"Count {pile} pebbles into a pile between you.")]


def manual_edits(state: State) -> list[PebblesAction]:
    return []  # nothing on the table can drift from the app's count

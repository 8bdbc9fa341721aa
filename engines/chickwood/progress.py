"""How far a Chickwood Forest game has got: its rounds, each player raiding in turn,
then the final count (a quick score has only that)."""

from engines.chickwood.state import State
from engines.core.progress import Progress


def progress(state: State) -> Progress:
    if state.seat is None:
        return Progress(state.round, stage="the final count")
    return Progress(state.round, seat=state.seat)

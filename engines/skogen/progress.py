"""How far a Skogen game has got: a round is one turn for each player, in seat order."""

from engines.core.progress import Progress
from engines.skogen.state import State


def progress(state: State) -> Progress:
    return Progress((state.turn - 1) // len(state.players) + 1, seat=state.current)

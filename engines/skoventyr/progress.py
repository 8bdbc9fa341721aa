"""How far a Skoventyr game has got: its turns are counted, one player's at a time."""

from engines.core.progress import Progress
from engines.skoventyr.state import State


def progress(state: State) -> Progress:
    return Progress(state.turn, seat=state.player, counted_by="turn")

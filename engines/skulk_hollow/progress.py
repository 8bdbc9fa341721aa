"""How far a Skulk Hollow game has got: a round is the heroes' turn, then the guardian's."""

from engines.core.progress import Progress
from engines.skulk_hollow.state import State


def progress(state: State) -> Progress:
    # The heroes are played together: their turn is nobody's in particular.
    return Progress(state.turn, side=state.board.name if state.active == "guardian" else "")

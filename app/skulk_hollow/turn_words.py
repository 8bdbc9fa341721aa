"""What the prompt says of a hero's step answered on the player's behalf, and of an
action taken back."""

from __future__ import annotations

from itertools import groupby

from app.skulk_hollow import touch_paths
from engines import skulk_hollow as K
from engines.core import Action
from engines.skulk_hollow import board


def answered_for_you(state: K.State, action: K.SkulkAction) -> str:
    """What was answered on the hero player's behalf: a move, which the table makes, as a
    sentence; any other answer as the bare choice (``said_for_you`` gathers those)."""
    pending = state.pending
    assert pending is not None
    if isinstance(action, K.Move):
        target = touch_paths.moved_to(state, action.direction)
        name = board.capital(board.the_unit(state, pending.unit))
        return f"{name} moves to {board.space_name(state, target)} (the only way)."
    if isinstance(action, K.ChooseUnit):
        return board.the_unit(state, action.unit)
    if isinstance(action, K.ChooseSpace):
        return board.space_name(state, action.space)
    if isinstance(action, K.ChooseLocation):  # as its tile names it: "SIZZLE (Upper coil)"
        return board.location_name(state, action.location)
    return action.label


def said_for_you(answered: tuple[str, ...]) -> str:
    """The steps ``answered_for_you`` in as few words as they can take, said before the
    question that follows (the prompt must never need to scroll): choices in a row are
    named together ("Only choices: MISSILE ATTACK, Archer 1."), moves are sentences."""
    said: list[str] = []
    for is_move, run in groupby(answered, key=lambda words: words.endswith(".")):
        if is_move:
            said += run
        else:
            choices = list(run)
            plural = "s" if len(choices) > 1 else ""
            said.append(f"Only choice{plural}: {', '.join(choices)}.")
    return " ".join(said)


def taken_back_words(state: K.State, action: Action | None) -> str:
    """What an action taken back did, said from the ``state`` it was taken in: "a power
    cube on the Sentinel", not the bare name of the hero chosen."""
    if action is None:
        return ""
    pending = state.pending
    if isinstance(action, K.ChooseUnit) and state.has_unit(action.unit):
        hero = board.the_unit(state, action.unit)
        if pending is not None and pending.step == "allocate":
            return f"a power cube on {hero}"
        return f"{hero} chosen"
    return action.label

"""What the game is waiting for, in a few words, and who must answer."""

from __future__ import annotations

from engines.skulk_hollow import board
from engines.skulk_hollow.state import Asking, State

_STEPS: dict[str, str] = {
    "summon": "where does the new hero join? (KEEP or a TOWN)",
    "option": "which action of the card?",
    "unit": "which hero unit takes it?",
    "double": "a second leap? Choose a hero unit, or decline",
    "direction": "which way?",
    "again": "move a second step the same way?",
    "leap": "leap where?",
    "mount": "MOUNT: take a free leap onto the guardian?",
    "attack": "attack what?",
    "recall": "RECALL: which card from the discard pile returns to hand?",
    "heal": "HEAL: remove a wound from which hero unit?",
    "command": "COMMAND: which banded hero unit acts?",
    "discard": "which card is discarded?",
    "allocate": "which hero unit takes the next power cube?",
    "piece": "move Tanthos or a root?",
    "target": "which hero unit is hit?",
    "pick": "which hero unit is moved?",
    "place": "to which ground space?",
    "stomp": "to which ground space?",
    "mend": "remove a wound from which location?",
    "tunnel": "a root comes up in which empty ground space?",
}


def prompt(state: State) -> tuple[str, Asking]:
    if state.ended:
        return "The game is over.", ""
    side: Asking = state.active
    who = "Hero" if side == "hero" else state.board.name
    pending = state.pending
    if pending is None:
        actions = f"{state.actions_left} action{'s' if state.actions_left != 1 else ''} left"
        return f"{who}: {actions}. Play a card, prepare, spend power, or end the turn.", side
    text = _STEPS.get(pending.step, pending.step)
    if pending.step == "option" and pending.source == "power":
        text = "which action does one power buy?"
    elif pending.step == "option" and pending.source == "command":
        text = "which action does the commanded unit take?"
    subject = ""
    if pending.step == "option" and pending.source == "card":
        cards = state.foxen if side == "hero" else state.board
        subject = f"{cards.card(pending.card).name}: "
    elif pending.unit and state.has_unit(pending.unit):
        subject = f"{board.unit_name(state, pending.unit)}: "
    elif pending.action:
        subject = f"{pending.action.upper()}: "
    return f"{who} - {subject}{text}", side

"""What the game is waiting for, in a few words, and who must answer.

The hero player is spoken to ("Your turn: 2 actions left..."); the guardian's questions
name it ("Grak - SWING: which hero unit is hit?"). A prompt names only choices that
exist now: with no power cube to spend it does not offer to spend power.
"""

from __future__ import annotations

from engines.skulk_hollow import board, heroes
from engines.skulk_hollow.actions import (
    GroundRaptra,
    PlayCard,
    Prepare,
    SpendPower,
    SpendRelic,
    action_name,
)
from engines.skulk_hollow.state import Asking, Pending, State

_HERO_STEPS: dict[str, str] = {
    "option": "which action?",
    "direction": "move where?",
    "leap": "leap where?",
    "attack": "attack which location?",
    "recall": "RECALL: which card from your discard pile goes back to your hand?",
    "heal": "HEAL: take a wound off which hero?",
    "command": "COMMAND: which hero beside it acts?",
}
_UNIT_QUESTIONS: dict[str, str] = {
    "move": "which hero moves?",
    "leap": "which hero leaps?",
    "double_leap": "which hero leaps first?",
    "melee": "which hero attacks?",
    "missile": "which hero shoots?",
}
_GUARDIAN_STEPS: dict[str, str] = {
    "option": "which action of the card?",
    "direction": "which way?",
    "again": "move a second step the same way?",
    "piece": "move the guardian or a root?",
    "target": "which hero unit is hit?",
    "pick": "which hero unit is moved?",
    "place": "to which ground space?",
    "stomp": "to which ground space?",
    "mend": "remove a wound from which location?",
    "tunnel": "a root comes up in which empty ground space?",
    "discard": "which card is discarded?",
}


def prompt(state: State) -> tuple[str, Asking]:
    if state.ended:
        return "The game is over.", ""
    pending = state.pending
    if pending is not None and pending.step == "allocate":
        cubes = f"{state.hero_pool} power cube{'s' if state.hero_pool != 1 else ''}"
        return f"Place your power cubes ({cubes} in your pool): which hero takes one?", "hero"
    if state.active == "guardian":
        return _guardian(state, pending), "guardian"
    if pending is None:
        return _hero_main(state), "hero"
    return _hero_step(state, pending), "hero"


def _hero_main(state: State) -> str:
    actions = heroes.main_actions(state, one_card=True)
    offered = [
        words
        for kind, words in (
            (PlayCard, "play a card"),
            (Prepare, "prepare"),
            (GroundRaptra, "bring Raptra down"),
            (SpendPower, "spend power"),
            (SpendRelic, "spend a relic"),
        )
        if any(isinstance(action, kind) for action in actions)
    ]
    left = state.actions_left
    if left <= 0:
        return f"No actions left: {_or_end(offered)}"
    plural = "s" if left != 1 else ""
    choices = _or_end(offered)
    return f"Your turn: {left} action{plural} left. {choices[:1].upper()}{choices[1:]}"


def _or_end(things: list[str]) -> str:
    """ "play a card, prepare, spend power or end the turn."."""
    return ", ".join(things) + (" or " if things else "") + "end the turn."


def _hero_step(state: State, pending: Pending) -> str:
    step = pending.step
    if step == "discard":
        if pending.source == "ground":
            return "Which card do you discard to bring Raptra to the ground?"
        return "Prepare: which card do you discard? Then draw 2."
    if step == "summon":
        name = state.foxen.card(pending.card).name
        return f"{name}: where does the new {name} join? KEEP or a TOWN space."
    if step == "unit":
        question = _UNIT_QUESTIONS.get(pending.action, "which hero takes it?")
        card = _card_name(state, pending)
        if card.upper() == action_name(pending.action):  # not "DOUBLE LEAP with Double Leap"
            return f"{action_name(pending.action)}: {question}"
        return f"{action_name(pending.action)} with {card}: {question}"
    if step == "double":
        return "DOUBLE LEAP: which hero leaps next? Or no second leap."
    if step == "mount":
        name = board.the_unit(state, pending.unit)
        return f"MOUNT: {name} may leap onto {state.board.name} for free."
    if step == "option":
        if pending.source == "card":
            return f"{_card_name(state, pending)}: which action?"
        name = board.the_unit(state, pending.unit)
        if pending.source == "command":
            return f"COMMAND: which action does {name} take?"
        return f"One power from {name}: which action?"
    text = _HERO_STEPS.get(step, "choose.")
    if step == "attack" and _a_root_can_be_hit(state, pending):
        text = "attack which location, or the root in a lit space?"
    if pending.unit and state.has_unit(pending.unit):
        return f"{board.unit_name(state, pending.unit)}: {text}"
    return text[:1].upper() + text[1:]


def _a_root_can_be_hit(state: State, pending: Pending) -> bool:
    """Tanthos: a root is among what the attack may hit (it is destroyed)."""
    if not (state.roots and pending.unit and state.has_unit(pending.unit)):
        return False
    targets = heroes.attack_targets(state, state.unit(pending.unit), pending.action)
    return any(kind != "location" for kind, _ in targets)


def _card_name(state: State, pending: Pending) -> str:
    if pending.card:
        return state.foxen.card(pending.card).name
    return "one power" if pending.source == "power" else "COMMAND"


def _guardian(state: State, pending: Pending | None) -> str:
    who = state.board.name
    if pending is None:
        left = state.actions_left
        return f"{who}: {left} action{'s' if left != 1 else ''} left."
    text = _GUARDIAN_STEPS.get(pending.step, pending.step)
    subject = ""
    if pending.step == "option" and pending.source == "card":
        subject = f"{board.guardian_card_name(state, pending.card)}: "
    elif pending.unit and state.has_unit(pending.unit):
        subject = f"{board.unit_name(state, pending.unit)}: "
    elif pending.action:
        subject = f"{action_name(pending.action)}: "
    return f"{who} - {subject}{text}"

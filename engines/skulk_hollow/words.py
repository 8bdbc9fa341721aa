"""What the guardian did, in words for the table, read from the moves themselves.

``decision_words(before, actions)`` says one whole decision of the guardian (a card and
every choice it asks for, a PREPARE and its discard, a power cube spent, the end of its
turn) from the actions it was made of, played from ``before``: the card played, the
action chosen on it, what each step did as the rules carried it out (the engine's own
sentence of each step, ``State.last``), and what came of it (a hero eliminated, the
game won). It never reads a bot's look-ahead: a reason can name only an action that
was taken, and only a hero whose pieces it changed.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.skulk_hollow import board
from engines.skulk_hollow.actions import (
    ChooseAction,
    EndTurn,
    PlayCard,
    Prepare,
    SkulkAction,
    SpendPower,
    SpendRelic,
    action_name,
)
from engines.skulk_hollow.rules import apply
from engines.skulk_hollow.state import State


def decision_words(before: State, actions: Sequence[SkulkAction]) -> str:
    """The sentence said at the table for the guardian's ``actions`` played from
    ``before`` (a whole state): "Tanthos plays Deep Roots (TUNNEL) and tunnels a root up
    in MINE."; "" for no actions."""
    if not actions:
        return ""
    name = before.board.name
    effects: list[str] = []
    state = apply(before, actions[0])
    for action in actions[1:]:
        after = apply(state, action)
        if after.last != state.last and after.last:
            effects.append(_tail(after.last, name))
        state = after
    head = actions[0]
    chosen = [action_name(a.action) for a in actions if isinstance(a, ChooseAction)]
    said = " and ".join(effects)
    tag = "".join(f" ({word})" for word in chosen if word not in said)
    if isinstance(head, PlayCard):
        opening = f"{name} plays {board.guardian_card_name(before, head.card)}{tag}"
    elif isinstance(head, SpendPower):
        opening = f"{name} spends a power cube{tag}"
    elif isinstance(head, Prepare):
        opening = f"{name} prepares"
    elif isinstance(head, EndTurn):
        opening = f"{name} ends its turn"
    elif isinstance(head, SpendRelic):
        opening = f"{name} spends an ancient relic for one more action"
    else:
        opening = f"{name}: {head.label}"
    joint = ": " if isinstance(head, Prepare) else " and "
    sentence = f"{opening}{joint}{said}." if said else f"{opening}."
    return " ".join([sentence, *_outcome(before, state)])


def _tail(sentence: str, name: str) -> str:
    """An engine's sentence without the guardian's name and full stop, to follow a
    verb: "Tanthos tunnels a root up in MINE." -> "tunnels a root up in MINE"."""
    text = sentence.removeprefix(f"{name} ").rstrip(".")
    return text[:1].lower() + text[1:]


def _outcome(before: State, after: State) -> list[str]:
    """What came of the decision: each hero eliminated, and the game won."""
    gone = [u.id for u in before.units if not after.has_unit(u.id)]
    said = [f"{board.capital(board.the_unit(before, unit))} is eliminated." for unit in gone]
    if after.ended and after.ended != "all_wounds_filled":
        said.append(f"{before.board.name} wins.")
    return said

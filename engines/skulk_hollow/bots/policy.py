"""The rule-following player: it looks one decision ahead, for either side.

``decide(view, rng)`` takes what the guardian may see (``view(state, "guardian")``) and
returns one of the guardian's legal actions with a one-line reason for the table ("Grak
plays Wide Swing: one wound on the Archer 1 in CLEARING"). Hidden cards are never read:
the policy plays out its options on a determinized copy of the view, completing each
choice (card, action, target) greedily, and scores the results. ``ranked`` is the same
look-ahead for either side; the guardian levels and the hero bots in ``bots`` build on it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engines.core import Rng
from engines.skulk_hollow import board
from engines.skulk_hollow.actions import (
    EndTurn,
    PlayCard,
    Prepare,
    SkulkAction,
    SpendPower,
    SpendRelic,
)
from engines.skulk_hollow.bots.traits import TRAITS, add
from engines.skulk_hollow.rules import apply, determinize, legal_actions, view
from engines.skulk_hollow.state import Side, State

#: How many further choices of the same decision are looked at.
DEPTH = 3
WIN = 10_000.0
#: What a relic token is worth keeping: it is spent only for a better gain.
RELIC_VALUE = 6.0


@dataclass(frozen=True)
class Decision:
    action: SkulkAction
    reason: str


@dataclass(frozen=True)
class Choice:
    """One option of a decision: what it leads to (``value`` for the side choosing) and
    the sentence of the last step of the plan behind it."""

    value: float
    action: SkulkAction
    what: str


def score(state: State) -> float:
    """How good ``state`` looks for the guardian (higher is better); what is good for
    one side is as bad for the other. Each guardian adds what it values (``TRAITS``)."""
    if state.ended:
        return -WIN if state.ended == "all_wounds_filled" else WIN
    value = 0.0
    data = state.board
    value -= 12 * board.guardian_wounds(state)
    value -= 8 * sum(1 for loc in data.locations if board.full(state, loc.id))
    value += 10 * state.eliminated
    for unit in state.units:
        left = state.unit_type(unit).wounds - unit.wounds
        leader = board.is_leader(state, unit)
        value -= left * (7 if leader else 3)
        if unit.location:
            value -= 4
    value = add(value, TRAITS[state.config.guardian].values, state)
    value += 1.5 * state.guardian_power
    # Cards past a full hand are worth nothing: hoarding them is no plan.
    value += 0.5 * min(state.guardian_cards.hand_count, data.hand_size)
    return value


def closeness(state: State) -> float:
    """Minus the heroes' distances from the guardian: both sides want the fight close,
    since each can hurt the other only from near by."""
    if state.ended:
        return 0.0
    layout = state.layout
    here = layout.at(state.guardian_space)
    total = 0.0
    for unit in board.on_map(state):
        a, b = layout.at(unit.space)
        total += max(abs(a - here[0]), abs(b - here[1]))
    return -total


def aim(state: State) -> float:
    """What the guardian sees in ``state`` beyond ``score``: the set-up of its next blow,
    for a guardian that plans one (``Traits.aims``). It is the guardian's own plan: the
    hero bots go on valuing a state by ``score`` alone.
    """
    if state.ended:
        return 0.0
    return add(0.0, TRAITS[state.config.guardian].aims, state)


def value_for(side: Side, state: State) -> float:
    """How good ``state`` looks for ``side``: ``score`` (negated for the heroes, plus
    the guardian's ``aim``) and a wish to close in."""
    core = score(state) + aim(state) if side == "guardian" else -score(state)
    return core + 0.5 * closeness(state)


def _finish(state: State, side: Side, depth: int) -> tuple[float, str]:
    """The best value reachable by finishing the current decision, and what it did."""
    if state.ended or state.active != side or state.pending is None or depth <= 0:
        return value_for(side, state), state.last
    best: tuple[float, str] | None = None
    for action in legal_actions(state):
        found = _finish(apply(state, action), side, depth - 1)
        if best is None or found[0] > best[0]:
            best = found
    return best if best is not None else (value_for(side, state), state.last)


def _after_relic(state: State, side: Side, depth: int) -> tuple[float, str]:
    """A relic is worth what the extra action then does, less the token itself."""
    follow = [a for a in legal_actions(state) if not isinstance(a, (SpendRelic, EndTurn))]
    if not follow:
        return value_for(side, state) - RELIC_VALUE, "it keeps its relic."
    value, what = max((_finish(apply(state, a), side, depth) for a in follow), key=lambda vw: vw[0])
    return value - RELIC_VALUE, f"spends a relic; then {_tail(what, state.board.name)}"


def ranked(state: State, depth: int = DEPTH) -> list[Choice]:
    """Every legal action of the side to answer in ``state`` (a whole state), best first.

    Each option is finished greedily up to ``depth`` further choices of the same
    decision. Ties keep the legal order, so that the plan behind a reason is the one
    followed in the next steps of the same decision.
    """
    side = state.active
    choices: list[Choice] = []
    for action in legal_actions(state):
        after = apply(state, action)
        if isinstance(action, SpendRelic):
            value, what = _after_relic(after, side, depth)
        else:
            value, what = _finish(after, side, depth)
        if isinstance(action, EndTurn):
            what = "it ends its turn."
        choices.append(Choice(value, action, what))
    return sorted(choices, key=lambda choice: -choice.value)


def guess(seen: State, rng: random.Random) -> State:
    """A whole state to think on: ``seen`` itself, or a determinized copy of a view."""
    return determinize(seen, Rng(rng.randrange(2**31))) if seen.seen_by else seen


def guardian_guess(seen: State, rng: random.Random) -> State:
    """``guess`` for a guardian about to decide; ``ValueError`` if it has nothing to."""
    state = guess(seen, rng)
    if state.ended or not legal_actions(state):
        raise ValueError("The guardian has nothing to decide now.")
    if state.active != "guardian":
        raise ValueError("It is not the guardian's turn.")
    return state


def decide(seen: State, rng: random.Random) -> Decision:
    """The guardian's choice in ``seen`` (a view or a whole state), with a reason.

    ``rng`` only deals the hidden cards for the look-ahead; the choice itself is made by
    the rules above (ties go to the first legal action).
    """
    state = guardian_guess(seen, rng)
    best = ranked(state)[0]
    return Decision(best.action, reason(state, best))


def option_name(state: State, action: SkulkAction) -> str:
    """A guardian option in a few words: the card's name, or the action's label."""
    if isinstance(action, PlayCard):
        return board.guardian_card_name(state, action.card)
    if isinstance(action, EndTurn):
        return "ending its turn"
    return action.label


def reason(state: State, choice: Choice) -> str:
    """The sentence said at the table for the guardian's ``choice`` in ``state``:
    "Grak plays Lumber and uses SWING: one wound on the King of War in CLEARING."."""
    name = state.board.name
    action = choice.action
    tail = _tail(choice.what, name)
    if isinstance(action, PlayCard):
        return f"{name} plays {option_name(state, action)} and {tail}"
    if isinstance(action, EndTurn):
        return f"{name} ends its turn."
    if isinstance(action, Prepare):
        return f"{name} prepares: {tail}"
    if isinstance(action, SpendPower):
        return f"{name} spends a power cube and {tail}"
    return f"{name} - {action.label}: {tail}"


def _tail(what: str, name: str) -> str:
    prefix = f"{name} "
    text = what[len(prefix) :] if what.startswith(prefix) else what
    return text[:1].lower() + text[1:] if text else "no effect."


def choose(seen: State, rng: random.Random) -> SkulkAction:
    """One of the guardian's legal actions in ``seen``."""
    return decide(seen, rng).action


def automated(state: State, rng: random.Random) -> SkulkAction | None:
    """The guardian's move in the whole ``state`` when it must act now, else None: the
    game's automated side (``engines.EngineEntry.automated``), deciding from its view."""
    if state.asking != "guardian":
        return None
    return decide(view(state, "guardian"), rng).action

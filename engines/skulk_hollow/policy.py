"""A simple rule-following guardian: it looks one decision ahead.

``choose(view, rng)`` takes what the guardian may see (``view(state, "guardian")``) and
returns one of the guardian's legal actions; ``decide`` also returns a one-line reason
for the table ("Grak plays Wide Swing: one wound on the Archer 1 in CLEARING"). Hidden
cards are never read: the policy plays out its options on a determinized copy of the
view, completing each choice (card, action, target) greedily, and scores the results.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engines.core import Rng
from engines.skulk_hollow import board
from engines.skulk_hollow.actions import EndTurn, PlayCard, SkulkAction, SpendRelic
from engines.skulk_hollow.rules import apply, determinize, legal_actions
from engines.skulk_hollow.state import State

#: How many further choices of the same decision are looked at.
DEPTH = 3
WIN = 10_000.0
#: What a relic token is worth keeping: it is spent only for a better gain.
RELIC_VALUE = 6.0


@dataclass(frozen=True)
class Decision:
    action: SkulkAction
    reason: str


def score(state: State) -> float:
    """How good ``state`` looks for the guardian (higher is better)."""
    if state.ended:
        return -WIN if state.ended == "all_wounds_filled" else WIN
    value = 0.0
    data = state.board
    value -= 12 * board.guardian_wounds(state)
    value -= 8 * sum(1 for loc in data.locations if board.full(state, loc.id))
    value += 10 * state.eliminated
    layout = state.layout
    here = layout.at(state.guardian_space)
    for unit in state.units:
        left = state.unit_type(unit).wounds - unit.wounds
        leader = board.is_leader(state, unit)
        value -= left * (7 if leader else 3)
        if unit.location:
            value -= 4
        elif unit.space:
            a, b = layout.at(unit.space)
            value -= 0.5 * max(abs(a - here[0]), abs(b - here[1]))
    guardian = state.config.guardian
    if guardian == "apoda":
        value += 60 * state.runes_collected
        if state.runes:
            value -= 2 * min(
                max(abs(layout.at(r)[0] - here[0]), abs(layout.at(r)[1] - here[1]))
                for r in state.runes
            )
    elif guardian == "tanthos":
        value += 25 * len(state.roots)
    elif guardian == "raptra":
        others = sum(1 for u in board.on_map(state) if not board.is_leader(state, u))
        value -= 6 * others
    value += 1.5 * state.guardian_power
    value += 0.5 * state.guardian_cards.hand_count
    return value


def _best(state: State, depth: int) -> tuple[float, str]:
    """The best score reachable by finishing the current decision, and what it did."""
    if state.ended or state.active != "guardian" or state.pending is None or depth <= 0:
        return score(state), state.last
    best: tuple[float, str] | None = None
    for action in legal_actions(state):
        found = _best(apply(state, action), depth - 1)
        if best is None or found[0] > best[0]:
            best = found
    return best if best is not None else (score(state), state.last)


def _after_relic(state: State) -> tuple[float, str]:
    """A relic is worth what the extra action then does, less the token itself."""
    follow = [a for a in legal_actions(state) if not isinstance(a, (SpendRelic, EndTurn))]
    if not follow:
        return score(state) - RELIC_VALUE, "it keeps its relic."
    value, what = max((_best(apply(state, a), DEPTH) for a in follow), key=lambda vw: vw[0])
    return value - RELIC_VALUE, f"spends a relic; then {_tail(what, state.board.name)}"


def decide(seen: State, rng: random.Random) -> Decision:
    """The guardian's choice in ``seen`` (a view or a whole state), with a reason.

    ``rng`` only deals the hidden cards for the look-ahead; the choice itself is made by
    the rules above (ties go to the first legal action).
    """
    state = determinize(seen, Rng(rng.randrange(2**31))) if seen.seen_by else seen
    actions = legal_actions(state)
    if not actions:
        raise ValueError("The guardian has nothing to decide now.")
    if state.active != "guardian":
        raise ValueError("It is not the guardian's turn.")
    scored: list[tuple[float, int, SkulkAction, str]] = []
    for index, action in enumerate(actions):
        after = apply(state, action)
        if isinstance(action, SpendRelic):
            value, what = _after_relic(after)
        else:
            value, what = _best(after, DEPTH)
        if isinstance(action, EndTurn):
            what = "it ends its turn."
        scored.append((value, -index, action, what))
    # Ties go to the first choice, so that the plan behind a reason is the one followed
    # in the next steps of the same decision.
    _, _, action, what = max(scored, key=lambda entry: (entry[0], entry[1]))
    return Decision(action, _reason(state, action, what))


def _reason(state: State, action: SkulkAction, what: str) -> str:
    name = state.board.name
    if isinstance(action, PlayCard):
        return f"{name} plays {state.board.card(action.card).name}: {_tail(what, name)}"
    if isinstance(action, EndTurn):
        return f"{name} ends its turn."
    return f"{name} - {action.label}: {_tail(what, name)}"


def _tail(what: str, name: str) -> str:
    prefix = f"{name} "
    text = what[len(prefix) :] if what.startswith(prefix) else what
    return text[:1].lower() + text[1:] if text else "no effect."


def choose(seen: State, rng: random.Random) -> SkulkAction:
    """One of the guardian's legal actions in ``seen``."""
    return decide(seen, rng).action


class GuardianPolicy:
    """The policy as a bot object: ``choose(view, rng)`` then ``explain()``."""

    def __init__(self) -> None:
        self._reason = ""

    def choose(self, seen: State, rng: random.Random) -> SkulkAction:
        decision = decide(seen, rng)
        self._reason = decision.reason
        return decision.action

    def explain(self) -> str:
        return self._reason

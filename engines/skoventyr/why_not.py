"""Why something cannot be chosen now, in a player's words, for a touch on a greyed
button, a Tree, a Minion or a card that is not one of the choices."""

from __future__ import annotations

from engines.core import IllegalAction
from engines.skoventyr import actions as A
from engines.skoventyr.moves import move_candidates
from engines.skoventyr.rules import check
from engines.skoventyr.state import State
from engines.skoventyr.steps import step_candidates

#: The actions on the Vogter cards, as the screen's verbs name them.
MOVE_KINDS: dict[str, tuple[type[A.SkoventyrAction], ...]] = {
    "call": (A.Call,),
    "gambit": (A.Gambit,),
    "command": (A.Position, A.Mission),
    "wrath": (A.Wrath,),
    "reconcile": (A.Rally, A.Involve),
    "rescue": (A.Rescue,),
}


def refusal(state: State, action: A.SkoventyrAction) -> str:
    """Why ``action`` cannot be taken now ("" when it can)."""
    try:
        check(state, action)
    except IllegalAction as problem:
        return str(problem)
    return ""


def candidate_actions(state: State) -> list[A.SkoventyrAction]:
    """Every action worth checking now, legal or not: what a touch may have meant."""
    if state.ended is not None:
        return []
    if state.tasks:
        return step_candidates(state, state.tasks[0])
    return move_candidates(state)


def why_not_move(state: State, kind: str) -> str:
    """Why no action of ``kind`` ("call", "command", "wrath"...) can be chosen now, or
    "" when one can."""
    if state.ended is not None:
        return state.ended.reason
    if state.tasks:
        return f"First finish this step: {state.prompt}"
    kinds = MOVE_KINDS[kind]
    candidates = [a for a in move_candidates(state) if isinstance(a, kinds)]
    if any(not refusal(state, action) for action in candidates):
        return ""
    if kind == "wrath":
        return _why_no_wrath(state)
    if kind == "command":
        return _why_no_command(state, candidates)
    if kind == "reconcile":
        return _why_no_reconcile(state)
    if kind == "rescue" and not state.hostages:
        return "No Ally is held hostage any more: there is nobody to rescue."
    if kind == "call":
        return refusal(state, A.Call(0, risky=True))
    return refusal(state, candidates[0]) if candidates else refusal(state, A.Gambit())


def _why_no_wrath(state: State) -> str:
    vulnerable = [m for m in state.minions if m.lygtemand is None]
    if not vulnerable:
        return (
            "Every Minion still has a Lygtemand on it: Rally one with Reconcile before "
            "Wrath can defeat that Minion."
        )
    weakest = min(vulnerable, key=lambda m: m.value)
    allies = len(state.forest.allies())
    return (
        "Wrath needs as many Allies in the Forest as a Minion's value: "
        f"{weakest.value} for a {weakest.name.capitalize()}, {allies} in the Forest."
    )


def _why_no_command(state: State, candidates: list[A.SkoventyrAction]) -> str:
    if not state.hand:
        return "Command uses a card from your hand, and your hand is empty: Call takes one."
    card = state.hand[0]
    forest = state.forest
    trees = forest.placement_trees() or forest.ids
    placing = refusal(state, A.Position(card, trees[0]))
    using = refusal(state, A.Mission(card))
    if placing == using:
        return placing
    return f"No card of your hand can be placed or used now. {placing} {using}".strip()


def _why_no_reconcile(state: State) -> str:
    reasons = []
    if any(m.lygtemand is None for m in state.minions):
        reasons.append("Rally is possible only while every Minion in play has a Lygtemand")
    else:
        shown = sorted({str(m.lygtemand) for m in state.minions})
        names = ", ".join("any Ally" if s == "any" else s.capitalize() for s in shown)
        reasons.append(f"Rally needs an Ally in your hand that a Lygtemand shows ({names})")
    if not state.rallied:
        reasons.append("Involve needs a Rallied Lygtemand beside the Future")
    return "; ".join(reasons) + "."

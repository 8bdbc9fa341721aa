"""Which touches pick each Skoventyr action (see app.kit.touch_select).

A turn's action starts with a verb button (Call, Command...); the steps inside it are
answered by touching the Tree, Future card, hand card or Minion they name, or one of the
answer buttons the bottom bar shows. Legality stays with the engine.
"""

from __future__ import annotations

from app.kit.touch_select import Path
from engines import skoventyr as S

VERBS: dict[str, str] = {
    "call": "Call",
    "gambit": "Gambit",
    "command": "Command",
    "wrath": "Wrath",
    "reconcile": "Reconcile",
    "rescue": "Rescue",
}

#: Words for the answer buttons of multi-touch actions ("choice" targets).
CHOICE_WORDS: dict[str, str] = {
    "pay": "Pay the cost",
    "risky": "Risky Draw",
    "power": "Use its power",
    "involve1": "Involve 1 Lygtemand",
    "involve2": "Involve 2 Lygtemands",
    "refuge": "Refuge",
    "revenge": "Revenge",
    "restoration": "Restoration",
}

#: The answer buttons each stage of a choice has, in their fixed places: one that cannot
#: be chosen now leaves its place empty, so that no button moves under a finger.
CHOICE_PLACES: dict[tuple[str, ...], tuple[str, ...]] = {
    ("call", "future"): ("pay", "risky"),
    ("command", "hand"): ("power",),
    ("reconcile",): ("involve1", "involve2"),
    (): ("refuge", "revenge", "restoration"),
}


def path(action: S.SkoventyrAction) -> Path:
    match action:
        case S.Call(slot=slot, risky=risky):
            return (("verb", "call"), ("future", slot), ("choice", "risky" if risky else "pay"))
        case S.Gambit():
            return (("verb", "gambit"),)
        case S.Position(card=card, tree=tree):
            return (("verb", "command"), ("hand", card), ("tree", tree))
        case S.Mission(card=card):
            return (("verb", "command"), ("hand", card), ("choice", "power"))
        case S.Wrath(minion=minion):
            return (("verb", "wrath"), ("minion", minion))
        case S.Rally(minion=minion, card=card):
            return (("verb", "reconcile"), ("minion", minion), ("hand", card))
        case S.Involve(lygtemands=n):
            return (("verb", "reconcile"), ("choice", f"involve{n}"))
        case S.Rescue(card=card):
            return (("verb", "rescue"), ("hostage", card))
        case S.ChooseReward(reward=reward):
            return (("choice", reward),)
        case S.DamageTree(tree=tree) | S.HealTree(tree=tree) | S.RevealAlly(tree=tree):
            return (("tree", tree),)
        case S.Refuge(tree=tree):
            return (("tree", tree),)
        case S.PlaceRecoveredTree(after=after):
            return (("tree", after),)
        case S.PutUnder(slot=slot) | S.DiscardAdversary(slot=slot):
            return (("future", slot),)
        case S.DiscardFromHand(card=card):
            return (("hand", card),)
        case S.MoveGamleErikBack(steps=steps):
            # Under the question "How many steps back...?": the number says it, on one
            # line (review N22: not four three-line buttons).
            return (("answer", f"{steps} step{'' if steps == 1 else 's'}"),)
        case _:
            # Every other step is answered with a button carrying the action's own label.
            return (("answer", action.label),)

"""Corrections by hand: primitive edits that let people resolve any effect themselves.

They move a pawn, flip, discard or restore a Tree, reveal, discard or place an Ally,
move a card between zones, swap Minion tokens or move the x2 Hostage token (to match
tokens laid out at the table), or skip the step being asked. ``apply`` accepts them at any
time before the game ends (a pawn moved onto the other still loses); ``legal_actions``
never lists them, so random play and bots never use them. ``manual_edits`` lists the
ones that make sense now, for a "by hand" menu.

Zones are named "future", "discard", "deck" (shuffled into the unknown part),
"deck_top", "deck_bottom" and "hand1" .. "hand4".
"""

from __future__ import annotations

from engines.core import IllegalAction
from engines.core.quick_replace import replace
from engines.skoventyr import actions as A
from engines.skoventyr.cards import Card
from engines.skoventyr.state import State
from engines.skoventyr.steps import add_to_hand, pop, set_hand, to_discard, with_forest, without

_DECK_ZONES = ("deck", "deck_top", "deck_bottom")


def zones(state: State) -> tuple[str, ...]:
    hands = tuple(f"hand{i + 1}" for i in range(len(state.hands)))
    return ("future", "discard", *_DECK_ZONES, *hands)


def _hand_index(state: State, zone: str) -> int | None:
    if zone.startswith("hand") and zone[4:].isdigit():
        index = int(zone[4:]) - 1
        if 0 <= index < len(state.hands):
            return index
    return None


def _has(state: State, zone: str, card: Card) -> bool:
    if zone == "future":
        return card in state.future
    if zone == "discard":
        return card in state.discard
    if zone in _DECK_ZONES:
        return state.deck.counts()[card] > 0
    index = _hand_index(state, zone)
    return index is not None and card in state.hands[index]


def _take(state: State, zone: str, card: Card) -> State:
    if zone not in zones(state):
        raise IllegalAction(f"There is no place called {zone!r}.")
    if not _has(state, zone, card):
        raise IllegalAction(f"There is no {card.label} in the {zone}.")
    if zone == "future":
        return replace(state, future=without(state.future, card))
    if zone == "discard":
        return replace(state, discard=without(state.discard, card))
    if zone in _DECK_ZONES:
        return replace(state, deck=state.deck.take_out(card))
    index = _hand_index(state, zone)
    assert index is not None
    return set_hand(state, index, without(state.hands[index], card))


def _put(state: State, zone: str, card: Card) -> State:
    if zone not in zones(state):
        raise IllegalAction(f"There is no place called {zone!r}.")
    if zone == "future":
        return replace(state, future=(*state.future, card))
    if zone == "discard":
        return to_discard(state, (card,))
    if zone == "deck":
        return replace(state, deck=state.deck.add_unknown([card]))
    if zone == "deck_top":
        return replace(state, deck=state.deck.put_on_top(card))
    if zone == "deck_bottom":
        return replace(state, deck=state.deck.put_under(card))
    index = _hand_index(state, zone)
    assert index is not None
    return add_to_hand(state, index, card)


def _tree(state: State, tree: int) -> None:
    if not state.forest.has(tree):
        raise IllegalAction(f"Tree {tree} is not in the Forest.")


def apply_edit(state: State, action: A.SkoventyrAction) -> State:
    """Carry out a manual edit (the game is known not to be over)."""
    forest = state.forest
    if isinstance(action, A.EditMovePawn):
        _tree(state, action.tree)
        if action.pawn == "vogter":
            return with_forest(state, forest.put_pawn("vogter", action.tree))
        moved, discarded = forest.put_pawn("gamle_erik", action.tree).ge_discards()
        return with_forest(state, moved, discarded)
    if isinstance(action, A.EditFlipTree):
        _tree(state, action.tree)
        tree = forest.tree(action.tree)
        return with_forest(state, forest.with_tree(replace(tree, damaged=not tree.damaged)))
    if isinstance(action, A.EditDiscardTree):
        _tree(state, action.tree)
        if action.tree in (forest.vogter, forest.gamle_erik):
            raise IllegalAction(
                "A Tree with a pawn on it cannot be discarded; move the pawn first."
            )
        cards = (forest.tree(action.tree).ally,)
        trees = tuple(t for t in forest.trees if t.id != action.tree)
        forest = replace(forest, trees=trees, discarded=(*forest.discarded, action.tree))
        return with_forest(state, forest, tuple(c for c in cards if c is not None))
    if isinstance(action, A.EditRestoreTree):
        if action.tree not in forest.discarded:
            raise IllegalAction(f"Tree {action.tree} has not been discarded.")
        _tree(state, action.after)
        return with_forest(state, forest.recover(action.tree, action.after))
    if isinstance(action, A.EditRevealAlly):
        _tree(state, action.tree)
        tree = forest.tree(action.tree)
        if tree.ally is None or tree.revealed:
            raise IllegalAction("There is no Hidden Ally on that Tree.")
        revealed, discarded = forest.reveal(action.tree)
        return with_forest(state, revealed, discarded)
    if isinstance(action, A.EditDiscardAlly):
        _tree(state, action.tree)
        if forest.tree(action.tree).ally is None:
            raise IllegalAction("There is no Ally on that Tree.")
        cleared, card = forest.remove_ally(action.tree)
        return with_forest(state, cleared, (card,))
    if isinstance(action, A.EditPlaceAlly):
        _tree(state, action.tree)
        if not action.card.is_ally:
            raise IllegalAction("Only an Ally can be placed in the Forest.")
        if forest.tree(action.tree).ally is not None:
            raise IllegalAction("That Tree already holds an Ally.")
        state = _take(state, action.source, action.card)
        return with_forest(state, state.forest.place(action.card, action.tree))
    if isinstance(action, A.EditMoveCard):
        if action.source == action.target and action.source not in _DECK_ZONES:
            raise IllegalAction("The card is already there.")
        return _put(_take(state, action.source, action.card), action.target, action.card)
    if isinstance(action, A.EditSwapTokens):
        ids = [m.id for m in state.minions]
        if action.first not in ids or action.second not in ids or action.first == action.second:
            raise IllegalAction("Choose two different Minions still in play.")
        one = next(m for m in state.minions if m.id == action.first)
        two = next(m for m in state.minions if m.id == action.second)
        field = "lygtemand" if action.token == "lygtemand" else "acorn"
        swapped = {
            one.id: replace(one, **{field: getattr(two, field)}),
            two.id: replace(two, **{field: getattr(one, field)}),
        }
        return replace(state, minions=tuple(swapped.get(m.id, m) for m in state.minions))
    if isinstance(action, A.EditDoubleHostage):
        if action.card not in [h.card for h in state.hostages]:
            raise IllegalAction(f"No {action.card.label} is held hostage.")
        hostages = tuple(replace(h, double=h.card is action.card) for h in state.hostages)
        return replace(state, hostages=hostages)
    if isinstance(action, A.EditSkipStep):
        if not state.tasks:
            raise IllegalAction("No step is being asked, so there is nothing to skip.")
        return pop(state)
    raise IllegalAction(f"{action.label} is not a correction by hand.")  # pragma: no cover


def manual_edits(state: State) -> list[A.SkoventyrAction]:
    """The corrections by hand that make sense now (never part of ``legal_actions``)."""
    if state.ended is not None:
        return []
    forest = state.forest
    ids = forest.ids
    edits: list[A.SkoventyrAction] = []
    if state.tasks:
        edits.append(A.EditSkipStep())
    edits += [A.EditMovePawn("vogter", t) for t in ids if t != forest.vogter]
    edits += [A.EditMovePawn("gamle_erik", t) for t in ids if t != forest.gamle_erik]
    edits += [A.EditFlipTree(t) for t in ids]
    if len(ids) > 2:
        edits += [A.EditDiscardTree(t) for t in ids if t not in (forest.vogter, forest.gamle_erik)]
    edits += [A.EditRestoreTree(d, t) for d in forest.discarded for t in ids]
    edits += [A.EditRevealAlly(t) for t in forest.hidden_allies()]
    edits += [A.EditDiscardAlly(t.id) for t in forest.allies()]
    pairs = [(a.id, b.id) for i, a in enumerate(state.minions) for b in state.minions[i + 1 :]]
    if state.config.lygtemands:
        edits += [A.EditSwapTokens("lygtemand", a, b) for a, b in pairs]
    if state.config.rescue:
        edits += [A.EditSwapTokens("acorn", a, b) for a, b in pairs]
        edits += [A.EditDoubleHostage(h.card) for h in state.hostages if not h.double]
    places = zones(state)
    empty = [t.id for t in forest.trees if t.ally is None]
    for card in Card:
        for source in places:
            if not _has(state, source, card):
                continue
            if card.is_ally and source not in ("deck_top", "deck_bottom"):
                edits += [A.EditPlaceAlly(card, source, t) for t in empty]
            if source in ("deck_top", "deck_bottom"):
                continue  # "deck" already stands for taking a card out of the deck
            edits += [A.EditMoveCard(card, source, target) for target in places if target != source]
    return edits

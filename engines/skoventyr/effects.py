"""Turning the card table's effects into steps of a turn, and telling whether an effect
can be done in full right now (a cost that cannot is replaced by a Risky Draw; a power
that cannot makes Mission illegal, RULINGS S3)."""

from __future__ import annotations

from engines.skoventyr.cards import Card, Effect
from engines.skoventyr.state import State, Task


def counted_tasks(op: str, n: int) -> tuple[Task, ...]:
    """``n`` steps of one kind; of several, each knows its place ("2 of 2" in the
    prompt, review N21)."""
    if n == 1:
        return (Task(op),)
    return tuple(Task(op, n=number) for number in range(1, n + 1))


def effect_tasks(effect: Effect) -> tuple[Task, ...]:
    """The steps that carry out ``effect``."""
    n = effect.count
    name = effect.effect
    if name == "damage_tree":
        return counted_tasks("damage", n)
    if name == "heal_tree":
        return counted_tasks("heal", n)
    if name == "move_ge":
        sign = 1 if effect.direction == "clockwise" else -1
        if effect.up_to:
            return (Task("move_ge_up_to", n=n * sign),)
        return (Task("move_ge", n=n * sign),)
    if name == "move_vogter":
        return (Task("move_vogter", n=n, which="reveal" if effect.onto_hidden_ally else ""),)
    if name == "reveal_allies":
        return (Task("reveal_ally"),) * n
    if name == "future_to_bottom":
        return (Task("future_to_bottom", n=n, which=effect.which),)
    if name == "discard_to_bottom":
        return (
            Task(
                "discard_to_bottom",
                n=n,
                which="distinct" if effect.distinct else "",
                cards=effect.exclude,
            ),
        )
    raise ValueError(f"unknown effect {name!r}")  # pragma: no cover - checked on load


def matches(card: Card, which: str) -> bool:
    return which == "any" or (which == "ally") == card.is_ally


def discard_choices(discard: tuple[Card, ...], exclude: tuple[Card, ...]) -> tuple[Card, ...]:
    """Kinds of discarded Ally that may go back under the deck."""
    return tuple(card for card in Card if card.is_ally and card not in exclude and card in discard)


def effect_possible(state: State, effect: Effect) -> bool:
    """Whether ``effect`` can be done in full in ``state``."""
    forest = state.forest
    n = effect.count
    name = effect.effect
    if name == "damage_tree":
        return forest.damage_capacity() >= n
    if name == "heal_tree":
        return len(forest.heal_options()) >= n
    if name == "move_ge":
        return True
    if name == "move_vogter":
        if vogter_blocked(state, n):
            return False
        if not effect.onto_hidden_ally:
            return True
        tree = forest.tree(forest.step(forest.vogter, n))
        return tree.ally is not None and not tree.revealed
    if name == "reveal_allies":
        return len(forest.hidden_allies()) >= n
    if name == "future_to_bottom":
        return sum(matches(card, effect.which) for card in state.future) >= n
    if name == "discard_to_bottom":
        kinds = discard_choices(state.discard, effect.exclude)
        if effect.distinct:
            return len(kinds) >= n
        return sum(state.discard.count(card) for card in kinds) >= n
    raise ValueError(f"unknown effect {name!r}")  # pragma: no cover - checked on load


def vogter_blocked(state: State, steps: int) -> bool:
    """Whether Vogter would reach Gamle Erik's Tree within ``steps`` clockwise steps: the
    rulebook says that right behind Gamle Erik he "cannot move any farther away", so such
    a move cannot be made (RULINGS S4)."""
    forest = state.forest
    return 0 < forest.distance(forest.vogter, forest.gamle_erik) <= steps


def obstacle(state: State, effect: Effect) -> str:
    """Why ``effect`` cannot be done in full now, in a player's words (for a refusal)."""
    name = effect.effect
    if name == "damage_tree":
        return "no Tree is Free to damage (each holds a pawn or an Ally)"
    if name == "heal_tree":
        return "no Free Tree is Damaged"
    if name == "move_vogter":
        if vogter_blocked(state, effect.count):
            return "Vogter is right behind Gamle Erik and cannot get any farther away"
        return "the next Tree clockwise from Vogter holds no Hidden Ally"
    if name == "reveal_allies":
        hidden = len(state.forest.hidden_allies())
        return f"the Forest holds {hidden} Hidden All{'y' if hidden == 1 else 'ies'}"
    if name == "future_to_bottom":
        return "the Future holds too few such cards"
    return "the discard pile holds too few such Allies"


def unmet(state: State, effects: tuple[Effect, ...]) -> Effect | None:
    """The first effect that cannot be done in full, if any."""
    for effect in effects:
        if not effect_possible(state, effect):
            return effect
    return None

"""The steps of a turn: running the ones the app can do alone, and listing, checking and
carrying out the answers to the ones that need someone.

``run`` works through ``state.tasks`` until a step needs an answer, the queue is empty
(a player chooses their next action) or the game ends. Card reveals are chance steps: the
app answers them itself when it already knows the card, or in app-deck mode by drawing
from the unknown part with the state's ``Rng``; in table-deck mode it asks.
"""

from __future__ import annotations

from collections.abc import Callable

from engines.core import IllegalAction, Outcome
from engines.core.quick_replace import replace
from engines.skoventyr import actions as A
from engines.skoventyr.cards import CARDS, Card
from engines.skoventyr.effects import discard_choices, matches
from engines.skoventyr.forest import Forest
from engines.skoventyr.state import State, Task

HAND_LIMIT = 5
FUTURE_SIZE = 3

#: Steps that reveal the next card of the deck.
CHANCE = frozenset({"setup_future", "setup_hand", "refill", "risky", "involve1", "involve2"})


# -- small state helpers ---------------------------------------------------------------


def pop(state: State, *then: Task) -> State:
    """Finish the current step, putting ``then`` in front of the rest."""
    return replace(state, tasks=(*then, *state.tasks[1:]))


def again(state: State, task: Task) -> State:
    """Replace the current step by ``task`` (a step that goes on)."""
    return replace(state, tasks=(task, *state.tasks[1:]))


def set_hand(state: State, player: int, hand: tuple[Card, ...]) -> State:
    hands = list(state.hands)
    hands[player] = tuple(sorted(hand, key=list(Card).index))
    return replace(state, hands=tuple(hands))


def without(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    i = cards.index(card)
    return (*cards[:i], *cards[i + 1 :])


def to_discard(state: State, cards: tuple[Card, ...]) -> State:
    return replace(state, discard=(*state.discard, *cards)) if cards else state


def with_forest(state: State, forest: Forest, discarded: tuple[Card, ...] = ()) -> State:
    state = to_discard(replace(state, forest=forest), discarded)
    if forest.caught and state.ended is None:
        state = replace(
            state,
            ended=Outcome(
                result="lost",
                reason="Gamle Erik caught Vogter: they are on the same Tree.",
                cause="caught",
            ),
        )
    return state


def add_to_hand(state: State, player: int, card: Card) -> State:
    """A card joins a hand; Gamle Erik never stays and goes under the deck at once."""
    if CARDS.rule(card).leaves_hand_at_once:
        return replace(state, deck=state.deck.put_under(card))
    return set_hand(state, player, (*state.hands[player], card))


def move_gamle_erik(state: State, steps: int) -> State:
    """Gamle Erik moves one Tree at a time (RULINGS S4); stops if he catches Vogter."""
    direction = 1 if steps > 0 else -1
    for _ in range(abs(steps)):
        forest, discarded = state.forest.step_gamle_erik(direction)
        state = with_forest(state, forest, discarded)
        if state.ended is not None:
            break
    return state


def move_vogter_to(state: State, tree: int) -> State:
    """Vogter walks clockwise to ``tree`` one step at a time."""
    while state.forest.vogter != tree and state.ended is None:
        state = with_forest(state, state.forest.step_vogter())
    return state


# -- steps the app does alone ----------------------------------------------------------


def _move_ge(state: State, task: Task) -> State:
    return move_gamle_erik(pop(state), task.n)


def _move_vogter(state: State, task: Task) -> State:
    state = pop(state)
    for _ in range(task.n):
        if state.forest.step(state.forest.vogter, 1) == state.forest.gamle_erik:
            return state  # he cannot get farther away (RULINGS S4; offered only when he can)
        state = with_forest(state, state.forest.step_vogter())
    tree = state.forest.tree(state.forest.vogter)
    if task.which == "reveal" and tree.ally is not None and not tree.revealed:
        forest, discarded = state.forest.reveal(tree.id)
        state = with_forest(state, forest, discarded)
    return state


def _to_hand(state: State, task: Task) -> State:
    state = pop(state)
    if state.taken is None:
        return state
    card = state.taken
    return add_to_hand(replace(state, taken=None), state.player, card)


def _clear_forest(state: State, task: Task) -> State:
    forest, cards = state.forest.clear_allies()
    return with_forest(pop(state), forest, cards)


def _shuffle(state: State, task: Task) -> State:
    return replace(pop(state), deck=state.deck.shuffle())


def _rescued_to_top(state: State, task: Task) -> State:
    state = pop(state)
    card = task.card
    held = [h for h in state.hostages if h.card is card]
    if card is None or not held:
        return state
    return replace(
        state,
        hostages=tuple(h for h in state.hostages if h.card is not card),
        deck=state.deck.put_on_top(card),
    )


def _setup_return(state: State, task: Task) -> State:
    if not state.revealed:
        return pop(state)  # no Gamle Erik was set aside: nothing to shuffle back
    return replace(pop(state), deck=state.deck.add_unknown(state.revealed), revealed=())


def _next_turn(state: State, task: Task) -> State:
    state = pop(state, Task("acorns"))
    if task.which == "first":
        return replace(state, turn=1, player=state.config.first_player)
    return replace(state, turn=state.turn + 1, player=(state.player + 1) % len(state.hands))


def _acorns(state: State, task: Task) -> State:
    """Start of a turn: a pair of matching Acorns brings back a discarded Tree. A pair
    waits while no Tree has been discarded (an assumption, see the report)."""
    state = pop(state)
    if not state.forest.discarded:
        return state
    for acorn in sorted(set(state.acorns)):
        if state.acorns.count(acorn) >= 2:
            rest = list(state.acorns)
            rest.remove(acorn)
            rest.remove(acorn)
            state = replace(
                state,
                acorns=tuple(rest),
                acorns_spent=(*state.acorns_spent, acorn, acorn),
            )
            return replace(state, tasks=(Task("recover_tree"), Task("acorns"), *state.tasks))
    return state


def _involve_discard(state: State, task: Task) -> State:
    state = pop(state)
    if Card.GAMLE_ERIK not in state.revealed:
        return state
    return replace(
        state,
        revealed=without(state.revealed, Card.GAMLE_ERIK),
        discard=(*state.discard, Card.GAMLE_ERIK),
    )


AUTO: dict[str, Callable[[State, Task], State]] = {
    "move_ge": _move_ge,
    "move_vogter": _move_vogter,
    "to_hand": _to_hand,
    "clear_forest": _clear_forest,
    "shuffle": _shuffle,
    "rescued_to_top": _rescued_to_top,
    "setup_return": _setup_return,
    "next_turn": _next_turn,
    "acorns": _acorns,
    "involve_discard": _involve_discard,
}


# -- chance steps ----------------------------------------------------------------------


def _involve_done(state: State, task: Task) -> State:
    """After Involve's reveals: the Allies go on top, the rest under the deck."""
    allies = sum(card.is_ally for card in state.revealed)
    then = [Task("involve_top", n=i) for i in range(min(2, allies))]
    if task.op == "involve2":
        then.append(Task("involve_discard"))
    then.append(Task("involve_under"))
    return pop(state, *then)


def reveal(state: State, card: Card) -> State:
    """The current chance step gets ``card`` as the next card of the deck."""
    task = state.tasks[0]
    state = replace(state, deck=state.deck.draw(card), drawn=(*state.drawn, card))
    if task.op == "setup_future":
        if card.is_ally:
            state = replace(state, future=(*state.future, card))
        else:
            state = replace(state, revealed=(*state.revealed, card))
        return pop(state) if len(state.future) >= FUTURE_SIZE else state
    if task.op == "setup_hand":
        if card.is_ally:
            return pop(set_hand(state, task.n, (*state.hands[task.n], card)))
        return replace(state, revealed=(*state.revealed, card))
    if task.op == "refill":
        state = replace(state, future=(*state.future, card))
        return pop(state) if len(state.future) >= FUTURE_SIZE else state
    if task.op == "risky":
        state = pop(replace(state, deck=state.deck.put_under(card)))
        return move_gamle_erik(state, 2) if not card.is_ally else state
    state = replace(state, revealed=(*state.revealed, card))
    allies = sum(c.is_ally for c in state.revealed)
    adversaries = len(state.revealed) - allies
    if (task.op == "involve1" and allies >= 1) or (
        task.op == "involve2" and allies >= 2 and adversaries >= 1
    ):
        return _involve_done(state, task)
    return state


def chance_on_empty_deck(state: State) -> State:
    """Nothing can be revealed from an empty deck (RULINGS S9)."""
    task = state.tasks[0]
    if task.op in ("involve1", "involve2"):
        return _involve_done(state, task)
    return pop(state)


def needs_no_answer(state: State, task: Task) -> bool:
    """A choice step is skipped when all its answers lead to the same place."""
    if task.op == "hand_limit":
        return len(state.hand) <= HAND_LIMIT
    if task.op == "involve_top":
        return len({c for c in state.revealed if c.is_ally}) <= 1
    if task.op == "involve_under":
        return len(set(state.revealed)) <= 1
    if task.op == "revenge":
        # RULINGS S7: with no Adversary in the Future, Revenge discards nothing more.
        return Card.GAMLE_ERIK not in state.future
    return False


def settle_trivial(state: State, task: Task) -> State:
    """Do a step whose answer makes no difference."""
    if task.op == "involve_top":
        allies = [c for c in state.revealed if c.is_ally]
        if allies:
            return _put_on_top(state, task, allies[0])
        return pop(state)
    if task.op == "involve_under":
        deck = state.deck
        for card in state.revealed:
            deck = deck.put_under(card)
        return pop(replace(state, deck=deck, revealed=()))
    return pop(state)


def _put_on_top(state: State, task: Task, card: Card) -> State:
    top = list(state.deck.top)
    top.insert(task.n, card)
    deck = replace(state.deck, top=tuple(top))
    return pop(replace(state, deck=deck, revealed=without(state.revealed, card)))


# -- steps that ask --------------------------------------------------------------------


def step_candidates(state: State, task: Task) -> list[A.SkoventyrAction]:
    """Every answer worth checking for the current step (checked by ``check_step``)."""
    forest = state.forest
    trees = forest.ids
    op = task.op
    if op in CHANCE:
        return [A.Reveal(card) for card in state.deck.possible_next()]
    if op == "damage":
        return [A.DamageTree(t) for t in trees]
    if op == "heal":
        return [A.HealTree(t) for t in trees]
    if op == "reveal_ally":
        return [A.RevealAlly(t) for t in trees]
    if op == "future_to_bottom":
        return [A.PutUnder(i) for i in range(len(state.future))]
    if op == "gambit_bottom":
        return [A.PutUnder(i) for i in range(len(state.future))] + [A.StopPutting()]
    if op == "revenge":
        return [A.DiscardAdversary(i) for i in range(len(state.future))]
    if op == "discard_to_bottom":
        return [A.ReturnFromDiscard(card) for card in Card]
    if op == "move_ge_up_to":
        return [A.MoveGamleErikBack(steps) for steps in range(abs(task.n) + 1)]
    if op == "reward":
        return [A.ChooseReward("refuge"), A.ChooseReward("revenge"), A.ChooseReward("restoration")]
    if op == "refuge":
        return [A.Refuge(t) for t in forest.refuge_trees()]
    if op == "hand_limit":
        return [A.DiscardFromHand(card) for card in Card]
    if op == "involve_top":
        return [A.PutRevealedOnTop(card) for card in Card]
    if op == "involve_under":
        return [A.PutRevealedUnder(card) for card in Card]
    if op == "recover_tree":
        return [A.PlaceRecoveredTree(t) for t in trees]
    return []


def _no(message: str) -> IllegalAction:
    return IllegalAction(message)


_EXPECTED: dict[str, tuple[type[A.SkoventyrAction], ...]] = {
    "damage": (A.DamageTree,),
    "heal": (A.HealTree,),
    "reveal_ally": (A.RevealAlly,),
    "future_to_bottom": (A.PutUnder,),
    "gambit_bottom": (A.PutUnder, A.StopPutting),
    "revenge": (A.DiscardAdversary,),
    "discard_to_bottom": (A.ReturnFromDiscard,),
    "move_ge_up_to": (A.MoveGamleErikBack,),
    "reward": (A.ChooseReward,),
    "refuge": (A.Refuge,),
    "hand_limit": (A.DiscardFromHand,),
    "involve_top": (A.PutRevealedOnTop,),
    "involve_under": (A.PutRevealedUnder,),
    "recover_tree": (A.PlaceRecoveredTree,),
}


def check_step(state: State, action: A.SkoventyrAction) -> None:
    """Raise ``IllegalAction`` unless ``action`` answers the current step."""
    task = state.tasks[0]
    op = task.op
    forest = state.forest
    if op in CHANCE:
        if not isinstance(action, A.Reveal):
            raise _no(f"First say which card came up from the deck. {state.prompt}".strip())
        if state.config.deck_mode == "app":
            raise _no("In app-deck mode the app draws the cards itself.")
        if action.card not in state.deck.possible_next():
            left = state.deck.counts()[action.card]
            if left == 0:
                raise _no(f"There is no {action.card.label} left in the deck.")
            raise _no(f"The next card is known: it is the {state.deck.possible_next()[0].label}.")
        return
    if not isinstance(action, _EXPECTED.get(op, ())):
        raise _no(f"Finish the current step first: {state.prompt}".strip())
    if isinstance(action, (A.DamageTree, A.HealTree, A.RevealAlly, A.PlaceRecoveredTree)):
        tree = action.after if isinstance(action, A.PlaceRecoveredTree) else action.tree
        if not forest.has(tree):
            raise _no(f"Tree {tree} is not in the Forest.")
    if isinstance(action, A.DamageTree):
        if not forest.is_free(action.tree):
            raise _no("Only a Free Tree (no Vogter, no Gamle Erik, no Ally) can be damaged.")
        if action.tree not in forest.damage_options():
            raise _no("While a Free Damaged Tree exists, Damage must discard one of those.")
    elif isinstance(action, A.HealTree):
        if action.tree not in forest.heal_options():
            raise _no("Only a Free Damaged Tree can be healed.")
    elif isinstance(action, A.RevealAlly):
        tree_state = forest.tree(action.tree)
        if tree_state.ally is None:
            raise _no("There is no Ally on that Tree to reveal.")
        if tree_state.revealed:
            raise _no("That Ally is already Revealed.")
    elif isinstance(action, (A.PutUnder, A.DiscardAdversary)):
        if not 0 <= action.slot < len(state.future):
            raise _no("There is no card in that place of the Future.")
        card = state.future[action.slot]
        if isinstance(action, A.DiscardAdversary) and card.is_ally:
            raise _no("Revenge discards an Adversary (Gamle Erik), not an Ally.")
        if op == "future_to_bottom" and not matches(card, task.which):
            what = "an Ally" if task.which == "ally" else "an Adversary (Gamle Erik)"
            raise _no(f"This effect puts {what} from the Future under the deck.")
    elif isinstance(action, A.ReturnFromDiscard):
        if action.card not in state.discard:
            raise _no(f"There is no {action.card.label} in the discard pile.")
        if action.card not in discard_choices(state.discard, task.cards):
            if not action.card.is_ally:
                raise _no("Only Allies can be taken back from the discard pile.")
            barred = ", ".join(c.label for c in task.cards)
            raise _no(
                f"A {action.card.label} cannot be chosen here: the Allies put back must be "
                f"of different types, and none may be a {barred}."
            )
    elif isinstance(action, A.MoveGamleErikBack):
        if not 0 <= action.steps <= abs(task.n):
            raise _no(f"Gamle Erik moves between 0 and {abs(task.n)} steps here.")
    elif isinstance(action, A.ChooseReward):
        if action.reward == "restoration":
            cleared, _ = forest.clear_allies()
            if not cleared.heal_options():
                raise _no(
                    "Restoration heals a Tree, but no Damaged Tree will be Free; "
                    "choose Refuge or Revenge."
                )
    elif isinstance(action, A.Refuge):
        if action.tree not in forest.refuge_trees():
            raise _no(
                "Vogter can only move clockwise onto Trees that hold an Ally, "
                "without skipping a Tree."
            )
    elif isinstance(action, A.DiscardFromHand):
        if action.card not in state.hand:
            raise _no(f"There is no {action.card.label} in your hand.")
    elif isinstance(action, (A.PutRevealedOnTop, A.PutRevealedUnder)):
        if action.card not in state.revealed:
            raise _no(f"No {action.card.label} was revealed.")
        if isinstance(action, A.PutRevealedOnTop) and not action.card.is_ally:
            raise _no("Only the Allies found go on top of the deck.")
        if isinstance(action, A.PutRevealedUnder) and any(
            t.op == "involve_top" for t in state.tasks
        ):
            raise _no("First put the Allies on top of the deck.")
    elif isinstance(action, A.PlaceRecoveredTree) and action.after not in forest.recovery_spots():
        raise _no(
            "The recovered Tree goes between Vogter and Gamle Erik (clockwise from "
            "Vogter), so Gamle Erik gets no closer."
        )


def answer(state: State, action: A.SkoventyrAction) -> State:
    """Carry out a checked answer to the current step."""
    task = state.tasks[0]
    if isinstance(action, A.Reveal):
        return reveal(state, action.card)
    if isinstance(action, A.DamageTree):
        return with_forest(pop(state), state.forest.damage(action.tree))
    if isinstance(action, A.HealTree):
        return with_forest(pop(state), state.forest.heal(action.tree))
    if isinstance(action, A.RevealAlly):
        forest, discarded = state.forest.reveal(action.tree)
        return with_forest(pop(state), forest, discarded)
    if isinstance(action, A.PutUnder):
        card = state.future[action.slot]
        future = state.future[: action.slot] + state.future[action.slot + 1 :]
        state = replace(state, future=future, deck=state.deck.put_under(card))
        if task.op == "future_to_bottom":
            return pop(state) if task.n <= 1 else again(state, replace(task, n=task.n - 1))
        return state if state.future else pop(state)
    if isinstance(action, A.StopPutting):
        return pop(state)
    if isinstance(action, A.DiscardAdversary):
        future = state.future[: action.slot] + state.future[action.slot + 1 :]
        return pop(replace(state, future=future, discard=(*state.discard, Card.GAMLE_ERIK)))
    if isinstance(action, A.ReturnFromDiscard):
        state = replace(
            state,
            discard=without(state.discard, action.card),
            deck=state.deck.put_under(action.card),
        )
        if task.n <= 1:
            return pop(state)
        exclude = (*task.cards, action.card) if task.which == "distinct" else task.cards
        return again(state, replace(task, n=task.n - 1, cards=exclude))
    if isinstance(action, A.MoveGamleErikBack):
        sign = 1 if task.n > 0 else -1
        return move_gamle_erik(pop(state), sign * action.steps)
    if isinstance(action, A.ChooseReward):
        if action.reward == "refuge":
            return pop(state, Task("refuge"), Task("clear_forest"))
        if action.reward == "revenge":
            return pop(state, Task("clear_forest"), Task("revenge"))
        return pop(state, Task("clear_forest"), Task("heal"))
    if isinstance(action, A.Refuge):
        return move_vogter_to(pop(state), action.tree)
    if isinstance(action, A.DiscardFromHand):
        state = set_hand(state, state.player, without(state.hand, action.card))
        return to_discard(state, (action.card,))
    if isinstance(action, A.PutRevealedOnTop):
        return _put_on_top(state, task, action.card)
    if isinstance(action, A.PutRevealedUnder):
        state = replace(
            state,
            revealed=without(state.revealed, action.card),
            deck=state.deck.put_under(action.card),
        )
        return state if state.revealed else pop(state)
    if isinstance(action, A.PlaceRecoveredTree):
        tree = state.forest.discarded[0]
        return with_forest(pop(state), state.forest.recover(tree, action.after))
    raise _no(f"{action.label} does not answer this step.")  # pragma: no cover


def step_actions(state: State) -> list[A.SkoventyrAction]:
    """The answers to the current step, in a fixed order."""
    legal = []
    for action in step_candidates(state, state.tasks[0]):
        try:
            check_step(state, action)
        except IllegalAction:
            continue
        legal.append(action)
    return legal


# -- running ---------------------------------------------------------------------------


def _draw_unknown(state: State) -> tuple[Card, State]:
    cards = [card for card, n in state.deck.unknown for _ in range(n)]
    card, rng = state.rng.choice(cards)
    return card, replace(state, rng=rng)


def run(state: State) -> State:
    """Do every step that needs nobody, until one asks or the game ends."""
    while state.ended is None and state.tasks:
        task = state.tasks[0]
        handler = AUTO.get(task.op)
        if handler is not None:
            state = handler(state, task)
            continue
        if task.op in CHANCE:
            if task.op in ("refill", "setup_future") and len(state.future) >= FUTURE_SIZE:
                state = pop(state)
                continue
            if state.deck.empty:
                state = chance_on_empty_deck(state)
                continue
            card = state.deck.next_known()
            if card is None and state.config.deck_mode == "app":
                card, state = _draw_unknown(state)
            if card is None:
                break
            state = reveal(state, card)
            continue
        if needs_no_answer(state, task):
            state = settle_trivial(state, task)
            continue
        if not step_actions(state):
            # Nothing can be chosen (only after a correction by hand): skip the step.
            state = pop(state)
            continue
        break
    return state

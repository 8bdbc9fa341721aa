"""The actions a player chooses on their turn: whether each is allowed, and the steps it
starts. Every refusal names the rule in a player's words."""

from __future__ import annotations

from engines.core import IllegalAction, Outcome
from engines.core.quick_replace import replace
from engines.skoventyr import actions as A
from engines.skoventyr.cards import Card
from engines.skoventyr.effects import counted_tasks, effect_tasks, obstacle, unmet
from engines.skoventyr.state import ANY_ALLY, State, Task
from engines.skoventyr.steps import set_hand, without

#: What follows every action (RULINGS S12): hand limit, Future refill, next player.
END_OF_TURN = (Task("hand_limit"), Task("refill"), Task("next_turn"))


def _no(message: str) -> IllegalAction:
    return IllegalAction(message)


def _hostage(state: State, card: Card) -> bool:
    return any(h.card is card for h in state.hostages)


def _command_card(state: State, card: Card) -> None:
    if card not in state.hand:
        raise _no(f"You have no {card.label} in your hand.")
    if _hostage(state, card):
        raise _no(
            f"A {card.label} is held hostage: no Command with a {card.label} until it is rescued."
        )


def _minion(state: State, minion: int) -> None:
    if minion not in [m.id for m in state.minions]:
        raise _no("That Minion is no longer in play.")


def check_move(state: State, action: A.SkoventyrAction) -> None:
    """Raise ``IllegalAction`` unless the player whose turn it is may take ``action``."""
    forest = state.forest
    config = state.config
    if isinstance(action, A.Call):
        if not state.future:
            raise _no("The Future is empty: there is no card to call.")
        if not 0 <= action.slot < len(state.future):
            raise _no("There is no card in that place of the Future.")
        if action.slot != 0 and not state.future[0].is_ally:
            raise _no("The leftmost Future card is a Gamle Erik: Call must take it.")
        if not action.risky:
            card = state.future[action.slot]
            after = replace(state, future=without(state.future, card), taken=card)
            missing = unmet(after, state.config.cards.rule(card).cost)
            if missing is not None:
                raise _no(
                    f"The cost of a {card.label} ({missing.text}) cannot be paid now: "
                    f"{obstacle(after, missing)}. Take it with a Risky Draw instead."
                )
    elif isinstance(action, A.Gambit):
        if forest.damage_capacity() < 1:
            raise _no(
                "Gambit must damage a Tree, and no Tree is Free (each holds a pawn or an Ally)."
            )
    elif isinstance(action, A.Position):
        _command_card(state, action.card)
        if not forest.has(action.tree):
            raise _no(f"Tree {action.tree} is not in the Forest.")
        if not forest.allies():
            if action.tree != forest.vogter:
                raise _no("The first Ally in the Forest goes on Vogter's Tree.")
        elif forest.tree(action.tree).ally is not None:
            raise _no("That Tree already holds an Ally.")
        elif action.tree not in forest.placement_trees():
            raise _no("A new Ally must go next to a Tree that already holds an Ally.")
        if not forest.type_allows(action.card, config.cards.rule(action.card).mixes_with_any_type):
            if all(c is Card.FORMSKIFTER for c in forest.ally_cards()):
                raise _no("While only Formskifters are in the Forest, only a Formskifter can join.")
            raise _no(
                "All Allies in the Forest must be of one type; only a Formskifter may join "
                "another type."
            )
    elif isinstance(action, A.Mission):
        _command_card(state, action.card)
        rule = config.cards.rule(action.card)
        if not rule.mission or not rule.power:
            raise _no(f"A {action.card.label} has no power to use with Mission.")
        after = set_hand(state, state.player, without(state.hand, action.card))
        after = replace(after, discard=(*after.discard, action.card))
        missing = unmet(after, rule.power)
        if missing is not None:
            raise _no(
                f"The {action.card.label}'s power ({missing.text}) cannot be used now: "
                f"{obstacle(after, missing)}."
            )
    elif isinstance(action, A.Wrath):
        _minion(state, action.minion)
        target = next(m for m in state.minions if m.id == action.minion)
        if target.lygtemand is not None:
            raise _no(
                "A Minion covered by a Lygtemand is not vulnerable; Rally its Lygtemand first."
            )
        allies = len(forest.allies())
        if allies < target.value:
            raise _no(
                f"Wrath on a {target.title} needs at least {target.value} Allies in the Forest "
                f"(there {'is' if allies == 1 else 'are'} {allies})."
            )
    elif isinstance(action, A.Rally):
        if not config.lygtemands:
            raise _no("The Lygtemands module is not in this game.")
        if any(m.lygtemand is None for m in state.minions):
            raise _no("Rally is possible only while every Minion in play has a Lygtemand on it.")
        _minion(state, action.minion)
        target = next(m for m in state.minions if m.id == action.minion)
        if action.card not in state.hand:
            raise _no(f"You have no {action.card.label} in your hand.")
        if target.lygtemand not in (ANY_ALLY, action.card.value):
            raise _no(f"This Lygtemand is rallied with a {str(target.lygtemand).capitalize()}.")
    elif isinstance(action, A.Involve):
        if not config.lygtemands:
            raise _no("The Lygtemands module is not in this game.")
        if action.lygtemands not in (1, 2):
            raise _no("Involve uses one or two Rallied Lygtemands.")
        if len(state.rallied) < action.lygtemands:
            raise _no(f"Involve needs {action.lygtemands} Rallied Lygtemand(s) beside the Future.")
    elif isinstance(action, A.Rescue):
        if not config.rescue:
            raise _no("The Rescue module is not in this game.")
        held = [h for h in state.hostages if h.card is action.card]
        if not held:
            raise _no(f"No {action.card.label} is held hostage.")
        times = 2 if held[0].double else 1
        if forest.damage_capacity() < times:
            raise _no(
                "Rescue must damage a Tree"
                + (" twice (x2 token)" if times == 2 else "")
                + ", and the Forest has too few Free Trees."
            )
    else:
        raise _no(f"{action.label} is not an action you can choose now.")


def move_candidates(state: State) -> list[A.SkoventyrAction]:
    kinds = sorted(set(state.hand), key=list(Card).index)
    trees = state.forest.ids
    found: list[A.SkoventyrAction] = []
    for slot in range(len(state.future)):
        found += [A.Call(slot), A.Call(slot, risky=True)]
    found.append(A.Gambit())
    found += [A.Position(card, tree) for card in kinds for tree in trees]
    found += [A.Mission(card) for card in kinds]
    found += [A.Wrath(m.id) for m in state.minions]
    if state.config.lygtemands:
        found += [A.Rally(m.id, card) for m in state.minions for card in kinds]
        found += [A.Involve(1), A.Involve(2)]
    if state.config.rescue:
        found += [A.Rescue(h.card) for h in state.hostages]
    return found


def move_actions(state: State) -> list[A.SkoventyrAction]:
    return [action for action in move_candidates(state) if _allowed(state, action)]


def has_move(state: State) -> bool:
    """Whether any action can be chosen (stops at the first: the prompt asks it after
    every step)."""
    return any(_allowed(state, action) for action in move_candidates(state))


def _allowed(state: State, action: A.SkoventyrAction) -> bool:
    try:
        check_move(state, action)
    except IllegalAction:
        return False
    return True


def start_move(state: State, action: A.SkoventyrAction) -> State:
    """The state after a checked action is chosen: its first effects done, its steps queued."""
    tasks: tuple[Task, ...] = ()
    if isinstance(action, A.Call):
        card = state.future[action.slot]
        future = state.future[: action.slot] + state.future[action.slot + 1 :]
        state = replace(state, future=future, taken=card)
        if action.risky:
            tasks = (Task("risky"),)
        else:
            tasks = tuple(t for e in state.config.cards.rule(card).cost for t in effect_tasks(e))
        tasks = (*tasks, Task("to_hand"))
    elif isinstance(action, A.Gambit):
        tasks = (Task("damage"), Task("gambit_bottom"))
    elif isinstance(action, A.Position):
        state = set_hand(state, state.player, without(state.hand, action.card))
        state = replace(state, forest=state.forest.place(action.card, action.tree))
    elif isinstance(action, A.Mission):
        state = set_hand(state, state.player, without(state.hand, action.card))
        state = replace(state, discard=(*state.discard, action.card))
        power = state.config.cards.rule(action.card).power
        tasks = tuple(t for e in power for t in effect_tasks(e))
    elif isinstance(action, A.Wrath):
        target = next(m for m in state.minions if m.id == action.minion)
        state = replace(
            state,
            minions=tuple(m for m in state.minions if m.id != action.minion),
            defeated=(*state.defeated, target),
            acorns=(*state.acorns, target.acorn) if target.acorn is not None else state.acorns,
        )
        if not state.minions:
            # The game is won the moment the last Minion leaves, before any reward (RULINGS S7).
            return replace(
                state,
                tasks=(),
                ended=Outcome(
                    result="won",
                    reason="Vogter defeated every Minion of Gamle Erik.",
                    cause="all_minions_defeated",
                ),
            )
        tasks = (Task("shuffle"), Task("reward"))
    elif isinstance(action, A.Rally):
        target = next(m for m in state.minions if m.id == action.minion)
        assert target.lygtemand is not None
        state = set_hand(state, state.player, without(state.hand, action.card))
        state = replace(
            state,
            deck=state.deck.put_under(action.card),
            minions=tuple(
                replace(m, lygtemand=None) if m.id == action.minion else m for m in state.minions
            ),
            rallied=(*state.rallied, target.lygtemand),
        )
    elif isinstance(action, A.Involve):
        k = action.lygtemands
        state = replace(
            state,
            rallied=state.rallied[k:],
            lygtemands_removed=(*state.lygtemands_removed, *state.rallied[:k]),
        )
        tasks = (Task("involve1" if k == 1 else "involve2"),)
    elif isinstance(action, A.Rescue):
        held = next(h for h in state.hostages if h.card is action.card)
        tasks = (
            *counted_tasks("damage", 2 if held.double else 1),
            Task("rescued_to_top", card=held.card),
        )
    return replace(state, tasks=(*tasks, *END_OF_TURN))

"""Skoventyr's rules as the engine protocol: new_game, legal_actions, apply, outcome, view.

Also: ``next_reveal_odds`` and ``gamle_erik_odds`` (exact chances for the next card of the
deck), ``immediate_loss`` (does this action lose at once?) and ``manual_edits`` (the
corrections by hand, never listed by ``legal_actions``).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import takewhile

from engines.core import Action, IllegalAction, Outcome, Rng
from engines.core.quick_replace import replace
from engines.skoventyr import actions as A
from engines.skoventyr.cards import ALLIES, CARDS, Card
from engines.skoventyr.config import Config
from engines.skoventyr.corrections import apply_edit, manual_edits
from engines.skoventyr.deck import Deck
from engines.skoventyr.forest import starting_forest
from engines.skoventyr.moves import check_move, has_move, move_actions, start_move
from engines.skoventyr.state import ANY_ALLY, Hostage, Minion, State, Task
from engines.skoventyr.steps import CHANCE, answer, check_step, run, step_actions

NAME = "skoventyr"

__all__ = [
    "NAME",
    "apply",
    "awaiting_reveal",
    "gamle_erik_odds",
    "immediate_loss",
    "legal_actions",
    "manual_edits",
    "new_game",
    "next_reveal_odds",
    "outcome",
    "view",
]


def new_game(config: Config | None = None, seed: int = 0) -> State:
    """A new game, set up for ``config``. In table-deck mode it waits for the set-up
    reveals; in app-deck mode they are drawn at once."""
    config = config or Config()
    rng = Rng(seed)
    minions = [
        Minion(id=0, name=rule.name, value=rule.value)
        for rule in CARDS.minions
        for _ in range(rule.count)
    ]
    minions = [replace(m, id=i) for i, m in enumerate(minions)]
    hostages: tuple[Hostage, ...] = ()
    deck_cards = [rule.card for rule in CARDS.cards for _ in range(rule.count)]
    if config.lygtemands:
        lygtemands, rng = rng.shuffled([*(c.value for c in ALLIES), ANY_ALLY])
        minions = [replace(m, lygtemand=lyg) for m, lyg in zip(minions, lygtemands, strict=False)]
    if config.rescue:
        double, rng = rng.choice(ALLIES)
        hostages = tuple(Hostage(card, double=card is double) for card in ALLIES)
        for card in ALLIES:
            deck_cards.remove(card)
        acorns, rng = rng.shuffled([pair for pair in (1, 2, 3) for _ in range(2)])
        minions = [replace(m, acorn=a) for m, a in zip(minions, acorns, strict=False)]
    state = State(
        config=config,
        rng=rng,
        forest=starting_forest(config.trees, config.starting_damaged),
        deck=Deck.shuffled(deck_cards),
        hands=((),) * config.players,
        minions=tuple(minions),
        hostages=hostages,
        tasks=(
            Task("setup_future"),
            *(Task("setup_hand", n=p) for p in range(config.players)),
            Task("setup_return"),
            Task("next_turn", which="first"),
        ),
    )
    return _settle(state)


def legal_actions(state: State) -> list[A.SkoventyrAction]:
    """What can be done now, in a fixed order: the player's actions, the answers to the
    step being asked, or (table-deck mode) the cards that may have come up."""
    if state.ended is not None:
        return []
    if state.tasks:
        return step_actions(state)
    return move_actions(state)


def check(state: State, action: Action) -> None:
    """Raise ``IllegalAction`` unless ``action`` may be applied to ``state``."""
    if state.ended is not None:
        raise IllegalAction("The game is over.")
    if not isinstance(action, A.SkoventyrAction):
        raise IllegalAction(f"{action.label!r} is not a Skoventyr move.")
    if isinstance(action, A.EDITS):
        return
    if state.tasks:
        check_step(state, action)
    else:
        check_move(state, action)


def apply(state: State, action: Action) -> State:
    """The state after ``action``; ``state`` itself is never changed."""
    check(state, action)
    assert isinstance(action, A.SkoventyrAction)
    state = replace(
        state,
        drawn=(),
        entered=action.kind,
        applied=state.applied + 1,
        entered_slot=getattr(action, "slot", None),
        entered_risky=bool(getattr(action, "risky", False)),
    )
    if isinstance(action, A.EDITS):
        return _settle(apply_edit(state, action))
    if state.tasks:
        return _settle(answer(state, action))
    return _settle(start_move(state, action))


def outcome(state: State) -> Outcome | None:
    return state.ended


def view(state: State, seat: str) -> State:
    """What a seat sees. Skoventyr is cooperative and the state holds no deck order, so
    everything is shared; only the random source is blanked, so that nobody (no bot)
    can foresee the app's next draw."""
    return replace(state, rng=Rng(0))


def next_reveal_odds(state: State) -> dict[Card, Fraction]:
    """The exact chance of each card being the next one revealed from the deck."""
    return state.deck.odds()


def gamle_erik_odds(state: State) -> Fraction:
    """The exact chance that the next card revealed from the deck is a Gamle Erik."""
    return state.deck.odds().get(Card.GAMLE_ERIK, Fraction(0))


def awaiting_reveal(state: State) -> bool:
    """Whether the game waits for the people at the table to say which card came up
    (table-deck mode only; ``legal_actions`` then lists one ``Reveal`` per possible card)."""
    return state.ended is None and bool(state.tasks) and state.tasks[0].op in CHANCE


def asked_about(state: State) -> int:
    """The player (a seat, from 0) whom the step being asked concerns: during set-up the
    one being dealt a card, else the one whose turn it is."""
    if state.tasks and state.tasks[0].op == "setup_hand":
        return state.tasks[0].n
    return state.player


def immediate_loss(state: State, action: Action) -> bool:
    """Whether ``action`` loses the game for certain, before any further choice or card
    reveal (for a warning before the move). An illegal action is not a loss."""
    asking = replace(state, config=replace(state.config, deck_mode="table"))
    try:
        after = apply(asking, action)
    except IllegalAction:
        return False
    return after.ended is not None and after.ended.result == "lost"


# -- prompts and the end of a turn -----------------------------------------------------

_PROMPTS = {
    "setup_future": "Set-up: which card came up for the Future?",
    "setup_hand": "Set-up: which card did player {p} draw?",
    "refill": "Refill the Future: which card came up?",
    "risky": "Risky Draw: which card came up?",
    "involve1": "Involve: which card came up?",
    "involve2": "Involve: which card came up?",
    "damage": "Choose a Tree to damage.",
    "heal": "Choose a Tree to heal.",
    "reveal_ally": "Choose a Hidden Ally to reveal.",
    "future_to_bottom": "Choose a Future card to put under the deck.",
    "gambit_bottom": "Put Future cards under the deck, one at a time, or keep the rest.",
    "revenge": "Choose a Gamle Erik in the Future to discard.",
    "discard_to_bottom": "Choose an Ally from the discard pile to put under the deck.",
    "move_ge_up_to": "How many steps back does Gamle Erik move?",
    "refuge": "Choose the Tree where Vogter takes refuge.",
    "hand_limit": "Player {p}: discard down to five cards.",
    "involve_top": "Choose the Ally to put on top of the deck (the first is drawn first).",
    "involve_under": "Choose the next card to put under the deck.",
    "recover_tree": "Acorns: choose where the recovered Tree goes.",
}


#: The rulebook has no rule for a player with no action to choose (an empty deck and
#: Future, no Free Tree and nothing the hand can do) and never calls such a game lost, so
#: neither does the app: it says so and leaves the table to be corrected by hand (RULINGS
#: S4). No seeded game has reached it.
NO_ACTION_PROMPT = (
    "No action can be chosen: no card to call, no Free Tree to damage and nothing the "
    "hand can do. The rulebook has no rule for this: correct the table with By hand."
)


def prompt(state: State) -> str:
    if state.ended is not None:
        return state.ended.reason
    if not state.tasks:
        if not has_move(state):
            return NO_ACTION_PROMPT
        return f"Player {state.player + 1}: choose an action."
    task = state.tasks[0]
    if task.op == "reward":
        return reward_prompt(state)
    words = _PROMPTS.get(task.op, task.op).format(p=asked_about(state) + 1)
    if task.n and task.op in ("damage", "heal"):  # one of several: which
        following = len(list(takewhile(lambda t: t.op == task.op and t.n, state.tasks[1:])))
        words = f"{words[:-1]} ({task.n} of {task.n + following})."
    if task.op in _UNDER_THE_DECK and state.config.deck_mode == "app":
        words += " " + _BACK_ON_THE_PILE
    return words


#: The steps where the people put cards under the deck themselves, and where such a card
#: goes when the app deals: the deck's order is in the app, the table keeps a sorted pile.
_UNDER_THE_DECK = frozenset({"future_to_bottom", "gambit_bottom", "discard_to_bottom"})
_BACK_ON_THE_PILE = "Each card put under the deck goes back on the sorted pile, with its kind."


def reward_prompt(state: State) -> str:
    """Wrath's reward: exactly the rewards that can be chosen, each with what it does."""
    said = {
        "refuge": "Refuge: Vogter may first move on through the Allies",
        "revenge": "Revenge: a Gamle Erik then leaves the Future"
        if Card.GAMLE_ERIK in state.future
        else "Revenge: no more, as no Gamle Erik is in the Future",
        "restoration": "Restoration: a Damaged Tree is then healed",
    }
    offered = [said[a.reward] for a in step_actions(state) if isinstance(a, A.ChooseReward)]
    return "Choose a reward; each clears the Forest. " + ". ".join(offered) + "."


def _settle(state: State) -> State:
    state = run(state)
    return replace(state, prompt=prompt(state))

"""Skulk Hollow's rules as the engine protocol: new_game, legal_actions, apply, outcome,
view. The hero player is the person; the app plays the guardian."""

from __future__ import annotations

from collections import Counter

from engines.core import Action, IllegalAction, Outcome, Rng
from engines.core.quick_replace import replace
from engines.skulk_hollow import board, cleanup, decks, heroes
from engines.skulk_hollow.actions import (
    ChooseAction,
    ChooseLocation,
    ChooseSpace,
    ChooseUnit,
    EndTurn,
    GroundRaptra,
    LeapOff,
    Move,
    PlayCard,
    Prepare,
    SkulkAction,
    SpendPower,
    SpendRelic,
)
from engines.skulk_hollow.config import Config
from engines.skulk_hollow.corrections import HandEdit, apply_edit
from engines.skulk_hollow.guardians import module, turn
from engines.skulk_hollow.prompts import prompt
from engines.skulk_hollow.state import Cards, Pending, State, Unit

NAME = "skulk_hollow"

REASONS: dict[str, tuple[str, str]] = {
    "all_wounds_filled": ("won", "Every wound space on the guardian is full: the heroes win."),
    "leader_slain": ("lost", "The Foxen leader has fallen: the guardian wins."),
}


def new_game(config: Config | None = None, seed: int = 0) -> State:
    """The game laid out and the starting hands drawn; the hero player moves first."""
    config = config or Config()
    rng = Rng(seed)
    components = config.components
    foxen = components.foxen
    guardian = components.guardian(config.guardian)
    hero_cards, rng = decks.new_cards(config.foxen_deck == "app", foxen.deck(), rng)
    hero_cards, rng, _ = decks.draw(hero_cards, rng, foxen.hand_size)
    guardian_cards, rng = decks.new_cards(True, guardian.deck, rng)
    guardian_cards, rng, _ = decks.draw(guardian_cards, rng, guardian.hand_size)
    units = (
        Unit("sentinel", "sentinel", space="keep"),
        Unit(config.leader, config.leader, space="keep"),
    )
    state = State(
        config=config,
        rng=rng,
        hero_cards=hero_cards,
        guardian_cards=guardian_cards,
        guardian_wounds=(0,) * len(guardian.locations),
        units=tuple(sorted(units, key=lambda u: u.id)),
        actions_left=foxen.action_limit,
        hero_relics=config.hero_relics,
        guardian_relics=config.guardian_relics,
    )
    state = module(config.guardian).prepare(state)
    return _settle(state)


def legal_actions(state: State) -> list[SkulkAction]:
    """What whoever must answer now may do, in a fixed order."""
    if state.ended:
        return []
    if state.pending is None:
        if state.active == "hero":
            return heroes.main_actions(state)
        return turn.main_actions(state)
    if state.pending.step == "allocate":
        return cleanup.choices(state)
    if state.active == "hero":
        return heroes.choices(state)
    return turn.choices(state)


def apply(state: State, action: Action) -> State:
    """The state after ``action``; ``IllegalAction`` (state untouched) if the rules forbid it."""
    if state.seen_by:
        raise IllegalAction("This is one player's view of the game; play on the game itself.")
    if state.ended:
        raise IllegalAction("The game is over.")
    if isinstance(action, HandEdit):  # never among the legal actions: checked on its own
        corrected = apply_edit(state, action)
        text = action.label.removeprefix("By hand: ")
        return _settle(
            replace(
                corrected,
                corrections=state.corrections + 1,
                last=f"Corrected by hand: {text}.",
            )
        )
    if not isinstance(action, SkulkAction) or not _allowed(state, action):
        raise IllegalAction(why_illegal(state, action))
    return _settle(_resolve(state, action))


def _allowed(state: State, action: SkulkAction) -> bool:
    """``action in legal_actions(state)``; a card played in the hero's main phase is
    checked alone, not by listing what every card in hand could do."""
    if isinstance(action, PlayCard) and state.pending is None and state.active == "hero":
        return heroes.can_play(state, action.card)
    return action in legal_actions(state)


def _resolve(state: State, action: SkulkAction) -> State:
    if isinstance(action, EndTurn):
        return cleanup.end_turn(state)
    if isinstance(action, SpendRelic):
        return _spend_relic(state)
    if isinstance(action, Prepare):
        return _prepare(state)
    if state.pending is not None and state.pending.step == "allocate":
        assert isinstance(action, ChooseUnit)
        return cleanup.allocate(state, action.unit)
    if state.active == "hero":
        return heroes.resolve(state, action)
    return turn.resolve(state, action)


def _spend_relic(state: State) -> State:
    if state.active == "hero":
        state = replace(state, hero_relics=state.hero_relics - 1)
    else:
        state = replace(state, guardian_relics=state.guardian_relics - 1)
    who = "Hero" if state.active == "hero" else state.board.name
    return replace(
        state,
        actions_left=state.actions_left + 1,
        last=f"{who} spends an ancient relic for one more action.",
    )


def _prepare(state: State) -> State:
    side = state.active
    state = replace(state, actions_left=state.actions_left - 1)
    cards = state.cards(side)
    if cards.hand_count > 0:
        return replace(state, pending=Pending("discard", source="prepare"))
    cards, rng, drawn = decks.draw(cards, state.rng, 2)
    who = "Hero" if side == "hero" else state.board.name
    state = replace(state, rng=rng, last=f"{who} has no card to discard and draws {drawn}.")
    if side == "hero":
        return replace(state, hero_cards=cards)
    return replace(state, guardian_cards=cards)


def _settle(state: State) -> State:
    """Check the win conditions, then say what is asked next and of whom."""
    cause = end_cause(state)
    if cause:
        state = replace(state, ended=cause, pending=None)
    text, asking = prompt(state)
    return replace(state, prompt=text, asking=asking)


def end_cause(state: State) -> str:
    if board.guardian_wounds(state) >= state.board.total_wounds:
        return "all_wounds_filled"
    if board.leader(state) is None:
        return "leader_slain"
    special = module(state.config.guardian).special_win(state)
    return special[0] if special else ""


def outcome(state: State) -> Outcome | None:
    """Won when the heroes (the person) win, lost when the guardian does."""
    if not state.ended:
        return None
    if state.ended in REASONS:
        result, reason = REASONS[state.ended]
        return Outcome(
            result="won" if result == "won" else "lost", reason=reason, cause=state.ended
        )
    special = module(state.config.guardian).special_win(state)
    reason = special[1] if special else "The guardian's own win condition is met."
    return Outcome(result="lost", reason=f"{reason} The guardian wins.", cause=state.ended)


def view(state: State, seat: str) -> State:
    """What one seat may see: never a deck order, never the other side's hand, never the
    random source (which would let a bot work out the shuffles)."""
    if seat not in ("hero", "guardian"):
        raise ValueError('A seat is "hero" or "guardian".')
    return replace(
        state,
        rng=Rng(0),
        hero_cards=decks.hidden(state.hero_cards, show_hand=seat == "hero"),
        guardian_cards=decks.hidden(state.guardian_cards, show_hand=seat == "guardian"),
        seen_by=seat,
    )


def determinize(seen: State, rng: Rng) -> State:
    """A playable guess at the whole game from a view: hidden cards are dealt at random
    from the cards that could be there (for bots that look ahead; never the real ones)."""
    hero, rng = _fill(seen, seen.hero_cards, seen.foxen.all_cards(), rng, "hero")
    guardian, rng = _fill(seen, seen.guardian_cards, seen.board.deck, rng, "guardian")
    return replace(seen, hero_cards=hero, guardian_cards=guardian, rng=rng, seen_by="")


def _fill(
    seen: State, cards: Cards, everything: tuple[str, ...], rng: Rng, side: str
) -> tuple[Cards, Rng]:
    if not cards.known:  # held at the table: only the counts exist
        unknown = Cards(
            known=False,
            hand_count=cards.hand_count,
            deck_count=cards.deck_count,
            discard=cards.discard,
            drawn=cards.drawn,
            shuffles=cards.shuffles,
        )
        return unknown, rng
    # Only what the seat may see is read: the other side's hand stays unread, and no
    # deck order ever is.
    hand = cards.hand if seen.seen_by in ("", side) else ()
    unseen = Counter(everything)
    unseen.subtract(cards.discard)
    unseen.subtract(hand)
    if side == "hero":
        unseen.subtract(unit.kind for unit in seen.units)
    pool = tuple(sorted(card for card, n in unseen.items() for _ in range(max(n, 0))))
    order, rng = rng.shuffled(pool)
    missing = cards.hand_count - len(hand)
    if missing > 0:
        hand = tuple(sorted((*hand, *order[:missing])))
        order = order[missing:]
    filled = Cards(
        known=True,
        hand=hand,
        deck=order[: cards.deck_count],
        hand_count=cards.hand_count,
        deck_count=cards.deck_count,
        discard=cards.discard,
        drawn=cards.drawn,
        shuffles=cards.shuffles,
    )
    return filled, rng


def why_illegal(state: State, action: Action) -> str:
    """Why ``action`` cannot be taken now, in a player's words."""
    if not isinstance(action, SkulkAction):
        return "That is not a Skulk Hollow action."
    side = "hero player" if state.active == "hero" else state.board.name
    pending = state.pending
    if pending is None:
        if not isinstance(
            action, (PlayCard, Prepare, SpendPower, SpendRelic, GroundRaptra, EndTurn)
        ):
            return f"Nothing is being chosen right now: {state.prompt}"
        if isinstance(action, GroundRaptra) and state.active != "hero":
            return "Only the hero player can bring Raptra down."
        if isinstance(action, GroundRaptra) and not heroes.leaping_banned(state):
            return "Raptra is already on the ground."
        if isinstance(action, (PlayCard, Prepare, GroundRaptra)) and state.actions_left <= 0:
            return f"The {side} has no actions left: spend power or a relic, or end the turn."
        if isinstance(action, PlayCard):
            return _why_card(state, action.card)
        if isinstance(action, Prepare):
            return "There are no cards left in the deck or the discard pile to draw."
        if isinstance(action, SpendRelic):
            return f"The {side} has no ancient relic left."
        if isinstance(action, SpendPower):
            return _why_power(state, action.unit)
        return f"That is not possible now: {state.prompt}"
    if isinstance(action, (Prepare, EndTurn, SpendRelic, PlayCard, SpendPower)):
        return f"Finish the current choice first: {state.prompt}"
    leap = ("leap", "double_leap")
    if isinstance(action, ChooseAction) and action.action in leap and heroes.leaping_banned(state):
        return "Heroes cannot leap while Raptra is in the air."
    guardian_turn = state.active == "guardian"
    if isinstance(action, ChooseAction) and guardian_turn and board.disabled(state, action.action):
        return f"{action.action.upper()} is disabled: its location is full of wounds."
    if isinstance(action, ChooseUnit) and state.has_unit(action.unit):
        unit = state.unit(action.unit)
        if state.active == "guardian" and board.protected(state, unit):
            name = board.the_unit(state, unit.id)
            return f"{board.capital(name)} is banded with another hero and cannot be affected."
    if (
        isinstance(action, ChooseUnit)
        and action.unit not in ("guardian",)
        and not state.has_unit(action.unit)
    ):
        return f"There is no {action.label} in play."
    if isinstance(action, ChooseUnit) and pending.step == "unit" and not guardian_turn:
        arrows = heroes.card_arrows(state, pending)
        return heroes.why_not(state, state.unit(action.unit), pending.action, arrows)
    if isinstance(action, ChooseSpace) and pending.step == "direction" and not guardian_turn:
        return _why_not_there(state, pending, action.space)
    if isinstance(action, Move) and pending.step in ("direction", "again"):
        if action.direction not in pending.arrows:
            return f"The card does not show the {action.direction.label} arrow."
        return f"Moving {action.direction.label} would leave the map."
    if isinstance(action, (ChooseLocation, LeapOff)) and pending.step in ("leap", "mount"):
        if heroes.leaping_banned(state):
            return "Heroes cannot leap while Raptra is in the air."
        if isinstance(action, ChooseLocation) and action.location in {
            loc.id for loc in state.board.locations
        }:
            if board.free_slots(state, action.location) <= 0:
                return "That location has no free figure slot."
            if heroes.immune(state, action.location):
                return "SIZZLE locations cannot be reached with DASH."
            return "That location is not connected to where the hero is."
    if isinstance(action, ChooseLocation) and pending.step == "attack":
        if heroes.immune(state, action.location):
            return "SIZZLE locations cannot be targeted by a MISSILE ATTACK."
        return "That location cannot be attacked: it is full of wounds or out of reach."
    if isinstance(action, ChooseSpace) and pending.step == "summon":
        return "New heroes join in KEEP or a TOWN space that the guardian does not stand on."
    return f"That is not one of the choices: {state.prompt}"


def _why_not_there(state: State, pending: Pending, space: str) -> str:
    """Why the hero unit moving now cannot move to ``space``."""
    unit = state.unit(pending.unit)
    name = board.the_unit(state, unit.id)
    reachable = [
        board.space_name(state, target)
        for direction in heroes.move_directions(state, unit, pending.arrows)
        if (target := state.layout.step(unit.space, direction, "hero"))
    ]
    can_go = f"{name} can move to {' or '.join(reachable)}"
    if state.layout.direction(unit.space, space, "hero") is None:
        where = board.space_name(state, space)
        return f"{where} is not next to {board.space_name(state, unit.space)}: {can_go}."
    return f"The card shows no arrow that way: {can_go}."


def _why_card(state: State, card: str) -> str:
    hero_ids = {c.id for c in state.foxen.cards}
    guardian_ids = {c.id for c in state.board.cards}
    if state.active == "hero" and card in guardian_ids - hero_ids:
        return f"It is the hero player's turn; {state.board.name} plays on its own turn."
    if state.active == "guardian" and card in hero_ids - guardian_ids:
        return f"It is {state.board.name}'s turn; the heroes play on theirs."
    if state.active == "hero":
        try:
            name = state.foxen.card(card).name
        except KeyError:
            return f"The Foxen deck has no card called {card!r}."
        if name and card not in heroes.playable_cards(state):
            if state.hero_cards.known:
                return f"{name} is not in the hero player's hand."
            return f"Every {name} card is already in the discard pile or in play."
        if state.foxen.card(card).unit and not heroes.free_figure(state, card):
            return f"Every {name} figure is already on the board."
        return f"{name} has no action that can be taken now."
    try:
        name = board.guardian_card_name(state, card)
    except KeyError:
        return f"{state.board.name}'s deck has no card called {card!r}."
    if card not in state.guardian_cards.hand:
        return f"{state.board.name} does not hold {name}."
    return f"{name} has no action that can be taken now."


def _why_power(state: State, unit_id: str) -> str:
    if state.active == "guardian":
        if state.guardian_power <= 0:
            return f"{state.board.name} has no power to spend."
        return f"{state.board.name} has nothing to spend power on now."
    if not unit_id or not state.has_unit(unit_id):
        return "Choose a hero unit in play to spend its power."
    name = board.the_unit(state, unit_id)
    if state.unit(unit_id).power <= 0:
        return f"{board.capital(name)} has no power to spend."
    return f"{board.capital(name)} has nothing to spend power on now."

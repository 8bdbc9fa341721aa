"""The guardian's turn: cards and power turned into MOVE, GAIN POWER or the guardian's own
actions, and the choices those actions ask for (targets, places, locations).

The app decides for the guardian: ``choices`` lists the legal answers and a policy (or a
person) picks one. Abilities on a location full of wounds are disabled.
"""

from __future__ import annotations

from engines.core.quick_replace import replace
from engines.skulk_hollow import board, combat, decks
from engines.skulk_hollow.actions import (
    ChooseAction,
    ChooseCard,
    ChooseLocation,
    ChooseSpace,
    ChooseUnit,
    Decline,
    EndTurn,
    Move,
    PlayCard,
    Prepare,
    SkulkAction,
    SpendPower,
    SpendRelic,
)
from engines.skulk_hollow.components import Card
from engines.skulk_hollow.geometry import ALL_DIRECTIONS, Direction
from engines.skulk_hollow.guardians import module, raptra, tanthos
from engines.skulk_hollow.guardians.base import named
from engines.skulk_hollow.state import Pending, State

GUARDIAN = "guardian"


def _name(state: State) -> str:
    return state.board.name


def pieces(state: State) -> list[str]:
    """What a MOVE may move: the guardian, and for Tanthos each root's space."""
    found = [GUARDIAN]
    if state.config.guardian == "tanthos":
        found += list(dict.fromkeys(sorted(state.roots)))
    return found


def _piece_space(state: State, piece: str) -> str:
    return state.guardian_space if piece == GUARDIAN else piece


def move_directions(state: State, piece: str, arrows: tuple[Direction, ...]) -> list[Direction]:
    here = _piece_space(state, piece)
    return [d for d in arrows if state.layout.step(here, d, "guardian") is not None]


def ability_ok(state: State, action: str) -> bool:
    return not board.disabled(state, action) and module(state.config.guardian).usable(state, action)


def card_actions(state: State, card: Card) -> list[str]:
    found: list[str] = []
    for option in card.options:
        action = option.action
        if action in found:
            continue
        if action == "move":
            merged = card.option("move")
            arrows = merged.arrows if merged else ()
            if any(move_directions(state, p, arrows) for p in pieces(state)):
                found.append(action)
        elif action == "gain_power" or ability_ok(state, action):
            found.append(action)
    return found


def power_actions(state: State, power: int) -> list[str]:
    """What one power buys, with ``power`` cubes left on the mat after paying it."""
    found = (
        ["move"] if any(move_directions(state, p, ALL_DIRECTIONS) for p in pieces(state)) else []
    )
    for action in module(state.config.guardian).ACTIONS:
        if action == "shriek" and power < raptra.SHRIEK_POWER - 1:
            continue
        if ability_ok(state, action):
            found.append(action)
    return found


def main_actions(state: State) -> list[SkulkAction]:
    found: list[SkulkAction] = []
    if state.actions_left > 0:
        board_data = state.board
        found += [
            PlayCard(card)
            for card in sorted(set(state.guardian_cards.hand))
            if card_actions(state, board_data.card(card))
        ]
        if decks.can_draw(state.guardian_cards):
            found.append(Prepare())
    holds_power = state.board.power > 0 and state.guardian_power > 0
    if holds_power and power_actions(state, state.guardian_power - 1):
        found.append(SpendPower())
    if state.guardian_relics > 0:
        found.append(SpendRelic())
    found.append(EndTurn())
    return found


def choices(state: State) -> list[SkulkAction]:
    pending = state.pending
    assert pending is not None
    step = pending.step
    guardian = module(state.config.guardian)
    if step == "option":
        if pending.source == "card":
            actions = card_actions(state, state.board.card(pending.card))
        else:
            actions = power_actions(state, state.guardian_power)
        return [ChooseAction(action) for action in actions]
    if step == "piece":
        return [
            ChooseUnit(GUARDIAN) if p == GUARDIAN else ChooseSpace(p)
            for p in pieces(state)
            if move_directions(state, p, pending.arrows)
        ]
    if step in ("direction", "again"):
        piece = pending.unit or GUARDIAN
        moves: list[SkulkAction] = [Move(d) for d in move_directions(state, piece, pending.arrows)]
        return [*moves, Decline()] if step == "again" else moves
    if step in ("target", "pick"):
        return [ChooseUnit(unit) for unit in guardian.targets(state, pending.action)]
    if step in ("place", "stomp"):
        return [ChooseSpace(s) for s in guardian.places(state, pending.action, pending.unit)]
    if step == "mend":
        return [ChooseLocation(loc) for loc in guardian.targets(state, pending.action)]
    if step == "tunnel":
        return [ChooseSpace(s) for s in tanthos.tunnel_spaces(state)]
    if step == "discard":
        return [ChooseCard(card) for card in sorted(set(state.guardian_cards.hand))]
    return []


def play_card(state: State, card_id: str) -> State:
    card = state.board.card(card_id)
    cards = decks.discard_from_hand(state.guardian_cards, card_id)
    return replace(
        state,
        guardian_cards=cards,
        actions_left=state.actions_left - 1,
        pending=Pending("option", source="card", card=card_id),
        last=f"{_name(state)} plays {card.name}.",
    )


def resolve(state: State, action: SkulkAction) -> State:
    """Carry out the guardian's main-phase action or the answer to a pending step."""
    if isinstance(action, PlayCard):
        return play_card(state, action.card)
    if isinstance(action, SpendPower):
        return replace(
            state,
            guardian_power=state.guardian_power - 1,
            pending=Pending("option", source="power"),
            last=f"{_name(state)} spends one power.",
        )
    pending = state.pending
    assert pending is not None
    done = replace(state, pending=None)
    step = pending.step
    if step == "option" and isinstance(action, ChooseAction):
        return _chosen(state, pending, action.action)
    if step == "piece":
        piece = action.space if isinstance(action, ChooseSpace) else ""
        kind = "move_root" if piece else "move"
        return replace(state, pending=replace(pending, step="direction", unit=piece, action=kind))
    if step in ("direction", "again"):
        if isinstance(action, Decline):
            return done
        assert isinstance(action, Move)
        return _move(done, pending, action.direction)
    if step == "target" and isinstance(action, ChooseUnit):
        where = _whereabouts(state, action.unit)
        who = named(state, action.unit)
        text = f"{_name(state)} uses {pending.action.upper()}: one wound on {who}{where}."
        return replace(combat.wound_unit(done, action.unit), last=text)
    if step == "pick" and isinstance(action, ChooseUnit):
        return replace(state, pending=replace(pending, step="place", unit=action.unit))
    if step in ("place", "stomp") and isinstance(action, ChooseSpace):
        state = combat.place_on_ground(done, pending.unit, action.space)
        text = (
            f"{_name(state)} uses {pending.action.upper()}: {named(state, pending.unit)} "
            f"lands in {board.space_name(state, action.space)}."
        )
        state = replace(state, last=text)
        if step == "stomp" and pending.queue:
            return replace(
                state, pending=replace(pending, unit=pending.queue[0], queue=pending.queue[1:])
            )
        return state
    if step == "mend" and isinstance(action, ChooseLocation):
        state = combat.heal_location(done, action.location)
        where = board.location_name(state, action.location)
        return replace(state, last=f"{_name(state)} uses {pending.action.upper()} on {where}.")
    if step == "tunnel" and isinstance(action, ChooseSpace):
        roots = tuple(sorted((*state.roots, action.space)))
        where = board.space_name(state, action.space)
        return replace(done, roots=roots, last=f"Tanthos tunnels a root up in {where}.")
    if step == "discard" and isinstance(action, ChooseCard):
        cards = decks.discard_from_hand(state.guardian_cards, action.card)
        cards, rng, drawn = decks.draw(cards, state.rng, 2)
        name = state.board.card(action.card).name
        return replace(
            done,
            guardian_cards=cards,
            rng=rng,
            last=f"{_name(state)} discards {name} and draws {drawn}.",
        )
    raise AssertionError(f"unhandled guardian step {step} / {action}")


def _whereabouts(state: State, unit_id: str) -> str:
    unit = state.unit(unit_id)
    if unit.space:
        return f" in {board.space_name(state, unit.space)}"
    return f" on {board.location_name(state, unit.location)}"


def _chosen(state: State, pending: Pending, action: str) -> State:
    done = replace(state, pending=None)
    if pending.source == "power" and action == "shriek":
        done = replace(done, guardian_power=done.guardian_power - (raptra.SHRIEK_POWER - 1))
    if action == "move":
        if pending.source == "card":
            option = state.board.card(pending.card).option("move")
            arrows = option.arrows if option else ()
        else:
            arrows = ALL_DIRECTIONS
        movable = [p for p in pieces(state) if move_directions(state, p, arrows)]
        step = "piece" if movable != [GUARDIAN] else "direction"
        return replace(
            done, pending=Pending(step, source=pending.source, action="move", arrows=arrows)
        )
    if action == "gain_power":
        option = state.board.card(pending.card).option("gain_power")
        amount = min(option.amount if option else 0, combat.power_in_supply(state))
        return replace(
            done,
            guardian_pool=state.guardian_pool + amount,
            last=f"{_name(state)} gains {amount} power.",
        )
    return module(state.config.guardian).start(done, action)


def _move(state: State, pending: Pending, direction: Direction) -> State:
    if pending.action == "move_root":
        target = state.layout.step(pending.unit, direction, "guardian")
        assert target is not None
        roots = list(state.roots)
        roots.remove(pending.unit)
        roots.append(target)
        text = (
            f"Tanthos moves a root from {board.space_name(state, pending.unit)} "
            f"to {board.space_name(state, target)}."
        )
        return replace(state, roots=tuple(sorted(roots)), last=text)
    target = state.layout.step(state.guardian_space, direction, "guardian")
    assert target is not None
    state = replace(
        state,
        guardian_space=target,
        last=f"{_name(state)} moves to {board.space_name(state, target)}.",
    )
    if (
        state.config.guardian == "raptra"
        and state.airborne
        and pending.step == "direction"
        and state.layout.step(target, direction, "guardian") is not None
    ):
        return replace(state, pending=replace(pending, step="again", arrows=(direction,)))
    return state

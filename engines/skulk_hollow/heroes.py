"""The hero player's turn: summoning, MOVE, LEAP, MELEE and MISSILE attacks, GAIN POWER,
power spent on free actions, and the abilities MOUNT, DASH, FIRE, HURL, RECALL, HEAL and
COMMAND.

Each choice is a small step: a card is played, then one of its actions is chosen, then
the unit that takes it, then the arrow, location or target. ``choices`` lists what the
current step allows and ``resolve`` carries out the chosen one; ``rules.apply`` checks
that the action is among the choices before calling ``resolve``.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

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
    GroundRaptra,
    LeapOff,
    Move,
    PlayCard,
    Prepare,
    SkulkAction,
    SpendPower,
    SpendRelic,
    action_name,
)
from engines.skulk_hollow.components import Card
from engines.skulk_hollow.geometry import ALL_DIRECTIONS, Direction
from engines.skulk_hollow.state import Pending, State, Unit

ATTACKS = ("melee", "missile")
POWER_ABILITIES = ("recall", "heal", "command")
UNIT_ACTIONS = ("move", "leap", "melee", "missile")


# -- what a unit can do ------------------------------------------------------------------


def ability(state: State, unit: Unit) -> str:
    return state.unit_type(unit).ability


def has_icon(state: State, unit: Unit, action: str) -> bool:
    """MOVE is always available; the rest needs the icon on the unit card."""
    return action == "move" or action in state.unit_type(unit).actions


def immune(state: State, location: str) -> bool:
    """Apoda's SIZZLE locations cannot be targeted by MISSILE ATTACK or DASH."""
    return state.config.guardian == "apoda" and state.board.location(location).ability == "sizzle"


def leaping_banned(state: State) -> bool:
    """While Raptra is in the air the hero player may not LEAP."""
    return state.config.guardian == "raptra" and state.airborne


def move_directions(state: State, unit: Unit, arrows: tuple[Direction, ...]) -> list[Direction]:
    """The arrows that lead a unit in a ground space to another ground space."""
    if not unit.space:
        return []
    return [d for d in arrows if state.layout.step(unit.space, d, "hero") is not None]


def leap_targets(state: State, unit: Unit) -> list[str]:
    """Locations the unit may leap to, and "off" when it may leap off the guardian."""
    if leaping_banned(state) or not has_icon(state, unit, "leap"):
        return []
    dash = ability(state, unit) == "dash"
    open_locations = [loc for loc in state.board.locations if board.free_slots(state, loc.id) > 0]
    if unit.space:
        if unit.space != state.guardian_space:
            return []
        return [
            loc.id for loc in open_locations if loc.lowest or (dash and not immune(state, loc.id))
        ]
    here = state.board.location(unit.location)
    targets = [
        loc.id
        for loc in open_locations
        if loc.id != unit.location
        and (loc.id in here.connected or (dash and not immune(state, loc.id)))
    ]
    return [*targets, "off"]


def missile_position(state: State, unit: Unit) -> bool:
    """FIRE shoots from a surrounding space, HURL from the guardian's own space."""
    if not unit.space or not has_icon(state, unit, "missile"):
        return False
    if ability(state, unit) == "fire":
        return unit.space in board.surrounding(state)
    if ability(state, unit) == "hurl":
        return unit.space == state.guardian_space
    return False


def attack_targets(state: State, unit: Unit, action: str) -> list[tuple[str, str]]:
    """("location", id) and ("root", space) targets of a MELEE or MISSILE ATTACK."""
    if not has_icon(state, unit, action):
        return []
    roots = state.config.guardian == "tanthos"
    found: list[tuple[str, str]] = []
    if action == "melee":
        # A location with no empty wound space may still be attacked, to no effect (RULINGS K6):
        # the card was played at the table and must be entered.
        if unit.location:
            found.append(("location", unit.location))
        if roots and unit.space and unit.space in state.roots:
            found.append(("root", unit.space))
        return found
    if not missile_position(state, unit):
        return []
    found.extend(
        ("location", loc.id)
        for loc in state.board.locations
        if not board.full(state, loc.id) and not immune(state, loc.id)
    )
    if roots:
        found.extend(("root", space) for space in dict.fromkeys(sorted(state.roots)))
    return found


def ability_targets(state: State, unit: Unit) -> list[str]:
    """RECALL: cards in the discard pile; HEAL: wounded units; COMMAND: banded units."""
    kind = ability(state, unit)
    if kind == "recall":
        return list(dict.fromkeys(state.hero_cards.discard))
    if kind == "heal":
        return [u.id for u in state.units if u.wounds]
    if kind == "command":
        return [
            other.id
            for other in state.units
            if other.id != unit.id
            and (
                (unit.space and other.space == unit.space)
                or (unit.location and other.location == unit.location)
            )
            and unit_actions(state, other, "command")
        ]
    return []


def can(
    state: State, unit: Unit, action: str, arrows: tuple[Direction, ...] = ALL_DIRECTIONS
) -> bool:
    if action == "move":
        return bool(move_directions(state, unit, arrows))
    if action in ("leap", "double_leap"):
        return bool(leap_targets(state, unit))
    if action in ATTACKS:
        return bool(attack_targets(state, unit, action))
    return False


def why_not(state: State, unit: Unit, action: str, arrows: tuple[Direction, ...]) -> str:
    """Why ``unit`` cannot take ``action`` now (with a card showing ``arrows``)."""
    name = board.the_unit(state, unit.id)
    guardian = state.board.name
    here = board.space_name(state, state.guardian_space)
    kind = state.unit_type(unit).name
    if action in ("leap", "double_leap", "melee", "missile") and not has_icon(state, unit, action):
        return f"The {kind} card shows no {action_name(action)}."
    if action == "move":
        if unit.location:
            return f"{board.capital(name)} is on {guardian}: it can only leap off, not move."
        where = board.space_name(state, unit.space)
        return f"No arrow of the card leads {name} from {where} to another space."
    if action in ("leap", "double_leap"):
        if leaping_banned(state):
            return "Heroes cannot leap while Raptra is in the air."
        if unit.space:
            return (
                f"{board.capital(name)} must stand in {guardian}'s space, {here}, to leap onto it."
            )
        return f"Every location {name} could leap to is full."
    if action == "melee":
        roots = " or on a root token" if state.config.guardian == "tanthos" else ""
        return f"{board.capital(name)} must be on {guardian}{roots} to make a MELEE ATTACK."
    if unit.location:
        return f"{board.capital(name)} is on {guardian}: it cannot shoot from there."
    if ability(state, unit) == "hurl":
        return f"{board.capital(name)} must stand in {guardian}'s space, {here}, to throw."
    return f"{board.capital(name)} must stand in a space around {guardian} ({here}) to shoot."


def unit_actions(state: State, unit: Unit, source: str) -> list[str]:
    """What a unit may do for one power (``source`` "power") or when commanded."""
    found = [action for action in UNIT_ACTIONS if can(state, unit, action)]
    kind = ability(state, unit)
    if source == "power" and kind in POWER_ABILITIES and ability_targets(state, unit):
        found.append(kind)
    return found


# -- cards -------------------------------------------------------------------------------


def free_figure(state: State, kind: str) -> str | None:
    unit_type = state.foxen.unit(kind)
    if unit_type.role != "unit":
        return None if state.has_unit(kind) else kind
    for number in range(1, unit_type.figures + 1):
        figure = f"{kind}_{number}"
        if not state.has_unit(figure):
            return figure
    return None


def summon_spaces(state: State) -> list[str]:
    """KEEP and the TOWN spaces, unless the guardian stands there."""
    return [
        space.id
        for space in state.components.spaces
        if space.kind in ("keep", "town") and space.id != state.guardian_space
    ]


def card_actions(state: State, card: Card) -> list[str]:
    """The actions of a Foxen card that can be taken now ("summon" for a unit card)."""
    return list(_card_actions(state, card))


def can_play(state: State, card_id: str) -> bool:
    """Whether the hero may play ``card_id`` now: in hand (or possibly so) with an
    action it can take. Stops at the first such action, where ``main_actions`` lists
    them all: replaying a saved game checks every move it holds."""
    playable = state.actions_left > 0 and card_id in playable_cards(state)
    return playable and _has_action(state, card_id)


def _has_action(state: State, card_id: str) -> bool:
    return next(_card_actions(state, state.foxen.card(card_id)), None) is not None


def _card_actions(state: State, card: Card) -> Iterator[str]:
    if card.unit:
        if free_figure(state, card.unit) and summon_spaces(state):
            yield "summon"
        return
    found: set[str] = set()
    for option in card.options:
        if option.action in found:
            continue
        found.add(option.action)
        if option.action == "gain_power":
            yield "gain_power"
            continue
        merged = card.option(option.action)
        arrows = merged.arrows if merged else ()
        if any(can(state, unit, option.action, arrows) for unit in state.units):
            yield option.action


def playable_cards(state: State) -> list[str]:
    """Cards the hero might play: the hand when the app holds it, else any card that is
    neither in the discard pile nor in play."""
    cards = state.hero_cards
    if cards.hand_count == 0:
        return []
    if cards.known:
        return sorted(set(cards.hand))
    found = []
    for card in state.foxen.cards:
        in_play = sum(1 for unit in state.units if unit.kind == card.id)
        if state.foxen.copies(card.id) - cards.discard.count(card.id) - in_play > 0:
            found.append(card.id)
    return found


# -- the main phase ----------------------------------------------------------------------


def main_actions(state: State, *, one_card: bool = False) -> list[SkulkAction]:
    """``one_card``: at most one card among them (enough to say that one can be played)."""
    found: list[SkulkAction] = []
    if state.actions_left > 0:
        cards = (PlayCard(card) for card in playable_cards(state) if _has_action(state, card))
        found += itertools.islice(cards, 1) if one_card else cards
        if decks.can_draw(state.hero_cards):
            found.append(Prepare())
        if leaping_banned(state) and state.hero_cards.hand_count > 0:
            found.append(GroundRaptra())
    found += [
        SpendPower(unit.id)
        for unit in state.units
        if unit.power > 0 and unit_actions(state, unit, "power")
    ]
    if state.hero_relics > 0:
        found.append(SpendRelic())
    found.append(EndTurn())
    return found


def play_card(state: State, card_id: str) -> State:
    card = state.foxen.card(card_id)
    state = replace(state, actions_left=state.actions_left - 1)
    if card.unit:
        cards = decks.leave_hand(state.hero_cards, card_id)
        pending = Pending("summon", source="card", card=card_id)
        return replace(state, hero_cards=cards, pending=pending, last=f"Hero plays {card.name}.")
    cards = decks.discard_from_hand(state.hero_cards, card_id)
    pending = Pending("option", source="card", card=card_id)
    return replace(state, hero_cards=cards, pending=pending, last=f"Hero plays {card.name}.")


def spend_power(state: State, unit_id: str) -> State:
    unit = state.unit(unit_id)
    state = combat.put_unit(state, replace(unit, power=unit.power - 1))
    name = board.the_unit(state, unit_id)
    return replace(
        state,
        pending=Pending("option", source="power", unit=unit_id),
        last=f"Hero spends one power from {name}.",
    )


def ground_raptra(state: State) -> State:
    state = replace(state, actions_left=state.actions_left - 1)
    cards = state.hero_cards
    if cards.known:
        card, rng = state.rng.choice(cards.hand)
        cards = decks.discard_from_hand(cards, card)
        return replace(
            state,
            hero_cards=cards,
            rng=rng,
            airborne=False,
            last=f"Hero discards {state.foxen.card(card).name} at random: Raptra lands.",
        )
    return replace(state, pending=Pending("discard", source="ground"))


# -- the steps ---------------------------------------------------------------------------


def _option_actions(state: State, pending: Pending) -> list[str]:
    if pending.source == "card":
        return card_actions(state, state.foxen.card(pending.card))
    return unit_actions(state, state.unit(pending.unit), pending.source)


def card_arrows(state: State, pending: Pending) -> tuple[Direction, ...]:
    """The arrows a MOVE may follow: the card's, or any way for one power."""
    if pending.source == "card":
        option = state.foxen.card(pending.card).option("move")
        return option.arrows if option else ()
    return ALL_DIRECTIONS


def choices(state: State) -> list[SkulkAction]:
    """The answers to the hero's pending step."""
    pending = state.pending
    assert pending is not None
    step = pending.step
    if step == "summon":
        return [ChooseSpace(space) for space in summon_spaces(state)]
    if step == "option":
        return [ChooseAction(action) for action in _option_actions(state, pending)]
    if step == "unit":
        arrows = card_arrows(state, pending)
        return [
            ChooseUnit(unit.id) for unit in state.units if can(state, unit, pending.action, arrows)
        ]
    if step == "double":
        return [
            *(ChooseUnit(u.id) for u in state.units if can(state, u, "leap")),
            Decline(),
        ]
    unit = state.unit(pending.unit) if pending.unit else None
    if step == "direction" and unit:
        return [Move(d) for d in move_directions(state, unit, pending.arrows)]
    if step in ("leap", "mount") and unit:
        found: list[SkulkAction] = []
        for target in leap_targets(state, unit):
            if target == "off":
                found.append(LeapOff())
            elif step == "leap" or state.board.location(target).lowest:
                found.append(ChooseLocation(target))
        return [*found, Decline()] if step == "mount" else found
    if step == "attack" and unit:
        return [
            ChooseLocation(target) if kind == "location" else ChooseSpace(target)
            for kind, target in attack_targets(state, unit, pending.action)
        ]
    if step in ("recall", "heal", "command") and unit:
        targets = ability_targets(state, unit)
        if step == "recall":
            return [ChooseCard(card) for card in targets]
        return [ChooseUnit(target) for target in targets]
    if step == "discard":
        return discard_choices(state)
    return []


def discard_choices(state: State) -> list[SkulkAction]:
    if state.hero_cards.known:
        return [ChooseCard(card) for card in sorted(set(state.hero_cards.hand))]
    return [ChooseCard(card) for card in playable_cards(state)]


def resolve(state: State, action: SkulkAction) -> State:
    """Carry out a hero's main-phase action or the answer to a pending step."""
    if isinstance(action, PlayCard):
        return play_card(state, action.card)
    if isinstance(action, SpendPower):
        return spend_power(state, action.unit)
    if isinstance(action, GroundRaptra):
        return ground_raptra(state)
    pending = state.pending
    assert pending is not None
    done = replace(state, pending=None)
    step = pending.step
    if step == "summon" and isinstance(action, ChooseSpace):
        figure = free_figure(state, pending.card)
        assert figure is not None
        state = combat.put_unit(done, Unit(figure, pending.card, space=action.space))
        where = board.space_name(state, action.space)
        return replace(
            state, last=f"{board.capital(board.the_unit(state, figure))} joins in {where}."
        )
    if step == "option" and isinstance(action, ChooseAction):
        return _chosen_action(state, pending, action.action)
    if step in ("unit", "double") and isinstance(action, ChooseUnit):
        return replace(state, pending=_after_unit(state, pending, action.unit))
    if step == "direction" and isinstance(action, Move):
        return _move(done, pending.unit, action.direction)
    if step in ("leap", "mount"):
        if isinstance(action, Decline):
            return done
        if isinstance(action, ChooseLocation):
            state = combat.attach(done, pending.unit, action.location)
            where = board.location_name(state, action.location)
            state = replace(
                state,
                last=f"{board.capital(board.the_unit(state, pending.unit))} leaps to {where}.",
            )
        elif isinstance(action, LeapOff):
            state = combat.place_on_ground(done, pending.unit, state.guardian_space)
            state = replace(
                state, last=f"{board.capital(board.the_unit(state, pending.unit))} leaps off."
            )
        if pending.action == "double_leap" and pending.leaps == 0:
            return replace(
                state,
                pending=Pending(
                    "double", source="card", card=pending.card, action="double_leap", leaps=1
                ),
            )
        return state
    if step == "double" and isinstance(action, Decline):
        return done
    if step == "attack":
        name = board.the_unit(state, pending.unit)
        if isinstance(action, ChooseLocation):
            where = board.location_name(state, action.location)
            if board.full(state, action.location):
                text = f"{board.capital(name)}'s attack has no effect: {where} is full of wounds."
                return replace(done, last=text)
            state = combat.wound_location(done, action.location)
            return replace(
                state, last=f"{board.capital(name)} wounds {state.board.name} at {where}."
            )
        if isinstance(action, ChooseSpace):
            roots = list(done.roots)
            roots.remove(action.space)
            where = board.space_name(state, action.space)
            return replace(
                done, roots=tuple(roots), last=f"{board.capital(name)} destroys a root in {where}."
            )
    if step == "recall" and isinstance(action, ChooseCard):
        cards = decks.take_from_discard(state.hero_cards, action.card)
        card = state.foxen.card(action.card).name
        return replace(done, hero_cards=cards, last=f"Hero recalls {card} to hand.")
    if step == "heal" and isinstance(action, ChooseUnit):
        state = combat.heal_unit(done, action.unit)
        return replace(
            state, last=f"{board.capital(board.the_unit(state, action.unit))} is healed."
        )
    if step == "command" and isinstance(action, ChooseUnit):
        name = board.the_unit(state, action.unit)
        return replace(
            done,
            pending=Pending("option", source="command", unit=action.unit),
            last=f"{board.capital(board.the_unit(state, pending.unit))} commands {name}.",
        )
    if step == "discard" and isinstance(action, ChooseCard):
        return discard(done, pending.source, action.card)
    raise AssertionError(f"unhandled hero step {step} / {action}")


def discard(state: State, source: str, card: str) -> State:
    """A card discarded for PREPARE (then draw two) or to bring Raptra down."""
    cards = decks.discard_from_hand(state.hero_cards, card)
    name = state.foxen.card(card).name
    if source == "ground":
        return replace(
            state, hero_cards=cards, airborne=False, last=f"Hero discards {name}: Raptra lands."
        )
    cards, rng, drawn = decks.draw(cards, state.rng, 2)
    return replace(
        state, hero_cards=cards, rng=rng, last=f"Hero discards {name} and draws {drawn}."
    )


def _chosen_action(state: State, pending: Pending, action: str) -> State:
    done = replace(state, pending=None)
    if pending.source == "card":
        if action == "gain_power":
            option = state.foxen.card(pending.card).option("gain_power")
            amount = min(option.amount if option else 0, combat.power_in_supply(state))
            return replace(
                done, hero_pool=state.hero_pool + amount, last=f"Hero gains {amount} power."
            )
        arrows = card_arrows(state, pending) if action == "move" else ()
        return replace(
            state,
            pending=Pending("unit", source="card", card=pending.card, action=action, arrows=arrows),
        )
    step = {"move": "direction", "leap": "leap", "melee": "attack", "missile": "attack"}.get(
        action, action
    )
    arrows = ALL_DIRECTIONS if action == "move" else ()
    return replace(
        state,
        pending=Pending(
            step, source=pending.source, action=action, unit=pending.unit, arrows=arrows
        ),
    )


def _after_unit(state: State, pending: Pending, unit: str) -> Pending:
    action = pending.action
    if action == "move":
        return replace(pending, step="direction", unit=unit)
    if action in ("leap", "double_leap"):
        return replace(pending, step="leap", unit=unit)
    return replace(pending, step="attack", unit=unit)


def _move(state: State, unit_id: str, direction: Direction) -> State:
    unit = state.unit(unit_id)
    target = state.layout.step(unit.space, direction, "hero")
    assert target is not None
    state = combat.place_on_ground(state, unit_id, target)
    name = board.the_unit(state, unit_id)
    state = replace(
        state, last=f"{board.capital(name)} moves to {board.space_name(state, target)}."
    )
    moved = state.unit(unit_id)
    if (
        ability(state, moved) == "mount"
        and target == state.guardian_space
        and any(state.board.location(t).lowest for t in leap_targets(state, moved) if t != "off")
    ):
        return replace(state, pending=Pending("mount", source="mount", unit=unit_id))
    return state

"""Questions about the board: who is where, who is banded, what is full or disabled."""

from __future__ import annotations

from engines.skulk_hollow.state import State, Unit


def unit_name(state: State, unit_id: str) -> str:
    """A figure's name for the table: "Knight 2", "Sentinel", "King of War"."""
    unit = state.unit(unit_id)
    name = state.unit_type(unit).name
    if unit.id != unit.kind and state.unit_type(unit).figures > 1:
        return f"{name} {unit.id.rsplit('_', 1)[-1]}"
    return name


def the_unit(state: State, unit_id: str) -> str:
    """A figure's name as a sentence names it: "the Sentinel", but "Knight 2" (a
    numbered figure's name stands alone, like a person's)."""
    name = unit_name(state, unit_id)
    return name if name[-1].isdigit() else f"the {name}"


def capital(words: str) -> str:
    """``words`` opening a sentence: "the Sentinel" -> "The Sentinel"."""
    return words[:1].upper() + words[1:]


def guardian_card_name(state: State, card: str) -> str:
    """A guardian card's name for the table, marked as the guardian's when a Foxen
    card has the same name: Apoda's "Strike" reads "Strike (Apoda's card)"."""
    name = state.board.card(card).name
    if any(hero_card.name == name for hero_card in state.foxen.cards):
        return f"{name} ({state.board.name}'s card)"
    return name


def space_name(state: State, space: str) -> str:
    return state.components.space(space).name


def location_name(state: State, location: str) -> str:
    loc = state.board.location(location)
    return f"{loc.ability.upper()} ({loc.name})"


def on_ground(state: State, space: str) -> tuple[Unit, ...]:
    return tuple(unit for unit in state.units if unit.space == space)


def attached(state: State, location: str | None = None) -> tuple[Unit, ...]:
    """Units attached to ``location``, or to any location when it is None."""
    if location is None:
        return tuple(unit for unit in state.units if unit.location)
    return tuple(unit for unit in state.units if unit.location == location)


def on_map(state: State) -> tuple[Unit, ...]:
    return tuple(unit for unit in state.units if unit.space)


def is_leader(state: State, unit: Unit) -> bool:
    return unit.kind == state.config.leader


def leader(state: State) -> Unit | None:
    return next((unit for unit in state.units if is_leader(state, unit)), None)


def banded(state: State, unit: Unit) -> bool:
    """Another hero unit shares this unit's ground space or guardian location."""
    return any(
        other.id != unit.id
        and (
            (unit.space and other.space == unit.space)
            or (unit.location and other.location == unit.location)
        )
        for other in state.units
    )


def protected(state: State, unit: Unit) -> bool:
    """The banded leader: no guardian action can wound or affect it."""
    return is_leader(state, unit) and banded(state, unit)


def exposed(state: State, units: tuple[Unit, ...]) -> tuple[Unit, ...]:
    """The units a guardian action may affect (the banded leader left out)."""
    return tuple(unit for unit in units if not protected(state, unit))


def location_index(state: State, location: str) -> int:
    for index, loc in enumerate(state.board.locations):
        if loc.id == location:
            return index
    raise KeyError(f"{state.board.name} has no location {location!r}")


def wounds_at(state: State, location: str) -> int:
    return state.guardian_wounds[location_index(state, location)]


def full(state: State, location: str) -> bool:
    return wounds_at(state, location) >= state.board.location(location).wounds


def free_slots(state: State, location: str) -> int:
    return state.board.location(location).slots - len(attached(state, location))


def disabled(state: State, ability: str) -> bool:
    """An ability is disabled while a location bearing it has every wound space full."""
    return any(loc.ability == ability and full(state, loc.id) for loc in state.board.locations)


def guardian_wounds(state: State) -> int:
    return sum(state.guardian_wounds)


def surrounding(state: State) -> tuple[str, ...]:
    """The ground spaces around the guardian's ground space."""
    return state.layout.neighbours(state.guardian_space)


def empty_space(state: State, space: str) -> bool:
    """No figure or token of either player: no hero, no guardian, no root or rune."""
    return (
        not on_ground(state, space)
        and state.guardian_space != space
        and space not in state.roots
        and space not in state.runes
    )


def power_capacity(state: State, unit: Unit) -> int:
    return state.unit_type(unit).power

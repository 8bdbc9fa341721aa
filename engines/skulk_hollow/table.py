"""What lies on the table in a Skulk Hollow game, as places (see ``engines.core.changes``).

A place is keyed by the piece or the spot it describes, so that a piece that moves, or a
token put on a card, differs in one place of its own:

- ``guardian:space`` the ground space of the guardian figure; ``guardian:status``
  Raptra's status card ("air" or "ground", the cloud token with it); ``guardian:power``
  the power cubes on the guardian's mat and ``guardian:pool`` those in its pool;
  ``guardian:relics``; ``guardian:discard`` the face-up discard pile, by card name.
- ``location:<id>`` the wounds on one guardian location.
- ``unit:<id>`` where a hero figure is: ``space:<id>`` on the map or ``location:<id>``
  on the guardian board; ``wounds:<id>`` and ``power:<id>`` the tokens on its unit card.
- ``tribute`` (Grak's tribute track), ``runes:collected`` and ``rune:<space>`` (Apoda),
  ``root:<space>`` (Tanthos's root tokens on the map).
- ``hero:pool``, ``hero:relics``; ``hero:hand`` (the cards by name when the app holds
  the Foxen deck, else how many), ``hero:deck`` (how many), ``hero:discard``.

The guardian's hand and deck are no places: the app holds them, and their real cards
lie sorted aside until the app names one to play or discard.
"""

from __future__ import annotations

from collections.abc import Hashable

from engines.skulk_hollow import board
from engines.skulk_hollow.state import State, Unit


def table_places(state: State) -> dict[str, Hashable]:
    """Everything the people can see or handle in ``state``, place by place."""
    places: dict[str, Hashable] = {
        "guardian:space": state.guardian_space,
        "guardian:pool": state.guardian_pool,
        "guardian:relics": state.guardian_relics,
        "guardian:discard": tuple(state.board.card(c).name for c in state.guardian_cards.discard),
        "hero:pool": state.hero_pool,
        "hero:relics": state.hero_relics,
        "hero:deck": state.hero_cards.deck_count,
        "hero:discard": tuple(state.foxen.card(c).name for c in state.hero_cards.discard),
    }
    hero = state.hero_cards
    places["hero:hand"] = (
        tuple(state.foxen.card(c).name for c in hero.hand) if hero.known else hero.hand_count
    )
    if state.board.power > 0:
        places["guardian:power"] = state.guardian_power
    for location, wounds in zip(state.board.locations, state.guardian_wounds, strict=True):
        places[f"location:{location.id}"] = wounds
    for unit in state.units:
        places[f"unit:{unit.id}"] = whereabouts(unit)
        places[f"wounds:{unit.id}"] = unit.wounds
        places[f"power:{unit.id}"] = unit.power
    guardian = state.config.guardian
    if guardian == "grak":
        places["tribute"] = state.eliminated
    elif guardian == "apoda":
        places["runes:collected"] = state.runes_collected
        for space in set(state.runes):
            places[f"rune:{space}"] = state.runes.count(space)
    elif guardian == "tanthos":
        for space in set(state.roots):
            places[f"root:{space}"] = state.roots.count(space)
    elif guardian == "raptra":
        places["guardian:status"] = "air" if state.airborne else "ground"
    return places


def whereabouts(unit: Unit) -> str:
    """The spot a hero figure occupies, as the drawn board names it."""
    return f"space:{unit.space}" if unit.space else f"location:{unit.location}"


def spot_name(state: State, spot: str) -> str:
    """ "space:mine" -> "MINE", "location:gaze" -> "Grak's Head"."""
    kind, _, name = spot.partition(":")
    if kind == "space":
        return board.space_name(state, name)
    return f"{state.board.name}'s {state.board.location(name).name}"

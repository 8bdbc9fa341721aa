"""Helpers that lay out Skulk Hollow positions for tests."""

from __future__ import annotations

from dataclasses import replace

from engines.skulk_hollow import rules
from engines.skulk_hollow.actions import SkulkAction
from engines.skulk_hollow.config import Config
from engines.skulk_hollow.state import Cards, State, Unit


def game(
    guardian: str = "grak",
    leader: str = "king_of_war",
    foxen_deck: str = "table",
    seed: int = 0,
    **config: int,
) -> State:
    return rules.new_game(
        Config(guardian=guardian, leader=leader, foxen_deck=foxen_deck, **config),  # type: ignore[arg-type]
        seed,
    )


def place(state: State, *units: Unit, keep_start: bool = False) -> State:
    """Put exactly these units in play (plus the start units if ``keep_start``)."""
    kept = state.units if keep_start else ()
    ids = {unit.id for unit in units}
    merged = tuple(u for u in kept if u.id not in ids) + units
    return replace(state, units=tuple(sorted(merged, key=lambda u: u.id)))


def leader(kind: str = "king_of_war", space: str = "keep", **fields: int | str) -> Unit:
    return Unit(kind, kind, space=space, **fields)  # type: ignore[arg-type]


def unit(figure: str, space: str = "", location: str = "", **fields: int) -> Unit:
    kind = figure.rsplit("_", 1)[0] if figure[-1].isdigit() else figure
    return Unit(figure, kind, space=space, location=location, **fields)


def guardian_turn(state: State, actions: int = 2, hand: tuple[str, ...] | None = None) -> State:
    """The guardian's main phase, optionally with a given hand."""
    state = replace(state, active="guardian", actions_left=actions, pending=None)
    if hand is not None:
        state = with_hand(state, "guardian", hand)
    return state


def hero_turn(state: State, actions: int = 3) -> State:
    return replace(state, active="hero", actions_left=actions, pending=None)


def with_hand(state: State, side: str, hand: tuple[str, ...]) -> State:
    """Give a side (whose cards the app holds) exactly this hand."""
    cards = state.hero_cards if side == "hero" else state.guardian_cards
    cards = replace(cards, hand=tuple(sorted(hand)), hand_count=len(hand))
    if side == "hero":
        assert cards.known, "give the hero a hand only when the app holds the Foxen deck"
        return replace(state, hero_cards=cards)
    return replace(state, guardian_cards=cards)


def wounds(state: State, **by_location: int) -> State:
    values = list(state.guardian_wounds)
    for index, location in enumerate(state.board.locations):
        if location.id in by_location:
            values[index] = by_location[location.id]
    return replace(state, guardian_wounds=tuple(values))


def fill_all_but(state: State, location: str, missing: int = 1) -> State:
    """Every wound space full except ``missing`` on ``location``."""
    values = tuple(
        loc.wounds - (missing if loc.id == location else 0) for loc in state.board.locations
    )
    return replace(state, guardian_wounds=values)


def run(state: State, *actions: SkulkAction) -> State:
    for action in actions:
        state = rules.apply(state, action)
    return state


def table_cards(hand_count: int = 5, deck_count: int = 10, discard: tuple[str, ...] = ()) -> Cards:
    return Cards(known=False, hand_count=hand_count, deck_count=deck_count, discard=discard)

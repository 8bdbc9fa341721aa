"""The owner's village cards (rows, spaces, glory), kept as their component profile.

The rulebook prints no village values (RULINGS C1), so the engine ships assumed ones;
what the owner enters in the village editor is stored in the database and used by every
new game. The stored data has the shape of the engine's villages.toml.
"""

from __future__ import annotations

from typing import Any

from kivy.app import App

from app.storage.profiles import use_shipped_values
from engines.chickwood import CardProfile, DataError, default_cards, parse_cards

GAME = "chickwood"


def to_data(cards: tuple[CardProfile, ...]) -> dict[str, Any]:
    entries = []
    for card in cards:
        rows = [
            {"spaces": row.spaces} | ({} if row.glory is None else {"glory": row.glory})
            for row in card.rows
        ]
        entries.append(
            {
                "card": card.card,
                "forest": card.forest,
                "rows": rows,
                "in_two_player": card.in_two_player,
                "status": card.status,
            }
        )
    return {"card": entries}


def saved_village_cards() -> tuple[CardProfile, ...]:
    """The owner's cards if they entered them, else the shipped (assumed) ones; DataError
    (in words) if the saved ones cannot be used."""
    data = App.get_running_app().store.profile(GAME)
    return default_cards() if data is None else parse_cards(data, "your village profile")


def village_cards() -> tuple[CardProfile, ...]:
    """The cards a new game uses: the shipped ones (with a notice) if the owner's saved
    ones cannot be used."""
    try:
        return saved_village_cards()
    except DataError as problem:
        store = App.get_running_app().store
        use_shipped_values(store, "Chickwood Forest", '"Village cards"', str(problem))
        return default_cards()


def save_village_cards(cards: tuple[CardProfile, ...]) -> None:
    App.get_running_app().store.save_profile(GAME, to_data(cards))

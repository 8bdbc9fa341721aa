"""What a new Skoventyr game asks: difficulty, modules and who holds the deck."""

from __future__ import annotations

from typing import Any

from kivy.app import App

from app.game_options import NewGameForm, Option
from app.storage.profiles import saved_corrections
from engines.core import JSON
from engines.skoventyr import CardCorrection, Config, corrections_from_profile

#: The name the owner's card profile is stored under, and the New game button to it.
PROFILE = "skoventyr"
EDITOR = '"Card powers"'

#: Difficulty, from easiest to hardest, as the Config fields it sets.
DIFFICULTIES: dict[str, dict[str, int]] = {
    "easier+2": {"extra_healthy_trees": 2},
    "easier+1": {"extra_healthy_trees": 1},
    "standard": {},
    "harder1": {"damaged_trees": 1},
    "harder2": {"damaged_trees": 2},
}


def owner_profile() -> tuple[CardCorrection, ...]:
    """The owner's card powers as the engine takes them; none (the shipped values, with
    a notice) when the saved ones cannot be used."""
    return saved_corrections(
        App.get_running_app().store,
        PROFILE,
        "Skoventyr",
        EDITOR,
        corrections_from_profile,
        lambda corrections: Config(profile=corrections),  # checks them against the cards
    )


def make_config(players: list[str], values: dict[str, Any]) -> Config:
    return Config(
        players=len(players),
        lygtemands=values["lygtemands"],
        rescue=values["rescue"],
        deck_mode=values["deck_mode"],
        profile=owner_profile(),
        **DIFFICULTIES[values["difficulty"]],
    )


FORM = NewGameForm(
    min_players=1,
    max_players=4,
    options=(
        Option(
            "difficulty",
            "Difficulty",
            (
                # Words a newcomer reads at once; the set-up guide says what they mean
                # for the Trees (two more Trees ... two start Damaged).
                ("Easiest", "easier+2"),
                ("Easier", "easier+1"),
                ("Standard", "standard"),
                ("Harder", "harder1"),
                ("Hardest", "harder2"),
            ),
            "standard",
        ),
        Option("lygtemands", "Lygtemands", (("Without", False), ("With", True)), False),
        Option("rescue", "Rescue", (("Without", False), ("With", True)), False),
        Option(
            "deck_mode",
            "Deck",
            (("The app deals", "app"), ("We shuffle real cards", "table")),
            "app",
        ),
    ),
    make_config=make_config,
    tools=(("Card powers", "app.skoventyr.profile_screen:CardPowersScreen"),),
)


def summary(data: JSON) -> str:
    """The options a saved game was played with, in a few words for History."""
    config = Config.from_dict(data)
    difficulty = next(
        (words for words, key in FORM.options[0].choices if DIFFICULTIES[key] == _trees(config)),
        "custom Forest",
    )
    modules = [
        name for name, on in (("Lygtemands", config.lygtemands), ("Rescue", config.rescue)) if on
    ]
    parts = [difficulty, *modules]
    if config.deck_mode == "table":
        parts.append("table deck")
    if config.profile:
        parts.append("your card powers")
    return ", ".join(parts)


def _trees(config: Config) -> dict[str, int]:
    fields = ("extra_healthy_trees", "damaged_trees", "extra_damaged_trees")
    return {name: getattr(config, name) for name in fields if getattr(config, name)}

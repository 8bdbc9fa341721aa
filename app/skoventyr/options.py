"""What a new Skoventyr game asks: difficulty, modules and who holds the deck."""

from __future__ import annotations

from typing import Any

from app.game_options import NewGameForm, Option
from engines.skoventyr import Config

#: Difficulty, from easiest to hardest, as the Config fields it sets.
DIFFICULTIES: dict[str, dict[str, int]] = {
    "easier+2": {"extra_healthy_trees": 2},
    "easier+1": {"extra_healthy_trees": 1},
    "standard": {},
    "harder1": {"damaged_trees": 1},
    "harder2": {"damaged_trees": 2},
}


def make_config(players: list[str], values: dict[str, Any]) -> Config:
    return Config(
        players=len(players),
        lygtemands=values["lygtemands"],
        rescue=values["rescue"],
        deck_mode=values["deck_mode"],
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
)


def summary(data: object) -> str:
    """The options a saved game was played with, in a few words for History."""
    config = Config.from_dict(data)  # type: ignore[arg-type]
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
    return ", ".join(parts)


def _trees(config: Config) -> dict[str, int]:
    fields = ("extra_healthy_trees", "damaged_trees", "extra_damaged_trees")
    return {name: getattr(config, name) for name in fields if getattr(config, name)}

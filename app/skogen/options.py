"""What a new Skogen game asks: who rolls the catastrophe die."""

from __future__ import annotations

from typing import Any

from app.game_options import NewGameForm, Option
from engines.core import JSON
from engines.skogen import Config


def make_config(players: list[str], values: dict[str, Any]) -> Config:
    return Config(players=tuple(players), die=values["die"])


FORM = NewGameForm(
    min_players=2,
    max_players=6,
    options=(
        Option(
            "die",
            "Catastrophe die",
            (("The app rolls", "app"), ("We roll the real die", "table")),
            "app",
        ),
    ),
    make_config=make_config,
)


def summary(data: JSON) -> str:
    """The options a saved game was played with, in a few words for History."""
    config = Config.from_dict(data)
    return "the app rolled the die" if config.die == "app" else "the real die"

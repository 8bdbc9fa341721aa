"""What a new Chickwood Forest game asks: track every round or enter the final count,
and the Legendary variant. The village cards come from the owner's profile."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from app.chickwood.profile import village_cards
from app.game_options import NewGameForm, Option
from engines.chickwood import Config, deal
from engines.core import JSON


def make_config(players: list[str], values: dict[str, Any]) -> Config:
    config = Config(
        players=tuple(players),
        legendary=values["legendary"],
        cards=village_cards(),
        quick=values["quick"],
    )
    if config.quick:
        return config
    # Deal the village layout and starting castles now, so that the set-up guide shows
    # the very deal the game then tracks.
    layout, castles, _ = deal(config, random.SystemRandom().randrange(2**31))
    return replace(config, layout=layout, starting_castles=castles)


FORM = NewGameForm(
    min_players=2,
    max_players=5,
    options=(
        Option(
            "quick",
            "Keep score",
            (("Every round", False), ("Final count only", True)),
            False,
        ),
        Option("legendary", "Legendary", (("Without", False), ("With", True)), False),
    ),
    make_config=make_config,
    tools=(("Village cards", "app.chickwood.profile_screen:VillageProfileScreen"),),
    needs_setup=lambda config: not config.quick,
)


def summary(data: JSON) -> str:
    """The options a saved game was played with, in a few words for History."""
    config = Config.from_dict(data)
    parts = ["quick score" if config.quick else "every round"]
    if config.legendary:
        parts.append("Legendary")
    return ", ".join(parts)

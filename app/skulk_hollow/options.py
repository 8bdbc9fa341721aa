"""What a new Skulk Hollow game asks: the guardian, the Foxen leader, help, the deck."""

from __future__ import annotations

from typing import Any

from kivy.app import App

from app.game_options import NewGameForm, Option
from app.skulk_hollow.look import title
from engines.skulk_hollow import Config, Correction
from engines.skulk_hollow.components import GUARDIANS, LEADERS
from engines.skulk_hollow.config import LEVELS


def owner_profile() -> tuple[Correction, ...]:
    """The owner's corrections from the component check, as the engine takes them."""
    saved = App.get_running_app().store.profile("skulk_hollow") or {}
    return tuple(Correction(path, _value(value)) for path, value in sorted(saved.items()))


def _value(value: Any) -> Any:
    return tuple(_value(v) for v in value) if isinstance(value, list) else value


def make_config(players: list[str], values: dict[str, Any]) -> Config:
    return Config(
        guardian=values["guardian"],
        leader=values["leader"],
        level=values["level"],
        hero_relics=values["hero_relics"],
        guardian_relics=values["guardian_relics"],
        foxen_deck=values["foxen_deck"],
        profile=owner_profile(),
    )


FORM = NewGameForm(
    min_players=1,
    max_players=1,
    options=(
        Option("guardian", "Guardian", tuple((title(g), g) for g in GUARDIANS), "grak"),
        Option(
            "leader",
            "Leader",
            tuple((title(lead).split(" of ")[0], lead) for lead in LEADERS),
            "king_of_war",
        ),
        Option("level", "Its level", tuple((title(level), level) for level in LEVELS), "normal"),
        Option("hero_relics", "Your relics", tuple((str(n), n) for n in (0, 1, 2, 3, 6)), 0),
        Option("guardian_relics", "Its relics", tuple((str(n), n) for n in (0, 1, 2, 3, 6)), 0),
        Option(
            "foxen_deck",
            "Foxen deck",
            (("My own cards", "table"), ("The app deals", "app")),
            "table",
        ),
    ),
    make_config=make_config,
    tools=(("Check components", "app.skulk_hollow.component_check:ComponentCheckScreen"),),
)


def summary(data: object) -> str:
    """Guardian, leader, level and help, for History."""
    config = Config.from_dict(data)
    words = f"{title(config.guardian)} vs {title(config.leader)}, {config.level} guardian"
    if config.hero_relics:
        words += f", {config.hero_relics} relics for you"
    if config.guardian_relics:
        words += f", {config.guardian_relics} for the guardian"
    return words

"""What a new Skulk Hollow game asks: the guardian, the Foxen leader, help, the deck."""

from __future__ import annotations

from typing import Any

from kivy.app import App

from app.game_options import NewGameForm, Option
from app.skulk_hollow.look import title
from app.storage.profiles import saved_corrections
from engines.core import JSON
from engines.skulk_hollow import (
    GUARDIANS,
    LEADERS,
    LEVELS,
    RELIC_TOKENS,
    Config,
    Correction,
    corrections_from_profile,
    load_components,
)


def owner_profile() -> tuple[Correction, ...]:
    """The owner's corrections from the component check, as the engine takes them; none
    (the shipped values, with a notice) when the saved ones cannot be used."""
    return saved_corrections(
        App.get_running_app().store,
        "skulk_hollow",
        "Skulk Hollow",
        '"Check components"',
        corrections_from_profile,
        lambda corrections: Config(profile=corrections),  # checks them against the data
    )


def make_config(players: list[str], values: dict[str, Any]) -> Config:
    relics = values["relics"]
    to_hero = values["relics_for"] == "hero"
    return Config(
        guardian=values["guardian"],
        leader=values["leader"],
        level=values["level"],
        hero_relics=relics if to_hero else 0,
        guardian_relics=0 if to_hero else relics,
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
        Option(
            "level",
            "Guardian's level",
            tuple((title(level), level) for level in LEVELS),
            "normal",
        ),
        # A handicap (the rulebook's ancient relics): tokens that each buy one more action.
        Option(
            "relics",
            "Extra-action relics",
            (("None", 0), *((str(n), n) for n in range(1, RELIC_TOKENS + 1))),
            0,
        ),
        Option(
            "relics_for", "Relics go to", (("You", "hero"), ("The guardian", "guardian")), "hero"
        ),
        Option(
            "foxen_deck",
            "Foxen cards",
            (("I shuffle mine", "table"), ("The app deals", "app")),
            "table",
        ),
    ),
    make_config=make_config,
    tools=(("Check components", "app.skulk_hollow.profile_screen:ComponentCheckScreen"),),
)


def bgstats_role(data: JSON) -> str:
    """The players' side as BG Stats' per-player role. The table leads the Foxen, and the
    app plays a guardian, which is no seat of the play, so the role names it: "Foxen
    against Grak"."""
    guardian = data.get("guardian") if isinstance(data, dict) else None
    if guardian not in GUARDIANS:  # a config the app cannot read: the side is still known
        return "Foxen"
    return f"Foxen against {load_components().guardian(str(guardian)).name}"


def relics(number: int) -> str:
    """ "1 relic", "2 relics"."""
    return f"{number} relic" if number == 1 else f"{number} relics"


def summary(data: JSON) -> str:
    """Guardian, leader, level and help, for History."""
    config = Config.from_dict(data)
    words = f"{title(config.guardian)} vs {title(config.leader)}, {config.level} guardian"
    if config.hero_relics:
        words += f", {relics(config.hero_relics)} for you"
    if config.guardian_relics:
        words += f", {relics(config.guardian_relics)} for the guardian"
    return words

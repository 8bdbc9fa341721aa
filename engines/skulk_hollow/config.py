"""The set-up options of a Skulk Hollow game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engines.core import Saveable
from engines.skulk_hollow.components import (
    GUARDIANS,
    LEADERS,
    RELIC_TOKENS,
    ComponentError,
    Components,
    Correction,
    load_components,
)

DeckHolder = Literal["table", "app"]
#: The guardian's levels of play (``bots.guardian``), weakest first.
LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
#: Games saved before the levels existed name their one level "standard".
_FORMER_LEVELS = {"standard": "normal"}


@dataclass(frozen=True)
class Config(Saveable):
    """Who plays whom, and with what help. ``Config()`` is Grak against the King of War.

    ``hero_relics`` / ``guardian_relics``: ancient relic tokens given to one side only as
    a handicap (six in the box; RULINGS K7). ``foxen_deck``: "table" when the hero player holds and
    shuffles the real Foxen cards and tells the app what they did; "app" when the app
    holds the Foxen deck too. The app always holds the guardian's deck. ``level`` is a
    how well the app plays the guardian: "easy", "normal" or "hard". ``profile`` carries
    the owner's corrections to the component data.
    """

    guardian: str = "grak"
    leader: str = "king_of_war"
    level: str = "normal"
    hero_relics: int = 0
    guardian_relics: int = 0
    foxen_deck: DeckHolder = "table"
    profile: tuple[Correction, ...] = ()

    def __post_init__(self) -> None:
        if self.guardian not in GUARDIANS:
            raise ValueError(f"The guardian is one of {', '.join(GUARDIANS)}.")
        if self.leader not in LEADERS:
            raise ValueError(f"The Foxen leader is one of {', '.join(LEADERS)}.")
        if self.level in _FORMER_LEVELS:  # frozen: set the field the way __init__ does
            object.__setattr__(self, "level", _FORMER_LEVELS[self.level])
        if self.level not in LEVELS:
            raise ValueError(f"The level is one of {', '.join(LEVELS)}.")
        for relics in (self.hero_relics, self.guardian_relics):
            if type(relics) is not int or relics < 0:
                raise ValueError("A number of relic tokens must be zero or more.")
        if self.hero_relics and self.guardian_relics:  # a handicap for one side (RULINGS K7)
            raise ValueError("Ancient relics go to one side only: the heroes or the guardian.")
        if self.hero_relics + self.guardian_relics > RELIC_TOKENS:
            raise ValueError(f"The box holds only {RELIC_TOKENS} ancient relic tokens.")
        if self.foxen_deck not in ("table", "app"):
            raise ValueError('The Foxen deck is held at the "table" or by the "app".')
        try:
            load_components(self.profile)
        except ComponentError as error:
            if not self.profile:  # the shipped data themselves
                raise
            raise ValueError(f"The component profile does not fit: {error}") from None

    @property
    def components(self) -> Components:
        return load_components(self.profile)

"""Bots for Skulk Hollow: the guardian at three levels, and hero players to measure it;
all build on the rule-following player of ``policy``."""

from engines.skulk_hollow.bots.guardian import (
    EasyGuardian,
    GuardianBot,
    HardGuardian,
    NormalGuardian,
    make_guardian,
)
from engines.skulk_hollow.bots.hero import GreedyHero, HeroBot, RandomHero, SearchHero, make_hero
from engines.skulk_hollow.bots.policy import automated, decide

__all__ = [
    "EasyGuardian",
    "GreedyHero",
    "GuardianBot",
    "HardGuardian",
    "HeroBot",
    "NormalGuardian",
    "RandomHero",
    "SearchHero",
    "automated",
    "decide",
    "make_guardian",
    "make_hero",
]

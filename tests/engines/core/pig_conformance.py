"""Pig held to the engine protocol, as ``engines/conformance.py`` holds the games: mypy
reads this module (pyproject.toml lists it with Pig), so Pig drifting from ``GameRules``
fails the type check."""

from engines.core import GameRules
from tests.engines.core import pig

PIG: GameRules[pig.State, pig.PigAction, pig.Config] = pig

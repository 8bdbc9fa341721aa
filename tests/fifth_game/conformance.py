"""Pebbles held to the engine protocol, as engines/conformance.py holds the four games:
mypy reads this folder (pyproject.toml), so rules drifting from ``GameRules`` fail."""

from engines.core import GameRules
from tests.fifth_game import rules as pebbles

PEBBLES: GameRules[pebbles.State, pebbles.PebblesAction, pebbles.Config] = pebbles

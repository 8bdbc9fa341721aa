"""Skogen: a ledger beside the board for turns, laps, life cards, the catastrophe die,
the end of the game and the final bonus.

One module per concept: ``board`` (track and die data), ``ledger`` (turn points),
``life_cards`` (hand limit, bonus), ``catastrophe`` (the die), ``end`` (end of game and
final scores), ``turns`` (what each move does), ``corrections`` (ledger lines put right),
``rules`` (the engine protocol), ``setup``, ``table`` (what lies on the table and the
changes that keep it in step). The package satisfies ``engines.core.GameRules``
(engines/conformance.py).

This package is the game's public face: the app imports only the names of ``__all__``
(tests/test_engine_faces.py), never a module inside it. ``setup`` is exported whole: the
names of the pieces its steps put out (``setup.BOARD``, ``setup.token(player)``), which
read by it.
"""

from engines.core import PlayerScore  # the score lines every scored game gives
from engines.skogen import setup
from engines.skogen.actions import (
    DieFace,
    FixTurn,
    NoElement,
    PlaceTiles,
    Reroll,
    RollDie,
    SetScore,
    SkogenAction,
    TakeElement,
    TakeTwo,
    action_from_dict,
)
from engines.skogen.board import Board
from engines.skogen.config import STARTING_HAND, Config
from engines.skogen.ledger import ACTION_NAMES, ELEMENT_POINTS, SPECIES_POINTS, Standing, standings
from engines.skogen.life_cards import LIFE_NAMES, LIFE_TYPES
from engines.skogen.progress import progress
from engines.skogen.rules import (
    NAME,
    apply,
    legal_actions,
    manual_edits,
    new_game,
    outcome,
    scores,
    view,
)
from engines.skogen.setup import setup_steps
from engines.skogen.state import PlayerLedger, State, TurnRecord
from engines.skogen.table import TURN_ORDER, table_changes, table_places
from engines.skogen.turns import printed_draw
from engines.skogen.words import counted

__all__ = [
    "ACTION_NAMES",
    "ELEMENT_POINTS",
    "LIFE_NAMES",
    "LIFE_TYPES",
    "NAME",
    "SPECIES_POINTS",
    "STARTING_HAND",
    "TURN_ORDER",
    "Board",
    "Config",
    "DieFace",
    "FixTurn",
    "NoElement",
    "PlaceTiles",
    "PlayerLedger",
    "PlayerScore",
    "Reroll",
    "RollDie",
    "SetScore",
    "SkogenAction",
    "Standing",
    "State",
    "TakeElement",
    "TakeTwo",
    "TurnRecord",
    "action_from_dict",
    "apply",
    "counted",
    "legal_actions",
    "manual_edits",
    "new_game",
    "outcome",
    "printed_draw",
    "progress",
    "scores",
    "setup",
    "setup_steps",
    "standings",
    "table_changes",
    "table_places",
    "view",
]

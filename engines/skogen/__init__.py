"""Skogen: a ledger beside the board for turns, laps, life cards, the catastrophe die,
the end of the game and the final bonus.

One module per concept: ``board`` (track and die data), ``ledger`` (turn points),
``life_cards`` (hand limit, bonus), ``catastrophe`` (the die), ``end`` (end of game and
final scores), ``turns`` (what each move does), ``corrections`` (ledger lines put right),
``rules`` (the engine protocol), ``setup``, ``table`` (what lies on the table and the
changes that keep it in step).
"""

from engines.core import PlayerScore  # the score lines every scored game gives
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
from engines.skogen.config import Config
from engines.skogen.ledger import Standing, standings
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
from engines.skogen.state import PlayerLedger, State
from engines.skogen.table import table_changes, table_places
from engines.skogen.turns import printed_draw

__all__ = [
    "NAME",
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
    "action_from_dict",
    "apply",
    "legal_actions",
    "manual_edits",
    "new_game",
    "outcome",
    "printed_draw",
    "progress",
    "scores",
    "setup_steps",
    "standings",
    "table_changes",
    "table_places",
    "view",
]

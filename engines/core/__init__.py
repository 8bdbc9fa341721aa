"""The protocol every game engine follows (see docs/DESIGN.md, "The engine protocol")."""

from engines.core.actions import Action, accepted
from engines.core.changes import (
    Change,
    Places,
    Table,
    check_changes,
    differences,
    made,
    plain,
    plain_places,
    settle,
    to_announce,
)
from engines.core.errors import IllegalAction
from engines.core.outcome import Outcome
from engines.core.progress import Progress
from engines.core.rng import Rng
from engines.core.rules import ActionT, AnyGameRules, AutomatedSide, ConfigT, GameRules, StateT
from engines.core.scoring import Line, PlayerScore
from engines.core.serial import JSON, Saveable, from_data, to_data
from engines.core.session import UNDO, Event, Recorder, Session
from engines.core.setup import SetupStep
from engines.core.turn_order import TurnOrder

__all__ = [
    "JSON",
    "UNDO",
    "Action",
    "ActionT",
    "AnyGameRules",
    "AutomatedSide",
    "Change",
    "ConfigT",
    "Event",
    "GameRules",
    "IllegalAction",
    "Line",
    "Outcome",
    "Places",
    "PlayerScore",
    "Progress",
    "Recorder",
    "Rng",
    "Saveable",
    "Session",
    "SetupStep",
    "StateT",
    "Table",
    "TurnOrder",
    "accepted",
    "check_changes",
    "differences",
    "from_data",
    "made",
    "plain",
    "plain_places",
    "settle",
    "to_announce",
    "to_data",
]

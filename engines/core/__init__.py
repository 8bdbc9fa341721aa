"""The protocol every game engine follows (see docs/DESIGN.md, "The engine protocol")."""

from engines.core.actions import Action, accepted
from engines.core.changes import Change, Places, check_changes, differences, to_announce
from engines.core.errors import IllegalAction
from engines.core.outcome import Outcome
from engines.core.progress import Progress
from engines.core.rng import Rng
from engines.core.rules import AnyGameRules, AutomatedSide, GameRules
from engines.core.scoring import Line, PlayerScore
from engines.core.serial import JSON, Saveable, from_data, to_data
from engines.core.session import UNDO, Event, Recorder, Session
from engines.core.setup import SetupStep

__all__ = [
    "JSON",
    "UNDO",
    "Action",
    "AnyGameRules",
    "AutomatedSide",
    "Change",
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
    "accepted",
    "check_changes",
    "differences",
    "from_data",
    "to_announce",
    "to_data",
]

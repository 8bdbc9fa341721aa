"""Skulk Hollow: the rules engine (pure Python, no UI). The app plays the guardian.

``engines.skulk_hollow`` satisfies ``engines.core.GameRules`` (engines/conformance.py); it
also offers ``determinize`` (for bots), ``starting_hand``, the corrections by hand, the
component data API, the action classes and ``board``, the module of questions about the
board ("who leads", "the space's name"), exported whole since its calls read by it.

This package is the game's public face: the app imports only the names of ``__all__``
(tests/test_engine_faces.py), never a module inside it. The bots are a face of their own,
``engines.skulk_hollow.bots``.
"""

from engines.skulk_hollow import board
from engines.skulk_hollow.actions import (
    ChooseAction,
    ChooseCard,
    ChooseLocation,
    ChooseSpace,
    ChooseUnit,
    Decline,
    EndTurn,
    GroundRaptra,
    LeapOff,
    Move,
    PlayCard,
    Prepare,
    SkulkAction,
    SpendPower,
    SpendRelic,
    action_from_dict,
    action_name,
)
from engines.skulk_hollow.components import (
    GUARDIANS,
    LEADERS,
    RELIC_TOKENS,
    ComponentError,
    Components,
    Correction,
    assumed_values,
    corrections_from_profile,
    load_components,
)
from engines.skulk_hollow.config import LEVELS, Config
from engines.skulk_hollow.corrections import (
    COUNTS,
    EditLocationWound,
    EditMoveCard,
    EditMoveGuardian,
    EditMoveUnit,
    EditPower,
    EditRaptraStatus,
    EditRoot,
    EditRune,
    EditSetCount,
    EditSetTurn,
    EditUnitWound,
    HandEdit,
    manual_edits,
)
from engines.skulk_hollow.geometry import Direction, Layout
from engines.skulk_hollow.progress import progress
from engines.skulk_hollow.rules import (
    NAME,
    apply,
    determinize,
    legal_actions,
    new_game,
    outcome,
    view,
    why_illegal,
)
from engines.skulk_hollow.setup import setup_steps
from engines.skulk_hollow.state import Cards, Pending, State, Unit
from engines.skulk_hollow.table import (
    TURN_ORDER,
    as_placed,
    starting_hand,
    table_changes,
    table_places,
)
from engines.skulk_hollow.words import decision_words

__all__ = [
    "COUNTS",
    "GUARDIANS",
    "LEADERS",
    "LEVELS",
    "NAME",
    "RELIC_TOKENS",
    "TURN_ORDER",
    "Cards",
    "ChooseAction",
    "ChooseCard",
    "ChooseLocation",
    "ChooseSpace",
    "ChooseUnit",
    "ComponentError",
    "Components",
    "Config",
    "Correction",
    "Decline",
    "Direction",
    "EditLocationWound",
    "EditMoveCard",
    "EditMoveGuardian",
    "EditMoveUnit",
    "EditPower",
    "EditRaptraStatus",
    "EditRoot",
    "EditRune",
    "EditSetCount",
    "EditSetTurn",
    "EditUnitWound",
    "EndTurn",
    "GroundRaptra",
    "HandEdit",
    "Layout",
    "LeapOff",
    "Move",
    "Pending",
    "PlayCard",
    "Prepare",
    "SkulkAction",
    "SpendPower",
    "SpendRelic",
    "State",
    "Unit",
    "action_from_dict",
    "action_name",
    "apply",
    "as_placed",
    "assumed_values",
    "board",
    "corrections_from_profile",
    "decision_words",
    "determinize",
    "legal_actions",
    "load_components",
    "manual_edits",
    "new_game",
    "outcome",
    "progress",
    "setup_steps",
    "starting_hand",
    "table_changes",
    "table_places",
    "view",
    "why_illegal",
]

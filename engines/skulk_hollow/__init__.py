"""Skulk Hollow: the rules engine (pure Python, no UI). The app plays the guardian.

``engines.skulk_hollow`` satisfies ``engines.core.GameRules``: ``NAME``, ``Config``,
``action_from_dict``, ``new_game``, ``legal_actions``, ``apply``, ``outcome``, ``view``;
plus ``setup_steps``, ``determinize`` (for bots), ``table_places`` and ``table_changes``
(what the table must do to follow the app), ``manual_edits`` (the corrections by hand),
the component data API and the action classes.
"""

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
)
from engines.skulk_hollow.components import (
    ComponentError,
    Components,
    Correction,
    assumed_values,
    corrections_from_profile,
    load_components,
)
from engines.skulk_hollow.config import Config
from engines.skulk_hollow.corrections import (
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
from engines.skulk_hollow.table import starting_hand, table_changes, table_places

__all__ = [
    "NAME",
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
    "apply",
    "assumed_values",
    "corrections_from_profile",
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

"""Chickwood Forest: set-up guidance, round tracking with the alms snake, final scoring.

The rules live in one module per concept: ``loot`` (cards by kind), ``village`` (village
glory, C1), ``alms_snake`` (C2), ``scoring`` (final scoring and quick score, C3-C4),
``rounds`` (raids and deals), ``corrections`` (entries put right by hand), ``rules`` (the
engine protocol), ``setup``, ``table`` (what lies on the table and the changes that keep
it in step).
"""

from engines.chickwood.actions import (
    AddAlms,
    ChangeFinal,
    ChickwoodAction,
    EnterFinal,
    FixAlms,
    FixFinal,
    FixRaid,
    GiveAlms,
    Raid,
    Reopen,
    Score,
    SetDeckCount,
    action_from_dict,
)
from engines.chickwood.config import Config
from engines.chickwood.loot import Collection
from engines.chickwood.progress import progress
from engines.chickwood.rounds import final_table, first_player, loot_refusal, scouting
from engines.chickwood.rules import (
    NAME,
    apply,
    legal_actions,
    manual_edits,
    new_game,
    outcome,
    scoreboard,
    view,
)
from engines.chickwood.scoring import (
    AlmsSwap,
    ChestChoice,
    Choices,
    FinalTable,
    PlayerFinal,
    Scoreboard,
    TreasureSwap,
    VillageFinal,
    final_scores,
    propose,
    quick_score,
)
from engines.chickwood.setup import setup_steps
from engines.chickwood.state import State
from engines.chickwood.table import table_changes, table_places
from engines.core import Line, PlayerScore  # the score lines every scored game gives

__all__ = [
    "NAME",
    "AddAlms",
    "AlmsSwap",
    "ChangeFinal",
    "ChestChoice",
    "ChickwoodAction",
    "Choices",
    "Collection",
    "Config",
    "EnterFinal",
    "FinalTable",
    "FixAlms",
    "FixFinal",
    "FixRaid",
    "GiveAlms",
    "Line",
    "PlayerFinal",
    "PlayerScore",
    "Raid",
    "Reopen",
    "Score",
    "Scoreboard",
    "SetDeckCount",
    "State",
    "TreasureSwap",
    "VillageFinal",
    "action_from_dict",
    "apply",
    "final_scores",
    "final_table",
    "first_player",
    "legal_actions",
    "loot_refusal",
    "manual_edits",
    "new_game",
    "outcome",
    "progress",
    "propose",
    "quick_score",
    "scoreboard",
    "scouting",
    "setup_steps",
    "table_changes",
    "table_places",
    "view",
]

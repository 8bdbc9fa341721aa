"""Chickwood Forest: set-up guidance, round tracking with the alms snake, final scoring.

The rules live in one module per concept: ``loot`` (cards by kind), ``village`` (village
glory, RULINGS C1), ``alms_snake`` (RULINGS C2), ``scoring`` (final scoring and quick
score, RULINGS C3, C4),
``rounds`` (raids and deals), ``corrections`` (entries put right by hand), ``rules`` (the
engine protocol), ``setup``, ``table`` (what lies on the table and the changes that keep
it in step). The package satisfies ``engines.core.GameRules`` (engines/conformance.py).

This package is the game's public face: the app imports only the names of ``__all__``
(tests/test_engine_faces.py), never a module inside it.
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
    one,
)
from engines.chickwood.alms_snake import alms_cubes, benefactor_alms, legal_steps
from engines.chickwood.config import ALMS_COLOURS, Config
from engines.chickwood.corrections import final_items, item_count, item_sort
from engines.chickwood.data import DataError, default_cards, parse_cards
from engines.chickwood.loot import (
    CHEST_TYPES,
    ENTERTAINERS,
    FAKE_BEARD,
    GARMENT_TYPES,
    GOLDEN_ARROW,
    JEWELRY_TYPES,
    JEWELRY_VALUES,
    LEGENDARY,
    LEGENDARY_NAMES,
    Collection,
    describe,
    from_counts,
    kind_counts,
    kind_name,
    treasure_name,
)
from engines.chickwood.progress import progress
from engines.chickwood.rounds import deal, final_table, first_player, loot_refusal, scouting
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
    loot_lines,
    propose,
    quick_score,
)
from engines.chickwood.setup import SetupTable, setup_steps, setup_table
from engines.chickwood.state import Phase, State
from engines.chickwood.table import (
    TURN_ORDER,
    table_changes,
    table_places,
    told_changes,
    village_name,
)
from engines.chickwood.village import CardProfile, Row
from engines.core import Line, PlayerScore  # the score lines every scored game gives

__all__ = [
    "ALMS_COLOURS",
    "CHEST_TYPES",
    "ENTERTAINERS",
    "FAKE_BEARD",
    "GARMENT_TYPES",
    "GOLDEN_ARROW",
    "JEWELRY_TYPES",
    "JEWELRY_VALUES",
    "LEGENDARY",
    "LEGENDARY_NAMES",
    "NAME",
    "TURN_ORDER",
    "AddAlms",
    "AlmsSwap",
    "CardProfile",
    "ChangeFinal",
    "ChestChoice",
    "ChickwoodAction",
    "Choices",
    "Collection",
    "Config",
    "DataError",
    "EnterFinal",
    "FinalTable",
    "FixAlms",
    "FixFinal",
    "FixRaid",
    "GiveAlms",
    "Line",
    "Phase",
    "PlayerFinal",
    "PlayerScore",
    "Raid",
    "Reopen",
    "Row",
    "Score",
    "Scoreboard",
    "SetDeckCount",
    "SetupTable",
    "State",
    "TreasureSwap",
    "VillageFinal",
    "action_from_dict",
    "alms_cubes",
    "apply",
    "benefactor_alms",
    "deal",
    "default_cards",
    "describe",
    "final_items",
    "final_scores",
    "final_table",
    "first_player",
    "from_counts",
    "item_count",
    "item_sort",
    "kind_counts",
    "kind_name",
    "legal_actions",
    "legal_steps",
    "loot_lines",
    "loot_refusal",
    "manual_edits",
    "new_game",
    "one",
    "outcome",
    "parse_cards",
    "progress",
    "propose",
    "quick_score",
    "scoreboard",
    "scouting",
    "setup_steps",
    "setup_table",
    "table_changes",
    "table_places",
    "told_changes",
    "treasure_name",
    "view",
    "village_name",
]

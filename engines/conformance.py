"""Each engine held to the engine protocol: mypy reads this module (it is under ``engines``),
so an engine whose functions drift from ``GameRules`` fails the type check.

Each game is checked with its own types, which the protocol then carries through:
``SKOVENTYR.apply`` takes and gives a ``skoventyr.State``. A game with an automated
side (``EngineEntry.automated``) holds it to ``AutomatedSide`` likewise.
"""

from engines import chickwood, skogen, skoventyr, skulk_hollow
from engines.core import AutomatedSide, GameRules
from engines.skulk_hollow import bots as skulk_hollow_bots

SKOVENTYR: GameRules[skoventyr.State, skoventyr.SkoventyrAction, skoventyr.Config] = skoventyr
SKULK_HOLLOW: GameRules[skulk_hollow.State, skulk_hollow.SkulkAction, skulk_hollow.Config] = (
    skulk_hollow
)
SKULK_HOLLOW_GUARDIAN: AutomatedSide[skulk_hollow.State, skulk_hollow.SkulkAction] = (
    skulk_hollow_bots.automated
)
CHICKWOOD: GameRules[chickwood.State, chickwood.ChickwoodAction, chickwood.Config] = chickwood
SKOGEN: GameRules[skogen.State, skogen.SkogenAction, skogen.Config] = skogen

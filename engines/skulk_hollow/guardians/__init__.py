"""The four guardians: each module holds one guardian's actions and special rules."""

from __future__ import annotations

from engines.skulk_hollow.guardians import apoda, grak, raptra, tanthos
from engines.skulk_hollow.guardians.base import GuardianModule

MODULES: dict[str, GuardianModule] = {
    "grak": grak,
    "apoda": apoda,
    "tanthos": tanthos,
    "raptra": raptra,
}


def module(guardian: str) -> GuardianModule:
    return MODULES[guardian]


__all__ = ["MODULES", "GuardianModule", "module"]

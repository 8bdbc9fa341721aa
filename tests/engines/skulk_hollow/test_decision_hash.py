"""The guardians' decisions, hashed over seeded games of every guardian at every level:
work on the words said at the table (the reasons) must leave every decision as it was."""

from __future__ import annotations

import hashlib
import json

import pytest

from engines.skulk_hollow.components import GUARDIANS
from tests.engines.skulk_hollow.seeded import LEVELS, chains

SEEDS = (1, 2, 3, 4)

#: Taken on main's code before the reasons were derived from the saved moves.
EXPECTED = {
    "grak/easy": "cf8a239b7b075167",
    "grak/normal": "a44c32be714a6ace",
    "grak/hard": "28bf5e04c6572141",
    "apoda/easy": "758feff79ccf9d95",
    "apoda/normal": "e36046b65c0d1f78",
    "apoda/hard": "ccfc2e34b032967c",
    "tanthos/easy": "d3d900de6eb39e65",
    "tanthos/normal": "4798c89ae540b190",
    "tanthos/hard": "7ab2baef230f0332",
    "raptra/easy": "a332dd27980fc6a7",
    "raptra/normal": "00faa5dccec6339a",
    "raptra/hard": "981fda7e9f66725d",
}


def decisions(guardian: str, level: str) -> str:
    digest = hashlib.sha256()
    for seed in SEEDS:
        for chain in chains(guardian, level, seed, max_steps=400):
            for action in chain.actions:
                digest.update(json.dumps(action.to_dict(), sort_keys=True).encode())
    return digest.hexdigest()[:16]


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("guardian", GUARDIANS)
def test_the_guardians_decide_as_before(guardian: str, level: str) -> None:
    assert decisions(guardian, level) == EXPECTED[f"{guardian}/{level}"]

"""What the guardian did, said from its moves (``decision_words``): over seeded games of
every guardian at every level, every action, card and hero a reason names is one its
chain took or changed, and every action it chose is named."""

from __future__ import annotations

import pytest

from engines.skulk_hollow import ChooseAction, action_name, decision_words
from engines.skulk_hollow.components import GUARDIANS
from tests.engines.skulk_hollow.seeded import LEVELS, chains, named_but_not_taken

SEEDS = (1, 2, 3)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("guardian", GUARDIANS)
def test_a_reason_names_only_what_its_chain_did(guardian: str, level: str) -> None:
    checked = 0
    for seed in SEEDS:
        for chain in chains(guardian, level, seed):
            reason = decision_words(chain.before, chain.actions)
            assert reason.startswith(chain.before.board.name) and "\n" not in reason
            assert named_but_not_taken(chain.before, chain.actions, reason) == [], reason
            for action in chain.actions:
                if isinstance(action, ChooseAction):
                    assert action_name(action.action) in reason, reason
            checked += 1
    assert checked > 20


def test_the_review_s_deep_roots_is_said_as_tunnelled() -> None:
    """P1: Deep Roots played for TUNNEL reads as a root put in a space, never CRUSH."""
    for chain in chains("tanthos", "easy", 1):
        if chain.actions[1:2] == (ChooseAction("tunnel"),):
            reason = decision_words(chain.before, chain.actions)
            assert reason.startswith("Tanthos plays Deep Roots (TUNNEL) and tunnels a root")
            assert "CRUSH" not in reason
            return
    raise AssertionError("no TUNNEL in this game")

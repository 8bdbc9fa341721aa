"""Vogter right behind Gamle Erik: the rulebook's Movement section says that then Vogter
"is as far away from him as possible (and so cannot move any farther away)". So no move
that would walk him onto Gamle Erik's Tree is offered (RULINGS S4)."""

import pytest

from engines.core import IllegalAction
from engines.skoventyr import Call, ChooseReward, Refuge, Wrath, legal_actions, refusal
from engines.skoventyr.bots.sim import Sim
from engines.skoventyr.rules import NO_ACTION_PROMPT
from tests.engines.skoventyr.builders import E, H, N, T, forest, make, play

# Six Trees 0..5 clockwise: Gamle Erik on 0, Vogter on 5, right behind him.
BEHIND = forest(vogter=5, ge=0, allies={0: E, 5: E, 4: E})


def test_a_nisse_cost_onto_gamle_eriks_tree_cannot_be_paid() -> None:
    state = make(future=(N, E, H), woods=BEHIND)
    # Tree 0 holds a Hidden Ally, so only the rule above forbids paying.
    assert Call(0) not in legal_actions(state) and Call(0, risky=True) in legal_actions(state)
    assert "cannot get any farther away" in (refusal(state, Call(0)) or "")
    with pytest.raises(IllegalAction):
        play(state, Call(0))


def test_a_nisse_cost_is_paid_when_vogter_is_not_right_behind() -> None:
    state = make(future=(N, E, H), woods=forest(vogter=4, ge=0, allies={5: E, 4: E}))
    state = play(state, Call(0))
    assert state.forest.vogter == 5 and state.ended is None


def test_refuge_stops_before_gamle_eriks_tree() -> None:
    # Allies on every Tree from Vogter round to Gamle Erik's: Refuge may go to 4 but not 0.
    woods = forest(vogter=3, ge=0, allies={3: T, 4: T, 5: T, 0: T})
    assert woods.refuge_trees() == (3, 4, 5)
    state = play(make(woods=woods), Wrath(4), ChooseReward("refuge"))
    assert Refuge(0) not in legal_actions(state)
    with pytest.raises(IllegalAction):
        play(state, Refuge(0))
    assert play(state, Refuge(5)).ended is None


def test_the_bots_simulator_follows_the_same_rule() -> None:
    from random import Random

    nisse = make(future=(N, E, H), woods=BEHIND)
    assert ("call", 0, False) not in Sim.from_state(nisse, Random(1)).moves()
    woods = forest(vogter=3, ge=0, allies={3: T, 4: T, 5: T, 0: T})
    sim = Sim.from_state(make(woods=woods), Random(1))
    assert sim.refuge_trees() == [3, 4, 5]


def test_no_action_left_is_not_a_loss() -> None:
    """The rulebook ends a game only when the last Minion goes or Gamle Erik reaches
    Vogter; a player with nothing to choose is told so and corrects the table by hand."""
    # Empty deck and Future, every Tree holds a pawn or an Ally, an empty hand.
    woods = forest(trees=3, vogter=2, ge=0, allies={1: E})
    state = make(future=(), woods=woods, unknown={})
    assert legal_actions(state) == []
    assert state.ended is None
    assert state.prompt == NO_ACTION_PROMPT

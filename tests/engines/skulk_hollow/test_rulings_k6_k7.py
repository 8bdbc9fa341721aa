"""Worked cases of RULINGS K6 and K7. K6: an action that does nothing is still offered
and recorded. K7: which hero attacks destroy a root; relics go to one side only."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engines.skulk_hollow import rules, setup_steps, table_changes
from engines.skulk_hollow.actions import (
    ChooseAction,
    ChooseLocation,
    ChooseSpace,
    ChooseUnit,
    PlayCard,
)
from engines.skulk_hollow.config import Config
from engines.skulk_hollow.state import State
from tests.engines.skulk_hollow.builders import (
    game,
    guardian_turn,
    leader,
    place,
    run,
    unit,
    wounds,
)

# -- RULINGS K6: no effect, still entered ------------------------------------------------


def test_melee_on_a_location_full_of_wounds_is_entered_and_does_nothing() -> None:
    """The rulebook: with no empty wound space there, MELEE ATTACK has no effect. The
    Strike card played at the table is still entered: it leaves the hand for the pile."""
    full = board_with_full_stomp()
    assert PlayCard("strike") in rules.legal_actions(full)
    played = run(full, PlayCard("strike"))
    assert ChooseAction("melee") in rules.legal_actions(played)
    aimed = run(played, ChooseAction("melee"), ChooseUnit("sentinel"))
    assert rules.legal_actions(aimed) == [ChooseLocation("stomp")]
    done = run(aimed, ChooseLocation("stomp"))
    assert done.guardian_wounds == full.guardian_wounds
    assert done.hero_cards.discard == ("strike",)
    assert done.hero_cards.hand_count == full.hero_cards.hand_count - 1
    assert done.actions_left == full.actions_left - 1
    assert "no effect" in done.last
    assert table_changes(aimed, done) == []  # nothing to do at the table


def board_with_full_stomp() -> State:
    state = place(game("grak"), leader(), unit("sentinel", location="stomp"))
    return wounds(state, stomp=state.board.location("stomp").wounds)


def test_burrow_with_no_rune_in_lair_is_offered_and_recorded() -> None:
    state = place(game("apoda"), leader(), unit("sentinel", "keep"))
    state = guardian_turn(state, hand=("delve",))
    assert state.guardian_space == "lair" and "lair" not in state.runes
    played = run(state, PlayCard("delve"))
    assert ChooseAction("burrow") in rules.legal_actions(played)
    done = run(played, ChooseAction("burrow"))
    assert (done.runes, done.runes_collected) == (state.runes, 0)
    assert done.guardian_cards.discard == ("delve",) and "no effect" in done.last


# -- RULINGS K7: roots and relics --------------------------------------------------------


def tanthos(*units: object, roots: tuple[str, ...] = ("lair",)) -> State:
    state = place(game("tanthos"), leader(), *units)  # type: ignore[arg-type]
    return replace(state, roots=roots)


def test_a_melee_attack_destroys_the_root_in_the_units_own_space() -> None:
    state = tanthos(unit("knight_1", "mine"), roots=("lair", "mine"))
    aimed = run(state, PlayCard("strike"), ChooseAction("melee"), ChooseUnit("knight_1"))
    assert rules.legal_actions(aimed) == [ChooseSpace("mine")]
    assert run(aimed, ChooseSpace("mine")).roots == ("lair",)


def test_no_melee_on_a_root_in_another_space() -> None:
    state = tanthos(unit("knight_1", "farm"), roots=("lair", "mine"))
    assert not any(
        isinstance(a, PlayCard) and a.card == "strike" for a in rules.legal_actions(state)
    )


def test_an_archer_shoots_a_root_from_a_space_around_tanthos() -> None:
    state = tanthos(unit("archer_1", "forest_shrine"), roots=("keep", "lair"))
    aimed = run(state, PlayCard("strike"), ChooseAction("missile"), ChooseUnit("archer_1"))
    assert {ChooseSpace("keep"), ChooseSpace("lair")} <= set(rules.legal_actions(aimed))
    assert run(aimed, ChooseSpace("keep")).roots == ("lair",)
    away = tanthos(unit("archer_1", "keep"), roots=("farm", "lair"))
    assert PlayCard("strike") not in rules.legal_actions(away)


def test_the_sentinel_throws_at_a_root_from_tanthoss_own_space() -> None:
    state = tanthos(unit("sentinel", "lair"), roots=("farm", "lair"))
    aimed = run(state, PlayCard("strike"), ChooseAction("missile"), ChooseUnit("sentinel"))
    assert ChooseSpace("farm") in rules.legal_actions(aimed)
    around = tanthos(unit("sentinel", "forest_shrine"), roots=("farm", "lair"))
    assert PlayCard("strike") not in rules.legal_actions(around)  # no MISSILE from there


def test_the_set_up_guide_says_how_roots_are_destroyed() -> None:
    text = " ".join(step.text for step in setup_steps(Config(guardian="tanthos")))
    assert "MELEE ATTACK in the root's own space" in text
    assert "MISSILE ATTACK" in text and "back to the mat" in text


def test_relics_go_to_one_side_only() -> None:
    with pytest.raises(ValueError, match="one side only"):
        Config(hero_relics=2, guardian_relics=1)
    steps = [step.title for step in setup_steps(Config(guardian_relics=3))]
    assert steps.count("Ancient relics") == 1

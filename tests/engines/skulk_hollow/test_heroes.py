from dataclasses import replace

import pytest

from engines.core import IllegalAction
from engines.skulk_hollow import rules
from engines.skulk_hollow.actions import (
    ChooseAction,
    ChooseCard,
    ChooseLocation,
    ChooseSpace,
    ChooseUnit,
    Decline,
    EndTurn,
    LeapOff,
    Move,
    PlayCard,
    SpendPower,
    SpendRelic,
)
from engines.skulk_hollow.geometry import Direction
from engines.skulk_hollow.state import State
from tests.engines.skulk_hollow.builders import game, leader, place, run, unit, with_hand


def at(state: State, space: str) -> State:
    return replace(state, guardian_space=space)


def refused(state: State, *actions: object, match: str) -> None:
    before = state
    with pytest.raises(IllegalAction, match=match):
        run(state, *actions)  # type: ignore[arg-type]
    assert state == before


# -- summoning ---------------------------------------------------------------------------


def test_a_unit_card_summons_a_figure_in_keep_or_a_town() -> None:
    state = run(game(), PlayCard("knight"))
    assert state.prompt.startswith("Knight: where") and state.asking == "hero"
    assert rules.legal_actions(state) == [
        ChooseSpace("keep"),
        ChooseSpace("town_mill"),
        ChooseSpace("town_well"),
    ]
    state = run(state, ChooseSpace("town_mill"))
    assert state.unit("knight_1").space == "town_mill"
    assert state.actions_left == 2
    assert state.hero_cards.hand_count == 4
    assert "knight" not in state.hero_cards.discard  # the card stays in play


def test_no_summoning_where_the_guardian_stands() -> None:
    state = run(at(game(), "town_mill"), PlayCard("archer"))
    assert ChooseSpace("town_mill") not in rules.legal_actions(state)
    refused(state, ChooseSpace("town_mill"), match="KEEP or a TOWN")


def test_roots_do_not_prevent_summoning() -> None:
    state = replace(game("tanthos"), roots=("keep", "lair"))
    state = run(state, PlayCard("knight"), ChooseSpace("keep"))
    assert state.unit("knight_1").space == "keep"


def test_no_card_left_when_every_figure_is_in_play() -> None:
    state = place(game(), leader(), unit("rogue_1", "keep"), keep_start=True)
    assert PlayCard("rogue") not in rules.legal_actions(state)
    refused(state, PlayCard("rogue"), match="already in the discard pile or in play")


# -- MOVE --------------------------------------------------------------------------------


def test_move_follows_the_arrows_on_the_card() -> None:
    state = run(game(), PlayCard("slant_left"), ChooseAction("move"), ChooseUnit("sentinel"))
    assert rules.legal_actions(state) == [Move(Direction.UP_LEFT)]  # LEFT leaves the map
    refused(state, Move(Direction.UP_RIGHT), match="does not show the up-right arrow")
    refused(state, Move(Direction.LEFT), match="would leave the map")
    state = run(state, Move(Direction.UP_LEFT))
    assert state.unit("sentinel").space == "town_mill"
    assert state.pending is None and state.actions_left == 2


def test_the_printed_example_three_cards_can_move_up_left() -> None:
    for card in ("slant_left", "scatter", "gain_ground"):
        state = run(game(), PlayCard(card), ChooseAction("move"), ChooseUnit("sentinel"))
        assert Move(Direction.UP_LEFT) in rules.legal_actions(state)


def test_spending_power_moves_any_way_without_using_an_action() -> None:
    state = place(game(), leader(), unit("sentinel", "clearing", power=1))
    state = run(state, SpendPower("sentinel"), ChooseAction("move"))
    assert len(rules.legal_actions(state)) == 8
    state = run(state, Move(Direction.DOWN))
    assert state.unit("sentinel").space == "keep"
    assert state.unit("sentinel").power == 0
    assert state.actions_left == 3


def test_a_unit_without_power_cannot_spend_it() -> None:
    refused(game(), SpendPower("sentinel"), match="no power to spend")


# -- LEAP --------------------------------------------------------------------------------


def test_leap_from_the_ground_goes_to_a_lowest_location() -> None:
    state = place(at(game(), "clearing"), leader(), unit("sentinel", "clearing"))
    state = run(state, PlayCard("bound"), ChooseAction("leap"), ChooseUnit("sentinel"))
    assert rules.legal_actions(state) == [ChooseLocation("stomp")]
    refused(state, ChooseLocation("gaze"), match="not connected")
    state = run(state, ChooseLocation("stomp"))
    assert state.unit("sentinel").location == "stomp" and state.unit("sentinel").space == ""


def test_leap_between_connected_locations_and_off() -> None:
    state = place(at(game(), "clearing"), leader(), unit("sentinel", location="stomp"))
    state = run(state, PlayCard("bound"), ChooseAction("leap"), ChooseUnit("sentinel"))
    assert set(rules.legal_actions(state)) == {
        ChooseLocation("mend"),
        ChooseLocation("throw"),
        LeapOff(),
    }
    off = run(state, LeapOff())
    assert off.unit("sentinel").space == "clearing"
    thrown = run(state, ChooseLocation("throw"))  # the rulebook's example
    assert thrown.unit("sentinel").location == "throw"


def test_no_leap_onto_a_location_with_every_slot_taken() -> None:
    state = place(
        at(game(), "clearing"),
        leader(),
        unit("sentinel", location="throw"),
        unit("knight_1", location="gaze"),
    )
    state = run(state, PlayCard("bound"), ChooseAction("leap"), ChooseUnit("sentinel"))
    refused(state, ChooseLocation("gaze"), match="no free figure slot")


def test_archers_cannot_leap_or_melee() -> None:
    state = place(
        at(game(), "clearing"), leader(), unit("archer_1", "clearing"), unit("sentinel", "clearing")
    )
    state = run(state, PlayCard("bound"), ChooseAction("leap"))
    refused(state, ChooseUnit("archer_1"), match="The Archer card shows no LEAP")


def test_double_leap_two_leaps_then_done() -> None:
    state = place(at(game(), "clearing"), leader(space="clearing"), unit("sentinel", "clearing"))
    state = run(
        state,
        PlayCard("double_leap"),
        ChooseAction("double_leap"),
        ChooseUnit("sentinel"),
        ChooseLocation("stomp"),
    )
    assert state.pending is not None and state.pending.step == "double"
    assert Decline() in rules.legal_actions(state)
    state = run(state, ChooseUnit("sentinel"), ChooseLocation("throw"))
    assert state.unit("sentinel").location == "throw" and state.pending is None
    assert state.actions_left == 2


def test_double_leap_may_use_two_units() -> None:
    state = place(at(game(), "clearing"), leader(space="clearing"), unit("sentinel", "clearing"))
    state = run(
        state,
        PlayCard("double_leap"),
        ChooseAction("double_leap"),
        ChooseUnit("sentinel"),
        ChooseLocation("stomp"),
        ChooseUnit("king_of_war"),
        ChooseLocation("stomp"),
    )
    assert {u.location for u in state.units} == {"stomp"}


# -- abilities ---------------------------------------------------------------------------


def test_mount_gives_a_free_leap_on_entering_the_guardians_space() -> None:
    state = place(at(game(), "clearing"), leader(), unit("knight_1", "town_mill"))
    state = run(
        state,
        PlayCard("slant_right"),
        ChooseAction("move"),
        ChooseUnit("knight_1"),
        Move(Direction.UP_RIGHT),
    )
    assert state.pending is not None and state.pending.step == "mount"
    assert rules.legal_actions(state) == [ChooseLocation("stomp"), Decline()]
    mounted = run(state, ChooseLocation("stomp"))
    assert mounted.unit("knight_1").location == "stomp"
    assert mounted.actions_left == 2
    declined = run(state, Decline())
    assert declined.unit("knight_1").space == "clearing"


def test_no_mount_for_other_units() -> None:
    state = place(at(game(), "clearing"), leader(), unit("sentinel", "town_mill"))
    state = run(
        state,
        PlayCard("slant_right"),
        ChooseAction("move"),
        ChooseUnit("sentinel"),
        Move(Direction.UP_RIGHT),
    )
    assert state.pending is None


def test_dash_reaches_any_location() -> None:
    state = place(at(game(), "clearing"), leader(), unit("rogue_1", "clearing"))
    state = run(state, PlayCard("bound"), ChooseAction("leap"), ChooseUnit("rogue_1"))
    assert {a.location for a in rules.legal_actions(state) if isinstance(a, ChooseLocation)} == {
        "gaze",
        "swing",
        "throw",
        "mend",
        "stomp",
    }
    state = run(state, ChooseLocation("gaze"))
    assert state.unit("rogue_1").location == "gaze"


def test_recall_returns_a_discarded_card_to_hand() -> None:
    state = game(leader="prince_of_guile", foxen_deck="app")
    state = place(state, leader("prince_of_guile", power=1), unit("sentinel", "keep"))
    cards = replace(state.hero_cards, discard=("strike", "rally"))
    state = replace(state, hero_cards=cards)
    state = run(state, SpendPower("prince_of_guile"), ChooseAction("recall"))
    assert rules.legal_actions(state) == [ChooseCard("strike"), ChooseCard("rally")]
    state = run(state, ChooseCard("strike"))
    assert state.hero_cards.discard == ("rally",)
    assert "strike" in state.hero_cards.hand
    assert state.hero_cards.hand_count == len(state.hero_cards.hand) == 6


def test_heal_removes_a_wound_from_any_hero_even_attached() -> None:
    state = game(leader="queen_of_blessing")
    state = place(
        state,
        leader("queen_of_blessing", power=1),
        unit("sentinel", location="stomp", wounds=2),
    )
    state = run(state, SpendPower("queen_of_blessing"), ChooseAction("heal"))
    assert rules.legal_actions(state) == [ChooseUnit("sentinel")]
    state = run(state, ChooseUnit("sentinel"))
    assert state.unit("sentinel").wounds == 1


def test_command_lets_a_banded_unit_act() -> None:
    state = game(leader="princess_of_tactics")
    state = place(
        state,
        leader("princess_of_tactics", space="town_mill", power=1),
        unit("knight_1", "town_mill"),
        unit("sentinel", "keep"),
    )
    state = run(state, SpendPower("princess_of_tactics"), ChooseAction("command"))
    assert rules.legal_actions(state) == [ChooseUnit("knight_1")]
    state = run(state, ChooseUnit("knight_1"), ChooseAction("move"), Move(Direction.UP))
    assert state.unit("knight_1").space == "forest_shrine"
    assert state.actions_left == 3


def test_command_needs_a_banded_unit() -> None:
    state = game(leader="princess_of_tactics")
    state = place(
        state,
        leader("princess_of_tactics", space="town_mill", power=1),
        unit("sentinel", "keep"),
    )
    state = run(state, SpendPower("princess_of_tactics"))
    assert ChooseAction("command") not in rules.legal_actions(state)


# -- attacks -----------------------------------------------------------------------------


def test_melee_wounds_the_location_the_unit_is_on() -> None:
    state = place(game(), leader(), unit("sentinel", location="stomp"))
    state = run(state, PlayCard("strike"), ChooseAction("melee"), ChooseUnit("sentinel"))
    assert rules.legal_actions(state) == [ChooseLocation("stomp")]
    state = run(state, ChooseLocation("stomp"))
    assert state.guardian_wounds[state.board.locations.index(state.board.location("stomp"))] == 1


def test_fire_shoots_from_a_surrounding_space_only() -> None:
    base = place(game(), leader(), unit("archer_1", "forest_shrine"))
    state = run(base, PlayCard("strike"), ChooseAction("missile"), ChooseUnit("archer_1"))
    assert len(rules.legal_actions(state)) == 5  # any location
    state = run(state, ChooseLocation("gaze"))
    assert sum(state.guardian_wounds) == 1
    for space in ("lair", "keep", "town_mill"):
        moved = place(game(), leader(), unit("archer_1", space), unit("sentinel", location="mend"))
        assert ChooseAction("missile") not in rules.legal_actions(run(moved, PlayCard("strike")))
        assert PlayCard("strike") not in rules.legal_actions(
            place(moved, leader(), unit("archer_1", space))
        )


def test_hurl_throws_from_the_guardians_space_only() -> None:
    here = place(game(), leader(), unit("sentinel", "lair"))
    state = run(here, PlayCard("strike"), ChooseAction("missile"), ChooseUnit("sentinel"))
    assert ChooseLocation("gaze") in rules.legal_actions(state)
    near = place(
        game(), leader(), unit("sentinel", "forest_shrine"), unit("knight_1", location="mend")
    )
    refused(run(near, PlayCard("strike")), ChooseAction("missile"), match="not one of")


def test_gain_power_fills_the_pool() -> None:
    state = run(game(), PlayCard("rally"), ChooseAction("gain_power"))
    assert state.hero_pool == 2 and state.pending is None


def test_a_relic_buys_one_more_action() -> None:
    state = game(hero_relics=2)
    state = run(state, SpendRelic())
    assert (state.actions_left, state.hero_relics) == (4, 1)


def test_no_action_left_after_three() -> None:
    state = run(
        game(),
        PlayCard("rally"),
        ChooseAction("gain_power"),
        PlayCard("rally"),
        ChooseAction("gain_power"),
        PlayCard("gain_ground"),
        ChooseAction("gain_power"),
    )
    assert state.actions_left == 0
    refused(state, PlayCard("strike"), match="no actions left")
    assert EndTurn() in rules.legal_actions(state)


def test_app_held_deck_plays_only_from_the_hand() -> None:
    state = with_hand(game(foxen_deck="app"), "hero", ("rally",))
    assert [a for a in rules.legal_actions(state) if isinstance(a, PlayCard)] == [PlayCard("rally")]
    refused(state, PlayCard("strike"), match="not in the hero player's hand")
    state = run(state, PlayCard("rally"))
    assert state.hero_cards.hand == () and state.hero_cards.discard[-1] == "rally"


def test_table_deck_refuses_a_card_whose_copies_are_all_discarded() -> None:
    state = game()
    cards = replace(state.hero_cards, discard=("double_leap", "double_leap"))
    refused(replace(state, hero_cards=cards), PlayCard("double_leap"), match="discard pile")

from dataclasses import replace

from engines.skulk_hollow import board
from tests.engines.skulk_hollow.builders import game, leader, place, unit, wounds


def test_banded_on_the_ground_and_on_a_location() -> None:
    state = place(
        game(),
        leader(space="keep"),
        unit("sentinel", "keep"),
        unit("knight_1", location="gaze"),
        unit("rogue_1", location="gaze"),
        unit("archer_1", "clearing"),
    )
    assert board.banded(state, state.unit("king_of_war"))
    assert board.banded(state, state.unit("knight_1"))
    assert not board.banded(state, state.unit("archer_1"))


def test_only_the_banded_leader_is_protected() -> None:
    state = place(game(), leader(space="keep"), unit("sentinel", "keep"))
    assert board.protected(state, state.unit("king_of_war"))
    assert not board.protected(state, state.unit("sentinel"))
    alone = place(game(), leader(space="keep"), unit("sentinel", "clearing"))
    assert not board.protected(alone, alone.unit("king_of_war"))
    attached = place(game(), leader(space="", location="stomp"), unit("sentinel", "lair"))
    assert not board.protected(attached, attached.unit("king_of_war"))


def test_a_full_location_disables_its_ability() -> None:
    state = wounds(game(), gaze=2)
    assert not board.disabled(state, "gaze")
    assert board.disabled(wounds(state, gaze=3), "gaze")
    assert not board.disabled(wounds(state, gaze=3), "swing")


def test_free_slots_count_attached_heroes() -> None:
    state = place(game(), leader(space="", location="stomp"), unit("sentinel", location="stomp"))
    assert board.free_slots(state, "stomp") == 1
    assert board.free_slots(state, "gaze") == 1


def test_empty_spaces_hold_no_figure_or_token() -> None:
    state = replace(game("tanthos"), roots=("mine",))
    assert not board.empty_space(state, "keep")  # the heroes start there
    assert not board.empty_space(state, "lair")  # Tanthos
    assert not board.empty_space(state, "mine")  # a root
    assert board.empty_space(state, "farm")
    assert not board.empty_space(game("apoda"), "farm")  # a rune


def test_names_for_the_table() -> None:
    state = place(game(), leader(), unit("knight_2", "keep"), unit("sentinel", "keep"))
    assert board.unit_name(state, "knight_2") == "Knight 2"
    assert board.unit_name(state, "king_of_war") == "King of War"
    assert board.location_name(state, "stomp") == "STOMP (Legs)"


def test_a_guardian_card_sharing_a_foxen_name_is_marked_as_the_guardians() -> None:
    apoda = game(guardian="apoda")
    assert board.guardian_card_name(apoda, "strike") == "Strike (Apoda's card)"
    assert board.guardian_card_name(apoda, "coil") == "Coil"

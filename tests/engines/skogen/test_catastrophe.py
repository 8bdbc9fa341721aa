"""The catastrophe die: when it is rolled, its faces, and the element chosen (RULINGS G4)."""

from collections import Counter

import pytest

from engines.core import Rng
from engines.skogen import (
    Board,
    DieFace,
    NoElement,
    PlaceTiles,
    Reroll,
    RollDie,
    TakeElement,
    TakeTwo,
    legal_actions,
)
from engines.skogen.catastrophe import CHOICES, roll

from .helpers import game, play, refused

GREEN_AT_5 = Board(track_length=50, green_squares=(5,))


def test_landing_on_a_green_square_calls_for_the_die() -> None:
    state = play(game(board=GREEN_AT_5), PlaceTiles("Ana", (3,), 1))
    assert state.phase == "roll"
    assert legal_actions(state) == [RollDie("Ana")]
    refused(state, TakeTwo("Bo"), "Ana's turn")
    refused(state, PlaceTiles("Ana", (1,)), "must roll the catastrophe die")


def test_passing_a_green_square_does_not() -> None:
    state = play(game(board=GREEN_AT_5), PlaceTiles("Ana", (6,)))
    assert state.phase == "turn" and state.current == 1


def test_the_app_rolls_then_the_player_picks_an_element_of_that_face() -> None:
    state = play(game(board=GREEN_AT_5), PlaceTiles("Ana", (3,), 1), RollDie("Ana"))
    assert state.phase == "element" and state.face in CHOICES
    assert state.rolls[-1].face == state.face
    options = [a for a in legal_actions(state) if isinstance(a, TakeElement)]
    assert [a.element for a in options] == list(CHOICES[state.face])
    done = play(state, options[0])
    assert done.rolls[-1].element == options[0].element
    assert done.phase == "turn" and done.current == 1


@pytest.mark.parametrize(
    ("face", "offered"),
    [
        ("wildfire", {"yellow_sun", "grey", "red_orange"}),
        ("storm", {"yellow_sun", "grey"}),
        ("flood", {"green_leaf", "grey", "blue"}),
    ],
)
def test_each_face_offers_its_elements(face: str, offered: set[str]) -> None:
    state = play(game(board=GREEN_AT_5, die="table"), PlaceTiles("Ana", (3,), 1))
    assert {a.face for a in legal_actions(state) if isinstance(a, DieFace)} == {
        "wildfire",
        "storm",
        "flood",
    }
    state = play(state, DieFace("Ana", face))
    assert {a.element for a in legal_actions(state) if isinstance(a, TakeElement)} == offered
    for element in {"yellow_sun", "grey", "red_orange", "green_leaf", "blue"} - offered:
        refused(state, TakeElement("Ana", element), f"A {face} gives one of")


def test_with_none_left_the_die_is_rolled_again() -> None:
    state = play(game(board=GREEN_AT_5, die="table"), PlaceTiles("Ana", (3,), 1))
    state = play(state, DieFace("Ana", "storm"), Reroll("Ana"))
    assert state.phase == "roll" and state.rolls[-1].rerolled
    state = play(state, DieFace("Ana", "flood"), NoElement("Ana"))
    assert [r.face for r in state.rolls] == ["storm", "flood"]
    assert state.rolls[-1].element is None and state.phase == "turn"


def test_a_katastrof_card_rolls_too_and_both_rolls_are_owed() -> None:
    state = play(
        game(board=GREEN_AT_5, die="table"),
        PlaceTiles("Ana", (3,), 1, action_cards=("katastrof",)),
    )
    assert state.rolls_due == 2
    state = play(state, DieFace("Ana", "storm"), TakeElement("Ana", "grey"))
    assert state.phase == "roll" and state.current == 0
    state = play(state, DieFace("Ana", "wildfire"), TakeElement("Ana", "red_orange"))
    assert state.phase == "turn" and state.current == 1


def test_a_face_the_die_does_not_have_is_refused() -> None:
    stormy = Board(track_length=50, green_squares=(5,), die_faces=("storm",))
    state = play(game(board=stormy, die="table"), PlaceTiles("Ana", (3,), 1))
    refused(state, DieFace("Ana", "flood"), "no flood face")
    refused(state, DieFace("Ana", "hail"), "wildfire, storm or flood")
    refused(state, DieFace("Bo", "storm"), "Ana rolls the die")
    refused(game(), RollDie("Ana"), "green square")


def test_the_assumed_die_has_two_faces_of_each() -> None:
    faces = game().config.board.die_faces
    assert Counter(faces) == {"wildfire": 2, "storm": 2, "flood": 2}
    rolled = Counter(roll(Rng(7, n), faces)[0] for n in range(600))
    assert set(rolled) == {"wildfire", "storm", "flood"}
    assert all(150 < count < 250 for count in rolled.values())


def test_the_app_roll_is_the_same_on_replay() -> None:
    a = play(game(board=GREEN_AT_5), PlaceTiles("Ana", (3,), 1), RollDie("Ana"))
    b = play(game(board=GREEN_AT_5), PlaceTiles("Ana", (3,), 1), RollDie("Ana"))
    assert a == b

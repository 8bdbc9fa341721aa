"""Each player's alms carry a mark of their own, not only a colour."""

from app.chickwood.look import marks


def test_distinct_initials_are_the_marks() -> None:
    assert marks(("Ana", "bo", "Camille")) == ("A", "B", "C")


def test_shared_initials_give_way_to_seat_numbers() -> None:
    assert marks(("Player 1", "Player 2", "Player 3")) == ("1", "2", "3")
    assert marks(("Ana", "Alex")) == ("1", "2")

"""The account of physical changes between two states (engines/core/changes.py)."""

from engines.core import Change, check_changes, differences, to_announce

BEFORE = {"pawn:ge": 1, "pawn:vogter": 4, "future": ("trold", "nisse", "huldre")}
AFTER = {"pawn:ge": 3, "pawn:vogter": 4, "future": ("nisse", "huldre", "trold")}

MOVE = Change("Move Gamle Erik 2 Trees clockwise, to Tree 3", ("pawn:ge",), "tree:1", "tree:3")
SLIDE = Change("Take the Trold from the Future", ("future",), "future:0", chosen=True)


def test_differences_lists_only_changed_places_with_both_sides() -> None:
    assert differences(BEFORE, AFTER) == {
        "future": (("trold", "nisse", "huldre"), ("nisse", "huldre", "trold")),
        "pawn:ge": (1, 3),
    }
    assert differences({"a": 1}, {"b": 1}) == {"a": (1, None), "b": (None, 1)}


def test_a_complete_account_has_no_problem() -> None:
    assert check_changes([MOVE, SLIDE], BEFORE, AFTER) == []


def test_a_missing_a_doubled_and_an_idle_change_are_each_reported() -> None:
    assert check_changes([MOVE], BEFORE, AFTER) == [
        "'future' changed (('trold', 'nisse', 'huldre') -> ('nisse', 'huldre', 'trold')) "
        "with no instruction"
    ]
    twice = check_changes([MOVE, SLIDE, MOVE], BEFORE, AFTER)
    assert len(twice) == 1 and "covered twice" in twice[0]
    idle = Change("Move Vogter", ("pawn:vogter",))
    assert check_changes([MOVE, SLIDE, idle], BEFORE, AFTER) == [
        "'Move Vogter' covers 'pawn:vogter', which did not change"
    ]
    silent = Change(" ", ("pawn:ge",))
    assert check_changes([silent, SLIDE], BEFORE, AFTER)[0].startswith("a change without words")


def test_places_to_mark_and_what_is_announced() -> None:
    assert MOVE.places == ("tree:1", "tree:3")
    assert SLIDE.places == ("future:0",)
    assert to_announce([MOVE, SLIDE]) == [MOVE]

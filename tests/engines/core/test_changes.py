"""The account of physical changes between two states (engines/core/changes.py)."""

from enum import StrEnum

from engines.core import (
    Change,
    check_changes,
    differences,
    from_data,
    made,
    plain,
    plain_places,
    settle,
    to_announce,
    to_data,
)

BEFORE = {"pawn:ge": 1, "pawn:vogter": 4, "future": ("trold", "nisse", "huldre")}
AFTER = {"pawn:ge": 3, "pawn:vogter": 4, "future": ("nisse", "huldre", "trold")}

MOVE = Change(
    "Move Gamle Erik 2 Trees clockwise, to Tree 3",
    ("pawn:ge",),
    "tree:1",
    "tree:3",
    sets=(("pawn:ge", 3),),
)
SLIDE = Change(
    "Take the Trold from the Future",
    ("future",),
    "future:0",
    chosen=True,
    sets=(("future", ("nisse", "huldre", "trold")),),
)


class Card(StrEnum):
    NISSE = "nisse"


def test_differences_lists_only_changed_places_with_both_sides() -> None:
    assert differences(BEFORE, AFTER) == {
        "future": (("trold", "nisse", "huldre"), ("nisse", "huldre", "trold")),
        "pawn:ge": (1, 3),
    }
    assert differences({"a": 1}, {"b": 1}) == {"a": (1, None), "b": (None, 1)}


def test_a_complete_account_has_no_problem() -> None:
    assert check_changes([MOVE, SLIDE], BEFORE, AFTER) == []


def test_a_missing_a_doubled_and_an_idle_change_are_each_reported() -> None:
    missing = check_changes([MOVE], BEFORE, AFTER)
    assert missing[0] == (
        "'future' changed (('trold', 'nisse', 'huldre') -> ('nisse', 'huldre', 'trold')) "
        "with no instruction"
    )
    twice = check_changes([MOVE, SLIDE, MOVE], BEFORE, AFTER)
    assert len(twice) == 1 and "covered twice" in twice[0]
    idle = Change("Move Vogter", ("pawn:vogter",), sets=(("pawn:vogter", 4),))
    assert check_changes([MOVE, SLIDE, idle], BEFORE, AFTER) == [
        "'Move Vogter' covers 'pawn:vogter', which did not change"
    ]
    silent = Change(" ", ("pawn:ge",), sets=(("pawn:ge", 3),))
    assert check_changes([silent, SLIDE], BEFORE, AFTER)[0].startswith("a change without words")


def test_a_change_must_say_what_its_places_then_hold_and_lead_to_the_end() -> None:
    unsaid = Change("Move Gamle Erik", ("pawn:ge",))
    assert check_changes([unsaid, SLIDE], BEFORE, AFTER) == [
        "'Move Gamle Erik' does not say what ['pawn:ge'] then hold",
        "carried out in order, the changes leave 'pawn:ge' holding 1, not 3",
    ]
    astray = Change("Move Gamle Erik", ("pawn:ge",), sets=(("pawn:ge", 2),))
    assert check_changes([astray, SLIDE], BEFORE, AFTER) == [
        "carried out in order, the changes leave 'pawn:ge' holding 2, not 3"
    ]


def test_settle_gives_each_change_its_places_at_the_end_after_those_on_the_way() -> None:
    take = Change("Take the Trold", ("hand",), sets=(("future", None),))
    refill = Change("Refill the Future", ("future",))
    settled = settle([take, refill], {"hand": ("trold",), "future": ("nisse",)})
    assert [c.sets for c in settled] == [
        (("future", None), ("hand", ("trold",))),
        (("future", ("nisse",)),),
    ]
    start = {"future": ("trold", "nisse")}
    # Between the two steps the Future's place is empty, as on the table.
    assert made(start, settled[:1]) == {"hand": ("trold",)}
    assert made(start, settled) == {"hand": ("trold",), "future": ("nisse",)}


def test_a_place_passed_on_the_way_ends_as_it_ends_with_the_last_change_of_its_kind() -> None:
    """A card put under the deck is known at its bottom (deck:bottom:3) on the way; once
    two are drawn from its top, that count names no card: the last deck change says so."""
    under = Change("Put it under", ("future",), sets=(("deck:bottom:3", "ge"), ("deck", 3)))
    draw = Change("Draw one", ("hand",), sets=(("deck", 2),))
    draw_again = Change("Draw another", ("deck",))
    after = {"deck": 1, "deck:bottom:1": "ge", "hand": ("x", "y")}
    settled = settle([under, draw, draw_again], after)
    start = {"deck": 2, "future": ("ge",), "deck:bottom:1": "ge"}
    ended = made(start, settled)
    assert "deck:bottom:3" not in ended and ended["deck"] == 1
    assert ("deck:bottom:3", None) in settled[2].sets  # the last change of the deck's kind
    assert made(start, settled[:1])["deck:bottom:3"] == "ge"  # on the way, it was there


def test_plain_contents_read_back_equal_after_saving() -> None:
    value = {"cards": (Card.NISSE, "trold"), "count": 2, "seen": frozenset({3, 1})}
    flat = plain(value)
    assert flat == (("cards", ("nisse", "trold")), ("count", 2), ("seen", (1, 3)))
    change = Change("Put it back", ("x",), sets=(("x", value),))
    again = from_data(Change, to_data(change))
    assert again.sets == change.sets == (("x", flat),)
    assert plain_places({"a": None, "b": [Card.NISSE]}) == {"b": ("nisse",)}


def test_places_to_mark_and_what_is_announced() -> None:
    assert MOVE.places == ("tree:1", "tree:3")
    assert SLIDE.places == ("future:0",)
    assert to_announce([MOVE, SLIDE]) == [MOVE]

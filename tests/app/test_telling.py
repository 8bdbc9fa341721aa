"""The chain of instructions told to the table (app/play/telling.py), and what the table is
owed saved and read back (app/play/owed.py). The panel itself is seen in the games' UI
tests: building a widget here would open a window before the UI tests configure its size."""

from dataclasses import dataclass, replace

from app.play.owed import Owed, read_owed
from app.play.telling import Telling
from engines.core import Change

TAKE = Change("Take the Trold from the Future", ("future",), "future:0", chosen=True)
MOVE = Change("Move Gamle Erik 2 Trees clockwise, to Tree 3", ("pawn:ge",), "tree:1", "tree:3")
UNDER = Change("Put the Gamle Erik card under the deck", ("deck",), target="deck")


def test_the_peoples_own_move_is_not_told_and_the_rest_is_told_in_order() -> None:
    chain = Telling.start([TAKE, MOVE, UNDER], reason="A Risky Draw", heading="Gamle Erik came up")
    assert chain.active
    assert chain.current == MOVE and chain.position == "1 of 2"
    assert chain.reason == "A Risky Draw" and chain.heading == "Gamle Erik came up"
    chain = chain.advanced()
    assert chain.active
    assert chain.current == UNDER and chain.position == "2 of 2"
    assert chain.waiting == (UNDER,)
    chain = chain.advanced()
    assert not chain.active and chain.current is None
    assert chain.reason == chain.heading == chain.position == ""
    assert chain.advanced() == Telling()  # a further Done does nothing


def test_everything_is_told_after_an_undo_and_a_chain_of_one_has_no_number() -> None:
    chain = Telling.start([TAKE], everything=True)
    assert chain.current == TAKE and chain.position == ""
    chain = Telling.start([TAKE], reason="ignored")
    assert not chain.active and chain.reason == ""


def test_changes_added_after_a_chain_come_after_its_last_step() -> None:
    chain = Telling.start([MOVE], heading="Grak's turn").followed_by([UNDER])
    assert [c.words for c in chain.changes] == [MOVE.words, UNDER.words]
    assert chain.heading == "Grak's turn" and chain.position == "1 of 2"
    assert Telling().followed_by([TAKE]).current == TAKE  # told, though the people chose it


@dataclass(frozen=True)
class Kept(Owed):
    order: tuple[str, ...] = ()


def test_what_the_table_is_owed_reads_back_exactly_and_damage_reads_as_nothing() -> None:
    owed = Kept(Telling.start([MOVE, UNDER], "why", "Grak's turn").advanced(), "note", ("a", "b"))
    assert read_owed(Kept, owed.to_data()) == owed
    assert read_owed(Kept, replace(owed, order=()).to_data()) == replace(owed, order=())
    assert read_owed(Kept, None) is None
    assert read_owed(Kept, {"telling": "not a chain"}) is None
    assert read_owed(Kept, {"unknown": 1}) is None
    assert read_owed(Kept, [1, 2]) is None

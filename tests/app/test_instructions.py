"""The chain of instructions told to the table (app/play/instructions.py). The panel itself is
seen in the games' UI tests: building a widget here would open a window before the UI
tests configure its size."""

from app.play.instructions import InstructionChain
from engines.core import Change

TAKE = Change("Take the Trold from the Future", ("future",), "future:0", chosen=True)
MOVE = Change("Move Gamle Erik 2 Trees clockwise, to Tree 3", ("pawn:ge",), "tree:1", "tree:3")
UNDER = Change("Put the Gamle Erik card under the deck", ("deck",), target="deck")


def test_the_peoples_own_move_is_not_told_and_the_rest_is_told_in_order() -> None:
    chain = InstructionChain()
    assert chain.start([TAKE, MOVE, UNDER], reason="A Risky Draw", heading="Gamle Erik came up")
    assert chain.current == MOVE and chain.position == "1 of 2"
    assert chain.reason == "A Risky Draw" and chain.heading == "Gamle Erik came up"
    assert chain.advance()
    assert chain.current == UNDER and chain.position == "2 of 2"
    assert not chain.advance()
    assert not chain.active and chain.current is None
    assert chain.reason == chain.heading == chain.position == ""
    assert not chain.advance()  # a further Done does nothing


def test_everything_is_told_after_an_undo_and_a_chain_of_one_has_no_number() -> None:
    chain = InstructionChain()
    assert chain.start([TAKE], everything=True)
    assert chain.current == TAKE and chain.position == ""
    assert not chain.start([TAKE], reason="ignored")
    assert not chain.active and chain.reason == ""

"""A card called and paid for with its cost, told to the table in the rulebook's order:
the cost first, then the card taken, the Future sliding only at the end; a card swapped
for one just like it moves nothing; a cost with one way to pay is paid by itself
(review N8)."""

import random
from collections.abc import Callable
from pathlib import Path

from app.play.play_session import PlaySession
from app.skoventyr.controller import SkoventyrController
from app.storage.store import Store
from engines import skoventyr as S

E, N, H = S.Card.ELLEFOLK, S.Card.NISSE, S.Card.HULDRE


def dealt(tmp_path: Path, seed: int) -> SkoventyrController:
    """A new game, its deal taken from the pile (one Done each)."""
    store = Store.open(tmp_path / "tableside.db")
    control = SkoventyrController(S, PlaySession.start(store, S, S.Config(), seed, ["Ana"]))
    while control.telling.active:
        control.done()
    return control


def call_and_pay(tmp_path: Path, seed: int, slot: int) -> SkoventyrController:
    control = dealt(tmp_path, seed)
    for target in (("verb", "call"), ("future", slot), ("choice", "pay")):
        control.pick(target)
    return control


def test_an_ellefolk_paid_with_the_other_ellefolk_swaps_nothing(tmp_path: Path) -> None:
    control = call_and_pay(tmp_path, seed=5, slot=0)  # the Future: Ellefolk, Nisse, Ellefolk
    assert not control.telling.active  # nothing moves until the cost is paid
    # The called card lies in its place until it is taken (review P4).
    assert control.future_on_table() == (E, N, E)
    assert control.state.asking == "future_to_bottom"
    control.pick(("future", 1))  # the other Ellefolk, third on the table, under the deck
    told = [change.words for change in control.telling.changes]
    assert not any("back" in words or "sorted pile" in words for words in told), told
    assert told[0] == "Take the Ellefolk from the first place of the Future into your hand"
    assert told[1].startswith("Slide the Nisse from the second place of the Future")
    assert len(told) == 3  # and the last place refilled
    assert control.future_on_table() == (E, N, None)  # the cost paid by their own hand
    control.done()  # the card taken: its place empty until the slide is done
    assert control.future_on_table() == (None, N, None)
    control.done()  # slid, and the second place refilled; the third is still empty
    assert control.future_on_table() == (N, control.state.future[1], None)
    control.done()
    assert control.future_on_table() is None


def test_a_huldre_damages_its_tree_before_the_future_slides(tmp_path: Path) -> None:
    control = call_and_pay(tmp_path, seed=3, slot=0)  # the Future: Huldre, Formskifter, Huldre
    assert not control.telling.active and control.state.asking == "damage"
    tree = control.selection.ordered_options()[0]
    control.pick(tree)  # the people damage the Tree they chose
    told = [change.words for change in control.telling.changes]
    assert told[0] == "Take the Huldre from the first place of the Future into your hand"
    assert told[1].startswith("Slide the Future's cards left")
    assert control.state.forest.tree(int(str(tree[1]))).damaged


def dealt_and_played(
    tmp_path: Path, seed: int, moves: list[S.SkoventyrAction]
) -> SkoventyrController:
    """A new game with ``moves`` made, every instruction they tell done."""
    control = dealt(tmp_path, seed)
    for move in moves:
        control.take(move)
        while control.telling.active:
            control.done()
    return control


def first_paid_call(
    seed: int, wanted: Callable[[S.State, S.Call], bool]
) -> tuple[list[S.SkoventyrAction], S.Call]:
    """Seeded play (never a move that loses at once) until a Call paid for (no Risky
    Draw) that is ``wanted``; the moves to get there and that Call."""
    chooser = random.Random(seed)
    state = S.new_game(S.Config(), seed)
    moves: list[S.SkoventyrAction] = []
    for _ in range(400):
        options = S.legal_actions(state)
        for action in options:
            if isinstance(action, S.Call) and not action.risky and wanted(state, action):
                return moves, action
        safe = [a for a in options if not S.immediate_loss(state, a)] or options
        moves.append(chooser.choice(safe))
        state = S.apply(state, moves[-1])
    raise AssertionError("no such Call came up")


def first_cost_with_one_way(seed: int) -> tuple[list[S.SkoventyrAction], S.Call]:
    """A Call whose cost can be paid only one way."""

    def one_way(state: S.State, call: S.Call) -> bool:
        paying = S.apply(state, call)
        return paying.taken is not None and len(S.legal_actions(paying)) == 1

    return first_paid_call(seed, one_way)


def test_a_cost_with_one_way_to_pay_it_is_paid_by_itself_and_said(tmp_path: Path) -> None:
    moves, call = first_cost_with_one_way(seed=2)
    control = dealt_and_played(tmp_path, 2, moves)
    paying = S.apply(control.state, call)
    [only] = S.legal_actions(paying)
    for target in (("verb", "call"), ("future", call.slot), ("choice", "pay")):
        control.pick(target)
    assert control.play.session.actions[-2:] == (call, only)  # no touch asked for it
    assert control.owed.note == f"{only.label}: the only way to pay the cost."
    assert control.telling.active  # and the table is told what follows


def test_a_gambit_leaves_the_futures_places_empty_until_the_slide(tmp_path: Path) -> None:
    """Review N7: the screen closed up the Future before the table's slide."""
    control = dealt(tmp_path, 0)
    row = control.state.future
    control.pick(("verb", "gambit"))
    control.pick(next(t for t in control.selection.ordered_options() if t[0] == "tree"))
    while control.telling.active:
        control.done()
    control.pick(("future", 0))  # the first card under the deck
    assert control.future_on_table() == (None, row[1], row[2])
    control.pick(("future", 1))  # the third on the table: the engine's second now
    assert control.future_on_table() == (None, row[1], None)
    control.pick(("answer", S.StopPutting().label))
    told = [change.words for change in control.telling.changes]
    assert told[0].startswith(f"Slide the {row[1].label} from the second place")
    assert control.future_on_table() == (None, row[1], None)  # until the slide is done
    control.done()  # slid and the second place refilled: the third waits for its card
    assert control.future_on_table() == (row[1], control.state.future[1], None)
    control.done()
    assert control.future_on_table() is None


def test_while_a_move_is_told_the_hand_and_title_are_the_movers(tmp_path: Path) -> None:
    """Seen in a real window: with three players, the second player's Call told the card
    into their hand while the screen showed the third player's hand."""
    from app.skoventyr.view import skoventyr_view

    store = Store.open(tmp_path / "tableside.db")
    config = S.Config(players=3, first_player=1)
    play = PlaySession.start(store, S, config, 11, ["Ana", "Bo", "Cy"])
    control = SkoventyrController(S, play)
    while control.telling.active:
        control.done()
    assert control.state.player == 1
    called = control.state.future[1]
    for target in (("verb", "call"), ("future", 1), ("choice", "pay")):
        control.pick(target)
    while not control.telling.active:  # the cost, paid the first way offered
        control.pick(control.selection.ordered_options()[0])
    assert control.state.player == 2  # the turn has passed in the game
    shown = []
    while control.telling.active:
        view = skoventyr_view(control)
        assert view.hand_seat == 1 and view.title == "Turn 1 \u00b7 Bo"
        shown.append([card["title"] for card in view.hand])
        control.done()
    assert called.label in shown[-1]  # the card taken is drawn in Bo's hand
    view = skoventyr_view(control)
    assert view.hand_seat == 2 and view.title == "Turn 2 \u00b7 Cy"


def test_in_a_deal_from_the_table_s_deck_the_hand_shown_is_the_one_asked_about(
    tmp_path: Path,
) -> None:
    """The people deal from their own deck and say which card each player drew: the hand
    shown under "which card did player 2 draw?" is player 2's, headed by their name."""
    from app.skoventyr.view import skoventyr_view

    store = Store.open(tmp_path / "tableside.db")
    config = S.Config(players=3, deck_mode="table")
    control = SkoventyrController(S, PlaySession.start(store, S, config, 4, ["Ana", "Bo", "Cy"]))
    asked = []
    while control.state.tasks and control.state.tasks[0].op in ("setup_future", "setup_hand"):
        if control.telling.active:
            control.done()
            continue
        view = skoventyr_view(control)
        if control.state.tasks[0].op == "setup_hand":
            seat = control.state.tasks[0].n
            assert f"player {seat + 1} draw" in control.prompt()
            assert view.hand_seat == seat and view.hand_heading == ["Ana", "Bo", "Cy"][seat]
            asked.append(seat)
        control.pick(("answer", control.selection.ordered_options()[0][1]))
    assert asked == [0, 1, 2]


def first_call_that_loses(seed: int) -> tuple[list[S.SkoventyrAction], S.Call]:
    """A Call whose cost, paid, ends the game (a Gamle Erik called with Gamle Erik one
    Tree behind Vogter)."""
    return first_paid_call(
        seed, lambda state, call: S.immediate_loss(state, call) and bool(S.apply(state, call).taken)
    )


def test_a_paid_call_that_ends_the_game_tells_what_ended_it(tmp_path: Path) -> None:
    """The cost caught Vogter: nothing is left to pay, and the table is told the move of
    Gamle Erik that ended the game, drawn where it stands until then (the screen drew the
    game's end with nothing told)."""
    moves, call = first_call_that_loses(seed=0)
    control = dealt_and_played(tmp_path, 0, moves)
    before = control.state.forest.gamle_erik
    control.take(call)  # the loss, confirmed
    assert control.state.ended is not None
    told = [change.words for change in control.telling.changes]
    assert any("Gamle Erik" in words and "Tree" in words for words in told), told
    assert control.table()["pawn:gamle_erik"] == before  # until it is told
    while control.telling.active:
        control.done()
    assert control.table()["pawn:gamle_erik"] == control.state.forest.vogter

"""Skogen's controller without a window: seeded whole games of 2-6 players with either
die, played touch by touch as the screen makes them (app.skogen.autoplay). Every touch is
one write, the app's roll included; a storage fault during the roll refuses the whole
touch and saves nothing; two rolls in a turn are each counted and given their own reason
(review P10); Undo's question names the turn as the header does (P13); what the screen
draws is the table as told, which at the end of every chain is the game's own."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from app.games import BY_KEY
from app.play.play_session import PlaySession
from app.skogen.autoplay import SkogenPlayer
from app.skogen.controller import ROLLED, SkogenController
from app.skogen.view import drawn_places, skogen_view
from app.storage.faults import StorageFault
from app.storage.store import Store
from engines import skogen as G
from engines.core import plain_places
from tests.app.test_resume_at_every_step import play_and_reopen_at_every_step
from tests.app.writes import after_each_write

NAMES = ("Ana", "Bo", "Cy", "Di", "Eve", "Fay")
#: One green square, at 8: a turn worth 8 points rolls the die.
GREEN_AT_8 = G.Board(track_length=50, green_squares=(8,))


def start(tmp_path: Path, config: G.Config, seed: int = 1) -> SkogenController:
    store = Store.open(tmp_path / "tableside.db")
    play = PlaySession.start(store, G, config, seed, list(config.players))
    return SkogenController(G, play)


def saved(control: SkogenController) -> Store:
    """The saved games the game is kept in."""
    assert isinstance(control.play, PlaySession)
    return control.play.store


def count_writes(store: Store) -> list[int]:
    """Count each write the store commits (a transaction and the writes inside it: one)."""
    writes = [0]

    def counted() -> None:
        writes[0] += 1

    after_each_write(store, counted)
    return writes


def drawn_of_table(control: SkogenController) -> dict[str, Any]:
    """The table as told, by the keys the screen draws (action cards by their count)."""
    table = control.table()
    drawn: dict[str, Any] = {"bags": table.get("bags", 0)}
    for name in control.state.config.players:
        drawn[f"token:{name}"] = table.get(f"token:{name}", 0)
        drawn[f"hand:{name}"] = table.get(f"hand:{name}", 0)
        drawn[f"life:{name}"] = table.get(f"life:{name}", (0, 0, 0, 0))
    return drawn


GAMES = [(players, die) for players in range(2, 7) for die in ("app", "table")]


@pytest.mark.parametrize(("players", "die"), GAMES, ids=[f"{p}-{d}" for p, d in GAMES])
def test_a_seeded_whole_game_one_write_per_touch(players: int, die: str, tmp_path: Path) -> None:
    config = G.Config(players=NAMES[:players], die=die)  # type: ignore[arg-type]
    control = start(tmp_path, config, seed=players)
    writes = count_writes(saved(control))
    player = SkogenPlayer(players, undo_every=12)
    touches = chains = rolls_told = 0
    while True:
        title_before = skogen_view(control).title
        telling_before = control.telling.active
        written, events = writes[0], len(control.play.session.events)
        if not player.step(control):
            break
        touches += 1
        assert touches < 5000, "the game did not end"
        assert control.message == ""  # the seeded person makes no touch the rules refuse
        assert writes[0] - written == 1, f"touch {touches}: {writes[0] - written} writes"
        assert len(saved(control).events(control.play.session_id)) == len(
            control.play.session.events
        )
        view = skogen_view(control)
        assert drawn_places(view) == drawn_of_table(control)
        table = control.table()  # the action cards used, drawn as a count
        for row in view.rows:
            assert int(row.cards) == len(table.get(f"actions:{row.name}", ()))  # type: ignore[arg-type]
        if not control.telling.active:
            chains += telling_before
            assert control.table() == plain_places(G.table_places(control.state))
        elif len(control.play.session.events) > events and control.telling.heading == ROLLED:
            rolls_told += 1  # a move's chain: told under the turn it was made in
            assert not telling_before and view.title == title_before
    assert control.state.phase == "over" and control.play.session.outcome() is not None
    assert chains > 0 and touches > 50
    assert (rolls_told > 0) == (die == "app" and any(control.state.rolls))


def test_the_apps_roll_is_saved_in_the_same_write_as_its_move(tmp_path: Path) -> None:
    control = start(tmp_path, G.Config(players=("Ana", "Bo"), board=GREEN_AT_8))
    writes = count_writes(saved(control))
    control.add("species", 8)
    assert writes[0] == 1  # the key, kept with the game
    assert control.primary()
    assert writes[0] == 2
    assert [type(a) for a in control.play.session.actions] == [G.PlaceTiles, G.RollDie]
    assert control.telling.heading == ROLLED
    assert control.telling.reason == "Ana's token is on a green square"
    assert control.owed.roll_count == ""  # one roll this turn: no count
    kept = saved(control).owed(control.play.session_id, 2)
    assert kept == control.owed.to_data()


def test_a_storage_fault_during_the_roll_refuses_the_touch_and_saves_nothing(
    tmp_path: Path,
) -> None:
    control = start(tmp_path, G.Config(players=("Ana", "Bo"), board=GREEN_AT_8))
    store = saved(control)
    control.add("species", 8)
    state, owed, events = control.state, control.owed, control.play.session.events
    appended: list[int] = []
    append = store.append_event

    def failing(*args: Any, **kwargs: Any) -> int:
        appended.append(1)
        if len(appended) == 2:  # the roll, after its move
            raise StorageFault("locked")
        return append(*args, **kwargs)

    store.append_event = failing  # type: ignore[method-assign]
    assert not control.primary() or control.unsaved
    assert control.unsaved and "busy in another program" in control.message
    assert control.state is state and control.owed == owed
    assert control.play.session.events == events
    assert store.events(control.play.session_id) == []
    assert skogen_view(control).message == control.message
    assert control.entries == (("species", 8),)  # the keys stay, to enter again

    store.append_event = append  # type: ignore[method-assign]
    control.primary()  # the fault cleared: the move and its roll, together
    assert control.message == "" and not control.unsaved
    assert len(store.events(control.play.session_id)) == 2
    assert control.telling.active and control.entries == ()


def test_two_rolls_in_a_turn_are_each_counted_with_their_own_reason(tmp_path: Path) -> None:
    """Review P10: Katastrof played and a green square in one turn: two rolls, each told
    with which it is and why (action cards are played before the token moves)."""
    control = start(tmp_path, G.Config(players=("Ana", "Bo"), board=GREEN_AT_8))
    control.add("species", 8)
    control.add("card", "katastrof")
    control.primary()
    view = skogen_view(control)
    assert view.panel.heading == ROLLED and view.panel.position == "Roll 1 of 2"
    assert view.panel.reason == "Ana played Katastrof"
    control.done()
    face = control.state.face
    assert face is not None
    offered = skogen_view(control).elements
    control.choose_element(offered[0].key)  # and the app rolls the second at once
    view = skogen_view(control)
    assert view.panel.position == "Roll 2 of 2"
    assert view.panel.reason == "Ana's token is on a green square"
    assert view.title == "Round 1, Ana's turn"
    control.done()
    control.choose_element("reroll")  # none left: the same roll again
    view = skogen_view(control)
    assert view.panel.position == "Roll 2 of 2"
    assert view.panel.reason.startswith("Ana's token is on a green square; rolled again")


def test_the_undo_question_names_the_turn_as_the_header_did(tmp_path: Path) -> None:
    """Review P13: the question before undoing into a finished turn names it in the
    header's words; undone, the table is told what to put back, and the ledger drawn
    changes only as each step is done."""
    control = start(tmp_path, G.Config(players=("Ana", "Bo", "Cy")))
    control.add("species", 5)
    control.add("life", "B")
    title = skogen_view(control).title
    assert title == "Round 1, Ana's turn"
    control.primary()
    assert skogen_view(control).title == "Round 1, Bo's turn"
    question = control.undo()
    assert question is not None and question.heading == f"Go back to {title}?"
    assert len(control.play.session.events) == 1  # asked, not undone
    control.undo_confirmed()
    assert control.play.session.actions == ()
    view = skogen_view(control)
    assert view.title == title and view.panel.heading.startswith("Undone: Ana places tiles")
    ana = next(row for row in view.rows if row.name == "Ana")
    assert ana.score == "5" and ana.life == "B"  # as the table still has it
    while control.telling.active:
        current = control.telling.current
        assert current is not None
        control.done()
    ana = next(row for row in skogen_view(control).rows if row.name == "Ana")
    assert ana.score == "0" and ana.life == "none"
    assert control.table() == plain_places(G.table_places(control.state))


def test_the_keys_of_a_turn_being_built_come_back_when_the_game_is_opened_again(
    tmp_path: Path,
) -> None:
    control = start(tmp_path, G.Config(players=("Ana", "Bo")))
    control.add("species", 6)
    control.add("life", "F")
    control.undo()
    shown = skogen_view(control)
    assert shown.undone == "Undo took back the life card F (Fröspridning)."
    again = SkogenController(G, PlaySession.resume(saved(control), G, control.play.session_id))
    assert skogen_view(again) == shown and again.entries == (("species", 6),)


@pytest.mark.parametrize(
    "config",
    [G.Config(players=("Ana", "Bo", "Cy", "Di")), G.Config(players=("Ana", "Bo"), die="table")],
    ids=["four-app", "two-table"],
)
def test_skogen_reads_the_same_when_opened_again_at_every_step(
    config: G.Config, tmp_path: Path
) -> None:
    steps, copies, state = play_and_reopen_at_every_step(
        tmp_path, BY_KEY["skogen"], config, 7, SkogenPlayer(7), list(config.players)
    )
    assert state.phase == "over" and steps > 50
    assert copies == steps  # the game started, then one write per touch

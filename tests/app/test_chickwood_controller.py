"""Chickwood Forest without a window: seeded whole games through the controller, as the
screen plays them (app.chickwood.autoplay), with 2 to 5 players, with and without the
Legendary cards and as a quick score. At every chain's end the table as told is the
game's own; what the view draws is the table as told; every touch is at most one write;
Undo into a finished turn asks first; a game opened again at any write reads the same."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from app.chickwood.autoplay import ChickwoodPlayer
from app.chickwood.by_hand import ChangeRaid, PlaceAlms
from app.chickwood.controller import ChickwoodController
from app.chickwood.view import chickwood_view, drawn_places
from app.games import BY_KEY
from app.play.play_session import PlaySession
from app.storage.store import Store
from engines import chickwood as C
from engines.core import plain_places
from tests.app.test_resume_at_every_step import play_and_reopen_at_every_step

NAMES = ("Ana", "Bo", "Cy", "Dag", "Eve")


def started(tmp_path: Path, config: C.Config, seed: int = 1) -> ChickwoodController:
    store = Store.open(tmp_path / "tableside.db")
    play = PlaySession.start(store, C, config, seed, list(config.players))
    return ChickwoodController(C, play)


def counted_writes(control: ChickwoodController) -> list[str]:
    """The writes to the saved games from now on, by kind."""
    store = control.play.store  # type: ignore[union-attr]
    writes: list[str] = []

    def counting(name: str, write: Callable[..., Any]) -> Callable[..., Any]:
        def counted(*args: Any, **kwargs: Any) -> Any:
            writes.append(name)
            return write(*args, **kwargs)

        return counted

    store.append_event = counting("event", store.append_event)  # type: ignore[method-assign]
    store.save_owed = counting("owed", store.save_owed)  # type: ignore[method-assign]
    return writes


#: Every touch the screen forwards to the controller.
TOUCHES = (
    "add_loot",
    "choose_castle",
    "choose_seat",
    "touch_village",
    "primary",
    "done",
    "confirm_scores",
    "load_raid",
    "place_alms",
    "cancel",
    "undo",
    "undo_confirmed",
)


def one_write_per_touch(control: ChickwoodController, writes: list[str]) -> None:
    """Each touch forwarded to ``control`` checked to write at most once."""
    for name in TOUCHES:
        touch = getattr(control, name)

        def checked(*args: Any, touch: Callable[..., Any] = touch, name: str = name) -> Any:
            before = len(writes)
            result = touch(*args)
            assert len(writes) - before <= 1, f"{name}{args} wrote {writes[before:]}"
            return result

        setattr(control, name, checked)


def own_table(control: ChickwoodController) -> dict[str, Any]:
    return plain_places(C.table_places(control.state))


@pytest.mark.parametrize(
    ("players", "legendary", "quick"),
    [(2, False, False), (3, True, False), (4, False, False), (5, True, False), (3, True, True)],
)
def test_whole_games_keep_the_table_as_told_and_draw_it(
    tmp_path: Path, players: int, legendary: bool, quick: bool
) -> None:
    config = C.Config(players=NAMES[:players], legendary=legendary, deck_size=40, quick=quick)
    control = started(tmp_path, config, seed=players)
    player = ChickwoodPlayer(players)
    one_write_per_touch(control, counted_writes(control))
    steps = chains = 0
    was_telling = control.telling.active
    while True:
        view = chickwood_view(control)
        table = control.table()
        for key, value in drawn_places(view).items():  # what is drawn is the table as told
            assert table.get(key) == value, f"{key} drawn as {value!r}, told {table.get(key)!r}"
        if not control.telling.active:
            assert table == own_table(control)  # a chain's end: the told table is the game's
            chains += was_telling
        was_telling = control.telling.active
        if not player.step(control):
            break
        steps += 1
        assert steps < 3000, "the game did not end"
    assert control.state.phase == "over" and C.outcome(control.state) is not None
    assert quick or chains >= 2  # the first round's scouting, a round's end at least


def test_each_key_and_each_move_is_one_write(tmp_path: Path) -> None:
    config = C.Config(players=("Ana", "Bo", "Cy"), starting_castles=(1, 2, 3))
    control = started(tmp_path, config)
    writes = counted_writes(control)
    control.done()  # the first round's scouting
    assert writes == ["owed"]
    for act in (
        lambda: control.choose_castle("4"),
        lambda: control.add_loot("chest:gold"),
        lambda: control.add_loot("alms:1"),
    ):
        before = len(writes)
        act()
        assert len(writes) == before + 1  # the key kept with the game
    assert control.entered() == (("castle", "4"), ("loot", "chest:gold"), ("loot", "alms:1"))
    before = len(writes)
    assert control.primary() is False and len(control.state.raids) == 1
    assert writes[before:] == ["event"]  # the raid and what the table is owed: one write
    assert control.keys == [] and control.owed.entry == ()


def test_a_key_left_on_the_pad_comes_back_when_the_game_is_opened_again(
    tmp_path: Path,
) -> None:
    config = C.Config(players=("Ana", "Bo", "Cy"))
    control = started(tmp_path, config)
    control.done()
    control.choose_castle("3")
    control.add_loot("jewelry:ring")
    store = control.play.store  # type: ignore[union-attr]
    again = ChickwoodController(C, PlaySession.resume(store, C, control.play.session_id))
    again.resume_entry()
    assert again.keys == control.keys and chickwood_view(again) == chickwood_view(control)


def test_undo_into_a_finished_turn_asks_first(tmp_path: Path) -> None:
    config = C.Config(players=("Ana", "Bo", "Cy"), starting_castles=(1, 2, 3))
    control = started(tmp_path, config)
    control.done()
    control.choose_castle("4")
    control.primary()  # Ana's raid, no benefactors: Bo's turn
    control.choose_castle("5")
    assert control.undo() is None and control.keys == []  # a key first, unasked
    question = control.undo()
    assert question is not None and question.heading == "Go back to Round 1, Ana's turn?"
    assert len(control.state.raids) == 1  # nothing taken back yet
    control.undo_confirmed()
    assert not control.state.raids
    assert control.telling.active and control.telling.heading.startswith("Undone: Ana raids")
    control.done()
    assert control.table() == own_table(control)


def test_a_round_over_deals_then_tells_the_next_scouting(tmp_path: Path) -> None:
    layout = ("village-1", "village-2", "village-3", "village-4", "village-5", "forest-1")
    config = C.Config(players=("Ana", "Bo"), layout=layout, starting_castles=(1, 2))
    control = started(tmp_path, config)
    control.done()
    deck = control.state.deck
    for castle in ("3", "1"):
        control.choose_castle(castle)
        control.primary()
    assert control.state.round == 2 and control.telling.heading == "The round is over"
    assert [c.phase for c in control.telling.changes] == ["end_of_round", "scouting"]
    view = chickwood_view(control)
    assert drawn_places(view)["deck"] == deck  # the old count until the deal is done
    control.done()
    assert drawn_places(chickwood_view(control))["deck"] == control.state.deck
    assert chickwood_view(control).instruction.changes[1].words.startswith("Scouting: Bo")
    control.done()
    assert not control.telling.active and chickwood_view(control).title == "Bo raids"


def test_cancel_leaves_a_correction_and_the_changed_raid_is_named_above_its_pad(
    tmp_path: Path,
) -> None:
    config = C.Config(players=("Ana", "Bo", "Cy"))
    control = started(tmp_path, config)
    control.done()
    control.choose_castle("4")
    control.add_loot("chest:gold")
    control.primary()
    control.load_raid(ChangeRaid(0))
    view = chickwood_view(control)
    assert view.cancel and view.fixing and view.primary_text == "Save raid 1"
    assert view.title == "Changing raid 1" and view.status == "Round 1, castle 4"
    assert view.side == ("castle_row", "pad_view")  # no prompt: the whole pad in sight
    control.cancel()
    view = chickwood_view(control)
    assert not view.cancel and not view.fixing and view.counts == {}
    control.place_alms(PlaceAlms(None, "Ana"))
    assert chickwood_view(control).prompt.endswith("(Cancel: leave it).")
    control.cancel()
    assert chickwood_view(control).prompt == "" and len(control.state.raids) == 1


@pytest.mark.parametrize("legendary", [False, True])
def test_chickwood_reads_the_same_when_opened_again_at_every_step(
    legendary: bool, tmp_path: Path
) -> None:
    config = C.Config(players=("Ana", "Bo", "Cy", "Di"), legendary=legendary, deck_size=24)
    steps, copies, state = play_and_reopen_at_every_step(
        tmp_path, BY_KEY["chickwood"], config, 7, ChickwoodPlayer(7), list(config.players)
    )
    assert state.phase == "over" and steps > 20 and copies >= steps - 1

"""Chickwood Forest corrections through the screen: one old entry put right without
undoing the ones after it, in two touches; confirmed scores reopened and corrected."""

import pytest
from kivy.uix.widget import Widget

from app.chickwood.play_screen import AlmsChip
from app.kit.score_table import PlayerHeader
from app.kit.widgets import TButton
from engines import chickwood as C
from tests.ui.driver import Driver

pytestmark = pytest.mark.ui

GOLD = C.Collection.of(chests={"gold": 1})


class Counted:
    """The driver's taps, counted (a person's touches)."""

    def __init__(self, driver: Driver) -> None:
        self.driver = driver
        self.touches = 0

    def tap(self, widget: Widget) -> None:
        self.touches += 1
        self.driver.tap(widget)

    def button(self, words: str) -> None:
        self.driver.pump(3)  # a popup opened by the last touch is laid out first
        found = [w for w in self.driver.visible() if isinstance(w, TButton) and w.text == words]
        assert len(found) == 1, f"no button {words!r} in {self.driver.texts()}"
        self.tap(found[0])

    def chip(self, name: str) -> None:
        self.driver.pump(3)  # chips drawn anew are laid out before they are touched
        self.tap(
            next(w for w in self.driver.visible() if isinstance(w, AlmsChip) and w.text == name)
        )


def press(driver: Driver, words: str) -> None:
    """Touch a button without counting it (not part of reaching the entry)."""
    driver.pump(3)
    driver.tap(next(w for w in driver.visible() if isinstance(w, TButton) and w.text == words))


def choose(driver: Driver, row_label: str, words: str) -> None:
    row = driver.find(row_label).parent
    driver.tap(next(w for w in row.walk() if isinstance(w, TButton) and w.text == words))


def start(driver: Driver, keep: str) -> None:
    tile = driver.find("Chickwood Forest").parent
    driver.tap(next(w for w in tile.walk() if isinstance(w, TButton) and w.text == "New game"))
    choose(driver, "Players", "3")
    choose(driver, "Keep score", keep)
    choose(driver, "Legendary", "Without")
    driver.tap_text("Set up the table")
    while driver.app.root.current == "setup_guide":
        driver.tap_text("Done" if "Done" in driver.texts() else "Next")
    assert driver.app.root.current.endswith("ChickwoodPlayScreen")


def test_an_old_raid_is_corrected_in_two_touches_and_later_entries_stand(
    driver: Driver,
) -> None:
    start(driver, "Every round")
    screen = driver.app.current_screen
    play = screen.play
    state: C.State = play.state
    first, second = (state.players[seat].name for seat in state.order[:2])
    play.play(C.Raid(first, 4, C.Collection.of(chests={"gold": 2})))
    play.play(C.Raid(second, 3, C.Collection.of(jewelry={"ring": 1})))
    screen.refresh()
    later = play.state.raids[1]
    events = len(play.session.events)

    # One gold chest too many in the first raid: the raider's chip, then the row.
    person = Counted(driver)
    person.chip(first)
    person.button("Remove one gold chest from round 1")
    assert person.touches == 2
    assert play.state.raids[0].loot == GOLD and play.state.raids[1] == later
    assert play.state.players[state.order[0]].loot == GOLD
    assert len(play.session.events) == events + 1
    assert isinstance(play.session.actions[-1], C.FixRaid)

    # Change the same raid: loaded on the pad, a different castle, saved.
    person = Counted(driver)
    person.chip(first)
    person.button("Change: Round 1, castle 4: 1 gold chest")
    assert person.touches == 2 and screen.castle == "4" and screen.counts == {"chest:gold": 1}
    assert "Save raid 1" in driver.texts()
    driver.pump(3)
    castle = next(w for w in driver.visible() if getattr(w, "value", "") == "2")
    driver.tap(castle)
    press(driver, "Save raid 1")
    assert play.state.raids[0].castle == 2 and play.state.raids[1] == later
    assert play.state.players[state.order[0]].castles[-1] == 2
    assert screen.title == f"{play.state.players[play.state.order[2]].name} raids"

    # Undo takes the correction back, and only it.
    press(driver, "Undo")
    driver.close_popups()
    assert play.state.raids[0].castle == 4 and play.state.raids[0].loot == GOLD


def test_confirmed_scores_are_reopened_by_a_correction_and_confirmed_again(
    driver: Driver,
) -> None:
    start(driver, "Final count only")
    screen = driver.app.current_screen
    play = screen.play
    table = C.rounds.blank_table(play.state)
    names = table.names
    ana = table.players[0].__class__(names[0], C.Collection.of(chests={"gold": 3}), (4,))
    bo = table.players[1].__class__(names[1], C.Collection(henchmen=1), (2, 5))
    play.play(C.EnterFinal(table.with_players(ana, bo)))
    play.play(C.Score(C.propose(C.final_table(play.state))))
    screen.refresh()
    assert C.outcome(play.state) is not None and "Reopen scores" in driver.texts()

    # One gold chest too many: the player's name on the scores, then the row.
    person = Counted(driver)
    driver.pump(3)
    header = next(
        w
        for w in driver.visible()
        if isinstance(w, PlayerHeader) and w.text.split("\n")[0] == names[0]
    )
    person.tap(header)
    person.button("Remove one: 3 gold chests")
    assert person.touches == 2, screen.refusal
    assert not screen.refusal
    assert C.outcome(play.state) is None and play.state.phase == "scoring"
    assert C.final_table(play.state).player(names[0]).loot == C.Collection.of(chests={"gold": 2})
    assert C.final_table(play.state).player(names[1]) == bo

    driver.close_popups()
    press(driver, "Confirm scores")
    press(driver, "Confirm")
    board = C.scoreboard(play.state)
    assert play.state.phase == "over" and board is not None
    assert board.player(names[0]).points("Chests") == 4

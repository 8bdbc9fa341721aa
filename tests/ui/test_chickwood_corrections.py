"""Chickwood Forest corrections through the screen: one old entry put right without
undoing the ones after it, in two touches; confirmed scores reopened and corrected."""

import pytest
from kivy.uix.widget import Widget

from app.chickwood.play_screen import AlmsChip
from app.kit.frames import until_read
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
    assert (
        person.touches == 2
        and screen.view.castle == "4"
        and screen.view.counts == {"chest:gold": 1}
    )
    assert "Save raid 1" in driver.texts()
    driver.pump(3)
    castle = next(w for w in driver.visible() if getattr(w, "value", "") == "2")
    driver.tap(castle)
    press(driver, "Save raid 1")
    assert play.state.raids[0].castle == 2 and play.state.raids[1] == later
    assert play.state.players[state.order[0]].castles[-1] == 2
    assert screen.view.title == f"{play.state.players[play.state.order[2]].name} raids"

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
    person.button("Remove a gold chest (3 held)")
    assert person.touches == 2, screen.view.refusal
    assert not screen.view.refusal
    assert C.outcome(play.state) is None and play.state.phase == "scoring"
    assert C.final_table(play.state).player(names[0]).loot == C.Collection.of(chests={"gold": 2})
    assert C.final_table(play.state).player(names[1]) == bo

    driver.close_popups()
    press(driver, "Confirm scores")
    press(driver, "Confirm")
    board = C.scoreboard(play.state)
    assert play.state.phase == "over" and board is not None
    assert board.player(names[0]).points("Chests") == 4


def scored_game(driver: Driver) -> tuple[object, tuple[str, ...]]:
    """A quick score without the Legendary cards, its scores confirmed: the screen and
    the players' names. The first player holds a gown and 2 gold chests."""
    start(driver, "Final count only")
    screen = driver.app.current_screen
    play = screen.play
    table = C.rounds.blank_table(play.state)
    names = table.names
    gown = C.Collection.of(garments={"gown": 1}, chests={"gold": 2})
    ana = table.players[0].__class__(names[0], gown, (4,))
    play.play(C.EnterFinal(table.with_players(ana)))
    play.play(C.Score(C.propose(C.final_table(play.state))))
    screen.refresh()
    return screen, names


def touch_name(driver: Driver, person: Counted, name: str) -> None:
    driver.pump(3)
    person.tap(
        next(
            w
            for w in driver.visible()
            if isinstance(w, PlayerHeader) and w.text.split("\n")[0] == name
        )
    )


def test_a_gown_that_was_a_cloak_is_changed_in_three_touches(driver: Driver) -> None:
    screen, names = scored_game(driver)
    play = screen.play
    events = len(play.session.events)

    person = Counted(driver)
    touch_name(driver, person, names[0])
    offered = driver.texts()
    # Short: what the player holds, three buttons a line; no card this game cannot hold.
    assert "Remove a gown (1 held)" in offered and "Add a gown" in offered
    assert not any("Spy Glass" in t or "Key" in t or "one the" in t for t in offered)
    assert sum(1 for t in offered if t.startswith(("Remove", "Add", "Change"))) <= 12
    person.button("Change a gown into...")
    person.button("Cloak")
    assert person.touches == 3
    mine = C.final_table(play.state).player(names[0]).loot
    assert mine == C.Collection.of(garments={"cloak": 1}, chests={"gold": 2})
    assert len(play.session.events) == events + 1  # one correction, undone in one touch
    assert isinstance(play.session.actions[-1], C.ChangeFinal)
    assert play.state.phase == "scoring"  # the confirmed scores are reopened


def test_a_replay_of_a_confirmed_game_offers_no_correction(driver: Driver) -> None:
    screen, names = scored_game(driver)
    session_id = screen.play.session_id
    events = len(screen.play.session.events)
    from app.games import BY_KEY

    driver.app.replay_game(BY_KEY["chickwood"], session_id)
    until_read()  # the game is read and replayed off the UI thread
    replay = driver.app.current_screen
    assert replay.replaying
    touch_name(driver, Counted(driver), names[0])
    texts = driver.texts()
    assert not any(t.startswith(("Remove", "Add", "Change")) for t in texts)  # no menu
    assert any("Chests" in t for t in texts)  # the player's score lines instead
    driver.close_popups()
    assert len(driver.app.store.events(session_id)) == events

    # A replay stopped during the rounds: a player's chip says it cannot be changed.
    config = C.Config(players=("Ana", "Bo", "Cy"))
    driver.app.start_game(BY_KEY["chickwood"], config, list(config.players), seed=1)
    play = driver.app.current_screen.play
    first = play.state.order[0]
    play.play(C.Raid(play.state.players[first].name, 4, GOLD))
    driver.app.replay_game(BY_KEY["chickwood"], play.session_id)
    until_read()
    driver.app.current_screen.touch_player(first)
    driver.pump(3)
    assert any("can only be watched" in t for t in driver.texts())
    assert not any(t.startswith(("Remove", "Change")) for t in driver.texts())

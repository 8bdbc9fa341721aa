"""Skulk Hollow through the screen: whole games against each guardian, the guardian's
turn told one physical change at a time, the hero's orders in few touches.

One game is played entirely by simulated touches (the hero's moves, Done for each of the
table's instructions). The others go through the same screen with the same targets,
handed to it directly without drawing frames, which keeps the suite quick.
"""

import logging
import random
import threading
import time
from collections.abc import Callable
from itertools import pairwise
from typing import Any

import pytest
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.tests.common import UnitTestTouch
from kivy.uix.modalview import ModalView

from app.games import BY_KEY
from app.kit.choice_list import ChoiceListPopup
from app.kit.widgets import TButton
from app.skulk_hollow import guardian_turn, touch_paths
from app.skulk_hollow.widgets import CardChooser
from engines import skulk_hollow as K
from engines.core import to_announce
from engines.skulk_hollow.bots import make_guardian
from engines.skulk_hollow.bots.policy import Decision
from tests.ui.driver import Driver

pytestmark = pytest.mark.ui


def choose(driver: Driver, row_label: str, words: str) -> None:
    row = driver.find(row_label).parent
    driver.tap(next(w for w in row.walk() if isinstance(w, TButton) and w.text == words))


def start_game(driver: Driver, guardian: str, level: str = "Normal", deck: str = "") -> None:
    tile = driver.find("Skulk Hollow").parent
    driver.tap(next(w for w in tile.walk() if isinstance(w, TButton) and w.text == "New game"))
    choose(driver, "Guardian", guardian)
    choose(driver, "Guardian's level", level)
    if deck:
        choose(driver, "Foxen cards", deck)
    driver.tap_text("Set up the table")
    while "Done" not in driver.texts():
        driver.tap_text("Next")
    driver.tap_text("Done")
    assert driver.app.root.current.endswith("SkulkHollowPlayScreen")


def chooser(driver: Driver) -> CardChooser | None:
    return next((w for w in driver.visible() if isinstance(w, CardChooser)), None)


def touch(driver: Driver, target: tuple[str, object]) -> None:
    """Touch what stands for ``target`` on the screen, as a finger would."""
    kind, value = target
    if kind == "card":
        if chooser(driver) is None:  # closed earlier: opened again from the bottom bar
            driver.tap_text("Choose the card")
        popup = chooser(driver)
        assert popup is not None, "no card list is open"
        driver.tap(next(b for b in popup.ids.cards.children if b.card == value))
        return
    if target == ("verb", "end"):
        driver.tap(next(w for w in driver.visible() if getattr(w, "target", None) == target))
        if "End the turn" in driver.texts():  # actions left: asked once
            driver.tap_text("End the turn")
        return
    found = [
        w
        for w in driver.visible()
        if getattr(w, "target", None) == target and not getattr(w, "disabled", False)
    ]
    assert found, f"nothing on the screen to touch for {target}"
    driver.tap(found[0])


def done(driver: Driver, by_touch: bool) -> None:
    screen = driver.app.current_screen
    if by_touch:
        driver.tap_text("Done")
    else:
        screen.instruction_done()


def wait(driver: Driver, condition: Callable[[], bool], drawing: bool) -> None:
    """Until the guardian has decided (within a minute): frames when drawing, else just
    the clock."""
    deadline = time.monotonic() + 60
    while not condition():
        assert time.monotonic() < deadline, "the guardian never decided"
        time.sleep(0.002)
        if drawing:
            driver.pump()
        else:
            Clock.tick()


def telling_or_hero(driver: Driver) -> Callable[[], bool]:
    screen = driver.app.current_screen
    return lambda: screen.instructions.active or screen.state.asking != "guardian"


def play_hero_action(driver: Driver, action: K.SkulkAction, by_touch: bool) -> None:
    """The touches of one of the hero's actions (fewer when a step has one answer)."""
    screen = driver.app.current_screen
    taken = len(screen.play.session.actions)
    for target in touch_paths.paths(screen.state)(action):
        if len(screen.play.session.actions) > taken:
            break  # the rest was answered on the hero's behalf
        if by_touch:
            touch(driver, target)
        elif target == ("verb", "end"):
            screen.pick(target)
        else:
            assert target in screen.selection.options()
            screen.pick(target)
    assert action in screen.play.session.actions[taken:], f"{action.label} was not taken"


def play_to_the_end(driver: Driver, seed: int, by_touch: bool) -> K.State:
    screen = driver.app.current_screen
    chooser_rng = random.Random(seed)
    for _ in range(4000):
        state: K.State = screen.play.state
        if state.ended:
            return state
        count = len(screen.play.session.events)
        if screen.instructions.active:
            done(driver, by_touch)
        elif state.asking == "guardian":
            wait(driver, telling_or_hero(driver), by_touch)
            continue
        else:
            options = K.legal_actions(state)
            playing = [a for a in options if not isinstance(a, K.EndTurn)]
            play_hero_action(driver, chooser_rng.choice(playing or options), by_touch)
        assert len(screen.play.session.events) >= count
    raise AssertionError("the game did not end")


@pytest.mark.usefixtures("quick_taps")
@pytest.mark.parametrize(
    ("guardian", "by_touch"),
    [("Grak", True), ("Apoda", False), ("Tanthos", False), ("Raptra", False)],
)
def test_a_whole_game_against_each_guardian(driver: Driver, guardian: str, by_touch: bool) -> None:
    start_game(driver, guardian)
    screen = driver.app.current_screen
    assert screen.play.session.config.guardian == guardian.lower()
    state = play_to_the_end(driver, seed=len(guardian), by_touch=by_touch)
    driver.pump()
    saved = driver.app.store.session(screen.play.session_id)
    assert saved.status == "finished"
    assert saved.outcome["reason"] == screen.play.session.outcome().reason
    expected = "You won!" if saved.outcome["result"] == "won" else f"{guardian} wins"
    assert expected in driver.texts()
    assert state.ended
    driver.close_popups()
    driver.tap_text("Home")
    driver.tap_text("History")
    assert any(t.endswith(f"{guardian} vs King of War, normal guardian") for t in driver.texts())


def announced_between(states: list[K.State]) -> list[str]:
    return [
        change.words
        for before, after in pairwise(states)
        for change in to_announce(K.table_changes(before, after))
    ]


def test_a_whole_grak_turn_takes_one_done_per_physical_change(driver: Driver) -> None:
    start_game(driver, "Grak")
    screen = driver.app.current_screen
    for turn in range(1, 7):  # turns until Grak has done at least two things at the table
        first = len(screen.play.session.actions)
        touch(driver, ("verb", "end"))  # with actions left: asked once, then ended
        shown: list[str] = []
        while True:
            wait(driver, telling_or_hero(driver), drawing=True)
            if not screen.instructions.active:
                break
            assert screen.ids.panel.words == screen.instructions.current.words
            shown.append(screen.ids.panel.words)
            driver.tap_text("Done")
        assert screen.state.asking == "hero" and screen.state.turn == turn + 1
        session = screen.play.session
        states = [K.new_game(session.config, session.seed)]
        for action in session.actions:
            states.append(K.apply(states[-1], action))
        changes = announced_between(states[first:])
        refill = next(words for words in changes if words.startswith("Refill your hand: "))
        # Each physical change told once, in order, one Done each; the refill, made as
        # the hero's turn ended, is a step of its own in the hero's Cleanup, before
        # Grak's turn (the rulebook: review P6), never in the prompt, which a long refill
        # would make scroll (review N1).
        assert shown == changes and shown[0] == refill
        assert screen.view.prompt.startswith("Grak's turn is over. Your turn: 3 actions left")
        assert refill not in screen.view.prompt
        assert screen.ids.actions.children[0].text == "3 actions left"  # no button under Done
        if len(changes) >= 3:  # the refill and at least one of Grak's cards with its effect
            return
    raise AssertionError("Grak never played a card")


def test_a_typical_order_takes_three_touches(driver: Driver) -> None:
    start_game(driver, "Grak")
    screen = driver.app.current_screen
    touch(driver, ("verb", "play"))
    touch(driver, ("card", "advance"))
    assert screen.view.prompt.startswith("Only choice: MOVE. MOVE with Advance")
    touch(driver, ("unit", "king_of_war"))  # the third touch
    assert screen.state.unit("king_of_war").space == "clearing"
    assert list(screen.play.session.actions[-3:]) == [
        K.ChooseAction("move"),
        K.ChooseUnit("king_of_war"),
        K.Move(K.Direction.UP),
    ]
    assert "The King of War moves to CLEARING (the only way)." in screen.view.prompt
    assert "2 actions left" in screen.view.prompt


def test_a_hero_on_the_map_is_touched_where_it_stands(driver: Driver) -> None:
    start_game(driver, "Grak")
    screen = driver.app.current_screen
    touch(driver, ("verb", "play"))
    touch(driver, ("card", "scatter"))  # two ways out of KEEP: up-left and up-right
    keep = next(w for w in driver.visible() if getattr(w, "target", None) == ("space", "keep"))
    assert keep.touchable and not keep.dimmed  # lit: the heroes asked for stand there
    driver.tap(keep)  # two heroes stand there: the touch cannot tell which
    assert screen.selection.options_of("unit") == {"king_of_war", "sentinel"}
    assert "The King of War and the Sentinel stand there" in screen.view.prompt
    touch(driver, ("unit", "sentinel"))
    assert "Touch a lit space" in screen.view.prompt
    mill = next(w for w in driver.visible() if getattr(w, "target", None) == ("space", "town_mill"))
    assert mill.touchable and "TOWN\nMILL" in mill.name
    driver.tap(mill)
    assert screen.state.unit("sentinel").space == "town_mill"


def test_ending_the_turn_with_actions_left_asks_once(driver: Driver) -> None:
    start_game(driver, "Grak")
    screen = driver.app.current_screen
    end = next(w for w in driver.visible() if getattr(w, "target", None) == ("verb", "end"))
    driver.tap(end)
    assert "End the turn with 3 actions unused?" in driver.texts()
    driver.tap_text("Cancel")
    assert screen.state.active == "hero" and not screen.play.session.actions
    driver.tap(end)
    driver.tap_text("End the turn")
    # The hero's first action (the guardian may already have recorded one of its own:
    # with the refill said later, nothing waits for a Done).
    assert screen.play.session.actions[0] == K.EndTurn()


def test_undo_in_the_guardians_turn_tells_what_to_put_back(driver: Driver) -> None:
    start_game(driver, "Grak")
    screen = driver.app.current_screen
    touch(driver, ("verb", "end"))
    ended = len(screen.play.session.actions)
    dones = 0
    while True:  # Done until the guardian has recorded a change at the table and tells
        wait(driver, telling_or_hero(driver), drawing=True)  # the next (or its turn is over)
        recorded = len(screen.play.session.actions) > ended
        telling = screen.instructions.active
        if recorded and ((dones and telling) or screen.state.asking == "hero"):
            break
        driver.tap_text("Done")
        dones += 1
    before = screen.state
    driver.tap_text("Undo")
    assert screen.state.active == "hero" and screen.state.turn == 1
    if not screen.instructions.active:  # Grak changed nothing at the table
        assert screen.view.prompt.startswith("Undone: End the turn; nothing to put back")
        return
    assert "turn is over" not in screen.view.prompt  # it was taken back, not ended
    assert screen.instructions.heading == "Undone: End the turn"
    # The hand's refill was told and done in the hero's Cleanup: it is put back too.
    changes = K.table_changes(before, screen.state)
    expected = [c.words for c in changes]
    told = []
    while screen.instructions.active:
        told.append(screen.ids.panel.words)
        driver.tap_text("Done")
    assert told == expected and told
    assert screen.state.asking == "hero" and not screen.instructions.active


def test_a_refused_touch_says_which_rule_refuses_it(driver: Driver) -> None:
    start_game(driver, "Grak")
    screen = driver.app.current_screen
    touch(driver, ("verb", "play"))
    touch(driver, ("card", "knight"))
    events = len(screen.play.session.events)
    lair = next(w for w in driver.visible() if getattr(w, "target", None) == ("space", "lair"))
    driver.tap(lair)  # not lit: heroes cannot join there
    assert "New heroes join in KEEP or a TOWN space" in screen.view.prompt
    assert len(screen.play.session.events) == events
    touch(driver, ("space", "keep"))
    assert screen.play.session.actions[-1] == K.ChooseSpace("keep")


def test_the_card_list_keeps_its_order_and_prepare_shows_full_names(driver: Driver) -> None:
    start_game(driver, "Grak")
    screen = driver.app.current_screen
    touch(driver, ("verb", "play"))
    first = [b.text for b in reversed(chooser(driver).ids.cards.children)]
    driver.close_popups()
    touch(driver, ("verb", "play"))
    assert [b.text for b in reversed(chooser(driver).ids.cards.children)] == first
    assert "Double Leap\n(not now)" in first  # no hero stands on Grak yet
    driver.close_popups()
    touch(driver, ("verb", "prepare"))
    names = [b.text for b in reversed(chooser(driver).ids.cards.children)]
    assert "Slant Left" in names and "Slant Right" in names
    touch(driver, ("card", "slant_left"))
    assert screen.instructions.current.words == "Draw 2 cards from your deck."


def test_the_hard_guardian_shows_how_far_its_thinking_has_got(driver: Driver) -> None:
    start_game(driver, "Raptra", level="Hard")
    screen = driver.app.current_screen
    assert screen.play.session.config.level == "hard"
    assert screen.title == "Raptra (Hard)"
    shown: set[str] = set()
    for _ in range(30):  # guardian decisions, until one has taken long enough to show
        while screen.state.asking != "guardian" or screen.instructions.active:
            if screen.instructions.active:
                screen.instruction_done()
                continue
            screen.take(K.EndTurn())  # the hero ends the turn at once
        for _ in range(600):  # ten seconds at most
            shown.add(screen.ids.panel.words)
            if screen.instructions.active or screen.state.asking != "guardian":
                break
            time.sleep(1 / 60)
            driver.pump()
        if any(line.startswith("Raptra is thinking... ") for line in shown):
            break
    thinking = [line for line in shown if line.startswith("Raptra is thinking... ")]
    assert thinking and all(line.endswith("%") for line in thinking)


def test_component_corrections_are_checked_saved_and_used(driver: Driver) -> None:
    tile = driver.find("Skulk Hollow").parent
    driver.tap(next(w for w in tile.walk() if isinstance(w, TButton) and w.text == "New game"))
    driver.tap_text("Check components")
    driver.tap_text("Grak")
    path = "grak.location.gaze.wounds"
    default = dict(K.assumed_values())[path]
    driver.tap_text(f"GAZE location: wound spaces = {default}")
    driver.tap_text("+1")
    driver.tap_text("Keep this value")
    assert f"GAZE location: wound spaces = {default + 1}   (yours)" in driver.texts()

    driver.tap_text("Foxen")
    driver.tap_text("Foxen mat: hand size = 5")
    editor = next(w for w in driver.visible() if type(w).__name__ == "ValueEditorPopup")
    editor.text = "0"  # as if stepped down to nothing
    driver.tap_text("Keep this value")
    assert editor.error  # the engine refuses it, in words, and nothing is kept
    driver.tap_text("Cancel")

    driver.tap_text("Save")
    assert driver.app.store.profile("skulk_hollow") == {path: default + 1}
    driver.close_popups()
    driver.tap_text("Back")
    driver.tap_text("Set up the table")
    while "Done" not in driver.texts():
        driver.tap_text("Next")
    driver.tap_text("Done")
    config = driver.app.current_screen.play.session.config
    assert config.profile == (K.Correction(path, default + 1),)
    assert config.components.guardian("grak").location("gaze").wounds == default + 1


# -- a guardian whose thinking fails ------------------------------------------------------


class TrippingGuardian:
    """A guardian bot with an error in it: every decision raises."""

    budget = 0.0

    def __init__(self, level: str) -> None:
        self.level = level

    def decide(self, seen: K.State, rng: random.Random) -> Decision:
        raise RuntimeError(f"the {self.level} guardian tripped")


def guardians_trip_at(monkeypatch: pytest.MonkeyPatch, *levels: str) -> None:
    def make(level: str) -> object:
        return TrippingGuardian(level) if level in levels else make_guardian(level)

    monkeypatch.setattr(guardian_turn, "make_guardian", make)


def test_a_guardian_that_fails_plays_on_a_level_simpler_and_says_so_once(
    driver: Driver, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    guardians_trip_at(monkeypatch, "hard")
    start_game(driver, "Grak", level="Hard")
    screen = driver.app.current_screen
    caplog.set_level(logging.ERROR, logger="tableside")
    touch(driver, ("verb", "end"))
    said: list[str] = []  # each chain's reason, once, and the prompt after the turn
    while True:
        wait(driver, telling_or_hero(driver), drawing=True)
        if not screen.instructions.active:
            break
        if screen.instructions.position in ("", f"1 of {len(screen.instructions.changes)}"):
            said.append(screen.ids.panel.reason)
        driver.tap_text("Done")
    assert screen.state.asking == "hero" and screen.state.turn == 2  # the turn ended
    assert screen.play.session.actions[-1] == K.EndTurn()  # Grak's own, at Normal level
    said.append(screen.view.prompt)
    sentence = (
        "Grak could not decide at Hard level, so it plays the rest of this turn at Normal level."
    )
    assert sum(sentence in words for words in said) == 1
    assert "the hard guardian tripped" in caplog.text and "Traceback" in caplog.text


def test_a_guardian_that_cannot_decide_at_any_level_lets_the_person_choose_its_moves(
    driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    guardians_trip_at(monkeypatch, "easy", "normal", "hard")
    start_game(driver, "Grak", level="Hard")
    screen = driver.app.current_screen
    touch(driver, ("verb", "end"))
    while screen.instructions.active:  # the end of the hero's turn
        driver.tap_text("Done")
    driver.wait_until(lambda: "Choose for Grak" in driver.texts(), frames=600)
    assert not screen.thinker.busy
    assert screen.ids.panel.words.startswith("Grak could not decide what to do this time.")
    chosen: list[K.SkulkAction] = []
    for _ in range(40):  # the person plays Grak's turn, taking the first choice each time
        if screen.state.asking != "guardian":
            break
        if screen.instructions.active:
            driver.tap_text("Done")
            continue
        driver.tap_text("Choose for Grak")
        popup = next(w for w in driver.visible() if isinstance(w, ChoiceListPopup))
        legal = K.legal_actions(screen.state)
        assert popup.heading == screen.state.prompt
        assert [row["text"] for row in popup.rows] == [a.label for a in legal]
        driver.tap_text(legal[0].label)
        chosen.append(legal[0])
    assert len(chosen) > 1 and chosen[-1] == K.EndTurn()  # its actions, then the end
    assert list(screen.play.session.actions[-len(chosen) :]) == chosen
    assert screen.state.asking == "hero" and screen.state.turn == 2
    assert "Grak's turn is over." in screen.view.prompt
    assert not screen.turn.owed.by_hand  # the next turn, Grak thinks for itself again


def test_a_plan_thought_out_for_another_game_at_the_same_moment_is_dropped(
    driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Home, then Resume of another game at the same move count while the first game's
    guardian is still thinking: its plan never reaches the second game."""
    gates = {seed: threading.Event() for seed in (1, 2)}  # each game's thinking waits
    thought: dict[int, list[guardian_turn.Plan]] = {1: [], 2: []}
    real = guardian_turn.think_through

    def gated(*args: Any) -> guardian_turn.Plan:
        seed = args[-1]
        gates[seed].wait(10)
        plan = real(*args)
        thought[seed].append(plan)
        return plan

    monkeypatch.setattr(guardian_turn, "think_through", gated)
    screen = driver.app.screen(BY_KEY["skulk_hollow"].play_screen or "")

    def to_the_guardians_turn(guardian: str, seed: int) -> tuple[int, int]:
        config = K.Config(guardian=guardian, level="easy")
        driver.app.start_game(BY_KEY["skulk_hollow"], config, ["Ana"], seed=seed)
        screen.instruction_done()  # the starting hand
        screen.take(K.EndTurn())  # the hero ends the turn at once: the guardian thinks
        assert screen.turn.guardian_turn and screen.thinker.busy
        while screen.instructions.active:  # the hero's Cleanup, told before Raptra plays
            screen.instruction_done()
        driver.app.home()
        driver.pump()
        return int(screen.play.session_id), len(screen.play.session.events)

    second, moment = to_the_guardians_turn("raptra", 2)
    assert to_the_guardians_turn("grak", 1)[1] == moment  # the same move count
    driver.app.resume_game(BY_KEY["skulk_hollow"], second)  # Raptra thinks again
    driver.pump()

    gates[1].set()  # Grak's plan, for the same move count of the other game, arrives
    driver.wait_for(lambda: bool(thought[1]))
    driver.pump(3)
    assert screen.turn.plan is None and not screen.instructions.active
    assert len(screen.play.session.events) == moment and screen.thinker.busy

    gates[2].set()  # Raptra's own
    driver.wait_for(lambda: screen.turn.plan is not None or not screen.turn.guardian_turn)
    raptras = thought[2][-1].steps
    recorded = list(screen.play.session.actions[moment:])  # steps that change nothing
    assert recorded == [step.action for step in raptras][: len(recorded)]
    plan = screen.turn.plan
    assert plan is None or plan.actions() == [step.action for step in raptras]
    assert thought[1][0].steps != raptras


def tap_at(driver: Driver, where: tuple[float, float]) -> None:
    """A finger's tap at a point of the window, after the moment taps are ignored."""
    driver.wait_for_tap_guard()
    touch = UnitTestTouch(*where)
    touch.touch_down()
    driver.pump(1)
    touch.touch_up()
    driver.pump(2)


def tap_done(driver: Driver) -> tuple[float, float]:
    """Tap Done; returns where it stood."""
    done = driver.find("Done", TButton)
    where = done.to_window(*done.center)
    driver.tap(done)
    return where


def nothing_happens_at(driver: Driver, where: tuple[float, float]) -> None:
    screen = driver.app.current_screen
    actions = list(screen.play.session.actions)
    tap_at(driver, where)
    assert not any(isinstance(w, ModalView) for w in Window.children)  # no list, no question
    assert list(screen.play.session.actions) == actions  # nothing recorded


@pytest.mark.parametrize("deck", ["I shuffle mine", "The app deals"])
def test_a_tap_where_done_stood_never_plays_or_opens_a_choice(driver: Driver, deck: str) -> None:
    """Review D3: a player tapping through Done at their own rhythm taps once more."""
    tile = driver.find("Skulk Hollow").parent
    driver.tap(next(w for w in tile.walk() if isinstance(w, TButton) and w.text == "New game"))
    choose(driver, "Foxen cards", deck)
    driver.tap_text("Set up the table")
    while "Done" not in driver.texts():
        driver.tap_text("Next")
    where = tap_done(driver)  # the set-up guide's Done, then the first screen
    screen = driver.app.current_screen
    assert not screen.instructions.active  # the starting hand is said in the prompt
    if deck == "The app deals":
        starting = "Take your starting hand from the sorted Foxen cards: "
        assert screen.view.prompt.startswith(starting)
    nothing_happens_at(driver, where)
    touch(driver, ("verb", "end"))
    for _ in range(2):  # the last of the guardian's instructions, then the last put-back
        while True:
            wait(driver, telling_or_hero(driver), drawing=True)
            if not screen.instructions.active:
                break
            where = tap_done(driver)
        assert screen.state.asking == "hero" and "actions left" in screen.status
        nothing_happens_at(driver, where)
        driver.tap_text("Undo")  # back through the guardian's turn: the pieces to put back


def test_after_an_undo_the_prompt_asks_what_is_lit(driver: Driver) -> None:
    """Review D11: a refusal said before the Undo no longer stands after it."""
    start_game(driver, "Grak")
    screen = driver.app.current_screen
    touch(driver, ("verb", "play"))
    touch(driver, ("card", "advance"))
    touch(driver, ("unit", "king_of_war"))  # moves up, the only way open: nothing pending
    farm = next(w for w in driver.visible() if getattr(w, "target", None) == ("space", "farm"))
    driver.tap(farm)
    refused = "Play a card first: the spaces and locations it allows are then lit."
    assert screen.view.prompt == refused
    driver.tap_text("Undo")
    while screen.instructions.active:  # put the King of War back in KEEP
        driver.tap_text("Done")
    assert screen.state.pending is not None and screen.selection.options_of("unit")
    assert screen.view.prompt.endswith("which hero moves? Touch a lit one.")
    assert "Nothing is being chosen" not in screen.view.prompt


def test_four_heroes_and_their_wounds_show_without_scrolling_in_a_fixed_order(
    driver: Driver,
) -> None:
    """Review D7: at 800x480 every hero's row shows, under however long a prompt, and a
    hero summoned later is added at the end rather than above the others."""
    start_game(driver, "Grak")
    screen = driver.app.current_screen

    def rows() -> list[str]:
        return [chip.name for chip in reversed(screen.ids.units.children)]

    assert rows() == ["King of War", "Sentinel"]
    for card in ("knight", "archer"):
        screen.take(K.PlayCard(card))
        screen.take(K.ChooseSpace("keep"))
        while screen.instructions.active:
            screen.instruction_done()
    assert rows() == ["King of War", "Sentinel", "Knight 1", "Archer 1"]
    screen.message = " ".join(["A prompt far longer than any the game says."] * 6)
    screen.draw()
    driver.pump(3)
    units = screen.ids.units
    view = units.parent
    bottom, top = view.to_window(view.x, view.y)[1], view.to_window(view.x, view.top)[1]
    for chip in units.children:
        chip_bottom = chip.to_window(chip.x, chip.y)[1]
        chip_top = chip.to_window(chip.x, chip.top)[1]
        assert bottom - 1 <= chip_bottom and chip_top <= top + 1, chip.name


def test_undo_and_obvious_answers_name_what_they_mean(driver: Driver) -> None:
    """Review D16: "Undone: Sentinel" said nothing of the power cube it took back."""
    start_game(driver, "Grak")
    screen = driver.app.current_screen
    screen.take(K.PlayCard("rally"))  # two power cubes into the pool
    screen.take(K.EndTurn())
    while screen.instructions.active:
        screen.instruction_done()
    assert screen.state.pending is not None and screen.state.pending.step == "allocate"
    screen.pick(("unit", "sentinel"))  # the other cube goes to the King: the turn ends
    assert screen.state.active == "guardian"
    # The refill that comes with the last cube is told with it, in the hero's Cleanup,
    # before the guardian plays (the rulebook: review P6).
    assert screen.turn.owed.held == ()
    words = [c.words for c in screen.instructions.changes]
    assert words[-1] == "Refill your hand: draw 1 card from your deck."
    screen.undo()
    assert screen.instructions.heading == "Undone: a power cube on the Sentinel"


def test_a_card_choice_after_done_waits_for_its_own_button(driver: Driver) -> None:
    """Review D3: after the last Done of an undo, the card list of a waiting PREPARE does
    not open by itself under the finger; its button stands away from Done."""
    start_game(driver, "Grak")
    screen = driver.app.current_screen
    screen.take(K.Prepare())
    driver.close_popups()
    screen.take(K.ChooseCard(next(iter(screen.selection.options_of("card")))))
    while screen.instructions.active:
        screen.instruction_done()
    screen.undo()  # back to the discard: the cards drawn go back
    driver.pump(2)
    assert screen.instructions.active
    while screen.instructions.active:
        where = tap_done(driver)
    assert screen.state.pending is not None and screen.state.pending.step == "discard"
    nothing_happens_at(driver, where)
    assert chooser(driver) is None
    touch(driver, ("card", next(iter(screen.selection.options_of("card")))))
    assert screen.state.pending is None  # discarded: the list opened from its own button

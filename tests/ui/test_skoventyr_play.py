"""Whole Skoventyr games played through the screen, touch by touch, as a person would."""

import logging
import random
import sys
import threading
import time

import pytest
from kivy.uix.widget import Widget

from app.games import BY_KEY
from app.kit import tap_guard
from app.kit.widgets import TButton
from app.skoventyr import advisor, touch_paths
from app.skoventyr.play_screen import SkoventyrPlayScreen
from engines import skoventyr as S
from engines.core import data_files
from hardware import Controls
from tests.ui.driver import Driver

pytestmark = pytest.mark.ui


def touchable_for(driver: Driver, target: object) -> Widget:
    found = [
        w
        for w in driver.visible()
        if getattr(w, "target", None) == target and not getattr(w, "disabled", False)
    ]
    # Two cards of one kind in a hand are the same choice: either may be touched.
    assert found, f"nothing on the screen to touch for {target}"
    assert len({type(w) for w in found}) == 1, f"{target} is shown as different things"
    return found[0]


def preference(action: S.SkoventyrAction) -> int:
    """A naive but purposeful player: place Allies, pay costs, fight when possible."""
    if isinstance(action, S.Wrath):
        return 4
    if isinstance(action, S.Position):
        return 3
    if isinstance(action, S.Call) and not action.risky:
        return 2
    if isinstance(action, (S.Call, S.Gambit)):
        return 0
    return 1


def choose(driver: Driver, row_label: str, words: str) -> None:
    row = driver.find(row_label).parent
    driver.tap(next(w for w in row.walk() if isinstance(w, TButton) and w.text == words))


def start_game(driver: Driver, players: int, options: dict[str, str]) -> None:
    driver.tap(tile_button(driver, "Skoventyr", "New game"))
    assert driver.app.root.current == "new_game"
    choose(driver, "Players", str(players))  # no roster in the test database: a count
    for row_label, words in options.items():
        choose(driver, row_label, words)
    driver.tap_text("Set up the table")
    assert driver.app.root.current == "setup_guide"
    while "Done" not in driver.texts():
        driver.tap_text("Next")
    driver.tap_text("Done")
    assert driver.app.root.current.endswith("SkoventyrPlayScreen")


def tile_button(driver: Driver, game_title: str, words: str) -> Widget:
    tile = driver.find(game_title).parent
    return next(w for w in tile.walk() if isinstance(w, TButton) and w.text == words)


def carry_out_instructions(driver: Driver) -> int:
    """Touch Done for each instruction the table is told; how many there were."""
    screen = driver.app.current_screen
    told = 0
    while screen.instructions.active:
        driver.tap(driver.find("Done", TButton))
        told += 1
    return told


def play_to_the_end(driver: Driver, seed: int) -> S.State:
    screen = driver.app.current_screen
    chooser = random.Random(seed)
    for _ in range(2000):
        state: S.State = screen.play.state
        carry_out_instructions(driver)  # the deal at the start, and every other
        if state.ended is not None:  # the end is said once the last step is done
            return state
        actions = S.legal_actions(state)
        safe = [a for a in actions if not S.immediate_loss(state, a)] or actions
        best = max(preference(a) for a in safe)
        action = chooser.choice([a for a in safe if preference(a) == best])
        count = len(screen.play.session.events)
        for target in touch_paths.path(action):
            driver.tap(touchable_for(driver, target))
        if S.immediate_loss(state, action):  # the warning asks first
            driver.tap_text("Right card" if isinstance(action, S.Reveal) else "Lose the game")
        taken = [event.action for event in screen.play.session.events[count:]]
        assert taken and taken[0] == action, f"{action.label} was not taken"
        # A step of a cost with one way to pay it is taken with it (review N8): each
        # of the rest had but one legal answer.
        states = screen.play.session.states[count + 1 : count + len(taken)]
        assert all(len(S.legal_actions(state)) == 1 for state in states)
    raise AssertionError("the game did not end")


def check_saved_and_go_home(driver: Driver, state: S.State) -> None:
    screen = driver.app.current_screen
    saved = driver.app.store.session(screen.play.session_id)
    assert saved.status == "finished"
    assert state.ended is not None
    assert saved.outcome["result"] == state.ended.result
    assert saved.outcome["reason"] == state.ended.reason
    assert ("You won!" if state.ended.result == "won" else "Gamle Erik wins") in driver.texts()
    driver.close_popups()
    carry_out_instructions(driver)  # what the last move changed on the table
    driver.tap_text("Home")
    assert driver.app.root.current == "home"


@pytest.mark.usefixtures("quick_taps")
def test_a_whole_solo_game_by_touch(driver: Driver) -> None:
    start_game(driver, 1, {})
    state = play_to_the_end(driver, seed=1)
    check_saved_and_go_home(driver, state)


@pytest.mark.usefixtures("quick_taps")
def test_a_three_player_game_with_both_modules_by_touch(driver: Driver) -> None:
    start_game(driver, 3, {"Lygtemands": "With", "Rescue": "With"})
    config = driver.app.current_screen.play.session.config
    assert (config.players, config.lygtemands, config.rescue) == (3, True, True)
    state = play_to_the_end(driver, seed=2)
    check_saved_and_go_home(driver, state)
    driver.tap_text("History")
    assert "Player 1, Player 2, Player 3 \u00b7 Standard, Lygtemands, Rescue" in driver.texts()


@pytest.mark.usefixtures("quick_taps")
def test_a_table_deck_game_asks_for_reveals_and_plays_to_the_end(driver: Driver) -> None:
    start_game(driver, 1, {"Deck": "We shuffle real cards"})
    screen = driver.app.current_screen
    assert screen.play.state.asking  # set-up waits for the cards that came up
    # Each card that may come up stands on the board with its chance.
    trold = touchable_for(driver, ("answer", S.Reveal(S.Card.TROLD).label))
    assert trold.title == "Trold" and trold.caption.endswith("%")
    state = play_to_the_end(driver, seed=3)
    check_saved_and_go_home(driver, state)


def press(controls: Controls, pin_number: int) -> None:
    pin = controls.pin_factory.pin(pin_number)
    time.sleep(tap_guard.remaining())  # presses right after a change are ignored
    pin.drive_low()
    pin.drive_high()


def test_by_hand_edits_the_danger_light_and_the_undo_button(driver: Driver) -> None:
    start_game(driver, 1, {})
    controls = driver.app.controls
    assert controls is not None
    assert "Deal the cards" in driver.texts()  # told as instructions, one Done each
    screen = driver.app.current_screen
    while screen.instructions.active:  # the Confirm button is Done
        press(controls, controls.pin_map.buttons.confirm)
        driver.wait_until(
            lambda steps=screen.instructions.index: (
                screen.instructions.index != steps or not screen.instructions.active
            )
        )
    assert "Deal the cards" not in driver.texts()
    screen = driver.app.current_screen
    assert screen.play.state.forest.gap == 3
    assert controls.light_state("danger") == "off"

    driver.tap_text("Call")  # a first touch, then the Undo button takes it back
    assert screen.selection.prefix == (("verb", "call"),)
    driver.tap_text("Undo")
    assert screen.selection.prefix == ()

    driver.tap(screen.ids.deck)  # the deck tile: "Deck 34", and the odds
    assert any(
        t.startswith(f"{screen.play.state.deck.size} cards in the deck") for t in driver.texts()
    )
    driver.close_popups()

    driver.tap_text("By hand")
    driver.tap_text("Pawns")
    driver.tap_text("Move Gamle Erik to Tree 3")
    assert screen.play.state.forest.gap == 1
    assert screen.play.session.actions[-1] == S.EditMovePawn("gamle_erik", 3)
    assert controls.light_state("danger") == "blink"

    press(controls, controls.pin_map.buttons.undo)
    driver.wait_until(lambda: screen.play.state.forest.gap == 3)
    # The light follows the table: Gamle Erik is one Tree away until he is put back.
    if screen.instructions.active:
        assert controls.light_state("danger") == "blink"
        carry_out_instructions(driver)
    assert controls.light_state("danger") == "off"
    assert [e.type for e in screen.play.session.events] == ["action", "undo"]
    assert len(driver.app.store.events(screen.play.session_id)) == 2


def test_the_hint_thinks_without_freezing_and_suggests_a_legal_step(
    driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    start_game(driver, 1, {})
    carry_out_instructions(driver)  # the deal
    screen = driver.app.current_screen
    legal = {a.label for a in S.legal_actions(screen.play.state)}
    # The advisor may settle a clear choice in a tenth of a second; here it is held until
    # the screen has shown its progress, so the test sees the thinking whatever the deal.
    release = threading.Event()
    real_advise = advisor.advise

    def held_advise(state: S.State, seed: int, rollouts: int | None = None) -> advisor.Hint:
        assert release.wait(30), "the screen never showed the advisor's progress"
        return real_advise(state, seed, rollouts)

    monkeypatch.setattr(advisor, "advise", held_advise)
    driver.tap(driver.find("Hint", TButton))
    # At once, the touch was taken (the first tick may already have come on a busy
    # machine, whose frames take longer than the tick's tenth of a second).
    assert screen.hint_words.startswith("Thinking ")
    deadline = time.monotonic() + 30
    while screen.hint is None:
        driver.pump()  # frames keep coming while the advisor thinks
        if screen.hint_words.startswith("Thinking ") and screen.hint_words != "Thinking 0%":
            release.set()  # it thought in the background: the screen said how far it got
        assert time.monotonic() < deadline, "no hint came"
    assert release.is_set()
    assert screen.hint_words == "Hint"
    hint = screen.hint
    assert hint.action.label in legal
    assert hint.headline in driver.texts() and hint.estimate in driver.texts()
    # Its move is marked on the board: the first touch it needs, at least.
    first = touch_paths.path(hint.action)[0]
    assert touchable_for(driver, first).mark == "hint"
    if hint.games:
        assert hint.score is not None
        assert f"{hint.score:.2f}" in hint.estimate  # the move marked scored the most
        assert f" in {hint.games} simulated games" in hint.estimate
    # A reason to check on the table comes before the figures.
    assert hint.estimate.startswith("Gamle Erik is ")


def test_a_hint_thought_out_for_another_game_at_the_same_moment_is_dropped(
    driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Hint asked in one game, then Home and another game at the same move count whose
    own Hint is asked: the first game's answer never shows in the second."""
    gates = [threading.Event(), threading.Event()]  # each game's advisor waits its turn
    hints: list[advisor.Hint] = []
    real_advise = advisor.advise

    def held_advise(state: S.State, seed: int, rollouts: int | None = None) -> advisor.Hint:
        gate = gates[len(asked)]
        asked.append(state)
        assert gate.wait(30)
        hint = real_advise(state, seed, rollouts=20)
        hints.append(hint)
        return hint

    asked: list[S.State] = []
    monkeypatch.setattr(advisor, "advise", held_advise)
    screen = driver.app.screen(BY_KEY["skoventyr"].play_screen or "")
    for seed in (3, 4):  # two new games: both at move 0
        driver.app.home()
        driver.app.start_game(BY_KEY["skoventyr"], S.Config(players=1), ["Ana"], seed=seed)
        carry_out_instructions(driver)  # the deal
        screen.ask_hint()
    assert len(asked) == 2 and asked[0] != asked[1]

    gates[0].set()  # the first game's hint arrives
    driver.wait_for(lambda: len(hints) == 1)
    driver.pump(3)
    assert screen.hint is None and screen.hinting.busy

    gates[1].set()
    driver.wait_for(lambda: screen.hint is not None)
    assert screen.hint is hints[1]


def take_a_safe_step_by_touch(driver: Driver, screen: SkoventyrPlayScreen) -> None:
    """Take a legal step that does not lose, by touch, and check it is recorded."""
    events = len(screen.play.session.events)
    state = screen.play.state
    action = next(a for a in S.legal_actions(state) if not S.immediate_loss(state, a))
    for target in touch_paths.path(action):
        driver.tap(touchable_for(driver, target))
    assert len(screen.play.session.events) == events + 1


def test_a_hint_that_fails_says_so_and_play_goes_on(
    driver: Driver, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    start_game(driver, 1, {})
    carry_out_instructions(driver)  # the deal
    screen = driver.app.current_screen

    def tripping_advise(state: S.State, seed: int, rollouts: int | None = None) -> advisor.Hint:
        raise RuntimeError("the advisor tripped")

    monkeypatch.setattr(advisor, "advise", tripping_advise)
    caplog.set_level(logging.ERROR, logger="tableside")
    driver.tap(driver.find("Hint", TButton))
    driver.wait_until(lambda: not screen.hinting.busy, frames=600)
    driver.pump(2)
    assert screen.hint_words == "Hint" and screen.hint is None
    assert screen.view.prompt.startswith("No suggestion could be made this time")
    assert "advisor failed" in caplog.text and "the advisor tripped" in caplog.text
    # The game carries on: a step is taken as usual, and the words give way to its prompt.
    take_a_safe_step_by_touch(driver, screen)
    assert "No suggestion" not in screen.view.prompt


# -- the table is told what the app decided ---------------------------------------------


def open_game(driver: Driver, config: S.Config, seed: int) -> SkoventyrPlayScreen:
    """A game with a chosen seed (the new-game screen picks one at random)."""
    driver.app.start_game(BY_KEY["skoventyr"], config, ["Ana"], seed=seed)
    driver.pump(2)
    carry_out_instructions(driver)  # the deal
    screen = driver.app.current_screen
    assert isinstance(screen, SkoventyrPlayScreen)
    return screen


def panel(driver: Driver) -> tuple[str, str]:
    screen = driver.app.current_screen
    return screen.ids.panel.words, screen.ids.panel.position


def test_a_risky_draw_that_turns_up_gamle_erik_is_told_with_the_app_dealing(
    driver: Driver,
) -> None:
    screen = open_game(driver, S.Config(), seed=0)  # Future: Trold, Trold, Huldre
    touches = 0
    driver.tap(touchable_for(driver, ("future", 0)))  # the Trold: a Call, at one touch
    touches += 1
    assert screen.selection.prefix == (("verb", "call"), ("future", 0))
    assert "Risky Draw" in screen.view.prompt  # its cost cannot be paid: the prompt says why
    assert "Pay the cost" not in driver.texts()
    driver.tap(driver.find("Risky Draw", TButton))
    touches += 1
    assert screen.play.state.forest.gamle_erik == 3
    assert panel(driver) == ("Move Gamle Erik 2 Trees clockwise, to Tree 3", "1 of 2")
    assert screen.ids.ring.tile(1).mark == "from" and screen.ids.ring.tile(3).mark == "to"
    assert "From the deck came a Gamle Erik, then a Nisse." in driver.texts()
    driver.tap(driver.find("Done", TButton))
    touches += 1
    # The Gamle Erik card goes under the deck in the app's mind only: the sorted pile
    # stays as it is, so no step asks for it.
    words, position = panel(driver)
    assert position == "2 of 2" and "third place of the Future" in words
    touches += carry_out_instructions(driver)
    assert not screen.instructions.active
    assert "Ana: choose an action" in screen.view.prompt
    assert touches == 4  # two to choose, one Done per change on the table


def test_a_risky_draw_that_turns_up_gamle_erik_is_told_with_real_cards(driver: Driver) -> None:
    screen = open_game(driver, S.Config(deck_mode="table"), seed=0)
    for card in (S.Card.TROLD, S.Card.TROLD, S.Card.HULDRE, S.Card.ELLEFOLK):
        screen.take(S.Reveal(card))  # the set-up, as the people said it came
        carry_out_instructions(driver)
    driver.tap(touchable_for(driver, ("future", 0)))
    driver.tap(driver.find("Risky Draw", TButton))
    # The rules reveal first: the card that came up is asked at once, the slide later.
    assert not screen.instructions.active
    assert screen.view.prompt.endswith("Risky Draw: which card came up?")
    driver.tap(touchable_for(driver, ("answer", S.Reveal(S.Card.GAMLE_ERIK).label)))
    assert panel(driver) == ("Move Gamle Erik 2 Trees clockwise, to Tree 3", "1 of 3")
    driver.tap(driver.find("Done", TButton))
    assert panel(driver) == ("Put the Gamle Erik card under the deck", "2 of 3")
    driver.tap(driver.find("Done", TButton))
    words, position = panel(driver)
    assert position == "3 of 3" and words.startswith("Slide the Future's cards left")
    driver.tap(driver.find("Done", TButton))
    assert not screen.instructions.active
    assert screen.view.prompt.endswith("Refill the Future: which card came up?")


def test_undo_tells_what_to_put_back(driver: Driver) -> None:
    screen = open_game(driver, S.Config(), seed=0)
    before = screen.play.state
    driver.tap(touchable_for(driver, ("future", 0)))
    driver.tap(driver.find("Risky Draw", TButton))
    carry_out_instructions(driver)
    after = screen.play.state
    driver.tap(driver.find("Undo", TButton))
    assert screen.play.state == before
    heading = "Undone: Call: take the first Future card with a Risky Draw"
    assert screen.ids.panel.heading == heading
    told = []
    while screen.instructions.active:
        told.append(panel(driver)[0])
        driver.tap(driver.find("Done", TButton))
    # Everything is told, the people's own move too: the table shows the later state.
    assert told == [c.words for c in S.table_changes(after, before)]
    assert "Move Gamle Erik 2 Trees counter-clockwise, to Tree 1" in told
    assert "Put the Trold from your hand in the first place of the Future" in told
    assert not any("huffle" in words for words in told)


def test_a_touch_on_what_cannot_be_chosen_says_why(driver: Driver) -> None:
    screen = open_game(driver, S.Config(), seed=0)
    wrath = next(w for w in driver.visible() if getattr(w, "target", None) == ("verb", "wrath"))
    assert not wrath.available  # greyed, but it answers a touch
    driver.tap(wrath)
    assert screen.view.prompt == (
        "Wrath needs as many Allies in the Forest as a Minion's value: 2 for a Genganger, "
        "0 in the Forest."
    )
    driver.tap(touchable_for(driver, ("minion", 0)))
    assert screen.view.prompt == (
        "Wrath on a Lindorm (4) needs at least 4 Allies in the Forest (there are 0)."
    )
    assert screen.play.session.events == ()


def real_cards_game(driver: Driver) -> SkoventyrPlayScreen:
    """A real-card game after its set-up: Future Trold, Trold, Huldre; hand Ellefolk."""
    screen = open_game(driver, S.Config(deck_mode="table"), seed=0)
    for card in (S.Card.TROLD, S.Card.TROLD, S.Card.HULDRE, S.Card.ELLEFOLK):
        screen.take(S.Reveal(card))  # the set-up, as the people said it came
        carry_out_instructions(driver)
    return screen


def test_a_drawn_gamle_erik_that_ends_the_game_is_checked_as_an_entry(driver: Driver) -> None:
    """A card that came up is a fact: the app checks the entry, and after the loss the
    board, the title and the Hint say the game is over."""
    screen = real_cards_game(driver)
    screen.take(S.EditMovePawn("gamle_erik", 3))  # 1 step behind Vogter (Tree 4)
    carry_out_instructions(driver)
    driver.tap(touchable_for(driver, ("future", 0)))
    driver.tap(driver.find("Risky Draw", TButton))
    carry_out_instructions(driver)
    driver.tap(touchable_for(driver, ("answer", S.Reveal(S.Card.GAMLE_ERIK).label)))
    texts = driver.texts()
    assert "This ends the game" in texts and "Do it anyway?" not in " ".join(texts)
    assert any(t.startswith("You entered Gamle Erik") for t in texts)
    right = driver.find("Right card", TButton)
    assert right.role == "danger"  # red, not the primary blue
    driver.tap_text("Wrong card")
    assert screen.play.state.ended is None  # a mistyped card changes nothing
    driver.tap(touchable_for(driver, ("answer", S.Reveal(S.Card.GAMLE_ERIK).label)))
    driver.tap(driver.find("Right card", TButton))
    state = screen.play.state
    assert state.ended is not None and state.ended.result == "lost"
    driver.close_popups()
    carry_out_instructions(driver)
    tree = screen.ids.ring.tile(4)
    assert tree.vogter and tree.gamle_erik
    on_tree = [
        w.text
        for w in tree.walk()
        if getattr(w, "text", "") in ("Vogter", "Gamle Erik") and w in driver.visible()
    ]
    assert sorted(on_tree) == ["Gamle Erik", "Vogter"]  # both pawns, not Vogter alone
    assert screen.view.ring_centre.startswith("Gamle Erik caught Vogter on Tree 4")
    assert "steps behind" not in screen.view.ring_centre
    assert screen.title.startswith("Game over")
    assert not any(isinstance(w, TButton) and w.text == "Hint" for w in driver.visible())


def test_losing_by_choice_asks_with_a_red_button(driver: Driver) -> None:
    screen = open_game(driver, S.Config(), seed=1)  # Future: Trold, Formskifter, Nisse
    screen.take(S.EditMovePawn("gamle_erik", 3))
    carry_out_instructions(driver)
    driver.tap(touchable_for(driver, ("future", 1)))
    driver.tap(driver.find("Pay the cost", TButton))  # Gamle Erik 1 step on: a choice
    assert "Do it anyway?" in " ".join(driver.texts())
    assert driver.find("Lose the game", TButton).role == "danger"


def test_a_damaged_advisor_file_costs_the_hint_not_the_game(
    driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    start_game(driver, 1, {})
    carry_out_instructions(driver)  # the deal
    screen = driver.app.current_screen
    # The bots read their data file as they are first imported: as after a fresh start.
    for name in [m for m in sys.modules if m.startswith("engines.skoventyr.bots")]:
        monkeypatch.delitem(sys.modules, name)

    def damaged(path: object, error: type[ValueError]) -> dict[str, object]:
        raise error("its data file data/advisor.toml is damaged (not text).")

    monkeypatch.setattr(data_files, "read_toml", damaged)
    driver.tap(driver.find("Hint", TButton))
    driver.wait_until(lambda: not screen.hinting.busy, frames=600)
    driver.pump(2)
    assert screen.hint is None
    assert screen.view.prompt.startswith("No hint: the advisor cannot think.")
    assert (
        "advisor.toml is damaged" in screen.view.prompt
        and "Reinstall Tableside" in screen.view.prompt
    )
    take_a_safe_step_by_touch(driver, screen)  # the game goes on


def test_command_says_what_is_lit_and_a_hint_leaves_the_prompt_in_sight(
    driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    screen = open_game(driver, S.Config(), seed=0)
    # An Ellefolk in the Forest: a Nisse cannot join it; its power still can be used.
    screen.take(S.EditPlaceAlly(S.Card.ELLEFOLK, "deck", 2))
    screen.take(S.EditMoveCard(S.Card.NISSE, "deck", "hand1"))
    screen.take(S.EditMoveCard(S.Card.TROLD, "deck", "discard"))
    screen.take(S.EditMoveCard(S.Card.HULDRE, "deck", "discard"))
    carry_out_instructions(driver)
    driver.tap_text("Command")
    driver.tap(touchable_for(driver, ("hand", S.Card.NISSE)))
    lit = [w for w in screen.ids.ring.children if w.touchable]
    assert lit == []
    assert "Touch a lit Tree" not in screen.view.prompt
    assert screen.view.prompt.startswith("No Tree can take the Nisse now: All Allies")
    assert "Use its power" in screen.view.prompt
    # A hint, while an action is half chosen: the prompt stays on the screen beside it.
    driver.tap_text("Undo")
    driver.tap_text("Command")
    hint = advisor.Hint(S.Mission(S.Card.NISSE), "Command: use the Nisse's power.", "Why.")
    screen.show_hint(hint)
    driver.pump(2)
    assert screen.hint is hint and hint.headline in driver.texts()
    prompt = screen.ids.hint_prompt
    assert prompt.text == screen.view.prompt and prompt.text.startswith("Command: touch a card")
    assert prompt in driver.visible() and prompt.height > 0
    assert screen.ids.panel.y >= prompt.top  # the hint sits above the prompt's words


def until_wrath(screen: SkoventyrPlayScreen) -> S.Wrath:
    """Seeded play (the demonstrations' placing of Allies) until a Wrath can be chosen;
    that Wrath."""
    from app.skoventyr.demo import play_on

    def can_wrath(state: S.State) -> bool:
        return any(isinstance(a, S.Wrath) for a in S.legal_actions(state))

    assert play_on(screen, can_wrath)
    screen.refresh()
    return next(a for a in S.legal_actions(screen.state) if isinstance(a, S.Wrath))


def test_a_hint_never_hides_what_its_move_touches_nor_drops_the_move_in_hand(
    driver: Driver,
) -> None:
    """Review P2 and P3, at 800x480: following a Wrath hint, the Minions to touch stay in
    sight (the legibility check finds lit pieces hidden), and asking for a hint halfway
    through a move leaves the move as it was."""
    from app.kit import legibility

    screen = open_game(driver, S.Config(), seed=2)
    wrath = until_wrath(screen)
    screen.show_hint(advisor.Hint(wrath, wrath.label, "It defeats a Minion."))
    driver.tap_text("Wrath")  # as the Hint outlines
    driver.pump(2)
    assert screen.selection.prefix == (("verb", "wrath"),)
    hidden = [p for p in legibility.problems(legibility.measure()) if "lit for a touch" in p]
    assert hidden == []
    lit = [t for t in screen.ids.minions.children if t.touchable]
    assert lit and all(t in driver.visible() for t in lit)
    assert screen.hint is not None and screen.ids.panel.opacity == 1  # the hint still says it
    # Asked again halfway through the move: the move in hand stays, the hint marks its
    # next touch.
    screen.show_hint(advisor.Hint(wrath, wrath.label, "Again."))
    driver.pump(2)
    assert screen.selection.prefix == (("verb", "wrath"),)
    assert screen.view.hint_targets == [("minion", wrath.minion)]


def test_card_names_are_never_hyphenated_where_they_fit(driver: Driver) -> None:
    screen = open_game(driver, S.Config(), seed=4)  # Future: Nisse, Formskifter, Ellefolk
    names = [
        w.text
        for tile in screen.ids.future.children
        for w in tile.children
        if getattr(w, "text", "") and w.opacity
    ]
    assert "Ellefolk" in names and "Formskifter" in names
    assert not [name for name in names if "-" in name]


def test_a_gambit_hint_goes_on_to_its_tree_without_a_second_hint(driver: Driver) -> None:
    screen = open_game(driver, S.Config(), seed=0)
    hint = advisor.hint_for(S.Gambit(), [], 40, screen.play.state)
    tree = next(a.tree for a in hint.then if isinstance(a, S.DamageTree))
    assert f"damage Tree {tree}" in hint.suggestion  # named in the first hint
    screen.show_hint(hint)
    driver.pump()
    driver.tap(touchable_for(driver, ("verb", "gambit")))
    assert screen.hint is not None and screen.hint.action == S.DamageTree(tree)
    assert screen.ids.ring.tile(tree).mark == "hint"  # marked: no second Hint to press


def gambit_on_a_free_tree(driver: Driver, screen: SkoventyrPlayScreen) -> int:
    """Gambit and the first Free Tree: the touches it took."""
    driver.pump(3)  # the bar laid out after the moves entered without touches
    driver.tap(touchable_for(driver, ("verb", "gambit")))
    assert screen.play.state.asking == "damage", screen.view.prompt
    tree = next(a.tree for a in S.legal_actions(screen.play.state))
    driver.tap(touchable_for(driver, ("tree", tree)))
    carry_out_instructions(driver)  # nothing: flipping the Tree is the people's own
    return 2


def test_a_gambit_slides_the_future_once_after_the_cards_are_chosen(driver: Driver) -> None:
    screen = open_game(driver, S.Config(), seed=0)  # Future: Trold, Trold, Huldre
    touches = gambit_on_a_free_tree(driver, screen)
    driver.tap(touchable_for(driver, ("future", 0)))  # the first Trold under the deck
    touches += 1
    assert not screen.instructions.active  # no slide yet: more cards may follow
    assert screen.play.state.asking == "gambit_bottom"
    driver.tap(driver.find(S.StopPutting().label, TButton))
    touches += 1
    told = []
    while screen.instructions.active:
        told.append(panel(driver)[0])
        driver.tap(driver.find("Done", TButton))
        touches += 1
    assert len(told) == 1 and told[0].startswith("Slide the Future's cards left")
    assert "then take" in told[0]  # the refill in the same step
    assert touches == 5  # the review counted 6: Gambit, Tree, card, 2 Done, Keep the rest


def test_a_gambit_that_empties_the_future_asks_for_no_slide(driver: Driver) -> None:
    screen = real_cards_game(driver)
    touches = gambit_on_a_free_tree(driver, screen)
    for _ in range(3):
        driver.tap(touchable_for(driver, ("future", 0)))
        touches += 1
        told = [panel(driver)[0]] if screen.instructions.active else []
        assert not [words for words in told if words.startswith("Slide")]
        touches += carry_out_instructions(driver)
    assert screen.play.state.future == ()
    while S.awaiting_reveal(screen.play.state):  # the refill, one card at a time
        card = next(a for a in S.legal_actions(screen.play.state) if a.card.is_ally)
        driver.tap(touchable_for(driver, ("answer", card.label)))
        touches += 1 + carry_out_instructions(driver)
    assert len(screen.play.state.future) == 3
    assert touches == 8  # the review counted 10: 2 of them slides of a row to be emptied


def test_undo_in_a_run_of_cards_put_under_first_slides_what_is_owed(driver: Driver) -> None:
    screen = open_game(driver, S.Config(), seed=0)
    gambit_on_a_free_tree(driver, screen)
    driver.tap(touchable_for(driver, ("future", 0)))
    driver.tap(driver.find("Undo", TButton))
    told = []
    while screen.instructions.active:
        told.append(panel(driver)[0])
        driver.tap(driver.find("Done", TButton))
    # The table still has the gap: the cards slide left, then the Trold comes back.
    assert told[0].startswith("Slide")
    assert any("Trold" in words for words in told[1:])
    assert screen.play.state.future == (S.Card.TROLD, S.Card.TROLD, S.Card.HULDRE)


def buttons_at(driver: Driver, point: tuple[float, float]) -> list[Widget]:
    """The things a finger at ``point`` (window coordinates) would press."""
    from kivy.uix.behaviors import ButtonBehavior

    return [
        w
        for w in driver.visible()
        if isinstance(w, ButtonBehavior) and w.collide_point(*w.to_widget(*point))
    ]


@pytest.mark.parametrize("mode", ["app", "table"])
def test_what_takes_dones_place_after_the_last_step_records_nothing(
    driver: Driver, mode: str
) -> None:
    """An extra tap meant for Done, after the last instruction, lands on the Hint: never
    on a card that came up, an answer or an action."""
    screen = real_cards_game(driver) if mode == "table" else open_game(driver, S.Config(), 0)
    driver.pump(3)
    driver.tap(touchable_for(driver, ("future", 0)))
    driver.tap(driver.find("Risky Draw", TButton))
    if mode == "table":
        driver.tap(touchable_for(driver, ("answer", S.Reveal(S.Card.GAMLE_ERIK).label)))
    assert screen.instructions.active
    done = driver.find("Done", TButton)
    spot = done.to_window(*done.center)
    carry_out_instructions(driver)
    driver.pump(2)
    if mode == "table":
        assert S.awaiting_reveal(screen.play.state)  # the refill: which card came up?
    assert [getattr(w, "text", "") for w in buttons_at(driver, spot)] == ["Hint"]


@pytest.mark.parametrize("modules", [{}, {"lygtemands": True, "rescue": True}])
def test_the_bar_keeps_its_places_when_a_hint_is_shown(
    driver: Driver, modules: dict[str, bool]
) -> None:
    """Review N16: showing a Hint widened its button and pulled Rescue 82 px left."""
    screen = open_game(driver, S.Config(**modules), seed=1)
    driver.pump(2)

    def places() -> dict[str, tuple[float, float]]:
        return {
            button.text: (round(button.x), round(button.width))
            for button in screen.ids.actions.children
            if isinstance(button, TButton)
        }

    before = places()
    state = screen.play.state
    action = next(a for a in S.legal_actions(state) if isinstance(a, S.Call))
    screen.show_hint(advisor.hint_for(action, [], 40, state))
    driver.pump(2)
    assert screen.hint is not None and places() == before

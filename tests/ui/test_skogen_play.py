"""A whole Skogen game kept through the screen, touch by touch, as a person would."""

from collections.abc import Iterator

import pytest
from kivy.core.window import Window
from kivy.tests.common import UnitTestTouch
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.widget import Widget

from app.kit.widgets import TButton
from app.skogen.look import ELEMENT_WORDS
from app.skogen.widgets import CountedKey, LedgerRow, SwatchButton
from engines import skogen as G
from tests.ui.driver import Driver

pytestmark = pytest.mark.ui


def button(driver: Driver, words: str) -> Widget:
    driver.pump(3)  # a panel shown by the last touch is laid out before it is touched
    found = [w for w in driver.visible() if isinstance(w, TButton) and w.text == words]
    assert len(found) == 1, f"expected one button {words!r}, found {len(found)}"
    return found[0]


def tap_all(driver: Driver, *words: str) -> None:
    for text in words:
        driver.tap(button(driver, text))


def choose(driver: Driver, row_label: str, words: str) -> None:
    row = driver.find(row_label).parent
    driver.tap(next(w for w in row.walk() if isinstance(w, TButton) and w.text == words))


def start_game(driver: Driver, players: int, die: str) -> None:
    tile = driver.find("Skogen").parent
    driver.tap(next(w for w in tile.walk() if isinstance(w, TButton) and w.text == "New game"))
    choose(driver, "Players", str(players))
    choose(driver, "Catastrophe die", die)
    driver.tap_text("Set up the table")
    assert driver.app.root.current == "setup_guide"
    while "Done" not in driver.texts():
        driver.tap_text("Next")
    driver.tap_text("Done")
    assert driver.app.root.current.endswith("SkogenPlayScreen")


def rows(driver: Driver) -> dict[str, LedgerRow]:
    return {w.name: w for w in driver.visible() if isinstance(w, LedgerRow)}


@pytest.mark.usefixtures("quick_taps")
def test_a_whole_game_with_the_die_life_cards_and_a_refusal(driver: Driver) -> None:
    start_game(driver, 3, "The app rolls")
    screen = driver.app.current_screen
    play = screen.play
    assert rows(driver)["Player 1"].current

    # Player 1 places a species worth 8 and an element: 10 points, a green square. The
    # keypad says how many species tiles to draw; the app rolls its die at once and tells
    # the table what it offers, with one Done.
    tap_all(driver, "8", "Element +2")
    assert "8 + element 2 = 10 points; then draw 1 species tile" in driver.texts()
    tap_all(driver, "Enter 10 points")
    assert play.state.phase == "element"
    face = play.state.face
    assert face is not None
    assert any(t.startswith(f"{face.capitalize()} for Player 1: take the ") for t in driver.texts())
    assert "Player 1's token is on a green square" in driver.texts()
    tap_all(driver, "Done")
    assert f"{face.capitalize()}: which element tile did Player 1 take?" in driver.texts()
    first = G.legal_actions(play.state)[0]
    assert isinstance(first, G.TakeElement)
    tap_all(driver, ELEMENT_WORDS[first.element])
    assert play.state.rolls[-1].element == first.element
    assert rows(driver)["Player 1"].score == "10"
    assert rows(driver)["Player 2"].current

    # A life card without a species tile is refused, in the engine's words.
    tap_all(driver, "B", "Enter 0 points")
    refused = "A life card comes with a species tile"
    assert screen.message.startswith(refused)
    driver.wait_until(lambda: any(t.startswith(refused) for t in driver.texts()))
    assert len(play.session.events) == 3
    tap_all(driver, "Undo")  # takes back the B key, not a move
    assert len(play.session.events) == 3 and screen.controller.entries == ()

    # Two life cards raise the hand limit to five. The keypad proposes the printed draw,
    # as many as were placed (RULINGS G5); the player draws one more, up to the limit.
    tap_all(driver, "5", "B", "3", "F")
    assert "5 + 3 = 8 points, with B, F; then draw 2 species tiles" in driver.texts()
    tap_all(driver, "Draw\nmore")
    assert "5 + 3 = 8 points, with B, F; then draw 3 species tiles" in driver.texts()
    tap_all(driver, "Enter 8 points")
    assert play.state.ledger[-1].drew == 3
    assert rows(driver)["Player 2"].life == "B F"
    assert rows(driver)["Player 2"].hand == "5 of 5"

    # Undo asks before going back into a finished turn (review N11), then tells the
    # table what to put back, one thing at a time.
    tap_all(driver, "Undo")
    assert "Go back to Round 1, Player 2's turn?" in driver.texts()
    assert rows(driver)["Player 3"].current
    driver.tap_text("Undo it")
    # The ledger shows the table as told (review P4/issue 52): the token stands at 8
    # until the table has moved it back.
    assert rows(driver)["Player 2"].current and rows(driver)["Player 2"].score == "8"
    assert "Undone: Player 2 places tiles: 8 points" in driver.texts()
    assert "Move Player 2's token 8 squares back, to the start" in driver.texts()
    assert "1 of 3" in driver.texts()
    tap_all(driver, "Done")
    assert rows(driver)["Player 2"].score == "0"
    assert "2 of 3" in driver.texts()
    driver.press_key(13)  # the confirm key is Done too
    assert "Player 2: put back the life cards B (Balans) and F (Fröspridning)" in driver.texts()
    tap_all(driver, "Done")
    tap_all(driver, "5", "B", "3", "F", "Enter 8 points")

    # An action card: Katastrof makes the player roll the die (the app rolls it).
    tap_all(driver, "Action card")
    driver.tap_text("Katastrof (catastrophe)")
    tap_all(driver, "2", "Enter 2 points")
    assert play.state.phase == "element"
    assert "Player 3 played Katastrof" in driver.texts()
    driver.press_key(13)  # the confirm key is Done
    tap_all(driver, "Take none")
    assert rows(driver)["Player 3"].cards == "1"

    # The undo button takes back a whole move (here: no element taken), asked first as
    # the turn had passed on; the confirm key answers.
    driver.press_key(8)
    assert "Go back to Round 1, Player 3's turn?" in driver.texts()
    driver.press_key(13)
    assert play.state.phase == "element"
    tap_all(driver, "Take none")

    # Two quiet rounds end the game.
    for _ in range(6):
        assert play.state.phase == "turn"
        tap_all(driver, "Take two elements")
    state = play.state
    assert state.phase == "over" and state.end_cause == "two_quiet_rounds"
    outcome = play.session.outcome()
    assert outcome is not None and outcome.winners == ("Player 2",)
    driver.wait_until(lambda: outcome.reason in driver.texts())  # its height follows the text
    texts = driver.texts()
    assert {"Player 2\nwinner", "18"} <= set(texts)  # 8 points and the most life cards, 10
    assert "Most life cards" in texts
    saved = driver.app.store.session(play.session_id)
    assert saved.status == "finished" and saved.outcome["winners"] == ["Player 2"]

    tap_all(driver, "Home")
    assert driver.app.root.current == "home"
    driver.tap_text("History")
    assert "Player 1, Player 2, Player 3 \u00b7 the app rolled the die" in driver.texts()


def test_the_real_die_is_entered_by_its_face(driver: Driver) -> None:
    start_game(driver, 2, "We roll the real die")
    play = driver.app.current_screen.play
    tap_all(driver, "9", "Element +2", "Undo", "1", "Enter 10 points")
    assert play.state.players[0].score == 10
    tap_all(driver, "Storm")
    assert play.state.face == "storm"
    assert {"Yellow sun", "Grey"} <= set(driver.texts())
    assert "Blue" not in driver.texts()  # a storm offers no water
    tap_all(driver, "None left: reroll")
    assert play.state.phase == "roll"

    # The board is the truth: a token's points are corrected by touching its row.
    driver.tap(rows(driver)["Player 2"])
    tap_all(driver, next(t for t in driver.texts() if t.startswith("Set the token's points")))
    tap_all(driver, "+10", "-1", "Save")
    assert play.state.players[1].score == 9
    assert play.session.actions[-1] == G.SetScore("Player 2", 9)
    assert rows(driver)["Player 2"].score == "9"


def key(driver: Driver, words: str) -> CountedKey:
    found = button(driver, words)
    assert isinstance(found, CountedKey)
    return found


def tap_at(driver: Driver, spot: tuple[float, float]) -> None:
    """A finger lands on a spot of the window, whatever is drawn there now (after the
    moment in which taps are ignored: these taps come at a player's rhythm)."""
    driver.wait_for_tap_guard()
    touch = UnitTestTouch(*spot)
    touch.touch_down()
    driver.pump(1)
    touch.touch_up()
    driver.pump(3)


def test_a_tap_where_done_just_was_records_nothing(driver: Driver) -> None:
    """Review D3: after a Done (the set-up guide's, the die's, an undo's) the button in
    its place records nothing: an extra tap there is harmless."""
    tile = driver.find("Skogen").parent
    driver.tap(next(w for w in tile.walk() if isinstance(w, TButton) and w.text == "New game"))
    choose(driver, "Players", "2")
    choose(driver, "Catastrophe die", "The app rolls")
    driver.tap_text("Set up the table")
    while "Done" not in driver.texts():
        driver.tap_text("Next")
    done = button(driver, "Done")
    spot = done.to_window(*done.center)
    driver.tap(done)
    assert driver.app.root.current.endswith("SkogenPlayScreen")
    screen = driver.app.current_screen
    play = screen.play
    tap_at(driver, spot)
    assert len(play.session.events) == 0
    driver.press_key(13)  # the confirm key, pressed once more, records nothing either
    assert len(play.session.events) == 0
    assert screen.message.startswith("Nothing is entered yet")

    # The die's Done gives way to the element tiles, under the ledger.
    tap_all(driver, "8", "Element +2", "Enter 10 points")
    events = len(play.session.events)
    done = button(driver, "Done")
    spot = done.to_window(*done.center)
    driver.tap(done)
    tap_at(driver, spot)
    assert len(play.session.events) == events and play.state.phase == "element"

    # An undo's last Done gives way to an empty keypad: nothing recorded, no choice opened.
    tap_all(driver, "Undo")
    while "Done" in driver.texts():
        done = button(driver, "Done")
        spot = done.to_window(*done.center)
        driver.tap(done)
    events = len(play.session.events)
    tap_at(driver, spot)
    assert len(play.session.events) == events
    assert play.state.phase == "turn" and screen.controller.entries == () and not play.state.ledger
    assert len(driver.app.root_window.children) == 1  # no popup


def test_pending_life_cards_stay_in_sight_through_undo(driver: Driver) -> None:
    """Review D2, its repro step by step: what is pending is always on the screen, each
    life-card key counts its own, Undo says what it took back, and the red refusal goes
    once it no longer applies."""
    start_game(driver, 2, "The app rolls")
    screen = driver.app.current_screen
    play = screen.play
    tap_all(driver, "Take two elements")
    assert rows(driver)["Player 2"].current

    # 1. F, then B: both keys marked, the entry says so though it has no points.
    tap_all(driver, "F", "B")
    assert (key(driver, "F").count, key(driver, "B").count) == (1, 1)
    assert "0 points, with F, B; then draw 0 species tiles" in driver.texts()
    tap_all(driver, "Enter 0 points")
    assert screen.message.endswith("2 life cards for 0 species tiles.")

    # 2. 9, then draw one fewer, then Undo: last in, first out (review N13), the draw
    # first, then the 9; F and B stay, and say so.
    tap_all(driver, "9")
    assert screen.message.endswith("2 life cards for 1 species tile.")  # still so
    tap_all(driver, "Draw\nfewer")
    assert "9 = 9 points, with F, B; then draw 0 species tiles" in driver.texts()
    tap_all(driver, "Undo")
    assert "Undo took back the change to the species tiles drawn." in driver.texts()
    assert "9 = 9 points, with F, B; then draw 1 species tile" in driver.texts()
    tap_all(driver, "Undo")
    texts = driver.texts()
    assert "Undo took back the species tile worth 9." in texts
    assert "0 points, with F, B; then draw 0 species tiles" in texts
    assert (key(driver, "F").count, key(driver, "B").count) == (1, 1)
    assert button(driver, "Enter 0 points")

    # 3. 9 and F: F counts two.
    tap_all(driver, "9", "F")
    assert "9 = 9 points, with F, B, F; then draw 1 species tile" in driver.texts()
    assert (key(driver, "F").count, key(driver, "B").count) == (2, 1)

    # 4. Three more Undos: F is still pending, and the screen shows it.
    tap_all(driver, "Undo", "Undo", "Undo")
    texts = driver.texts()
    assert "Undo took back the life card B (Balans)." in texts
    assert "0 points, with F; then draw 0 species tiles" in texts
    assert (key(driver, "F").count, key(driver, "B").count) == (1, 0)
    assert screen.message.endswith("1 life card for 0 species tiles.")
    assert any(t.endswith("1 life card for 0 species tiles.") for t in texts)

    # The last Undo of a key: nothing refused any more, the red words go.
    tap_all(driver, "Undo")
    assert "Undo took back the life card F (Fröspridning)." in driver.texts()
    assert screen.message == "" and key(driver, "F").count == 0
    assert screen.view.summary.startswith("Touch the points of each tile placed")
    assert len(play.session.events) == 1


def test_an_action_card_shows_at_once_and_the_draw_keys_say_what_they_do(driver: Driver) -> None:
    start_game(driver, 2, "The app rolls")
    tap_all(driver, "Draw\nmore")  # before any move: Undo still takes it back
    assert "0 points; then draw 1 species tile" in driver.texts()
    tap_all(driver, "Undo")
    assert "Undo took back the change to the species tiles drawn." in driver.texts()
    tap_all(driver, "Action card")
    driver.tap_text("Migration")
    assert "0 points, with Migration; then draw 0 species tiles" in driver.texts()
    assert key(driver, "Action card").count == 1
    tap_all(driver, "6", "Draw\nmore")
    assert "6 = 6 points, with Migration; then draw 2 species tiles" in driver.texts()
    tap_all(driver, "Draw\nfewer", "Enter 6 points")
    assert driver.app.current_screen.play.state.ledger[-1].drew == 1


@pytest.fixture(params=[(800, 480), (720, 1280)], ids=["800x480", "720x1280"])
def window_size(request: pytest.FixtureRequest, driver: Driver) -> Iterator[tuple[int, int]]:
    """The reference panel, and a portrait window (the window set back after)."""
    before = Window.size
    Window.size = request.param
    driver.pump(5)
    assert Window.size == request.param
    yield request.param
    Window.size = before
    driver.pump(5)


Spot = tuple[int, int, int, int]


def spot(widget: Widget) -> Spot:
    """Where a widget stands in the window: left, bottom, right, top, in whole pixels."""
    left, bottom = widget.to_window(*widget.pos)
    right, top = widget.to_window(widget.right, widget.top)
    return round(left), round(bottom), round(right), round(top)


def key_spots(driver: Driver) -> dict[str, Spot]:
    """Each key of the keypad shown, by its words, and where it stands."""
    driver.pump(5)  # a layout changed by the last touch is done before it is measured
    keypad = driver.app.current_screen.keypad_panel
    return {
        w.text: spot(w) for w in driver.visible() if isinstance(w, TButton) and inside(w, keypad)
    }


def inside(widget: Widget, box: Widget) -> bool:
    node = widget
    while node is not box and node.parent not in (None, node):
        node = node.parent
    return node is box


def test_the_keys_never_move(driver: Driver, window_size: tuple[int, int]) -> None:
    """The keypad's keys stand where they stood in every state of a turn: the first turn
    after the set-up guide, a key touched, a refusal shown, what Undo took back shown,
    the next turn, and the turn after a catastrophe's element tile."""
    start_game(driver, 2, "The app rolls")
    first = key_spots(driver)
    assert len(first) == 16  # 8 species, element, action card, 4 life cards, 2 draw keys
    screen = driver.app.current_screen
    states = {}
    tap_all(driver, "8")
    states["a key touched"] = key_spots(driver)
    tap_all(driver, "Undo")
    assert screen.view.undone
    states["what Undo took back shown"] = key_spots(driver)
    tap_all(driver, "B", "Enter 0 points")
    assert screen.message
    states["a refusal shown"] = key_spots(driver)
    tap_all(driver, "Undo", "8", "Enter 8 points")
    states["the next turn"] = key_spots(driver)
    tap_all(driver, "8", "Element +2", "Enter 10 points", "Done")  # a green square
    assert screen.state.phase == "element"
    tap_all(driver, "Take none")
    states["after the die"] = key_spots(driver)
    for state, spots in states.items():
        assert spots == first, state


def test_a_late_touch_on_an_element_records_nothing(
    driver: Driver, window_size: tuple[int, int]
) -> None:
    """A second touch where an element tile (or Take none) was chosen lands on nothing
    that records a key or a move or opens a choice on the next player's keypad."""
    start_game(driver, 4, "The app rolls")
    screen = driver.app.current_screen
    play = screen.play
    tap_all(driver, "8", "Element +2", "Enter 10 points", "Done")  # a green square
    assert play.state.phase == "element"
    choices = [w for w in driver.visible() if isinstance(w, SwatchButton)]
    assert len(choices) >= 4  # the element tiles the face offers, reroll, none
    chosen = choices[0]
    where = chosen.to_window(*chosen.center)
    spots = [spot(w) for w in choices]
    driver.tap(chosen)
    assert play.state.phase == "turn" and rows(driver)["Player 2"].current
    driver.pump(5)
    live = [
        w
        for w in driver.visible()
        if isinstance(w, ButtonBehavior) and not w.disabled and getattr(w, "text", "") != "Back"
    ]
    assert any(isinstance(w, CountedKey) for w in live)
    for w in live:
        left, bottom, right, top = spot(w)
        for x0, y0, x1, y1 in spots:
            apart = right <= x0 or left >= x1 or top <= y0 or bottom >= y1
            assert apart, (getattr(w, "text", "") or getattr(w, "name", ""), spots)
    events = len(play.session.events)
    tap_at(driver, where)
    assert len(play.session.events) == events and screen.controller.entries == ()
    assert len(driver.app.root_window.children) == 1  # no popup


def test_a_move_changes_the_ledger_rows_words_not_the_rows(driver: Driver) -> None:
    from app.games import BY_KEY
    from app.skogen.widgets import LedgerRow
    from app.tools.sweep_plan import EnginePlayer

    driver.app.start_game(BY_KEY["skogen"], G.Config(players=("Ana", "Bo")), ["Ana", "Bo"], 2)
    driver.close_popups()
    screen = driver.app.current_screen
    rows = [w for w in screen.walk() if isinstance(w, LedgerRow)]
    scores = [row.score for row in rows]
    player = EnginePlayer(2)
    for _ in range(30):
        if not player.step(screen):
            break
        driver.pump()
        assert [w for w in screen.walk() if isinstance(w, LedgerRow)] == rows
    assert [row.score for row in rows] != scores  # the same rows, their words changed

"""A whole Skogen game kept through the screen, touch by touch, as a person would."""

import pytest
from kivy.uix.widget import Widget

from app.kit.widgets import TButton
from app.skogen.look import ELEMENT_WORDS
from app.skogen.widgets import LedgerRow
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
    assert len(play.session.events) == 3 and screen.entries == []

    # Two life cards raise the hand limit to five. The keypad proposes the printed draw,
    # as many as were placed (G5); the player draws one more, up to the limit.
    tap_all(driver, "5", "B", "3", "F")
    assert "5 + 3 = 8 points, with B, F; then draw 2 species tiles" in driver.texts()
    tap_all(driver, "+")
    assert "5 + 3 = 8 points, with B, F; then draw 3 species tiles" in driver.texts()
    tap_all(driver, "Enter 8 points")
    assert play.state.ledger[-1].drew == 3
    assert rows(driver)["Player 2"].life == "B F"
    assert rows(driver)["Player 2"].hand == "5 of 5"

    # Undo tells the table what to put back, one thing at a time.
    tap_all(driver, "Undo")
    assert rows(driver)["Player 2"].current and rows(driver)["Player 2"].score == "0"
    assert "Undone: Player 2 places tiles: 8 points" in driver.texts()
    assert "Move Player 2's token 8 squares back, to the start" in driver.texts()
    assert "1 of 3" in driver.texts()
    tap_all(driver, "Done")
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

    # The undo button takes back a whole move (here: no element taken).
    driver.press_key(8)
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

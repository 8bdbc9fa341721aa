from dataclasses import dataclass
from typing import Any

import pytest

from app.games import GameInfo
from app.kit.widgets import TButton
from engines.core import SetupStep
from tests.ui.driver import Driver

pytestmark = pytest.mark.ui

ENTER, BACKSPACE = 13, 8


@dataclass(frozen=True)
class SampleGame(GameInfo):
    """A game whose set-up steps depend on the player count, like the real ones."""

    def setup_steps(self, config: Any = None) -> list[SetupStep]:
        players = config or 2
        return [
            SetupStep("Lay out the board", "Put the board in the middle of the table."),
            SetupStep("Deal hands", f"Deal five cards to each of the {players} players."),
            SetupStep("Choose who starts", "The youngest player goes first.", ("Dice", "Pawn")),
        ]


SAMPLE = SampleGame("skoventyr", "Sample", "")


def test_walking_the_steps_by_touch_and_by_keys(driver: Driver) -> None:
    driver.app.go("setup_guide", game=SAMPLE, config=3)
    driver.pump()
    assert "Lay out the board" in driver.texts()
    assert "Step 1 of 3" in driver.texts()

    driver.tap_text("Next")
    assert "Deal five cards to each of the 3 players." in driver.texts()
    driver.press_key(ENTER)
    assert "Step 3 of 3" in driver.texts()
    assert "\u2022  Dice\n\u2022  Pawn" in driver.texts()
    driver.press_key(BACKSPACE)
    assert "Step 2 of 3" in driver.texts()
    driver.tap_text("Previous")
    assert "Step 1 of 3" in driver.texts()

    driver.tap_text("Next")
    driver.tap_text("Next")
    driver.tap_text("Done")  # the last step's button leaves the guide
    assert driver.app.root.current == "home"


@dataclass(frozen=True)
class PicturedGame(SampleGame):
    """A game that draws the table for the steps that put pieces on it."""

    def setup_steps(self, config: Any = None) -> list[SetupStep]:
        board, deal, start = super().setup_steps(config)
        return [SetupStep(board.title, board.text, shows=("board",)), deal, start]


def draw(_config: Any, steps: list[SetupStep], index: int, _seed: int = 0) -> TButton:
    """PicturedGame's picture: a button, to show that the guide takes its touches."""
    return TButton(text=f"Drawn: {', '.join(steps[index].shows)}")


def test_a_step_that_places_pieces_shows_them_beside_its_words(driver: Driver) -> None:
    driver.app.go(
        "setup_guide",
        game=PicturedGame("skoventyr", "Sample", "", setup_picture_path=f"{__name__}:draw"),
        config=2,
    )
    driver.pump()
    screen = driver.app.current_screen
    assert "Drawn: board" in driver.texts()
    picture = screen.ids.picture
    words = driver.find("Lay out the board")
    assert picture.width > 300  # landscape: side by side
    assert picture.right <= words.to_window(words.x, words.y)[0]
    drawn = driver.find("Drawn: board", TButton)
    pressed: list[bool] = []
    drawn.bind(on_release=lambda _button: pressed.append(True))
    driver.tap(drawn)  # a picture: its pieces take no touch
    assert not pressed and "Drawn: board" in driver.texts()

    driver.tap_text("Next")  # a step that places nothing gives the words the width
    assert "Drawn: board" not in driver.texts()
    driver.pump()
    assert picture.width < 1 and not screen.has_picture


def test_skoventyr_players_pick_who_starts_by_name_and_the_game_begins_there(
    driver: Driver,
) -> None:
    """Review P9: "Who starts" offers each player by name; the first turn is theirs."""
    from app.games import BY_KEY
    from engines import skoventyr as S

    game, config, names = BY_KEY["skoventyr"], S.Config(players=3), ["Ana", "Bo", "Cy"]
    chosen: list[S.Config] = []
    driver.app.go(
        "setup_guide", game=game, config=config, on_done=chosen.append, players=names, seed=3
    )
    driver.pump()
    screen = driver.app.current_screen
    screen.show([step.title for step in screen._steps].index("Who starts"))
    driver.pump(2)
    assert {"Ana starts", "Bo starts", "Cy starts"} <= set(driver.texts())
    driver.tap_text("Bo starts")
    lit = [w.text for w in driver.visible() if isinstance(w, TButton) and w.role == "primary"]
    assert "Bo starts" in lit and "Ana starts" not in lit
    while "Done" not in driver.texts():
        driver.tap_text("Next")
    driver.tap_text("Done")
    assert [c.first_player for c in chosen] == [1]
    driver.app.start_game(game, chosen[0], names, seed=3)
    driver.pump(2)
    assert any("Turn 1 \u00b7 Bo" in text for text in driver.texts())

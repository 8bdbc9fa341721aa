"""New game: players by name in turn order, guests typed in, no one-answer questions."""

from collections.abc import Iterator

import pytest
from kivy.uix.scrollview import ScrollView
from kivy.uix.textinput import TextInput
from kivy.uix.widget import Widget

from app.kit.widgets import TButton
from app.screens.new_game import ChoiceButton, SeatChip
from tests.ui.driver import Driver

pytestmark = pytest.mark.ui


def open_new_game(driver: Driver, game_title: str) -> None:
    tile = driver.find(game_title).parent
    driver.tap(next(w for w in tile.walk() if isinstance(w, TButton) and w.text == "New game"))
    assert driver.app.root.current == "new_game"


def type_name(driver: Driver, button: str, name: str) -> None:
    driver.tap_text(button)
    field = next(w for w in driver.visible() if isinstance(w, TextInput))
    field.text = name
    driver.tap_text("Add and seat")


def in_form(widget: Widget, form: Widget) -> bool:
    while widget.parent is not None and widget.parent is not widget:
        widget = widget.parent
        if widget is form:
            return True
    return False


def chips(driver: Driver) -> list[str]:
    return [w.text for w in driver.visible() if isinstance(w, SeatChip)]


def test_a_guest_plays_without_joining_the_roster(driver: Driver) -> None:
    for name in ("Ana", "Bo"):
        driver.app.store.add_player(name)
    open_new_game(driver, "Skoventyr")
    assert chips(driver) == ["1. Ana", "Bo"]

    type_name(driver, "Add a guest", "  zoe  ")
    assert chips(driver) == ["1. Ana", "Bo", "2. zoe"]
    type_name(driver, "Add a guest", "ana")  # a roster name: already playing
    assert "Ana is already playing." in driver.texts()
    driver.close_popups()
    type_name(driver, "Add a guest", "bo")  # a roster name: that player is seated
    assert chips(driver) == ["1. Ana", "3. Bo", "2. zoe"]

    driver.tap_text("Set up the table")
    while "Done" not in driver.texts():
        driver.tap_text("Next")
    driver.tap_text("Done")
    assert driver.app.current_screen.play.players == ["Ana", "zoe", "Bo"]
    assert [p.name for p in driver.app.store.players()] == ["Ana", "Bo"]


def test_without_a_roster_names_can_replace_the_count(driver: Driver) -> None:
    open_new_game(driver, "Skoventyr")
    counts = [w.text for w in driver.visible() if isinstance(w, ChoiceButton)]
    assert counts[:4] == ["1", "2", "3", "4"]
    type_name(driver, "Add a name", "")
    assert "Type a name first." in driver.texts()
    driver.close_popups()
    type_name(driver, "Add a name", "\u115f\u200b")  # a filler and a zero-width space
    assert "That name shows no letters: type one with letters or numbers." in driver.texts()
    driver.close_popups()
    type_name(driver, "Add a name", "\u202eCam\u3164ille")
    assert chips(driver) == ["1. Camille"]  # as shown: no override, no filler
    assert "1" not in [w.text for w in driver.visible() if isinstance(w, ChoiceButton)]
    assert "Add a name" in driver.texts()


def test_a_game_for_one_does_not_ask_how_many_play(driver: Driver) -> None:
    open_new_game(driver, "Skulk Hollow")
    players_row = driver.find("Players").parent
    buttons = [w.text for w in players_row.walk(restrict=True) if isinstance(w, TButton)]
    assert buttons == ["Add a name"]


def test_every_new_game_opens_at_the_top_of_its_form(driver: Driver) -> None:
    """A form left scrolled (or still gliding from a flick) does not carry over to the
    next game's: the first rows are where the person sees them, none under the title."""
    open_new_game(driver, "Skoventyr")
    form = next(w for w in driver.visible() if isinstance(w, ScrollView))
    form.scroll_y = 0
    form.effect_y.velocity = -2000  # a flick still gliding as Back is touched
    driver.pump(2)
    driver.tap_text("Back")
    open_new_game(driver, "Skulk Hollow")
    driver.pump(10)
    assert form.scroll_y == 1
    view_bottom, view_top = form.to_window(0, form.y)[1], form.to_window(0, form.top)[1]
    for text in ("Add a name", "Grak"):
        button = driver.find(text, TButton)
        bottom, top = button.to_window(0, button.y)[1], button.to_window(0, button.top)[1]
        assert view_bottom <= bottom and top <= view_top, f"{text} is not wholly in view"


@pytest.mark.parametrize("title", ["Skoventyr", "Skulk Hollow", "Chickwood Forest", "Skogen"])
def test_a_second_tap_on_new_game_changes_no_option(driver: Driver, title: str) -> None:
    """Where Home's New game was, the form shows no choice: a tap a moment too many (a
    player's rhythm, longer than any guard) lands on the bottom bar or on nothing."""
    tile = driver.find(title).parent
    button = next(w for w in tile.walk() if isinstance(w, TButton) and w.text == "New game")
    left, bottom = button.to_window(*button.pos)
    right, top = button.to_window(button.right, button.top)
    open_new_game(driver, title)
    form = next(w for w in driver.visible() if isinstance(w, ScrollView))
    form_bottom, form_top = form.to_window(0, form.y)[1], form.to_window(0, form.top)[1]
    for widget in driver.visible():
        if isinstance(widget, TButton) and in_form(widget, form):
            x0, y0 = widget.to_window(*widget.pos)
            x1, y1 = widget.to_window(widget.right, widget.top)
            y0, y1 = max(y0, form_bottom), min(y1, form_top)  # the part the form shows
            apart = y1 <= y0 or x1 <= left or right <= x0 or y1 <= bottom or top <= y0
            assert apart, f"{widget.text!r} lies where New game was"


def tap_key(driver: Driver, keyboard: Widget, wanted: str) -> None:
    """A tap on the on-screen keyboard's key for ``wanted`` (a character, or "shift")."""
    from kivy.tests.common import UnitTestTouch

    for line in range(1, 6):
        for (x, y), (w, h) in keyboard.layout_geometry[f"LINE_{line}"]:
            found = keyboard.get_key_at_pos(x + w / 2, y + h / 2)
            _shown, internal, special, _size = found[0] if found else (None,) * 4
            if wanted in ((internal or "").lower(), special):  # a shifted "C" is the c key
                # Its own scale (docked) first: it sits straight on the window.
                touch = UnitTestTouch(*keyboard.to_parent(x + w / 2, y + h / 2))
                touch.touch_down()
                driver.pump()
                touch.touch_up()
                driver.pump()
                return
    raise AssertionError(f"no key {wanted!r}")


@pytest.fixture
def docked_keyboard() -> Iterator[None]:
    """The Pi's keyboard mode (deploy/kivy/dsi7.ini: systemanddock): one keyboard on the
    screen, docked along the bottom, whenever a text field has the focus."""
    from kivy.core.window import Window

    kept = (Window.allow_vkeyboard, Window.single_vkeyboard, Window.docked_vkeyboard)
    Window.allow_vkeyboard = Window.single_vkeyboard = Window.docked_vkeyboard = True
    yield
    Window.release_all_keyboards()
    Window.allow_vkeyboard, Window.single_vkeyboard, Window.docked_vkeyboard = kept


@pytest.mark.usefixtures("docked_keyboard")
def test_the_docked_keyboard_never_covers_what_finishes_the_typing(driver: Driver) -> None:
    """Review N10: on the 800x480 panel, with the docked keyboard up, Cancel and Add and
    seat stay in sight above it, and they work."""
    from kivy.core.window import Window
    from kivy.uix.vkeyboard import VKeyboard

    open_new_game(driver, "Skoventyr")
    driver.tap_text("Add a name")
    driver.pump(5)
    (keyboard,) = [w for w in Window.children if isinstance(w, VKeyboard)]
    # Its keys are a finger's size too, however the docking scales it.
    keys = [key for line in range(1, 6) for key in keyboard.layout_geometry[f"LINE_{line}"]]
    assert min(min(size) for _pos, size in keys) * keyboard.scale >= 47.5
    (_x, _y), (_w, keyboard_height) = keyboard.bbox
    assert keyboard_height > Window.height / 3  # a real docked keyboard, not a stub
    for words in ("Cancel", "Add and seat"):
        button = driver.find(words)
        _x, y = button.to_window(button.x, button.y)
        assert y >= keyboard_height, f"{words} is under the keyboard"
        assert button.height >= 48
    field = next(w for w in driver.visible() if isinstance(w, TextInput))
    _x, y = field.to_window(field.x, field.y)
    assert y >= keyboard_height  # the words being typed are in sight too
    driver.tap_text("Add and seat")  # nothing typed: said above the keyboard
    driver.pump(3)
    said = driver.find("Type a name first.")
    assert said.to_window(said.x, said.y)[1] >= keyboard_height
    # One finger types a capital: Shift tapped, then the letter (review N10).
    field.text = ""
    field.focus = True  # the refused tap took it: the keyboard comes back
    driver.pump(5)
    (keyboard,) = [w for w in Window.children if isinstance(w, VKeyboard)]
    for wanted in ("shift", "c", "a"):
        tap_key(driver, keyboard, wanted)
    assert field.text == "Ca"
    field.text = "Camille"
    driver.tap_text("Add and seat")
    assert "Camille" in " ".join(chips(driver))


def test_a_roster_of_hundreds_shows_a_few_names_and_the_rest_in_a_list(driver: Driver) -> None:
    """Review R3: New game built a chip for every roster player (10.9 s for 2,003)."""
    store = driver.app.store
    for number in range(300):
        store.add_player(f"Friend {number:03}")
    open_new_game(driver, "Skogen")
    screen = driver.app.current_screen
    assert len([w for w in screen.ids.seat_chips.children if isinstance(w, SeatChip)]) == 24
    driver.tap_text("More players")
    driver.tap_text("Friend 024")  # the first of the list: a name beyond the chips
    assert screen.seats[-1] == "Friend 024"
    assert "3. Friend 024" in [w.text for w in screen.ids.seat_chips.children]

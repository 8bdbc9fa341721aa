import threading
from importlib.metadata import entry_points

import pytest
from kivy.uix.textinput import TextInput

from app.exchange.bgstats import bgg, chosen_owner
from app.exchange.bgstats_export import bgstats_data
from app.kit.widgets import TButton
from app.screens.settings import PIN_DRIVER_WORDS
from hardware.controls import Controls
from hardware.pin_factory import PIN_FACTORY_ENTRY_POINTS
from tests.ui.driver import Driver

pytestmark = pytest.mark.ui


@pytest.fixture
def settings(driver: Driver) -> Driver:
    driver.tap_text("Settings")
    assert driver.app.root.current == "settings"
    return driver


def type_name(driver: Driver, name: str) -> None:
    field = next(w for w in driver.visible() if isinstance(w, TextInput))
    driver.tap(field)
    field.text = name
    driver.tap_text("Add")


def test_adding_and_removing_a_player(settings: Driver) -> None:
    type_name(settings, "Freya")
    assert "Freya" in settings.texts()
    assert [p.name for p in settings.app.store.players()] == ["Freya"]

    type_name(settings, "freya")
    assert "There is already a player called freya." in settings.texts()
    assert len(settings.app.store.players()) == 1

    type_name(settings, "\u3164\u2800\u202e")  # fillers and an override: looks blank
    assert "That name shows no letters: type one with letters or numbers." in settings.texts()
    assert len(settings.app.store.players()) == 1

    row = settings.find("Freya").parent
    remove = next(w for w in row.children if getattr(w, "text", "") == "Remove")
    settings.tap(remove)  # asks once
    assert "Remove Freya?" in settings.texts()
    settings.tap_text("Cancel")
    assert [p.name for p in settings.app.store.players()] == ["Freya"]

    settings.tap(remove)
    settings.tap(
        next(
            w for w in settings.visible() if getattr(w, "text", "") == "Remove" and w is not remove
        )
    )
    assert settings.app.store.players() == []
    assert "Freya" not in settings.texts()


def test_this_is_me_names_the_owner_of_the_phone_in_bg_stats_files(driver: Driver) -> None:
    store = driver.app.store
    for name in ("Ana", "Bo"):
        store.add_player(name)
    game = store.start_session("skogen", {}, 1, ["Bo", "Ana"])
    scores = [["Bo", 30], ["Ana", 20]]
    store.finish_session(game, {"result": "scored", "reason": "Bo won.", "scores": scores})
    driver.tap_text("Settings")

    driver.tap(driver.find("Bo (most games)", TButton))
    driver.tap(driver.find("Ana", TButton))

    assert chosen_owner(store) == "Ana"
    assert driver.find("Ana", TButton)  # the choice, on the screen
    data = bgstats_data(store)
    me = next(p for p in data["players"] if p["id"] == data["userInfo"]["meRefId"])
    assert me["name"] == "Ana"

    driver.tap(driver.find("Ana", TButton))
    driver.tap(driver.find("Whoever has played most (Bo)", TButton))
    assert chosen_owner(store) == ""
    assert driver.find("Bo (most games)", TButton)


def test_a_physical_press_reaches_the_screen_on_the_main_thread(settings: Driver) -> None:
    controls = settings.app.controls
    assert controls is not None and controls.simulated
    seen_on: list[threading.Thread] = []
    screen = settings.app.root.get_screen("settings")
    original = screen.on_intent

    def spy(intent: str) -> bool:
        seen_on.append(threading.current_thread())
        return original(intent)

    screen.on_intent = spy
    try:
        pin = controls.pin_factory.pin(settings.app.controls.pin_map.buttons.confirm)
        settings.wait_for_tap_guard()
        pressing = threading.Thread(target=lambda: (pin.drive_low(), pin.drive_high()))
        pressing.start()
        pressing.join()
        settings.wait_until(lambda: "Confirm pressed" in settings.texts())
    finally:
        del screen.on_intent
    assert seen_on == [threading.main_thread()]


def test_the_buzzer_is_switched_off_and_on_by_two_plain_choices(settings: Driver) -> None:
    row = settings.find("Buzzer").parent
    off, on = (next(w for w in row.children if w.text == words) for words in ("Off", "On"))
    settings.tap(off)
    assert settings.app.store.setting("buzzer_muted", False) is True
    assert off.role == "primary" and on.role == "normal"
    settings.tap(on)
    assert settings.app.store.setting("buzzer_muted", True) is False


def test_each_light_can_be_switched_from_the_screen(settings: Driver) -> None:
    controls = settings.app.controls
    assert controls is not None
    turn_row = settings.find("Turn light").parent
    on_button = next(w for w in turn_row.children if getattr(w, "text", "") == "On")
    settings.tap(on_button)
    assert controls.light_state("turn") == "on"
    assert controls.light_state("danger") == "off"

    danger_row = settings.find("Danger light").parent
    blink = next(w for w in danger_row.children if getattr(w, "text", "") == "Blink")
    settings.tap(blink)
    assert controls.light_state("danger") == "blink"

    settings.tap_text("Back")  # leaving the test turns the lights off again
    assert controls.light_state("turn") == "off"
    assert controls.light_state("danger") == "off"


def test_the_pin_driver_in_use_is_named_in_words(
    settings: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    def status() -> str:
        return next(text for text in settings.texts() if text.startswith("No buttons"))

    assert status().endswith("Undo and Menu.\nPin driver: simulated (no real pins)")

    settings.tap_text("Back")
    monkeypatch.setattr(Controls, "pin_driver", property(lambda _self: "lgpio"))
    monkeypatch.setattr(Controls, "simulated", property(lambda _self: False))
    settings.tap_text("Settings")
    assert "Buttons and lights are connected.\nPin driver: lgpio (real GPIO pins)" in (
        settings.texts()
    )


def test_every_pin_library_gpiozero_knows_has_words() -> None:
    known = {ep.name for ep in entry_points(group=PIN_FACTORY_ENTRY_POINTS)}
    assert {"lgpio", "mock"} <= known
    assert known <= PIN_DRIVER_WORDS.keys()


def test_a_game_s_boardgamegeek_id_is_set_by_touch(settings: Driver) -> None:
    store = settings.app.store
    settings.tap_text("BGG ids")
    settings.tap_text("Skogen: none")
    popup_field = next(w for w in settings.visible() if isinstance(w, TextInput))
    popup_field.text = "skogen"
    settings.tap_text("Save")
    assert "Type the number from the game's page" in " ".join(settings.texts())
    assert bgg("skogen", store) == (0, 0)
    popup_field.text = "654321"  # a made-up id: the real one is not known here
    settings.tap_text("Save")
    assert bgg("skogen", store) == (654321, 0)
    settings.tap_text("BGG ids")
    assert "Skogen: 654321" in settings.texts()

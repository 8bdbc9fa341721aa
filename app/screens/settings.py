"""Settings: the player roster (and which player owns the phone with BG Stats), each
game's BoardGameGeek id for BG Stats, and a test of the physical buttons, lights and
buzzer."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.properties import BooleanProperty, ListProperty, StringProperty

from app.exchange.bgstats import bgg, chosen_owner, set_bgg, set_owner
from app.games import BY_KEY, GAMES
from app.kit.choice_list import ChoiceListPopup
from app.kit.value_editor import ValueEditorPopup
from app.kit.widgets import BaseScreen
from app.kv import load_kv
from app.seat_names import is_seat_name
from app.storage import volatile
from app.storage.faults import StorageFault

PRESS_TO_TEST = "Press Confirm, Undo or Menu to test them."

INTENT_NAMES = {
    "confirm": "Confirm",
    "undo": "Undo",
    "menu": "Menu",
    "home": "Menu (held)",
}

# gpiozero's pin libraries (hardware.pin_factory.pin_driver_name) in a player's words;
# WIRING.md's checklist asks for "lgpio" on a Raspberry Pi.
PIN_DRIVER_WORDS = {
    "lgpio": "lgpio (real GPIO pins)",
    "rpigpio": "RPi.GPIO (real GPIO pins)",
    "pigpio": "pigpio (real GPIO pins, through the pigpio daemon)",
    "native": "gpiozero's own driver (real GPIO pins)",
    "mock": "simulated (no real pins)",
}


def pin_driver_words(driver: str) -> str:
    return "Pin driver: " + PIN_DRIVER_WORDS.get(driver, f"{driver} (real GPIO pins)")


class SettingsScreen(BaseScreen):
    players = ListProperty([])
    #: The player chosen as "This is me", or who counts as such when no one was.
    owner = StringProperty("")
    roster_error = StringProperty("")
    hardware_status = StringProperty("")
    pin_driver = StringProperty("")
    last_press = StringProperty("")
    turn_light = StringProperty("off")
    danger_light = StringProperty("off")
    muted = BooleanProperty(False)
    #: Why phones cannot reach the page now ("" when they can, or it is off).
    phones_note = StringProperty("")
    has_controls = BooleanProperty(False)
    #: Home's warning when a restart would lose the saved games (the whole in Saved games).
    games_warning = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.title = "Settings"
        self._clear_press = Clock.create_trigger(self._forget_press, 3)

    def on_pre_enter(self, *_args: object) -> None:
        app = App.get_running_app()
        # Shown beside Saved games:
        self.games_warning = volatile.SHORT if app.saved_games.lost_at_restart else ""
        self.refresh_players()
        self._note_phones()
        controls = app.controls
        self.has_controls = controls is not None
        self.last_press = PRESS_TO_TEST
        if controls is None:
            self.hardware_status = "Buttons and lights are switched off."
            self.pin_driver = ""
            return
        self.pin_driver = pin_driver_words(controls.pin_driver)
        self.hardware_status = (
            "No buttons are connected here: the keys Enter, Backspace and Escape stand in "
            "for Confirm, Undo and Menu."
            if controls.simulated
            else "Buttons and lights are connected."
        )
        self.turn_light = controls.light_state("turn")
        self.danger_light = controls.light_state("danger")
        self.muted = controls.muted

    def on_leave(self, *_args: object) -> None:
        controls = App.get_running_app().controls
        if controls is not None:  # the test must not leave a light on
            controls.set_light("turn", "off")
            controls.set_light("danger", "off")

    # -- roster ------------------------------------------------------------------------

    def refresh_players(self) -> None:
        store = App.get_running_app().store
        self.players = [{"player_id": p.id, "name": p.name} for p in store.players()]
        most = store.most_played()
        self.owner = chosen_owner(store) or (f"{most} (most games)" if most else "Not chosen")

    def choose_owner(self) -> None:
        """Which player owns the phone with BG Stats: its files name that player as
        "me". Whoever has played most, unless someone is chosen."""
        most = App.get_running_app().store.most_played()
        choices = [(f"Whoever has played most ({most})" if most else "Whoever plays most", "")]
        # An unnamed seat's name on the roster ("Player 1") is nobody's phone (N18).
        choices += [(p["name"], p["name"]) for p in self.players if not is_seat_name(p["name"])]
        ChoiceListPopup("Which player are you?", {"Players": choices}, self.set_owner).open()

    def set_owner(self, name: str) -> None:
        try:
            set_owner(App.get_running_app().store, name)
        except StorageFault as fault:
            self.roster_error = str(fault)
            return
        self.refresh_players()

    def choose_bgg_game(self) -> None:
        """Which game's BoardGameGeek id to set: BG Stats ties the plays sent to it (the
        link and the play file) to the game in the person's collection by it."""
        store = App.get_running_app().store
        try:
            choices = [(f"{g.title}: {bgg(g.key, store)[0] or 'none'}", g.key) for g in GAMES]
        except StorageFault as fault:
            self.roster_error = str(fault)
            return
        ChoiceListPopup("BoardGameGeek id of which game?", {"Games": choices}, self.ask_bgg).open()

    def ask_bgg(self, key: str) -> None:
        store = App.get_running_app().store

        def save(text: str) -> str | None:
            try:
                set_bgg(store, key, text)
            except (ValueError, StorageFault) as problem:
                return str(problem)
            return None

        ValueEditorPopup(
            f"BoardGameGeek id of {BY_KEY[key].title}",
            str(bgg(key, store)[0] or ""),
            save,
            hint="The number in the game's address on boardgamegeek.com, "
            "after /boardgame/. Leave it empty for none.",
            save_text="Save",
        ).open()

    def add_player(self, name: str) -> bool:
        try:
            App.get_running_app().store.add_player(name)
        except (ValueError, StorageFault) as problem:
            self.roster_error = str(problem)
            return False
        self.roster_error = ""
        self.refresh_players()
        return True

    def remove_player(self, player_id: int, name: str) -> None:
        """Asks once: the name leaves the roster (past games keep it)."""
        from app.kit.popups import ask

        def remove() -> None:
            App.get_running_app().store.remove_player(player_id)
            self.refresh_players()

        ask(
            f"Remove {name}?",
            f"{name} leaves the list of players. Games already played keep the name.",
            "Remove",
            remove,
            danger=True,
        )

    # -- hardware test -----------------------------------------------------------------

    def on_intent(self, intent: str) -> bool:
        """Every press is shown here; only a held Menu leaves (it goes Home)."""
        self.last_press = f"{INTENT_NAMES.get(intent, intent)} pressed"
        self._clear_press()
        return intent != "home"

    def _forget_press(self, _dt: float) -> None:
        self.last_press = PRESS_TO_TEST

    def set_light(self, name: str, state: str) -> None:
        controls = App.get_running_app().controls
        if controls is None:
            return
        controls.set_light(name, state)
        setattr(self, f"{name}_light", controls.light_state(name))

    def test_beep(self) -> None:
        controls = App.get_running_app().controls
        if controls is not None:
            controls.beep("win")

    def open_read_aloud(self) -> None:
        from app.speech.popup import ReadAloudPopup

        ReadAloudPopup().open()

    def set_phones(self, on: bool) -> None:
        """Phones at the table on or off; once on, whether phones can reach it is said
        (no network) when the page's server has had time to say where it listens."""
        app = App.get_running_app()
        try:
            app.set_phones(on)
        except StorageFault as fault:
            self.phones_note = str(fault)
            return
        self.phones_note = ""
        if on:
            for delay in (1, 3, 10):
                Clock.schedule_once(lambda _dt: self._note_phones(), delay)

    def _note_phones(self) -> None:
        phones = App.get_running_app().phones
        self.phones_note = (phones.problem() or "") if phones is not None else ""

    def set_muted(self, muted: bool) -> None:
        app = App.get_running_app()
        app.store.set_setting("buzzer_muted", muted)
        if app.controls is not None:
            app.controls.muted = muted
        self.muted = muted


load_kv("settings.kv")

"""The phones' code on the table's screen: a small QR code of the game's page (version 3:
it reads from across the table) and the address in words, for a phone whose camera
will not. Opened from the Phones button of a game's top bar; Back returns to the game."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.properties import ObjectProperty, StringProperty

from app.kit.qr_code import QRCodeView  # noqa: F401  (the kv names it)
from app.kit.widgets import BaseScreen
from app.kv import load_kv
from app.phones.link import page_code

PHONES_SCREEN = "app.phones.screen:PhonesScreen"
#: How often the screen looks again while the page's server is starting, in seconds.
LOOK_AGAIN_S = 0.3


class PhonesScreen(BaseScreen):
    matrix = ObjectProperty(None, allownone=True)
    #: Where to type it, and the whole link, in words.
    address = StringProperty("")
    link = StringProperty("")
    #: While the server starts, or why phones cannot reach it.
    note = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._look = Clock.create_trigger(lambda _dt: self.prepare(), LOOK_AGAIN_S)

    def on_pre_enter(self, *_args: object) -> None:
        self.prepare()

    def prepare(self) -> None:
        """The code of the game followed now, once the page's server listens (looked
        for again every moment until then)."""
        host = App.get_running_app().phones
        problem = host.problem() if host is not None else "Phones at the table is off."
        found = host.link() if host is not None and problem is None else None
        if found is None:
            self.matrix = None
            self.address = self.link = ""
            self.note = problem or "Starting the page for phones..."
            if problem is None:
                self._look()
            return
        link, address = found
        self.matrix = page_code(link).matrix
        self.link, self.address = link, address
        self.note = ""

    def on_leave(self, *_args: object) -> None:
        self._look.cancel()

    def on_intent(self, intent: str) -> bool:
        if intent == "confirm":
            App.get_running_app().back()
            return True
        return False


load_kv("phones.kv")

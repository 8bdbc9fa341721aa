"""The on-screen keyboard the Pi docks along the bottom of its 7" panel (deploy/kivy/
dsi7.ini sets the mode): Kivy's, with its keys brought up to the 48-pixel touch size and
a Shift that one finger can use (review N10). Kivy's own leaves a tenth of its height
and width as margins and is 200 high for 700 wide, which on an 800-pixel panel makes keys
about 40x36 pixels; and its Shift holds only while held down, so a finger that taps it
and then a letter types the letter small."""

from __future__ import annotations

from typing import Any

from kivy.uix.vkeyboard import VKeyboard

#: The keyboard's size before docking scales it to the window's width (Kivy's: 700x200).
WIDTH, HEIGHT = 700, 236
#: The keys that change what the others type rather than type (a key's third field is
#: its key name: "c" for the c key).
MODE_KEYS = ("shift", "capslock", "layout", "special")


class TableKeyboard(VKeyboard):
    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("width", WIDTH)
        kwargs.setdefault("height", HEIGHT)
        super().__init__(**kwargs)
        self.margin_hint = [0.01, 0.0, 0.01, 0.0]  # top, right, bottom, left
        self._armed = False  # Shift tapped: on for the next key

    def process_key_up(self, touch: Any) -> None:
        """Shift tapped stays on for the next key (as on a phone), then goes off; tapped
        again, it goes off at once."""
        pressed = touch.ud.get(self.uid, {}).get("key")
        special = pressed[0][2] if pressed else None
        super().process_key_up(touch)  # lets Shift go as its finger lifts
        if special == "shift":
            self._armed = not self._armed
            self.have_shift = self._armed
        elif self._armed and special not in MODE_KEYS:
            self._armed = False  # the shifted key is typed: back to small letters
            self.have_shift = False


def use_table_keyboard(window: Any) -> None:
    """The window's keyboards, when it shows any, are the table's."""
    window.set_vkeyboard_class(TableKeyboard)

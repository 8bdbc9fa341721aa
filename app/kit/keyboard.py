"""The on-screen keyboard the Pi docks along the bottom of its 7" panel (deploy/kivy/
dsi7.ini sets the mode): Kivy's, with its keys brought up to the 48-pixel touch size
(review N10). Kivy's own leaves a tenth of its height and width as margins and is 200
high for 700 wide, which on an 800-pixel panel makes keys about 40x36 pixels."""

from __future__ import annotations

from typing import Any

from kivy.uix.vkeyboard import VKeyboard

#: The keyboard's size before docking scales it to the window's width (Kivy's: 700x200).
WIDTH, HEIGHT = 700, 236


class TableKeyboard(VKeyboard):
    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("width", WIDTH)
        kwargs.setdefault("height", HEIGHT)
        super().__init__(**kwargs)
        self.margin_hint = [0.01, 0.0, 0.01, 0.0]  # top, right, bottom, left


def use_table_keyboard(window: Any) -> None:
    """The window's keyboards, when it shows any, are the table's."""
    window.set_vkeyboard_class(TableKeyboard)

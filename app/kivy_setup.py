"""Kivy settings that must be in place before Kivy opens its window.

Import and call ``configure`` before anything imports ``kivy.core.window``.
"""

from __future__ import annotations

import os

REFERENCE_SIZE = (800, 480)  # the official 7" Raspberry Pi panel


def configure(size: tuple[int, int] = REFERENCE_SIZE) -> None:
    # Our own command line is parsed by app.__main__; Kivy must not read it too.
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    from kivy.config import Config

    Config.set("graphics", "width", str(size[0]))
    Config.set("graphics", "height", str(size[1]))
    Config.set("graphics", "resizable", "1")
    # The UI is event-driven; a cap keeps a Pi cool when something does animate.
    Config.set("graphics", "maxfps", "30")
    # Escape is the desktop's Menu key here, so it must not quit the app.
    Config.set("kivy", "exit_on_escape", "0")
    # No red dots on right-click: a mouse is a single pointer.
    Config.set("input", "mouse", "mouse,multitouch_on_demand")

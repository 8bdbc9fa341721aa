"""Kivy settings that must be in place before Kivy opens its window.

Import and call ``configure`` before anything imports ``kivy.core.window``. A Raspberry
Pi installation brings its own config.ini (deploy/kivy/): what it sets (full screen, the
touch inputs) is left as it is; only Kivy's own defaults are changed here.
"""

from __future__ import annotations

import os

REFERENCE_SIZE = (800, 480)  # the official 7" Raspberry Pi panel

#: Kivy's shipped value of [input] mouse: a config that still has it was not deployed.
KIVY_DEFAULT_MOUSE = "mouse"


def configure(size: tuple[int, int] | None = None) -> None:
    """``size`` forces a window size (screenshots); otherwise a windowed desktop gets the
    reference size and a full-screen panel keeps its own."""
    # Our own command line is parsed by app.__main__; Kivy must not read it too.
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    from kivy.config import Config

    windowed = Config.get("graphics", "fullscreen") in ("0", "false", "False", "")
    if size is not None or windowed:
        width, height = size or REFERENCE_SIZE
        Config.set("graphics", "fullscreen", "0")
        Config.set("graphics", "width", str(width))
        Config.set("graphics", "height", str(height))
        Config.set("graphics", "resizable", "1")
    # The UI is event-driven; a cap keeps a Pi cool when something does animate.
    Config.set("graphics", "maxfps", "30")
    # Escape is the desktop's Menu key here, so it must not quit the app.
    Config.set("kivy", "exit_on_escape", "0")
    if Config.get("input", "mouse") == KIVY_DEFAULT_MOUSE:
        # No red dots on right-click: a desktop mouse is a single pointer.
        Config.set("input", "mouse", "mouse,multitouch_on_demand")

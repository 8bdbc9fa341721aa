"""Kivy settings that must be in place before Kivy opens its window.

Import and call ``configure`` before anything imports ``kivy.core.window``. A Raspberry
Pi installation brings its own config.ini (deploy/kivy/): what it sets (full screen, the
touch inputs) is left as it is; only Kivy's own defaults are changed here, plus the two
things a shipped panel config cannot know in advance (``fit_to_this_pi``): which input
devices are touch screens (deploy/kivy/hdmi.ini) and whether a desktop already turns the
picture (deploy/kivy/touch2.ini). Under KMS/DRM it also tells SDL which DRM card drives
the screen (``choose_drm_card``).
"""

from __future__ import annotations

import logging
import os
import re
import struct
from collections.abc import Mapping, MutableMapping
from configparser import RawConfigParser
from pathlib import Path

REFERENCE_SIZE = (800, 480)  # the official 7" Raspberry Pi panel

#: Kivy's shipped value of [input] mouse: a config that still has it was not deployed.
KIVY_DEFAULT_MOUSE = "mouse"


def configure(size: tuple[int, int] | None = None, by_hand: bool = False) -> None:
    """``size`` forces a window size (screenshots); otherwise a windowed desktop gets the
    reference size and a full-screen panel keeps its own. ``by_hand``: the frames are run
    by a tool (the screenshots, the sweep: app.kit.frames), so none waits for the clock."""
    # Our own command line is parsed by app.__main__; Kivy must not read it too.
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    drm_card = choose_drm_card(SYSFS_DRM, os.environ)  # before SDL is loaded
    from kivy.config import Config

    windowed = Config.get("graphics", "fullscreen") in ("0", "false", "False", "")
    if size is not None or windowed:
        width, height = size or REFERENCE_SIZE
        Config.set("graphics", "fullscreen", "0")
        Config.set("graphics", "width", str(width))
        Config.set("graphics", "height", str(height))
        Config.set("graphics", "resizable", "1")
    # The UI is event-driven; a cap keeps a Pi cool when something does animate.
    Config.set("graphics", "maxfps", "0" if by_hand else "30")
    # Escape is the desktop's Menu key here, so it must not quit the app.
    Config.set("kivy", "exit_on_escape", "0")
    if Config.get("input", "mouse") == KIVY_DEFAULT_MOUSE:
        # No red dots on right-click: a desktop mouse is a single pointer.
        Config.set("input", "mouse", "mouse,multitouch_on_demand")
    from kivy.logger import Logger

    Logger.addFilter(NoCutBufferIsNoAlarm())
    for message in drm_card + fit_to_this_pi(Config, SYSFS_INPUT, os.environ):
        Logger.info("Tableside: %s", message)


class NoCutBufferIsNoAlarm(logging.Filter):
    """Without xclip or xsel (a bare X server, a kiosk), Kivy finds no X "cut buffer", the
    selection a middle click pastes, and logs it as CRITICAL with both probes' tracebacks
    the first time a text field is used. Typing, copy and paste work all the same (SDL2's
    clipboard), and nothing here pastes by middle click: it is one line of news."""

    WORDS = "Cutbuffer: none (no xclip or xsel): no middle-click paste; text entry works."

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno >= logging.CRITICAL and str(record.msg).startswith(
            "Cutbuffer: Unable to find any valuable Cutbuffer provider"
        ):
            record.levelno, record.levelname = logging.INFO, "INFO"
            record.msg, record.args, record.exc_info = self.WORDS, (), None
        return True


# --- Touch screens: which input devices probesysfs hands to a touch reader -------------

SYSFS_INPUT = Path("/sys/class/input")

#: The ``match=`` of deploy/kivy/hdmi.ini until the app has found the touch screens. As a
#: regular expression it matches no device name, so if it were ever left in place Kivy
#: would read no device at all rather than every keyboard and mouse twice.
DETECTED_TOUCH_SCREENS = "tableside-detected-touch-screens"

# Event codes from linux/input-event-codes.h.
ABS_X, ABS_Y = 0x00, 0x01
BTN_TOUCH = 0x14A
INPUT_PROP_POINTER = 0x00  # a touchpad or tablet that moves a pointer, not a screen
LONG_BITS = struct.calcsize("l") * 8  # the word size of the bitmaps in sysfs


def capability_bits(text: str) -> int:
    """A sysfs capability bitmap ("1 0 3", most significant word first) as one integer."""
    value = 0
    for word in text.split():
        value = (value << LONG_BITS) | int(word, 16)
    return value


def has_bit(bits: int, code: int) -> bool:
    return bool(bits >> code & 1)


def is_touch_screen(abs_bits: int, key_bits: int, prop_bits: int) -> bool:
    """Absolute X and Y with a touch "button", as udev's input_id tells a touch screen.
    Single-touch panels (ADS7846, eGalax) qualify as well as multitouch ones; keyboards
    (no axes), mice (relative axes) and a panel's own "Mouse" node (BTN_LEFT, no
    BTN_TOUCH) do not, and neither does a touchpad (INPUT_PROP_POINTER)."""
    return (
        has_bit(abs_bits, ABS_X)
        and has_bit(abs_bits, ABS_Y)
        and has_bit(key_bits, BTN_TOUCH)
        and not has_bit(prop_bits, INPUT_PROP_POINTER)
    )


def touch_screen_names(sysfs_input: Path) -> list[str]:
    """The names of the input devices under ``sysfs_input`` that are touch screens."""
    names: list[str] = []
    for event in sorted(sysfs_input.glob("event*")):
        device = event / "device"
        try:
            name = (device / "name").read_text().strip()
            abs_bits = capability_bits((device / "capabilities" / "abs").read_text())
            key_bits = capability_bits((device / "capabilities" / "key").read_text())
            prop_path = device / "properties"
            prop_bits = capability_bits(prop_path.read_text()) if prop_path.exists() else 0
        except (OSError, ValueError):
            # Read from the kernel: a device unplugged while it is read, or a node without
            # the files, is simply not a touch screen to use.
            continue
        if is_touch_screen(abs_bits, key_bits, prop_bits) and name not in names:
            names.append(name)
    return names


def name_pattern(names: list[str]) -> str:
    """A regular expression for probesysfs's ``match=`` (with ``use_regex=1``; Kivy
    applies it with re.match, ignoring case) that matches exactly these names. Kivy
    splits its options at commas, so a comma in a name matches any character instead."""

    def exactly(name: str) -> str:
        return ".".join(re.escape(part) for part in name.split(","))

    return "(?:" + "|".join(exactly(name) for name in names) + ")$"


def match_touch_screens(entry: str, names: list[str]) -> str:
    """An [input] entry with the placeholder match replaced by the touch screens found."""
    if not names:
        return entry
    return entry.replace(f"match={DETECTED_TOUCH_SCREENS}", f"match={name_pattern(names)}")


# --- Rotation: the app's or the desktop's ------------------------------------------------


def in_desktop_session(environ: Mapping[str, str]) -> bool:
    """True when the window opens inside a desktop (X11 or Wayland), False under KMS/DRM."""
    return bool(environ.get("WAYLAND_DISPLAY") or environ.get("DISPLAY"))


def rotate_touch_instead(entry: str, rotation: str) -> str:
    """A probesysfs entry read through mtdev, changed so that mtdev turns the touches by
    ``rotation`` itself, exactly as Window.rotation would have turned them.

    Kivy 2.3's mtdev ``rotation`` option swaps the axes for a quarter turn without
    turning them (90 gives x' = y, y' = x; kivy/input/providers/mtdev.py), while the
    window turns (x' = y, y' = 1 - x; to_absolute_pos in kivy/input/motionevent.py).
    Inverting x first makes the two agree, for 90 and 270 alike; 180 already agrees.
    """
    if not entry.startswith("probesysfs,") or "provider=mtdev" not in entry:
        return entry
    turned = f"{entry},param=rotation={rotation}"
    return turned + ",param=invert_x=1" if rotation in ("90", "270") else turned


def fit_to_this_pi(
    config: RawConfigParser, sysfs_input: Path, environ: Mapping[str, str]
) -> list[str]:
    """Adjust a deployed panel config to this Pi; returns what it did, for the log.

    - hdmi.ini leaves the touch screen's name open (``DETECTED_TOUCH_SCREENS``): a
      single-touch panel is found only with probesysfs's select_all=1, and select_all
      without a name match would read every keyboard and mouse a second time.
    - touch2.ini turns the picture a quarter turn (``rotation``), which is right under
      KMS/DRM: the kernel's video=...,rotate= turns only the text console (Raspberry Pi
      documentation, accessories/touch-display-2/about.adoc). On the desktop the Pi docs
      have the person turn the display in Screen Configuration, so the app must not turn
      the picture a second time. The touch readers still see the panel's raw portrait
      coordinates (they read /dev/input, not the desktop), so they take over the turn.
    """
    done: list[str] = []
    inputs = dict(config.items("input")) if config.has_section("input") else {}
    if any(f"match={DETECTED_TOUCH_SCREENS}" in entry for entry in inputs.values()):
        names = touch_screen_names(sysfs_input)
        for key, entry in inputs.items():
            config.set("input", key, match_touch_screens(entry, names))
        done.append(f"touch screens: {', '.join(names)}" if names else "no touch screen found")
    rotation = config.get("graphics", "rotation", fallback="0")
    if rotation != "0" and in_desktop_session(environ):
        config.set("graphics", "rotation", "0")
        for key, entry in dict(config.items("input")).items():
            config.set("input", key, rotate_touch_instead(entry, rotation))
        done.append(f"desktop session: the desktop turns the picture; touches turned by {rotation}")
    return done


# --- The screen's DRM card, under KMS/DRM ------------------------------------------------

SYSFS_DRM = Path("/sys/class/drm")

#: SDL2's SDL_HINT_KMSDRM_DEVICE_INDEX (SDL_hints.h and the SDL2 wiki: since SDL 2.24,
#: "a number between 0 and 99" that makes it open /dev/dri/cardNN; SDL reads a hint the app
#: has not set from the environment variable of the same name). Kivy 2.3's wheel bundles
#: SDL 2.30, whose library holds this name and no SDL_VIDEO_KMSDRM_DEVICE_INDEX. Without
#: it SDL takes the first card it can drive, and on a Pi 5 (the DSI panel on a DRM card of
#: its own, the card numbers changing between boots) it finds none: libsdl-org/SDL#13705.
KMSDRM_DEVICE_INDEX = "SDL_KMSDRM_DEVICE_INDEX"

#: Connector kinds in order of choice: the panel, else an HDMI screen.
SCREEN_KINDS = (("DSI", "the panel"), ("HDMI", "an HDMI screen, no panel connected"))


def connected_connectors(sysfs_drm: Path) -> list[tuple[int, str]]:
    """(card number, connector name) of each connected connector, by card: /sys/class/drm
    names a connector ``card<N>-<name>`` (card1-DSI-1, card2-HDMI-A-1), its ``status``
    saying "connected", "disconnected" or "unknown"."""
    found: list[tuple[int, str]] = []
    for entry in sysfs_drm.glob("card*-*"):
        named = re.fullmatch(r"card(\d+)-(.+)", entry.name)
        if named is None:
            continue
        try:
            status = (entry / "status").read_text().strip()
        except OSError:
            continue  # a connector without a status (or gone while read) shows nothing
        if status == "connected":
            found.append((int(named.group(1)), named.group(2)))
    return sorted(found)


def choose_drm_card(sysfs_drm: Path, environ: MutableMapping[str, str]) -> list[str]:
    """Under KMS/DRM (the console service sets SDL_VIDEODRIVER=kmsdrm), point SDL at the
    card that drives the screen: a connected DSI connector first, else a connected HDMI
    one. Sets nothing on a desktop, where the owner set the index already, or when no
    such screen is connected (SDL's own choice stands). Returns what it did, for the log."""
    if environ.get("SDL_VIDEODRIVER") != "kmsdrm":
        return []
    if KMSDRM_DEVICE_INDEX in environ:
        return [f"KMS/DRM card {environ[KMSDRM_DEVICE_INDEX]}, as {KMSDRM_DEVICE_INDEX} says"]
    connected = connected_connectors(sysfs_drm)
    for kind, why in SCREEN_KINDS:
        for card, connector in connected:
            if connector.startswith(f"{kind}-"):
                environ[KMSDRM_DEVICE_INDEX] = str(card)
                return [f"KMS/DRM card {card} ({connector}: {why})"]
    shown = ", ".join(f"card{card}-{name}" for card, name in connected) or "nothing"
    return [f"KMS/DRM: no DSI or HDMI screen connected ({shown}); SDL chooses the card"]

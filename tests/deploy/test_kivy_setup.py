"""app/kivy_setup.fit_to_this_pi: the touch screens found for deploy/kivy/hdmi.ini, and
who turns the picture for deploy/kivy/touch2.ini (the app under KMS/DRM, the desktop
otherwise). The devices are written as the kernel shows them in /sys/class/input."""

from __future__ import annotations

import configparser
import json
import os
import struct
from pathlib import Path

import pytest

from app.kivy_setup import (
    DETECTED_TOUCH_SCREENS,
    fit_to_this_pi,
    in_desktop_session,
    rotate_touch_instead,
    touch_screen_names,
)
from tests.deploy.support import DEPLOY, run_python

pytestmark = pytest.mark.skipif(
    struct.calcsize("l") != 8, reason="the sample bitmaps are written in 64-bit words"
)

# (name, capabilities/abs, capabilities/key, properties), as a 64-bit kernel prints them.
KEYBOARD = (
    "Logitech USB Keyboard",
    "0",
    "1000000000007 ff9f207ac14057ff febeffdfffefffff fffffffffffffffe",
    "0",
)
MOUSE = ("PixArt USB Optical Mouse", "0", "1f0000 0 0 0 0", "0")
SINGLE_TOUCH = ("ADS7846 Touchscreen", "1000003", "400 0 0 0 0 0", "0")
MULTITOUCH = ("ILITEK ILITEK-TP", "260800000000003", "400 0 0 0 0 0", "2")
# The same panel's second node, which moves the pointer like a mouse.
PANEL_MOUSE = ("ILITEK ILITEK-TP Mouse", "3", "70000 0 0 0 0", "0")
TOUCHPAD = ("SynPS/2 Synaptics TouchPad", "260800011000003", "420 10000 0 0 0 0", "5")
COMMA_NAME = ("Touch, Inc. Panel", "3", "400 0 0 0 0 0", "2")


def sysfs(root: Path, *devices: tuple[str, str, str, str]) -> Path:
    for number, (name, abs_bits, key_bits, props) in enumerate(devices):
        device = root / f"event{number}" / "device"
        (device / "capabilities").mkdir(parents=True)
        (device / "name").write_text(name + "\n")
        (device / "capabilities" / "abs").write_text(abs_bits + "\n")
        (device / "capabilities" / "key").write_text(key_bits + "\n")
        (device / "properties").write_text(props + "\n")
    return root


def hdmi_config() -> configparser.RawConfigParser:
    parser = configparser.RawConfigParser()
    parser.read_string((DEPLOY / "kivy" / "hdmi.ini").read_text())
    return parser


def touch2_config() -> configparser.RawConfigParser:
    parser = configparser.RawConfigParser()
    parser.read_string((DEPLOY / "kivy" / "touch2.ini").read_text())
    return parser


def test_touch_screens_single_and_multitouch_but_no_keyboard_mouse_or_touchpad(
    tmp_path: Path,
) -> None:
    root = sysfs(tmp_path, KEYBOARD, MOUSE, SINGLE_TOUCH, MULTITOUCH, PANEL_MOUSE, TOUCHPAD)
    assert touch_screen_names(root) == ["ADS7846 Touchscreen", "ILITEK ILITEK-TP"]


def test_a_node_missing_its_files_is_skipped(tmp_path: Path) -> None:
    root = sysfs(tmp_path, SINGLE_TOUCH)
    (root / "event9" / "device").mkdir(parents=True)  # unplugged half-way: no files
    assert touch_screen_names(root) == ["ADS7846 Touchscreen"]


def test_hdmi_matches_the_found_touch_screens(tmp_path: Path) -> None:
    config = hdmi_config()
    done = fit_to_this_pi(config, sysfs(tmp_path, KEYBOARD, SINGLE_TOUCH), {})
    entry = config.get("input", "touch_%(name)s")
    assert DETECTED_TOUCH_SCREENS not in entry
    assert "select_all=1" in entry and "use_regex=1" in entry
    assert done == ["touch screens: ADS7846 Touchscreen"]


def test_hdmi_without_a_touch_screen_keeps_a_match_no_device_has(tmp_path: Path) -> None:
    config = hdmi_config()
    done = fit_to_this_pi(config, sysfs(tmp_path, KEYBOARD, MOUSE), {})
    assert config.get("input", "touch_%(name)s").endswith(f"match={DETECTED_TOUCH_SCREENS}")
    assert done == ["no touch screen found"]


def test_other_panels_and_a_desktop_developer_config_are_left_alone(tmp_path: Path) -> None:
    root = sysfs(tmp_path, SINGLE_TOUCH)
    for name in ("dsi7", "touch2"):
        config = configparser.RawConfigParser()
        config.read_string((DEPLOY / "kivy" / f"{name}.ini").read_text())
        before = {section: dict(config[section]) for section in config.sections()}
        assert fit_to_this_pi(config, root, {}) == []
        assert {section: dict(config[section]) for section in config.sections()} == before


KIVY_PROBESYSFS = """
import json, sys
from pathlib import Path
from kivy.base import EventLoop
from kivy.input.factory import MotionEventFactory
import kivy.input.providers.probesysfs as probesysfs

root, entry = sys.argv[1], sys.argv[2]
probesysfs._cache_xinput = []  # no X server here
probesysfs._cache_input = [
    probesysfs.Input(str(path)) for path in sorted(Path(root).glob("event*"))
]
opened = []
MotionEventFactory.get("hidinput").__new__ = lambda cls, device, args: opened.append(args)
EventLoop.add_input_provider = lambda provider: None
probesysfs.ProbeSysfsHardwareProbe("touch_%(name)s", entry.split(",", 1)[1])
print(json.dumps(opened))
"""


def kivy_opens(root: Path, entry: str) -> list[str]:
    """The /dev/input nodes Kivy 2.3's own probesysfs hands to hidinput for ``entry``."""
    env = dict(os.environ, KIVY_NO_ARGS="1", KIVY_NO_FILELOG="1", KIVY_NO_CONSOLELOG="1")
    printed = run_python(KIVY_PROBESYSFS, str(root), entry, env=env)
    return sorted(args.split(",")[0] for args in json.loads(printed))


def test_kivy_reads_each_touch_screen_once_and_no_keyboard(tmp_path: Path) -> None:
    devices = (KEYBOARD, MOUSE, SINGLE_TOUCH, MULTITOUCH, PANEL_MOUSE, COMMA_NAME)
    root = sysfs(tmp_path, *devices)
    config = hdmi_config()
    shipped = config.get("input", "touch_%(name)s")
    fit_to_this_pi(config, root, {})

    opened = kivy_opens(root, config.get("input", "touch_%(name)s"))
    assert opened == ["/dev/input/event2", "/dev/input/event3", "/dev/input/event5"]
    # What the review found: the shipped line without the app finds no single-touch panel
    # (Kivy's default keeps multitouch devices only) ...
    assert "/dev/input/event2" not in kivy_opens(root, shipped.replace("select_all=1,", ""))
    # ... and select_all without a match would read the keyboard and mouse as well.
    unmatched = shipped.split(",use_regex")[0]
    assert "/dev/input/event0" in kivy_opens(root, unmatched)


def test_console_leaves_the_turn_to_the_app() -> None:
    config = touch2_config()
    assert fit_to_this_pi(config, Path("/nonexistent"), {"SDL_VIDEODRIVER": "kmsdrm"}) == []
    assert config.get("graphics", "rotation") == "90"
    assert "param=rotation" not in config.get("input", "touch_%(name)s")


@pytest.mark.parametrize("session", [{"WAYLAND_DISPLAY": "wayland-0"}, {"DISPLAY": ":0"}])
def test_desktop_turns_the_picture_and_mtdev_turns_the_touches(session: dict[str, str]) -> None:
    config = touch2_config()
    done = fit_to_this_pi(config, Path("/nonexistent"), session)
    assert config.get("graphics", "rotation") == "0"
    entry = config.get("input", "touch_%(name)s")
    assert entry == "probesysfs,provider=mtdev,param=rotation=90,param=invert_x=1"
    assert config.get("input", "mouse") == "mouse,multitouch_on_demand,disable_on_activity"
    assert len(done) == 1 and "desktop" in done[0]


def test_in_desktop_session() -> None:
    assert in_desktop_session({"DISPLAY": ":0"})
    assert in_desktop_session({"WAYLAND_DISPLAY": "wayland-1"})
    assert not in_desktop_session({"DISPLAY": "", "SDL_VIDEODRIVER": "kmsdrm"})


def mtdev_position(raw_x: float, raw_y_down: float, entry: str) -> tuple[float, float]:
    """Kivy 2.3's mtdev provider's normalised position for a raw touch (raw y grows
    downward), following kivy/input/providers/mtdev.py's assign_coord."""
    options = dict(token.removeprefix("param=").split("=") for token in entry.split(",")[1:])
    rotation = int(options.get("rotation", "0"))
    point: dict[str, float] = {}
    for value, invert, (cx, cy) in (
        (raw_x, options.get("invert_x") == "1", "xy"),
        (1.0 - raw_y_down, options.get("invert_y") == "1", "yx"),
    ):
        value = 1.0 - value if invert else value
        if rotation == 0:
            point[cx] = value
        elif rotation == 90:
            point[cy] = value
        elif rotation == 180:
            point[cx] = 1.0 - value
        else:
            point[cy] = 1.0 - value
    return point["x"], point["y"]


@pytest.mark.parametrize("rotation", ["90", "180", "270"])
def test_the_touch_turn_equals_the_window_turn_it_replaces(rotation: str) -> None:
    from kivy.input.motionevent import MotionEvent

    entry = rotate_touch_instead("probesysfs,provider=mtdev", rotation)
    for raw in ((0.1, 0.2), (0.9, 0.3), (0.5, 0.75)):
        nx, ny = mtdev_position(*raw, "probesysfs,provider=mtdev")
        # What the console shows: Kivy turns an unturned touch with the window.
        window = MotionEvent.to_absolute_pos(None, nx, ny, 1.0, 1.0, int(rotation))  # type: ignore[arg-type]
        # What the desktop gets: the reader turns the touch, the window does not.
        turned = mtdev_position(*raw, entry)
        assert turned == pytest.approx(window)


@pytest.mark.parametrize(("session", "rotation"), [({}, "90"), ({"DISPLAY": ":0"}, "0")])
def test_the_app_start_applies_it_to_kivys_config(
    session: dict[str, str], rotation: str, tmp_path: Path
) -> None:
    """app.kivy_setup.configure, as the app calls it, with touch2.ini as KIVY_HOME."""
    (tmp_path / "config.ini").write_bytes((DEPLOY / "kivy" / "touch2.ini").read_bytes())
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(session, KIVY_HOME=str(tmp_path), KIVY_NO_FILELOG="1")
    env.update(KIVY_NO_ARGS="1", KIVY_NO_CONSOLELOG="1")
    probe = (
        "from app.kivy_setup import configure\n"
        "configure()\n"
        "from kivy.config import Config\n"
        "print(Config.get('graphics', 'rotation'))\n"
    )
    assert run_python(probe, env=env).split() == [rotation]

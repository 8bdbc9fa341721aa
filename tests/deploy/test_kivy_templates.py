"""deploy/kivy/*.ini: the Kivy settings for each panel, read by configparser and by Kivy."""

from __future__ import annotations

import configparser
import json
import os
from pathlib import Path

import pytest

from app.kivy_setup import DETECTED_TOUCH_SCREENS
from tests.deploy.support import DEPLOY, run_python

PANELS = {"dsi7": (800, 480), "touch2": (720, 1280), "hdmi": (1024, 600)}
KIVY_CONFIG_VERSION = "27"  # Kivy 2.3


def read(panel: str) -> configparser.RawConfigParser:
    parser = configparser.RawConfigParser()  # strict: a repeated key is an error
    parser.read_string((DEPLOY / "kivy" / f"{panel}.ini").read_text())
    return parser


def test_there_is_one_template_per_install_panel_option() -> None:
    assert {path.stem for path in (DEPLOY / "kivy").glob("*.ini")} == set(PANELS)
    script = (DEPLOY / "install.sh").read_text()
    assert "dsi7 | touch2 | hdmi)" in script


@pytest.mark.parametrize("panel", PANELS)
def test_full_screen_without_cursor_and_capped(panel: str) -> None:
    graphics = read(panel)["graphics"]
    assert graphics["fullscreen"] == "auto"
    assert graphics["show_cursor"] == "0"
    assert 1 <= int(graphics["maxfps"]) <= 30
    width, height = PANELS[panel]
    assert (int(graphics["width"]), int(graphics["height"])) == (width, height)
    assert read(panel)["kivy"]["config_version"] == KIVY_CONFIG_VERSION


@pytest.mark.parametrize("panel", PANELS)
def test_one_touch_provider_and_a_mouse_that_yields_to_touch(panel: str) -> None:
    inputs = dict(read(panel)["input"])
    mouse = inputs.pop("mouse").split(",")
    assert mouse[0] == "mouse" and "disable_on_activity" in mouse
    # Exactly one more entry: probesysfs handing each touch device to one reader.
    assert len(inputs) == 1, inputs
    (touch,) = inputs.values()
    tokens = touch.split(",")
    assert tokens[0] == "probesysfs"
    readers = [token.split("=", 1)[1] for token in tokens if token.startswith("provider=")]
    assert len(readers) == 1 and readers[0] in {"mtdev", "hidinput"}
    # Kivy rotates touches with the window; a provider rotation would turn them twice.
    assert not any(token.startswith("param=rotation") for token in tokens)


def test_only_hdmi_selects_every_device_and_then_only_by_name() -> None:
    """Single-touch USB panels need select_all=1; without a name match it would hand the
    keyboard to hidinput too. The DSI panels are multitouch, Kivy's default selection."""
    for panel in PANELS:
        (touch,) = (v for k, v in read(panel)["input"].items() if k != "mouse")
        options = dict(token.split("=", 1) for token in touch.split(",")[1:])
        if panel == "hdmi":
            assert options["select_all"] == "1" and options["use_regex"] == "1"
            assert options["match"] == DETECTED_TOUCH_SCREENS
        else:
            assert "select_all" not in options and "match" not in options
            assert options["provider"] == "mtdev"


def test_touch_display_2_is_turned_to_landscape() -> None:
    graphics = read("touch2")["graphics"]
    width, height = int(graphics["width"]), int(graphics["height"])
    assert height > width
    assert graphics["rotation"] in {"90", "270"}
    assert read("dsi7")["graphics"]["rotation"] == "0"


KIVY_PROBE = """
import json
from kivy.config import Config
from kivy.input.factory import MotionEventFactory
import kivy.input.providers
names = set(MotionEventFactory.list())
print(json.dumps({
    "input": dict(Config.items("input")),
    "graphics": dict(Config.items("graphics")),
    "providers": sorted(names),
}))
"""


@pytest.mark.parametrize("panel", PANELS)
def test_kivy_reads_the_template_as_it_is(panel: str, tmp_path: Path) -> None:
    """Kivy itself loads the file as KIVY_HOME/config.ini without "upgrading" it (which
    would add its default mouse and probesysfs inputs back) and knows every provider."""
    template = DEPLOY / "kivy" / f"{panel}.ini"
    (tmp_path / "config.ini").write_bytes(template.read_bytes())
    env = dict(os.environ, KIVY_HOME=str(tmp_path), KIVY_NO_ARGS="1")
    env.update(KIVY_NO_FILELOG="1", KIVY_NO_CONSOLELOG="1")
    seen = json.loads(run_python(KIVY_PROBE, env=env))

    assert seen["input"] == dict(read(panel)["input"])
    assert seen["graphics"]["show_cursor"] == "0"
    assert seen["graphics"]["rotation"] == read(panel)["graphics"]["rotation"]
    assert (tmp_path / "config.ini").read_bytes() == template.read_bytes()
    for value in seen["input"].values():
        tokens = value.split(",")
        assert tokens[0] in seen["providers"]
        for token in tokens:
            if token.startswith("provider="):
                assert token.removeprefix("provider=") in seen["providers"]


def test_the_app_keeps_the_deployed_mouse_setting(tmp_path: Path) -> None:
    (tmp_path / "config.ini").write_bytes((DEPLOY / "kivy" / "dsi7.ini").read_bytes())
    env = dict(os.environ, KIVY_HOME=str(tmp_path), KIVY_NO_ARGS="1")
    env.update(KIVY_NO_FILELOG="1", KIVY_NO_CONSOLELOG="1")
    probe = (
        "from app.kivy_setup import configure\n"
        "configure()\n"
        "from kivy.config import Config\n"
        "print(Config.get('input', 'mouse'))\n"
    )
    printed = run_python(probe, env=env)
    assert "disable_on_activity" in printed

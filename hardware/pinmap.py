"""The pin map: which GPIO pins the buttons, lights and buzzer are wired to."""

from __future__ import annotations

import math
import os
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DEFAULT_PIN_MAP_PATH = Path(__file__).resolve().parent.parent / "deploy" / "pinmap.toml"
PIN_MAP_ENV = "TABLESIDE_PINMAP"

LOWEST_PIN = 0
HIGHEST_PIN = 27

_BUTTONS = ("confirm", "undo", "menu")
_LIGHTS = ("turn", "danger")
_TIMINGS = ("bounce_time", "hold_time")
_SECTIONS = ("buttons", "lights", "buzzer", "timing")
#: How much of a path, name or value from the file a message quotes: a 100,000-character
#: value must not make a notice too long to draw.
_QUOTE_LIMIT = 40
_PATH_LIMIT = 120


class PinMapError(ValueError):
    """A pin map file that cannot be used, explained in plain words."""

    def __init__(self, path: Path, problem: str) -> None:
        shown = _cut(str(path), _PATH_LIMIT)
        super().__init__(f"The pin map {shown} could not be read: {problem}.")
        self.path = path
        self.problem = problem


@dataclass(frozen=True)
class ButtonPins:
    confirm: int
    undo: int
    menu: int


@dataclass(frozen=True)
class LightPins:
    turn: int
    danger: int


@dataclass(frozen=True)
class PinMap:
    """BCM pin numbers and timings (seconds) for the table's physical controls."""

    buttons: ButtonPins
    lights: LightPins
    buzzer: int | None
    bounce_time: float
    hold_time: float


def load_pin_map(path: Path | None = None) -> PinMap:
    """Read and check a pin map file.

    With no path, uses $TABLESIDE_PINMAP if set, else the repo's deploy/pinmap.toml.
    Raises PinMapError for anything wrong with the file.
    """
    if path is None:
        override = os.environ.get(PIN_MAP_ENV, "").strip()
        path = Path(override).expanduser() if override else DEFAULT_PIN_MAP_PATH
    return _parse(path, _read_toml(path))


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise PinMapError(path, "the file does not exist") from None
    except IsADirectoryError:
        raise PinMapError(path, "it is a folder, not a file") from None
    except OSError as exc:
        reason = exc.strerror or "the storage did not answer"
        raise PinMapError(path, f"the file could not be opened ({reason})") from exc
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise PinMapError(path, "it is not a text file") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        # Python 3.11 only puts the position in the message: "... (at line 3, column 8)".
        found = re.search(r"at line (\d+)", str(exc))
        where = f"line {found.group(1)}" if found else "the file"
        raise PinMapError(path, f"{where} is not valid TOML") from None
    except RecursionError:  # tomllib recurses into nested lists and tables
        raise PinMapError(path, "it is nested far too deeply to be a pin map") from None


def _parse(path: Path, data: dict[str, Any]) -> PinMap:
    for name in data:
        if name not in _SECTIONS:
            raise PinMapError(path, f"there is an unknown section [{_cut(name)}]")

    buttons = _section(path, data, "buttons", _BUTTONS)
    lights = _section(path, data, "lights", _LIGHTS)
    timing = _section(path, data, "timing", _TIMINGS)
    buzzer = _section(path, data, "buzzer", ("pin",)) if "buzzer" in data else None

    users: dict[int, str] = {}

    def pin(table: dict[str, Any], key: str, device: str) -> int:
        value = table.get(key)
        wanted = f"{device} needs a pin number from {LOWEST_PIN} to {HIGHEST_PIN}"
        if value is None:
            raise PinMapError(path, f"{wanted}, but none is given")
        if type(value) is not int or not LOWEST_PIN <= value <= HIGHEST_PIN:
            raise PinMapError(path, f"{wanted}, not {_show(value)}")
        if value in users:
            raise PinMapError(path, f"two devices share pin {value} ({users[value]} and {device})")
        users[value] = device
        return value

    def seconds(key: str) -> float:
        value = timing.get(key)
        wanted = f"the setting '{key}' in [timing] needs a number of seconds above 0"
        if value is None:
            raise PinMapError(path, f"{wanted}, but none is given")
        if type(value) not in (int, float) or not math.isfinite(value) or value <= 0:
            raise PinMapError(path, f"{wanted}, not {_show(value)}")
        return float(value)

    return PinMap(
        buttons=ButtonPins(
            confirm=pin(buttons, "confirm", "the button 'confirm'"),
            undo=pin(buttons, "undo", "the button 'undo'"),
            menu=pin(buttons, "menu", "the button 'menu'"),
        ),
        lights=LightPins(
            turn=pin(lights, "turn", "the light 'turn'"),
            danger=pin(lights, "danger", "the light 'danger'"),
        ),
        buzzer=None if buzzer is None else pin(buzzer, "pin", "the buzzer"),
        bounce_time=seconds("bounce_time"),
        hold_time=seconds("hold_time"),
    )


def _section(path: Path, data: dict[str, Any], name: str, keys: tuple[str, ...]) -> dict[str, Any]:
    if name not in data:
        raise PinMapError(path, f"the section [{name}] is missing")
    table = data[name]
    if not isinstance(table, dict):
        raise PinMapError(path, f"[{name}] must be a section with settings under it")
    for key in table:
        if key not in keys:
            known = ", ".join(f"'{k}'" for k in keys)
            raise PinMapError(
                path,
                f"the section [{name}] has an unknown setting '{_cut(key)}' (it knows {known})",
            )
    return table


def _cut(text: str, limit: int = _QUOTE_LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _show(value: object) -> str:
    if isinstance(value, str):
        return f'"{_cut(value)}"'
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, dict):
        return "a section"
    if isinstance(value, list):
        return "a list"
    return str(value)

"""Whatever file TABLESIDE_PINMAP names (nested 3,000 deep, not text, a folder, any
content at all), the pin map refuses it in words, briefly, and the app goes on by touch."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.controls_link import open_controls
from hardware.pinmap import PinMap, PinMapError, load_pin_map
from tests.hardware.test_pinmap import GOOD

#: A notice quotes the file's values cut short: it stays quick to draw.
LONGEST_MESSAGE = 400


def refused(path: Path) -> str:
    with pytest.raises(PinMapError) as caught:
        load_pin_map(path)
    message = str(caught.value)
    assert len(message) <= LONGEST_MESSAGE
    return message


def test_a_pin_map_nested_3000_deep(tmp_path: Path) -> None:
    path = tmp_path / "pinmap.toml"
    path.write_text("[buttons]\nconfirm = " + "[" * 3_000 + "]" * 3_000 + "\n")
    assert refused(path).endswith("it is nested far too deeply to be a pin map.")


def test_a_pin_map_that_is_a_folder(tmp_path: Path) -> None:
    assert refused(tmp_path).endswith("it is a folder, not a file.")


@pytest.mark.parametrize(
    "text",
    [
        GOOD.replace("confirm = 17", f'confirm = "{"x" * 100_000}"'),
        GOOD.replace("[buzzer]", f"[{'b' * 100_000}]"),
        GOOD.replace("menu = 22", f"menu = 22\n{'k' * 100_000} = 1"),
    ],
    ids=["a long value", "a long section", "a long setting"],
)
def test_long_values_are_quoted_short(tmp_path: Path, text: str) -> None:
    path = tmp_path / "pinmap.toml"
    path.write_text(text)
    assert "…" in refused(path)


def test_a_long_path_is_quoted_short(tmp_path: Path) -> None:
    folder = tmp_path
    for _ in range(30):
        folder = folder / ("f" * 50)
    assert "…" in refused(folder / "pinmap.toml")


@st.composite
def lines_changed(draw: st.DrawFn) -> bytes:
    """The good pin map with one line replaced by, or followed by, any text."""
    lines = GOOD.splitlines()
    at = draw(st.integers(0, len(lines) - 1))
    kept = lines[at : at + 1] if draw(st.booleans()) else []
    new = draw(st.text(max_size=60))
    return "\n".join([*lines[:at], *kept, new, *lines[at + 1 :]]).encode()


ANY_CONTENT = st.binary(max_size=200) | st.text(max_size=200).map(str.encode) | lines_changed()


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(content=ANY_CONTENT)
def test_any_content_is_a_pin_map_or_refused_in_words(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "pinmap.toml"
    path.write_bytes(content)
    try:
        assert isinstance(load_pin_map(path), PinMap)
    except PinMapError as refusal:
        assert str(refusal).startswith(f"The pin map {path} could not be read: ")
        assert len(str(refusal)) <= LONGEST_MESSAGE


def test_a_pathological_pin_map_leaves_the_standard_pins_and_touch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "pinmap.toml"
    path.write_text("x = " + "{a = " * 3_000 + "1" + "}" * 3_000 + "\n")
    monkeypatch.setenv("TABLESIDE_PINMAP", str(path))
    controls, notice = open_controls(lambda _intent: None)
    try:
        assert notice is not None
        assert "could not be read: it is nested far too deeply" in notice
        assert notice.endswith("The standard pins are used instead.")
        assert controls is not None  # simulated pins in the tests; the table's on the Pi
    finally:
        if controls is not None:
            controls.close()

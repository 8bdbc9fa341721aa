from pathlib import Path

import pytest

from hardware.pinmap import (
    DEFAULT_PIN_MAP_PATH,
    ButtonPins,
    LightPins,
    PinMap,
    PinMapError,
    load_pin_map,
)

GOOD = """\
[buttons]
confirm = 17
undo = 27
menu = 22

[lights]
turn = 23
danger = 24

[buzzer]
pin = 25

[timing]
bounce_time = 0.05
hold_time = 1.5
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "pinmap.toml"
    path.write_text(text, encoding="utf-8")
    return path


def without_section(name: str) -> str:
    return "\n\n".join(block for block in GOOD.split("\n\n") if not block.startswith(f"[{name}]"))


def error_for(path: Path) -> str:
    with pytest.raises(PinMapError) as caught:
        load_pin_map(path)
    message = str(caught.value)
    assert message.startswith(f"The pin map {path} could not be read: ")
    assert message.endswith(".")
    return message


def test_default_file_has_the_documented_pins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TABLESIDE_PINMAP", raising=False)
    assert DEFAULT_PIN_MAP_PATH.is_file()
    assert load_pin_map() == PinMap(
        buttons=ButtonPins(confirm=17, undo=27, menu=22),
        lights=LightPins(turn=23, danger=24),
        buzzer=25,
        bounce_time=0.05,
        hold_time=1.5,
    )


def test_env_var_overrides_default_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write(tmp_path, GOOD.replace("confirm = 17", "confirm = 5"))
    monkeypatch.setenv("TABLESIDE_PINMAP", str(path))
    assert load_pin_map().buttons.confirm == 5


def test_explicit_path_beats_env_var(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLESIDE_PINMAP", str(tmp_path / "nowhere.toml"))
    assert load_pin_map(write(tmp_path, GOOD)).buttons.confirm == 17


def test_buzzer_section_is_optional(tmp_path: Path) -> None:
    pin_map = load_pin_map(write(tmp_path, GOOD.replace("[buzzer]\npin = 25\n", "")))
    assert pin_map.buzzer is None


def test_whole_second_timings_are_accepted_as_floats(tmp_path: Path) -> None:
    pin_map = load_pin_map(write(tmp_path, GOOD.replace("hold_time = 1.5", "hold_time = 2")))
    assert pin_map.hold_time == 2.0
    assert isinstance(pin_map.hold_time, float)


def test_missing_file(tmp_path: Path) -> None:
    assert error_for(tmp_path / "absent.toml").endswith("the file does not exist.")


def test_invalid_toml_names_the_line(tmp_path: Path) -> None:
    path = write(tmp_path, "[buttons]\nconfirm = 17\nundo = = 27\n")
    assert error_for(path).endswith(": line 3 is not valid TOML.")


def test_not_text(tmp_path: Path) -> None:
    path = tmp_path / "pinmap.toml"
    path.write_bytes(b"\xff\xfe\x00garbage")
    assert error_for(path).endswith("it is not a text file.")


@pytest.mark.parametrize("section", ["buttons", "lights", "timing"])
def test_missing_section(tmp_path: Path, section: str) -> None:
    text = without_section(section)
    assert error_for(write(tmp_path, text)).endswith(f"the section [{section}] is missing.")


def test_section_that_is_not_a_table(tmp_path: Path) -> None:
    text = "lights = 3\n" + without_section("lights")
    message = error_for(write(tmp_path, text))
    assert "[lights] must be a section with settings under it" in message


def test_unknown_section(tmp_path: Path) -> None:
    message = error_for(write(tmp_path, GOOD + "\n[buzer]\npin = 26\n"))
    assert message.endswith("there is an unknown section [buzer].")


def test_unknown_key(tmp_path: Path) -> None:
    message = error_for(write(tmp_path, GOOD.replace("menu = 22", "menu = 22\nmneu = 5")))
    assert "the section [buttons] has an unknown setting 'mneu'" in message


def test_missing_button_pin(tmp_path: Path) -> None:
    message = error_for(write(tmp_path, GOOD.replace("confirm = 17\n", "")))
    assert message.endswith(
        "the button 'confirm' needs a pin number from 0 to 27, but none is given."
    )


@pytest.mark.parametrize(
    ("value", "shown"),
    [("28", "28"), ("-1", "-1"), ('"17"', '"17"'), ("17.0", "17.0"), ("true", "true")],
)
def test_bad_button_pin(tmp_path: Path, value: str, shown: str) -> None:
    message = error_for(write(tmp_path, GOOD.replace("confirm = 17", f"confirm = {value}")))
    assert message.endswith(f"the button 'confirm' needs a pin number from 0 to 27, not {shown}.")


def test_bad_light_pin(tmp_path: Path) -> None:
    message = error_for(write(tmp_path, GOOD.replace("danger = 24", "danger = 40")))
    assert "the light 'danger' needs a pin number from 0 to 27, not 40" in message


def test_bad_buzzer_pin(tmp_path: Path) -> None:
    message = error_for(write(tmp_path, GOOD.replace("pin = 25", 'pin = "GPIO25"')))
    assert 'the buzzer needs a pin number from 0 to 27, not "GPIO25"' in message


def test_empty_buzzer_section(tmp_path: Path) -> None:
    message = error_for(write(tmp_path, GOOD.replace("pin = 25\n", "")))
    assert "the buzzer needs a pin number from 0 to 27, but none is given" in message


def test_duplicate_pins(tmp_path: Path) -> None:
    message = error_for(write(tmp_path, GOOD.replace("turn = 23", "turn = 17")))
    assert message.endswith("two devices share pin 17 (the button 'confirm' and the light 'turn').")


def test_buzzer_sharing_a_button_pin(tmp_path: Path) -> None:
    message = error_for(write(tmp_path, GOOD.replace("pin = 25", "pin = 22")))
    assert "two devices share pin 22 (the button 'menu' and the buzzer)" in message


@pytest.mark.parametrize("value", ["0", "-0.5", "0.0", "nan", "inf", '"fast"', "false"])
def test_bad_bounce_time(tmp_path: Path, value: str) -> None:
    message = error_for(
        write(tmp_path, GOOD.replace("bounce_time = 0.05", f"bounce_time = {value}"))
    )
    assert (
        "the setting 'bounce_time' in [timing] needs a number of seconds above 0, not " in message
    )


def test_missing_hold_time(tmp_path: Path) -> None:
    message = error_for(write(tmp_path, GOOD.replace("hold_time = 1.5\n", "")))
    assert message.endswith(
        "the setting 'hold_time' in [timing] needs a number of seconds above 0, but none is given."
    )

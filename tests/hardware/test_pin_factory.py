import logging
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest
from gpiozero import Device
from gpiozero.pins import Factory
from gpiozero.pins.mock import MockFactory, MockPWMPin

from hardware.controls import Controls
from hardware.pin_factory import PIN_FACTORY_ENTRY_POINTS, choose_pin_factory, pin_driver_name
from hardware.pinmap import load_pin_map

LOGGER = "tableside.hardware"


def on_a_raspberry_pi() -> bool:
    model = Path("/proc/device-tree/model")
    return model.is_file() and b"Raspberry Pi" in model.read_bytes()


@pytest.fixture(autouse=True)
def no_factory_yet(monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.delenv("TABLESIDE_GPIO", raising=False)
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    caplog.set_level(logging.DEBUG, logger=LOGGER)


def our_lines(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [record for record in caplog.records if record.name == LOGGER]


@pytest.mark.skipif(on_a_raspberry_pi(), reason="this machine has real GPIO pins")
def test_falls_back_to_mock_without_gpio(
    caplog: pytest.LogCaptureFixture, recwarn: pytest.WarningsRecorder
) -> None:
    factory, simulated = choose_pin_factory()

    assert simulated is True
    assert isinstance(factory, MockFactory)
    assert factory.pin_class is MockPWMPin
    [line] = our_lines(caplog)
    assert line.levelno == logging.WARNING
    assert line.getMessage().startswith("No GPIO pins found (")
    assert line.getMessage().endswith("; using simulated pins - the app works by touch and keys.")
    # gpiozero's own "Falling back from ..." warnings are folded into that one line.
    assert [str(w.message) for w in recwarn] == []


def test_any_error_loading_the_factory_means_no_gpio(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken() -> Factory:
        raise OSError("no such file: /dev/gpiochip0")

    monkeypatch.setattr(Device, "_default_pin_factory", staticmethod(broken))
    factory, simulated = choose_pin_factory()

    assert simulated is True
    assert isinstance(factory, MockFactory)
    [line] = our_lines(caplog)
    assert "OSError: no such file: /dev/gpiochip0" in line.getMessage()


def test_tableside_gpio_mock_forces_the_mock(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def must_not_load() -> Factory:
        raise AssertionError("the default pin factory should not be tried")

    monkeypatch.setattr(Device, "_default_pin_factory", staticmethod(must_not_load))
    monkeypatch.setenv("TABLESIDE_GPIO", "mock")
    factory, simulated = choose_pin_factory()

    assert simulated is True
    assert isinstance(factory, MockFactory)
    [line] = our_lines(caplog)
    assert line.levelno == logging.INFO
    assert "TABLESIDE_GPIO=mock" in line.getMessage()


def test_uses_the_default_factory_when_one_loads(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    class RealPins(Factory):  # type: ignore[misc]
        pass

    real = RealPins()
    monkeypatch.setattr(Device, "_default_pin_factory", staticmethod(lambda: real))
    factory, simulated = choose_pin_factory()

    assert factory is real
    assert simulated is False
    [line] = our_lines(caplog)
    assert line.getMessage() == "Using GPIO pins through RealPins."


def test_gpiozero_mock_factory_counts_as_simulated(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "mock")
    factory, simulated = choose_pin_factory()

    assert isinstance(factory, MockFactory)
    assert simulated is True
    assert len(our_lines(caplog)) == 1


class UnlistedPins(Factory):  # type: ignore[misc]
    pass


def test_the_pin_driver_is_named_as_gpiozero_names_it() -> None:
    assert pin_driver_name(MockFactory(pin_class=MockPWMPin)) == "mock"

    class MockWithOwnPins(MockFactory):  # type: ignore[misc]
        pass

    # A subclass of a registered factory takes its name; an unregistered one its class's.
    assert pin_driver_name(MockWithOwnPins()) == "mock"
    assert pin_driver_name(UnlistedPins()) == "UnlistedPins"


def test_the_name_comes_from_gpiozero_s_registered_factories(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    registered = EntryPoint(
        name="lgpio",
        value=f"{UnlistedPins.__module__}:{UnlistedPins.__qualname__}",
        group=PIN_FACTORY_ENTRY_POINTS,
    )
    asked: list[str] = []

    def lookup(*, group: str) -> list[EntryPoint]:
        asked.append(group)
        return [registered]

    monkeypatch.setattr("hardware.pin_factory.entry_points", lookup)
    assert pin_driver_name(UnlistedPins()) == "lgpio"
    assert asked == ["gpiozero_pin_factories"]


def test_controls_report_their_pin_driver() -> None:
    controls = Controls(load_pin_map(), lambda _intent: None, lambda call: call(), MockFactory())
    try:
        assert controls.pin_driver == "mock"
    finally:
        controls.close()

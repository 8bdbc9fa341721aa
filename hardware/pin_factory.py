"""Pick the gpiozero pin factory: real GPIO pins when there are any, else simulated ones."""

from __future__ import annotations

import logging
import os
import warnings
from importlib.metadata import entry_points

from gpiozero import Device
from gpiozero.exc import PinFactoryFallback
from gpiozero.pins import Factory
from gpiozero.pins.mock import MockFactory, MockPWMPin

GPIO_ENV = "TABLESIDE_GPIO"
PIN_FACTORY_ENTRY_POINTS = "gpiozero_pin_factories"

log = logging.getLogger("tableside.hardware")


def choose_pin_factory() -> tuple[Factory, bool]:
    """Return (pin factory, simulated).

    Uses gpiozero's default factory (Device.pin_factory, loading it if needed). When
    none loads, or TABLESIDE_GPIO=mock, returns a fresh MockFactory with PWM-capable
    pins instead. Logs exactly one line either way.
    """
    if os.environ.get(GPIO_ENV, "").strip().lower() == "mock":
        log.info(
            "Using simulated pins (%s=mock is set); the app works by touch and keys.", GPIO_ENV
        )
        return _mock_factory(), True

    # gpiozero warns once per library it fails to load; collect those for one log line.
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            Device.ensure_pin_factory()
        except Exception as exc:
            fallbacks = [
                str(w.message).removeprefix("Falling back from ")
                for w in caught
                if issubclass(w.category, PinFactoryFallback)
            ]
            reason = "; ".join(fallbacks) if fallbacks else f"{type(exc).__name__}: {exc}"
            log.warning(
                "No GPIO pins found (%s); using simulated pins - the app works by touch and keys.",
                reason,
            )
            return _mock_factory(), True

    factory = Device.pin_factory
    if isinstance(factory, MockFactory):  # e.g. GPIOZERO_PIN_FACTORY=mock
        log.info("Using simulated pins (%s); the app works by touch and keys.", _name(factory))
        return factory, True
    log.info("Using GPIO pins through %s.", _name(factory))
    return factory, False


def pin_driver_name(factory: Factory) -> str:
    """The name gpiozero knows this factory's pin library by: lgpio, rpigpio, pigpio,
    native or mock (the names GPIOZERO_PIN_FACTORY accepts).

    gpiozero registers each factory as an entry point in the group
    "gpiozero_pin_factories" (its setup.cfg); a subclass, such as a MockFactory built
    with another pin class, takes its base class's name. A factory gpiozero does not
    register is named by its class.
    """
    registered = {ep.value: ep.name for ep in entry_points(group=PIN_FACTORY_ENTRY_POINTS)}
    for cls in type(factory).__mro__:
        name = registered.get(f"{cls.__module__}:{cls.__qualname__}")
        if name is not None:
            return name
    return _name(factory)


def _mock_factory() -> Factory:
    # MockPWMPin so PWM devices work too; plain LED/Buzzer accept either pin class.
    return MockFactory(pin_class=MockPWMPin)


def _name(factory: object) -> str:
    return type(factory).__name__

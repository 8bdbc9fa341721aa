"""Physical buttons, lights and buzzer through gpiozero, with a simulated fallback."""

from hardware.controls import Controls, Intent
from hardware.pin_factory import choose_pin_factory
from hardware.pinmap import ButtonPins, LightPins, PinMap, PinMapError, load_pin_map

__all__ = [
    "ButtonPins",
    "Controls",
    "Intent",
    "LightPins",
    "PinMap",
    "PinMapError",
    "choose_pin_factory",
    "load_pin_map",
]

"""The table's physical controls: buttons in (as intents), lights and buzzer out."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Literal, get_args

from gpiozero import LED, Button, Buzzer
from gpiozero.pins import Factory
from gpiozero.pins.mock import MockFactory

from hardware.menu_hold import MenuHold, MenuIntent
from hardware.pin_factory import choose_pin_factory, pin_driver_name
from hardware.pinmap import PinMap

Intent = Literal["confirm", "undo"] | MenuIntent
LightName = Literal["turn", "danger"]
LightState = Literal["off", "on", "blink"]
BeepPattern = Literal["click", "win", "loss"]

BLINK_SECONDS = 0.5
# (on_time, off_time, n) for Buzzer.beep.
BEEPS: dict[BeepPattern, tuple[float, float, int]] = {
    "click": (0.03, 0.01, 1),
    "win": (0.08, 0.06, 3),
    "loss": (0.3, 0.15, 2),
}


class Controls:
    """Buttons, lights and buzzer built from a pin map.

    Button presses become intents: confirm, undo, and Menu's as hardware.menu_hold
    reads it held on (menu, home, off, off_cancel), with the pin map's hold_time.
    gpiozero reports presses on its own threads, so each intent is handed to
    call_on_main, which must run it on the app's main thread (e.g. via Kivy's Clock).
    """

    def __init__(
        self,
        pin_map: PinMap,
        on_intent: Callable[[Intent], None],
        call_on_main: Callable[[Callable[[], None]], None],
        pin_factory: Factory | None = None,
    ) -> None:
        if pin_factory is None:
            pin_factory, self._simulated = choose_pin_factory()
        else:
            self._simulated = isinstance(pin_factory, MockFactory)
        self.pin_map = pin_map
        self.pin_factory = pin_factory
        self._on_intent = on_intent
        self._call_on_main = call_on_main
        self._menu = MenuHold(pin_map.hold_time, self._send, _start_thread_timer)
        self._light_states: dict[LightName, LightState] = {"turn": "off", "danger": "off"}
        self.muted = False
        self._closed = False
        self._devices: list[Any] = []
        try:
            self._buttons = self._build_buttons(pin_map, pin_factory)
            self._lights: dict[LightName, Any] = {
                "turn": self._keep(LED(pin_map.lights.turn, pin_factory=pin_factory)),
                "danger": self._keep(LED(pin_map.lights.danger, pin_factory=pin_factory)),
            }
            self._buzzer: Any = (
                None
                if pin_map.buzzer is None
                else self._keep(Buzzer(pin_map.buzzer, pin_factory=pin_factory))
            )
        except BaseException:
            self.close()
            raise

    def _keep(self, device: Any) -> Any:
        self._devices.append(device)
        return device

    def _build_buttons(self, pin_map: PinMap, pin_factory: Factory) -> dict[Intent, Any]:
        def button(pin: int) -> Any:
            return self._keep(
                Button(
                    pin,
                    pull_up=True,
                    bounce_time=pin_map.bounce_time,
                    pin_factory=pin_factory,
                )
            )

        confirm = button(pin_map.buttons.confirm)
        confirm.when_pressed = lambda: self._send("confirm")
        undo = button(pin_map.buttons.undo)
        undo.when_pressed = lambda: self._send("undo")
        menu = button(pin_map.buttons.menu)
        menu.when_pressed = self._menu.press
        menu.when_released = self._menu.release
        return {"confirm": confirm, "undo": undo, "menu": menu}

    def _send(self, intent: Intent) -> None:
        self._call_on_main(lambda: self._on_intent(intent))

    @property
    def simulated(self) -> bool:
        """True when the pins are gpiozero's mock pins, not real GPIO."""
        return self._simulated

    @property
    def pin_driver(self) -> str:
        """gpiozero's name for the pin library in use: lgpio on a Raspberry Pi, mock when
        the pins are simulated (see pin_driver_name)."""
        return pin_driver_name(self.pin_factory)

    def set_light(self, name: LightName, state: LightState) -> None:
        """Turn a light off, on, or blinking (in the background). No-op after close()."""
        if name not in self._light_states:
            raise ValueError(f"unknown light {name!r}; expected one of {get_args(LightName)}")
        if state not in get_args(LightState):
            raise ValueError(f"unknown light state {state!r}; expected {get_args(LightState)}")
        if self._closed or self._light_states[name] == state:
            return
        led = self._lights[name]
        if state == "on":
            led.on()
        elif state == "off":
            led.off()
        else:
            led.blink(on_time=BLINK_SECONDS, off_time=BLINK_SECONDS, background=True)
        self._light_states[name] = state

    def light_state(self, name: LightName) -> LightState:
        if name not in self._light_states:
            raise ValueError(f"unknown light {name!r}; expected one of {get_args(LightName)}")
        return self._light_states[name]

    def beep(self, pattern: BeepPattern) -> None:
        """Start a short beep pattern in the background; silent if muted or no buzzer."""
        if pattern not in BEEPS:
            raise ValueError(f"unknown beep pattern {pattern!r}; expected {tuple(BEEPS)}")
        if self.muted or self._closed or self._buzzer is None:
            return
        on_time, off_time, n = BEEPS[pattern]
        self._buzzer.beep(on_time=on_time, off_time=off_time, n=n, background=True)

    def close(self) -> None:
        """Release every pin and stop background blinking. Safe to call more than once."""
        self._closed = True
        self._menu.stop()
        self._light_states = {"turn": "off", "danger": "off"}
        devices, self._devices = self._devices, []
        for device in reversed(devices):
            device.close()


def _start_thread_timer(seconds: float, callback: Callable[[], None]) -> threading.Timer:
    timer = threading.Timer(seconds, callback)
    timer.daemon = True
    timer.start()
    return timer

import threading
import time
from collections.abc import Callable, Iterator

import pytest
from gpiozero import Device
from gpiozero.exc import PinInvalidPin
from gpiozero.pins.mock import MockFactory, MockPWMPin

from hardware import controls as controls_module
from hardware import menu_hold
from hardware.controls import Controls, Intent
from hardware.pinmap import ButtonPins, LightPins, PinMap

PIN_MAP = PinMap(
    buttons=ButtonPins(confirm=17, undo=27, menu=22),
    lights=LightPins(turn=23, danger=24),
    buzzer=25,
    bounce_time=0.05,
    hold_time=0.1,
)
DEADLINE_SECONDS = 3.0


def wait_until(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + DEADLINE_SECONDS
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}")
        time.sleep(0.005)


def highs(states: list[object]) -> int:
    """How many times a mock pin went high, from its recorded states."""
    return sum(1 for state in states[1:] if getattr(state, "state", 0))


class MainThread:
    """Stands in for Kivy's Clock: queues callables until the test drains them."""

    def __init__(self) -> None:
        self.queued: list[Callable[[], None]] = []
        self.queued_from: list[int] = []
        self._lock = threading.Lock()

    def call_on_main(self, fn: Callable[[], None]) -> None:
        with self._lock:
            self.queued.append(fn)
            self.queued_from.append(threading.get_ident())

    def drain(self) -> None:
        with self._lock:
            queued, self.queued = self.queued, []
        for fn in queued:
            fn()


class Receiver:
    def __init__(self) -> None:
        self.intents: list[Intent] = []
        self.threads: list[int] = []

    def __call__(self, intent: Intent) -> None:
        self.intents.append(intent)
        self.threads.append(threading.get_ident())


@pytest.fixture
def factory(monkeypatch: pytest.MonkeyPatch) -> Iterator[MockFactory]:
    factory = MockFactory(pin_class=MockPWMPin)
    # Anything built without an explicit factory would land here, never on real pins.
    monkeypatch.setattr(Device, "pin_factory", factory)
    yield factory
    factory.reset()


@pytest.fixture
def main() -> MainThread:
    return MainThread()


@pytest.fixture
def receiver() -> Receiver:
    return Receiver()


@pytest.fixture
def controls(factory: MockFactory, main: MainThread, receiver: Receiver) -> Iterator[Controls]:
    controls = Controls(PIN_MAP, receiver, main.call_on_main, pin_factory=factory)
    yield controls
    controls.close()


def press(factory: MockFactory, pin: int) -> None:
    factory.pin(pin).drive_low()
    factory.pin(pin).drive_high()


def test_buttons_use_pull_up_and_debounce(controls: Controls, factory: MockFactory) -> None:
    for pin in (17, 27, 22):
        assert factory.pin(pin).pull == "up"
        assert factory.pin(pin).bounce == pytest.approx(0.05)


def test_confirm_is_delivered_only_through_call_on_main(
    controls: Controls, factory: MockFactory, main: MainThread, receiver: Receiver
) -> None:
    # Press from another thread, as gpiozero's pin callbacks do on a real Pi.
    presser = threading.Thread(target=press, args=(factory, 17))
    presser.start()
    presser.join()

    assert receiver.intents == []
    assert len(main.queued) == 1
    assert main.queued_from == [presser.ident]

    main.drain()
    assert receiver.intents == ["confirm"]
    assert receiver.threads == [threading.get_ident()]


def test_undo(
    controls: Controls, factory: MockFactory, main: MainThread, receiver: Receiver
) -> None:
    press(factory, 27)
    assert receiver.intents == []
    main.drain()
    assert receiver.intents == ["undo"]


def test_short_press_on_menu_sends_menu_on_release(
    controls: Controls, factory: MockFactory, main: MainThread, receiver: Receiver
) -> None:
    factory.pin(22).drive_low()
    assert main.queued == []
    factory.pin(22).drive_high()
    main.drain()
    assert receiver.intents == ["menu"]


def test_long_press_on_menu_sends_home_not_menu(
    controls: Controls, factory: MockFactory, main: MainThread, receiver: Receiver
) -> None:
    factory.pin(22).drive_low()
    wait_until(lambda: len(main.queued) > 0, "the hold to register")
    factory.pin(22).drive_high()
    main.drain()
    assert receiver.intents == ["home"]

    # The next press starts fresh: a short one is a menu again.
    press(factory, 22)
    main.drain()
    assert receiver.intents == ["home", "menu"]


def test_set_light_on_and_off(controls: Controls, factory: MockFactory) -> None:
    turn, danger = factory.pin(23), factory.pin(24)
    assert controls.light_state("turn") == "off"
    assert not turn.state

    controls.set_light("turn", "on")
    assert turn.state
    assert not danger.state
    assert controls.light_state("turn") == "on"
    assert controls.light_state("danger") == "off"

    controls.set_light("turn", "off")
    assert not turn.state
    assert controls.light_state("turn") == "off"


def test_set_light_blink(
    controls: Controls, factory: MockFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(controls_module, "BLINK_SECONDS", 0.01)
    danger = factory.pin(24)
    controls.set_light("danger", "blink")
    assert controls.light_state("danger") == "blink"
    wait_until(lambda: highs(danger.states) >= 2, "the light to blink twice")

    controls.set_light("danger", "off")
    assert controls.light_state("danger") == "off"
    assert not danger.state
    seen = len(danger.states)
    time.sleep(0.05)  # several blink periods: the blinking must have stopped
    assert len(danger.states) == seen


def test_unknown_light_is_rejected(controls: Controls) -> None:
    with pytest.raises(ValueError, match="unknown light"):
        controls.set_light("score", "on")  # type: ignore[arg-type]


def test_beep_patterns(controls: Controls, factory: MockFactory) -> None:
    buzzer = factory.pin(25)
    controls.beep("click")
    wait_until(lambda: highs(buzzer.states) == 1 and not buzzer.state, "one click")

    buzzer.clear_states()
    controls.beep("win")
    wait_until(lambda: highs(buzzer.states) == 3 and not buzzer.state, "three win beeps")


def test_beep_is_silent_when_muted(controls: Controls, factory: MockFactory) -> None:
    buzzer = factory.pin(25)
    controls.muted = True
    controls.beep("click")
    time.sleep(0.1)  # a click would have started and ended well within this
    assert highs(buzzer.states) == 0

    controls.muted = False
    controls.beep("click")
    wait_until(lambda: highs(buzzer.states) == 1, "the unmuted click")


def test_no_buzzer_means_beep_does_nothing(
    factory: MockFactory, main: MainThread, receiver: Receiver
) -> None:
    pin_map = PinMap(
        buttons=PIN_MAP.buttons,
        lights=PIN_MAP.lights,
        buzzer=None,
        bounce_time=PIN_MAP.bounce_time,
        hold_time=PIN_MAP.hold_time,
    )
    controls = Controls(pin_map, receiver, main.call_on_main, pin_factory=factory)
    try:
        controls.beep("loss")
        assert "GPIO25" not in {info.name for info in factory.pins}
    finally:
        controls.close()


def test_simulated_with_a_mock_factory(controls: Controls) -> None:
    assert controls.simulated is True


def test_chooses_a_factory_when_none_is_given(
    monkeypatch: pytest.MonkeyPatch, main: MainThread, receiver: Receiver
) -> None:
    monkeypatch.setenv("TABLESIDE_GPIO", "mock")
    controls = Controls(PIN_MAP, receiver, main.call_on_main)
    try:
        assert controls.simulated is True
        controls.set_light("turn", "on")
        assert controls.light_state("turn") == "on"
    finally:
        controls.close()


def test_close_releases_every_device_and_can_repeat(
    controls: Controls, factory: MockFactory, main: MainThread, receiver: Receiver
) -> None:
    controls.set_light("turn", "on")
    controls.close()
    controls.close()

    press(factory, 17)
    assert main.queued == []
    assert controls.light_state("turn") == "off"
    controls.set_light("turn", "on")  # a no-op once closed, not an error
    controls.beep("click")

    # Every pin was released, so a new set of controls can claim them all again.
    again = Controls(PIN_MAP, receiver, main.call_on_main, pin_factory=factory)
    again.close()


def test_failed_construction_releases_what_it_claimed(
    factory: MockFactory, main: MainThread, receiver: Receiver
) -> None:
    bad = PinMap(
        buttons=PIN_MAP.buttons,
        lights=PIN_MAP.lights,
        buzzer=99,  # not a pin on the mock board
        bounce_time=PIN_MAP.bounce_time,
        hold_time=PIN_MAP.hold_time,
    )
    with pytest.raises(PinInvalidPin):
        Controls(bad, receiver, main.call_on_main, pin_factory=factory)
    Controls(PIN_MAP, receiver, main.call_on_main, pin_factory=factory).close()


def test_menu_held_on_after_home_starts_the_turn_off_and_letting_go_cancels_it(
    controls: Controls,
    factory: MockFactory,
    main: MainThread,
    receiver: Receiver,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(menu_hold, "OFF_AFTER_HOME", 0.1)
    factory.pin(22).drive_low()
    wait_until(lambda: len(main.queued) >= 2, "home, then off")
    factory.pin(22).drive_high()
    main.drain()
    assert receiver.intents == ["home", "off", "off_cancel"]

    # Let go before: Home alone, and the timer it started sends nothing later.
    factory.pin(22).drive_low()
    wait_until(lambda: len(main.queued) == 1, "home")
    factory.pin(22).drive_high()
    time.sleep(0.3)
    main.drain()
    assert receiver.intents == ["home", "off", "off_cancel", "home"]


def test_closing_stops_a_turn_off_on_its_way(
    controls: Controls,
    factory: MockFactory,
    main: MainThread,
    receiver: Receiver,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(menu_hold, "OFF_AFTER_HOME", 0.2)
    factory.pin(22).drive_low()
    wait_until(lambda: len(main.queued) == 1, "home")
    controls.close()
    time.sleep(0.4)
    main.drain()
    assert receiver.intents == ["home"]

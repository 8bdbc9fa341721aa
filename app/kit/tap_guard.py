"""A button never changes meaning under a finger.

For a short moment after what the buttons mean changes, taps on buttons and board pieces
are ignored: after the screen changes, after a popup opens or closes, and after a screen
says its prompt or its buttons changed. A second, impatient tap on "History" then cannot
land on History's "Import", and an extra "Done" cannot end the next player's turn.

Screens call one line when their prompt or their set of buttons changes (not on every
redraw: a progress counter that ticks would keep every button asleep)::

    from app.kit import tap_guard
    tap_guard.changed()

The screen changes and popups are watched by the app itself (``watch``). Buttons and
pieces take part by deriving from ``GuardedButtonBehavior`` (TButton, Piece and their
subclasses already do). A press that began before a change is not taken either: the
finger went down on what the button meant before.

The physical confirm / undo / menu buttons and their desktop keys are guarded too (see
TablesideApp.dispatch_intent): "confirm" means whatever the screen shows now, so a
second press during a change would act on the next prompt, exactly as a second tap would.

Why 0.4 s: an impatient second tap or a double press follows the first within about
0.2-0.4 s (desktops treat clicks up to 0.5 s apart as a double click), while a person who
reads a new prompt or button and decides to touch it needs more than that (a simple
visual reaction alone takes about 0.25 s, a choice more). So the guard swallows the
repeats and nobody acting on what they see ever meets it.
"""

from __future__ import annotations

import time
from typing import Any

from kivy.uix.behaviors import ButtonBehavior

#: How long taps are ignored after a change, in seconds.
GUARD_SECONDS = 0.4

_last_change = float("-inf")  # time.monotonic() of the latest change
_changes = 0  # how many changes so far: a press remembers the count it began under


def changed() -> None:
    """What the buttons mean has changed: ignore taps for GUARD_SECONDS from now."""
    global _last_change, _changes
    _last_change = time.monotonic()
    _changes += 1


def remaining() -> float:
    """Seconds until taps are taken again (0 when they are taken now)."""
    return max(0.0, _last_change + GUARD_SECONDS - time.monotonic())


def guarding() -> bool:
    return remaining() > 0


def watch(screen_manager: Any, window: Any) -> None:
    """Guard after every change of screen and every popup opened or closed (the window's
    children are the screens' manager and the open popups). The on-screen keyboard
    coming and going is no such change: it goes as a finger touches a button outside the
    field (the Pi's docked keyboard, review N10), and that button must still act."""
    from kivy.uix.vkeyboard import VKeyboard

    def meaningful(children: list[Any]) -> list[int]:
        return [id(child) for child in children if not isinstance(child, VKeyboard)]

    seen = [meaningful(window.children)]

    def children_changed(_window: Any, children: list[Any]) -> None:
        now = meaningful(children)
        if now != seen[0]:
            seen[0] = now
            changed()

    screen_manager.bind(current=lambda *_args: changed())
    window.bind(children=children_changed)


class GuardedButtonBehavior(ButtonBehavior):
    """A ButtonBehavior that ignores taps while the guard is up, and does not act when the
    meaning changed while the finger was down."""

    _pressed_under = -1  # the change count when the press began

    def on_touch_down(self, touch: Any) -> bool:
        if guarding() and self.collide_point(*touch.pos) and not self.disabled:
            return True  # swallowed: nothing under the finger acts on it
        pressed: bool = super().on_touch_down(touch)
        if pressed and touch.grab_current is None and self in touch.ud:
            self._pressed_under = _changes
        return pressed

    def on_touch_up(self, touch: Any) -> bool:
        if touch.grab_current is self and self._pressed_under != _changes:
            # The screen changed under the finger: let go without acting.
            touch.ungrab(self)
            self.last_touch = touch
            self._do_release()
            return True
        result: bool = super().on_touch_up(touch)
        return result

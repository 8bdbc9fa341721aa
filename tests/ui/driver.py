"""Drive the real Kivy window from tests: find widgets, touch them, wait for frames."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from kivy.base import EventLoop
from kivy.core.window import Window
from kivy.tests.common import UnitTestTouch
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from app.application import TablesideApp
from app.kit import legibility, tap_guard
from app.kit.frames import settle, tick, until_read
from app.kit.popups import ProgressPopup


class Driver:
    def __init__(self, app: TablesideApp) -> None:
        self.app = app

    def pump(self, frames: int = 1) -> None:
        """Let Kivy run ``frames`` frames: input, clock callbacks and layout, all but
        drawing them. What the tests look at (widgets, their text, sizes and places, the
        legibility measures) is all there; the software renderer's work on the pixels,
        most of a UI test's time, is left to ``draw`` and ``screenshot``."""
        tick(frames)

    def draw(self) -> None:
        """A whole frame, drawn as on a screen: before a screenshot, or before measuring
        where each line of text is drawn (app.kit.legibility)."""
        EventLoop.idle()

    def measure(self) -> list[legibility.Seen]:
        """What the window shows now, as the legibility check measures it."""
        settle()
        return legibility.measure()

    def visible(self) -> list[Widget]:
        """Widgets a person could see now: on the current screen and in open popups."""
        found: list[Widget] = []
        for top in Window.children:
            roots = [self.app.root.current_screen] if top is self.app.root else [top]
            for root in roots:
                found.extend(w for w in root.walk() if _shown(w))
        return found

    def find(self, text: str, kind: type[Widget] = Label) -> Widget:
        matches = [w for w in self.visible() if isinstance(w, kind) and w.text == text]
        if len(matches) != 1:
            raise AssertionError(f"expected one {kind.__name__} {text!r}, found {len(matches)}")
        return matches[0]

    def texts(self) -> list[str]:
        return [w.text for w in self.visible() if isinstance(w, Label) and w.text]

    def wait_for_tap_guard(self) -> None:
        """Wait out the moment after a change in which taps and presses are ignored (as a
        person does, who reads the new screen before touching it). Frames go on first: a
        change a screen makes on its next frame starts the moment again, and on a busy
        machine that frame may come late."""
        self.pump()
        while tap_guard.guarding():
            time.sleep(tap_guard.remaining())
            self.pump()

    def tap(self, widget: Widget, wait_for_guard: bool = True) -> None:
        for parent in _parents(widget):  # bring it into view, as a finger would
            if isinstance(parent, ScrollView):
                _scroll_into_view(parent, widget)
                self.pump()
        if wait_for_guard:
            self.wait_for_tap_guard()
        x, y = widget.to_window(*widget.center)
        screen = self.app.root.current
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        self.pump(1)
        touch.touch_up()
        self.pump()
        if self.app.root.current != screen:
            self.pump()  # a new screen may fill in on its next frame
        until_read()

    def tap_text(self, text: str) -> None:
        self.tap(self.find(text))

    def press_key(self, key: int) -> None:
        """A key pressed and let go."""
        self.key_down(key)
        self.key_up(key)

    def key_down(self, key: int) -> None:
        self.wait_for_tap_guard()
        Window.dispatch("on_key_down", key, 0, "", [])
        self.pump()

    def hold_key(self, key: int, until: Callable[[], bool], seconds: float = 30) -> None:
        """A key pressed and held (not let go) until ``until`` holds. A held key repeats
        as SDL's key repeat sends it: one more key_down after another, about 30 a second."""
        self.key_down(key)
        deadline = time.monotonic() + seconds
        while not until():
            assert time.monotonic() < deadline, "the window never reached the expected state"
            time.sleep(1 / 30)
            Window.dispatch("on_key_down", key, 0, "", [])
            self.pump()

    def key_up(self, key: int) -> None:
        Window.dispatch("on_key_up", key, 0)
        self.pump()

    def wait_until(self, condition: Callable[[], bool], frames: int = 60) -> None:
        """Until ``condition`` holds, at most ``frames`` frames at the app's 30 a second
        (undrawn frames take no time of their own: work on another thread needs it)."""
        for _ in range(frames):
            if condition():
                return
            time.sleep(1 / 30)
            self.pump(1)
        raise AssertionError("the window never reached the expected state")

    def wait_for(self, condition: Callable[[], bool], seconds: float = 30) -> None:
        """Until ``condition`` holds, frames going on meanwhile: for work on another
        thread, which takes its time however many frames a busy machine draws."""
        deadline = time.monotonic() + seconds
        while not condition():
            assert time.monotonic() < deadline, "the work in the background never ended"
            time.sleep(0.005)
            self.pump()

    def wait_for_background(self) -> None:
        """Until the work in the background (an export, an import) has ended and its
        progress popup closed: as a person waits."""
        self.wait_for(lambda: not any(isinstance(w, ProgressPopup) for w in Window.children))
        self.pump()

    def close_popups(self) -> None:
        for child in list(Window.children):
            if isinstance(child, ModalView):
                child.dismiss(animation=False)
        self.pump()

    def screenshot(self, path: Path) -> Path:
        self.draw()
        written = Path(Window.screenshot(str(path)))
        written.rename(path)
        return path


def _scroll_into_view(view: ScrollView, widget: Widget) -> None:
    """ScrollView.scroll_to's arithmetic, without waiting for a layout to settle."""
    bottom = view.parent.to_widget(*widget.to_window(*widget.pos))[1]
    top = view.parent.to_widget(*widget.to_window(widget.right, widget.top))[1]
    dy = view.y - bottom if bottom < view.y else (view.top - top if top > view.top else 0)
    if dy:
        view.scroll_y = min(1, max(0, view.scroll_y - view.convert_distance_to_scroll(0, dy)[1]))


def _parents(widget: Widget) -> list[Widget]:
    found = []
    node = widget.parent
    while isinstance(node, Widget) and node is not node.parent:
        found.append(node)
        node = node.parent
    return found


def _shown(widget: Widget) -> bool:
    """Not hidden by zero opacity or zero size, itself or through a parent."""
    node: Widget | None = widget
    while node is not None and node is not node.parent:
        if node.opacity == 0 or node.width <= 0 or node.height <= 0:
            return False
        node = node.parent if isinstance(node.parent, Widget) else None
    return True

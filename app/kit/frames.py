"""Frames run by hand, for the commands that drive the app without its main loop (the
screenshots, the legibility sweep) and for the UI tests.

A frame's work is input, clock callbacks and layout, then drawing. Drawing is the costly
part in a software renderer (Xvfb, CI), and nothing but pixels depends on it, save the
places of a label's lines of text, which a drawn frame settles. So what only needs the
widgets ticks without drawing, and what measures or pictures the window settles first.
"""

from __future__ import annotations

from kivy.base import EventLoop
from kivy.clock import Clock
from kivy.lang import Builder


def tick(frames: int = 1) -> None:
    """Run ``frames`` frames without drawing them: input, callbacks, layout."""
    for _ in range(frames):
        Clock.tick()
        EventLoop.dispatch_input()
        Builder.sync()
        Clock.tick_draw()
        Builder.sync()


def settle(ticks: int = 2) -> None:
    """Let the window settle (``ticks`` frames of layout), then draw one frame."""
    tick(ticks)
    EventLoop.idle()

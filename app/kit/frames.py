"""Frames run by hand, for the commands that drive the app without its main loop (the
screenshots, the legibility sweep) and for the UI tests.

A frame's work is input, clock callbacks and layout, then drawing. Drawing is the costly
part in a software renderer (Xvfb, CI), and nothing but pixels depends on it, save the
places of a label's lines of text, which a drawn frame settles. So what only needs the
widgets ticks without drawing, and what measures or pictures the window settles first.
"""

from __future__ import annotations

import time

from kivy.base import EventLoop
from kivy.clock import Clock
from kivy.lang import Builder

from app.kit.background import Background


def tick(frames: int = 1) -> None:
    """Run ``frames`` frames without drawing them: input, callbacks, layout."""
    for _ in range(frames):
        Clock.tick()
        EventLoop.dispatch_input()
        Builder.sync()
        Clock.tick_draw()
        Builder.sync()


def settle(ticks: int = 2) -> None:
    """Let the window settle (``ticks`` frames of layout, and what its screen waits to be
    read), then draw one frame."""
    tick(ticks)
    until_read()
    EventLoop.idle()


def until_read(seconds: float = 30) -> None:
    """Frames until no screen waits for what it shows to be read on a worker thread
    (History's list, a Statistics page: app.kit.background), as a person waits for the
    list before reading it. AssertionError after ``seconds``."""
    deadline = time.monotonic() + seconds
    while Background.screens_waiting():
        if time.monotonic() > deadline:
            raise AssertionError("a screen never got what it waits for")
        time.sleep(0.005)
        tick()

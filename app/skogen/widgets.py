"""Skogen's ledger rows and die buttons (looks in kv/skogen_play.kv)."""

from __future__ import annotations

from kivy.properties import BooleanProperty, ColorProperty, ListProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout

from app.widgets import TButton


class LedgerRow(ButtonBehavior, BoxLayout):
    """One player: points, laps and square, life cards B F P M, species tiles / limit."""

    name = StringProperty("")
    current = BooleanProperty(False)
    score = StringProperty("0")
    lap = StringProperty("")
    life = ListProperty([0, 0, 0, 0])
    hand = StringProperty("")
    cards = StringProperty("")  # action cards used


class SwatchButton(TButton):
    """A button for an element tile: its colour as a disc beside its name."""

    swatch = ColorProperty((0, 0, 0, 0))

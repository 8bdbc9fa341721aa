"""Skogen's ledger rows and die buttons (looks in kv/skogen_play.kv)."""

from __future__ import annotations

from kivy.properties import BooleanProperty, ColorProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from app.kit.widgets import Piece, TButton


class LedgerRow(Piece, BoxLayout):
    """One player: points, where their token stands, the life cards they hold (by the
    letter printed on them), species tiles held of the most allowed, action cards used.
    Touching it corrects their points."""

    name = StringProperty("")
    current = BooleanProperty(False)
    score = StringProperty("0")
    square = StringProperty("")  # "12", "start", or "3\nlap 2"
    life = StringProperty("")  # "B F2", or "none"
    hand = StringProperty("")  # "4 of 5"
    cards = StringProperty("")  # action cards used


class SwatchButton(TButton):
    """A button for an element tile: its colour as a disc beside its name."""

    swatch = ColorProperty((0, 0, 0, 0))


class CountedKey(TButton):
    """A key of the turn being built: while some of what it adds is pending, it is
    outlined and says how many in a disc in its corner (a shape and a number, not only
    a colour)."""

    count = NumericProperty(0)

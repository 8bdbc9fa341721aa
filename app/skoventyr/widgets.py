"""Skoventyr's pieces drawn with shapes and words: Trees, cards, Minions, the ring."""

from __future__ import annotations

import math
from typing import Any

from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.floatlayout import FloatLayout

from app import theme
from app.widgets import Piece


class Touchable(Piece):
    """Skoventyr's pieces: outlined in the game's accent while they may be touched."""


class CardTile(Touchable, FloatLayout):
    title = StringProperty("")
    caption = StringProperty("")
    colour = ColorProperty(theme.SURFACE_RAISED)


class TreeTile(Touchable, FloatLayout):
    number = StringProperty("")
    damaged = BooleanProperty(False)
    ally = StringProperty("")  # short name, "" when no Ally
    ally_colour = ColorProperty(theme.SURFACE_RAISED)
    revealed = BooleanProperty(False)
    vogter = BooleanProperty(False)
    gamle_erik = BooleanProperty(False)


class MinionTile(Touchable, FloatLayout):
    name = StringProperty("")
    value = NumericProperty(0)
    lygtemand = StringProperty("")  # the Trickster on it: the Ally it shows, or "?"
    lygtemand_colour = ColorProperty(theme.TEXT_DIM)
    acorn = StringProperty("")  # "A1": the Acorn token under it


class ForestRing(FloatLayout):
    """Trees around an ellipse, clockwise from the top, in the Forest's order."""

    trees = ObjectProperty([])  # dicts of TreeTile properties, clockwise
    on_pick = ObjectProperty(None)  # called with a tile's target

    def on_trees(self, *_args: Any) -> None:
        while len(self.children) > len(self.trees):
            self.remove_widget(self.children[0])
        while len(self.children) < len(self.trees):
            tile = TreeTile()
            tile.bind(on_release=lambda t: self.on_pick and self.on_pick(t.target))
            self.add_widget(tile)
        for tile, values in zip(reversed(self.children), self.trees, strict=True):
            for key, value in values.items():
                setattr(tile, key, value)
        self._place()

    def on_size(self, *_args: Any) -> None:  # and on_pos: redrawn wherever it moves
        self._place()

    on_pos = on_size

    def _place(self) -> None:
        count = len(self.children)
        if not count:
            return
        height = self.height * (0.27 if count <= 6 else 0.23)
        width = min(height * 1.35, self.width * 0.3)
        radius_x = (self.width - width) / 2
        radius_y = (self.height - height) / 2
        for index, tile in enumerate(reversed(self.children)):
            angle = math.pi / 2 - 2 * math.pi * index / count  # clockwise from the top
            tile.size_hint = (None, None)
            tile.size = (width, height)
            tile.center = (
                self.center_x + radius_x * math.cos(angle),
                self.center_y + radius_y * math.sin(angle),
            )

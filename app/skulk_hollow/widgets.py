"""Skulk Hollow's pieces: the diamond map, the guardian's locations, the hero units."""

from __future__ import annotations

from typing import Any

from kivy.graphics import Color, Ellipse, Line
from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.widget import Widget

from app import theme
from app.touch_select import Target
from app.widgets import Piece


class MapCell(Piece, FloatLayout):
    """A ground space: a diamond with its name and what stands on it."""

    name = StringProperty("")
    contents = StringProperty("")
    guardian_here = BooleanProperty(False)
    guardian_colour = ColorProperty(theme.SURFACE_RAISED)

    def collide_point(self, x: float, y: float) -> bool:
        """Inside the diamond, not its bounding box: neighbouring boxes overlap."""
        half_w, half_h = self.width / 2, self.height / 2
        if not half_w or not half_h:
            return False
        return abs(x - self.center_x) / half_w + abs(y - self.center_y) / half_h <= 1


class LocationRow(Piece, FloatLayout):
    name = StringProperty("")
    wounds = NumericProperty(0)
    capacity = NumericProperty(0)
    attached = StringProperty("")  # hero units on it
    disabled_ability = BooleanProperty(False)


class WoundPips(Widget):
    """One pip per wound space: filled (red) when wounded, an outline when empty."""

    wounds = NumericProperty(0)
    capacity = NumericProperty(0)

    def on_wounds(self, *_args: Any) -> None:
        self._draw()

    def on_capacity(self, *_args: Any) -> None:
        self._draw()

    def on_size(self, *_args: Any) -> None:  # and on_pos: redrawn wherever it moves
        self._draw()

    on_pos = on_size

    def _draw(self) -> None:
        self.canvas.clear()
        size = self.height
        with self.canvas:
            for index in range(int(self.capacity)):
                x = self.x + index * (size + size / 2)
                if index < self.wounds:
                    Color(*theme.DANGER)
                    Ellipse(pos=(x, self.y), size=(size, size))
                else:
                    Color(*theme.TEXT_DIM)
                    Line(circle=(x + size / 2, self.y + size / 2, size / 2 - 1), width=1.2)


class UnitChip(Piece, FloatLayout):
    name = StringProperty("")
    detail = StringProperty("")
    leader = BooleanProperty(False)


class HollowMap(FloatLayout):
    """The nine spaces on a 3x3 grid turned 45 degrees, KEEP nearest the hero (RULINGS K1)."""

    cells = ObjectProperty([])  # dicts: MapCell properties plus "at": (a, b)
    on_pick = ObjectProperty(None)

    def on_cells(self, *_args: Any) -> None:
        while len(self.children) < len(self.cells):
            cell = MapCell()
            cell.bind(on_release=lambda c: self.on_pick and self.on_pick(c.target))
            self.add_widget(cell)
        for cell, values in zip(reversed(self.children), self.cells, strict=True):
            for key, value in values.items():
                if key != "at":
                    setattr(cell, key, value)
            cell.at = values["at"]
        self._place()

    def on_size(self, *_args: Any) -> None:  # and on_pos: redrawn wherever it moves
        self._place()

    on_pos = on_size

    def _place(self) -> None:
        half = min(self.width, self.height) / 6  # half a diamond's diagonal
        for cell in self.children:
            a, b = getattr(cell, "at", (0, 0))
            cell.size_hint = (None, None)
            cell.size = (2 * half, 2 * half)
            cell.center = (self.center_x + (b - a) * half, self.y + half + (a + b) * half)


def lit(options: set[Target], kind: str) -> set[Any]:
    return {value for k, value in options if k == kind}

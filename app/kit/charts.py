"""Small charts drawn with Kivy shapes, legible at 800x480: a line chart of rates over
games played, and horizontal bars with their words and counts."""

from __future__ import annotations

from functools import partial
from itertools import pairwise
from typing import Any

from kivy.graphics import Color, Ellipse, Line
from kivy.metrics import dp
from kivy.properties import ListProperty, NumericProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from app.games import GAMES
from app.kit import theme
from app.kit.theme import Colour


class LineChart(FloatLayout):
    """Rates from 0 to 100% over games 1..n; ``series`` holds (colour, [(x, rate)]).
    Each line ends in a disc with its number (1, 2...), which the legend repeats: the
    lines are told apart by more than their colour."""

    series = ListProperty([])
    x_max = NumericProperty(1)

    def on_series(self, *_args: Any) -> None:
        self._draw()

    def on_size(self, *_args: Any) -> None:  # and on_pos: redrawn wherever it moves
        self._draw()

    on_pos = on_size

    def _draw(self) -> None:
        self.clear_widgets()
        self.canvas.before.clear()  # under the numbers and the axis labels
        left, bottom = self.x + dp(46), self.y + dp(22)
        width, height = self.width - dp(46) - MARKER, self.height - dp(30)
        if width <= 0 or height <= 0:
            return

        def at(x: float, rate: float) -> tuple[float, float]:
            if self.x_max <= 1:  # one game: its point in the middle, clear of the labels
                return left + width / 2, bottom + height * rate
            return left + width * (x - 1) / (self.x_max - 1), bottom + height * rate

        ends = [at(*points[-1]) for _colour, points in self.series]
        # Discs just right of their line's end; those that would touch stack up.
        heights = _spread([y for _x, y in ends], MARKER)
        discs = [(x, y) for (x, _end_y), y in zip(ends, heights, strict=True)]
        with self.canvas.before:
            Color(*theme.OUTLINE)
            for rate in (0, 0.5, 1):
                y = at(1, rate)[1]
                Line(points=[left, y, left + width, y], width=1)
            for (colour, points), (x, y) in zip(self.series, discs, strict=True):
                Color(*colour)
                line = [c for p in points for c in at(*p)]
                Line(points=[*line, x + MARKER / 2, y], width=dp(2))
                Ellipse(pos=(x, y - MARKER / 2), size=(MARKER, MARKER))
        for number, (x, y) in enumerate(discs, start=1):
            marker = Label(
                text=str(number),
                font_size=theme.MIN_TEXT,
                bold=True,
                color=theme.ON_ACCENT,
                size_hint=(None, None),
                size=(MARKER, MARKER),
                pos=(x, y - MARKER / 2),
            )
            self.add_widget(marker)
        for rate in (0, 0.5, 1):  # right-aligned, ending short of the chart and its discs
            y = at(1, rate)[1] - dp(10)
            self._label(f"{round(rate * 100)}%", left - dp(46), y, dp(42), "right")
        if self.x_max <= 1:  # one game, one label: ending under its point, left of its disc
            self._label("game 1", at(1, 0)[0] - dp(64), self.y, align="right")
        else:
            self._label("game 1", left, self.y, align="left")
            self._label(f"game {int(self.x_max)}", left + width - dp(62), self.y, align="right")

    def _label(
        self, text: str, x: float, y: float, width: float = dp(62), align: str = "center"
    ) -> None:
        label = Label(
            text=text,
            font_size=theme.LABEL,
            color=theme.TEXT_DIM,
            size_hint=(None, None),
            halign=align,
            valign="middle",
        )
        label.size = label.text_size = (width, dp(20))
        label.pos = (x, y)
        self.add_widget(label)


#: The disc that ends a line and carries its number.
MARKER = dp(24)


def _spread(heights: list[float], gap: float) -> list[float]:
    """The heights moved apart as little as possible, so that no two are closer than
    ``gap`` (the markers of lines that end together stack up instead of overlapping)."""
    order = sorted(range(len(heights)), key=lambda i: heights[i])
    placed = list(heights)
    for before, after in pairwise(order):
        placed[after] = max(placed[after], placed[before] + gap)
    return placed


class Bar(Widget):
    share = NumericProperty(0)  # 0..1 of the row's bar space
    colour = ListProperty(list(theme.ACCENT))


class BarChart(BoxLayout):
    """One row per (words, count): the words, a bar as long as the count, the count."""

    rows = ListProperty([])
    colour = ListProperty(list(theme.ACCENT))

    def on_rows(self, *_args: Any) -> None:
        self.clear_widgets()
        most = max((count for _, count in self.rows), default=0) or 1
        for words, count in self.rows:
            row = BoxLayout(size_hint_y=None, height=dp(32), spacing=dp(8))
            label = Label(
                text=words,
                font_size=theme.LABEL,
                halign="left",
                valign="middle",
                size_hint_x=0.5,
                text_size=(dp(10), None),
            )
            # Long words wrap (whole words, never cut) and the row grows to hold them.
            label.bind(width=lambda lbl, width: setattr(lbl, "text_size", (width, None)))
            label.bind(texture_size=partial(_hold_words, row))
            row.add_widget(label)
            row.add_widget(Bar(share=count / most, colour=self.colour, size_hint_x=0.4))
            row.add_widget(
                Label(text=str(count), font_size=theme.LABEL, bold=True, size_hint_x=0.1)
            )
            self.add_widget(row)


def _hold_words(row: Widget, _label: Label, texture_size: tuple[float, float]) -> None:
    row.height = max(dp(32), texture_size[1] + dp(6))


def colour_at(index: int) -> Colour:
    """Distinct colours for chart lines, none of them red or green."""
    palette = [theme.ACCENT, *(game.accent for game in GAMES), theme.TEXT]
    return palette[index % len(palette)]

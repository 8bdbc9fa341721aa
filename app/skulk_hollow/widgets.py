"""Skulk Hollow's pieces: the diamond map, the guardian's locations, the hero units, and
the card chooser."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, Line, Rectangle
from kivy.metrics import dp, sp
from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.modalview import ModalView
from kivy.uix.widget import Widget

from app.kit import theme
from app.kit.touch_select import Target
from app.kit.widgets import Piece, TButton

#: The text on the map: its size (the smallest, in a diamond about 120 dp high; larger
#: in a larger one, up to the biggest, review N22), and how close its lines stand.
MAP_FONT_SP = 15
MAP_FONT_MAX_SP = 20
MAP_FONT_CELL_DP = 120
MAP_LINE_HEIGHT = 0.85


def map_font_sp(cell_height: float) -> int:
    """The map's type size in a diamond ``cell_height`` pixels high."""
    scaled = round(MAP_FONT_SP * cell_height / float(dp(MAP_FONT_CELL_DP)))
    return max(MAP_FONT_SP, min(MAP_FONT_MAX_SP, int(scaled)))


class MapCell(Piece, FloatLayout):
    """A ground space: a diamond with its name, the guardian and every piece on it.

    Only what fits inside the diamond is written there (a neighbour's diamond must not
    be under its words), yet nothing on the space is ever left out: the heroes go from
    a line each ("Knight 1"), to their codes on one line ("K1 S", the list of heroes
    beside the map gives each hero's code), and the name to one line, until everything
    fits. ``must_show`` says what the cell stands for, for the legibility check."""

    name = StringProperty("")
    guardian = StringProperty("")  # the guardian's name when it stands here
    heroes = ListProperty([])  # (name, short name, code) of each hero on it
    tokens = ListProperty([])  # its runes or roots: "2 runes"
    guardian_colour = ColorProperty(theme.SURFACE_RAISED)
    mark = StringProperty("")  # "from", "to" or "here" while an instruction names it
    text = StringProperty("")  # what is written, as markup
    font_sp = NumericProperty(MAP_FONT_SP)  # its size, with the diamond's
    #: Each thing on the space, as the words any of which may stand for it on screen.
    must_show = ListProperty([])

    def collide_point(self, x: float, y: float) -> bool:
        """Inside the diamond, not its bounding box: neighbouring boxes overlap."""
        half_w, half_h = self.width / 2, self.height / 2
        if not half_w or not half_h:
            return False
        return bool(abs(x - self.center_x) / half_w + abs(y - self.center_y) / half_h <= 1)

    def on_name(self, *_args: Any) -> None:
        self.must_show = [
            *([[self.guardian]] if self.guardian else []),
            [" ".join(self.name.split())],
            *([list(hero) for hero in self.heroes]),
            *([[token] for token in self.tokens]),
        ]
        self.font_sp = map_font_sp(self.height)
        self.text = self._fitted()

    on_guardian = on_heroes = on_tokens = on_size = on_name

    def _fitted(self) -> str:
        """The fullest arrangement of the space's words that fits inside the diamond.

        The words come in one order (the guardian, the space's name, each hero, each
        token) and are tried on as many lines as fit, then fewer, longer ones; the heroes
        by their names, then by their codes. If nothing fits, the arrangement that runs
        least past the diamond's edges (the legibility sweep looks for those)."""
        head = [(self.guardian, True)] if self.guardian else []
        name = [(word, False) for word in self.name.split("\n")]
        tokens = [(token, False) for token in self.tokens]
        best: tuple[float, list[tuple[str, bool]]] | None = None
        for heroes in (
            [short for _name, short, _code in self.heroes],
            [code for _name, _short, code in self.heroes],
        ):
            words = head + name + [(hero, False) for hero in heroes] + tokens
            for lines in _arrangements(words):
                over = self._overflow(lines)
                if over <= 0:
                    return _markup(lines)
                if best is None or over < best[0]:
                    best = (over, lines)
        return _markup(best[1]) if best else ""

    def _overflow(self, lines: list[tuple[str, bool]]) -> float:
        """How far (dp) the worst line, centred, runs past the diamond; 0 or less: fits."""
        half_w, half_h = self.width / 2 - dp(2), self.height / 2 - dp(2)
        if half_w <= 0 or half_h <= 0:
            return float("inf")
        size = self.font_sp
        height = _text_size("X", False, size)[1] * MAP_LINE_HEIGHT
        top = len(lines) * height / 2
        worst_over = -float("inf")
        for index, (text, bold) in enumerate(lines):
            upper, lower = top - index * height, top - (index + 1) * height
            worst = max(abs(upper), abs(lower))
            room = half_w * (1 - worst / half_h) if worst < half_h else -half_w
            worst_over = max(worst_over, _text_size(text, bold, size)[0] / 2 - room)
        return worst_over


def _arrangements(words: list[tuple[str, bool]]) -> list[list[tuple[str, bool]]]:
    """Every way to set ``words`` on lines in their order, most lines first; a line
    holding the guardian's name is bold."""
    found: list[list[tuple[str, bool]]] = []
    count = len(words)
    for cuts in range(count - 1, -1, -1):  # the number of line breaks
        for breaks in itertools.combinations(range(1, count), cuts):
            edges = (0, *breaks, count)
            found.append(
                [
                    (
                        " ".join(text for text, _bold in words[a:b]),
                        any(bold for _text, bold in words[a:b]),
                    )
                    for a, b in itertools.pairwise(edges)
                ]
            )
    return found


def _markup(lines: list[tuple[str, bool]]) -> str:
    return "\n".join(f"[b]{text}[/b]" if bold else text for text, bold in lines)


@functools.cache
def _text_size(text: str, bold: bool, font_sp: float = MAP_FONT_SP) -> tuple[float, float]:
    """The size a line of map text takes on screen."""
    label = CoreLabel(text=text, font_size=sp(font_sp), bold=bold)
    label.refresh()
    width, height = label.texture.size
    return float(width), float(height)


class LocationTile(Piece, BoxLayout):
    """A guardian location: its ability and name, its wounds, the heroes on it."""

    ability = StringProperty("")
    name = StringProperty("")
    wounds = NumericProperty(0)
    capacity = NumericProperty(0)
    attached = StringProperty("")
    disabled_ability = BooleanProperty(False)
    mark = StringProperty("")


class Pips(Widget):
    """One pip per space on a card: filled when it holds a token, an outline when empty.
    Wounds are round (``shape`` "circle"), power cubes square ("square")."""

    filled = NumericProperty(0)
    capacity = NumericProperty(0)
    shape = StringProperty("circle")
    colour = ColorProperty(theme.DANGER)

    def on_filled(self, *_args: Any) -> None:
        self._draw()

    on_capacity = on_shape = on_colour = on_filled

    def on_size(self, *_args: Any) -> None:  # and on_pos: redrawn wherever it moves
        self._draw()

    on_pos = on_size

    def _draw(self) -> None:
        self.canvas.clear()
        size = self.height
        with self.canvas:
            for index in range(int(self.capacity)):
                x = self.x + index * (size + size / 3)
                full = index < self.filled
                Color(*(self.colour if full else theme.TEXT_DIM))
                if self.shape == "square":
                    if full:
                        Rectangle(pos=(x, self.y), size=(size, size))
                    else:
                        Line(rectangle=(x + 1, self.y + 1, size - 2, size - 2), width=1.2)
                elif full:
                    Ellipse(pos=(x, self.y), size=(size, size))
                else:
                    Line(circle=(x + size / 2, self.y + size / 2, size / 2 - 1), width=1.2)


class UnitChip(Piece, FloatLayout):
    """A hero unit in play: its name and map code, its wounds and power cubes."""

    name = StringProperty("")
    wounds = NumericProperty(0)
    capacity = NumericProperty(0)
    power = NumericProperty(0)
    power_spaces = NumericProperty(0)
    leader = BooleanProperty(False)
    code = StringProperty("")  # how the map names it when a space is crowded: "K1"
    short_name = StringProperty("")  # "Queen": its name in a narrow chip
    compact = BooleanProperty(False)  # a narrow chip, two to a row
    mark = StringProperty("")


class HollowMap(FloatLayout):
    """The nine spaces on a 3x3 grid turned 45 degrees, KEEP nearest the hero (RULINGS K1).
    The diamonds stretch to the room there is, wider than tall on a wide screen."""

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
        half_w = min(self.width, self.height * 1.6) / 6  # half a diamond's width
        half_h = self.height / 6
        for cell in self.children:
            a, b = getattr(cell, "at", (0, 0))
            cell.size_hint = (None, None)
            cell.size = (2 * half_w, 2 * half_h)
            cell.center = (self.center_x + (b - a) * half_w, self.y + half_h + (a + b) * half_h)


def lit(options: set[Target], kind: str) -> set[Any]:
    return {value for k, value in options if k == kind}


class CardChooser(ModalView):
    """Every card the choice may concern, in one fixed order, on large buttons: those
    that cannot be chosen now say so and, touched, say why (``on_refused``)."""

    heading = StringProperty("")
    columns = NumericProperty(3)

    def __init__(
        self,
        heading: str,
        cards: list[tuple[str, str, bool]],
        on_pick: Callable[[str], None],
        on_refused: Callable[[str], None],
        **kwargs: Any,
    ) -> None:
        """``cards``: (card id, name, whether it can be chosen now)."""
        from kivy.core.window import Window  # not at import: that would open the window

        super().__init__(**kwargs)
        self.heading = heading
        self.columns = 4 if Window.width > Window.height else 2
        for card, name, allowed in cards:
            button = TButton(
                text=name if allowed else f"{name}\n(not now)",
                role="normal" if allowed else "flat",
                halign="center",
            )
            button.card = card
            button.allowed = allowed
            button.bind(on_release=self._touched)
            self.ids.cards.add_widget(button)
        self._on_pick = on_pick
        self._on_refused = on_refused
        self.touched = False  # closed by a card (not by Close or a touch outside)

    def _touched(self, button: TButton) -> None:
        self.touched = True
        self.dismiss()
        (self._on_pick if button.allowed else self._on_refused)(button.card)

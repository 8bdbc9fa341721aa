"""Skoventyr's pieces drawn with shapes and words: Trees, cards, piles, Minions, the ring.

Every piece may carry a ``mark``: "from" and "to" for the place an instruction for the
table takes something from or puts it (a dashed and a solid outline, the instruction
naming the place in words), "hint" for the Hint's suggestion.
"""

from __future__ import annotations

import math
from typing import Any

from kivy.clock import Clock
from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.floatlayout import FloatLayout

from app.kit import theme
from app.kit.widgets import Piece, TargetButton


class Touchable(Piece):
    """Skoventyr's pieces: outlined in the game's accent while they may be touched."""

    mark = StringProperty("")  # "", "from", "to" or "hint"


class CardTile(Touchable, FloatLayout):
    title = StringProperty("")
    narrow_title = StringProperty("")  # the name on two lines, for a narrow tile
    caption = StringProperty("")
    colour = ColorProperty(theme.SURFACE_RAISED)
    narrow = BooleanProperty(False)


class PileTile(Touchable, FloatLayout):
    """A pile of cards (the deck, the discard pile): its name and what it holds."""

    title = StringProperty("")
    caption = StringProperty("")


class TreeTile(Touchable, FloatLayout):
    number = StringProperty("")
    damaged = BooleanProperty(False)
    ally = StringProperty("")  # the Ally's name, "" when none
    ally_colour = ColorProperty(theme.SURFACE_RAISED)
    revealed = BooleanProperty(False)
    vogter = BooleanProperty(False)
    gamle_erik = BooleanProperty(False)
    narrow = BooleanProperty(False)  # too narrow for a pawn's or the side's name on a line
    #: Too low for every line: the Ally's card, filled or outlined, says "revealed" or
    #: "hidden" without the word (a Forest squeezed by the Hostages, Trees lost).
    low = BooleanProperty(False)
    #: Everything it writes stays inside it (the legibility check holds it to that).
    holds_whole = True


class MinionTile(Touchable, FloatLayout):
    name = StringProperty("")  # "Lindorm 4"
    lygtemand = StringProperty("")  # the Ally the Trickster on it shows, "any Ally", or ""
    lygtemand_colour = ColorProperty(theme.SURFACE_RAISED)
    acorn = StringProperty("")  # "Acorn 1": the Acorn token on it
    lines = NumericProperty(1)  # how many of the three lines above show


class VerbButton(TargetButton):
    """An action of the Vogter cards. One that cannot be chosen now stays in its place,
    greyed, and a touch on it says why (a disabled button would swallow the touch)."""

    available = BooleanProperty(True)
    mark = StringProperty("")


#: Seven or eight Trees go round the edge of a three by three grid, clockwise from the
#: top left; (column, row) with row 0 at the bottom.
EDGE_CELLS: dict[int, list[tuple[float, float]]] = {
    8: [(0, 2), (1, 2), (2, 2), (2, 1), (2, 0), (1, 0), (0, 0), (0, 1)],
    7: [(0, 2), (1, 2), (2, 2), (2, 1), (1.5, 0), (0.5, 0), (0, 1)],
}


class ForestRing(FloatLayout):
    """Trees around an ellipse, clockwise from the top, in the Forest's order, and the
    free box in the middle (``centre_box``: x, y, width, height) for the words there."""

    trees = ObjectProperty([])  # dicts of TreeTile properties, clockwise
    on_pick = ObjectProperty(None)  # called with a tile's target
    centre_box = ListProperty([0, 0, 0, 0])

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # Placed once the layout has settled (a size and a position may come apart).
        self._place_soon = Clock.create_trigger(lambda _dt: self._place(), -1)
        self.bind(pos=self._place_soon, size=self._place_soon)

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

    def tile(self, tree_id: int) -> TreeTile | None:
        return next((t for t in self.children if t.target == ("tree", tree_id)), None)

    def _place(self) -> None:
        count = len(self.children)
        if not count:
            return
        if count <= 6:  # around an ellipse, clockwise from the top
            # At most a third: the side Trees must not touch. Two Trees (one above the
            # other, the rest lost) take more: both pawns may stand on one.
            height = self.height * (0.3 if count > 2 else 0.42)
            width = min(height * 1.35, self.width * 0.3)
            radius_x = (self.width - width) / 2
            radius_y = (self.height - height) / 2
            centres = [
                (
                    self.center_x + radius_x * math.cos(math.pi / 2 - 2 * math.pi * i / count),
                    self.center_y + radius_y * math.sin(math.pi / 2 - 2 * math.pi * i / count),
                )
                for i in range(count)
            ]
        else:  # seven or eight: around the edge of a three by three grid, clockwise
            cell_w, cell_h = self.width / 3, self.height / 3
            height = cell_h - theme.GAP
            width = min(cell_w - theme.GAP, height * 1.6)
            cells = EDGE_CELLS[count]
            centres = [
                (self.x + (col + 0.5) * cell_w, self.y + (row + 0.5) * cell_h) for col, row in cells
            ]
        for tile, centre in zip(reversed(self.children), centres, strict=True):
            tile.size_hint = (None, None)
            tile.size = (width, height)
            tile.center = centre
        self.centre_box = self._free_centre()

    def _free_centre(self) -> list[float]:
        """The largest box around the centre that no Tree covers (tried at a few
        heights), so that the words there never run over a Tree."""
        tiles = [(t.x, t.y, t.right, t.top) for t in self.children]
        best = (0.0, 0.0, 0.0)
        for step in range(1, 21):
            half_h = self.height / 2 * step / 20
            half_w = self.width / 2
            for left, bottom, right, top in tiles:
                if top <= self.center_y - half_h or bottom >= self.center_y + half_h:
                    continue  # beside the box's height: no limit across
                if right <= self.center_x:
                    half_w = min(half_w, self.center_x - right)
                elif left >= self.center_x:
                    half_w = min(half_w, left - self.center_x)
                else:
                    half_w = 0
            if half_w * half_h > best[0] * best[1] or not best[2]:
                best = (half_w, half_h, 1.0)
        half_w, half_h, _ = best
        gap = theme.GAP / 2
        half_w, half_h = max(0.0, half_w - gap), max(0.0, half_h - gap)
        return [self.center_x - half_w, self.center_y - half_h, 2 * half_w, 2 * half_h]

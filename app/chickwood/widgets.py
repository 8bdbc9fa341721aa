"""Chickwood Forest's pieces drawn with shapes and words: village cards with their rows of
alms spaces, the village grid, and the loot pad (looks in kv/chickwood_widgets.kv)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.metrics import dp
from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    DictProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from app.chickwood.look import CardLook
from app.kit import theme
from app.kit.widgets import Piece, TButton, reuse_children
from app.kv import load_kv

ROW_HEIGHT = dp(22)  # a row of alms spaces on a village card
COMPACT_ROW_HEIGHT = dp(18)  # the same in a small picture (the set-up guide's)


class SpaceDot(Label):
    fill = ColorProperty((0, 0, 0, 0))


class VillageCard(Piece, BoxLayout):
    """A village or forest card as it lies in the grid. The physical cards print no
    name: a village shows its rows (glory, then the alms spaces), as the card does."""

    forest = BooleanProperty(False)
    lit = BooleanProperty(False)
    step = NumericProperty(0)
    index = NumericProperty(0)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        #: The rows' shape it draws now (spaces a row, compact): a look of the same
        #: shape changes the dots' letters and colours in place.
        self._shape: tuple[tuple[int, ...], bool] | None = None
        self._glories: list[GloryLabel] = []
        self._spots: list[SpaceDot] = []

    def show(self, look: CardLook, compact: bool = False) -> None:
        """Draw ``look``; ``compact`` draws its rows smaller (a picture, not a board).
        Only what changed is changed: a move fills a space or two and lights other
        cards, and building every card's rows again cost each move about 76 new labels
        (a Pi's whole frame)."""
        self.forest, self.lit, self.step = look.forest, look.lit, look.step
        shape = (tuple(len(row.spaces) for row in look.rows), compact)
        if shape != self._shape:
            self._build(shape)
        for glory, row in zip(self._glories, look.rows, strict=True):
            glory.text = "-" if row.glory is None else str(row.glory)
        spaces = [space for row in look.rows for space in row.spaces]
        for spot, space in zip(self._spots, spaces, strict=True):
            spot.text, spot.fill = space.letter, space.colour

    def _build(self, shape: tuple[tuple[int, ...], bool]) -> None:
        """Rows of empty spaces, ``shape`` as ``show`` keeps it."""
        self._shape = shape
        counts, compact = shape
        box = self.ids.rows
        box.clear_widgets()
        self._glories, self._spots = [], []
        height = COMPACT_ROW_HEIGHT if compact else ROW_HEIGHT
        dot = height - dp(1)
        for count in counts:
            line = BoxLayout(spacing=dp(2), size_hint_y=None, height=height)
            glory = GloryLabel()
            if compact:
                glory.font_size = theme.MIN_TEXT
            line.add_widget(glory)
            self._glories.append(glory)
            for _ in range(count):
                spot = SpaceDot()
                spot.size = dot, dot  # after its kv rule, which draws the board's size
                line.add_widget(spot)
                self._spots.append(spot)
            line.add_widget(Widget())
            box.add_widget(line)


class GloryLabel(Label):
    pass


class VillageGrid(GridLayout):
    """The village cards as they lie on the table; touching one calls ``on_pick(index)``
    with its index in the engine's grid."""

    on_pick = ObjectProperty(None)
    compact = BooleanProperty(False)  # smaller rows: a picture of the table

    def show(self, cols: int, looks: list[tuple[int, CardLook]]) -> None:
        """Draw ``looks`` row by row, each with its index in the engine's grid."""
        self.cols = cols
        cards = reuse_children(self, len(looks), self._new_card)
        for card, (index, look) in zip(cards, looks, strict=True):
            card.index = index
            card.show(look, self.compact)

    def _new_card(self) -> VillageCard:
        card = VillageCard()
        card.bind(on_release=lambda c: self.on_pick and self.on_pick(c.index))
        return card


class PadButton(TButton):
    key = StringProperty("")
    words = StringProperty("")
    count = NumericProperty(0)


#: Keys whose words break inside a word on a key a fifth of the pad wide.
NARROW_WORDS = {
    "henchmen": "Hench-\nman",
    "legendary:travelling_entertainers": "Enter-\ntainers",
}


class LootPad(GridLayout):
    """One button per loot kind; each touch adds one card of that kind."""

    counts = DictProperty({})

    def build(self, kinds: list[tuple[str, str]], on_add: Callable[[str], Any]) -> None:
        # Five columns for the Legendary cards' keys: all 22 in sight at 800x480, no
        # key below the fold (review N12).
        self.cols = 4 if len(kinds) <= 20 else 5
        self.clear_widgets()
        for key, words in kinds:
            if self.cols == 5:
                words = NARROW_WORDS.get(key, words)
            button = PadButton(key=key, words=words)
            button.bind(on_release=lambda b: on_add(b.key))
            self.add_widget(button)
        self.on_counts()

    def on_counts(self, *_args: object) -> None:
        for button in self.children:
            button.count = self.counts.get(button.key, 0)


load_kv("chickwood_widgets.kv")

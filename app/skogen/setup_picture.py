"""The Skogen table drawn for the set-up guide, seen from above: the board with the
tokens on the start, the supplies beside it (species bags, element piles, life cards,
the die) and each player's seat (action cards, screen). Only what the steps so far have
placed is drawn, and the pieces of the step shown are outlined in the game's accent, as
the play screens mark a target. Nothing here can be touched.

Each piece is named by the words the engine's set-up steps use in ``SetupStep.shows``
(engines.skogen.setup), so the picture marks exactly what the step names.
"""

from __future__ import annotations

from typing import Any

from kivy.graphics import Color, Line, Rectangle
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from app.kit import theme
from app.kv import load_kv
from engines import skogen as G
from engines.core import SetupStep
from engines.skogen import LIFE_TYPES, STARTING_HAND
from engines.skogen import setup as S


class SkogenPiece(Widget):
    """Something a set-up step puts on the table: drawn once placed, outlined while it
    is the step's."""

    piece = StringProperty("")  # its name in the set-up steps' words
    placed = BooleanProperty(True)
    marked = BooleanProperty(False)


class TokenPiece(SkogenPiece, Label):
    """A player's token: a pill with their name."""


class BagPiece(SkogenPiece, Label):
    """A species bag: its symbol (circle, triangle, square) in its colour, and the points
    of its tiles."""

    symbol = StringProperty("circle")
    tint = ListProperty([1, 1, 1, 1])


class PilesPiece(SkogenPiece):
    """The twelve element piles, side by side."""


class LifePiece(SkogenPiece, Label):
    """A pile of life cards, its letter on top."""


class DiePiece(SkogenPiece, Label):
    """The catastrophe die."""


class CardsPiece(SkogenPiece):
    """A player's three action cards, face down."""

    cards = NumericProperty(3)


class ScreenPiece(SkogenPiece, Label):
    """A player's screen with their species tiles behind it."""


class BoardPiece(SkogenPiece, BoxLayout):
    """The board: the score track round its edge, the start square in the lower left
    corner; the tokens stand on the start square."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bind(pos=self._draw_track, size=self._draw_track)

    def _draw_track(self, *_args: object) -> None:
        self.canvas.before.clear()
        side = max(dp(8), min(self.width, self.height) / 9)
        across, up = max(2, int(self.width // side)), max(2, int(self.height // side))
        width, height = self.width / across, self.height / up
        squares = [(i, 0) for i in range(across)] + [(i, up - 1) for i in range(across)]
        squares += [(0, j) for j in range(1, up - 1)] + [(across - 1, j) for j in range(1, up - 1)]
        with self.canvas.before:
            Color(*theme.SURFACE_RAISED)
            Rectangle(pos=self.pos, size=self.size)
            Color(*theme.OUTLINE)
            for i, j in squares:
                x, y = self.x + i * width, self.y + j * height
                Line(rectangle=(x + 1, y + 1, width - 2, height - 2), width=1)
            Color(*theme.TEXT_DIM)  # the start square
            Rectangle(pos=(self.x + 2, self.y + 2), size=(width - 4, height - 4))
        # The tokens stand on the start square (review N15): the room inside the track,
        # but from the start square's corner.
        self.padding = (dp(4), height + dp(4), width + dp(4), dp(4))


class SkogenTable(BoxLayout):
    """The whole table; ``pieces`` finds each piece by its name."""

    def __init__(self, config: G.Config, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.pieces: dict[str, SkogenPiece] = {}
        tokens = self.ids.tokens
        for name in config.players:
            tokens.add_widget(self._named(TokenPiece(text=name), S.token(name)))
        self._named(self.ids.board, S.BOARD)
        self._named(self.ids.piles, S.ELEMENT_PILES)
        for name, (symbol, tint, points) in zip(S.BAGS, BAG_LOOKS, strict=True):
            bag = BagPiece(symbol=symbol, tint=tint, text=points)
            self.ids.bags.add_widget(self._named(bag, name))
        for letter in LIFE_TYPES:
            self.ids.life.add_widget(self._named(LifePiece(text=letter), S.life_cards(letter)))
        self.ids.life.add_widget(self._named(DiePiece(text="die"), S.DIE))
        for name in config.players:
            seat = Seat(name=name)
            seat.ids.things.add_widget(self._named(CardsPiece(), S.action_cards(name)))
            screen = ScreenPiece(text=str(STARTING_HAND))
            seat.ids.things.add_widget(self._named(screen, S.screen(name)))
            self.ids.seats.add_widget(seat)

    def _named(self, piece: SkogenPiece, name: str) -> SkogenPiece:
        piece.piece = name
        self.pieces[name] = piece
        return piece

    def show(self, placed: set[str], marked: tuple[str, ...]) -> None:
        """Draw the ``placed`` pieces (and the headings over them), outline ``marked``."""
        for name, piece in self.pieces.items():
            piece.placed = name in placed
            piece.marked = name in marked
        self.ids.bags_heading.opacity = 1 if placed & set(S.BAGS) else 0
        life = {S.life_cards(letter) for letter in LIFE_TYPES}
        self.ids.life_heading.opacity = 1 if placed & life else 0


class Seat(BoxLayout):
    """A player's place at the table edge: their name over what lies in front of them."""

    name = StringProperty("")


#: The bags as drawn: the symbol on their tiles' backs, their cloth's colour (muted; the
#: symbols tell them apart too) and the points of their tiles.
BAG_LOOKS = (
    ("circle", (0.42, 0.66, 0.40, 1), "1-3"),
    ("triangle", (0.38, 0.56, 0.86, 1), "6"),
    ("square", (0.80, 0.40, 0.36, 1), "5-9"),
)


def setup_picture(config: G.Config, steps: list[SetupStep], index: int, seed: int = 0) -> Widget:
    """The table after step ``index``: the pieces of the steps so far, this step's
    outlined. Nothing of this set-up is dealt: ``seed`` is not needed."""
    table = SkogenTable(config)
    table.show({name for step in steps[: index + 1] for name in step.shows}, steps[index].shows)
    return table


load_kv("skogen_setup_picture.kv")

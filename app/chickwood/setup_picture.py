"""The Chickwood Forest table as a set-up step leaves it: each player's place (alms,
hand, starting castle), the village grid, the castle piles and the loot deck, drawn with
the play screen's village cards. Pieces put out by later steps are not drawn yet; the
step's own pieces are outlined in the game's accent, as the play screen lights a target.

What each step puts out is named in the steps' ``shows`` (engines.chickwood.setup); the
picture draws a piece when an earlier or this step names it.
"""

from __future__ import annotations

from typing import Any

from kivy.core.window import Window
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ColorProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from app.chickwood.look import CardLook, alms_colour, card_rows, marks
from app.chickwood.widgets import VillageCard, VillageGrid
from app.kv import load_kv
from engines.chickwood import Config, SetupTable, setup_table
from engines.core import SetupStep


class TablePiece(Label):
    """A piece of the set-up in words on a tile (a hand, a castle, the deck): outlined
    when the step shown puts it out."""

    marked = BooleanProperty(False)


class AlmsPiece(TablePiece):
    """A player's alms: their colour as a disc with their mark, beside their name."""

    fill = ColorProperty((0, 0, 0, 0))
    letter = StringProperty("")


class SetupPicture(BoxLayout):
    """The table after one step. ``pieces`` maps each drawn piece's name (as the steps'
    ``shows`` say it) to its widget; ``marked()`` names the outlined ones."""

    def __init__(self, config: Config, drawn: set[str], marked: set[str], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.pieces: dict[str, Widget] = {}
        table = setup_table(config)
        names = config.players
        letters = marks(names)
        for seat, name in enumerate(names):
            place = BoxLayout(orientation="vertical", spacing=dp(3))
            # The name is always there; the alms disc beside it once they are taken.
            alms = AlmsPiece(text=name)
            if table.alms[seat] in drawn:
                alms.fill, alms.letter = alms_colour(seat), letters[seat]
                alms.marked = table.alms[seat] in marked
                self.pieces[table.alms[seat]] = alms
            place.add_widget(alms)
            hand = TablePiece(text=f"{config.hand_size} cards")
            self._add(place, table.hands[seat], drawn, marked, hand)
            castle = TablePiece(text=f"Castle {table.castles[seat]}")
            self._add(place, table.starting[seat], drawn, marked, castle)
            self.ids.seats.add_widget(place)
        self._draw_grid(table, drawn, marked)
        side = self.ids.side
        for value, pile in enumerate(table.piles, start=1):
            self._add(side, pile, drawn, marked, TablePiece(text=f"Castle {value}"))
        side.add_widget(Widget())  # the piles at the top, the deck at the bottom
        self._add(side, table.deck, drawn, marked, TablePiece(text="Deck"))

    def _add(
        self, box: Widget, name: str, drawn: set[str], marked: set[str], piece: TablePiece
    ) -> None:
        """Put ``piece`` in ``box`` if it is on the table yet (else keep its room)."""
        if name not in drawn:
            box.add_widget(Widget())
            return
        piece.marked = name in marked
        self.pieces[name] = piece
        box.add_widget(piece)

    def _draw_grid(self, table: SetupTable, drawn: set[str], marked: set[str]) -> None:
        grid: VillageGrid = self.ids.grid
        grid.compact = Window.height <= Window.width  # landscape: a small picture
        looks = []
        for index, cell in enumerate(table.grid.cells):
            name = table.villages[index]
            if name not in drawn:
                continue
            looks.append((index, CardLook(cell.forest, card_rows(cell.profile), name in marked)))
        if len(looks) < len(table.grid.cells):
            return  # the cards are laid all in one step: none, or all of them
        grid.show(table.grid.cols, looks)
        for card, (index, _look) in zip(grid.children[::-1], looks, strict=True):
            self.pieces[table.villages[index]] = card

    def marked(self) -> set[str]:
        """The names of the pieces drawn outlined."""
        return {
            name
            for name, piece in self.pieces.items()
            if (piece.lit if isinstance(piece, VillageCard) else piece.marked)
        }


def picture(config: Config, steps: list[SetupStep], index: int, seed: int = 0) -> SetupPicture:
    """The table after step ``index``. Nothing of this set-up is dealt: ``seed`` is not needed."""
    drawn = {name for step in steps[: index + 1] for name in step.shows}
    return SetupPicture(config, drawn, set(steps[index].shows))


load_kv("chickwood_setup.kv")

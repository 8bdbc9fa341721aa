"""The village editor: the owner's village cards, row by row (spaces and glory).

The rulebook prints no village values, so the shipped ones are assumed (RULINGS C1);
what is saved here is the owner's profile and every new game uses it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from kivy.app import App
from kivy.properties import NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from app.chickwood.profile import save_village_cards, saved_village_cards
from app.kit.popups import show_notice
from app.kit.widgets import BaseScreen, TButton
from app.kv import load_kv
from engines.chickwood import CardProfile, Row, default_cards


class RowEditor(BoxLayout):
    """One row of a village card: its alms spaces and its glory ("-" for none)."""

    number = NumericProperty(0)
    spaces = NumericProperty(1)
    glory = StringProperty("-")
    changed = ObjectProperty(None)  # called with (row index, spaces step, glory step)

    def edit(self, spaces: int = 0, glory: int = 0) -> None:
        self.changed(self.number - 1, spaces, glory)


class PickerButton(TButton):
    """A village or forest card to edit, named on two lines."""

    card = StringProperty("")


class VillageProfileScreen(BaseScreen):
    card_heading = StringProperty("")
    message = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.title = "Village cards"
        self.cards: list[CardProfile] = []
        self.history: list[list[CardProfile]] = []  # earlier versions, for Undo
        self.selected = 0

    def on_pre_enter(self, *_args: object) -> None:
        self.history = []
        self.message = ""
        try:
            self.cards = list(saved_village_cards())
        except ValueError as problem:  # a damaged profile: start again from the shipped one
            self.cards = list(default_cards())
            self.message = f"{problem} The shipped values are shown; Save replaces yours."
        self.status = "Your cards" if self.cards[0].status == "owner" else "Assumed values"
        self.select(0)

    def select(self, index: int) -> None:
        self.selected = index
        self.draw()

    # -- edits -----------------------------------------------------------------------------

    def edit(self, row: int, spaces: int = 0, glory: int = 0) -> None:
        """Change a row's spaces or glory by a step; glory below 0 means none."""
        card = self.cards[self.selected]
        old = card.rows[row]
        value = old.glory
        if glory:
            value = (value if value is not None else -1) + glory
        new_glory = None if value is None or value < 0 else value
        try:
            new_row = Row(old.spaces + spaces, new_glory)
        except ValueError as refusal:
            self.message = str(refusal)
            return
        self._change(replace(card, rows=(*card.rows[:row], new_row, *card.rows[row + 1 :])))

    def add_row(self) -> None:
        card = self.cards[self.selected]
        self._change(replace(card, rows=(*card.rows, Row(2))))

    def remove_row(self) -> None:
        card = self.cards[self.selected]
        if len(card.rows) == 1:
            self.message = "A village needs at least one row of spaces."
            return
        self._change(replace(card, rows=card.rows[:-1]))

    def _change(self, card: CardProfile) -> None:
        self.history.append(list(self.cards))
        self.cards[self.selected] = replace(card, status="owner")
        self.message = ""
        self.draw()

    def defaults(self) -> None:
        self.history.append(list(self.cards))
        self.cards = list(default_cards())
        self.draw()

    def undo(self) -> None:
        if self.history:
            self.cards = self.history.pop()
            self.draw()

    def save(self) -> None:
        save_village_cards(tuple(self.cards))
        self.history = []
        App.get_running_app().back()
        show_notice("Village cards saved", "New games use these villages from now on.")

    def on_intent(self, intent: str) -> bool:
        if intent == "undo":
            self.undo()
            return True
        if intent == "confirm":
            self.save()
            return True
        return False

    # -- drawing ---------------------------------------------------------------------------

    def draw(self) -> None:
        picker = self.ids.picker
        picker.clear_widgets()
        forests = 0
        for index, card in enumerate(self.cards):
            # The cards print no name: a village is known by its glory, as on the table.
            forests += card.forest
            words = f"Forest {forests}" if card.forest else card.glory.capitalize()
            button = PickerButton(text=words, card=card.card)
            button.role = "primary" if index == self.selected else "normal"
            button.bind(on_release=lambda _b, i=index: self.select(i))
            picker.add_widget(button)
        card = self.cards[self.selected]
        where = "" if card.in_two_player else ", not used by two players"
        if card.forest:
            self.card_heading = f"A forest: no alms spaces{where}"
        else:
            spaces = sum(row.spaces for row in card.rows)
            self.card_heading = (
                f"{card.label.capitalize()}: {len(card.rows)} rows, {spaces} spaces{where}"
            )
        rows = self.ids.rows
        rows.clear_widgets()
        for number, row in enumerate(card.rows):
            editor = RowEditor(
                number=number + 1,
                spaces=row.spaces,
                glory="-" if row.glory is None else str(row.glory),
                changed=self.edit,
            )
            rows.add_widget(editor)
        self.ids.row_buttons.opacity = 0 if card.forest else 1
        self.ids.row_buttons.disabled = card.forest
        self.ids.undo.disabled = not self.history


load_kv("chickwood_profile.kv")

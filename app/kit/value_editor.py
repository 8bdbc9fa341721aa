"""A popup to set one value: a number with large steps, yes or no, or a line of text."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.modalview import ModalView

from app.kv import load_kv


class ValueEditorPopup(ModalView):
    heading = StringProperty("")
    hint = StringProperty("")
    text = StringProperty("")
    kind = StringProperty("text")  # "number", "yes_no" or "text"
    error = StringProperty("")
    yes = BooleanProperty(False)
    save_text = StringProperty("Keep this value")
    placeholder = StringProperty("")  # shown greyed in an empty text field

    def __init__(
        self,
        heading: str,
        value: Any,
        on_save: Callable[[Any], str | None],
        hint: str = "",
        save_text: str = "Keep this value",
        placeholder: str = "",
        **kwargs: Any,
    ) -> None:
        """``on_save`` takes the new value and returns a problem in words, or None."""
        super().__init__(**kwargs)
        self.heading = heading
        self.placeholder = placeholder
        self.hint = hint
        self.save_text = save_text
        self._on_save = on_save
        self._items_are_numbers = False
        if isinstance(value, bool):
            self.kind, self.yes = "yes_no", value
        elif isinstance(value, int):
            self.kind, self.text = "number", str(value)
        elif isinstance(value, tuple):
            self._items_are_numbers = bool(value) and isinstance(value[0], int)
            self.text = "; ".join(str(item) for item in value)
            self.hint = hint or "Separate the items with ;"
        else:
            self.text = str(value)
        self._tuple = isinstance(value, tuple)

    def on_open(self) -> None:
        if self.kind == "text":  # ready to type: a touch screen shows its keyboard
            self.ids.field.focus = True

    def step(self, by: int) -> None:
        try:
            self.text = str(max(0, int(self.text) + by))
        except ValueError:
            self.error = "Type a whole number."

    def value(self) -> Any:
        if self.kind == "yes_no":
            return self.yes
        if self.kind == "number":
            return int(self.text)
        if self._tuple:
            items = [item.strip() for item in self.text.split(";") if item.strip()]
            return tuple(int(i) for i in items) if self._items_are_numbers else tuple(items)
        return self.text.strip()

    def save(self) -> None:
        try:
            value = self.value()
        except ValueError:
            self.error = "Type whole numbers only."
            return
        problem = self._on_save(value)
        if problem:
            self.error = problem
        else:
            self.dismiss()


def ask_number(heading: str, value: int, on_done: Callable[[int], object]) -> ValueEditorPopup:
    """Set a whole number with -10, -1, +1 and +10 (no keyboard needed)."""

    def save(number: int) -> None:
        on_done(number)

    popup = ValueEditorPopup(heading, value, save, save_text="Save")
    popup.open()
    return popup


load_kv("value_editor.kv")

"""A popup to pick one of many things, sorted into groups: group buttons on the left,
the group's choices in a scrolling list on the right."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.properties import ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.modalview import ModalView
from kivy.uix.widget import Widget

from app.kv import load_kv
from app.widgets import TButton


class ChoiceRow(TButton):
    index = NumericProperty(0)
    on_pick = ObjectProperty(None)


class ChoiceListPopup(ModalView):
    heading = StringProperty("")
    rows = ListProperty([])  # {"text": ..., "index": ...} for the open group

    def __init__(
        self,
        heading: str,
        groups: dict[str, list[tuple[str, Any]]],
        on_pick: Callable[[Any], None],
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.heading = heading
        self._groups = groups
        self._on_pick = on_pick
        self._open_group: list[tuple[str, Any]] = []
        for name in groups:
            button = TButton(text=name, size_hint_y=None, height=self.ids.groups.row_height)
            button.bind(on_release=lambda b: self.show_group(b.text))
            self.ids.groups.add_widget(button)
        self.ids.groups.add_widget(Widget())  # keeps the group buttons at the top
        if groups:
            self.show_group(next(iter(groups)))

    def show_group(self, name: str) -> None:
        self._open_group = self._groups[name]
        self.rows = [
            {"text": text, "index": i, "on_pick": self.pick}
            for i, (text, _) in enumerate(self._open_group)
        ]
        for button in self.ids.groups.children:
            if isinstance(button, TButton):
                button.role = "primary" if button.text == name else "normal"

    def pick(self, index: int) -> None:
        self.dismiss()
        self._on_pick(self._open_group[index][1])


load_kv("choice_list.kv")

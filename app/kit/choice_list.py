"""A popup to pick one of many things, sorted into groups: group buttons on the left,
the group's choices in a scrolling list on the right. With a single group there are
usually no group buttons: the list takes the whole width."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.properties import (
    BooleanProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.modalview import ModalView
from kivy.uix.widget import Widget

from app.kit import theme
from app.kit.widgets import TButton
from app.kv import load_kv

#: Letters past which a row of a group needs the popup's whole width.
LONG_ROW = 48


class ChoiceRow(TButton):
    index = NumericProperty(0)
    on_pick = ObjectProperty(None)


class ChoiceListPopup(ModalView):
    heading = StringProperty("")
    rows = ListProperty([])  # {"text": ..., "index": ...} for the open group
    columns = NumericProperty(2)
    row_height = NumericProperty(theme.TOUCH)
    grouped = BooleanProperty(True)  # more than one group: group buttons on the left

    def __init__(
        self,
        heading: str,
        groups: dict[str, list[tuple[str, Any]]],
        on_pick: Callable[[Any], None],
        columns: int = 2,
        row_height: float = theme.TOUCH,
        show_groups: bool | None = None,
        **kwargs: Any,
    ) -> None:
        """``columns`` of choices, each row ``row_height`` high (two lines of text fit
        in the standard height). The group buttons show when there is more than one
        group, or when ``show_groups`` says so (a group's name can be news: where)."""
        super().__init__(columns=columns, row_height=row_height, **kwargs)
        self._columns = columns
        self.heading = heading
        self._groups = groups
        self._on_pick = on_pick
        self._open_group: list[tuple[str, Any]] = []
        self.grouped = len(groups) > 1 if show_groups is None else show_groups
        for name in groups if self.grouped else ():
            button = TButton(text=name, size_hint_y=None, height=self.ids.groups.row_height)
            button.bind(on_release=lambda b: self.show_group(b.text))
            self.ids.groups.add_widget(button)
        self.ids.groups.add_widget(Widget())  # keeps the group buttons at the top
        if groups:
            self.show_group(next(iter(groups)))

    def show_group(self, name: str) -> None:
        self._open_group = self._groups[name]
        # A group of long rows (a score's lines) one to a line, so that each fits.
        long = any(len(text) > LONG_ROW for text, _ in self._open_group)
        self.columns = 1 if long else self._columns
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

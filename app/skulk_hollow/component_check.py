"""The component check: the owner corrects, once, every value the rulebook does not print.

The engine ships these values marked ``assumed`` (RULINGS K3). Corrections are checked by
the engine as they are typed and kept as the owner's profile, which every new game uses.
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import ListProperty, StringProperty
from kivy.uix.widget import Widget

from app.choice_list import ChoiceRow  # noqa: F401  (the list's rows, named in kv)
from app.kv import load_kv
from app.popups import ask, show_notice
from app.skulk_hollow.look import title
from app.skulk_hollow.options import owner_profile
from app.value_editor import ValueEditorPopup
from app.widgets import BaseScreen, TButton
from engines import skulk_hollow as K

PROFILE = "skulk_hollow"


def describe(path: str) -> str:
    """ "grak.location.gaze.wounds" -> "GAZE location: wounds"."""
    parts = path.split(".")
    field = parts[-1].replace("_", " ")
    if parts[1] == "location":
        return f"{parts[2].upper()} location: {field}"
    if parts[1] == "card":
        return f"{title(parts[2])} card: {field}"
    if parts[1] == "space":
        return f"{title(parts[2])}: {'place on the grid' if field == 'at' else field}"
    if parts[1] == "mat":
        return f"Foxen mat: {field}"
    return f"{title(parts[2])}: {field}"


def shown(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return "; ".join(str(item) for item in value)
    return str(value)


class ComponentCheckScreen(BaseScreen):
    rows = ListProperty([])
    group = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.title = "Check your components"
        self.defaults = dict(K.assumed_values())
        self.edits: dict[str, Any] = {}
        self.groups: dict[str, list[str]] = {}
        for path in self.defaults:
            self.groups.setdefault(self._group_of(path), []).append(path)
        for name in self.groups:
            button = TButton(text=name, size_hint_y=None, height=self.ids.groups.row_height)
            button.bind(on_release=lambda b: setattr(self, "group", b.text))
            self.ids.groups.add_widget(button)
        self.ids.groups.add_widget(Widget())  # keeps the group buttons at the top

    @staticmethod
    def _group_of(path: str) -> str:
        head = path.split(".")[0]
        return {"map": "Map", "foxen": "Foxen"}.get(head, title(head))

    def on_pre_enter(self, *_args: object) -> None:
        self.edits = {c.path: c.value for c in owner_profile()}
        self.group = self.group or next(iter(self.groups))
        self.refresh()

    def on_group(self, *_args: object) -> None:
        for button in self.ids.groups.children:
            if isinstance(button, TButton):
                button.role = "primary" if button.text == self.group else "normal"
        self.refresh()

    def refresh(self) -> None:
        paths = self.groups.get(self.group, [])
        self.rows = [
            {
                "text": f"{describe(path)} = {shown(self.value(path))}"
                + ("   (yours)" if path in self.edits else ""),
                "index": index,
                "on_pick": self.edit,
            }
            for index, path in enumerate(paths)
        ]
        corrected = len(self.edits)
        self.status = f"{corrected} correction{'s' if corrected != 1 else ''}"

    def value(self, path: str) -> Any:
        return self.edits.get(path, self.defaults[path])

    def edit(self, index: int) -> None:
        path = self.groups[self.group][index]
        ValueEditorPopup(
            describe(path),
            self.value(path),
            lambda value: self.correct(path, value),
            hint=f"As printed on your {self.group} components.",
        ).open()

    def correct(self, path: str, value: Any) -> str | None:
        """Keep a correction if the engine accepts it; else say why, in its words."""
        edits = {**self.edits, path: value}
        if value == self.defaults[path]:
            edits.pop(path)
        try:
            K.Config(profile=tuple(K.Correction(p, v) for p, v in sorted(edits.items())))
        except ValueError as problem:
            return str(problem)
        self.edits = edits
        self.refresh()
        return None

    def save(self) -> None:
        App.get_running_app().store.save_profile(PROFILE, self.edits)
        show_notice("Saved", "New Skulk Hollow games will use your components' values.")

    def restore_defaults(self) -> None:
        def restore() -> None:
            self.edits = {}
            self.refresh()

        ask(
            "Use the shipped values?",
            "Your corrections are dropped from this screen; Save to make it last.",
            "Use shipped values",
            restore,
        )


load_kv("skulk_hollow_check.kv")

"""The component check: the owner corrects, once, every value the rulebook does not print.

The engine ships these values marked ``assumed`` (RULINGS K3). Corrections are checked by
the engine as they are typed and kept as the owner's profile, which every new game uses.
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import ListProperty, StringProperty
from kivy.uix.widget import Widget

from app.kit.choice_list import ChoiceRow  # noqa: F401  (the list's rows, named in kv)
from app.kit.popups import ask, show_notice
from app.kit.value_editor import ValueEditorPopup
from app.kit.widgets import BaseScreen, TButton
from app.kv import load_kv
from app.skulk_hollow.look import title
from app.skulk_hollow.options import owner_profile
from engines import skulk_hollow as K
from engines.skulk_hollow import action_name

PROFILE = "skulk_hollow"


#: What each value of a component is, as the owner reads it on the real piece.
FIELDS: dict[str, str] = {
    "name": "name",
    "ability": "ability it stops when full",
    "wounds": "wound spaces",
    "slots": "figure slots",
    "lowest": "heroes leap on here",
    "connected": "dotted lines lead to",
    "count": "copies in the deck",
    "options": "actions",
    "power": "power spaces",
    "figures": "figures in the box",
    "cards": "cards in the deck",
    "actions": "action icons",
    "hand_size": "hand size",
    "at": "place on the map",
}


#: How to type the values that are not a plain number or name.
HINTS: dict[str, str] = {
    "at": "Steps up-left; steps up-right from KEEP, as you sit: 1; 0 is the left TOWN.",
    "options": "The card's actions, split by ; - a MOVE lists its arrows: move:up,up_left",
    "connected": "The abilities of the locations its dotted lines lead to, split by ;",
    "actions": "The action icons on the card, split by ; (leap, melee, missile)",
}


def describe(path: str) -> str:
    """ "grak.location.gaze.wounds" -> "GAZE location: wound spaces"."""
    parts = path.split(".")
    field = FIELDS.get(parts[-1], parts[-1].replace("_", " "))
    if parts[1] == "location":
        return f"{parts[2].upper()} location: {field}"
    if parts[1] == "card":
        return f"{title(parts[2])} card: {field}"
    if parts[1] == "space":
        return f"{parts[2].replace('_', ' ').upper()}: {field}"
    if parts[1] == "mat":
        return f"Foxen mat: {field}"
    return f"{title(parts[2])}: {field}"


def shown(path: str, value: Any) -> str:
    """A value as the owner would say it ("yes", "SWING, THROW", "left of its row")."""
    field = path.rsplit(".", 1)[-1]
    if isinstance(value, bool):
        return "yes" if value else "no"
    if field == "at" and isinstance(value, tuple):
        a, b = value  # steps up-left and up-right from KEEP (RULINGS K1)
        side = "in the middle" if a == b else ("on the left" if a > b else "on the right")
        return f"row {a + b + 1} from KEEP, {side}"
    if field == "options" and isinstance(value, tuple):
        return "; ".join(_option(str(option)) for option in value)
    if field in ("connected", "actions", "ability") and value:
        items = value if isinstance(value, tuple) else (value,)
        return ", ".join(action_name(str(item)) for item in items)
    if isinstance(value, tuple):
        return "; ".join(str(item) for item in value)
    return str(value)


def _option(option: str) -> str:
    """ "move:up,up_left" -> "MOVE up, up-left"; "gain_power:1" -> "GAIN POWER 1"."""
    action, _, detail = option.partition(":")
    words = detail.replace("_", "-").replace(",", ", ")
    return f"{action_name(action)} {words}".strip()


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
                "text": f"{describe(path)} = {shown(path, self.value(path))}"
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
        field = path.rsplit(".", 1)[-1]
        ValueEditorPopup(
            describe(path),
            self.value(path),
            lambda value: self.correct(path, value),
            hint=HINTS.get(field, f"As printed on your {self.group} components."),
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


load_kv("skulk_hollow_profile.kv")

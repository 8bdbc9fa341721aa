"""Small widgets every screen uses: buttons, the top bar, the bottom bar, cards.

Their looks are in kv/widgets.kv; this module holds only their properties.
"""

from __future__ import annotations

from collections.abc import Callable

from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    ObjectProperty,
    OptionProperty,
    StringProperty,
)
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen
from kivy.uix.widget import Widget

from app import theme
from app.kv import load_kv
from app.tap_guard import GuardedButtonBehavior


class TButton(GuardedButtonBehavior, Label):
    """A large rounded touch button. ``role`` picks its colour: the primary action of a
    screen stands out, a dangerous one is red and says so in its text. Like every piece,
    it ignores taps for a moment after the screen changes (app.tap_guard)."""

    role = OptionProperty("normal", options=["normal", "primary", "danger", "flat"])
    accent = ColorProperty(theme.ACCENT)


class Piece(GuardedButtonBehavior):
    """Something drawn on a game's board that stands for a touch target (a Tree, a card, a
    map space): ``touchable`` lights it, ``dimmed`` fades it while something else is
    being chosen, ``selected`` marks a touch already made."""

    target = ObjectProperty(None, allownone=True)
    touchable = BooleanProperty(False)
    dimmed = BooleanProperty(False)
    selected = BooleanProperty(False)


class TargetButton(TButton):
    """A button that stands for a touch target (see app.touch_select), like a piece does."""

    target = ObjectProperty(None, allownone=True)
    touchable = BooleanProperty(False)


class BackButton(TButton):
    """Back to the previous screen: a drawn chevron and the word, never an icon alone."""


class TopBar(BoxLayout):
    title = StringProperty("")
    status = StringProperty("")
    show_back = BooleanProperty(True)


class BottomBar(BoxLayout):
    pass


class Panel(BoxLayout):
    """A raised, rounded area grouping related content."""

    heading = StringProperty("")


class BaseScreen(Screen):
    """A screen with the standard top bar. Subclasses react to the physical controls
    (and their desktop keys) by overriding ``on_intent``."""

    title = StringProperty("")
    status = StringProperty("")

    def on_intent(self, intent: str) -> bool:
        """Handle confirm / undo / menu; return True if it was used."""
        return False


def reuse_children(box: Widget, count: int, make: Callable[[], Widget]) -> list[Widget]:
    """Give ``box`` exactly ``count`` children, reusing those it has (building widgets is
    the slow part of a redraw), and return them in display order."""
    while len(box.children) > count:
        box.remove_widget(box.children[0])
    while len(box.children) < count:
        box.add_widget(make())
    return list(reversed(box.children))


load_kv("widgets.kv")

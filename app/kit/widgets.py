"""Small widgets every screen uses: buttons, the top bar, the bottom bar, cards.

Their looks are in kv/widgets.kv; this module holds only their properties.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.core.text.markup import MarkupLabel
from kivy.metrics import sp
from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    NumericProperty,
    ObjectProperty,
    OptionProperty,
    StringProperty,
)
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen
from kivy.uix.widget import Widget

from app.kit import theme
from app.kit.tap_guard import GuardedButtonBehavior
from app.kv import load_kv


class FittingLabel(Label):
    """A Label whose text fits its box (its ``text_size``): text that does not fit at its
    font size, in ``max_lines`` lines (one when ``shorten``), is set smaller, a point at a
    time down to ``min_font_size``. Only text that does not fit even then is cut (and
    app.kit.legibility reports it). The font size set from outside is the size wanted."""

    min_font_size = NumericProperty(theme.MIN_TEXT)
    #: Label's own NumericProperty, named here for the type checker (Kivy has no types).
    font_size: float

    def __init__(self, **kwargs: Any) -> None:
        self._wanted_font_size: float | None = None
        self._fitting = False
        # -1: before the next frame is drawn, so the text never shows at the wrong size.
        self._fit_soon = Clock.create_trigger(self._fit, -1)
        super().__init__(**kwargs)
        for name in ("text", "text_size", "max_lines", "shorten", "bold", "padding"):
            self.fbind(name, self._fit_soon)

    def on_font_size(self, _label: Any, size: float) -> None:
        if not self._fitting:
            self._wanted_font_size = size
            self._fit_soon()

    def _fit(self, *_args: Any) -> None:
        wanted: float = self._wanted_font_size or self.font_size
        smallest = min(wanted, self.min_font_size)
        size = wanted
        while size > smallest and not self._fits(size):
            size = max(smallest, size - sp(1))
        self._fitting = True
        self.font_size = size
        self._fitting = False

    def _fits(self, font_size: float) -> bool:
        box_width, box_height = self.text_size
        if box_width is None or not self.text.strip():
            return True  # the label grows with its text
        left, top, right, bottom = self.padding
        width = box_width - left - right
        height = (box_height if box_height is not None else self.height) - top - bottom
        core = (MarkupLabel if self.markup else CoreLabel)(
            text=self.text,
            font_size=font_size,
            font_name=self.font_name,
            bold=self.bold,
            italic=self.italic,
            line_height=self.line_height,
            text_size=(width, None),
        )
        _width, text_height = core.render()
        lines = core._cached_lines
        allowed = 1 if self.shorten else (self.max_lines or len(lines))
        # Kivy breaks a word too long for a line between letters: "Comman / d".
        words = self.text.split() if not self.markup else []
        return (
            len(lines) <= allowed
            and text_height <= height + 0.5
            and all(line.w <= width + 0.5 for line in lines)
            and all(core.get_extents(word)[0] <= width + 0.5 for word in words)
        )


class TButton(GuardedButtonBehavior, FittingLabel):
    """A large rounded touch button. ``role`` picks its colour: the primary action of a
    screen stands out, a dangerous one is red and says so in its text. Like every piece,
    it ignores taps for a moment after the screen changes (app.kit.tap_guard)."""

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
    """A button that stands for a touch target (see app.kit.touch_select), like a piece does."""

    target = ObjectProperty(None, allownone=True)
    touchable = BooleanProperty(False)


class BackButton(TButton):
    """Back to the previous screen: a drawn chevron and the word, never an icon alone."""


class TopBar(BoxLayout):
    """Back, the screen's title and its status, then any buttons the screen adds. The
    title is never cut: it is set smaller or on two lines; in a portrait window the
    status has a line of its own under the title."""

    title = StringProperty("")
    status = StringProperty("")
    warning = BooleanProperty(False)  # the status is a warning: in the danger colour
    show_back = BooleanProperty(True)
    portrait = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        from kivy.core.window import Window  # not on import: that would open the window

        Window.bind(size=self._follow_window)
        self._follow_window(Window, Window.size)

    def _follow_window(self, _window: Any, size: tuple[int, int]) -> None:
        self.portrait = size[1] > size[0]


class BottomBar(BoxLayout):
    pass


class Prompt(Label):
    """What the player is asked to do now: never scrolled, never cut, its words all in
    sight (the legibility check holds it to that)."""

    holds_whole = True


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


def refusal_page(message: str, close: Callable[[], None]) -> Widget:
    """The whole window of a copy of the app that will not start: why, and Close."""
    page = BoxLayout(orientation="vertical", padding=theme.TOUCH / 2, spacing=theme.TOUCH / 2)
    words = FittingLabel(text=message, font_size=theme.BODY, halign="center", valign="middle")
    words.bind(size=lambda label, size: setattr(label, "text_size", size))
    page.add_widget(words)
    button = TButton(
        text="Close",
        size_hint=(None, None),
        size=(theme.TOUCH * 3, theme.TOUCH),
        pos_hint={"center_x": 0.5},
    )
    button.bind(on_release=lambda *_args: close())
    page.add_widget(button)
    return page


load_kv("widgets.kv")

"""The instruction for the table being told now, shown large (the chain itself is
app.play.telling's). Each game places the panel on its play screen and marks the
instruction's ``places`` on its board."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.metrics import sp
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from app.kit import theme
from app.kv import load_kv
from app.play.telling import Telling

#: The sizes an instruction's words may take, largest first.
WORD_SIZES = (theme.BODY + sp(2), theme.BODY, theme.LABEL, theme.MIN_TEXT)


class InstructionPanel(BoxLayout):
    """The current instruction, large: a heading with the place in the chain, the words,
    and the reason (dim). Done lives in the screen's bottom bar, on the right."""

    heading = StringProperty("")
    position = StringProperty("")
    words = StringProperty("")
    reason = StringProperty("")
    words_size = NumericProperty(theme.BODY + sp(2))
    #: All its text is in sight, inside it (the legibility check holds it to that).
    holds_whole = True

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._fit_soon = Clock.create_trigger(lambda _dt: self.fit(), -1)
        self.bind(words=self._fit_soon, reason=self._fit_soon, heading=self._fit_soon)
        self.bind(size=self._fit_soon)

    def fit(self) -> None:
        """The instruction's words as large as they can be with everything inside the
        panel: a long one gets smaller type rather than running out of it."""
        words, reason, heading = self.ids.words_label, self.ids.reason_label, self.ids.heading_row
        # Measured at the width the words will have once laid out: the labels' own may
        # still be one from an earlier layout, which would count too few lines.
        width = self.width - self.padding[0] - self.padding[2]
        words.text_size = reason.text_size = (width, None)
        reason.texture_update()
        for size in WORD_SIZES:
            self.words_size = size
            words.texture_update()
            # A gap between each two children: the empty filler at the bottom has one too.
            needed = self.padding[1] + self.padding[3] + self.spacing * (len(self.children) - 1)
            needed += heading.height + words.texture_size[1] + reason.height
            if needed <= self.height:
                return

    def on_touch_up(self, touch: Any) -> bool:
        """A touch on the instruction says it again, when it is read aloud."""
        if self.collide_point(*touch.pos) and touch.grab_current is None:
            App.get_running_app().say_again()
        return bool(super().on_touch_up(touch))

    def show(self, chain: Telling) -> None:
        current = chain.current
        self.heading = chain.heading or "On the table"
        self.position = chain.position
        self.words = current.words if current is not None else ""
        self.reason = chain.reason


load_kv("instructions.kv")

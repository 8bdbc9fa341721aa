"""The instruction for the table being told now, shown large (the chain itself is
app.play.telling's). Each game places the panel on its play screen and marks the
instruction's ``places`` on its board."""

from __future__ import annotations

from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout

from app.kv import load_kv
from app.play.telling import Telling


class InstructionPanel(BoxLayout):
    """The current instruction, large: a heading with the place in the chain, the words,
    and the reason (dim). Done lives in the screen's bottom bar, on the right."""

    heading = StringProperty("")
    position = StringProperty("")
    words = StringProperty("")
    reason = StringProperty("")
    #: All its text is in sight, inside it (the legibility check holds it to that).
    holds_whole = True

    def show(self, chain: Telling) -> None:
        current = chain.current
        self.heading = chain.heading or "On the table"
        self.position = chain.position
        self.words = current.words if current is not None else ""
        self.reason = chain.reason


load_kv("instructions.kv")

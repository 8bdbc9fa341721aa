"""Start the real app, print the modules loaded when its first frame is shown, then what
Home shows once start-up is complete."""

from __future__ import annotations

import sys
from typing import Any

from app.kivy_setup import configure

configure()

from kivy.clock import Clock  # noqa: E402
from kivy.core.window import Window  # noqa: E402
from kivy.uix.label import Label  # noqa: E402

from app.application import TablesideApp  # noqa: E402


class Probe(TablesideApp):
    def on_start(self) -> None:
        super().on_start()
        Window.bind(on_flip=self.first_frame)

    def first_frame(self, *_args: Any) -> None:
        Window.unbind(on_flip=self.first_frame)
        print("LOADED " + " ".join(sorted(sys.modules)), flush=True)
        Clock.schedule_once(self.report, 0.5)  # the rest of start-up comes a frame later

    def report(self, _dt: float) -> None:
        home = self.root.get_screen("home")
        texts = [w.text for w in home.walk() if isinstance(w, Label) and w.opacity and w.text]
        print("HOME " + " | ".join(texts), flush=True)
        self.stop()


if __name__ == "__main__":
    Probe().run()

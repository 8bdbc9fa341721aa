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
        # The rest of start-up comes a frame later; a loaded machine is slower, so look
        # every tenth of a second for up to five.
        self.waited = 0.0
        Clock.schedule_interval(self.report, 0.1)

    def report(self, dt: float) -> bool:
        self.waited += dt
        home = self.root.get_screen("home")
        texts = [w.text for w in home.walk() if isinstance(w, Label) and w.opacity and w.text]
        if "Resume" not in texts and self.waited < 5:
            return True
        print("HOME " + " | ".join(texts), flush=True)
        self.stop()
        return False


if __name__ == "__main__":
    Probe().run()

"""Start the real app, wait for its start-up notice, print what a person would read."""

from __future__ import annotations

from app.kivy_setup import configure

configure()

from kivy.clock import Clock  # noqa: E402
from kivy.core.window import Window  # noqa: E402

from app.application import TablesideApp  # noqa: E402
from app.popups import MessagePopup  # noqa: E402


class Probe(TablesideApp):
    def on_start(self) -> None:
        super().on_start()
        Clock.schedule_once(self.report, 1.0)

    def report(self, _dt: float) -> None:
        for child in Window.children:
            if isinstance(child, MessagePopup):
                print("NOTICE " + child.message.replace("\n", " "), flush=True)
        print(f"PLAYERS {len(self.store.players())}", flush=True)
        self.stop()


if __name__ == "__main__":
    Probe().run()

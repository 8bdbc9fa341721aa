"""Start the real app on saved games another program holds, try to start a game, and
print what a person would read: the app must go on, saying why nothing was saved."""

from __future__ import annotations

from app.kivy_setup import configure

configure()

from kivy.clock import Clock  # noqa: E402
from kivy.core.window import Window  # noqa: E402

from app.application import TablesideApp  # noqa: E402
from app.games import BY_KEY  # noqa: E402
from app.popups import MessagePopup  # noqa: E402


class Probe(TablesideApp):
    def on_start(self) -> None:
        super().on_start()
        Clock.schedule_once(self.try_to_play, 1)

    def try_to_play(self, _dt: float) -> None:
        for popup in [c for c in Window.children if isinstance(c, MessagePopup)]:
            print("NOTICE " + popup.message.replace("\n", " "), flush=True)
            popup.dismiss()
        Clock.schedule_once(self.report, 0.5)
        self.start_game(BY_KEY["skogen"], None, ["Ana", "Bo"])  # raises StorageFault

    def report(self, _dt: float) -> None:
        for popup in [c for c in Window.children if isinstance(c, MessagePopup)]:
            print("REFUSED " + popup.message.replace("\n", " "), flush=True)
        print(f"SCREEN {self.root.current}", flush=True)
        self.stop()


if __name__ == "__main__":
    Probe().run()

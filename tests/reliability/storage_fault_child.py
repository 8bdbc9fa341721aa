"""Start the real app on saved games another program holds, try to start a game, and
print what a person would read: the app must go on, saying why nothing was saved."""

from __future__ import annotations

from app.kivy_setup import configure

configure()

from kivy.clock import Clock  # noqa: E402
from kivy.core.window import Window  # noqa: E402

from app.application import TablesideApp  # noqa: E402
from app.games import BY_KEY  # noqa: E402
from app.kit.popups import MessagePopup  # noqa: E402


def popups() -> list[MessagePopup]:
    return [child for child in Window.children if isinstance(child, MessagePopup)]


class Probe(TablesideApp):
    """Looks every tenth of a second (a loaded machine is slow), for at most ten."""

    waited = 0.0
    tried = False

    def on_start(self) -> None:
        super().on_start()
        Clock.schedule_interval(self.look, 0.1)

    def look(self, dt: float) -> bool:
        self.waited += dt
        shown = popups()
        if not shown and self.waited < 10:
            return True
        for popup in shown:
            print(("REFUSED " if self.tried else "NOTICE ") + popup.message.replace("\n", " "))
            popup.dismiss()
        if self.tried:
            print(f"SCREEN {self.root.current}", flush=True)
            self.stop()
            return False
        self.tried, self.waited = True, 0.0
        # Raises StorageFault in a callback of its own: the app must tell it and go on.
        Clock.schedule_once(lambda _dt: self.start_game(BY_KEY["skogen"], None, ["Ana", "Bo"]))
        return True


if __name__ == "__main__":
    Probe().run()

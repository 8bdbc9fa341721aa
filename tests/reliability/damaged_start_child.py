"""Start the real app, wait for its start-up notice, print what a person would read.

The notice comes once the saved games are opened, checked and mended if damaged, after
the first frame: the probe looks for it every tenth of a second (a loaded machine is
slower), waits for the check and the mending however long they take, and reports after
at most five seconds when a healthy start shows none."""

from __future__ import annotations

from app.kivy_setup import configure

configure()

from kivy.clock import Clock  # noqa: E402
from kivy.core.window import Window  # noqa: E402

from app.application import TablesideApp  # noqa: E402
from app.kit.popups import MessagePopup  # noqa: E402


class Probe(TablesideApp):
    waited = 0.0

    def on_start(self) -> None:
        super().on_start()
        Clock.schedule_interval(self.report, 0.1)

    def report(self, dt: float) -> bool:
        self.waited += dt
        notices = [child for child in Window.children if isinstance(child, MessagePopup)]
        saved_games = self.saved_games
        # Not yet open, or damage found and its mending about to start (a minute at most).
        to_mend = not saved_games.is_open or self.store.needs_mending is not None
        if saved_games.mending or saved_games.checking or (to_mend and self.waited < 60):
            return True
        if not notices and self.waited < 5:
            return True  # look again (a damaged file's notice comes once it is mended)
        for notice in notices:
            print("NOTICE " + notice.message.replace("\n", " "), flush=True)
        print(f"PLAYERS {len(self.store.players())}", flush=True)
        self.stop()
        return False


if __name__ == "__main__":
    Probe().run()

"""Start the real app on an empty database, touch nothing, and print how many frames it
showed: as soon as there are two, or after 30 s (a busy machine draws slowly)."""

from __future__ import annotations

from typing import Any

from app.kivy_setup import configure

configure()

from kivy.clock import Clock  # noqa: E402
from kivy.core.window import Window  # noqa: E402

from app.application import TablesideApp  # noqa: E402


class Counter(TablesideApp):
    frames = 0

    def on_start(self) -> None:
        super().on_start()
        Window.bind(on_flip=self.count)
        Clock.schedule_once(self.report, 30)

    def count(self, *_args: Any) -> None:
        self.frames += 1
        if self.frames == 2:
            # Reported on the next tick, so that a third frame could still be counted.
            Clock.schedule_once(self.report)

    def report(self, _dt: float) -> None:
        Clock.unschedule(self.report)
        print(f"FRAMES {self.frames}", flush=True)
        self.stop()


if __name__ == "__main__":
    Counter().run()

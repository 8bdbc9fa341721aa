"""The legibility sweep: seeded whole games of every game, played by bots in the real app
window, every state they reach checked as a person would see it (app.kit.legibility).

Where the screenshots (app.tools.screenshots) show scenes made for them, the sweep shows what
real games come to: late, crowded boards, long instructions, many heroes. Skulk Hollow
and Skoventyr are played through their controllers by seeded players (app.<game>.
autoplay), the guardian's thinking done at once; Chickwood Forest and Skogen by random
legal moves through their screens' own ``take``. Every ``reopen_every``-th state of the
two automated games, the game is also left and opened again, and the window must read as
it did: what the table is owed is saved with the game, not kept by the screen.

``python -m app --sweep`` runs it all (``--size``, ``--games``, ``--seeds``, ``--steps``);
the test suite runs a short one (tests/ui/test_sweep.py).
"""

from __future__ import annotations

import importlib
import shutil
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kivy.base import EventLoop, runTouchApp
from kivy.core.window import Window
from kivy.uix.modalview import ModalView

from app.application import TablesideApp
from app.exchange import usb_sticks
from app.games import BY_KEY, GAMES, GameInfo
from app.kit import legibility, tap_guard
from app.kit.frames import settle, tick
from app.play.game_screen import GameScreen
from app.storage import clock_check, volatile
from app.tools.sweep_plan import SweepPlan


@dataclass
class Sweep:
    """What a sweep found: states checked, states opened again, each problem with how
    often and where it was first seen."""

    states: int = 0
    reopened: int = 0
    seconds: float = 0.0
    problems: dict[str, tuple[int, str]] = field(default_factory=dict)

    def note(self, found: list[str], where: str) -> bool:
        """Count ``found`` at ``where``; whether any of it is new."""
        new = False
        for problem in found:
            count, first = self.problems.get(problem, (0, where))
            self.problems[problem] = (count + 1, first)
            new = new or count == 0
        return new

    def report(self, size: str) -> str:
        head = (
            f"Checked {self.states} states of seeded whole games at {size} "
            f"({self.reopened} of them opened again) in {self.seconds:.0f} s"
        )
        if not self.problems:
            return f"{head}: all readable and touchable, and each read the same opened again."
        lines = [f"{head}: {len(self.problems)} problems."]
        for problem, (count, first) in sorted(self.problems.items(), key=lambda p: -p[1][0]):
            lines.append(f"  - {problem} ({count} states; first: {first})")
        return "\n".join(lines)


class StillBar:
    """Where each button of the bottom bar stood in the state before: a button still
    there with the same words must still be under the point a finger aimed at."""

    def __init__(self) -> None:
        self.centres: dict[str, tuple[float, float]] = {}

    def moved(self, seen: list[legibility.Seen]) -> list[str]:
        moved = []
        centres = {}
        for item in seen:
            if not (item.touch and item.text and "BottomBar" in item.where):
                continue
            x, y, width, height = item.box
            centres[item.text] = (x + width / 2, y + height / 2)
            before = self.centres.get(item.text)
            if before is not None and not (x <= before[0] <= x + width):
                moved.append(f'"{item.text}" moved in the bar, from x {before[0]:.0f}')
        self.centres = centres
        return moved


#: How often (in states checked) a state is checked with a Hint shown, in a game whose plan
#: can show one.
HINT_EVERY = 5


class SweepApp(TablesideApp):
    """The real app on a throwaway database, run a frame at a time by the sweep."""

    def __init__(self) -> None:
        self._tmp = Path(tempfile.mkdtemp(prefix="tableside-sweep-"))
        clock_check.SYSTEM = clock_check.ClockCheck(kernel_synchronized=lambda: True)
        nowhere = self._tmp / "no-such-probe"  # the saved games count as kept on a card
        volatile.SYSTEM = volatile.Machine(nowhere, nowhere)
        usb_sticks.ROOT = self._tmp / "no-usb-sticks"
        super().__init__(db_path=self._tmp / "sweep.db")

    def on_stop(self) -> None:
        super().on_stop()
        shutil.rmtree(self._tmp, ignore_errors=True)


#: Frames of layout to let a screen settle before it is drawn and measured.
SETTLE = 2


def close_popups() -> None:
    popups = [child for child in Window.children if isinstance(child, ModalView)]
    for popup in popups:
        popup.dismiss(animation=False)
    if popups:
        tick(1)


def shown_texts() -> list[tuple[str, tuple[float, ...]]]:
    """What the window shows, as words and where: to compare before and after opening a
    game again."""
    return [
        (item.text or item.shows, tuple(round(v) for v in item.box))
        for item in legibility.measure()
        if item.text or item.shows
    ]


def sweep(
    games: list[str],
    seeds: int,
    steps: int,
    every: int = 1,
    shots: Path | None = None,
    reopen_every: int = 10,
) -> Sweep:
    """Play ``seeds`` seeded games of each config of each of ``games`` (at most ``steps``
    steps each), checking every ``every``-th state (every one by default); needs the app
    started (``run_sweep``). With ``shots``, the window where each problem is first seen
    is saved there as a PNG."""
    app: SweepApp = TablesideApp.get_running_app()
    found = Sweep()
    began = time.monotonic()
    for key in games:
        game = BY_KEY[key]
        plan = sweep_plan(game)
        for number, (config, names) in enumerate(plan.configs):
            for seed in range(1, seeds + 1):
                close_popups()
                app.home()
                app.start_game(game, config, names, seed=seed)
                close_popups()  # the deal, told once
                screen = app.current_screen
                assert isinstance(screen, GameScreen)
                player = plan.player(seed)
                bar = StillBar()
                for step in range(steps):
                    if step % every and player.step(screen):
                        continue  # not checked: on to the next state
                    where = f"{key} config {number + 1} seed {seed} step {step}"
                    hinted = plan.hint is not None and found.states % HINT_EVERY == 0
                    hinted = hinted and plan.hint is not None and plan.hint(screen)
                    _check(found, screen, plan, bar if every == 1 else None, where, shots)
                    if hinted:
                        _put_hint_away(screen)
                    elif plan.reopen and _time_to_reopen(screen, found.states, reopen_every):
                        found.note(_reopened(app, screen), where)
                        found.reopened += 1
                    close_popups()
                    if not player.step(screen):
                        break
    found.seconds = time.monotonic() - began
    return found


def sweep_plan(game: GameInfo) -> SweepPlan:
    """What the sweep plays of ``game``: its demo module's ``SWEEP``."""
    if not game.demo_path:
        raise ValueError(f"{game.title} has no demonstration games to sweep.")
    plan: SweepPlan = importlib.import_module(game.demo_path).SWEEP
    return plan


def swept_games() -> list[str]:
    """The games the sweep plays unless told otherwise: those with a plan."""
    return [
        game.key
        for game in GAMES
        if game.demo_path and hasattr(importlib.import_module(game.demo_path), "SWEEP")
    ]


def _check(
    found: Sweep, screen: Any, plan: SweepPlan, bar: StillBar | None, where: str, shots: Path | None
) -> None:
    """Measure the window as it stands and note its problems (with ``bar``, a button
    moved since the state before); a picture where a problem is first seen."""
    if plan.reopen:
        screen.draw()  # the controller moved on without the screen
    settle(SETTLE)
    seen = legibility.measure()
    new = found.note(legibility.problems(seen), where)
    if bar is not None:
        new = found.note(bar.moved(seen), where) or new
    if new and shots is not None:
        shots.mkdir(parents=True, exist_ok=True)
        picture = shots / f"{where.replace(' ', '_')}.png"
        shutil.move(Window.screenshot(str(picture)), picture)
    found.states += 1


def _put_hint_away(screen: Any) -> None:
    """The Hint was shown for one state only."""
    screen.controller.show_hint(None)


def _time_to_reopen(screen: Any, checked: int, reopen_every: int) -> bool:
    """Every ``reopen_every``-th state, unless the guardian is still thinking (opened
    again, it thinks again: a state of its own)."""
    thinking = getattr(screen.controller, "wants_plan", False)
    return checked % reopen_every == 0 and not thinking


def _reopened(app: SweepApp, screen: GameScreen) -> list[str]:
    """Leave the game and open it again: the window must read as it did."""
    before = shown_texts()
    session = screen.play.session_id
    app.home()
    tick(1)
    app.resume_game(screen.game, session)
    close_popups()
    settle(SETTLE)
    after = shown_texts()
    if after == before:
        return []
    lost = [text for text in before if text not in after]
    gained = [text for text in after if text not in before]
    return [f"opened again, the screen reads otherwise: {lost[:2]} became {gained[:2]}"]


def run_sweep(
    games: list[str], seeds: int, steps: int, every: int = 1, shots: Path | None = None
) -> Sweep:
    """Start the app (its window as configured), sweep, stop."""
    with started(SweepApp()):
        return sweep(games, seeds, steps, every, shots)


@contextmanager
def started(app: SweepApp) -> Iterator[SweepApp]:
    """``app`` started (its window as configured) and run a frame at a time by hand;
    stopped after."""
    app._run_prepare()  # what App.run() does, without entering the main loop
    runTouchApp(embedded=True)
    app.dispatch("on_start")
    for _ in range(3):  # drawn: start-up finishes after the first frame
        EventLoop.idle()
    tap_guard.GUARD_SECONDS = 0.0  # nothing taps here: no moment to wait out
    try:
        yield app
    finally:
        app.stop()
        EventLoop.close()

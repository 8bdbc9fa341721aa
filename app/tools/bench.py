"""``python -m app.tools.bench``: Tableside measured against a bare Kivy app, in one run.

Prints, side by side: cold start to first frame and peak memory against a bare Kivy app
(each in a fresh process, the two taking turns, the median of ``--repeat`` runs), event
append+commit latency, the resume time of a long saved game, engine steps per second per
game and the guardian's decision times; ends with one line of key=value pairs. Figures,
not a test: the test suite only checks that it runs.

``python -m app.tools.bench --installed /opt/tableside`` times only the start of an installed
copy, as its service starts it: unable to write bytecode, so it also counts the
Tableside modules that had none and were compiled on the way to the first frame.

How the saved games stand up to damage is measured apart, with the test helpers:
``python -m tests.reliability.bitflip`` flips single bits in copies of a populated
database and counts the flips the app catches, explains, misses or dies of; and how
fast a damaged file is mended, by ``python -m app.tools.rescue_bench``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

# -- start-up and memory, each measured in a child process ---------------------------------


def child(kind: str) -> None:
    """Run a bare Kivy app or Tableside until its first frame, print the figures, stop."""
    from app.kivy_setup import configure

    configure()
    from kivy.app import App
    from kivy.core.window import Window
    from kivy.uix.label import Label

    def first_frame(*_args: Any) -> None:
        import resource

        Window.unbind(on_flip=first_frame)
        figures = {
            "frame": time.monotonic(),
            "maxrss_kb": resource.getrusage(0).ru_maxrss,
            "compiled": len(compiled_from_source()),
        }
        print("BENCH " + json.dumps(figures), flush=True)
        App.get_running_app().stop()

    Window.bind(on_flip=first_frame)
    if kind == "bare":

        class Bare(App):
            def build(self) -> Label:
                return Label(text="Hello")

        Bare().run()
    else:
        from app.application import TablesideApp

        TablesideApp().run()


def compiled_from_source() -> list[str]:
    """Tableside's imported modules that had no bytecode to load (with
    PYTHONDONTWRITEBYTECODE set, a module compiled from its source leaves none behind)."""
    root = Path(__file__).resolve().parents[2]
    found = []
    for name, module in list(sys.modules.items()):
        source, cached = getattr(module, "__file__", None), getattr(module, "__cached__", None)
        if source and cached and Path(source).is_relative_to(root) and not Path(cached).exists():
            found.append(name)
    return found


def start_once(kind: str, installed: Path | None = None) -> tuple[float, int, int]:
    """Seconds from spawning a fresh process to its first frame, its peak KB and the
    number of Tableside modules it compiled. ``installed``: run the copy in that folder
    (with its own .venv's Python if it has one), unable to write bytecode as its service."""
    python, folder = sys.executable, None
    if installed is not None:
        folder = str(installed)
        venv_python = installed / ".venv" / "bin" / "python"
        python = str(venv_python) if venv_python.exists() else sys.executable
    with tempfile.TemporaryDirectory() as home:
        env = {
            **os.environ,
            "KIVY_HOME": home,
            "KIVY_NO_FILELOG": "1",
            "KIVY_NO_CONSOLELOG": "1",
            "TABLESIDE_DB": str(Path(home) / "bench.db"),
            "TABLESIDE_GPIO": "mock",
        }
        if folder is not None:
            env.update(PYTHONPATH=folder, PYTHONDONTWRITEBYTECODE="1")
        began = time.monotonic()
        done = subprocess.run(
            [python, "-m", "app.tools.bench", "--child", kind],
            env=env,
            cwd=folder,
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        )
    line = next(x for x in done.stdout.splitlines() if x.startswith("BENCH "))
    figures = json.loads(line.removeprefix("BENCH "))
    return figures["frame"] - began, figures["maxrss_kb"], figures["compiled"]


def start_figures(repeat: int) -> dict[str, tuple[float, float]]:
    """Per kind ("bare", "app"): median seconds to the first frame and median peak KB.
    The two take turns, so that a change in the machine's load touches both alike."""
    runs: dict[str, list[tuple[float, int, int]]] = {"bare": [], "app": []}
    for _ in range(repeat):
        for kind, figures in runs.items():
            figures.append(start_once(kind))
    return {
        kind: (
            statistics.median(s for s, _, _ in figures),
            statistics.median(kb for _, kb, _ in figures),
        )
        for kind, figures in runs.items()
    }


# -- the store -----------------------------------------------------------------------------


def append_latency(events: int, folder: Path) -> list[float]:
    from app.storage.store import Store

    store = Store.open(folder / "append.db")
    session_id = store.start_session("skoventyr", {}, 1, ["Ana"])
    times = []
    for _ in range(events):
        began = time.perf_counter()
        store.append_event(session_id, {"type": "undo"})
        times.append(time.perf_counter() - began)
    store.close()
    return times


def resume_time(events: int, folder: Path, repeat: int = 5) -> float:
    """Seconds to reopen a Skoventyr game of ``events`` events (undos included)."""
    from app.play.play_session import PlaySession
    from app.storage.store import Store
    from engines import skoventyr as S

    store = Store.open(folder / "resume.db")
    play = PlaySession.start(store, S, S.Config(players=2), 3, ["Ana", "Bo"])
    chooser = random.Random(3)
    while len(play.session.events) < events:
        if len(play.session.events) % 10 == 9 and play.session.can_undo:
            play.undo()  # people undo now and then; the log keeps the undo
            continue
        # Moves that end the game would close it: the game must stay open this long.
        going_on = [a for a in S.legal_actions(play.state) if S.apply(play.state, a).ended is None]
        if going_on:
            play.play(chooser.choice(going_on))
        else:
            play.undo()
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        PlaySession.resume(store, S, play.session_id)
        times.append(time.perf_counter() - began)
    store.close()
    return statistics.median(times)


# -- engines and bots ----------------------------------------------------------------------


def steps_per_second(module: Any, seconds: float) -> float:
    """Random legal playouts (new games as needed) for ``seconds``: steps per second."""
    chooser = random.Random(1)
    steps, seed = 0, 0
    state = module.new_game(None, seed)
    deadline = time.perf_counter() + seconds
    began = time.perf_counter()
    while time.perf_counter() < deadline:
        actions = module.legal_actions(state)
        if not actions or module.outcome(state) is not None:
            seed += 1
            state = module.new_game(None, seed)
            continue
        state = module.apply(state, chooser.choice(list(actions)))
        steps += 1
    return steps / (time.perf_counter() - began)


def guardian_decisions(samples: int) -> list[float]:
    from engines import skulk_hollow as K
    from engines.skulk_hollow.bots import make_guardian

    guardian = make_guardian("normal")
    chooser = random.Random(2)
    times: list[float] = []
    seed = 0
    state = K.new_game(None, seed)
    while len(times) < samples:
        if K.outcome(state) is not None:
            seed += 1
            state = K.new_game(None, seed)
            continue
        if state.asking == "guardian":
            began = time.perf_counter()
            action = guardian.decide(K.view(state, "guardian"), chooser).action
            times.append(time.perf_counter() - began)
        else:
            action = chooser.choice(list(K.legal_actions(state)))
        state = K.apply(state, action)
    return times


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m app.tools.bench", description=__doc__)
    parser.add_argument("--repeat", type=int, default=3, help="start-up runs per app")
    parser.add_argument("--events", type=int, default=500, help="events to append and resume")
    parser.add_argument("--seconds", type=float, default=1.0, help="engine time per game")
    parser.add_argument("--decisions", type=int, default=200, help="guardian decisions timed")
    parser.add_argument(
        "--installed", type=Path, metavar="DIR", help="only the start of the copy in DIR"
    )
    parser.add_argument("--child", choices=("bare", "app"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(args.child)
        return
    if not os.environ.get("DISPLAY") and shutil.which("xvfb-run"):
        os.execvp(  # start-up needs a screen: a virtual one will do
            "xvfb-run",
            [
                "xvfb-run",
                "-a",
                "-s",
                "-screen 0 1024x768x24",
                sys.executable,
                "-m",
                "app.tools.bench",
            ]
            + (argv if argv is not None else sys.argv[1:]),
        )
    summary: dict[str, str] = {}

    def report(key: str, value: float, words: str, fmt: str = "{:.3f}") -> None:
        summary[key] = fmt.format(value)
        print(f"{words:<48} {summary[key]}")

    if args.installed:
        runs = [start_once("app", args.installed.resolve()) for _ in range(args.repeat)]
        report(
            "installed_start_s",
            statistics.median(s for s, _, _ in runs),
            f"{args.installed}: start to first frame (s)",
        )
        report(
            "installed_compiled",
            max(n for _, _, n in runs),
            "its modules compiled at start (target 0)",
            "{:.0f}",
        )
        print(" ".join(f"{key}={value}" for key, value in summary.items()))
        return
    start = start_figures(args.repeat)
    (bare_s, bare_kb), (app_s, app_kb) = start["bare"], start["app"]
    report("bare_start_s", bare_s, "bare Kivy: start to first frame (s)")
    report("start_s", app_s, "Tableside: start to first frame (s)")
    report("start_ratio", app_s / bare_s, "start ratio (target <= 1.5)", "{:.2f}")
    report("bare_peak_mb", bare_kb / 1024, "bare Kivy: peak memory (MB)", "{:.1f}")
    report("peak_mb", app_kb / 1024, "Tableside: peak memory (MB)", "{:.1f}")
    report("memory_ratio", app_kb / bare_kb, "memory ratio (target <= 1.5)", "{:.2f}")

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        latencies = append_latency(args.events, folder)
        report("append_median_ms", statistics.median(latencies) * 1000, "append+commit median (ms)")
        report("append_p95_ms", percentile(latencies, 0.95) * 1000, "append+commit 95th pct (ms)")
        resume = resume_time(args.events, folder)
        report(f"resume_{args.events}_s", resume, f"resume a {args.events}-event game (s)")

    import engines

    games: dict[str, Callable[[], float]] = {
        name: partial(steps_per_second, engines.rules(name), args.seconds)
        for name in engines.game_keys()
    }
    for name, measure in games.items():
        report(f"steps_per_s_{name}", measure(), f"{name}: engine steps per second", "{:.0f}")
    decisions = guardian_decisions(args.decisions)
    report("guardian_mean_ms", statistics.mean(decisions) * 1000, "Normal guardian, mean (ms)")
    report("guardian_p95_ms", percentile(decisions, 0.95) * 1000, "Normal guardian, p95 (ms)")
    print(" ".join(f"{key}={value}" for key, value in summary.items()))


if __name__ == "__main__":
    main()

"""``python -m app.exchange.bench``: History's Export and Import of many saved games, timed
and weighed.

For each size (``--games``, default 240 and 4,000) it builds a saved-games file of that
many finished games, copies of a few games played out by the engines with seeded random
moves (each kind of game, every copy with its own seed and date), then, each in a fresh
process: exports them all (Tableside JSON, CSV and the BG Stats file, as History does)
and imports the BG Stats file it wrote into an empty file. It prints the seconds each
took, the memory the process used as it began (the export's modules loaded and the file
opened) and its peak while working (Linux's VmHWM, reset as it begins; elsewhere
``ru_maxrss``), and their ratio. The process has no window, so the app's own idle memory
is larger and its ratio smaller. Ends with
one line of key=value pairs. Figures, not a test: the test suite only checks that it
runs.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

#: A random playout that has not ended by then is abandoned there: a long game.
_LONGEST = 400


def build(db: Path, games: int) -> int:
    """A saved-games file of ``games`` finished games; returns how many events it holds."""
    import engines
    from app.play.play_session import PlaySession
    from app.storage.store import Store

    store = Store.open(db)
    store.clock_known_right = lambda: True  # as on a Pi whose clock a time service set
    for name in ("Ana", "Bo", "Camille"):
        store.add_player(name)
    templates = []
    for seed, key in enumerate(engines.game_keys()):  # each kind of game, played out once
        rules = engines.rules(key)
        play = PlaySession.start(store, rules, None, seed, ["Ana", "Bo"])
        chooser = random.Random(seed)
        while play.session.outcome() is None and len(play.session.events) < _LONGEST:
            play.play(chooser.choice(list(rules.legal_actions(play.state))))
        if play.session.outcome() is None:
            store.finish_session(play.session_id, {"result": "lost", "reason": "Stopped."})
        templates.append(play.session_id)
    db_ = store.db
    # Each copy an hour earlier than the one before: its own date, so that no two are
    # the same play (BG Stats tells plays apart by game, date and players).
    shifted = "strftime('%Y-%m-%dT%H:%M:%S+00:00', {}, ?)"
    with db_.atomic():
        for copy in range(games - len(templates)):
            hours = f"-{copy + 1} hours"
            cursor = db_.execute(
                "insert into sessions (game, config, seed, players, status, started, updated, "
                "ended, outcome, time_checked) select game, config, ?, players, status, "
                f"{shifted.format('started')}, {shifted.format('updated')}, "
                f"{shifted.format('ended')}, outcome, time_checked from sessions where id = ?",
                [1000 + copy, hours, hours, hours, templates[copy % len(templates)]],
            )
            db_.execute(
                "insert into events (session_id, seq, payload, at) "
                f"select ?, seq, payload, {shifted.format('at')} from events where session_id = ?",
                [cursor.lastrowid, hours, templates[copy % len(templates)]],
            )
    events = int(db_.execute("select count(*) from events").fetchone()[0])
    db_.execute("pragma wal_checkpoint(truncate)")
    store.close()
    return events


def child(task: str, db: Path, folder: Path) -> None:
    """In a fresh process: export ``db`` into ``folder``, or import ``folder``'s BG Stats
    file into ``db``; print the figures as one JSON line."""
    from app.exchange.bgstats_import import import_bgstats
    from app.exchange.export import export_all
    from app.storage.store import Store

    store = Store.open(db)
    before = _start_peak()
    began = time.perf_counter()
    if task == "export":
        export_all(store, folder / "export")
    else:
        (play_file,) = (folder / "export").glob("*.bgsplay")
        import_bgstats(store, play_file)
    seconds = time.perf_counter() - began
    peak = _peak()
    store.close()
    print("BENCH " + json.dumps({"seconds": seconds, "before_kb": before, "peak_kb": peak}))


def _start_peak() -> int:
    """The memory in use now (KB), from which the peak is measured again (Linux: the
    peak since start-up, which a process inherits from the one that forked it, is set
    back to it); elsewhere the peak so far."""
    try:
        Path("/proc/self/clear_refs").write_text("5")
        return _status_kb("VmRSS")
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def _peak() -> int:
    """The most memory in use (KB) since ``_start_peak``."""
    try:
        return _status_kb("VmHWM")
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def _status_kb(field: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise OSError(f"no {field} in /proc/self/status")


def measure(task: str, db: Path, folder: Path) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-m", "app.exchange.bench", "--child", task, str(db), str(folder)],
        capture_output=True,
        text=True,
        check=True,
    )
    line = next(x for x in done.stdout.splitlines() if x.startswith("BENCH "))
    figures: dict[str, Any] = json.loads(line.removeprefix("BENCH "))
    return figures


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m app.exchange.bench", description=__doc__)
    parser.add_argument("--games", type=int, nargs="+", default=[240, 4000])
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        task, db, folder = args.child
        child(task, Path(db), Path(folder))
        return
    summary: dict[str, str] = {}
    for games in args.games:
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            events = build(folder / "games.db", games)
            size = sum(p.stat().st_size for p in folder.glob("games.db*")) / 2**20
            print(f"{games} games, {events} events, a {size:.1f} MB file")
            for task, db in (("export", folder / "games.db"), ("import", folder / "empty.db")):
                figures = measure(task, db, folder)
                before, peak = figures["before_kb"] / 1024, figures["peak_kb"] / 1024
                summary[f"{task}_{games}_s"] = f"{figures['seconds']:.3f}"
                summary[f"{task}_{games}_peak_mb"] = f"{peak:.1f}"
                summary[f"{task}_{games}_ratio"] = f"{peak / before:.2f}"
                print(
                    f"  {task}: {figures['seconds']:.2f} s, peak memory {peak:.1f} MB "
                    f"({before:.1f} MB before it began, ratio {peak / before:.2f})"
                )
            written = sum(p.stat().st_size for p in (folder / "export").iterdir()) / 2**20
            print(f"  files written: {written:.1f} MB")
    print(" ".join(f"{key}={value}" for key, value in summary.items()))


if __name__ == "__main__":
    main()

"""Open a damaged saved-games file as Tableside does (which mends it), and die on the way:
a power cut in the middle of the repair.

``python -m tests.reliability.rescue_kill_child DB [steps|rename N]``: with ``steps N``
the process kills itself (SIGKILL: nothing runs after it) once SQLite has run N thousand
instructions, over all its connections; with ``rename N``, just before its N-th rename of
a file (``os.rename`` or ``os.replace``). Without either it opens the file whole and
prints how many of each there were ("STEPS s RENAMES r"), from which the points are
chosen. Only SQLite and the system are hooked, so it kills any version of the code at
the same point of the same work.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import sys
from pathlib import Path
from typing import Any


def main() -> None:
    db = Path(sys.argv[1])
    how, at = (sys.argv[2], int(sys.argv[3])) if len(sys.argv) > 3 else ("", 0)
    counts = {"steps": 0, "rename": 0}

    def count(what: str) -> None:
        counts[what] += 1
        if what == how and counts[what] >= at:
            os.kill(os.getpid(), signal.SIGKILL)

    def steps() -> int:
        count("steps")
        return 0  # go on

    real_connect = sqlite3.connect

    def connect(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        conn = real_connect(*args, **kwargs)
        conn.set_progress_handler(steps, 1000)
        return conn

    sqlite3.connect = connect  # type: ignore[assignment]
    sys.addaudithook(lambda event, _args: count("rename") if event == "os.rename" else None)

    from app.storage.store import Store

    Store.open(db).close()
    print(f"STEPS {counts['steps']} RENAMES {counts['rename']}", flush=True)


if __name__ == "__main__":
    main()

"""A copy put back in place of the saved games, for the pulled-plug test to kill.

``python -m tests.reliability.restore_child DB COPY`` prints ``RESTORING``, then puts
COPY back in place of the saved games at DB (app.exchange.daily_copy.restore), printing
``PUT BACK`` once it has.
"""

from __future__ import annotations

import sys
from datetime import datetime
from pathlib import Path

from app.exchange import daily_copy


def main(db: str, copy: str) -> None:
    print("RESTORING", flush=True)
    daily_copy.restore(Path(db), Path(copy), datetime.now())
    print("PUT BACK", flush=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])

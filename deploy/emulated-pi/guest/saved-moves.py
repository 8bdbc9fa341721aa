"""How many moves the unfinished games in the service's database hold (read-only).

Copied into the emulated Pi by deploy/emulated-pi/emulated_pi.py, which compares the
count before a pulled plug with the count after the next boot."""

import sqlite3

db = sqlite3.connect("file:/var/lib/tableside/tableside.db?mode=ro", uri=True)
query = (
    "select count(*) from events join sessions on sessions.id = events.session_id "
    "where sessions.status = 'active'"
)
print(db.execute(query).fetchone()[0])

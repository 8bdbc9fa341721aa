"""The app's settings (the buzzer muted...), each a JSON value under its key."""

from __future__ import annotations

import json
from typing import Any

from app.storage.faults import shorten
from app.storage.opening import StoreFile
from app.storage.values import json_or_none


class AppSettings(StoreFile):
    def setting(self, key: str, default: Any) -> Any:
        """The saved value, or ``default`` when there is none or it cannot be read (a
        value of another type than the default counts as unreadable)."""
        with self._reading():
            row = self.db.execute("select value from settings where key = ?", [key]).fetchone()
        if row is None:
            return default
        value = json_or_none(row[0])
        if default is not None and type(value) is not type(default):
            self._note_damage(f"the setting {shorten(key, 40)!r}", "its usual value is used")
            return default
        return value

    def set_setting(self, key: str, value: Any) -> None:
        with self._writing():
            self.db.table("settings").upsert({"key": key, "value": json.dumps(value)}, pk="key")

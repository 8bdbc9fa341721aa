"""The player roster: the names of the people who play regularly (Settings)."""

from __future__ import annotations

from dataclasses import dataclass

from app.storage.opening import StoreFile
from app.storage.values import now


@dataclass(frozen=True)
class Player:
    id: int
    name: str


class PlayerRoster(StoreFile):
    def players(self) -> list[Player]:
        with self._reading():
            rows = list(self.db.query("select id, name from players order by name collate nocase"))
        return [Player(row["id"], str(row["name"])) for row in rows if row["name"] is not None]

    def add_player(self, name: str) -> Player:
        name = " ".join(name.split())
        if not name:
            raise ValueError("Type a name first.")
        if len(name) > 30:
            raise ValueError("Keep the name to 30 letters or fewer.")
        if any(p.name.casefold() == name.casefold() for p in self.players()):
            raise ValueError(f"There is already a player called {name}.")
        with self._writing():
            row_id = self.db.table("players").insert({"name": name, "created": now()}).last_pk
        assert row_id is not None  # every insert sets it
        return Player(int(row_id), name)

    def remove_player(self, player_id: int) -> None:
        """Remove from the roster; sessions keep the names they were played with."""
        with self._writing():
            self.db.execute("delete from players where id = ?", [player_id])

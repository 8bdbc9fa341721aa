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

    def most_played(self) -> str | None:
        """The player in the most finished games (names that differ only in case count
        as one), the first of them to have played on a tie, spelt as in their first game;
        None when no finished game names anyone. One query, however many games there
        are: Settings asks it on the main thread, the export on its own."""
        self.db.register_function(_casefold, deterministic=True, replace=True)
        with self._reading():
            row = self.db.execute(MOST_PLAYED).fetchone()
        return str(row[0]) if row else None

    def remove_player(self, player_id: int) -> None:
        """Remove from the roster; sessions keep the names they were played with."""
        with self._writing():
            self.db.execute("delete from players where id = ?", [player_id])


def _casefold(name: object) -> object:
    return name.casefold() if isinstance(name, str) else name


#: Each finished game's players (a row whose players cannot be read names no one), each
#: player once per game; the one in the most games, the earliest to play first on a tie.
MOST_PLAYED = """
with seated as (
    select s.id as game, s.started, seat.id as place, seat.value as name,
        _casefold(seat.value) as folded
    from sessions s, json_each(
        case when typeof(s.players) = 'text' then
            case when json_valid(s.players) then
                case when json_type(s.players) = 'array' then s.players else '[]' end
            else '[]' end
        else '[]' end
    ) seat
    where s.status = 'finished' and seat.type = 'text'
),
in_games as (
    select folded, game, started, min(place) as place from seated group by folded, game
),
ranked as (
    select folded, game, started, place,
        row_number() over (partition by folded order by started, game, place) as nth,
        count(*) over (partition by folded) as games
    from in_games
)
select seated.name from ranked join seated using (folded, game, place)
where ranked.nth = 1 order by ranked.games desc, ranked.started, game, place limit 1
"""

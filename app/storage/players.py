"""The player roster: the names of the people who play regularly (Settings)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass

from app.seat_names import is_seat_name
from app.storage.opening import StoreFile
from app.storage.values import json_or_none, now, visible_text


@dataclass(frozen=True)
class Player:
    id: int
    name: str


class PlayerRoster(StoreFile):
    def players(self) -> list[Player]:
        with self._reading():
            rows = list(self.db.query("select id, name from players order by name collate nocase"))
        return [Player(row["id"], str(row["name"])) for row in rows if row["name"] is not None]

    def add_player(self, name: str, known: Collection[str] | None = None) -> Player:
        """Add ``name`` to the roster; ValueError, in a player's words, for a name it
        refuses. ``known``: the roster's names casefolded, when the caller holds them (an
        import adding thousands would otherwise read the whole roster for each)."""
        name = typed_name(name)
        if known is None:
            known = {p.name.casefold() for p in self.players()}
        if name.casefold() in known:
            raise ValueError(f"There is already a player called {name}.")
        with self._writing():
            row_id = self.db.table("players").insert({"name": name, "created": now()}).last_pk
        assert row_id is not None  # every insert sets it
        return Player(int(row_id), name)

    def most_played(self) -> str | None:
        """The player in the most finished games (names that differ only in case count
        as one; unnamed seats are nobody), the first of them to have played on a tie,
        spelt as in their first game; None when no finished game names anyone. One query
        that reads only the finished games' players, row by row: Settings asks it on the
        main thread, however many games there are, and the export on its own thread."""
        counts: Counter[str] = Counter()  # first appearances first: ties go to them
        spelling: dict[str, str] = {}
        with self._reading():
            rows = self.db.execute(
                "select players from sessions where status = 'finished' order by started, id"
            )
            for (players,) in rows:
                named = {n.casefold(): n for n in _names(players) if not is_seat_name(n)}
                for folded, name in named.items():
                    spelling.setdefault(folded, name)
                    counts[folded] += 1
        return spelling[counts.most_common(1)[0][0]] if counts else None

    def names_played(self) -> list[str]:
        """Everyone who has a game here or a place on the roster (guests too, unnamed
        seats not), by name: what History's player filter offers."""
        spelling: dict[str, str] = {}
        with self._reading():
            for (name,) in self.db.execute("select name from players where name is not null"):
                spelling.setdefault(str(name).casefold(), str(name))
            for (players,) in self.db.execute("select players from sessions"):
                for name in _names(players):
                    if not is_seat_name(name):
                        spelling.setdefault(name.casefold(), name)
        return sorted(spelling.values(), key=str.casefold)

    def remove_player(self, player_id: int) -> None:
        """Remove from the roster; sessions keep the names they were played with."""
        with self._writing():
            self.db.execute("delete from players where id = ?", [player_id])


def typed_name(typed: str) -> str:
    """A name as typed (the roster's, a guest's), as Tableside keeps it (``visible_text``);
    ValueError, in a player's words, for one it refuses."""
    name = visible_text(typed)
    if not name:
        if typed.strip():  # something was typed, but it shows nothing
            raise ValueError("That name shows no letters: type one with letters or numbers.")
        raise ValueError("Type a name first.")
    if len(name) > 30:
        raise ValueError("Keep the name to 30 letters or fewer.")
    return name


def _names(players: object) -> list[str]:
    """A saved game's players, as stored (a JSON list of names); none if unreadable."""
    names = json_or_none(players)
    if isinstance(names, list) and all(isinstance(name, str) for name in names):
        return names
    return []

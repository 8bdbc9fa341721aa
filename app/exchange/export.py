"""History's Export: the games it shows (all of them, unless a game or a player is chosen)
as Tableside JSON, CSV and a BG Stats play file, into one folder, and a report of where
they are and what could not be read.

The saved games are read once, a few at a time, each written into every file as it is
read, so that memory stays flat however many there are. The folder is written as
``<folder>.partial`` and renamed once every file in it is whole (app.exchange.files);
what an export cut short left behind is removed by the next one.
"""

from __future__ import annotations

from contextlib import ExitStack
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from app.exchange import usb_sticks
from app.exchange.bgstats_export import BgStatsPlays, bgstats_file_name, plays_spool
from app.exchange.csv_files import EVENTS_FILE, SESSIONS_FILE, CsvFiles, csv_written
from app.exchange.files import remove_leftovers, written, written_folder
from app.exchange.saved import GameWriter, Progress, SavedGame, read_on_its_own, write_games
from app.exchange.tableside_json import TablesideJson
from app.storage.store import Store

JSON_FILE = "tableside.json"


@dataclass(frozen=True)
class ExportReport:
    folder: Path
    #: The BG Stats file's name ("tableside-2026-12-01.bgsplay").
    bgstats_file: str
    #: What the files leave out, in words: "Skogen game 12 (its players cannot be read)".
    skipped: tuple[str, ...] = ()
    #: The label of the USB stick the folder is on; "" when it is not on one.
    stick: str = ""
    #: Which games, in words with their verb: all of them, or those History showed.
    games: str = "Your games are"

    @property
    def message(self) -> str:
        """Where the files are, and what could not be read, for the screen."""
        # The folder's name apart from its place: a whole path is too long for a line.
        where = (
            f" on the stick {self.stick}" if self.stick else f", a folder in {self.folder.parent}"
        )
        text = (
            f"{self.games} in {self.folder.name}{where}. "
            f"Its files: {JSON_FILE}, {SESSIONS_FILE}, {EVENTS_FILE}, and "
            f"{self.bgstats_file} to open with the BG Stats app."
        )
        if self.skipped:
            shown = list(self.skipped[:_SKIPPED_SHOWN])
            if len(self.skipped) > _SKIPPED_SHOWN:
                shown.append(f"and {len(self.skipped) - _SKIPPED_SHOWN} more")
            text += (
                "\n\nSome saved games could not be read whole. tableside.json keeps them "
                "as they were saved; the other files leave out: " + "; ".join(shown) + "."
            )
        return text


@dataclass(frozen=True)
class Selection:
    """The games to export when not all of them: those History shows (filtered by game
    or player), and how to say which they are, with the verb that follows ("The 4
    Skulk Hollow games shown are", "The Skogen game shown is")."""

    ids: frozenset[int]
    words: str


#: When each place last got an export (a USB stick by its label, ``ON_THE_PI`` for
#: Tableside's own folder), as the file keeps times: {place: UTC ISO time}.
LAST_EXPORTS = "last_exports"
ON_THE_PI = "this Raspberry Pi"


def last_export(store: Store, place: str) -> str:
    """When ``place`` last got an export ("" for never)."""
    when = store.setting(LAST_EXPORTS, {}).get(place)
    return when if isinstance(when, str) else ""


def remember_export(store: Store, place: str, when: str) -> None:
    """``place`` got an export of the games as they were at ``when`` (when it began)."""
    store.set_setting(LAST_EXPORTS, {**store.setting(LAST_EXPORTS, {}), place: when})


def since_last_export(store: Store, place: str, shown: Selection | None) -> Selection:
    """The games (of those ``shown``, when given) played or changed since ``place`` last
    got an export: what a second export there adds."""
    after = last_export(store, place)
    # The same second counts: a game sent twice is found a duplicate, a lost one is not.
    ids = frozenset(s.id for s in store.sessions() if s.updated >= after)
    if shown is not None:
        ids &= shown.ids
    count = len(ids)
    words = (
        "The game played since the last export is"
        if count == 1
        else (f"The {count} games played since the last export are")
    )
    return Selection(ids, words)


#: How many skipped games the export's message names, the rest are counted.
_SKIPPED_SHOWN = 8


def export_all(
    store: Store, folder: Path, progress: Progress | None = None, only: Selection | None = None
) -> ExportReport:
    """Every game (or ``only`` those chosen) as Tableside JSON, CSV and a BG Stats file,
    into ``folder`` (which must not exist yet: see files.free_name), telling
    ``progress`` after each game.

    Whatever can be read is written; ``skipped`` says what could not be. A file that
    cannot be written raises ``OSError`` (see ``write_problem``), a saved-games file
    that cannot be read StorageFault; either way nothing is left under ``folder``."""
    remove_leftovers(folder.parent)
    players = [player.name for player in store.players()]
    ids = store.session_ids()
    if only is not None:
        ids = [session_id for session_id in ids if session_id in only.ids]
    bgstats_file = bgstats_file_name(datetime.now().date())  # the table's day
    with written_folder(folder) as partial, ExitStack() as files:
        json_file = files.enter_context(written(partial / JSON_FILE))
        sessions_file = files.enter_context(csv_written(partial / SESSIONS_FILE))
        events_file = files.enter_context(csv_written(partial / EVENTS_FILE))
        plays = BgStatsPlays(
            files.enter_context(written(partial / bgstats_file)),
            files.enter_context(plays_spool(partial)),
            bgstats_file,
            store,
        )
        unread = _Unread()
        writers: list[GameWriter] = [
            unread,
            TablesideJson(json_file, store, players),
            CsvFiles(sessions_file, events_file),
            plays,
        ]
        write_games(store, writers, ids, progress)
    skipped = unread.skipped + plays.skipped
    games = only.words if only is not None else ExportReport.games
    return ExportReport(folder, bgstats_file, tuple(dict.fromkeys(skipped)), games=games)


def export_saved_games(
    db_path: Path | None,
    folder: Path,
    progress: Progress | None = None,
    only: Selection | None = None,
) -> ExportReport:
    """``export_all`` as History runs it, on a worker thread: from the saved-games file
    at ``db_path`` on a connection of its own, and with every file flushed to the
    device at the end, so that a stick can be pulled out once the screen says so."""
    report = read_on_its_own(db_path, lambda store: export_all(store, folder, progress, only))
    usb_sticks.flush(folder)
    return report


class _Unread:
    """What the CSV and BG Stats files leave out of each game because it cannot be read
    whole, in words (a GameWriter that writes no file): the rows first, then moves."""

    def __init__(self) -> None:
        self._rows: list[str] = []
        self._moves: list[str] = []

    @property
    def skipped(self) -> list[str]:
        return self._rows + self._moves

    def add(self, game: SavedGame) -> None:
        (self._moves if game.whole else self._rows).extend(game.skipped)

    def finish(self) -> None:
        """Nothing to finish."""

"""History's Export: every game as Tableside JSON, CSV and a BG Stats play file, into one
folder, and a report of where they are and what could not be read.

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
from app.exchange.bgstats import chosen_owner
from app.exchange.bgstats_export import BgStatsPlays, bgstats_file_name, plays_spool
from app.exchange.csv_files import EVENTS_FILE, SESSIONS_FILE, CsvFiles
from app.exchange.files import remove_leftovers, written, written_folder
from app.exchange.saved import GameWriter, Progress, SavedGame, store_of_its_own, write_games
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

    @property
    def message(self) -> str:
        """Where the files are, and what could not be read, for the screen."""
        # The folder's name apart from its place: a whole path is too long for a line.
        where = (
            f" on the stick {self.stick}" if self.stick else f", a folder in {self.folder.parent}"
        )
        text = (
            f"Your games are in {self.folder.name}{where}. "
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


#: How many skipped games the export's message names, the rest are counted.
_SKIPPED_SHOWN = 8


def export_all(store: Store, folder: Path, progress: Progress | None = None) -> ExportReport:
    """Every game as Tableside JSON, CSV and a BG Stats file, into ``folder`` (which
    must not exist yet: see files.free_name), telling ``progress`` after each game.

    Whatever can be read is written; ``skipped`` says what could not be. A file that
    cannot be written raises ``OSError`` (see ``write_problem``), a saved-games file
    that cannot be read StorageFault; either way nothing is left under ``folder``."""
    remove_leftovers(folder.parent)
    players = [player.name for player in store.players()]
    ids = store.session_ids()
    bgstats_file = bgstats_file_name(datetime.now().date())  # the table's day
    with written_folder(folder) as partial, ExitStack() as files:
        json_file = files.enter_context(written(partial / JSON_FILE))
        sessions_file = files.enter_context(written(partial / SESSIONS_FILE, newline=""))
        events_file = files.enter_context(written(partial / EVENTS_FILE, newline=""))
        plays = BgStatsPlays(
            files.enter_context(written(partial / bgstats_file)),
            files.enter_context(plays_spool(partial)),
            bgstats_file,
            chosen_owner(store),
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
    return ExportReport(folder, bgstats_file, tuple(dict.fromkeys(skipped)))


def export_saved_games(
    db_path: Path | None, folder: Path, progress: Progress | None = None
) -> ExportReport:
    """``export_all`` as History runs it, on a worker thread: from the saved-games file
    at ``db_path`` on a connection of its own, and with every file flushed to the
    device at the end, so that a stick can be pulled out once the screen says so."""
    store = store_of_its_own(db_path)
    try:
        report = export_all(store, folder, progress)
    finally:
        store.close()
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

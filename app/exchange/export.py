"""History's Export: every game as Tableside JSON, CSV and a BG Stats play file, into one
folder, and a report of where they are and what could not be read."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from app.exchange.bgstats import chosen_owner
from app.exchange.bgstats_export import bgstats_content, bgstats_file_name
from app.exchange.csv_files import write_csv
from app.exchange.files import write_json
from app.exchange.saved import read_store
from app.exchange.tableside_json import tableside_data
from app.storage.store import Store


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
            "Its files: tableside.json, sessions.csv, events.csv, and "
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


def export_all(store: Store, folder: Path) -> ExportReport:
    """Every game as Tableside JSON, CSV and a BG Stats file, into ``folder``.

    Whatever can be read is written; ``skipped`` says what could not be. A file that
    cannot be written raises ``OSError`` (see ``write_problem``)."""
    readable = read_store(store)
    folder.mkdir(parents=True, exist_ok=True)
    write_json(folder / "tableside.json", tableside_data(readable))
    write_csv(readable, folder)
    skipped = readable.skipped
    bgstats_file = bgstats_file_name(datetime.now().date())  # the table's day
    plays = bgstats_content(readable, skipped, bgstats_file, chosen_owner(store))
    write_json(folder / bgstats_file, plays)
    return ExportReport(folder, bgstats_file, tuple(dict.fromkeys(skipped)))

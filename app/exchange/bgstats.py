"""The Board Game Stats play file ("BG Stats", by Eerko Vissering), as Tableside writes
(app.exchange.bgstats_export) and reads (app.exchange.bgstats_import) it.

BG Stats play file (what Tableside writes; on reading, only the fields marked * are
used). The layout follows the public programs that write files BG Stats imports
(ctuncan/bga_bgstats ``bga_bgstats.py``, soul28561/bgstats-lichess-import
``LichessImport.java``) and read them (theiam79/BGStats.Bot ``Models/*.cs``), and BG
Stats' "push plays" support page, whose dates are local wall-clock times without a zone
("2020-10-23 19:16:58") and whose location is the app the play comes from::

    {"about": ..., "userInfo": {"meRefId"},               # the owner of the phone (below)
     "games": [{"id"*, "uuid", "name"*, "bggId"*, "bggName", "bggYear", "isBaseGame": 1,
                "isExpansion": 0, "cooperative", "highestWins", "noPoints", "usesTeams"}],
     "players": [{"id"*, "uuid", "name"*, "isAnonymous"*, ...}],
     "locations": [{"id": 1, "uuid", "name": "Tableside", "modificationDate"}],
     "plays": [{"uuid"*, "gameRefId"*, "locationRefId": 1,
                "playDate"* ("YYYY-MM-DD HH:MM:SS", the table's local time),
                "durationMin"*, "comments"*, "board": "", "manualWinner", "ignored",
                "nemestatsId": 0, "importPlayId": 0, ...,
                "playerScores"*: [{"playerRefId"*, "score"* (text), "winner"*, "role",
                                   "startPlayer", "startPosition"* ("1", "2"... in turn
                                   order), "seatOrder": 0, "rank", "newPlayer"}]}]}

``nemestatsId``, ``importPlayId``, ``startPosition`` and ``seatOrder`` are as BG Stats 5
writes them in its own backups (every play and seat of a 560-play Android 5.3 backup);
on reading, ``seatOrder`` counts too (Tableside wrote 1, 2... there before). The owner
of the phone (``meRefId``, a player in the file, as in every file BG Stats writes) is
the player chosen as "This is me" in Settings, else the player in the most games.

A game is recognised by its BoardGameGeek id, else by its name. A time with a zone
("+01:00") is read as that moment; one without, as the local time of this table.

A play's uuid is the session's ``external_id`` when it was imported, else a uuid5 of the
game, seed and start time (as the clock gave it, before anyone set the date), so
exporting twice gives the same file and a play that comes back is recognised.
"""

from __future__ import annotations

import uuid

import engines
from app.games import BY_KEY
from app.seat_names import is_seat_name
from app.storage.sessions import SavedSession
from app.storage.store import Store

#: Never change this: the uuids of exported plays (and so duplicate detection) depend on it.
UUID_NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "tableside:bgstats")


#: How BG Stats writes a moment: the wall-clock time, without a zone.
BG_DATE = "%Y-%m-%d %H:%M:%S"


#: The setting holding the BoardGameGeek ids set in Settings: {game key: id}.
BGG_SETTING = "bgg_ids"


def bgg(key: str, store: Store) -> tuple[int, int]:
    """BoardGameGeek's id and year of the game called ``key``, so that BG Stats matches
    its plays to the game in a person's collection: the id set in Settings (in
    ``store``; its year 0, unknown, unless it is the entry's own id), else the game's
    entry in app.games; (0, 0), BG Stats' "no BGG game", when neither gives one."""
    game = BY_KEY.get(key)
    entry = game.bgg if game and game.bgg else (0, 0)
    chosen = bgg_ids(store).get(key, 0)
    if chosen:
        return (chosen, entry[1] if chosen == entry[0] else 0)
    return entry


def bgg_ids(store: Store) -> dict[str, int]:
    """The BoardGameGeek ids set in Settings, by game key (unreadable ones left out)."""
    saved = store.setting(BGG_SETTING, {})
    return {key: value for key, value in saved.items() if type(value) is int and value > 0}


def set_bgg(store: Store, key: str, text: str) -> None:
    """Set the BoardGameGeek id of the game ``key`` from what was typed ("" or 0: back to
    the game's own). ValueError, in a player's words, for anything but a whole number."""
    text = text.strip()
    if text and not text.isdecimal():
        raise ValueError(
            "Type the number from the game's page on boardgamegeek.com: "
            "boardgamegeek.com/boardgame/<this number>/..."
        )
    number = int(text) if text else 0
    if number > 10**9:
        raise ValueError("That number is too long for a BoardGameGeek id.")
    ids = {**bgg_ids(store), key: number}
    store.set_setting(BGG_SETTING, {k: v for k, v in ids.items() if v})


def cooperative(key: str) -> bool:
    """The table plays together against the game: everyone wins or no one does."""
    return engines.cooperative(key)


#: The setting that names the player who owns the phone with BG Stats ("This is me").
OWNER_SETTING = "bgstats_owner"


def chosen_owner(store: Store) -> str:
    """The player chosen as "This is me" in Settings; "" when no one was, or when the name
    is an unnamed seat's ("Player 1"), which is nobody (review N18)."""
    name = store.setting(OWNER_SETTING, "")
    return name if isinstance(name, str) and not is_seat_name(name) else ""


def set_owner(store: Store, name: str) -> None:
    """Choose the player who owns the phone ("" for the player in the most games)."""
    store.set_setting(OWNER_SETTING, name)


def file_owner(store: Store) -> str:
    """Who a BG Stats file names as its owner ("me"): the player chosen in Settings, else
    the player in the most finished games; "" when there is neither."""
    return chosen_owner(store) or store.most_played() or ""


#: The one location of every exported play: "the app providing the play", as BG Stats
#: sets it for plays pushed to it from other apps.
LOCATION_NAME = "Tableside"
LOCATION_ID = 1


def play_uuid(session: SavedSession) -> str:
    """The BG Stats uuid of a session: where it came from, or derived from the session."""
    if session.external_id:
        return session.external_id
    # The start the clock gave: setting the date later leaves it the same play.
    return stable_uuid(
        f"play:{session.game}:{session.seed}:{session.clock_start or session.started}"
    )


def stable_uuid(name: str) -> str:
    """The uuid5 of ``name`` in Tableside's namespace: the same for the same name. Half
    of a character pair (a saved name may hold one), which uuid5 cannot take as UTF-8,
    counts as its escape."""
    text = name.encode("utf-8", "backslashreplace").decode("utf-8")
    return str(uuid.uuid5(UUID_NAMESPACE, text))

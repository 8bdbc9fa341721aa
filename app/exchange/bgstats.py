"""The Board Game Stats play file ("BG Stats", by Eerko Vissering), as Tableside writes
(app.exchange.bgstats_export) and reads (app.exchange.bgstats_import) it.

BG Stats play file (what Tableside writes; on reading, only the fields marked * are
used). The layout follows the public programs that write files BG Stats imports
(ctuncan/bga_bgstats ``bga_bgstats.py``, soul28561/bgstats-lichess-import
``LichessImport.java``) and read them (theiam79/BGStats.Bot ``Models/*.cs``), and BG
Stats' "push plays" support page, whose dates are local wall-clock times without a zone
("2020-10-23 19:16:58") and whose location is the app the play comes from::

    {"about": ..., "userInfo": {"meRefId": 0},            # 0: no player is the phone's owner
     "games": [{"id"*, "uuid", "name"*, "bggId"*, "bggName", "bggYear", "isBaseGame": 1,
                "isExpansion": 0, "cooperative", "highestWins", "noPoints", "usesTeams"}],
     "players": [{"id"*, "uuid", "name"*, "isAnonymous"*, ...}],
     "locations": [{"id": 1, "uuid", "name": "Tableside", "modificationDate"}],
     "plays": [{"uuid"*, "gameRefId"*, "locationRefId": 1,
                "playDate"* ("YYYY-MM-DD HH:MM:SS", the table's local time),
                "durationMin"*, "comments"*, "board": "", "manualWinner", "ignored", ...,
                "playerScores"*: [{"playerRefId"*, "score"* (text), "winner"*, "role",
                                   "startPlayer", "seatOrder"*, "rank", "newPlayer"}]}]}

A game is recognised by its BoardGameGeek id, else by its name. A time with a zone
("+01:00") is read as that moment; one without, as the local time of this table.

A play's uuid is the session's ``external_id`` when it was imported, else a uuid5 of the
game, seed and start time (as the clock gave it, before anyone set the date), so
exporting twice gives the same file and a play that comes back is recognised.
"""

from __future__ import annotations

import uuid

from app.storage.sessions import SavedSession

#: Games where the table plays together against the game: everyone wins or no one does.
COOPERATIVE = frozenset({"skoventyr", "skulk_hollow"})


#: Never change this: the uuids of exported plays (and so duplicate detection) depend on it.
UUID_NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "tableside:bgstats")


#: How BG Stats writes a moment: the wall-clock time, without a zone.
BG_DATE = "%Y-%m-%d %H:%M:%S"

#: BoardGameGeek's id and year of each game, so that BG Stats matches its plays to the
#: game in a person's collection. Skulk Hollow's is the one public lists of BGG links
#: give (boardgamegeek.com/boardgame/232595/skulk-hollow); for the other three no public
#: source at hand gave an id, so they are written with 0, BG Stats' "no BGG game" (the
#: README says so).
BGG_GAMES: dict[str, tuple[int, int]] = {"skulk_hollow": (232595, 2019)}


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

"""One finished game as BG Stats' "push plays" link, for a QR code the phone's camera
reads: BG Stats (3.3.2 and later) opens it as a new play to check and save, suggesting
its own game (by BGG id, else name) and players (by the id given here, else name).

The link is ``https://app.bgstatsapp.com/createPlay.html?data=`` and one play as
URL-encoded JSON, as BG Stats' support page "Push plays to BG Stats from other apps or
websites" documents it::

    {"sourceName": "Tableside", "sourcePlayId": <8 hex digits: the start of the play's
     uuid in the play file>, "playDate": "2026-12-02 19:16:58" (the table's wall clock,
     no zone), "durationMin", "comments": <how the game ended, only when asked for>,
     "game": {"bggId" (0: none known), "name", "highestWins": true,
              "noPoints" (a game against the game), "sourceGameId": "skogen"},
     "players": [{"name", "score" (not in a game against the game), "winner", "role",
                  "startPlayer", "sourcePlayerId"}]}

Every player has ``startPlayer``, ``winner``, ``role`` and ``sourcePlayerId``: BG Stats
on Android refused a link without ``startPlayer`` (lindsaykwardell/clocktracker pull
request 299), and these are the fields of that app's links that it then took. ``rank``
is left out, as those links leave it out: the scores and the winners say it.
``sourceName`` and ``sourcePlayId`` are what the public apps that link to BG Stats send
to name themselves and the play. There is no ``location``: BG Stats sets it to the app
the play comes from. A seat nobody named goes as BG Stats' own anonymous player
(app.exchange.bgstats_export.seats).

The URL encoding is JavaScript's encodeURIComponent, except that ":" and "," stay as
they are: a query may hold them (RFC 3986, 3.4) and JSON has one of each at every key,
so the link is an eighth shorter. The quotes stay encoded (%22, three bytes each, a
third of the link): RFC 3986 does not allow them in a link, and a phone that does not
take the scanned text as a link opens nothing.

The code is read by a phone's camera, so its modules must be as large as the screen
allows (app.kit.qr_code draws them, and tells how far away the phone reads them). The
code fills the 800x480 panel's height (``CODE_SIDE_PX``) with a quiet zone of at least
one module (app.kit.qr_code says why not four), so its version sets the module: 6
pixels up to version 15, read from 60 cm; 5 up to 19, from 55 cm; 4 up to
``MAX_VERSION`` (25), from 40-45 cm (tests/ui/test_qr_camera.py). Error correction is
level L, the lowest: a screen shows the code flat, unworn and evenly lit, so what fails
a camera there is modules too small to resolve, and L holds the most in a version.
segno raises the level when the play fits the same version at a higher one, which
costs nothing.

Measured (names Åse, Øyvind, Camille, Dag, no comment): a one-player play is a link of
about 470 bytes (version 15, 6-pixel modules); two players about 600-640 (version 17,
5 pixels); three 720-780 (version 19, 5 pixels) and four 850-920 (versions 20-21, 4
pixels). The players alone take about 130 bytes each (the fields BG Stats' Android app
is known to take, quotes encoded), so a play of two or more players cannot fit
version 15 without leaving out what BG Stats needs.

A play too large for ``MAX_VERSION`` is shortened until it fits, each step told on the
screen: the end of the comment (when asked for), the comment, the empty roles and last
the players' ids (BG Stats then matches players by name alone): the roles and ids
outlast the comment (the ecosystem review, finding 7). One still too large gets no
code (six players with ten-letter names all in such letters): it goes to BG Stats in
the play file (History's Export).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import segno

from app.exchange.bgstats import BG_DATE, bgg, cooperative, play_uuid
from app.exchange.bgstats_export import PlayTimes, player_uuid, seats
from app.exchange.saved import title_of
from app.storage.events import LoggedEvent
from app.storage.sessions import SavedSession
from app.storage.store import Store

PUSH_LINK = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE_NAME = "Tableside"
#: Left as they are in the link: encodeURIComponent's own, and ":" and "," (above).
LINK_SAFE = "!*'():,"

#: The smallest module on the 800x480 panel, in pixels (0.77 mm on the 7" panel).
MODULE_PX = 4
#: The most the code may take on the 800x480 panel: its height.
CODE_SIDE_PX = 480
#: The least light margin around the code, in modules (app.kit.qr_code's).
QUIET_ZONE = 1
#: The largest QR version whose modules keep ``MODULE_PX`` in ``CODE_SIDE_PX``.
MAX_VERSION = (CODE_SIDE_PX // MODULE_PX - 2 * QUIET_ZONE - 17) // 4
ERROR_LEVEL = "L"
#: What a code of ``MAX_VERSION`` at ``ERROR_LEVEL`` holds, in bytes (ISO/IEC 18004,
#: table 7): the link is plain ASCII, one byte a character.
CAPACITY = 1273
#: The length of the play's and the players' ids in the link, in hex digits.
SHORT_ID = 8
#: A comment cut shorter than this says too little: it is left out instead.
SHORTEST_COMMENT = 20


@dataclass(frozen=True)
class PushLink:
    link: str
    #: The play the link carries (``_play_data``, as shortened).
    play: dict[str, Any]
    #: What was shortened or left out to fit the code, in a player's words.
    left_out: tuple[str, ...] = ()

    def code(self) -> segno.QRCode:
        """The link as a QR code (no more than ``MAX_VERSION``), without its quiet zone."""
        return segno.make(self.link, error=ERROR_LEVEL, micro=False)


class TooLarge(ValueError):
    """The play does not fit a code that can be read from the screen."""


def push_link(
    session: SavedSession, events: list[LoggedEvent], store: Store, comment: bool = False
) -> PushLink:
    """The link for a finished game (with how it ended as the comment, when ``comment``;
    with the BoardGameGeek id set in ``store``'s Settings), shortened to fit
    the code (the module docstring). ValueError when its times cannot
    be read, TooLarge when even shortened it does not fit;
    app.exchange.bgstats_export.DateUnknown when none of its times can be right."""
    return _fitted(_play_data(session, events, comment, store))


def whole_push_link(session: SavedSession, events: list[LoggedEvent], store: Store) -> str:
    """The link for a finished game, nothing left out and how it ended as the comment:
    a phone opens it from its own page (app.phones), with no code to fit. The errors
    are ``push_link``'s, but TooLarge."""
    return _link_of(_play_data(session, events, True, store))


def _play_data(
    session: SavedSession, events: list[LoggedEvent], comment: bool, store: Store
) -> dict[str, Any]:
    """The play as the link carries it, before any shortening."""
    if session.status != "finished" or not isinstance(session.outcome, dict):
        raise ValueError("This game is not over, so it is no play for BG Stats yet.")
    times = PlayTimes.of(session, events)
    scored = not cooperative(session.game)
    players = []
    for seat in seats(session):
        player: dict[str, Any] = {"name": seat.name}
        if scored and seat.score is not None:
            player["score"] = seat.score
        player["winner"] = seat.winner
        player["role"] = seat.role
        player["startPlayer"] = seat.start
        # Short, and the same for a player every time: BG Stats remembers its match.
        player["sourcePlayerId"] = player_uuid(seat.name)[:SHORT_ID]
        players.append(player)
    reason = session.outcome.get("reason") if comment else None
    comments = {"comments": reason} if isinstance(reason, str) and reason else {}
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": short_play_id(session),
        "playDate": times.start.strftime(BG_DATE),
        "durationMin": times.minutes,
        **comments,
        "game": {
            "bggId": bgg(session.game, store)[0],
            "name": title_of(session.game) or session.game,
            "highestWins": True,
            "noPoints": not scored,
            "sourceGameId": session.game,
        },
        "players": players,
    }


def short_play_id(session: SavedSession) -> str:
    """The play's id in the link: the start of its uuid in the play file, the same every
    time; eight hex digits tell a table's plays apart and keep the code small."""
    return play_uuid(session).replace("-", "")[:SHORT_ID]


def _link_of(play: dict[str, Any]) -> str:
    text = json.dumps(play, ensure_ascii=False, separators=(",", ":"))
    return PUSH_LINK + quote(text, safe=LINK_SAFE)


def _fitted(play: dict[str, Any]) -> PushLink:
    """The link of ``play``, shortened step by step until it fits ``CAPACITY``."""
    left_out: list[str] = []
    for words, shorten in _SHORTENINGS:
        if _fits(play):
            return PushLink(_link_of(play), play, tuple(left_out))
        shorter = shorten(play)
        if words and shorter != play:
            left_out.append(words)
        play = shorter
    if _fits(play):
        return PushLink(_link_of(play), play, tuple(left_out))
    raise TooLarge(
        "This game has too much to fit a code the phone can read from here. Export in "
        "History writes it to the BG Stats file instead."
    )


def _fits(play: dict[str, Any]) -> bool:
    return len(_link_of(play)) <= CAPACITY


def _cut_comment(play: dict[str, Any]) -> dict[str, Any]:
    """The play with the longest start of its comment (cut at a space, "..." added)
    that fits; as it is when that would be shorter than ``SHORTEST_COMMENT``."""
    comment = str(play.get("comments", ""))
    low, high = 0, len(comment)  # the longest start that fits lies in [low, high]
    while low < high:
        middle = (low + high + 1) // 2
        if _fits({**play, "comments": comment[:middle] + "..."}):
            low = middle
        else:
            high = middle - 1
    start = comment[:low]
    if low < len(comment) and " " in start:
        start = start.rsplit(" ", 1)[0]  # a whole word, not half of one
    return {**play, "comments": start + "..."} if len(start) >= SHORTEST_COMMENT else play


def _leave_out(fields: dict[str, Any], key: str, only: object = None) -> dict[str, Any]:
    """``fields`` without ``key`` (only where its value is ``only``, when given)."""
    if key not in fields or (only is not None and fields[key] != only):
        return fields
    return {name: value for name, value in fields.items() if name != key}


def _for_each_player(play: dict[str, Any], key: str, only: object = None) -> dict[str, Any]:
    return {**play, "players": [_leave_out(p, key, only) for p in play["players"]]}


#: The steps that shorten a play, in order, with what each leaves out in words ("" for
#: nothing a person would miss).
_SHORTENINGS: tuple[tuple[str, Callable[[dict[str, Any]], dict[str, Any]]], ...] = (
    ("the end of the comment", _cut_comment),
    ("the comment", lambda play: _leave_out(play, "comments")),
    ("", lambda play: _for_each_player(play, "role", "")),
    (
        "the players' ids (BG Stats matches them by name)",
        lambda play: _for_each_player(play, "sourcePlayerId"),
    ),
)

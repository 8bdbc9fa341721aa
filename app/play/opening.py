"""A saved or new game made ready to play without a window: its controller, and the move
that was being entered when it was left, entered again. The play screen and the tests
open games the same way.

``open_game`` opens a saved game the way Resume (and Step through) does, and never
raises: whatever goes wrong on the way (the game's shipped data, the saved game's row or
moves, the rules refusing a move, the controller or what the table was owed, the view,
the screen's first layout) comes back as ``NotOpened``, said in a player's words, with
what can still be done with the game: step through its moves, correct it by hand (open
it without what the table was owed), set it aside (History keeps it; Home stops offering
to resume it). Nothing is written while a game is opened; only once it is open is a game
found over marked so (``PlaySession.finish_if_over``).
"""

from __future__ import annotations

import logging
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from app.games import GameInfo
from app.play.controller import AnyPlay, PlayController
from app.play.play_session import PlaySession
from app.play.replay import Replay
from app.storage.faults import DamagedData, StorageFault

if TYPE_CHECKING:  # sqlite-utils is slow to load; the app opens the store after Home is shown
    from app.storage.store import Store

log = logging.getLogger("tableside")

#: A controller ``open_game`` made for a play, handed to the play screen when it lays the
#: game out (``open_controller``) instead of being made a second time.
_made: weakref.WeakKeyDictionary[Any, PlayController[Any, Any, Any]] = weakref.WeakKeyDictionary()


def open_controller(game: GameInfo, play: AnyPlay) -> PlayController[Any, Any, Any]:
    """``game``'s controller (its ``controller_path``) playing ``play``, with the touches
    of a move left halfway (a question asked when the plug was pulled) made again. The
    one ``open_game`` has just made for ``play``, if it has."""
    made = _made.pop(play, None)
    if made is not None:
        return made
    controller = game.controller(play)
    controller.resume_entry()
    return controller


#: Why a game was not opened, by the step that failed, in a player's words.
NO_SUCH_GAME = "It is no longer among your saved games."
MOVES_REFUSED = (
    "Its saved moves no longer fit the rules of the game, so it cannot be played through again."
)
MOVES_UNREADABLE = "Its saved moves could not be played through again."
TABLE_UNREADABLE = (
    "Its moves are all there, but where your table had got to (the instructions being "
    "given, the move being entered) could not be read back."
)
NOT_SHOWN = "Its moves are all there, but the game could not be shown."
NOTHING_LOST = "Nothing has been deleted."


@dataclass(frozen=True)
class Opened:
    """A saved game open and laid out: its controller (and through it, its play)."""

    game: GameInfo
    controller: PlayController[Any, Any, Any]

    @property
    def play(self) -> AnyPlay:
        return self.controller.play


@dataclass(frozen=True)
class NotOpened:
    """A saved game that could not be opened: why, in a player's words (``words``), and
    what can still be done with it."""

    game: GameInfo
    session_id: int
    words: str
    #: Its moves can be read: it can be stepped through (a replay).
    can_step_through: bool = False
    #: It opens without what the table was owed: it can be played on and corrected by
    #: hand (the game's own corrections).
    can_correct: bool = False
    #: It is unfinished: it can be set aside (abandoned; History keeps it).
    can_set_aside: bool = False
    #: Stepping through was asked for (not Resume).
    stepping: bool = False
    #: What went wrong, for the log (never shown).
    detail: str = field(default="", compare=False)

    @property
    def heading(self) -> str:
        verb = "shown" if self.stepping else "opened"
        return f"This {self.game.title} game could not be {verb}"


#: Lays an opened game out (the play screen's first layout): raises if it cannot.
Show = Callable[[Opened], None]


def open_game(
    store: Store,
    game: GameInfo,
    session_id: int,
    *,
    stepping: bool = False,
    keep_owed: bool = True,
    show: Show | None = None,
) -> Opened | NotOpened:
    """Open saved game ``session_id`` of ``game`` as Resume does (``stepping``: as Step
    through does, a replay), with what the table was owed when it was left (without it,
    unless ``keep_owed``), and lay it out with ``show`` (none: only the game's plain-data
    view is made). Never raises: a failure at any step is a ``NotOpened``."""
    problem = game.problem()
    if problem is not None:
        return NotOpened(game, session_id, problem, stepping=stepping, detail="unavailable")
    try:
        play = _read(store, game, session_id, stepping)
    except Exception as error:  # any failure is told, never raised
        return _not_read(store, game, session_id, stepping, error)
    if not keep_owed and isinstance(play, PlaySession):
        play.owed_when_opened = None
    try:
        controller = _controller(game, play)
    except Exception as error:
        return _not_opened(store, game, session_id, stepping, keep_owed, TABLE_UNREADABLE, error)
    opened = Opened(game, controller)
    if show is not None:
        _made[play] = controller
        try:
            show(opened)
        except Exception as error:
            return _not_opened(store, game, session_id, stepping, keep_owed, NOT_SHOWN, error)
        finally:
            _made.pop(play, None)
    _finish_if_over(play)
    return opened


def _read(store: Store, game: GameInfo, session_id: int, stepping: bool) -> AnyPlay:
    """The saved game's moves played through: a replay, or the game to play on (not yet
    marked over if it is: that is a write, made once it is open)."""
    if stepping:
        return Replay(store, game.rules(), session_id)
    return PlaySession.resume(store, game.rules(), session_id, finish=False)


def _controller(game: GameInfo, play: AnyPlay) -> PlayController[Any, Any, Any]:
    """The game's controller for ``play``, and its view made once (a failure there is
    met before the screen is changed)."""
    controller = open_controller(game, play)
    game.view(controller)
    return controller


def _finish_if_over(play: AnyPlay) -> None:
    if isinstance(play, PlaySession):
        play.finish_if_over()


def _not_read(
    store: Store, game: GameInfo, session_id: int, stepping: bool, error: Exception
) -> NotOpened:
    """The saved game's row or moves could not be read, or the rules refused a move."""
    log.warning("saved game %s could not be read: %r", session_id, error)
    if isinstance(error, StorageFault):
        words = str(error)
    elif isinstance(error, KeyError):
        words = NO_SUCH_GAME
    elif isinstance(error, DamagedData):
        words = f"Part of it was damaged on the storage: {error}"
    elif isinstance(error, ValueError):
        words = MOVES_REFUSED
    else:
        words = MOVES_UNREADABLE
    set_aside = not stepping and not isinstance(error, (StorageFault, KeyError))
    return NotOpened(
        game,
        session_id,
        words if isinstance(error, KeyError) else f"{words} {NOTHING_LOST}",
        can_set_aside=set_aside and _unfinished(store, session_id),
        stepping=stepping,
        detail=repr(error),
    )


def _not_opened(
    store: Store,
    game: GameInfo,
    session_id: int,
    stepping: bool,
    keep_owed: bool,
    words: str,
    error: Exception,
) -> NotOpened:
    """The moves were read, but the game could not be set out or shown."""
    log.error("saved game %s could not be opened", session_id, exc_info=error)
    correct = not stepping and keep_owed and _opens_without_owed(store, game, session_id)
    return NotOpened(
        game,
        session_id,
        f"{words} {NOTHING_LOST}",
        can_step_through=not stepping,
        can_correct=correct,
        can_set_aside=not stepping and _unfinished(store, session_id),
        stepping=stepping,
        detail=repr(error),
    )


def cannot_show(game: GameInfo, session_id: int, error: Exception) -> NotOpened:
    """A saved game read to step through that could not be shown (its first layout)."""
    log.error("saved game %s could not be shown", session_id, exc_info=error)
    words = f"{NOT_SHOWN} {NOTHING_LOST}"
    return NotOpened(game, session_id, words, stepping=True, detail=repr(error))


def _opens_without_owed(store: Store, game: GameInfo, session_id: int) -> bool:
    """Whether the game opens without what the table was owed, and its rules can
    correct it by hand: what "Correct by hand" does."""
    try:
        play = _read(store, game, session_id, stepping=False)
        if isinstance(play, PlaySession):
            play.owed_when_opened = None
        controller = _controller(game, play)
        return bool(game.rules().manual_edits(controller.state))
    except Exception:
        return False


def _unfinished(store: Store, session_id: int) -> bool:
    """Whether the saved game is being played (not finished or set aside already)."""
    try:
        return store.session(session_id).status == "active"
    except Exception:
        return False


def set_aside(store: Store, opened: NotOpened) -> str | None:
    """Set the game aside: it is kept (History lists it) and no longer offered to resume.
    None when done, else why not, in words."""
    try:
        store.abandon_session(opened.session_id)
    except StorageFault as fault:
        return str(fault)
    return None

"""A saved or new game made ready to play without a window: its controller, and the move
that was being entered when it was left, entered again. The play screen and the tests
open games the same way."""

from __future__ import annotations

from typing import Any

from app.games import GameInfo
from app.play.controller import AnyPlay, PlayController


def open_controller(game: GameInfo, play: AnyPlay) -> PlayController[Any, Any, Any]:
    """``game``'s controller (its ``controller_path``) playing ``play``, with the touches
    of a move left halfway (a question asked when the plug was pulled) made again."""
    controller = game.controller(play)
    controller.resume_entry()
    return controller

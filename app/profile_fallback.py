"""An owner's saved component corrections that cannot be used: the game falls back to
its shipped values, and the person is told once (the details go to the log).

The corrections come from the database, so they may be damaged in any way; the game's
own reader checks them and calls ``use_shipped_values`` instead of failing. The notice
goes through the store, as its own findings do: the app shows it, once.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from app.store import Store

log = logging.getLogger(__name__)

T = TypeVar("T")


def use_shipped_values(store: Store, game_title: str, editor: str, problem: str) -> None:
    """Say (once) that ``game_title`` uses its shipped values; ``editor`` is the New game
    button where the corrections are entered."""
    log.warning("%s: the saved component corrections cannot be used: %s", game_title, problem)
    store.note(
        f"The saved corrections to the {game_title} components cannot be read, so the "
        f"values shipped with Tableside are used. Enter your corrections again under "
        f"{editor} on the New game page, then Save."
    )


def saved_corrections(
    store: Store,
    game: str,
    game_title: str,
    editor: str,
    read: Callable[[Any], tuple[T, ...]],
    check: Callable[[tuple[T, ...]], object],
) -> tuple[T, ...]:
    """The owner's saved corrections to ``game``'s components as its engine takes them
    (``read`` from the stored data, then ``check``ed, e.g. by building a Config); none,
    the shipped values, with a notice, when they cannot be used."""
    saved = store.profile(game)
    if saved is None:
        return ()
    try:
        corrections = read(saved)
        check(corrections)
    except ValueError as problem:
        use_shipped_values(store, game_title, editor, str(problem))
        return ()
    return corrections

"""Component profiles: an owner's corrections to a game's components (values the
rulebook does not print), saved once and used by every new game.

Saved corrections that cannot be used make the game fall back to its shipped values, and
the person is told once (the details go to the log). The corrections come from the
database, so they may be damaged in any way; the game's own reader checks them and calls
``use_shipped_values`` instead of failing. The notice goes through the store, as its own
findings do: the app shows it, once.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any, TypeVar

from app.storage.opening import StoreFile
from app.storage.values import json_or_none, now

log = logging.getLogger(__name__)

T = TypeVar("T")


class ComponentProfiles(StoreFile):
    def save_profile(self, game: str, data: Any) -> None:
        """The owner's corrections to a game's component data, stored once."""
        with self._writing():
            self.db.table("component_profiles").upsert(
                {"game": game, "data": json.dumps(data), "updated": now()}, pk="game"
            )

    def profile(self, game: str) -> Any:
        """The saved corrections, or None (the shipped data) when there are none or they
        cannot be read. The game's own loader checks their shape."""
        with self._reading():
            row = self.db.execute(
                "select data from component_profiles where game = ?", [game]
            ).fetchone()
        if row is None:
            return None
        data = json_or_none(row[0])
        if data is None:
            self._note_damage(
                f"your corrections to {game}'s components", "the printed values are used"
            )
        return data


def use_shipped_values(
    store: ComponentProfiles, game_title: str, editor: str, problem: str
) -> None:
    """Say (once) that ``game_title`` uses its shipped values; ``editor`` is the New game
    button where the corrections are entered."""
    log.warning("%s: the saved component corrections cannot be used: %s", game_title, problem)
    store.note(
        f"The saved corrections to the {game_title} components cannot be read, so the "
        f"values shipped with Tableside are used. Enter your corrections again under "
        f"{editor} on the New game page, then Save."
    )


def saved_corrections(
    store: ComponentProfiles,
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

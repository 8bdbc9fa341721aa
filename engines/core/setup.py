"""Set-up guidance: the steps a game's set-up takes for the chosen options."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class SetupStep:
    """One step of laying out a game on the table.

    ``title`` is a few words ("Lay out the Forest"); ``text`` says what to do in one to
    three short sentences, in our own words (never the rulebook's sentences); ``items``
    optionally lists things to lay out or check off ("6 Trees, Healthy side up").
    ``shows`` names, in the game's own words for its places and pieces, what this step
    puts on the table, so the app can draw the table as it stands after the step with
    those pieces marked (empty: a step that places nothing, such as sorting cards).
    ``choices`` are what the table decides at this step (who starts), each with the
    game's config once it is chosen; the guide offers them as buttons.
    """

    title: str
    text: str
    items: tuple[str, ...] = ()
    shows: tuple[str, ...] = ()
    choices: tuple[tuple[str, Any], ...] = ()

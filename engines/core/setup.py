"""Set-up guidance: the steps a game's set-up takes for the chosen options."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SetupStep:
    """One step of laying out a game on the table.

    ``title`` is a few words ("Lay out the Forest"); ``text`` says what to do in one to
    three short sentences, in our own words (never the rulebook's sentences); ``items``
    optionally lists things to lay out or check off ("6 Trees, Healthy side up").
    """

    title: str
    text: str
    items: tuple[str, ...] = ()

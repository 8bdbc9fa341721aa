"""A seeded person at a game's table, and how to read the game's screen back: what the
oracle (app.tools.oracle), the resume-at-every-step and the pulled-plug tests need of
each game, found through its entry in app.games (``autoplay_path``), so none of them
names a game.

Each game's ``app/<game>/autoplay.py`` holds its ``TABLE_PLAY``.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol


class Person(Protocol):
    """A seeded person at the table: each ``step`` makes the next touch they make (Done
    for an instruction, a touch of a move, the automated side's turn taken at once) on
    the controller it is given, the controller of the moment (a game opened again
    meanwhile has a new one); False once the game is over."""

    def step(self, control: Any) -> bool: ...


def _no_names(_action: Any) -> Iterable[str]:
    return ()


def _never(_control: Any) -> bool:
    return False


def each_move_own_part(rules: Any, states: Sequence[Any], actions: Sequence[Any]) -> list[Any]:
    """The people's own part of ``actions`` (from ``states[0]`` on, one state after each):
    the changes of each move the engine marks ``chosen``."""
    return [
        change
        for before, after in itertools.pairwise(states)
        for change in rules.table_changes(before, after)
        if change.chosen
    ]


@dataclass(frozen=True)
class TablePlay:
    #: A seeded person: ``person(seed)``.
    person: Callable[[int], Person]
    #: What the game's view (its entry's ``view_path``) draws of the table, read back
    #: from the view alone, as plain places (the engine's ``table_places`` keys; None
    #: for a place drawn empty).
    drawn: Callable[[Any], Mapping[str, Hashable]]
    #: The set-ups the oracle plays: every option that changes what is told (modules,
    #: player counts, the automated side's levels), each a config of the game.
    set_ups: Sequence[Any]
    #: The few the test suite samples (the full oracle plays them all).
    sample: Sequence[Any]
    #: The words by which a reason line would name ``action`` as done ("TUNNEL", a card
    #: played): a reason may name only actions among the moves it explains.
    names: Callable[[Any], Iterable[str]] = field(default=_no_names)
    #: A move is half made: the people have entered part of it (cards put under the deck
    #: one at a time, a cost being paid) and the table is drawn as they left it so far.
    half_made: Callable[[Any], bool] = field(default=_never)
    #: The people's own part of a move made of several saved steps, whole or half made
    #: so far: ``own_part(rules, states, actions)``, the states from before its first step.
    own_part: Callable[[Any, Sequence[Any], Sequence[Any]], list[Any]] = field(
        default=each_move_own_part
    )
    #: Names for the seats of a config that counts its players rather than naming them.
    players: tuple[str, ...] = ("Ana", "Bo", "Cy", "Di", "Ed", "Flo")

"""Representative Skoventyr games for the screenshots.

Each scene is (file name, config, how far to play). The play is seeded and naive, but
it prefers placing Allies and paying costs over Risky Draws, and never makes a move
that loses at once; it stops when the Forest holds ``allies`` Allies.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from app.popups import show_notice
from app.skoventyr.play_screen import SkoventyrPlayScreen
from engines import skoventyr as S

Advance = Callable[[SkoventyrPlayScreen], None]


def play_until_allies(allies: int, seed: int = 7) -> Advance:
    def advance(screen: SkoventyrPlayScreen) -> None:
        play = screen.play
        chooser = random.Random(seed)
        for _ in range(400):
            state: S.State = play.state
            if len(state.forest.allies()) >= allies and not state.tasks:
                return
            safe = [a for a in S.legal_actions(state) if not S.immediate_loss(state, a)]
            if not safe:
                return
            best = max(_preference(a) for a in safe)
            play.play(chooser.choice([a for a in safe if _preference(a) == best]))

    return advance


def _preference(action: S.SkoventyrAction) -> int:
    if isinstance(action, S.Position):
        return 3
    if isinstance(action, S.Call) and not action.risky:
        return 2
    if isinstance(action, (S.Call, S.Gambit)):
        return 0
    return 1


def as_set_up(screen: SkoventyrPlayScreen) -> None:
    """The game as it starts: nothing played yet."""


def show_the_deal(screen: SkoventyrPlayScreen) -> None:
    show_notice("Deal the cards", screen.deal_text())


def open_by_hand(screen: SkoventyrPlayScreen) -> None:
    screen.fix_by_hand()


SCENES: list[tuple[str, S.Config, Advance]] = [
    ("play_skoventyr_deal", S.Config(players=2), show_the_deal),
    ("play_skoventyr_start", S.Config(), play_until_allies(0)),
    (
        "play_skoventyr_midgame",
        S.Config(players=3, lygtemands=True, rescue=True),
        play_until_allies(3),
    ),
    (
        "play_skoventyr_table_deck",
        S.Config(deck_mode="table", damaged_trees=1),
        play_until_allies(0),
    ),
    ("play_skoventyr_table_reveal", S.Config(deck_mode="table"), as_set_up),
    ("play_skoventyr_by_hand", S.Config(players=2), open_by_hand),
]

"""Representative Skulk Hollow games for the screenshots: (file name, config, advance)."""

from __future__ import annotations

import random
from collections.abc import Callable

from app.skulk_hollow.play_screen import SkulkHollowPlayScreen
from engines import skulk_hollow as K
from engines.skulk_hollow.policy import decide

Advance = Callable[[SkulkHollowPlayScreen], None]


def play_turns(hero_turns: int, seed: int = 5) -> Advance:
    """Seeded random hero moves and the guardian's own choices, for ``hero_turns`` turns."""

    def advance(screen: SkulkHollowPlayScreen) -> None:
        chooser = random.Random(seed)
        for _ in range(500):
            state: K.State = screen.play.state
            if state.ended or (state.turn > hero_turns and state.asking == "hero"):
                return
            if state.asking == "guardian":
                action = decide(K.view(state, "guardian"), chooser).action
            else:
                options = K.legal_actions(state)
                playing = [a for a in options if not isinstance(a, K.EndTurn)]
                action = chooser.choice(playing or options)
            screen.play.play(action)

    return advance


def as_set_up(screen: SkulkHollowPlayScreen) -> None:
    """The game as it starts."""


def to_guardian_turn(screen: SkulkHollowPlayScreen) -> None:
    play_turns(2)(screen)
    screen.play.play(K.EndTurn())


SCENES: list[tuple[str, K.Config, Advance]] = [
    ("play_skulk_hollow_start", K.Config(), as_set_up),
    ("play_skulk_hollow_midgame", K.Config(guardian="tanthos"), play_turns(3)),
    ("play_skulk_hollow_guardian_turn", K.Config(guardian="apoda"), to_guardian_turn),
]

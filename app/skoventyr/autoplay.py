"""A seeded person at a Skoventyr table, for tests and the legibility sweep: moves chosen
by the advisor's rule of thumb (so that games last as real ones do), the cards that come
up from real decks at random, made by touch through the controller, and Done for every
instruction."""

from __future__ import annotations

import random
from collections.abc import Sequence

from app.kit.touch_select import Target
from app.play.autoplay import TablePlay
from app.skoventyr import touch_paths
from app.skoventyr.controller import SkoventyrController
from app.skoventyr.view import drawn_places
from engines import skoventyr as S
from engines.core import Change
from engines.skoventyr.bots import HeuristicBot


class SkoventyrPlayer:
    def __init__(self, seed: int, one_touch: bool = True) -> None:
        self.chooser = random.Random(seed)
        #: One touch a step (the oracle, the every-step tests), else a whole move a step
        #: (the legibility sweep, which looks at whole moves).
        self.one_touch = one_touch
        self.bot = HeuristicBot()
        #: The touches still to make of the move being entered, and the moves saved
        #: when it was chosen (a step with one answer is taken on the person's behalf).
        self.planned: list[Target] = []
        self.saved_then = 0

    def step(self, control: SkoventyrController) -> bool:
        """Make the next touch the people make (or the next move's touches, without
        ``one_touch``), on the controller of the moment; False once the game is over and
        its last instruction done."""
        state = control.state
        if control.telling.active:
            control.done()
            return True
        if state.ended is not None:
            return False
        saved = len(control.play.session.events)
        if not self.planned or saved > self.saved_then:
            self.planned, self.saved_then = list(touch_paths.path(self._choose(state))), saved
        control.pick(self.planned.pop(0))
        while not self.one_touch and self.planned and len(control.play.session.events) == saved:
            control.pick(self.planned.pop(0))
        question = control.question()
        if question is not None:  # the loss, confirmed
            control.take(question.action)
        if len(control.play.session.events) > saved:
            self.planned = []
        return True

    def _choose(self, state: S.State) -> S.SkoventyrAction:
        if S.awaiting_reveal(state):
            return self.chooser.choice(S.legal_actions(state))
        seen = S.view(state, state.config.seats[state.player])
        return self.bot.choose(seen, self.chooser)


def _half_made(control: SkoventyrController) -> bool:
    return control.owed.run_start >= 0


def _own_part(
    rules: object, states: Sequence[S.State], actions: Sequence[S.SkoventyrAction]
) -> list[Change]:
    return S.own_part(states, actions)


#: Skoventyr for the oracle: every module and player count, each deck.
TABLE_PLAY = TablePlay(
    person=SkoventyrPlayer,
    drawn=drawn_places,
    set_ups=[
        S.Config(players=players, lygtemands=lygtemands, rescue=rescue, deck_mode=deck)
        for players in (1, 2, 3, 4)
        for lygtemands in (False, True)
        for rescue in (False, True)
        for deck in ("app", "table")
    ],
    half_made=_half_made,
    own_part=_own_part,
    sample=[
        S.Config(damaged_trees=1, rescue=True),
        S.Config(),
        S.Config(players=2, lygtemands=True, deck_mode="table"),
        S.Config(players=3, lygtemands=True, rescue=True, deck_mode="table"),
    ],
)

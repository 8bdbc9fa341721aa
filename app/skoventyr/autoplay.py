"""A seeded person at a Skoventyr table, for tests and the legibility sweep: moves chosen
by the advisor's rule of thumb (so that games last as real ones do), the cards that come
up from real decks at random, made by touch through the controller, and Done for every
instruction."""

from __future__ import annotations

import random
from collections.abc import Sequence

from app.play.autoplay import TablePlay
from app.skoventyr import touch_paths
from app.skoventyr.controller import SkoventyrController
from app.skoventyr.view import drawn_places, skoventyr_view
from engines import skoventyr as S
from engines.core import Change
from engines.skoventyr.bots import HeuristicBot


class SkoventyrPlayer:
    def __init__(self, seed: int) -> None:
        self.chooser = random.Random(seed)
        self.bot = HeuristicBot()

    def step(self, control: SkoventyrController) -> bool:
        """Make the next move the people make; False once the game is over."""
        state = control.state
        if state.ended is not None:
            return False
        if control.telling.active:
            control.done()
            return True
        if S.awaiting_reveal(state):
            action = self.chooser.choice(S.legal_actions(state))
        else:
            seen = S.view(state, state.config.seats[state.player])
            action = self.bot.choose(seen, self.chooser)
        taken = len(control.play.session.events)
        for target in touch_paths.path(action):
            if len(control.play.session.events) > taken:
                break
            control.pick(target)
        question = control.question()
        if question is not None:  # the loss, confirmed
            control.take(question.action)
        return True


def _half_made(control: SkoventyrController) -> bool:
    return control.owed.run_start >= 0


def _own_part(
    rules: object, states: Sequence[S.State], actions: Sequence[S.SkoventyrAction]
) -> list[Change]:
    return S.own_part(states, actions)


#: Skoventyr for the oracle: every module and player count, each deck.
TABLE_PLAY = TablePlay(
    person=SkoventyrPlayer,
    view=skoventyr_view,
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
    sample=[S.Config(), S.Config(players=3, lygtemands=True, rescue=True, deck_mode="table")],
)

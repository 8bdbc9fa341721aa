"""A seeded person at a Skulk Hollow table, for tests and the legibility sweep: the hero's
moves chosen at random among the legal ones and made by touch through the controller,
Done for every instruction, and the guardian's thinking done at once (its Easy and
Normal levels decide the same way every time for the same seed)."""

from __future__ import annotations

import random

from app.play.play_session import Position
from app.skulk_hollow import touch_paths
from app.skulk_hollow.controller import SkulkHollowController
from app.skulk_hollow.guardian_plan import think_through
from engines import skulk_hollow as K
from engines.skulk_hollow.bots import GuardianBot, make_guardian


class SkulkHollowPlayer:
    def __init__(self, seed: int) -> None:
        self.chooser = random.Random(seed)
        self.guardians: dict[str, GuardianBot] = {}

    def step(self, control: SkulkHollowController) -> bool:
        """Make the next move a person (or the guardian) makes; False once it is over."""
        state = control.state
        if state.ended:
            return False
        if control.telling.active:
            control.done()
        elif control.guardian_turn:
            self._guardian(control)
        else:
            options = K.legal_actions(state)
            playing = [a for a in options if not isinstance(a, K.EndTurn)]
            self.touch(control, self.chooser.choice(playing or options))
        return True

    def _guardian(self, control: SkulkHollowController) -> None:
        state = control.state
        if control.wants_plan:
            level = state.config.level
            bot = self.guardians.setdefault(level, make_guardian(level))
            moment = Position(control.play.session_id, control.moment)
            control.plan_arrived(think_through(bot, state, moment, control.play.session.seed))
        elif control.owed.by_hand:
            control.take(K.legal_actions(state)[0])
        else:
            control.go_on_with_plan()  # "Save again"

    @staticmethod
    def touch(control: SkulkHollowController, action: K.SkulkAction) -> None:
        """The touches that pick ``action`` (fewer when a step has one answer)."""
        taken = len(control.play.session.events)
        for target in touch_paths.paths(control.state)(action):
            if len(control.play.session.events) > taken:
                return  # the rest was answered on the hero's behalf
            control.pick(target)

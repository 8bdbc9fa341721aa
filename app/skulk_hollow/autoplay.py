"""A seeded person at a Skulk Hollow table, for tests and the legibility sweep: the hero's
moves chosen at random among the legal ones and made by touch through the controller,
Done for every instruction, and the guardian's thinking done at once (its Easy and
Normal levels decide the same way every time for the same seed)."""

from __future__ import annotations

import random

from app.play.autoplay import TablePlay
from app.play.play_session import Position
from app.skulk_hollow import touch_paths
from app.skulk_hollow.controller import SkulkHollowController
from app.skulk_hollow.guardian_plan import think_through
from app.skulk_hollow.view import drawn_places
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


def _names(action: K.SkulkAction) -> tuple[str, ...]:
    """How a reason says a move was made: the action chosen ("uses TUNNEL"), the card played
    ("plays Deep Roots"; a card it discards may be named, as discarded)."""
    if isinstance(action, K.ChooseAction):
        # "uses CRUSH", "plays Regrow (TUNNEL)"; "MOLT on BURROW" names a part, not a move.
        return (f"uses {action.label}", f"({action.label})")
    if isinstance(action, K.PlayCard):
        return (f"plays {action.label.removeprefix('Play ')}",)
    return ()


#: Skulk Hollow for the oracle: every guardian at every level, with and without the
#: app holding the Foxen deck.
TABLE_PLAY = TablePlay(
    person=SkulkHollowPlayer,
    drawn=drawn_places,
    set_ups=[
        K.Config(guardian=guardian, level=level, foxen_deck=deck)
        for guardian in K.GUARDIANS
        for level in K.LEVELS
        for deck in ("table", "app")
    ],
    sample=[
        K.Config(guardian="grak", hero_relics=1, foxen_deck="app"),
        K.Config(guardian="apoda", foxen_deck="app"),
        K.Config(guardian="tanthos", level="easy", leader="queen_of_blessing", hero_relics=2),
        K.Config(guardian="raptra", leader="prince_of_guile", foxen_deck="app", guardian_relics=1),
    ],
    names=_names,
)

"""Playing Skulk Hollow without a window: the person moves the Foxen, the app plays the
guardian, and what the table is still owed is saved with the game.

On the hero's turn the engine's legal actions are picked by touches (``touch_paths``):
a question with only one answer is answered at once and the prompt says so (never the
card to play: the person names it), and a touch on something that cannot be chosen says
why. What the rules then change on the table without the person's choice (cards drawn,
power cubes placed) is told as instructions, one Done each.

On the guardian's turn the screen has the guardian think one whole decision through in
the background (``guardian_turn``) and hands the plan to ``plan_arrived``: the table is
told each physical change it makes, in order and numbered, with the guardian's reason,
and each of its actions is recorded once the table has carried out its last change (an
action that changes nothing on the table is recorded at once). So the board in the app is
always the board on the table. The hero's Cleanup (its power cubes allocated, its hand
refilled) is told as its turn ends, before the guardian plays, as the rulebook orders a
turn (``K.TURN_ORDER``).

If the guardian cannot decide even at Easy level (an error in its thinking), the person
chooses its moves for the rest of its turn from a list of what the rules allow.

Everything the table is owed (``SkulkOwed``: the plan and how far the table has got, the
refill still to tell, notes, the order heroes came in) is saved with each change, so a
game opened again shows exactly what it showed before.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

from app.kit.touch_select import Target, TouchSelection
from app.play.controller import GamePlay, PlayController
from app.play.owed import Owed
from app.skulk_hollow import touch_paths
from app.skulk_hollow.guardian_plan import Plan
from app.skulk_hollow.turn_words import answered_for_you, said_for_you, taken_back_words
from engines import skulk_hollow as K
from engines.core import Change, GameRules, to_announce
from engines.skulk_hollow import board


@dataclass(frozen=True)
class KeptStep:
    """One step of the guardian's plan as saved: its action (``to_dict``) and what it
    changes on the table. ``reason`` is read from games saved by an older release (the
    bot's look-ahead, never said now): the plan says what it does (``KeptPlan.words``)."""

    action: dict[str, Any]
    reason: str
    changes: tuple[Change, ...]


@dataclass(frozen=True)
class KeptPlan:
    """The guardian's decision being carried out at the table."""

    steps: tuple[KeptStep, ...]
    recorded: int = 0  # how many of its steps are recorded
    carried_out: int = 0  # how many of its instructions the table has done
    told: bool = False  # the instructions being told are the plan's
    #: What the guardian does, said from the plan's own actions (``K.decision_words``).
    words: str = ""

    def actions(self) -> list[K.SkulkAction]:
        return [K.action_from_dict(step.action) for step in self.steps]

    @property
    def changes(self) -> list[Change]:
        return [change for step in self.steps for change in step.changes]

    @property
    def reason(self) -> str:
        """What the guardian does, and what comes of it, said from its saved actions."""
        return self.words


@dataclass(frozen=True)
class SkulkOwed(Owed):
    plan: KeptPlan | None = None
    #: The hand's refill at the end of the hero's turn, told once the guardian's was over:
    #: kept by an older release (now told in the hero's own Cleanup), told as it was.
    held: tuple[Change, ...] = ()
    #: That the guardian plays this turn at a simpler level: said once.
    fell_back: str = ""
    #: No level of the guardian could decide: the person chooses its moves.
    by_hand: bool = False
    #: The heroes' ids in the order they came into play, so no row moves under a finger.
    roster: tuple[str, ...] = field(default_factory=tuple)
    #: The steps answered on the hero's behalf since the person last chose (or the table
    #: last finished an instruction), said together in the prompt.
    answered: tuple[str, ...] = ()


def arrival_order(roster: tuple[str, ...], state: K.State) -> tuple[str, ...]:
    """``roster`` without the heroes gone, and the new ones at its end."""
    ids = [unit.id for unit in state.units]
    kept = tuple(u for u in roster if u in ids)
    return kept + tuple(u for u in ids if u not in kept)


def asked(state: K.State) -> bool:
    """A moment where the hero player is asked something (not answered on their behalf)."""
    if state.asking != "hero":
        return False
    return state.pending is None or len(K.legal_actions(state)) != 1


@dataclass(frozen=True)
class CardChoice:
    """A card list for the screen to open: its heading, and whose cards ("card" for the
    cards to play, "discard", "recall")."""

    heading: str
    kind: str


class SkulkHollowController(PlayController[K.State, K.SkulkAction, K.Config]):
    owed_type = SkulkOwed
    owed: SkulkOwed
    #: Undo goes back to the hero's last decision, through the guardian's turn.
    asks_before_crossing = False

    def __init__(
        self,
        rules: GameRules[K.State, K.SkulkAction, K.Config],
        play: GamePlay[K.State, K.SkulkAction, K.Config],
    ) -> None:
        super().__init__(rules, play)
        self.selection: TouchSelection[K.SkulkAction] = TouchSelection([], lambda _a: ())
        self.thinking = ""  # "Grak is thinking... 40%" while it thinks
        #: A card list the screen should open now (taken by ``card_choice_wanted``).
        self.card_choice: CardChoice | None = None
        self.offered = -1  # the moment a card choice last opened by itself
        self.refresh()

    def fresh_owed(self) -> SkulkOwed:
        """Nothing kept: the order heroes came in, read from the game, and for a new
        game whose cards the app deals, the starting hand by name (said in the opening
        prompt, not as an instruction with a Done: a finger still tapping the set-up
        guide's Done would skip it unread)."""
        roster: tuple[str, ...] = ()
        for state in self.play.session.states:
            roster = arrival_order(roster, state)
        note = ""
        if not self.play.session.events and self.replay is None:
            note = " ".join(change.words for change in K.starting_hand(self.state))
        return SkulkOwed(note=note, roster=roster)

    @property
    def guardian_name(self) -> str:
        return self.state.board.name

    @property
    def moment(self) -> int:
        """The game's moment: how many events its log holds (the guardian's seeds use it)."""
        return len(self.play.session.events)

    @property
    def guardian_turn(self) -> bool:
        return self.state.asking == "guardian" and self.replay is None

    @property
    def plan(self) -> KeptPlan | None:
        return self.owed.plan

    @property
    def wants_plan(self) -> bool:
        """The guardian must think its next decision now."""
        return self.guardian_turn and self.plan is None and not self.owed.by_hand

    # -- the hero's turn ---------------------------------------------------------------

    def pick(self, target: Target | None) -> None:
        """A touch on whatever stands for ``target``."""
        if target is None or self.telling.active:
            return
        if target[0] == "space" and target not in self.selection.options():
            heroes = self.heroes_in(str(target[1]))
            if len(heroes) > 1:
                names = " and ".join(board.the_unit(self.state, h) for h in heroes)
                self.message = f"{board.capital(names)} stand there: touch the one you mean."
                return
            target = ("unit", heroes[0]) if heroes else target
        if target not in self.selection.options():
            self.explain_refusal(target)
            return
        self.message = ""
        action = self.selection.choose(target)
        while action is None and len(self.selection.options()) == 1:
            only = next(iter(self.selection.options()))
            if only[0] == "card":
                break  # the card to play is the person's to name, even the only one
            action = self.selection.choose(only)  # one answer: no need to ask
        if action is not None:
            self.take(action)
        elif self.selection.prefix[-1] == ("verb", "play"):
            self.card_choice = CardChoice("Which card do you play?", "card")

    def heroes_in(self, space: str) -> list[str]:
        """The lit heroes standing in a space touched while a hero is asked for."""
        return [
            unit.id
            for unit in board.on_ground(self.state, space)
            if ("unit", unit.id) in self.selection.options()
        ]

    def touch_location(self, target: Target) -> None:
        """A location: a leap or attack target, or the one lit hero riding on it."""
        if target not in self.selection.options():
            riders = [
                ("unit", u.id)
                for u in board.attached(self.state, str(target[1]))
                if ("unit", u.id) in self.selection.options()
            ]
            if len(riders) == 1:
                target = riders[0]
        self.pick(target)

    def explain_refusal(self, target: Target) -> None:
        """A touch on something that cannot be chosen now: say which rule refuses it."""
        if self.guardian_turn or self.state.ended or self.replay is not None:
            return
        kind, value = target
        state = self.state
        if self.selection.prefix == (("verb", "power"),) and kind == "unit":
            self.message = K.why_illegal(state, K.SpendPower(str(value)))
        elif self.selection.prefix:
            self.message = "Finish the choice first, or take it back with Undo."
        elif kind == "unit" and state.pending is None:
            self.message = "Play a card (or spend power) first; then touch the hero who acts."
        elif kind in ("space", "location") and state.pending is None:
            self.message = "Play a card first: the spaces and locations it allows are then lit."
        elif kind in ("space", "unit", "location", "card"):
            candidate: K.SkulkAction = {
                "space": K.ChooseSpace,
                "unit": K.ChooseUnit,
                "location": K.ChooseLocation,
                "card": K.ChooseCard,
            }[kind](str(value))
            self.message = K.why_illegal(state, candidate)

    def refuse_card(self, card: str, kind: str) -> None:
        """A card the list shows as not possible now was touched: say why."""
        action = K.PlayCard(card) if kind == "card" else K.ChooseCard(card)
        self.selection.reset()
        self.message = K.why_illegal(self.state, action)

    def card_list_closed(self) -> None:
        """The card list closed without a card: the card is chosen again."""
        if self.selection.prefix == (("verb", "play"),):
            self.selection.reset()

    def card_order(self, kind: str) -> list[tuple[str, str, bool]]:
        """The cards of a choice as (id, name, possible now), in the printed order of the
        Foxen cards: the discard pile for RECALL; the hand when the app holds it; else
        every card that might be in the hand. So no card moves between two openings."""
        state = self.state
        cards = state.hero_cards
        if kind == "recall":
            could_be = Counter(cards.discard)
        elif cards.known:
            could_be = Counter(cards.hand)
        else:
            could_be = Counter({card.id: 1 for card in state.foxen.cards})
        allowed = self.selection.options_of("card")
        return [
            (
                c.id,
                c.name if could_be[c.id] < 2 else f"{c.name} \u00d7{could_be[c.id]}",
                c.id in allowed,
            )
            for c in state.foxen.cards
            if c.id in could_be
        ]

    def end_turn_question(self) -> str:
        """With actions left, the question to ask before the turn ends; else nothing."""
        left = self.state.actions_left
        if left <= 0:
            return ""
        return f"End the turn with {left} action{'s' if left != 1 else ''} unused?"

    def take(self, action: K.SkulkAction) -> bool:
        """Record one action (the hero's, or one the person chose for the guardian), tell
        the table what the rules did with it, and show what comes next."""
        played = self.record_move(action)
        self.refresh()
        return played

    def record_move(self, action: K.SkulkAction, answered: tuple[str, ...] = ()) -> bool:
        """Record ``action`` with what the table is then told; ``answered``: the steps
        answered on the hero's behalf so far, this one included, said with it."""
        note = said_for_you(answered)
        before = self.state
        whose = "your" if before.active == "hero" else f"{self.guardian_name}'s"
        heading = f"End of {whose} turn" if isinstance(action, K.EndTurn) else "On the table"

        def owed_after(after: K.State) -> SkulkOwed:
            # The hero's Cleanup (its cubes allocated, then its hand refilled) is told as
            # the turn ends, in the rulebook's order: before the guardian plays.
            telling = self.chain(K.table_changes(before, after), heading=heading)
            said = note
            if isinstance(action, K.ChooseLocation) and not telling.active:
                said = " ".join(filter(None, [note, after.last]))  # "...has no effect" (N21)
            owed = replace(self.owed, telling=telling, note=said, answered=answered)
            return self._turn_passed(owed, before, after)

        return self.record(action, owed_after)

    def _turn_passed(self, owed: SkulkOwed, before: K.State, after: K.State) -> SkulkOwed:
        """What ``owed`` becomes when the move from ``before`` to ``after`` ends the
        guardian's turn: its plan done, the end said (and a refill an older release held
        back told after whatever the move itself tells); and the heroes' order, whoever
        moved."""
        owed = replace(owed, roster=arrival_order(owed.roster, after))
        if not (before.active == "guardian" and after.active == "hero"):
            return owed
        said = " ".join(filter(None, [f"{self.guardian_name}'s turn is over.", owed.fell_back]))
        telling = owed.telling
        if owed.held:
            telling = telling.followed_by(owed.held)
            if not owed.telling.active:
                telling = replace(telling, heading="Your turn")
        note = " ".join(filter(None, [said, owed.note]))
        return replace(
            owed, telling=telling, held=(), note=note, fell_back="", plan=None, by_hand=False
        )

    def answer_the_obvious(self) -> None:
        """Answer every step of the hero's that has only one possible answer, and say so."""
        while True:
            state = self.state
            if state.asking != "hero" or state.pending is None or self.telling.active:
                return
            options = K.legal_actions(state)
            if len(options) != 1:
                return
            said = (*self.owed.answered, answered_for_you(state, options[0]))
            if not self.record_move(options[0], answered=said):
                return

    # -- the guardian's turn -----------------------------------------------------------

    def plan_arrived(self, plan: Plan) -> None:
        """The guardian has thought its decision through: tell the table, or record it."""
        if not self.guardian_turn or self.plan is not None:
            return
        steps = tuple(KeptStep(step.action.to_dict(), "", step.changes) for step in plan.steps)
        words = K.decision_words(self.state, [step.action for step in plan.steps])
        self.keep(replace(self.owed, plan=KeptPlan(steps, words=words)))
        self.thinking = ""
        self.go_on_with_plan()

    def fell_back(self, level: str) -> None:
        """The guardian's thinking failed: it thinks again at ``level``, for this turn."""
        said = (
            f"{self.guardian_name} could not decide at {self.state.config.level.capitalize()} "
            f"level, so it plays the rest of this turn at {level.capitalize()} level."
        )
        self.keep(replace(self.owed, fell_back=said))

    def stuck(self) -> None:
        """No level of the guardian could decide: the person chooses its moves until its
        turn is over, rather than wait for ever."""
        if self.guardian_turn:
            self.thinking = ""
            self.keep(replace(self.owed, by_hand=True, fell_back=""))

    def guardian_choices(self) -> list[tuple[str, K.SkulkAction]]:
        """What the rules allow the guardian now, for the person to pick for it."""
        return [(action.label, action) for action in K.legal_actions(self.state)]

    def go_on_with_plan(self) -> None:
        """Record the plan's steps the table has carried out (and those that change
        nothing); tell the rest, or go on once the plan is all recorded."""
        plan = self.plan
        if plan is None or (self.telling.active and not plan.told):
            return  # the table is still busy with other instructions (an undo)
        actions = plan.actions()
        told = sum(len(to_announce(step.changes)) for step in plan.steps[: plan.recorded])
        for index in range(plan.recorded, len(plan.steps)):
            told += len(to_announce(plan.steps[index].changes))
            if told > plan.carried_out:
                break
            before = self.state
            plan = replace(plan, recorded=index + 1)
            last = plan.recorded == len(plan.steps)

            def owed_after(
                after: K.State, kept: KeptPlan = plan, last: bool = last, before: K.State = before
            ) -> SkulkOwed:
                owed = replace(self.owed, plan=None if last else kept)
                return self._turn_passed(owed, before, after)

            if not self.record(actions[index], owed_after):
                if not self.unsaved:  # the rules refused it (the game was closed meanwhile)
                    self.keep(replace(self.owed, plan=None))
                    self.refresh()
                # Else done at the table but not saved: saved at the next Done, or with
                # "Save again" once the storage is put right.
                return
        if self.plan is None:
            self.refresh()
            return
        if not plan.told:
            reason = " ".join(filter(None, [self.owed.fell_back, plan.reason]))
            telling = self.chain(plan.changes, reason, f"{self.guardian_name}'s turn")
            self.keep(
                replace(self.owed, plan=replace(plan, told=True), telling=telling, fell_back="")
            )

    def done(self) -> bool:
        """Done: the plan's instruction carried out goes on with the plan; any other goes
        on with the game once the chain is over."""
        plan = self.plan
        if not self.telling.active:
            return False
        if plan is not None and plan.told:
            owed = replace(
                self.owed,
                plan=replace(plan, carried_out=plan.carried_out + 1),
                telling=self.telling.advanced(),
            )
            self.keep(owed)
            self.go_on_with_plan()
            return False
        telling = self.telling.advanced()
        finished = not telling.active
        # Once the table is done, what was answered for the hero is said afresh.
        answered = () if finished else self.owed.answered
        self.keep(replace(self.owed, telling=telling, answered=answered))
        if finished:
            # A card choice waiting then does not open by itself: a finger still tapping
            # Done would land on its list; "Choose the card" (away from Done) opens it.
            self.offered = self.moment
            if self.plan is not None:
                self.go_on_with_plan()
            else:
                self.refresh()
        return finished

    def drop_plan(self) -> None:
        """Forget the guardian's plan and its thinking (a correction, a new turn)."""
        self.thinking = ""
        if self.plan is not None or self.owed.by_hand:
            self.keep(replace(self.owed, plan=None, by_hand=False))

    # -- corrections by hand -----------------------------------------------------------

    def why_not_by_hand(self) -> str:
        if self.state.ended:
            return "The game is over: take the last action back with Undo to correct it."
        if self.telling.active or self.plan is not None:
            return "Carry out the instructions first (Done), then correct by hand."
        if self.state.pending is not None:
            return "Finish the choice being made, or take it back with Undo; then correct by hand."
        return ""

    def correct(self, edit: K.SkulkAction) -> None:
        """Record a correction by hand. The people made it themselves, so there is nothing
        to tell the table; the prompt says what was recorded."""
        self.selection.reset()
        self.thinking = ""
        note = f"Recorded: {edit.label.removeprefix('By hand: ')}."
        self.record(edit, lambda after: replace(self.owed, note=note, plan=None, by_hand=False))
        self.refresh()

    # -- undo --------------------------------------------------------------------------

    def undo(self) -> None:
        """Take back the last touch of a choice, else back to the hero's last decision
        (through the guardian's turn, if it has begun), and tell what to put back."""
        if self.selection.prefix:
            self.selection.back()
            self.message = ""
            return
        before = self.state
        # What the table was told but has not done yet, and the refill not told yet.
        not_yet_done = [*self.telling.waiting, *self.owed.held]
        self.message = ""  # said of the moment being taken back
        self.thinking = ""

        def last(taken: Any, after: K.State) -> bool:
            # A correction is taken back on its own, even on the guardian's turn.
            return isinstance(taken, K.HandEdit) or asked(after)

        def owed_after(taken: Any, after: K.State, stops: bool) -> SkulkOwed:
            """Back to the hero's last decision (through the guardian's turn, if it has
            begun), telling what to put back as it stood ``before``, but for what the
            table had not done yet."""
            roster = arrival_order(self.owed.roster, after)
            if not stops:  # on the way back through the guardian's turn
                return SkulkOwed(roster=roster)
            words = taken_back_words(after, taken)
            changes = _not_in(K.table_changes(before, after), not_yet_done)
            telling = self.chain(changes, heading=f"Undone: {words}", everything=True)
            note = "" if telling.active else f"Undone: {words}; nothing to put back on the table."
            return SkulkOwed(telling=telling, note=note, roster=roster)

        self.undo_until(last, owed_after)
        self.refresh()

    # -- what comes next ---------------------------------------------------------------

    def refresh(self) -> None:
        """Rebuild the choices: the hero's legal actions by touch, answering the obvious
        first (an obvious last step, the last power cube, may end the turn, and then the
        guardian thinks); nothing on the guardian's turn."""
        if not self.guardian_turn:
            if self.plan is not None or self.owed.by_hand:
                self.drop_plan()
            self.answer_the_obvious()
        elif self.plan is not None and not self.unsaved:
            # Opened again (after a pulled plug) with steps the table has carried out
            # still to record: recorded now, as the Done that carried them out would have.
            self.go_on_with_plan()
        state = self.state
        if self.guardian_turn or self.replay is not None or state.ended:
            self.selection = TouchSelection([], lambda _a: ())
        else:
            self.selection = TouchSelection(K.legal_actions(state), touch_paths.paths(state))
        self._offer_cards()

    def _offer_cards(self) -> None:
        """A step that asks for a card (the discard of PREPARE, RECALL) opens the card
        choice by itself, once."""
        state = self.state
        if self.telling.active or self.selection.prefix or self.offered == self.moment:
            return
        if state.pending is None or not self.selection.options_of("card"):
            return
        self.offered = self.moment
        self.card_choice = CardChoice(state.prompt, self.card_kind())

    def card_kind(self) -> str:
        state = self.state
        return "recall" if state.pending and state.pending.step == "recall" else "discard"

    def card_choice_wanted(self) -> CardChoice | None:
        """The card list to open now, once."""
        wanted, self.card_choice = self.card_choice, None
        return wanted


def _not_in(changes: list[Change], not_yet_done: list[Change]) -> list[Change]:
    """The changes to put back, without those the table was told but has not done yet."""
    waiting = {key for change in not_yet_done for key in change.keys}
    return [change for change in changes if not set(change.keys) <= waiting]

"""Playing Skulk Hollow: the person moves the Foxen, the app plays the guardian.

On the hero's turn the engine's legal actions are picked by touches (``touch_paths``):
a question with only one answer is answered at once and the prompt says so, and a
touch on something that cannot be chosen says why. What the rules then change on the
table without the person's choice (cards drawn, power cubes placed) is told as
instructions, one Done each.

On the guardian's turn the guardian thinks one whole decision through in the background
(``guardian_turn``): the table is told each physical change it makes, in order and
numbered, with the guardian's reason, and each of its actions is recorded once the
table has carried out its last change (an action that changes nothing on the table is
recorded at once). So the board in the app is always the board on the table.

If the guardian cannot decide even at Easy level (an error in its thinking), the person
chooses its moves for the rest of its turn from a list of what the rules allow, and the
table is told what each one changes, as for the guardian's own.
"""

from __future__ import annotations

from typing import Any

from kivy.clock import Clock
from kivy.metrics import dp
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.label import Label

from app.games import GameInfo
from app.kit import tap_guard, theme
from app.kit.choice_list import ChoiceListPopup
from app.kit.popups import ask
from app.kit.touch_select import Target, TouchSelection
from app.kit.widgets import TargetButton, reuse_children
from app.kv import load_kv
from app.play.game_screen import GameScreen
from app.play.instructions import InstructionPanel  # noqa: F401  (named in kv)
from app.play.play_session import PlaySession
from app.play.replay import Replay
from app.skulk_hollow import by_hand, touch_paths
from app.skulk_hollow.guardian_turn import GuardianThinker, Plan
from app.skulk_hollow.look import code, short_name, space_cells
from app.skulk_hollow.widgets import CardChooser, LocationTile, UnitChip, lit
from app.storage.faults import StorageFault
from engines import skulk_hollow as K
from engines.core import Action, Change, to_announce
from engines.skulk_hollow import board
from engines.skulk_hollow.state import Unit

#: The width of Done in the bottom bar (app.play.game_screen): the place no button takes.
DONE_WIDTH = dp(200)


class SkulkHollowPlayScreen(GameScreen):
    prompt = StringProperty("")
    guardian_line = StringProperty("")
    guardian_power = NumericProperty(0)
    guardian_power_spaces = NumericProperty(0)
    #: An instruction (or the guardian's thinking) fills the panel instead of the roster.
    telling = BooleanProperty(False)
    #: The hero's turn has just begun: the prompt stands out.
    turn_begins = BooleanProperty(False)
    #: The rows of heroes the prompt leaves room for: every hero's, up to four.
    hero_rows = NumericProperty(2)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.play: PlaySession
        self.selection: TouchSelection[K.SkulkAction] = TouchSelection([], lambda _a: ())
        self.thinker = GuardianThinker(
            self.on_plan, self.on_simpler, self.on_stuck, lambda: self.position
        )
        self.plan: Plan | None = None  # the guardian's decision being carried out
        self.recorded = 0  # how many of the plan's steps are recorded
        self.carried_out = 0  # how many of the plan's instructions the table has done
        self.plan_told = False  # the instructions being told are the plan's
        self.thinking = ""  # "Grak is thinking... 40%" while it thinks
        self.fell_back = ""  # that the guardian plays this turn at a simpler level, said once
        self.guardian_by_hand = False  # no level could decide: the person chooses its moves
        self.note = ""  # what was answered on the person's behalf, said once
        self.told: list[Change] = []  # the instructions of the chain being told
        self.offered = -1  # the moment a card choice last opened by itself
        self.last_active = ""  # whose turn the screen last showed
        self.meaning: tuple[object, ...] = ()  # the prompt and buttons last shown
        self.roster: list[str] = []  # the heroes' ids in the order they came into play
        self.held: list[Change] = []  # the hand's refill, said when the hero's turn begins
        self.ids.map.on_pick = self.pick

    def prepare(self, game: GameInfo, play: PlaySession | Replay) -> None:
        self.message = self.note = self.fell_back = ""
        self.offered = -1
        self.last_active = ""
        self.roster = []
        self.held = []
        self._drop_plan(new_bot=True)
        super().prepare(game, play)
        if not play.session.events and self.replay is None:  # the app deals, by name
            # Said in the opening prompt, not as an instruction with a Done: a finger still
            # tapping the set-up guide's Done would skip it unread.
            self.note = " ".join(change.words for change in K.starting_hand(self.state))
            self.draw()

    @property
    def state(self) -> K.State:
        state: K.State = self.play.state
        return state

    @property
    def guardian_name(self) -> str:
        return self.state.board.name

    @property
    def moment(self) -> int:
        """The game's moment: how many events its log holds (the guardian's seeds use it)."""
        return len(self.play.session.events)

    # -- the hero's turn ---------------------------------------------------------------

    def pick(self, target: Target | None) -> None:
        if target is None or self.instructions.active:
            return
        if target[0] == "space" and target not in self.selection.options():
            heroes = self._heroes_in(str(target[1]))
            if len(heroes) > 1:
                names = " and ".join(board.the_unit(self.state, h) for h in heroes)
                self.message = (
                    f"{board.capital(names)} stand there: touch the one you mean in the list."
                )
                self.draw()
                return
            target = ("unit", heroes[0]) if heroes else target
        if target not in self.selection.options():
            self.explain_refusal(target)
            return
        self.message = self.note = ""
        action = self.selection.choose(target)
        while action is None and len(self.selection.options()) == 1:
            only = next(iter(self.selection.options()))  # one answer: no need to ask
            action = self.selection.choose(only)
        if action is not None:
            self.take(action)
            return
        if self.selection.prefix[-1] == ("verb", "play"):
            self.choose_card("Which card do you play?", "card")
        self.draw()

    def _heroes_in(self, space: str) -> list[str]:
        """The lit heroes standing in a space that was touched while a hero is asked for."""
        return [
            unit.id
            for unit in board.on_ground(self.state, space)
            if ("unit", unit.id) in self.selection.options()
        ]

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
        else:
            return
        self.draw()

    def choose_card(self, heading: str, kind: str) -> None:
        """The cards of a choice on large buttons, always in the same order: a card that
        cannot be chosen now keeps its place and says why when touched."""
        allowed = self.selection.options_of("card")
        cards = [(card, name, card in allowed) for card, name in self._card_order(kind)]

        def refused(card: str) -> None:
            action = K.PlayCard(card) if kind == "card" else K.ChooseCard(card)
            self.selection.reset()
            self.message = K.why_illegal(self.state, action)
            self.draw()

        def closed(popup: CardChooser) -> None:
            if not popup.touched and self.selection.prefix == (("verb", "play"),):
                self.selection.reset()  # closed without a card: choose again
                self.draw()

        chooser = CardChooser(heading, cards, lambda c: self.pick(("card", c)), refused)
        chooser.bind(on_dismiss=closed)
        chooser.open()

    def _card_order(self, kind: str) -> list[tuple[str, str]]:
        """The cards a choice may concern, in the printed order of the Foxen cards: the
        discard pile for RECALL; the hand when the app holds it; else every card that
        might be in the hand. So no card moves between two openings."""
        state = self.state
        cards = state.hero_cards
        if kind == "recall":
            could_be = set(cards.discard)
        elif cards.known:
            could_be = set(cards.hand)
        else:
            could_be = {card.id for card in state.foxen.cards}
        return [(c.id, c.name) for c in state.foxen.cards if c.id in could_be]

    def take(self, action: K.SkulkAction) -> None:
        """Record one of the hero's actions, tell the table what the rules did with it,
        and show what comes next."""
        self._record(action)
        self.refresh()

    def _record(self, action: K.SkulkAction) -> bool:
        before = self.state
        try:
            self.play.play(action)
        except (ValueError, StorageFault) as refusal:  # refused, or not saved
            self.message = str(refusal)
            return False
        self.message = ""  # a refusal of an earlier try no longer stands
        whose = "your" if before.active == "hero" else f"{self.guardian_name}'s"
        heading = f"End of {whose} turn" if isinstance(action, K.EndTurn) else "On the table"
        changes = K.table_changes(before, self.state)
        if before.active == "hero" and self.state.active != "hero":
            # The hand is refilled as the hero's turn ends (with End turn, or the last
            # power cube placed), the player's own move, which nothing of the guardian's
            # depends on: said with "Your turn", with no Done of its own.
            self.held = [c for c in to_announce(changes) if c.target == "hero:hand"]
            changes = [c for c in changes if c not in self.held]
        self.tell(changes, heading=heading)
        return True

    def end_turn(self) -> None:
        """End the turn; with actions left, ask once."""
        left = self.state.actions_left
        if left <= 0:
            self.pick(("verb", "end"))
            return
        ask(
            f"End the turn with {left} action{'s' if left != 1 else ''} unused?",
            "The guardian then takes its turn.",
            "End the turn",
            lambda: self.pick(("verb", "end")),
        )

    def _answer_the_obvious(self) -> None:
        """Answer every step of the hero's that has only one possible answer, and say so."""
        said = []
        while True:
            state = self.state
            if state.asking != "hero" or state.pending is None or self.instructions.active:
                break
            options = K.legal_actions(state)
            if len(options) != 1:
                break
            said.append(_only_answer(state, options[0]))
            if not self._record(options[0]):
                break
        if said:
            self.note = " ".join(said)

    # -- the guardian's turn -----------------------------------------------------------

    @property
    def guardian_turn(self) -> bool:
        return self.state.asking == "guardian" and self.replay is None

    def on_plan(self, plan: Plan) -> None:
        """The guardian has thought its decision through (for the game and moment shown:
        app.play.background drops any other): tell the table, or record it."""
        if not self.guardian_turn:  # the same moment of this game, stepped through
            return
        self.plan, self.recorded, self.carried_out = plan, 0, 0
        self.plan_told = False
        self.thinking = ""
        self._go_on_with_plan()

    def on_simpler(self, level: str) -> None:
        """The guardian's thinking failed: it thinks again at ``level``, for this turn."""
        self.fell_back = (
            f"{self.guardian_name} could not decide at {self.state.config.level.capitalize()} "
            f"level, so it plays the rest of this turn at {level.capitalize()} level."
        )

    def on_stuck(self) -> None:
        """No level of the guardian could decide (at the moment shown): the person
        chooses its moves until its turn is over, rather than wait for ever."""
        if not self.guardian_turn:
            return
        self.guardian_by_hand = True
        self.fell_back = self.thinking = ""
        self.draw()

    def choose_for_guardian(self) -> None:
        """What the rules allow the guardian now, in a list: the person picks for it."""
        state = self.state
        rows = [(action.label, action) for action in K.legal_actions(state)]
        ChoiceListPopup(state.prompt, {"": rows}, self.take, show_groups=False).open()

    def _go_on_with_plan(self) -> None:
        """Record the plan's steps the table has carried out (and those that change
        nothing); tell the rest, or go on once the plan is all recorded."""
        plan = self.plan
        if plan is None or (self.instructions.active and not self.plan_told):
            return  # the table is still busy with other instructions (an undo)
        told = sum(len(to_announce(step.changes)) for step in plan.steps[: self.recorded])
        refused = False
        for step in plan.steps[self.recorded :]:
            told += len(to_announce(step.changes))
            if told > self.carried_out:
                break
            try:
                self.play.play(step.action)
            except StorageFault as fault:
                # The table has done it but it is not saved: keep the plan, and save it
                # at the next Done or with "Save again" once the storage is put right.
                self.message = str(fault)
                self.draw()
                return
            except ValueError as refusal:  # the game was closed meanwhile
                self.message, refused = str(refusal), True
                break
            self.recorded += 1
        self.message = ""
        if self.recorded == len(plan.steps) or refused:
            self._drop_plan()
            self.refresh()
            return
        if not self.plan_told:
            reason = " ".join(filter(None, [self.fell_back, plan.reason]))
            self.plan_told = self.tell(
                plan.changes, reason=reason, heading=f"{self.guardian_name}'s turn"
            )
            self.fell_back = ""  # said once
        self.draw()

    def instruction_done(self) -> None:
        if self.plan_told and self.instructions.active:
            self.carried_out += 1
            self.instructions.advance()
            self._go_on_with_plan()
            return
        super().instruction_done()

    def tell(
        self, changes: list[Change], reason: str = "", heading: str = "", everything: bool = False
    ) -> bool:
        self.told = list(changes) if everything else to_announce(changes)
        return super().tell(changes, reason, heading, everything)

    def _not_yet_done(self) -> list[Change]:
        """The instructions of the chain being told that the table has not done yet."""
        current = self.instructions.current
        for index, change in enumerate(self.told):
            if change is current:
                return self.told[index:]
        return []

    def instructions_finished(self) -> None:
        """The table has done what it was told (an undo, or the rules' part of the hero's
        action): carry on with the guardian's plan, or the hero's turn. A card choice
        waiting then does not open by itself: a finger still tapping Done would land on
        its list; "Choose the card" (away from Done) opens it."""
        self.offered = self.moment
        if self.plan is not None:
            self._go_on_with_plan()
        else:
            self.refresh()

    def _drop_plan(self, new_bot: bool = False) -> None:
        """Forget the guardian's plan (and, for a new turn or game, its bot)."""
        self.plan = None
        self.plan_told = False
        self.recorded = self.carried_out = 0
        self.thinking = ""
        self.thinker.forget(new_bot)
        if new_bot:
            self.guardian_by_hand = False

    def show_thinking(self, _dt: float) -> bool:
        """While the guardian thinks, the panel shows how far it has got."""
        if not self.thinker.busy or self.plan is not None:
            return False
        percent = round(self.thinker.progress() * 100)
        self.thinking = f"{self.guardian_name} is thinking... {percent}%"
        self.draw()
        return True

    def confirm(self) -> None:
        if not self.guardian_turn:
            self.confirm_only_choice()

    # -- corrections by hand -----------------------------------------------------------

    def fix_by_hand(self) -> None:
        """Correct the app's board to match the table: the engine's corrections, sorted
        into groups. Not while the table has instructions to carry out or a choice is half
        made (they would no longer match); on the guardian's turn, its thinking restarts
        from the corrected board."""
        if self.replay is not None:
            return
        why_not = self._why_not_by_hand()
        if why_not:
            self.message = why_not
            self.draw()
            return
        groups = by_hand.groups(self.state, self.correct)
        ChoiceListPopup("Correct by hand", groups, self._picked).open()

    def _why_not_by_hand(self) -> str:
        if self.state.ended:
            return "The game is over: take the last action back with Undo to correct it."
        if self.instructions.active or self.plan is not None:
            return "Carry out the instructions first (Done), then correct by hand."
        if self.state.pending is not None:
            return "Finish the choice being made, or take it back with Undo; then correct by hand."
        return ""

    def _picked(self, picked: Any) -> None:
        if callable(picked):
            picked()  # a figure or a card: choose where it goes
        else:
            self.correct(picked)

    def correct(self, edit: K.SkulkAction) -> None:
        """Record a correction by hand. The people made it themselves, so there is nothing
        to tell the table; the prompt says what was recorded."""
        self.selection.reset()
        if self.thinker.busy:
            self._drop_plan()  # thought out on the board before the correction
        if self._record(edit):
            self.note = f"Recorded: {edit.label.removeprefix('By hand: ')}."
        self.refresh()

    # -- undo --------------------------------------------------------------------------

    def undo(self) -> None:
        """Take back the last touch of a choice, else back to the hero's last decision
        (through the guardian's turn, if it has begun), and tell what to put back."""
        if self.selection.prefix:
            self.selection.back()
            self.message = ""
            self.draw()
            return
        before = self.state
        not_yet_done = self._not_yet_done() + self.held  # the refill is not said yet
        self.held = []
        self.message = ""  # said of the moment being taken back
        taken_back = ""
        try:
            while True:
                actions = self.play.session.actions
                corrected = bool(actions) and isinstance(actions[-1], K.HandEdit)
                self.play.undo()
                taken_back = _undone(self.state, actions[-1]) if actions else taken_back
                # A correction is taken back on its own, even on the guardian's turn.
                if corrected or _asked(self.state) or not self.play.session.can_undo:
                    break
        except (ValueError, StorageFault) as refusal:  # refused, or not saved
            self.message = str(refusal)
        self._drop_plan(new_bot=True)
        self.note = self.fell_back = ""
        self.last_active = ""  # the guardian's turn was taken back, not ended
        if taken_back:
            changes = _not_in(K.table_changes(before, self.state), not_yet_done)
            if not self.tell(changes, heading=f"Undone: {taken_back}", everything=True):
                self.note = f"Undone: {taken_back}; nothing to put back on the table."
        self.refresh()

    # -- drawing -----------------------------------------------------------------------

    def refresh(self) -> None:
        if not self.guardian_turn:
            if self.plan is not None or self.thinker.busy or self.guardian_by_hand:
                self._drop_plan(new_bot=True)
            # First: an obvious last step (the last power cube placed) may end the turn,
            # and then the guardian thinks.
            self._answer_the_obvious()
        state = self.state
        if self.guardian_turn:
            self.selection = TouchSelection([], lambda _a: ())
            if self.plan is None and not self.thinker.busy and not self.guardian_by_hand:
                self.thinking = f"{self.guardian_name} is thinking..."
                self.thinker.think(state, self.position, self.play.session.seed)
                Clock.unschedule(self.show_thinking)  # one progress line, however many asks
                Clock.schedule_interval(self.show_thinking, 0.1)
        else:
            hero = [] if self.replay is not None or state.ended else K.legal_actions(state)
            self.selection = TouchSelection(hero, touch_paths.paths(self.state))
            if self.last_active == "guardian" and self.state.active == "hero":
                # A fall-back no instruction of the turn has told yet is told here.
                said = [f"{self.guardian_name}'s turn is over.", self.fell_back]
                said += [change.words for change in self.held] + [self.note]
                self.note = " ".join(filter(None, said))
                self.fell_back = ""
                self.held = []
        self.last_active = self.state.active
        self.draw()
        self._offer_cards()
        outcome = self.play.session.outcome()
        if outcome is not None:
            won = outcome.result == "won"
            heading = "You won!" if won else f"{self.guardian_name} wins"
            self.announce_end(won, heading, outcome.reason)

    def _offer_cards(self) -> None:
        """A step that asks for a card (the discard of PREPARE, RECALL) opens the card
        choice by itself, once."""
        state = self.state
        if self.instructions.active or self.selection.prefix or self.offered == self.moment:
            return
        if state.pending is None or not self.selection.options_of("card"):
            return
        self.offered = self.moment
        self.choose_card(state.prompt, "recall" if state.pending.step == "recall" else "discard")

    def draw(self) -> None:
        state = self.state
        options = self.selection.options()
        current = self.instructions.current
        self.telling = self.instructions.active or (self.guardian_turn and not state.ended)
        self.title = f"{self.guardian_name} ({state.config.level.capitalize()})"
        self.status = self._status()
        self.turn_begins = state.active == "hero" and "turn is over." in self.note
        self.prompt = self.message or " ".join(filter(None, [self.note, self._hero_prompt()]))
        self.guardian_line = self._guardian_line()
        marks = _marks(state, current)
        self._draw_map(options, marks)
        self._draw_locations(options, marks)
        self._draw_units(options, marks)
        self._draw_panel()
        self._draw_bottom_bar(options)
        self._set_lights()
        self._guard_new_meaning(current)

    def _guard_new_meaning(self, current: Change | None) -> None:
        """A new prompt, instruction or set of buttons: taps wait a moment, so that a
        finger meant for the old ones does not act on the new."""
        buttons = tuple(getattr(b, "text", "") for b in self.ids.actions.children)
        meaning = (self.prompt, current, buttons, self.selection.prefix)
        if meaning != self.meaning:
            self.meaning = meaning
            tap_guard.changed()

    def _status(self) -> str:
        state = self.state
        if state.ended:
            return "Game over"
        if state.active == "guardian":
            pool = state.guardian_pool
            return f"{self.guardian_name}'s turn" + (f" \u00b7 pool: {pool}" if pool else "")
        left = state.actions_left
        words = f"Your turn \u00b7 {left} action{'s' if left != 1 else ''} left"
        if state.hero_pool:  # cubes gained this turn, placed at its end
            words = f"Your turn \u00b7 {left} left \u00b7 pool: {state.hero_pool}"
        return words

    def _hero_prompt(self) -> str:
        state = self.state
        if state.ended:
            return state.prompt or "The game is over."
        if self.selection.prefix == (("verb", "play"),):
            return "Which card do you play?"
        if self.selection.prefix == (("verb", "power"),):
            return "Spend power from which hero? Touch a lit one."
        kinds = {kind for kind, _ in self.selection.options()} - {"verb"}
        hint = {
            "unit": " Touch a lit hero.",
            "space": " Touch a lit space.",
            "location": f" Touch a lit location of {self.guardian_name}.",
        }
        return state.prompt + "".join(hint[k] for k in sorted(kinds) if k in hint)

    def _guardian_line(self) -> str:
        """The guardian's mat in a few words (its power cubes are drawn beside them)."""
        state = self.state
        special = {
            "grak": f"tribute {state.eliminated} of 8",
            "apoda": f"runes {state.runes_collected} of 4",
            "tanthos": f"roots {len(state.roots)} of 6",
            "raptra": "in the air" if state.airborne else "grounded",
        }[state.config.guardian]
        self.guardian_power = state.guardian_power
        self.guardian_power_spaces = state.board.power
        return f"{special} \u00b7 power" if state.board.power else special

    def _draw_map(self, options: set[Target], marks: dict[str, str]) -> None:
        state = self.state
        spaces = lit(options, "space")
        heroes = lit(options, "unit")
        choosing = bool(spaces or heroes)
        cells = space_cells(state)
        for cell in cells:
            space = cell["target"][1]
            has_hero = any(u.id in heroes for u in board.on_ground(state, space))
            cell["touchable"] = space in spaces or has_hero
            cell["dimmed"] = choosing and not cell["touchable"]
            cell["mark"] = marks.get(f"space:{space}", "")
        self.ids.map.cells = cells

    def _draw_locations(self, options: set[Target], marks: dict[str, str]) -> None:
        state = self.state
        locations = lit(options, "location")
        heroes = lit(options, "unit")
        tiles = reuse_children(self.ids.locations, len(state.board.locations), self._new_tile)
        for tile, location in zip(tiles, state.board.locations, strict=True):
            riders = board.attached(state, location.id)
            tile.ability = location.ability.upper()
            tile.name = location.name
            tile.wounds = board.wounds_at(state, location.id)
            tile.capacity = location.wounds
            # One hero by name; more by their codes, as on a crowded map space.
            tile.attached = (
                short_name(state, riders[0].id)
                if len(riders) == 1
                else " ".join(code(state, u.id) for u in riders)
            )
            tile.disabled_ability = board.full(state, location.id)
            tile.target = ("location", location.id)
            rider = any(u.id in heroes for u in riders)
            tile.touchable = location.id in locations or rider
            tile.dimmed = bool(locations or heroes) and not tile.touchable
            tile.mark = marks.get(f"location:{location.id}", "")

    def _draw_units(self, options: set[Target], marks: dict[str, str]) -> None:
        state = self.state
        heroes = lit(options, "unit")
        units = self._in_roster_order(state.units)
        self.hero_rows = min(len(units), 4)
        chips = reuse_children(self.ids.units, len(units), self._new_chip)
        for chip, unit in zip(chips, units, strict=True):
            kind = state.unit_type(unit)
            chip.name = board.unit_name(state, unit.id)
            chip.code = code(state, unit.id)
            chip.wounds = unit.wounds
            chip.capacity = kind.wounds
            chip.power = unit.power
            chip.power_spaces = kind.power
            chip.leader = board.is_leader(state, unit)
            chip.target = ("unit", unit.id)
            chip.touchable = unit.id in heroes
            chip.dimmed = bool(heroes) and unit.id not in heroes
            chip.mark = marks.get(f"unit:{unit.id}", "")

    def _in_roster_order(self, units: tuple[Unit, ...]) -> list[Unit]:
        """The heroes in the order they came into play, so that no row moves under a
        finger: a hero summoned later is added at the end of the list."""
        ids = {unit.id for unit in units}
        self.roster = [u for u in self.roster if u in ids]
        self.roster += [unit.id for unit in units if unit.id not in self.roster]
        by_id = {unit.id: unit for unit in units}
        return [by_id[u] for u in self.roster]

    def _draw_panel(self) -> None:
        panel = self.ids.panel
        if self.instructions.active:
            panel.show(self.instructions)
        else:
            name = self.guardian_name
            panel.heading = f"{name}'s turn"
            panel.position = ""
            if self.guardian_by_hand:
                panel.words = (
                    f"{name} could not decide what to do this time. Choose its moves "
                    f"yourself until its turn is over: touch Choose for {name}."
                )
                panel.reason = self.state.prompt
            else:
                panel.words = self.thinking or f"{name} is thinking..."
                panel.reason = ""

    def _new_tile(self) -> LocationTile:
        tile = LocationTile()
        tile.bind(on_release=lambda t: self._touch_location(t.target))
        return tile

    def _touch_location(self, target: Target) -> None:
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

    def _new_chip(self) -> UnitChip:
        chip = UnitChip()
        chip.bind(on_release=lambda c: self.pick(c.target))
        return chip

    def _draw_bottom_bar(self, options: set[Target]) -> None:
        """Undo, then the buttons of the moment; while the table carries out instructions,
        Done at the right. Where Done stands, no button ever follows it: a finger still
        tapping through the instructions would play a card or end a turn. That place
        says how many actions are left instead."""
        bar = self.ids.actions
        can_undo = bool(self.selection.prefix) or self.play.session.can_undo
        if self.start_bottom_bar(bar, can_undo, over=bool(self.state.ended)):
            return
        for button in self._bar_buttons(options):
            button.font_size = theme.LABEL
            bar.add_widget(button)
        bar.add_widget(
            Label(
                text=self._actions_left(),
                font_size=theme.BODY,
                color=theme.TEXT_DIM,
                size_hint_x=None,
                width=DONE_WIDTH,
            )
        )

    def _actions_left(self) -> str:
        state = self.state
        if state.asking != "hero":
            return ""
        left = state.actions_left
        return f"{left} action{'s' if left != 1 else ''} left"

    def _bar_buttons(self, options: set[Target]) -> list[TargetButton]:
        """The buttons of the moment: the guardian's when the person plays it, the card
        choice, the answers of a choice, else the hero's verbs."""
        if self.guardian_turn:
            if self.plan is not None:  # done at the table, but the storage refused it
                button = TargetButton(text="Save again", role="primary")
                button.bind(on_release=lambda _b: self._go_on_with_plan())
                return [button]
            if self.guardian_by_hand:
                button = TargetButton(text=f"Choose for {self.guardian_name}", role="primary")
                button.bind(on_release=lambda _b: self.choose_for_guardian())
                return [button]
            return []  # the guardian is thinking: nothing to touch but Undo
        if self.selection.options_of("card") and not self.selection.prefix:
            state = self.state
            kind = "recall" if state.pending and state.pending.step == "recall" else "discard"
            button = TargetButton(text="Choose the card", role="primary")
            button.bind(on_release=lambda _b: self.choose_card(state.prompt, kind))
            return [button]
        answers = [t for t in self.selection.ordered_options() if t[0] == "answer"]
        if answers:
            buttons = []
            for target in answers:
                button = TargetButton(text=str(target[1]), role="primary", target=target)
                button.bind(on_release=lambda b: self.pick(b.target))
                buttons.append(button)
            return buttons
        chosen = self.selection.prefix[0][1] if self.selection.prefix else None
        buttons = []
        # End turn sits at the left, next to Undo.
        for verb in ("end", "relic", "ground", "power", "prepare", "play"):
            if verb == "ground" and self.state.config.guardian != "raptra":
                continue
            if verb == "relic" and not self.state.hero_relics:
                continue
            button = TargetButton(
                text=touch_paths.VERBS[verb],
                role="primary" if verb == chosen else "normal",
                target=("verb", verb),
                disabled=("verb", verb) not in options and verb != chosen,
            )
            if verb == "end":
                button.bind(on_release=lambda _b: self.end_turn())
            else:
                button.bind(on_release=lambda b: self.pick(b.target))
            buttons.append(button)
        return buttons

    def _set_lights(self) -> None:
        state = self.state
        leader = board.leader(state)
        exposed = leader is not None and not board.protected(state, leader)
        hero_turn = state.asking == "hero" and not state.ended
        self.set_lights(
            turn="on" if hero_turn else ("blink" if self.guardian_turn else "off"),
            danger="blink" if exposed and not state.ended else "off",
        )

    def on_leave(self, *_args: object) -> None:
        self._drop_plan(new_bot=True)
        super().on_leave()


def _asked(state: K.State) -> bool:
    """A moment where the hero player is asked something (not answered on their behalf)."""
    if state.asking != "hero":
        return False
    return state.pending is None or len(K.legal_actions(state)) != 1


def _only_answer(state: K.State, action: K.SkulkAction) -> str:
    """What was answered on the hero player's behalf, in a sentence."""
    pending = state.pending
    assert pending is not None
    if isinstance(action, K.ChooseAction):
        return f"{action.label}, the only action possible."
    if isinstance(action, K.Move):
        target = touch_paths.moved_to(state, action.direction)
        name = board.capital(board.the_unit(state, pending.unit))
        return f"{name} moves to {board.space_name(state, target)}, the only way open."
    if isinstance(action, K.ChooseUnit):
        return f"{board.capital(board.the_unit(state, action.unit))} is the only hero who can."
    if isinstance(action, K.ChooseSpace):
        return f"{board.space_name(state, action.space)} is the only choice."
    return f"{action.label}: the only choice."


def _undone(state: K.State, action: Action) -> str:
    """What an action taken back did, said from the ``state`` it was taken in: "a power
    cube on the Sentinel", not the bare name of the hero chosen."""
    pending = state.pending
    if isinstance(action, K.ChooseUnit) and state.has_unit(action.unit):
        hero = board.the_unit(state, action.unit)
        if pending is not None and pending.step == "allocate":
            return f"a power cube on {hero}"
        return f"{hero} chosen"
    return action.label


def _not_in(changes: list[Change], not_yet_done: list[Change]) -> list[Change]:
    """The changes to put back, without those the table was told but has not done yet."""
    waiting = {key for change in not_yet_done for key in change.keys}
    return [change for change in changes if not set(change.keys) <= waiting]


def _marks(state: K.State, change: Change | None) -> dict[str, str]:
    """Where to mark the current instruction on the drawn board: "space:clearing" ->
    "to"; a hero named by the instruction is marked where it stands."""
    if change is None:
        return {}
    marks: dict[str, str] = {}
    for place, word in ((change.source, "from"), (change.target, "to")):
        if not place:
            continue
        if place.startswith("unit:") and state.has_unit(place[5:]):
            unit = state.unit(place[5:])
            marks[f"space:{unit.space}" if unit.space else f"location:{unit.location}"] = "here"
            word = "here"
        marks[place] = word
    return marks


load_kv("skulk_hollow_play.kv")

"""Playing Skulk Hollow: the screen lays out what the controller says
(app.skulk_hollow.controller, .view) and forwards touches to it; the guardian thinks in
the background here (``guardian_turn``) and its plan goes to the controller."""

from __future__ import annotations

from typing import Any

from kivy.clock import Clock
from kivy.metrics import dp
from kivy.properties import ObjectProperty
from kivy.uix.label import Label

from app.games import GameInfo
from app.kit import tap_guard, theme
from app.kit.choice_list import ChoiceListPopup
from app.kit.popups import ask
from app.kit.touch_select import Target
from app.kit.widgets import TargetButton, reuse_children
from app.kv import load_kv
from app.play.controller import AnyPlay
from app.play.game_screen import GameScreen
from app.skulk_hollow import by_hand
from app.skulk_hollow.controller import SkulkHollowController
from app.skulk_hollow.guardian_plan import Plan
from app.skulk_hollow.guardian_turn import GuardianThinker
from app.skulk_hollow.view import BarButton, SkulkView, skulk_view
from app.skulk_hollow.widgets import CardChooser, LocationTile, UnitChip
from engines import skulk_hollow as K

#: The width of Done in the bottom bar (app.play.game_screen): the place no button takes.
DONE_WIDTH = dp(200)


class SkulkHollowPlayScreen(GameScreen):
    #: What the screen shows now (app.skulk_hollow.view): the kv reads ``root.view.*``.
    view = ObjectProperty(SkulkView(), rebind=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.thinker = GuardianThinker(
            self.on_plan, self.on_simpler, self.on_stuck, lambda: self.position
        )
        self.meaning: tuple[object, ...] = ()  # the prompt and buttons last shown
        self.ended_at = -1  # the moment the end of the game was announced
        self.ids.map.on_pick = self.pick
        # The bar's buttons of the moment, built once and reused (building widgets is
        # the slow part of a redraw).
        self._bar_pool: list[TargetButton] = []
        self._actions_left = Label(
            font_size=theme.BODY, color=theme.TEXT_DIM, size_hint_x=None, width=DONE_WIDTH
        )

    @property
    def turn(self) -> SkulkHollowController:
        control = self.controller
        assert isinstance(control, SkulkHollowController)
        return control

    def prepare(self, game: GameInfo, play: AnyPlay) -> None:
        self.thinker.forget(new_bot=True)
        self.ended_at = len(play.session.events) if play.session.outcome() else -1
        super().prepare(game, play)

    @property
    def state(self) -> K.State:
        return self.turn.state

    # -- touches, forwarded --------------------------------------------------------------

    def pick(self, target: Target | None) -> None:
        self.turn.pick(target)
        self.show()

    def take(self, action: K.SkulkAction) -> None:
        self.turn.take(action)
        self.show()

    def touch_location(self, tile: LocationTile) -> None:
        self.turn.touch_location(tile.target)
        self.show()

    def end_turn(self) -> None:
        """End the turn; with actions left, ask once."""
        question = self.turn.end_turn_question()
        if not question:
            self.pick(("verb", "end"))
            return
        ask(question, "The guardian then takes its turn.", "End the turn", self.end_now)

    def end_now(self) -> None:
        self.pick(("verb", "end"))

    def instruction_done(self) -> None:
        if self.instructions.active:
            self.turn.done()
            self.show()

    def undo(self) -> None:
        self.thinker.forget(new_bot=True)
        self.turn.undo()
        self.show()

    def confirm(self) -> None:
        if not self.turn.guardian_turn:
            self.confirm_only_choice()

    def choose_card(self, heading: str, kind: str) -> None:
        """The cards of a choice on large buttons, always in the same order: a card that
        cannot be chosen now keeps its place and says why when touched."""

        def refused(card: str) -> None:
            self.turn.refuse_card(card, kind)
            self.show()

        def closed(popup: CardChooser) -> None:
            if not popup.touched:
                self.turn.card_list_closed()
                self.show()

        chooser = CardChooser(
            heading, self.turn.card_order(kind), lambda c: self.pick(("card", c)), refused
        )
        chooser.bind(on_dismiss=closed)
        chooser.open()

    def press(self, button: BarButton) -> None:
        """A button of the bottom bar."""
        if button.does == "end":
            self.end_turn()
        elif button.does == "choose_card":
            self.choose_card(self.state.prompt, self.turn.card_kind())
        elif button.does == "save_again":
            self.turn.go_on_with_plan()
            self.show()
        elif button.does == "choose_for_guardian":
            rows = self.turn.guardian_choices()
            ChoiceListPopup(self.state.prompt, {"": rows}, self.take, show_groups=False).open()
        else:
            self.pick(button.target)

    # -- the guardian thinking -------------------------------------------------------------

    def on_plan(self, plan: Plan) -> None:
        self.turn.plan_arrived(plan)
        self.show()

    def on_simpler(self, level: str) -> None:
        self.turn.fell_back(level)

    def on_stuck(self) -> None:
        self.turn.stuck()
        self.show()

    def show_thinking(self, _dt: float) -> bool:
        """While the guardian thinks, the panel shows how far it has got."""
        if not self.thinker.busy or self.turn.plan is not None:
            return False
        percent = round(self.thinker.progress() * 100)
        self.turn.thinking = f"{self.turn.guardian_name} is thinking... {percent}%"
        self.draw()
        return True

    def _think_if_wanted(self) -> None:
        turn = self.turn
        if not turn.guardian_turn:
            if self.thinker.busy:
                self.thinker.forget(new_bot=True)
            return
        if turn.wants_plan and not self.thinker.busy:
            turn.thinking = f"{turn.guardian_name} is thinking..."
            self.thinker.think(self.state, self.position, self.play.session.seed)
            Clock.unschedule(self.show_thinking)  # one progress line, however many asks
            Clock.schedule_interval(self.show_thinking, 0.1)

    # -- corrections by hand -------------------------------------------------------------

    def fix_by_hand(self) -> None:
        """Correct the app's board to match the table: the engine's corrections, sorted
        into groups. On the guardian's turn, its thinking restarts from the corrected
        board."""
        if self.replay is not None:
            return
        why_not = self.turn.why_not_by_hand()
        if why_not:
            self.message = why_not
            self.draw()
            return
        groups = by_hand.groups(self.state, self.correct)
        ChoiceListPopup("Correct by hand", groups, self._picked).open()

    def _picked(self, picked: Any) -> None:
        if callable(picked):
            picked()  # a figure or a card: choose where it goes
        else:
            self.correct(picked)

    def correct(self, edit: K.SkulkAction) -> None:
        self.thinker.forget()  # thought out on the board before the correction
        self.turn.correct(edit)
        self.show()

    # -- drawing -------------------------------------------------------------------------

    def refresh(self) -> None:
        self.turn.refresh()
        self.show()

    def show(self) -> None:
        """Draw what the controller says now, then what it asks of the screen: thinking,
        a card list, the end of the game."""
        self._think_if_wanted()
        self.draw()
        choice = self.turn.card_choice_wanted()
        if choice is not None:
            self.choose_card(choice.heading, choice.kind)
        outcome = self.play.session.outcome()
        moment = len(self.play.session.events)
        if outcome is not None and moment != self.ended_at:
            self.ended_at = moment
            won = outcome.result == "won"
            heading = "You won!" if won else f"{self.turn.guardian_name} wins"
            self.announce_end(won, heading, outcome.reason)

    def draw(self) -> None:
        view = skulk_view(self.turn)
        self.view = view
        self.title, self.status = view.title, view.status
        self.ids.map.cells = view.cells
        tiles = reuse_children(self.ids.locations, len(view.tiles), self._new_tile)
        for tile, values in zip(tiles, view.tiles, strict=True):
            _set(tile, values)
        chips = reuse_children(self.ids.units, len(view.chips), self._new_chip)
        for chip, values in zip(chips, view.chips, strict=True):
            _set(chip, values)
        panel = self.ids.panel
        panel.heading, panel.position = view.panel.heading, view.panel.position
        panel.words, panel.reason = view.panel.words, view.panel.reason
        self._draw_bottom_bar(view)
        self.set_lights(*view.lights)
        self._guard_new_meaning(view)

    def _guard_new_meaning(self, view: SkulkView) -> None:
        """A new prompt, instruction or set of buttons: taps wait a moment, so that a
        finger meant for the old ones does not act on the new."""
        meaning = (view.prompt, self.instructions.current, tuple(view.bar), self.selection.prefix)
        if meaning != self.meaning:
            self.meaning = meaning
            tap_guard.changed()

    def _new_tile(self) -> LocationTile:
        tile = LocationTile()
        tile.bind(on_release=self.touch_location)
        return tile

    def _new_chip(self) -> UnitChip:
        chip = UnitChip()
        chip.bind(on_release=lambda c: self.pick(c.target))
        return chip

    def _draw_bottom_bar(self, view: SkulkView) -> None:
        """Undo, then the buttons of the moment; while the table carries out instructions,
        Done at the right. Where Done stands, no button ever follows it: a finger still
        tapping through the instructions would play a card or end a turn. That place
        says how many actions are left instead."""
        bar = self.ids.actions
        can_undo = bool(self.selection.prefix) or self.play.session.can_undo
        if self.start_bottom_bar(bar, can_undo, over=view.over):
            return
        while len(self._bar_pool) < len(view.bar):
            self._bar_pool.append(self._new_bar_button())
        for button, spec in zip(self._bar_pool, view.bar, strict=False):
            button.spec = spec
            button.text, button.target = spec.text, spec.target
            button.role = "primary" if spec.primary else "normal"
            button.disabled = not spec.enabled
            bar.add_widget(button)
        self._actions_left.text = view.right
        bar.add_widget(self._actions_left)

    def _new_bar_button(self) -> TargetButton:
        button = TargetButton(font_size=theme.LABEL)
        button.bind(on_release=lambda b: self.press(b.spec))
        return button

    def on_leave(self, *_args: object) -> None:
        self.thinker.forget(new_bot=True)
        super().on_leave()


def _set(widget: Any, values: dict[str, Any]) -> None:
    for key, value in values.items():
        setattr(widget, key, value)


load_kv("skulk_hollow_play.kv")

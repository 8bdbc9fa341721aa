"""Playing Skoventyr: the Forest, the Future, hands and Minions, and the moves by touch.

The screen lays out what the controller says (app.skoventyr.controller, .view) and
forwards touches to it; the Hint thinks in the background here and its answer goes to
the controller.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from kivy.clock import Clock
from kivy.metrics import dp, sp
from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.widget import Widget

from app.games import GameInfo
from app.kit import theme
from app.kit.background import Background
from app.kit.choice_list import ChoiceListPopup
from app.kit.popups import ask, show_notice
from app.kit.touch_select import Target
from app.kit.widgets import TargetButton, TButton, reuse_children
from app.kv import load_kv
from app.play.controller import AnyPlay
from app.play.game_screen import GameScreen
from app.play.play_session import Position
from app.skoventyr import advisor, by_hand
from app.skoventyr.controller import SkoventyrController
from app.skoventyr.view import SkoventyrView, skoventyr_view
from app.skoventyr.widgets import CardTile, MinionTile, Touchable, VerbButton
from engines import skoventyr as S
from engines.skoventyr import HINT_BUDGET


class SkoventyrPlayScreen(GameScreen):
    #: What the screen shows (app.skoventyr.view): the kv lays out its fields.
    view = ObjectProperty(SkoventyrView(), rebind=True)
    #: The Hint's button: "Hint", or how far its thinking has got.
    hint_words = StringProperty("Hint")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.hinting: Background[advisor.Hint] = Background("advisor", lambda: self.position)
        self.ids.ring.on_pick = self.pick
        # The bar's right end, where Done stands while the table is told something: the
        # Hint, which records nothing and opens no choice (a tap meant for Done that
        # lands on it after the last instruction does no harm).
        self.hint_button = TButton(
            text=self.hint_words,
            role="primary",
            accent=theme.accent("skoventyr"),
            size_hint_x=None,
            width=dp(200),
        )
        self.hint_button.bind(on_release=lambda _b: self.ask_hint())
        self.bind(hint_words=lambda _s, words: setattr(self.hint_button, "text", words))
        self._answer_pool: list[TargetButton] = []
        self._verb_pool: list[VerbButton] = []

    @property
    def turn(self) -> SkoventyrController:
        control = self.controller
        assert isinstance(control, SkoventyrController)
        return control

    def prepare(self, game: GameInfo, play: AnyPlay) -> None:
        self.hinting.forget()
        self.hint_words = "Hint"
        super().prepare(game, play)

    @property
    def state(self) -> S.State:
        return self.turn.state

    @property
    def hint(self) -> advisor.Hint | None:
        return self.turn.hint

    # -- the advisor -------------------------------------------------------------------

    def ask_hint(self) -> None:
        """Think about the next step in the background; the button shows the progress."""
        state = self.state
        if self.replay is not None or state.ended is not None or self.hinting.busy:
            return
        refusal = self.turn.why_no_hint()
        if refusal:
            self.message = refusal
            self.draw()
            return
        position = self.position
        began = time.monotonic()

        def tick(_dt: float) -> bool:
            if not self.hinting.busy:
                self.hint_words = "Hint"
                return False
            share = min(0.99, (time.monotonic() - began) / HINT_BUDGET)
            self.hint_words = f"Thinking {round(share * 100)}%"
            return True

        self.hint_words = "Thinking 0%"  # at once: the touch was taken
        Clock.schedule_interval(tick, 0.1)
        self.hinting.run(
            position, lambda: advisor.advise(state, position.moment), self.show_hint, self.no_hint
        )

    def show_hint(self, hint: advisor.Hint) -> None:
        self.hint_words = "Hint"
        self.turn.show_hint(hint)
        self.draw()

    def no_hint(self, error: Exception) -> None:
        self.hint_words = "Hint"
        self.turn.no_hint(error)
        self.draw()

    # -- touches, forwarded --------------------------------------------------------------

    def pick(self, target: Target | None) -> None:
        moment = self.position
        self.turn.pick(target)
        self.after_touch(moment)

    def take(self, action: S.SkoventyrAction) -> None:
        moment = self.position
        self.turn.take(action)
        self.after_touch(moment)

    def after_touch(self, moment: Position) -> None:
        """Draw what the touch changed; ask what the controller asks; after a move, drop
        a hint thought out for the moment before, and say the end of the game."""
        moved = self.position != moment
        if moved:
            self.hinting.forget()
        self.draw()
        question = self.turn.question()
        if question is not None:
            ask(
                question.heading,
                question.words,
                question.confirm,
                lambda: self.take(question.action),
                cancel_text=question.cancel,
                danger=True,
            )
        self._say_the_end()

    def instruction_done(self) -> None:
        super().instruction_done()
        self._say_the_end()

    def _say_the_end(self) -> None:
        outcome = self.play.session.outcome()
        if outcome is not None:
            won = outcome.result == "won"
            self.say_the_end(won, "You won!" if won else "Gamle Erik wins", outcome.reason)

    def undo(self) -> None:
        self.turn.undo()
        self.hinting.forget()
        self.draw()

    def show_deck(self) -> None:
        show_notice("The deck", self.turn.deck_text())

    def fix_by_hand(self) -> None:
        """Resolve anything by hand: the engine's primitive edits, sorted into groups."""
        if self.replay is not None:
            return
        ChoiceListPopup("Change by hand", self.by_hand_groups(), self._by_hand_picked).open()

    def by_hand_groups(self) -> dict[str, list[tuple[str, Any]]]:
        return by_hand.groups(self.state, self.turn.named, self.take)

    def _by_hand_picked(self, picked: Any) -> None:
        if callable(picked):
            picked()  # a card: choose where from and where to
        else:
            self.take(picked)

    def confirm(self) -> None:
        self.confirm_only_choice()

    # -- drawing -----------------------------------------------------------------------

    def refresh(self) -> None:
        """Rebuild the choices from the engine's legal actions, then redraw."""
        self.hinting.forget()
        self.turn.refresh()
        self.draw()

    def draw(self) -> None:
        self.view = view = skoventyr_view(self.turn)
        self.title = view.title
        self.status = ""
        self.ids.ring.trees = view.trees
        self._fill(self.ids.future, view.future, CardTile)
        self._fill(self.ids.hand, view.hand, CardTile)
        self.ids.minions.cols = view.minion_columns
        self._fill(self.ids.minions, view.minions, MinionTile)
        self._fill(self.ids.answers, view.answers, CardTile)
        self._fill(self.ids.hostages, view.hostages, CardTile)
        panel = self.ids.panel
        panel.heading, panel.position, panel.words, panel.reason = view.panel
        if view.hint_shown and not view.hint_over_minions and self.width >= self.height:
            panel.reason = ""  # under the Minions of a wide screen: the suggestion alone
        self._draw_bottom_bar(view)
        self._draw_marks(view)
        self.set_lights(
            turn="on" if not view.over else "off", danger="blink" if view.danger else "off"
        )
        bar = [getattr(w, "text", "") for w in self.ids.actions.children]
        self.guard_meaning((view.prompt, view.panel, *bar))

    def _fill(self, box: Any, tiles: list[dict[str, Any]], make: type[Touchable]) -> None:
        for tile, values in zip(
            reuse_children(box, len(tiles), self._tile(make)), tiles, strict=True
        ):
            for key, value in values.items():
                setattr(tile, key, value)

    def _tile(self, make: type[Touchable]) -> Callable[[], Touchable]:
        def build() -> Touchable:
            tile = make()
            tile.bind(on_release=lambda t: self.pick(t.target))
            return tile

        return build

    def _draw_bottom_bar(self, view: SkoventyrView) -> None:
        bar = self.ids.actions
        can_undo = bool(self.selection.prefix) or self.play.session.can_undo
        if self.hint_button.parent is not None:
            self.hint_button.parent.remove_widget(self.hint_button)
        if self.start_bottom_bar(bar, can_undo, over=view.over):
            return
        # The Hint keeps one width all game long (review N16: it widened under the
        # finger): narrow beside six verbs, where Done stands otherwise.
        self.hint_button.width = dp(110) if len(view.verbs) > 4 else dp(200)
        self._fill_bar(bar, view)
        bar.add_widget(self.hint_button)

    def _fill_bar(self, bar: Any, view: SkoventyrView) -> None:
        """The answer buttons, or the actions to choose from, between Undo and Hint."""
        if view.answering:
            bar.add_widget(Widget())  # the cards that may come up stand on the board
            return
        if view.answers_bar:
            for index, answer in enumerate(view.answers_bar):
                if answer.target is None:
                    bar.add_widget(Widget())  # an answer not possible now keeps its place
                    continue
                button = self._pooled(self._answer_pool, index, self._new_answer)
                button.text, button.target = answer.words, answer.target
                bar.add_widget(button)
            return
        if self.state.tasks:
            bar.add_widget(Widget())
            return
        # Beside the Hint, six verbs take the smaller size.
        crowded = len(view.verbs) > 4
        if crowded:
            bar.children[-1].width = dp(80)  # Undo, as narrow as its word allows
        for index, verb in enumerate(view.verbs):
            button = self._pooled(self._verb_pool, index, self._new_verb)
            button.text, button.target = verb.words, ("verb", verb.verb)
            button.role = "primary" if verb.chosen else "normal"
            button.font_size = sp(15) if crowded else theme.LABEL
            button.padding = (dp(2), 0) if crowded else (dp(8), 0)
            button.available = verb.available
            button.mark = "hint" if verb.hinted else ""
            bar.add_widget(button)

    @staticmethod
    def _pooled(pool: list[Any], index: int, make: Callable[[], Any]) -> Any:
        """The bar's ``index``-th button of a kind, built once and then reused (building
        widgets is the slow part of a redraw)."""
        while len(pool) <= index:
            pool.append(make())
        return pool[index]

    def _new_answer(self) -> TargetButton:
        button = TargetButton(role="primary", shorten=False, font_size=theme.LABEL)
        button.bind(on_release=lambda b: self.pick(b.target))
        return button

    def _new_verb(self) -> VerbButton:
        button = VerbButton()
        button.bind(on_release=lambda b: self.pick(b.target))
        return button

    def _draw_marks(self, view: SkoventyrView) -> None:
        """Mark the current instruction's places, or the hint's next touches."""
        marks = dict(view.marks)
        hinted = set(view.hint_targets)
        shown: dict[Touchable, str] = {}
        for place, tile in self._pieces():
            mark = "hint" if getattr(tile, "target", None) in hinted else marks.get(place, "")
            shown[tile] = shown.get(tile) or mark
        for tile, mark in shown.items():
            tile.mark = mark

    def _pieces(self) -> list[tuple[str, Touchable]]:
        """Each piece drawn on the board with the place key (engine's terms) it shows."""
        state = self.state
        found: list[tuple[str, Touchable]] = []
        for tile in self.ids.ring.children:
            found.append((f"tree:{tile.target[1]}", tile))
        for slot, tile in enumerate(reversed(self.ids.future.children)):
            found.append((f"future:{slot + 1}", tile))  # an empty place too
        for tile in self.ids.hand.children:
            key = tile.target[1] if tile.target is not None else None
            found.append(("taken" if key == "taken" else f"hand:{state.player + 1}", tile))
            found.append((f"hand-card:{key}", tile))
        for tile in self.ids.minions.children:
            found.append((f"minion:{tile.target[1]}", tile))
        for tile in self.ids.answers.children:
            found.append((f"answer:{tile.target[1] if tile.target else ''}", tile))
        for tile in self.ids.hostages.children:
            found.append((f"hostage:{tile.target[1].value}", tile))
        found += [("deck", self.ids.deck), ("discard", self.ids.discard)]
        found.append(("set_aside", self.ids.aside))
        return found


load_kv("skoventyr_play.kv")

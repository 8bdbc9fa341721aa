"""Playing Skulk Hollow: the person moves the Foxen, the app plays the guardian.

On the hero's turn the engine's legal actions are picked by touches (``touch_paths``).
On the guardian's turn the guardian decides in the background from what its player may
see, and the screen gives one instruction at a time for the table, confirmed with Done
(or the confirm button) before it is recorded.
"""

from __future__ import annotations

from typing import Any

from kivy.clock import Clock
from kivy.metrics import dp
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.widget import Widget

from app import theme
from app.choice_list import ChoiceListPopup
from app.game_screen import GameScreen
from app.games import GameInfo
from app.kv import load_kv
from app.play_session import PlaySession
from app.replay import Replay
from app.skulk_hollow import touch_paths
from app.skulk_hollow.guardian_turn import GuardianThinker
from app.skulk_hollow.look import GUARDIAN_COLOURS, SPACE_SHORT, title, unit_short
from app.skulk_hollow.widgets import LocationRow, UnitChip, lit
from app.touch_select import Target, TouchSelection
from app.widgets import TargetButton, TButton, reuse_children
from engines import skulk_hollow as K
from engines.skulk_hollow import board
from engines.skulk_hollow.policy import Decision


class SkulkHollowPlayScreen(GameScreen):
    prompt = StringProperty("")
    last = StringProperty("")
    guardian_line = StringProperty("")
    guardian_turn = BooleanProperty(False)
    instruction = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.play: PlaySession
        self.selection: TouchSelection[K.SkulkAction] = TouchSelection([], touch_paths.path)
        self.thinker = GuardianThinker(self.on_decision)
        self.decision: Decision | None = None  # the instruction waiting for Done
        self.confirmed = ""  # its reason once done: the steps that follow go on alone
        self.ids.map.on_pick = self.pick

    def prepare(self, game: GameInfo, play: PlaySession | Replay) -> None:
        self.message = ""
        self.confirmed = ""
        self.thinker.forget()
        super().prepare(game, play)

    @property
    def state(self) -> K.State:
        state: K.State = self.play.state
        return state

    @property
    def guardian_name(self) -> str:
        return self.state.board.name

    # -- the hero's turn ---------------------------------------------------------------

    def pick(self, target: Target | None) -> None:
        if target is None:
            return
        if target not in self.selection.options():
            self.explain_refusal(target)
            return
        self.message = ""
        action = self.selection.choose(target)
        if action is not None:
            self.take(action)
            return
        self.draw()
        if self.selection.prefix == (("verb", "play"),):
            self.choose_card()

    def explain_refusal(self, target: Target) -> None:
        """A touch on something that cannot be chosen now: say which rule refuses it."""
        if self.guardian_turn or self.state.ended:
            return
        kind, value = target
        candidate: K.SkulkAction | None = None
        if self.selection.prefix == (("verb", "power"),) and kind == "unit":
            candidate = K.SpendPower(str(value))
        elif not self.selection.prefix and kind == "space":
            candidate = K.ChooseSpace(str(value))
        elif not self.selection.prefix and kind == "unit":
            candidate = K.ChooseUnit(str(value))
        elif not self.selection.prefix and kind == "location":
            candidate = K.ChooseLocation(str(value))
        if candidate is not None:
            self.message = K.why_illegal(self.state, candidate)
            self.draw()

    def choose_card(self) -> None:
        cards = [
            (title(str(value)), ("card", value))
            for kind, value in self.selection.ordered_options()
            if kind == "card"
        ]
        ChoiceListPopup("Which card do you play?", {"Cards": cards}, self.pick).open()

    def take(self, action: K.SkulkAction) -> None:
        try:
            self.play.play(action)
        except ValueError as refusal:  # IllegalAction, or the game was closed meanwhile
            self.message = str(refusal)
        self.refresh()

    def after_undo(self) -> None:
        self.confirmed = ""  # the guardian's next step needs a new Done

    # -- the guardian's turn -----------------------------------------------------------

    def on_decision(self, decision: Decision, moment: int) -> None:
        """The guardian's next step: a new instruction waits for Done; a further step
        of the instruction already confirmed is taken at once."""
        if moment != len(self.play.session.events):
            return
        if decision.reason == self.confirmed:
            self.take(decision.action)
            return
        self.decision = decision
        self.instruction = decision.reason
        self.draw()

    def show_thinking(self, _dt: float) -> bool:
        """While the guardian thinks, its instruction line shows how far it has got."""
        if not self.thinker.busy or self.decision is not None:
            return False
        percent = round(self.thinker.progress() * 100)
        self.instruction = f"{self.guardian_name} is thinking... {percent}%"
        return True

    def done(self) -> None:
        """The table has carried out the guardian's instruction."""
        if self.decision is not None and self.state.asking == "guardian":
            self.confirmed = self.decision.reason
            self.take(self.decision.action)

    def confirm(self) -> None:
        if self.guardian_turn:
            self.done()
        else:
            self.confirm_only_choice()

    # -- drawing -----------------------------------------------------------------------

    def refresh(self) -> None:
        state = self.state
        self.guardian_turn = state.asking == "guardian" and self.replay is None
        self.decision = None
        if self.guardian_turn:
            self.selection = TouchSelection([], touch_paths.path)
            moment = len(self.play.session.events)
            self.instruction = f"{self.guardian_name} is thinking..."
            self.thinker.think(state, moment, self.play.session.seed)
            Clock.unschedule(self.show_thinking)  # one progress line, however many asks
            Clock.schedule_interval(self.show_thinking, 0.1)
        else:
            self.confirmed = ""
            self.thinker.forget()
            hero = [] if self.replay is not None else K.legal_actions(state)
            self.selection = TouchSelection(hero, touch_paths.path)
        self.draw()
        outcome = self.play.session.outcome()
        if outcome is not None:
            won = outcome.result == "won"
            heading = "You won!" if won else f"{self.guardian_name} wins"
            self.announce_end(won, heading, outcome.reason)

    def draw(self) -> None:
        state = self.state
        options = self.selection.options()
        self.title = f"{self.guardian_name} ({title(state.config.level)})"
        if state.ended:
            self.status = "Game over"
        elif state.active == "hero":
            self.status = f"Hero turn, {state.actions_left} action(s) left"
        else:
            self.status = f"{self.guardian_name}'s turn"
        self.prompt = self.message or (
            self.instruction if self.guardian_turn else self._hero_prompt()
        )
        self.last = state.last
        self.guardian_line = self._guardian_line()
        self._draw_map(options)
        self._draw_locations(options)
        self._draw_units(options)
        self._draw_bottom_bar(options)
        self._set_lights()

    def _hero_prompt(self) -> str:
        if self.state.ended:
            return self.state.prompt or "The game is over."
        if self.selection.prefix == (("verb", "play"),):
            return "Which card do you play?"
        if self.selection.prefix == (("verb", "power"),):
            return "Spend power from which unit? Touch it."
        return self.state.prompt

    def _guardian_line(self) -> str:
        state = self.state
        cards = state.guardian_cards
        first = f"{self.guardian_name}: power {state.guardian_power}"
        special = {
            "grak": f"tribute {state.eliminated}",
            "apoda": f"runes {state.runes_collected}",
            "tanthos": f"roots {len(state.roots)}",
            "raptra": "in the air" if state.airborne else "on the ground",
        }[state.config.guardian]
        counts = f"hand {cards.hand_count} \u00b7 deck {cards.deck_count}"
        return f"{first} \u00b7 {special}\n{counts} \u00b7 discard {len(cards.discard)}"

    def _draw_map(self, options: set[Target]) -> None:
        state = self.state
        spaces = lit(options, "space")
        choosing = bool(spaces)
        cells = []
        for space, at in state.layout.coords:
            things = [unit_short(u.id) for u in board.on_ground(state, space)]
            roots = state.roots.count(space)
            if roots:
                things.append(f"{roots} root" + ("s" if roots > 1 else ""))
            if space in state.runes:
                things.append("rune")
            here = state.guardian_space == space
            cells.append(
                {
                    "at": at,
                    "target": ("space", space),
                    "name": SPACE_SHORT.get(space, space.upper()),
                    "contents": " ".join(things),
                    "guardian_here": here,
                    "guardian_colour": GUARDIAN_COLOURS[state.config.guardian],
                    "touchable": space in spaces,
                    "dimmed": choosing and space not in spaces,
                }
            )
        self.ids.map.cells = cells

    def _draw_locations(self, options: set[Target]) -> None:
        state = self.state
        locations = lit(options, "location")
        rows = reuse_children(self.ids.locations, len(state.board.locations), self._new_row)
        for row, location in zip(rows, state.board.locations, strict=True):
            row.name = f"{location.ability.upper()} - {location.name}"
            row.wounds = board.wounds_at(state, location.id)
            row.capacity = location.wounds
            row.attached = " ".join(unit_short(u.id) for u in board.attached(state, location.id))
            row.disabled_ability = board.full(state, location.id)
            row.target = ("location", location.id)
            row.touchable = location.id in locations
            row.dimmed = bool(locations) and location.id not in locations
        header = self.ids.guardian_header
        header.target = ("unit", "guardian")
        header.touchable = ("unit", "guardian") in options

    def _draw_units(self, options: set[Target]) -> None:
        state = self.state
        units = lit(options, "unit")
        chips = reuse_children(self.ids.units, len(state.units), self._new_chip)
        for chip, unit in zip(chips, state.units, strict=True):
            where = (
                SPACE_SHORT.get(unit.space, unit.space)
                if unit.space
                else state.board.location(unit.location).ability.upper()
            )
            chip.name = f"{unit_short(unit.id)}  {where}"
            chip.detail = (
                f"wounds {unit.wounds}/{state.unit_type(unit).wounds} \u00b7 power {unit.power}"
            )
            chip.leader = board.is_leader(state, unit)
            chip.target = ("unit", unit.id)
            chip.touchable = unit.id in units
            chip.dimmed = bool(units) and unit.id not in units
        self.ids.units_heading.text = f"Foxen in play: {len(state.units)}"

    def _new_row(self) -> LocationRow:
        row = LocationRow()
        row.bind(on_release=lambda r: self.pick(r.target))
        return row

    def _new_chip(self) -> UnitChip:
        chip = UnitChip()
        chip.bind(on_release=lambda c: self.pick(c.target))
        return chip

    def _draw_bottom_bar(self, options: set[Target]) -> None:
        bar = self.ids.actions
        can_undo = bool(self.selection.prefix) or self.play.session.can_undo
        if self.start_bottom_bar(bar, can_undo, over=bool(self.state.ended)):
            return
        if self.guardian_turn:
            bar.add_widget(Widget())
            done = TButton(text="Done", role="primary", size_hint_x=None, width=dp(200))
            done.disabled = self.decision is None
            done.bind(on_release=lambda _b: self.done())
            bar.add_widget(done)
            return
        answers = [t for t in self.selection.ordered_options() if t[0] == "answer"]
        if answers:
            for target in answers:
                button = TargetButton(
                    text=str(target[1]), role="primary", target=target, font_size=theme.LABEL
                )
                button.bind(on_release=lambda b: self.pick(b.target))
                bar.add_widget(button)
            return
        chosen = self.selection.prefix[0][1] if self.selection.prefix else None
        for verb, words in touch_paths.VERBS.items():
            if verb == "ground" and self.state.config.guardian != "raptra":
                continue
            if verb == "relic" and not self.state.hero_relics:
                continue
            button = TargetButton(
                text=words,
                role="primary" if verb == chosen else "normal",
                target=("verb", verb),
                disabled=("verb", verb) not in options and verb != chosen,
            )
            button.bind(on_release=lambda b: self.pick(b.target))
            bar.add_widget(button)

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
        self.thinker.forget()
        super().on_leave()


load_kv("skulk_hollow_play.kv")

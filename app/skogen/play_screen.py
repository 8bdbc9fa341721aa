"""Keeping a Skogen game: the ledger rows, a keypad for the turn's tiles, the die.

The screen lays out what the controller says (app.skogen.controller, .view) and forwards
touches to it: the turn built on the keypad and entered in one go, the app's die rolled
and told with the move that made it due, the real die's face and the element tile taken,
corrections from a player's row, Undo (asked first when it goes back into a finished
turn).
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import ObjectProperty
from kivy.uix.widget import Widget

from app.games import GameInfo
from app.kit import theme
from app.kit.choice_list import ChoiceListPopup
from app.kit.score_table import FinalScores
from app.kit.value_editor import ask_number
from app.kit.widgets import reuse_children
from app.kv import load_kv
from app.play.controller import AnyPlay
from app.play.game_screen import GameScreen
from app.play.instructions import InstructionPanel
from app.play.replay_bar import fill_replay_bar
from app.skogen.controller import KeyKind, SkogenController
from app.skogen.view import Offer, SkogenView, skogen_view
from app.skogen.widgets import CountedKey, LedgerRow, SwatchButton
from engines import skogen as G
from engines.skogen import ACTION_NAMES, LIFE_TYPES, SPECIES_POINTS, TurnRecord


class SkogenPlayScreen(GameScreen):
    #: What the screen shows (app.skogen.view); kv binds to its fields.
    view = ObjectProperty(SkogenView(), rebind=True)
    controller: SkogenController

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.final = FinalScores(heading="Points")
        # Kept while swapped out of the body or the side column.
        self.live = self.ids.live.__self__
        self.keypad_panel = self.ids.keypad_panel.__self__
        self.die_panel = self.ids.die_panel.__self__
        self.ids.live.bind(size=self._fill_side)  # its orientation follows its size
        self.instruction_panel = InstructionPanel()
        # Each key of the turn being built, by the entry it adds (an action card: any),
        # to show on it how many of that entry are pending.
        self.keys: dict[tuple[str, Any], CountedKey] = {
            ("element", 1): self.ids.element_key,
            ("card", None): self.ids.card_key,
        }
        for letter in LIFE_TYPES:
            self.keys["life", letter] = self.ids[f"life_{letter}"]
        for points in SPECIES_POINTS:
            key = KeyButton(text=str(points))
            key.bind(on_release=lambda _b, p=points: self.add("species", p))
            self.ids.keypad.add_widget(key)
            self.keys["species", points] = key

    def prepare(self, game: GameInfo, play: AnyPlay) -> None:
        self.view = SkogenView()  # nothing of the game shown before carries over
        super().prepare(game, play)

    @property
    def state(self) -> G.State:
        return self.controller.state

    # -- touches, forwarded --------------------------------------------------------------

    def add(self, kind: KeyKind, value: Any) -> None:
        self.controller.add(kind, value)
        self.refresh()

    def change_drawn(self, step: int) -> None:
        self.controller.change_drawn(step)
        self.refresh()

    def pick_action_card(self) -> None:
        cards = [(name, key) for key, name in ACTION_NAMES.items()]
        ChoiceListPopup(
            "Action card used", {"Action cards": cards}, lambda c: self.add("card", c)
        ).open()

    def take(self, action: G.SkogenAction) -> None:
        self.controller.take(action)
        self.refresh()

    def primary(self) -> None:
        """The bottom bar's right-hand button: Done, enter the turn, or go home."""
        if not self.controller.primary():
            App.get_running_app().home()
            return
        self.refresh()

    def take_two(self) -> None:
        self.controller.take_two()
        self.refresh()

    def roll_face(self, face: str) -> None:
        self.controller.roll_face(face)
        self.refresh()

    def choose_element(self, key: str) -> None:
        self.controller.choose_element(key)
        self.refresh()

    def correct(self, name: str) -> None:
        """A player's row (or name on the final scores): their token and each of their
        turns, to correct; the second touch picks one."""
        rows = self.controller.corrections(name)
        ChoiceListPopup(f"Correct {name}'s ledger", {name: rows}, self.corrected, columns=1).open()

    def corrected(self, what: object) -> None:
        if isinstance(what, TurnRecord):
            self.controller.load_turn(what)
            self.refresh()
        elif isinstance(what, str):
            seat = self.state.config.players.index(what)
            ask_number(
                f"{what}'s token: points, all laps together",
                self.state.players[seat].score,
                lambda score: self.take(G.SetScore(what, score)),
            )

    def confirm(self) -> None:
        self.primary()

    def draw(self) -> None:
        self.refresh()

    # -- drawing -----------------------------------------------------------------------

    def refresh(self) -> None:
        was = self.view
        view = skogen_view(self.controller)
        if self.replay is not None:
            fill_replay_bar(self.ids.replay_bar, self.replay, self.show_step, self.resume)
        elif view.over and was.title and not was.over:
            self.sound_end(won=True)  # the game just ended: someone won
        self.set_lights(*view.lights)
        self.offer_date(view.over and not view.telling)
        self.view = view
        self._draw_rows(view)
        for key, count in view.counts:
            self.keys[key].count = count
        self._fill_side()
        self.guard_meaning(view.meaning)
        body = self.ids.body
        body.clear_widgets()
        if view.scores:
            self.final.show(view.scores, view.winners, view.reason, self.correct, not self.replay)
            body.add_widget(self.final)
        else:
            body.add_widget(self.live)

    def _fill_side(self, *_args: object) -> None:
        """The column beside (or under) the ledger: an instruction, the keypad, or the
        die. The element tiles a catastrophe offers stand under the ledger, where the
        next player's keypad has no key; the question stands over them in a tall window,
        in this column in a wide one (under the ledger is too short)."""
        view = self.view
        wide = self.ids.live.orientation == "horizontal"
        side = self.ids.side
        side.clear_widgets()
        if view.side == "instruction":
            panel = self.instruction_panel
            panel.heading, panel.position = view.panel.heading, view.panel.position
            panel.words, panel.reason = view.panel.words, view.panel.reason
        shown: dict[str, Widget | None] = {
            "instruction": self.instruction_panel,
            "die": self.die_panel,
            "element": self.die_panel if wide else None,
            "keypad": self.keypad_panel,
        }
        if shown[view.side] is not None:
            side.add_widget(shown[view.side])
        self._draw_die(view)

    def _room_under_ledger(self) -> bool:
        """Whether a row of element tiles fits under the ledger's rows. Under a tall
        window's ledger it always does; in a wide one with five or six players it does
        not (the reference panel), and they stand in the side column instead."""
        ids = self.ids
        if ids.live.orientation == "vertical":
            return True
        rows = ids.rows.children
        taken = sum(w.height for w in (ids.ledger_header, ids.undone_line, ids.message_line))
        taken += sum(row.height for row in rows) + ids.rows.spacing * max(0, len(rows) - 1)
        gaps = ids.ledger.spacing * (len(ids.ledger.children) - 1)
        return bool(taken + gaps + theme.TOUCH <= ids.live.height)

    def _draw_rows(self, view: SkogenView) -> None:
        """The ledger's rows, those shown before reused: a move changes a row's words,
        not how many rows there are (a row is a dozen labels to build)."""
        rows = reuse_children(self.ids.rows, len(view.rows), self._new_row)
        for row, line in zip(rows, view.rows, strict=True):
            for name in ("name", "current", "score", "square", "life", "hand", "cards"):
                setattr(row, name, getattr(line, name))

    def _new_row(self) -> LedgerRow:
        row = LedgerRow()
        row.bind(on_release=lambda r: self.correct(r.name))
        return row

    def _draw_die(self, view: SkogenView) -> None:
        """The faces of the real die in the side column; the element tiles offered under
        the ledger, where the next player's keypad shows no key (and the ways of taking
        none in the bottom bar's empty middle, in a wide window)."""
        ids = self.ids
        for box in (ids.die_faces, ids.die_elements, ids.die_extras, ids.die_extras_bar):
            box.clear_widgets()
        elements = ids.die_elements if self._room_under_ledger() else ids.die_faces
        extras = ids.die_extras_bar if ids.live.orientation == "horizontal" else ids.die_extras
        for offer in view.faces:
            self._offer(ids.die_faces, offer, self.roll_face, role="primary")
        for offer in view.elements:
            self._offer(elements, offer, self.choose_element)
        for offer in view.extras:
            self._offer(extras, offer, self.choose_element, font_size=theme.LABEL)

    @staticmethod
    def _offer(box: Widget, offer: Offer, does: Any, **looks: Any) -> None:
        button = SwatchButton(text=offer.text, swatch=offer.swatch, **looks)
        button.bind(on_release=lambda _b, key=offer.key: does(key))
        box.add_widget(button)


class KeyButton(CountedKey):
    """A keypad key: the printed points of one species tile."""


load_kv("skogen_play.kv")
